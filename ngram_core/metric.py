"""What a metric is to the rest of the package: :class:`Metric`, the protocol written once.

Every way in (``score_all``, the ``datasets`` and ``torch.distributed`` reducers,
significance, the command line, the Space, the engines, pairwise scores and rewards)
loops over the metrics of :mod:`ngram_core.registry` and asks each one only what
:class:`Metric` declares; none of them names a metric. sacreBLEU's ``metrics/base.py``
has the same two steps at its heart (``_extract_corpus_statistics``,
``_compute_score_from_stats``). A metric fills in five things (:data:`REQUIRED`):

- ``OPTIONS``: its options (one :class:`~ngram_core.options.OptionSet`), beside its
  ``name`` and ``headline`` (the key of its headline number in the result);
- :meth:`Metric.tokenization` / :meth:`Metric.ngram_order`: how it tokenizes (the
  shared corpus of its ``tokenize`` and ``lowercase`` options, by default);
- :meth:`Metric.statistics`: per-segment statistics, a
  :class:`~ngram_core.statistics.Statistics` whose fields declare how they combine;
- :meth:`Metric.result`: the result dictionary, signature included, from per-segment or
  summed statistics;
- :meth:`Metric.scores`: the :class:`Adapter` (s) the significance tests resample.

Everything else has a default here, derived from those and from the statistics'
declaration: columns and back, the reduction across ranks, one system's part of
several, segment, sentence and pair scores. How a score is printed (widths, decimals,
flag aliases, detail lines) is not the metric's business: :mod:`ngram_core.presentation`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Tuple

from .lazy import np

from .ngrams.corpora import NO_PLAIN_FORM, Corpora, CorpusKey, corpus_key
from .options import OptionSet
from .statistics import Wire, global_n_refs, int_column  # (what a metric package reads from here too)


@dataclass(frozen=True)
class Adapter:
    """One score of one metric as the significance tests see it.

    ``rows(statistics)`` -> ``(S, K)`` int or float array, additive over segments;
    ``scores(sums)``: ``(B, K)`` summed rows -> ``(B,)`` float scores;
    ``sum_dtype``: the dtype bootstrap sums are handed to ``scores`` in
    (float32 for BLEU, as sacreBLEU; float64 otherwise).
    """

    name: str
    rows: Callable[[Any], np.ndarray]
    scores: Callable[[np.ndarray], np.ndarray]
    sum_dtype: Any = "float64"  # a numpy dtype, or its name


def mean_adapter(name: str, segment_scores: Callable[[Any], np.ndarray]) -> Adapter:
    """The :class:`Adapter` of a metric whose corpus score is the mean of its segment scores
    (pycocoevalcap's ROUGE_L and CIDEr): rows ``[segment score, 1]``, a resample's score the
    mean of its segments' scores."""

    def rows(stats: Any) -> np.ndarray:
        scores = np.asarray(segment_scores(stats), dtype=np.float64)
        return np.stack([scores, np.ones(len(scores))], axis=1).reshape(len(scores), 2)

    def scores(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return sums[:, 0] / np.maximum(sums[:, 1], 1)

    return Adapter(name, rows, scores)


class Metric:
    """A metric, as every way in sees it (see the module docstring).

    A metric subclasses this and fills in :data:`REQUIRED` (``name``, ``OPTIONS``,
    ``headline``, :meth:`statistics`, :meth:`result`, :meth:`scores`); every other
    member has a default it may override. ``values`` are resolved options
    (:meth:`~ngram_core.options.OptionSet.resolve`), always.
    """

    name: str
    OPTIONS: OptionSet
    headline: str
    # The statistics types :meth:`statistics` returns (columns are read back into the
    # first whose required columns are present).
    statistics_types: Tuple[type, ...] = ()
    # Its options for sentence-level use (sentence scores, rewards), over the user's.
    sentence_options: Mapping[str, Any] = {}
    # Whether a segment's score depends on the statistics of the whole corpus (NIST's
    # information weights): an engine then makes a first pass for them (ngram_core.engines).
    segment_scores_need_corpus: bool = False
    # Whether a higher score is better (False: TER, an error rate). What ranks scores reads it:
    # MBR selection (the highest or the lowest expected score), rewards (:meth:`reward_scores`),
    # lm-evaluation-harness's ``higher_is_better``. Significance is two-sided: p-values do not read it.
    higher_is_better: bool = True

    # ---- what a metric fills in ----------------------------------------------------------------
    def statistics(self, corpora: Corpora, values: Mapping[str, Any]) -> Any:
        """Per-segment statistics (they add with ``+`` and slice by segment)."""
        raise NotImplementedError

    def result(self, stats: Any, values: Mapping[str, Any]) -> Dict[str, Any]:
        """The result dictionary, signature included, from per-segment or summed statistics."""
        raise NotImplementedError

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        """The scores the significance tests resample, with their rows."""
        raise NotImplementedError

    # ---- how it tokenizes -----------------------------------------------------------------------
    def tokenization(self, values: Mapping[str, Any]) -> Optional[CorpusKey]:
        """The shared tokenized corpus it reads (see :class:`Corpora`), or None if it
        tokenizes the texts itself; by default that of its ``tokenize`` and ``lowercase``."""
        return corpus_key(values["tokenize"], values["lowercase"])

    def ngram_order(self, values: Mapping[str, Any]) -> int:
        """The n-gram order it needs matched in that corpus (0: none)."""
        return 0

    # ---- statistics moved around (derived from their declaration) -------------------------------
    def empty_statistics(self, values: Mapping[str, Any]) -> Any:
        """The statistics of no segments."""
        return self.statistics(Corpora.of([], [], [(self, values)]), values)

    def columns(self, stats: Any, corpora: Corpora, values: Mapping[str, Any]) -> Dict[str, list]:
        """The statistics as plain columns, one row per segment, names prefixed by ``name``."""
        return stats.columns(self.name)

    def has_columns(self, names: Sequence[str]) -> bool:
        """Whether columns of its statistics are among ``names``."""
        return any(name.startswith(f"{self.name}_") for name in names)

    def from_columns(self, columns: Mapping[str, Any], names: Sequence[str]) -> Any:
        """The statistics of all rows of its columns (``names``: the columns present)."""
        present = set(names)
        for stats_type in self.statistics_types:
            if set(stats_type.required_columns(self.name)) <= present:
                return stats_type.from_columns(self.name, columns, names)
        raise ValueError(f"the columns {sorted(n for n in names if n.startswith(self.name + '_'))} are not "
                         f"{self.name}'s statistics: write them with segment_columns")

    def reduce(self, stats: Any, wire: Wire) -> Any:
        """The statistics of every rank's segments, on every rank."""
        return stats.reduce(wire)

    def part(self, stats: Any, start: int, stop: int, copies: int) -> Any:
        """Segments ``start:stop`` of the statistics of ``copies`` systems one after the
        other on the same references, as the statistics of that system alone."""
        return stats[start:stop]

    def within_corpus(self, stats: Any, corpus: Any) -> Any:
        """Statistics whose first ``len(stats)`` segments score as ``stats``' segments do
        within a corpus whose reduced statistics (:meth:`reduce`) are ``corpus``; by
        default a segment's score does not depend on the corpus."""
        return stats

    # ---- segment, sentence and pair scores ------------------------------------------------------
    def segment_scores(self, stats: Any, values: Mapping[str, Any]) -> np.ndarray:
        """Each segment's score: the ``segment_scores`` of its result with ``return_segments=True``."""
        result = self.result(stats, {**values, "return_segments": True})
        return np.asarray(result["segment_scores"], dtype=np.float64)

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        values: Mapping[str, Any]) -> np.ndarray:
        """Each hypothesis's score against its own references, as the metric scores a
        one-segment corpus (the ``segment_scores`` of :meth:`result`; 0-1 for BLEU and
        METEOR): what rewards return. By default :meth:`statistics`, then :meth:`segment_scores`."""
        stats = self.statistics(Corpora.of(hypotheses, references, [(self, values)]), values)
        return self.segment_scores(stats, values)

    def reward_scores(self, scores: np.ndarray) -> np.ndarray:
        """Rewards from :meth:`sentence_scores`, rising as the metric improves: the scores
        as they are, or ``1 - score`` where lower is better (TER on 0-1: 1 for no edit,
        below 0 for more edits than reference words)."""
        scores = np.asarray(scores, dtype=np.float64)
        return scores if self.higher_is_better else 1 - scores

    def reward_road(self, values: Mapping[str, Any]) -> Optional[Callable[[List[str], List[List[str]]], List[float]]]:
        """A compiled road from a batch's texts to its rewards (what :meth:`reward_scores` of
        :meth:`sentence_scores` gives, the same numbers) for these options, or None: the
        general road (:mod:`ngram_core.rewards`)."""
        return None

    def pair_scorer(self, candidates: List[str], references: List[str],
                    values: Mapping[str, Any]) -> Callable[[int, int], np.ndarray]:
        """``scorer(start, stop)`` -> (stop - start, len(references)) float64: candidates
        ``start:stop``, each against every reference as its only reference (``references
        is candidates``: the candidates against each other). What :func:`ngram_core.pairwise`
        fills its matrix with, block by block; by default each block's pairs as one corpus
        of :meth:`sentence_scores` (a metric that prepares each distinct text once per
        corpus, as METEOR 1.5 does, prepares it once per block)."""
        M = len(references)
        single = [[r] for r in references]

        def scorer(start: int, stop: int) -> np.ndarray:
            rows = candidates[start:stop]
            hypotheses = [c for c in rows for _ in range(M)]
            scores = self.sentence_scores(hypotheses, single * len(rows), values)
            return scores.reshape(len(rows), M)

        return scorer

    def plain_chars(self, values: Mapping[str, Any]) -> float:
        """The most characters a call may hold for :meth:`statistics` to count it in plain
        Python with these options, from :class:`Corpora` of the plain layout (no numpy, no
        pyarrow: a one-off call, :func:`ngram_core.ngrams.corpora.plain_layout` decides):
        ``math.inf`` for any size (the rule's own bound then holds), -1 (the default) where
        it has no such form; :meth:`result` then reads those statistics too."""
        return NO_PLAIN_FORM


# What a metric must fill in itself; every other member of Metric has a default.
REQUIRED = ("name", "OPTIONS", "headline", "statistics", "result", "scores")


def members() -> Tuple[str, ...]:
    """Every member of the protocol (attributes and methods), read off :class:`Metric`."""
    return tuple(sorted(set(Metric.__annotations__) | {n for n in vars(Metric) if not n.startswith("_")}))


def missing_members(metric: Any) -> List[str]:
    """What ``metric`` lacks of the protocol: of a :class:`Metric`, the :data:`REQUIRED`
    members it does not fill in; of any other object, every member it does not have."""
    if not isinstance(metric, Metric):
        return [name for name in members() if not hasattr(metric, name)]
    return [name for name in REQUIRED
            if not hasattr(metric, name) or getattr(type(metric), name, None) is getattr(Metric, name, None)]


def sentence_values(entry: Metric, options: Mapping[str, Any]) -> Dict[str, Any]:
    """The metric's resolved options for sentence-level scores: its ``sentence_options``
    where its chosen variant reads them, then the user's (checked now)."""
    if "return_segments" in options:
        raise TypeError("return_segments is not an option here: the scores are per segment already")
    given = dict(options)
    for name, value in entry.sentence_options.items():
        if name not in given and entry.OPTIONS.reads(name, given):
            given[name] = value
    return entry.OPTIONS.resolve(given)
