"""NLTK METEOR's matching stages, in its order (the declaration reads them without the matcher)."""
from __future__ import annotations

from typing import Iterable, Tuple

STAGES = ("exact", "stem", "synonym")


def check_stages(stages: Iterable[str]) -> Tuple[str, ...]:
    """``stages`` as a tuple in METEOR's order; raises on unknown or repeated names."""
    if isinstance(stages, str):
        stages = stages.replace("+", ",").split(",")
    stages = tuple(stages)
    unknown = [s for s in stages if s not in STAGES]
    if unknown or len(set(stages)) != len(stages) or not stages:
        raise ValueError(f"stages={stages!r}: give one or more distinct stages out of {', '.join(STAGES)}")
    return tuple(s for s in STAGES if s in stages)
