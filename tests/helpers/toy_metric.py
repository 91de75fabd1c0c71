"""A toy metric for the registry's tests: word precision (each hypothesis word counts once
per occurrence in the reference that has the most of them), one package's worth written
against the :class:`~ngram_core.metric.Metric` protocol only, and the corpus it is tried on.
Imported by ``test_metric_registry.py`` and by its ``torch.distributed`` ranks."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Sequence

import numpy as np

from ngram_core.metric import Adapter, Corpora, MetricBase, Wire, global_n_refs
from ngram_core.options import Option, OptionSet, flag, return_segments_option
from ngram_core.signature import make_signature, nrefs_field

@dataclass
class ToyStatistics:
    """Per segment: matched words, hypothesis words, references; adds with ``+``."""

    rows: np.ndarray  # (S, 2) int64
    n_refs: np.ndarray  # (S,)

    def __len__(self) -> int:
        return len(self.rows)

    def __add__(self, other: "ToyStatistics") -> "ToyStatistics":
        return ToyStatistics(np.concatenate([self.rows, other.rows]), np.concatenate([self.n_refs, other.n_refs]))

    def __radd__(self, other: Any) -> "ToyStatistics":
        return self if other == 0 else NotImplemented

    def __getitem__(self, rows) -> "ToyStatistics":
        return ToyStatistics(self.rows[rows], self.n_refs[rows])


def _words(text: str, options: Mapping[str, Any]) -> List[str]:
    text = text.lower() if options["lowercase"] else text
    return [w for w in text.split() if len(w) >= options["min_length"]]


def _precision(sums: np.ndarray) -> np.ndarray:
    sums = np.asarray(sums, dtype=np.float64)
    return np.where(sums[:, 1] > 0, sums[:, 0] / np.maximum(sums[:, 1], 1), 0.0)


class Toy(MetricBase):
    name = "toy"
    OPTIONS = OptionSet("TOY", [
        Option("min_length", 1, "the shortest word counted", "int", low=1),
        flag("lowercase", False, "lowercase before splitting at whitespace"),
        return_segments_option(),
    ])
    headline = "toy"
    width = 3
    segment_score_doc = "segment word precision, 0-1"

    def tokenization(self, options):
        return None  # splits the texts itself

    def statistics(self, corpora: Corpora, options) -> ToyStatistics:
        rows = []
        for hyp, refs in zip(corpora.hyps, corpora.refs):
            words = Counter(_words(hyp, options))
            best = max(sum((words & Counter(_words(ref, options))).values()) for ref in refs)
            rows.append((best, sum(words.values())))
        return ToyStatistics(np.array(rows, dtype=np.int64).reshape(-1, 2), np.array([len(r) for r in corpora.refs]))

    def empty_statistics(self, options) -> ToyStatistics:
        return ToyStatistics(np.zeros((0, 2), dtype=np.int64), np.zeros(0, dtype=np.int64))

    def result(self, stats: ToyStatistics, options) -> Dict[str, Any]:
        matched, words = (int(v) for v in stats.rows.sum(axis=0))
        out = {"toy": _precision(stats.rows.sum(axis=0, keepdims=True))[0], "matched": matched, "words": words,
               "signature": make_signature("TOY", {"nrefs": nrefs_field(stats.n_refs), "min": str(options["min_length"]),
                                                   "case": "lc" if options["lowercase"] else "mixed"})}
        if options["return_segments"]:
            out["segment_scores"] = _precision(stats.rows).tolist()
        return out

    def columns(self, stats: ToyStatistics, corpora, options) -> Dict[str, list]:
        return {"toy_matched": stats.rows[:, 0].tolist(), "toy_words": stats.rows[:, 1].tolist(),
                "toy_n_refs": stats.n_refs.tolist()}

    def from_columns(self, columns, names) -> ToyStatistics:
        rows = np.column_stack([np.asarray(list(columns["toy_matched"])), np.asarray(list(columns["toy_words"]))])
        return ToyStatistics(rows.astype(np.int64), np.asarray(list(columns["toy_n_refs"]), dtype=np.int64))

    def reduce(self, stats: ToyStatistics, wire: Wire) -> ToyStatistics:
        summed = wire.sum(stats.rows.sum(axis=0))
        n_refs = global_n_refs(stats.n_refs, wire)  # [fewest, most]: a zero row carries the second
        rows = np.zeros((max(len(n_refs), 1), 2), dtype=np.int64)
        rows[0] = summed
        return ToyStatistics(rows, n_refs)

    def scores(self, options) -> List[Adapter]:
        return [Adapter("TOY", lambda stats: stats.rows, _precision)]


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
