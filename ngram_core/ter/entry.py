"""TER as the registry sees it (:class:`ngram_core.metric.Metric`): its statistics, its
significance scores, and how the command line and the Space show it. Lower is better
(``higher_is_better = False``): MBR selection takes the lowest expected TER and a reward
is ``1 - TER`` on 0-1 (:meth:`Metric.reward_scores`), rising as TER falls.

Columns, per segment: ``ter_edits`` (int), ``ter_ref_length`` (the average reference
length, float) and ``ter_n_refs``; they add (each segment's best reference is chosen when
its statistics are computed), so shards, ranks and ``datasets`` batches add exactly.

Significance, rows ``[edits, average reference length]`` (sacreBLEU's layout): the
bootstrap sums them in float32 as sacreBLEU does (``sum_dtype``), each resample scored by
:func:`ngram_core.ter.ter_score` in the arithmetic of its numbers (float32, as sacreBLEU's
``_compute_score_from_stats`` sees them); randomization trials in float64, as sacreBLEU's
matrix products of its float rows.

Scales: result ``score`` 0-100 and ``ter`` 0-1; ``segment_scores`` of a result, sentence
scores and pair scores 0-1 (a TER, may exceed 1); the command line prints 0-100 as sacreBLEU.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Mapping

from ..lazy import np

from .. import ter as ter_core
from ..metric import Adapter, Corpora, Metric
from ..presentation import Presentation

if TYPE_CHECKING:
    from .statistics import TerStatistics


def _statistics():
    from . import statistics  # (numpy: imported when statistics are built)

    return statistics


def _scores(sums: np.ndarray) -> np.ndarray:
    """TER (0-100) of each row of summed ``[edits, length]``, in the rows' own dtype."""
    sums = np.asarray(sums)
    edits, length = sums[:, 0], sums[:, 1]
    with np.errstate(divide="ignore", invalid="ignore"):
        scores = 100 * (edits / length)
    # no reference words in the resample: 100 with edits, else 0 (sacreBLEU's rule)
    return np.where(length > 0, scores, np.where(edits > 0, 100.0, 0.0).astype(scores.dtype))


def _segment_scores(stats: TerStatistics, scale: int) -> np.ndarray:
    edits, length = stats.edits.tolist(), stats.ref_length.tolist()
    return np.array([float(ter_core.ter_score(e, r)) / (100 // scale) for e, r in zip(edits, length)],
                    dtype=np.float64)


class Ter(Metric):
    """TER (:mod:`ngram_core.ter`). Lower is better."""

    name = "ter"
    OPTIONS = ter_core.OPTIONS
    headline = "score"
    higher_is_better = False

    @property
    def statistics_types(self):  # (numpy, on first need)
        return (_statistics().TerStatistics,)

    def tokenization(self, values: Mapping[str, Any]) -> None:
        return None  # tercom's words: no shared tokenized corpus

    def statistics(self, corpora: Corpora, values: Mapping[str, Any]) -> TerStatistics:
        return _statistics().ter_statistics(corpora.hyps, corpora.refs, values)

    def empty_statistics(self, values: Mapping[str, Any]) -> TerStatistics:
        return _statistics().empty_statistics(values)

    def result(self, stats: TerStatistics, values: Mapping[str, Any]) -> Dict[str, Any]:
        return ter_core.ter_result(stats, values)

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        return [Adapter("TER", lambda stats: stats.rows(), _scores, sum_dtype=np.float32)]  # sacreBLEU's key

    def segment_scores(self, stats: TerStatistics, values: Mapping[str, Any]) -> np.ndarray:
        """sacreBLEU's ``sentence_score(...).score`` of each segment, 0-100 (the command line's scale)."""
        return _segment_scores(stats, 100)

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        values: Mapping[str, Any]) -> np.ndarray:
        """sacreBLEU's ``sentence_score(...).score / 100`` of each hypothesis (0-1, may exceed 1)."""
        return _segment_scores(_statistics().ter_statistics(hypotheses, references, values), 1)


TER = Ter()
PRESENTATION = Presentation(
    width=1, shown="score", shown_decimals=2,  # 0-100; the command line's 1 decimal, as sacrebleu -m ter
    segment_score_doc="sentence TER (sacreBLEU's sentence_score), 0-100, lower is better",
    short_names={"case": "c", "tok": "t", "norm": "nr", "punct": "pn", "asian": "as"},  # sacreBLEU's TERSignature
    own_flags_only=("case_sensitive",))
