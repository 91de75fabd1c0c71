"""chrF as the registry sees it (:class:`ngram_core.metric.Metric`): its statistics, its
significance scores, and how the command line and the Space show it.

Columns, per segment: ``chrf_hyp``, ``chrf_ref``, ``chrf_match`` (one int per order:
characters 1..char_order, then words 1..word_order) and ``chrf_n_refs``. They add: the
sum of every column is the corpus statistics (each segment's best reference is chosen
when its statistics are counted, so shards, ranks and ``datasets`` batches add exactly).

Significance, columns ``[hyp_1, ref_1, match_1, hyp_2, ...]``: sacreBLEU's own layout,
summed in float32 as sacreBLEU sums its resamples (``sum_dtype``), each resample scored
by :func:`ngram_core.chrf.f_score` in the arithmetic of its numbers (float32 scalars, as
sacreBLEU's ``_compute_f_score`` sees them); the actual score from the exact int sums.

Scales: result ``score`` 0-100 and ``chrf`` 0-1; ``segment_scores`` of a result, sentence
scores (rewards) and pair scores 0-1; the command line prints 0-100 as sacreBLEU.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping

from ..lazy import np

from .. import chrf as chrf_core
from .. import compiled
from ..metric import Adapter, Corpora, Metric
from ..presentation import Presentation

if TYPE_CHECKING:
    from .statistics import ChrfStatistics


def _statistics():
    from . import statistics  # (the array code: imported when statistics are built)

    return statistics


def chrf_adapter(values: Mapping[str, Any]) -> Adapter:
    """chrF (0-100) of summed rows, with the resolved options ``values``."""
    beta, eps = values["beta"], values["eps_smoothing"]
    if values["variant"] == "torchmetrics":
        from .torchmetrics import row_scores

        return Adapter("CHRF", lambda stats: stats.rows(), lambda sums: row_scores(sums, values), sum_dtype=np.float32)

    def scores(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums)
        rows = sums.tolist() if sums.dtype.kind in "iu" else list(sums)  # exact ints as Python's, else numpy scalars
        # float32 where every score is (numpy's choice for sacreBLEU's list of scores), else float64
        return np.array([chrf_core.f_score(row, beta, eps) for row in rows])

    return Adapter("CHRF", lambda stats: stats.rows(), scores, sum_dtype=np.float32)  # sacreBLEU's command line's key


class Chrf(Metric):
    """chrF and chrF++ (:mod:`ngram_core.chrf`)."""

    name = "chrf"
    OPTIONS = chrf_core.OPTIONS
    headline = "score"

    @property
    def statistics_types(self):  # (the array code, on first need)
        return (_statistics().ChrfStatistics,)

    def tokenization(self, values: Mapping[str, Any]) -> None:
        return None  # characters and its own words: no shared tokenized corpus

    def statistics(self, corpora: Corpora, values: Mapping[str, Any]) -> ChrfStatistics:
        return chrf_core.statistics_of(corpora, values)

    def empty_statistics(self, values: Mapping[str, Any]) -> ChrfStatistics:
        return _statistics().empty_statistics(values)

    def result(self, stats: ChrfStatistics, values: Mapping[str, Any]) -> Dict[str, Any]:
        return chrf_core.chrf_result(stats, values)

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        return [chrf_adapter(values)]

    def segment_scores(self, stats: ChrfStatistics, values: Mapping[str, Any]) -> np.ndarray:
        """The variant's sentence score of each segment (sacreBLEU's ``sentence_score``), 0-100 (the command line's scale)."""
        return _statistics().variant_scores(stats.hyp, stats.ref, stats.match, values)

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        values: Mapping[str, Any]) -> np.ndarray:
        """sacreBLEU's ``sentence_score(...).score / 100`` of each hypothesis (0-1)."""
        stats = _statistics().chrf_statistics(hypotheses, references, values)
        return _statistics().variant_scores(stats.hyp, stats.ref, stats.match, values, scale=1)

    def pair_scorer(self, candidates: List[str], references: List[str],
                    values: Mapping[str, Any]) -> Callable[[int, int], np.ndarray]:
        """Compiled (:func:`ngram_core.chrf.statistics.pair_scores`: each text's n-grams
        counted once) where the rule runs a corpus of these pairs compiled, else the pairs
        as one corpus, block by block (:meth:`Metric.pair_scorer`)."""
        if values["variant"] != "sacrebleu":  # (pair_scores counts sacreBLEU's statistics)
            return super().pair_scorer(candidates, references, values)
        chars = sum(map(len, candidates)) * len(references) + sum(map(len, references)) * len(candidates)
        if not compiled.use(chars, _statistics().COMPILED_INPUT_CHARS):
            return super().pair_scorer(candidates, references, values)
        pair_scores = _statistics().pair_scores
        return lambda start, stop: pair_scores(candidates[start:stop], references, values)

    def plain_chars(self, values: Mapping[str, Any]) -> float:
        return chrf_core.plain_chars(values)


CHRF = Chrf()
PRESENTATION = Presentation(
    width=1, shown="score", shown_decimals=2,  # 0-100; the command line's 1 decimal and no verbose part, as sacrebleu -m chrf
    segment_score_doc="sentence chrF (sacreBLEU's sentence_score), 0-100",
    flag_aliases={"char_order": ("-cc",), "word_order": ("-cw",)},
    short_names={"case": "c", "eff": "e", "space": "s"},  # sacreBLEU's CHRFSignature
    own_flags_only=("lowercase",))  # sacreBLEU's -lc is BLEU's: chrF lowercases with --chrf-lowercase only
