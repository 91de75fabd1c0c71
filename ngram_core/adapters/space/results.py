"""The result: a metric's dict -> the message's headline and the table; a comparison -> its message and plot data."""
from __future__ import annotations

from typing import Any, List, Mapping, Optional, Sequence

from ... import registry

SCORE_DIGITS = 6
COMPARISON_HEADERS = ["score", "predictions", "second system", "difference", "p (paired bootstrap)",
                      "p (approximate randomization)"]


def format_value(value: Any) -> str:
    """Numbers to :data:`SCORE_DIGITS` decimals, lists item by item, the rest as text."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        return f"{value:.{SCORE_DIGITS}f}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        return format_value(value.tolist())
    return str(value)


def primary_field(result: Mapping[str, Any], family: str) -> Optional[str]:
    """The field to show first and name in the message: the registered metric's ``shown``
    number (on the command line's scale: BLEU's 0-100 ``score``), else the first plain number."""
    shown = registry.presentation(family).shown_key(registry.get(family)) if family in registry.names() else None
    if shown in result:
        return shown
    for key, value in result.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return key
    return None


def headline(result: Mapping[str, Any], family: str) -> str:
    """The message's first line: ``BLEU = 74.19`` (0-100), ``NIST = 4.1234``, ``METEOR = 0.5123``
    (0-1), each registered metric's ``shown`` number; for another its first number as the table shows it."""
    first = primary_field(result, family)
    if first is None:
        return "Done."
    if family in registry.names():
        return f"{family.upper()} = {result[first]:.{registry.presentation(family).shown_decimals}f}"
    return f"{first} = {format_value(result[first])}"


def result_rows(result: Mapping[str, Any], family: str) -> List[List[str]]:
    """[[field, value], ...]: the primary score first, the signature last."""
    first = primary_field(result, family)
    order = [k for k in [first] if k is not None]
    order += [k for k in result if k not in (first, "signature")]
    order += [k for k in ["signature"] if k in result]
    return [[key, format_value(result[key])] for key in order]


def differences_frame(differences: Sequence[float]):
    """The bar plot's data: one row per segment and its score difference. Segment numbers
    (from 1) are text, so that the plot draws one bar per segment, and zero-padded, so
    that their alphabetical order is the corpus order."""
    import pandas as pd

    width = len(str(len(differences)))
    return pd.DataFrame({"segment": [str(i).zfill(width) for i in range(1, len(differences) + 1)],
                         "difference": [float(d) for d in differences]})


def comparison_message(comparison: Any, family: str, n_segments: int) -> str:
    """Markdown: one line per score (difference, both p-values, significant or not), then a note."""
    lines = []
    for name, (base, other) in comparison.scores.items():
        verdict = "significantly different" if comparison.significant(name) else "not significantly different"
        digits = registry.presentation(family).shown_decimals
        lines.append(f"**{name} Δ = {other - base:+.{digits}f}** (second system {name} = {other:.{digits}f}, "
                     f"predictions {name} = {base:.{digits}f}); "
                     f"p = {comparison.bootstrap_p[name]:.4f} paired bootstrap, "
                     f"{comparison.randomization_p[name]:.4f} approximate randomization: {verdict} at 0.05")
    lines.append(f"{n_segments} segments; {comparison.n_samples:,} resamples and {comparison.n_trials:,} trials, "
                 f"seed {comparison.seed}. Bars: each segment's {registry.presentation(family).segment_score_doc}, second system minus "
                 "predictions.")
    return "  \n".join(lines)
