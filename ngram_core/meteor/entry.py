"""METEOR as the registry sees it (:class:`ngram_core.metric.Metric`), both variants: its
statistics, its columns, its reduction across ranks, its significance scores.

Statistics: METEOR 1.5 (the default variant) tokenizes the texts itself (the jar's
``-norm``) into :class:`~ngram_core.meteor.MeteorStatistics`; the ``nltk`` variant reads
the shared corpus into :class:`MeteorSegments` (each segment against its best reference).

Columns, per segment: METEOR 1.5's ``meteor_stats`` (the segment's row of
:class:`~ngram_core.meteor.MeteorStatistics`, a list of numbers) and ``meteor_n_refs``;
NLTK's variant ``meteor_score``, ``meteor_hyp_len``, ``meteor_ref_len``,
``meteor_matches``, ``meteor_chunks``, ``meteor_n_refs``. They add.

Across ranks: one float64 vector, the summed statistics (METEOR 1.5's row, or NLTK's
variant's :class:`~ngram_core.meteor.MeteorStats`: segments, sum of segment scores,
lengths, matches, chunks; integers stay exact below 2^53), is summed.

Significance: METEOR 1.5, the jar's per-segment statistics (its ``-ssOut`` columns),
scored by the jar's formula; the ``nltk`` variant, columns ``[segments, score_sum,
hyp_len, ref_len, matches, chunks]``. Either way two scores of the same rows:
``METEOR``, the formula on summed matches, chunks and lengths (METEOR 1.5's corpus
score, ``meteor_corpus``, what MultEval resamples), and ``METEOR-mean``, the mean of
segment scores (``meteor``, evaluate's and NLTK's convention), each 0-1.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..lazy import np

from ..metric import Adapter, Corpora, CorpusKey, MetricBase, Wire, corpus_key, global_n_refs, int_column
from ..signature import nrefs_field
from . import options as meteor_options
from .jar.settings import VARIANT as JAR, parameters_of  # JAR: the variant whose statistics are the jar's
from .jar.statistics import MeteorParameters, MeteorStatistics, columns, scores as jar_scores
from .scoring import MeteorStats, meteor_formula

def _meteor_metric():
    from . import metric  # (the matchers and their tables: imported when METEOR is computed)

    return metric


COLUMNS = ("meteor_score", "meteor_hyp_len", "meteor_ref_len", "meteor_matches", "meteor_chunks", "meteor_n_refs")


@dataclass
class MeteorSegments:
    """METEOR's per-segment statistics (each against its best reference); adds with ``+``."""

    stats: List[MeteorStats]
    n_refs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # (S,) references

    def __len__(self) -> int:
        return len(self.stats)

    def __add__(self, other: "MeteorSegments") -> "MeteorSegments":
        if not isinstance(other, MeteorSegments):
            return NotImplemented
        return MeteorSegments(self.stats + other.stats, np.concatenate([self.n_refs, other.n_refs]))

    def __getitem__(self, rows: slice) -> "MeteorSegments":
        """The statistics of a range of segments."""
        return MeteorSegments(self.stats[rows], self.n_refs[rows])

    def __radd__(self, other: Any) -> "MeteorSegments":
        return self if other == 0 else NotImplemented

    def total(self) -> MeteorStats:
        return MeteorStats.total(self.stats)


def meteor_result(stats, opts: Mapping[str, Any]) -> Dict[str, Any]:
    """METEOR's result dictionary (the keys of ``compute_meteor``) from its statistics
    (:class:`MeteorStatistics` for ``meteor-1.5``, :class:`MeteorSegments` for ``nltk``)."""
    if opts["variant"] == JAR:
        from .jar import metric as jar_metric  # (the matcher, the search, pyarrow: on first need)

        return jar_metric.statistics_result(stats, meteor_options.settings_of(opts), bool(opts["return_segments"]))
    total = stats.total()
    result: Dict[str, Any] = {
        "meteor": total.mean_score(),
        "meteor_corpus": total.corpus_score(opts["alpha"], opts["beta"], opts["gamma"]),
        "matches": total.matches,
        "chunks": total.chunks,
        "translation_length": total.hyp_len,
        "reference_length": total.ref_len,
        "signature": meteor_options.OPTIONS.signature_string(opts, nrefs=nrefs_field(stats.n_refs)),
    }
    if opts["return_segments"]:
        result["segment_scores"] = [s.score_sum for s in stats.stats]
    return result


def meteor_rows(segments) -> np.ndarray:
    """The ``nltk`` variant's ``[segments, score_sum, hyp_len, ref_len, matches, chunks]`` per segment, float64."""
    table = [(s.segments, s.score_sum, s.hyp_len, s.ref_len, s.matches, s.chunks) for s in segments.stats]
    return np.array(table, dtype=np.float64).reshape(len(table), 6)


