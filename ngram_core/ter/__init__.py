"""TER, translation edit rate (Snover et al. 2006, after tercom): sacreBLEU 2.6.0's ``TER``
number for number. Lower is better.

Each text becomes words (:mod:`ngram_core.ter.words`: lowercased unless
``case_sensitive``; tercom's ``normalized`` punctuation rules, ``no_punct``,
``asian_support``). A hypothesis's edits against one reference are the fewest
insertions, deletions, substitutions and shifts of word runs that turn it into the
reference, shifts searched greedily with sacreBLEU's limits
(:mod:`ngram_core.ter.kernel`: beam 25, runs of up to 10 words moved at most 50
positions, 1,000 candidates per hypothesis-reference pair).

Statistics, per segment: the fewest edits over its references and the average length of
its references (in words). TER of (summed) statistics = 100 x edits / length; when the
length is 0 (every reference empty), 100 if there are edits (a non-empty hypothesis)
and 0 if not (sacreBLEU's rule; tercom gives Inf or NaN there). TER is not bounded
above: a hypothesis longer than its reference can score over 100, as in sacreBLEU.
``score`` is 0-100 as sacreBLEU's; ``ter`` and ``segment_scores`` the same on 0-1
(``score / 100``, may exceed 1); ``num_edits`` and ``ref_length`` are sacreBLEU's totals.

Bound: a text of more than :data:`MAX_WORDS` words is refused with a ValueError naming
the segment (time and memory grow with the product of the two lengths).
"""
from __future__ import annotations

from typing import Any, Dict, Mapping, Sequence

from ..inputs import check_corpus
from ..lazy import attributes
from ..options import OptionSet, flag, return_segments_option
from ..signature import nrefs_field

__getattr__ = attributes(__name__, {"TerStatistics": ".statistics", "ter_statistics": ".statistics"})

MAX_WORDS = 1_000  # words per text (hypothesis or reference), after normalization
HIGHER_IS_BETTER = False


def _yes_no(value: bool) -> str:
    return "yes" if value else "no"


OPTIONS = OptionSet("TER", [
    flag("normalized", False, "tercom's normalization: punctuation set apart, XML escapes and line ends undone "
         "(with asian_support also CJK characters one word each)", signature=("norm", _yes_no)),
    flag("no_punct", False, "remove punctuation (. , ? : ; ! \" ( ); with asian_support also CJK and full-width "
         "punctuation)", signature=("punct", lambda no_punct: _yes_no(not no_punct))),
    flag("asian_support", False, "treat CJK characters and punctuation as tercom does (with normalized or no_punct)",
         signature=("asian", _yes_no)),
    flag("case_sensitive", False, "keep case (the default lowercases, full Unicode str.lower())",
         signature=("case", lambda case_sensitive: "mixed" if case_sensitive else "lc")),
    return_segments_option(),
], signature_fields={None: ("nrefs", "case", "tok", "norm", "punct", "asian")})


def signature_of(values: Mapping[str, Any], refs_per_segment: Any) -> str:
    """``TER|nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:ngram-core-X``."""
    return OPTIONS.signature_string(values, nrefs=nrefs_field(refs_per_segment), tok="tercom")


def ter_score(edits: Any, length: Any) -> Any:
    """0-100 TER of (summed) ``edits`` and average reference ``length``, in the arithmetic
    of their own numbers (Python numbers: sacreBLEU's scores; float32 numpy scalars: its
    bootstrap resamples)."""
    if length > 0:
        return 100 * (edits / length)
    return 100 * 1.0 if edits > 0 else 100 * 0.0


def result_of(edits: Any, length: Any, signature: str) -> Dict[str, Any]:
    """The result dictionary's keys but ``segment_scores``."""
    score = float(ter_score(edits, length))
    return {"score": score, "ter": score / 100, "num_edits": int(edits), "ref_length": float(length),
            "signature": signature}


def ter_result(stats: Any, values: Mapping[str, Any]) -> Dict[str, Any]:
    """The result dictionary from per-segment (or summed) :class:`TerStatistics`."""
    total = stats.sum()
    result = result_of(int(total.edits[0]), float(total.ref_length[0]), signature_of(values, stats.n_refs))
    if values["return_segments"]:
        result["segment_scores"] = [float(ter_score(int(e), float(r))) / 100
                                    for e, r in zip(stats.edits.tolist(), stats.ref_length.tolist())]
    return result


@OPTIONS.entry_point
def corpus_ter(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus TER of ``predictions`` against ``references`` (one string or list per
    prediction): sacreBLEU 2.6.0's ``TER(...).corpus_score``. Lower is better.

    ``score`` is sacreBLEU's number (0-100, may exceed 100), ``ter`` the same on 0-1,
    ``num_edits`` the total edits, ``ref_length`` the total average reference length,
    ``signature`` sacreBLEU's (our version last). ``return_segments=True`` adds
    ``segment_scores``: each segment's ``sentence_score(...).score / 100``.
    """
    hyps, refs = check_corpus(predictions, references)
    from .statistics import ter_statistics

    return ter_result(ter_statistics(hyps, refs, options), options)
