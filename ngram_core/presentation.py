"""How the command line and the Space show a metric's scores: apart from the metric.

A :class:`~ngram_core.metric.Metric` computes; its :class:`Presentation` (registered
beside it, :func:`ngram_core.registry.presentation`) says how its numbers are printed:
the decimals, the number shown first, the command-line flags' extra spellings, what a
segment score is in a few words, and the verbose detail lines (sacreBLEU's
``Score.format`` sits apart from its ``Metric`` the same way). A metric registered
without one is shown with the defaults.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Mapping, Optional, Tuple


def _no_details(result: Mapping[str, Any]) -> str:
    return ""


@dataclass(frozen=True)
class Presentation:
    """How one metric's scores are shown.

    ``width``: the decimals the command line prints its scores with by default;
    ``shown`` / ``shown_decimals``: the key and decimals of the number the Space shows
    first, on the command line's scale (None: the metric's ``headline``);
    ``segment_score_doc``: what its segment scores are, in a few words;
    ``flag_aliases``: option -> further command-line spellings (sacreBLEU's);
    ``own_flags_only``: options that the shared flags (``-tok``, ``-lc``) never set for this
    metric, only its own ``--<metric>-<option>`` (sacreBLEU's ``-lc`` leaves chrF alone);
    ``left_out_choices``: option -> {choice: why the command line does not offer it and
    where to get it instead} (not listed among the flag's choices, refused with that line);
    ``short_names``: signature field -> sacreBLEU's short name for ``-sh`` (beyond
    :data:`ngram_core.signature.SHORT_NAMES`; a field not named keeps its name);
    ``details(result)``: the command line's verbose part of a corpus result;
    ``segment_details(stats, values)``: the verbose part of each segment's score.
    """

    width: int = 4
    shown: Optional[str] = None
    shown_decimals: int = 4
    segment_score_doc: str = "segment score"
    flag_aliases: Mapping[str, Tuple[str, ...]] = field(default_factory=dict)
    own_flags_only: Tuple[str, ...] = ()
    left_out_choices: Mapping[str, Mapping[Any, str]] = field(default_factory=dict)
    short_names: Mapping[str, str] = field(default_factory=dict)
    details: Callable[[Mapping[str, Any]], str] = _no_details
    segment_details: Optional[Callable[[Any, Mapping[str, Any]], List[str]]] = None

    def shown_key(self, metric: Any) -> str:
        """The result key of the number shown first."""
        return self.shown or metric.headline

    def printed_scores(self, metric: Any, result: Mapping[str, Any]) -> Dict[str, float]:
        """The number shown first, named as the metric in capitals: what the command line
        prints for a result it did not resample (a plain-Python one-off call)."""
        return {metric.name.upper(): float(result[self.shown_key(metric)])}

    def segment_lines(self, stats: Any, values: Mapping[str, Any]) -> List[str]:
        """The verbose part of each segment's score ("" for none)."""
        if self.segment_details is None:
            return [""] * len(stats)
        return self.segment_details(stats, values)


DEFAULT = Presentation()
