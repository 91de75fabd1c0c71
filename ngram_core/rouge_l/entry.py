"""ROUGE-L as the registry sees it (:class:`ngram_core.metric.Metric`).

Columns, per image: ``rouge_l_score`` (its ROUGE-L, 0-1), ``rouge_l_images`` (1) and
``rouge_l_n_refs``; they add (the corpus score is their mean). Significance resamples the
images, rows ``[score, 1]``, each resample's score its mean. Scales: ``rouge_l`` 0-1 and
``score`` 0-100 in the result; segment, sentence and pair scores 0-1.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping

from ..lazy import np

from .. import rouge_l as rouge_core
from ..metric import Adapter, Corpora, Metric, mean_adapter
from ..presentation import Presentation


def _statistics():
    from . import statistics  # (numpy: imported when statistics are built)

    return statistics


class RougeL(Metric):
    """ROUGE-L (:mod:`ngram_core.rouge_l`)."""

    name = "rouge_l"
    OPTIONS = rouge_core.OPTIONS
    headline = "rouge_l"

    @property
    def statistics_types(self):
        return (_statistics().RougeLStatistics,)

    def tokenization(self, values: Mapping[str, Any]) -> None:
        return None  # its own tokens (the variant's)

    def statistics(self, corpora: Corpora, values: Mapping[str, Any]):
        return _statistics().rouge_l_statistics(corpora.hyps, corpora.refs, values)

    def empty_statistics(self, values: Mapping[str, Any]):
        return _statistics().empty_statistics()

    def result(self, stats, values: Mapping[str, Any]) -> Dict[str, Any]:
        signature = rouge_core.signature_of(values, stats.n_refs)
        result = rouge_core.result_of(stats.mean(), signature, values)
        if values["return_segments"]:
            result["segment_scores"] = stats.score.tolist()
        return result

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        return [mean_adapter("ROUGE_L", lambda stats: stats.score)]

    def segment_scores(self, stats, values: Mapping[str, Any]) -> np.ndarray:
        return np.asarray(stats.score, dtype=np.float64)


ROUGE_L = RougeL()
PRESENTATION = Presentation(width=4, shown="rouge_l", shown_decimals=4,
                            segment_score_doc="the image's ROUGE-L (pycocoevalcap's per-image score), 0-1")