def meteor_adapters(alpha: float, beta: float, gamma: float) -> List[Adapter]:
    """The ``nltk`` variant: ``METEOR`` (formula on summed statistics) and ``METEOR-mean``
    (mean of segment scores), 0-1."""
    formula = np.frompyfunc(lambda m, c, h, r: meteor_formula(m, c, h, r, alpha, beta, gamma), 4, 1)

    def corpus(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return formula(sums[:, 4], sums[:, 5], sums[:, 2], sums[:, 3]).astype(np.float64)

    def mean(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return np.where(sums[:, 0] > 0, sums[:, 1] / np.maximum(sums[:, 0], 1), 0.0)

    return [Adapter("METEOR", meteor_rows, corpus), Adapter("METEOR-mean", meteor_rows, mean)]


def meteor15_adapters(params: MeteorParameters) -> List[Adapter]:
    """METEOR 1.5 (:class:`~ngram_core.meteor.jar.statistics.MeteorStatistics`): ``METEOR``,
    the jar's Final score of the summed rows (pycocoevalcap's number, ``meteor_corpus``),
    and ``METEOR-mean``, the mean of the jar's segment scores (``meteor``), each 0-1."""
    score, segments = len(columns(params.n_modules)) - 2, len(columns(params.n_modules)) - 1

    def rows(stats) -> np.ndarray:
        return np.asarray(stats.rows, dtype=np.float64)

    def corpus(sums: np.ndarray) -> np.ndarray:
        return jar_scores(np.asarray(sums, dtype=np.float64), params, corpus=True)

    def mean(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return np.where(sums[:, segments] > 0, sums[:, score] / np.maximum(sums[:, segments], 1), 0.0)

    return [Adapter("METEOR", rows, corpus), Adapter("METEOR-mean", rows, mean)]


class Meteor(MetricBase):
    """METEOR, both variants (:mod:`ngram_core.meteor`)."""

    name = "meteor"
    OPTIONS = meteor_options.OPTIONS
    headline = "meteor"
    width = 4
    segment_score_doc = "segment METEOR, 0-1"

    def tokenization(self, options: Mapping[str, Any]) -> Optional[CorpusKey]:
        if options["variant"] == JAR:  # the jar's own tokens, from the texts
            return None
        return corpus_key(options["tokenize"], options["lowercase"])

    def statistics(self, corpora: Corpora, options: Mapping[str, Any]):
        if options["variant"] == JAR:
            from .jar import metric as jar_metric

            return jar_metric.jar_statistics(corpora.hyps, corpora.refs, meteor_options.settings_of(options)).stats
        corpus = corpora.corpus(options["tokenize"], options["lowercase"])
        segments = _meteor_metric().corpus_segment_statistics(corpus, options["stages"], options["alpha"],
                                                           options["beta"], options["gamma"])
        return MeteorSegments(segments, corpus.refs_per_segment.astype(np.int64))

    def empty_statistics(self, options: Mapping[str, Any]):
        empty = np.zeros(0, dtype=np.int64)
        if options["variant"] == JAR:
            settings = meteor_options.settings_of(options)
            width = len(columns(len(settings.stages)))
            return MeteorStatistics(np.zeros((0, width)), parameters_of(settings), empty)
        return MeteorSegments([], empty)

    def result(self, stats, options: Mapping[str, Any]) -> Dict[str, Any]:
        return meteor_result(stats, options)

    def columns(self, stats, corpora: Corpora, options: Mapping[str, Any]) -> Dict[str, list]:
        if isinstance(stats, MeteorStatistics):  # meteor-1.5: the jar's statistics row
            return {"meteor_stats": stats.rows.tolist(), "meteor_n_refs": stats.n_refs.tolist()}
        return dict(zip(COLUMNS, ([s.score_sum for s in stats.stats], [s.hyp_len for s in stats.stats],
                                  [s.ref_len for s in stats.stats], [s.matches for s in stats.stats],
                                  [s.chunks for s in stats.stats], stats.n_refs.tolist())))

    def from_columns(self, columns: Mapping[str, Any], names: Sequence[str]):
        if "meteor_stats" in names:
            rows = np.asarray(list(columns["meteor_stats"]), dtype=np.float64)
            return MeteorStatistics(rows.reshape(len(rows), -1), None, int_column(columns["meteor_n_refs"]))
        scores = [float(v) for v in columns["meteor_score"]]
        ints = [int_column(columns[c]).tolist() for c in COLUMNS[1:5]]
        return MeteorSegments([MeteorStats(1, score, *rest) for score, *rest in zip(scores, *ints)],
                              int_column(columns["meteor_n_refs"]))

    def reduce(self, stats, wire: Wire):
        if isinstance(stats, MeteorStatistics):  # meteor-1.5: the summed statistics row
            summed = wire.sum(stats.rows.sum(axis=0))
            n_refs = global_n_refs(stats.n_refs, wire)
            rows = np.zeros((max(len(n_refs), 1), stats.rows.shape[1]))  # extra all-zero rows carry the reference counts
            rows[0] = summed
            return MeteorStatistics(rows, stats.params, n_refs if len(n_refs) else np.zeros(1, dtype=np.int64))
        t = stats.total()
        s = wire.sum(np.array([t.segments, t.score_sum, t.hyp_len, t.ref_len, t.matches, t.chunks], dtype=np.float64))
        total = MeteorStats(int(s[0]), float(s[1]), int(s[2]), int(s[3]), int(s[4]), int(s[5]))
        return MeteorSegments([total], global_n_refs(stats.n_refs, wire))

    def scores(self, options: Mapping[str, Any]) -> List[Adapter]:
        if options["variant"] == JAR:
            return meteor15_adapters(parameters_of(meteor_options.settings_of(options)))
        return meteor_adapters(options["alpha"], options["beta"], options["gamma"])

    def details(self, result: Mapping[str, Any]) -> str:
        return (f"(matches = {result['matches']} chunks = {result['chunks']} hyp_len = {result['translation_length']} "
                f"ref_len = {result['reference_length']})")


METEOR = Meteor()
