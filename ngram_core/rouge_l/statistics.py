"""ROUGE-L's statistics: :class:`RougeLStatistics`, each image's score and a count of 1.

pycocoevalcap's corpus ROUGE-L is the mean of the image scores, so the statistics that
add are the score and the number of images: shards, ranks and ``datasets`` batches add
exactly. The mean of per-image statistics is ``np.mean`` (pycocoevalcap's bits); the
mean of summed statistics (a reduction across ranks) is their sum over their count, which
may differ from it in the last bits (float addition in another order).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..lazy import np

from ..statistics import Statistics, segment_field
from . import segment_scores


@dataclass(frozen=True)
class RougeLStatistics(Statistics):
    """Per image: its ROUGE-L (0-1), the number of images it stands for (1) and its references."""

    score: np.ndarray = segment_field("sum", dtype="float64")  # (S,)
    images: np.ndarray = segment_field("sum")  # (S,)
    n_refs: np.ndarray = segment_field("refs")  # (S,)

    def mean(self) -> float:
        """The corpus ROUGE-L (0-1): pycocoevalcap's ``np.mean`` over images (0 for none)."""
        if not len(self) or not self.images.sum():
            return 0.0
        if (self.images == 1).all():
            return float(np.mean(self.score))
        return float(self.score.sum() / self.images.sum())


def rouge_l_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
                       values: Mapping[str, Any]) -> RougeLStatistics:
    """Per-image statistics of checked texts and resolved options."""
    scores = segment_scores(hypotheses, references, values["variant"])
    return RougeLStatistics(np.array(scores, dtype=np.float64), np.ones(len(scores), dtype=np.int64),
                            np.array([len(r) for r in references], dtype=np.int64))


def empty_statistics() -> RougeLStatistics:
    return RougeLStatistics(np.zeros(0), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64))
