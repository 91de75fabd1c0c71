"""What a significance test is asked for and what it gives, without numpy (the command
line reads these before it knows whether a test runs): the seed rule
(:func:`resolve_seed`, see :mod:`.resampling`), the default numbers of resamples and
trials, and :class:`Result`.
"""
from __future__ import annotations

import numbers
import os
from dataclasses import asdict, dataclass
from typing import Dict, Optional, Union

DEFAULT_SEED = 12345
SEED_VARIABLES = ("NGRAM_CORE_SEED", "SACREBLEU_SEED")
FROM_ENVIRONMENT = "environment"
DEFAULT_BOOTSTRAP_SAMPLES = 1000
DEFAULT_RANDOMIZATION_TRIALS = 10000

Seed = Union[int, None, str]


def resolve_seed(seed: Seed = FROM_ENVIRONMENT) -> Optional[int]:
    """The seed to use: ``seed`` itself, or (by default) from the environment; see the module docstring."""
    if seed is None or (isinstance(seed, numbers.Integral) and not isinstance(seed, bool)):  # (numpy's ints too)
        return None if seed is None else int(seed)
    if seed != FROM_ENVIRONMENT:
        raise TypeError(f"seed must be an int, None (fresh entropy) or {FROM_ENVIRONMENT!r}, got {seed!r}")
    for name in SEED_VARIABLES:
        if name in os.environ:
            return parse_seed(os.environ[name], f"environment variable {name}")
    return DEFAULT_SEED


def parse_seed(text: str, source: str = "seed") -> Optional[int]:
    """A seed written as text: an integer, or ``none`` (any case) for fresh entropy."""
    if text.strip().lower() == "none":
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{source}={text!r} is not an integer or 'none'") from None


def seed_field(seed: Optional[int]) -> str:
    """The seed as signatures print it (sacreBLEU's ``seed:12345`` / ``seed:none``)."""
    return "none" if seed is None else str(seed)


@dataclass
class Result:
    """One score of one system: sacreBLEU's ``Result`` fields.

    ``score``: the actual score; ``p_value``: against the baseline (None for the
    baseline and for single-system confidence); ``mean`` and ``ci``: the mean of
    the bootstrap scores and the half-width of their 95% interval (None when not
    estimated).
    """

    score: float
    p_value: Optional[float] = None
    mean: Optional[float] = None
    ci: Optional[float] = None

    def as_dict(self) -> Dict[str, Optional[float]]:
        return asdict(self)
