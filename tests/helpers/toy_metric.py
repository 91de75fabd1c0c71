"""A toy metric for the registry's tests: word precision (each hypothesis word counts once
per occurrence in the reference that has the most of them), one package's worth written
against the :class:`~ngram_core.metric.Metric` protocol only, and the corpus it is tried on.
Imported by ``test_metric_registry.py`` and by its ``torch.distributed`` ranks."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Sequence

import numpy as np

from ngram_core.metric import Adapter, Metric
from ngram_core.options import Option, OptionSet, flag, return_segments_option
from ngram_core.presentation import Presentation
from ngram_core.signature import make_signature, nrefs_field
from ngram_core.statistics import Statistics, segment_field


@dataclass
class ToyStatistics(Statistics):
    """Per segment: matched words, hypothesis words, references."""

    matched: np.ndarray = segment_field("sum")
    words: np.ndarray = segment_field("sum")
    n_refs: np.ndarray = segment_field("refs")


def _words(text, values):
    return [w for w in (text.lower() if values["lowercase"] else text).split() if len(w) >= values["min_length"]]


def _precision(sums):
    sums = np.asarray(sums, dtype=np.float64)
    return np.where(sums[:, 1] > 0, sums[:, 0] / np.maximum(sums[:, 1], 1), 0.0)


class Toy(Metric):
    name = headline = "toy"
    OPTIONS = OptionSet("TOY", [Option("min_length", 1, "the shortest word counted", "int", low=1),
                                flag("lowercase", False, "lowercase before splitting at whitespace"),
                                return_segments_option()])
    statistics_types = (ToyStatistics,)

    def tokenization(self, values):
        return None  # splits the texts itself

    def statistics(self, corpora, values) -> ToyStatistics:
        rows = [(max(sum((Counter(_words(hyp, values)) & Counter(_words(ref, values))).values()) for ref in refs),
                 len(_words(hyp, values)), len(refs)) for hyp, refs in zip(corpora.hyps, corpora.refs)]
        return ToyStatistics(*np.array(rows, dtype=np.int64).reshape(-1, 3).T)

    def result(self, stats: ToyStatistics, values):
        rows = np.column_stack([stats.matched, stats.words])
        out = {"toy": _precision(rows.sum(axis=0, keepdims=True))[0], "matched": int(rows[:, 0].sum()),
               "words": int(rows[:, 1].sum()),
               "signature": make_signature("TOY", {"nrefs": nrefs_field(stats.n_refs), "min": str(values["min_length"]),
                                                   "case": "lc" if values["lowercase"] else "mixed"})}
        if values["return_segments"]:
            out["segment_scores"] = _precision(rows).tolist()
        return out

    def scores(self, values):
        return [Adapter("TOY", lambda stats: np.column_stack([stats.matched, stats.words]), _precision)]


PRESENTATION = Presentation(width=3, segment_score_doc="segment word precision, 0-1")


def toy_precision(hyps: Sequence[str], refs: Sequence[Sequence[str]], min_length: int = 1) -> float:
    """The oracle: the toy's definition, written out over the corpus."""
    matched = words = 0
    for hyp, segment_refs in zip(hyps, refs):
        hyp_words = [w for w in hyp.split() if len(w) >= min_length]
        words += len(hyp_words)
        matched += max(sum(min(hyp_words.count(w), [v for v in ref.split() if len(v) >= min_length].count(w))
                           for w in set(hyp_words)) for ref in segment_refs)
    return matched / words if words else 0.0


HYPS = ["the cat sat on the mat", "a dog ran in the big house", "", "the the the the", "red tree , home"]
REFS = [["the cat is on the mat", "there is a cat on the mat"], ["the dog ran into the house"], ["nothing here"],
        ["the cat"], ["a red tree at home"]]
OTHER = ["the cat on a mat", "a dog in the house", "here", "the cat the", "red tree home"]
