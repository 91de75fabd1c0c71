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
hyp_len, ref_len, matches, chunks]``. Either way two scores of the same rows, each 0-1,
``METEOR`` being the result's ``meteor`` (the number of the tool the variant reproduces):
METEOR 1.5's ``METEOR`` is the jar's formula on summed matches, chunks and lengths (its
corpus score, what MultEval resamples) and ``METEOR-mean`` the mean of segment scores
(``meteor_mean``); NLTK's ``METEOR`` is the mean of segment scores (evaluate's and NLTK's
convention) and ``METEOR-corpus`` the formula on the summed statistics (``meteor_corpus``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Dict, List, Mapping, Optional, Sequence

from ..lazy import np

from ..metric import Adapter, Corpora, CorpusKey, Metric, corpus_key
from ..presentation import Presentation
from ..statistics import Statistics, segment_field
from ..signature import nrefs_field
from . import options as meteor_options
from .jar.settings import VARIANT as JAR, parameters_of  # JAR: the variant whose statistics are the jar's
from .jar.statistics import MeteorParameters, MeteorStatistics, columns, scores as jar_scores
from .scoring import MeteorStats, headline_scores, meteor_formula

def _meteor_corpus():
    from . import corpus  # (the matchers and their tables: imported when METEOR is computed)

    return corpus


@dataclass
class MeteorSegments(Statistics):
    """METEOR's per-segment statistics (each against its best reference); adds with ``+``."""

    score_sum: np.ndarray = segment_field("sum", dtype="float64", column="score")  # (S,) segment scores
    hyp_len: np.ndarray = segment_field("sum")
    ref_len: np.ndarray = segment_field("sum")
    matches: np.ndarray = segment_field("sum")
    chunks: np.ndarray = segment_field("sum")
    segments: np.ndarray = segment_field("sum", column=None)  # (S,) 1 per segment row
    n_refs: np.ndarray = segment_field("refs", derived=True)  # (S,) references

    def __post_init__(self) -> None:
        S = len(self.score_sum)
        if len(self.segments) != S:  # segment rows (read back from columns)
            self.segments = np.ones(S, dtype=np.int64)
        if len(self.n_refs) != S:
            self.n_refs = np.zeros(S, dtype=np.int64)

    @classmethod
    def of(cls, stats: Sequence[MeteorStats], n_refs: np.ndarray) -> "MeteorSegments":
        """The rows of per-segment :class:`MeteorStats`."""
        def column(name: str, dtype: str) -> np.ndarray:
            return np.array([getattr(s, name) for s in stats], dtype=dtype)

        return cls(column("score_sum", "float64"), column("hyp_len", "int64"), column("ref_len", "int64"),
                   column("matches", "int64"), column("chunks", "int64"), column("segments", "int64"), n_refs)

    def _in_stats_order(self) -> List[list]:
        return [getattr(self, f.name).tolist() for f in fields(MeteorStats)]

    @property
    def stats(self) -> List[MeteorStats]:
        """Each row as :class:`MeteorStats`."""
        return [MeteorStats(*row) for row in zip(*self._in_stats_order())]

    def total(self) -> MeteorStats:
        """The sum of the rows, added as Python numbers one after the other."""
        return MeteorStats(*(sum(column) for column in self._in_stats_order()))


def meteor_result(stats, values: Mapping[str, Any]) -> Dict[str, Any]:
    """METEOR's result dictionary (the keys of ``compute_meteor``) from its statistics
    (:class:`MeteorStatistics` for ``meteor-1.5``, :class:`MeteorSegments` for ``nltk``)."""
    if values["variant"] == JAR:
        from .jar import corpus as jar_corpus  # (the matcher, the search, pyarrow: on first need)

        return jar_corpus.statistics_result(stats, meteor_options.settings_of(values), bool(values["return_segments"]))
    total = stats.total()
    result: Dict[str, Any] = {
        **headline_scores(total.corpus_score(values["alpha"], values["beta"], values["gamma"]), total.mean_score(),
                          jar=False),
        "matches": total.matches,
        "chunks": total.chunks,
        "translation_length": total.hyp_len,
        "reference_length": total.ref_len,
        "signature": meteor_options.OPTIONS.signature_string(values, nrefs=nrefs_field(stats.n_refs)),
    }
    if values["return_segments"]:
        result["segment_scores"] = [s.score_sum for s in stats.stats]
    return result


def meteor_rows(segments) -> np.ndarray:
    """The ``nltk`` variant's ``[segments, score_sum, hyp_len, ref_len, matches, chunks]`` per segment, float64."""
    return np.column_stack([segments.segments, segments.score_sum, segments.hyp_len, segments.ref_len,
                            segments.matches, segments.chunks]).astype(np.float64).reshape(len(segments), 6)


def meteor_adapters(alpha: float, beta: float, gamma: float) -> List[Adapter]:
    """The ``nltk`` variant: ``METEOR`` (the mean of segment scores, evaluate's ``meteor``)
    and ``METEOR-corpus`` (the formula on summed statistics), 0-1."""
    formula = np.frompyfunc(lambda m, c, h, r: meteor_formula(m, c, h, r, alpha, beta, gamma), 4, 1)

    def corpus(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return formula(sums[:, 4], sums[:, 5], sums[:, 2], sums[:, 3]).astype(np.float64)

    def mean(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return np.where(sums[:, 0] > 0, sums[:, 1] / np.maximum(sums[:, 0], 1), 0.0)

    return [Adapter("METEOR", meteor_rows, mean), Adapter("METEOR-corpus", meteor_rows, corpus)]


def meteor15_adapters(params: MeteorParameters) -> List[Adapter]:
    """METEOR 1.5 (:class:`~ngram_core.meteor.jar.statistics.MeteorStatistics`): ``METEOR``,
    the jar's Final score of the summed rows (pycocoevalcap's number, ``meteor``), and
    ``METEOR-mean``, the mean of the jar's segment scores (``meteor_mean``), each 0-1."""
    score, segments = len(columns(params.n_modules)) - 2, len(columns(params.n_modules)) - 1

    def rows(stats) -> np.ndarray:
        return np.asarray(stats.rows, dtype=np.float64)

    def corpus(sums: np.ndarray) -> np.ndarray:
        return jar_scores(np.asarray(sums, dtype=np.float64), params, corpus=True)

    def mean(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return np.where(sums[:, segments] > 0, sums[:, score] / np.maximum(sums[:, segments], 1), 0.0)

    return [Adapter("METEOR", rows, corpus), Adapter("METEOR-mean", rows, mean)]


class Meteor(Metric):
    """METEOR, both variants (:mod:`ngram_core.meteor`)."""

    name = "meteor"
    OPTIONS = meteor_options.OPTIONS
    headline = "meteor"
    statistics_types = (MeteorStatistics, MeteorSegments)  # meteor-1.5, nltk

    def tokenization(self, values: Mapping[str, Any]) -> Optional[CorpusKey]:
        if values["variant"] == JAR:  # the jar's own tokens, from the texts
            return None
        return corpus_key(values["tokenize"], values["lowercase"])

    def statistics(self, corpora: Corpora, values: Mapping[str, Any]):
        if values["variant"] == JAR:
            from .jar import corpus as jar_corpus

            return jar_corpus.jar_statistics(corpora.hyps, corpora.refs, meteor_options.settings_of(values)).stats
        corpus = corpora.corpus(values["tokenize"], values["lowercase"])
        segments = _meteor_corpus().corpus_segment_statistics(corpus, values["stages"], values["alpha"],
                                                              values["beta"], values["gamma"])
        return MeteorSegments.of(segments, corpus.refs_per_segment.astype(np.int64))

    def empty_statistics(self, values: Mapping[str, Any]):
        if values["variant"] == JAR:
            settings = meteor_options.settings_of(values)
            width = len(columns(len(settings.stages)))
            return MeteorStatistics(np.zeros((0, width)), parameters_of(settings))
        return MeteorSegments.of([], np.zeros(0, dtype=np.int64))

    def result(self, stats, values: Mapping[str, Any]) -> Dict[str, Any]:
        return meteor_result(stats, values)

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        if values["variant"] == JAR:
            return meteor15_adapters(parameters_of(meteor_options.settings_of(values)))
        return meteor_adapters(values["alpha"], values["beta"], values["gamma"])


def details(result: Mapping[str, Any]) -> str:
    """The command line's verbose part of a corpus score."""
    return (f"(matches = {result['matches']} chunks = {result['chunks']} hyp_len = {result['translation_length']} "
            f"ref_len = {result['reference_length']})")


METEOR = Meteor()
PRESENTATION = Presentation(width=4, segment_score_doc="segment METEOR, 0-1", details=details)
