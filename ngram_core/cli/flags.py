"""The metrics' command-line flags: one row per option (sacreBLEU's spelling where it has one).

Each :class:`Flag` maps command-line spellings to a core option of one metric
(or of all: ``metric=None``); the parser is built from this table and the values
go to :func:`ngram_core.significance.score_systems` as the core's keyword options.
This table stands in until each metric declares its options in the core; then
the flags are generated from those declarations.
"""
from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, Dict, Optional, Sequence, Tuple

from ..bleu import SMOOTH_METHODS
from ..meteor.matching import STAGES
from ..meteor.metric import VARIANTS
from ..tokenizers import TOKENIZERS


@dataclass(frozen=True)
class Flag:
    metric: Optional[str]  # None: every metric
    option: str  # the core's keyword
    spellings: Tuple[str, ...]
    help: str
    kwargs: Dict[str, Any] = field(default_factory=dict)  # for argparse's add_argument

    @property
    def dest(self) -> str:
        return f"{self.metric or 'all'}__{self.option}"


FLAGS: Tuple[Flag, ...] = (
    Flag(None, "tokenize", ("--tokenize", "-tok"), "tokenizer for every metric (default: 13a)",
         {"choices": tuple(TOKENIZERS)}),
    Flag(None, "lowercase", ("--lowercase", "-lc"), "lowercase (full Unicode) before tokenizing, for every metric "
         "(default: BLEU and NIST keep case, METEOR lowercases)", {"action": "store_const", "const": True}),
    Flag("bleu", "smooth_method", ("--smooth-method", "-s"), "BLEU smoothing (default: exp)",
         {"choices": SMOOTH_METHODS}),
    Flag("bleu", "smooth_value", ("--smooth-value", "-sv"), "BLEU smoothing value for floor, add-k and constant",
         {"type": float}),
    Flag("bleu", "max_order", ("--bleu-max-order",), "BLEU's largest n-gram order (default: 4)", {"type": int}),
    Flag("nist", "n", ("--nist-order",), "NIST's largest n-gram order (default: 5)", {"type": int}),
    Flag("nist", "mteval_quirks", ("--nist-mteval-quirks",), "NIST as mteval-v13a computes it (a prefix that is "
         "the token 0 counts as false)", {"action": "store_const", "const": True}),
    Flag("meteor", "variant", ("--meteor-variant",), "METEOR variant (default: standard)", {"choices": VARIANTS}),
    Flag("meteor", "stages", ("--meteor-stages",), "METEOR matching stages (default: all)",
         {"nargs": "+", "choices": STAGES}),
    Flag("meteor", "alpha", ("--meteor-alpha",), "METEOR's alpha (default: 0.9)", {"type": float}),
    Flag("meteor", "beta", ("--meteor-beta",), "METEOR's beta (default: 3)", {"type": float}),
    Flag("meteor", "gamma", ("--meteor-gamma",), "METEOR's gamma (default: 0.5)", {"type": float}),
)


def add_metric_flags(parser: argparse.ArgumentParser, flags: Sequence[Flag] = FLAGS) -> None:
    """One argument group per metric, every flag defaulting to "not given"."""
    groups: Dict[Optional[str], Any] = {}
    for flag in flags:
        if flag.metric not in groups:
            title = "options of every metric" if flag.metric is None else f"{flag.metric.upper()} options"
            groups[flag.metric] = parser.add_argument_group(title)
        groups[flag.metric].add_argument(*flag.spellings, dest=flag.dest, default=None, help=flag.help, **flag.kwargs)


def metric_options(args: argparse.Namespace, metrics: Sequence[str], flags: Sequence[Flag] = FLAGS) -> Dict[str, Any]:
    """The given flags as core options: shared ones flat, the others in a dict per metric.

    A metric's flag given while that metric is not among ``-m`` is an error (it
    would do nothing).
    """
    options: Dict[str, Any] = {}
    for flag in flags:
        value = getattr(args, flag.dest)
        if value is None:
            continue
        if flag.metric is None:
            options[flag.option] = value
        elif flag.metric not in metrics:
            raise ValueError(f"{flag.spellings[0]} is a {flag.metric.upper()} option but -m is {' '.join(metrics)}; "
                             f"add -m {flag.metric}")
        else:
            options.setdefault(flag.metric, {})[flag.option] = value
    return options
