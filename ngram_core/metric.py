"""What a metric is to the rest of the package: the :class:`Metric` protocol.

Every way in (``score_all``, the ``datasets`` and ``torch.distributed`` reducers,
significance, the command line, the Space) loops over the metrics of
:mod:`ngram_core.registry` and asks each one only what this protocol declares; none
of them names a metric. sacreBLEU's ``metrics/base.py`` has the same two steps at its
heart (``_extract_corpus_statistics``, ``_compute_score_from_stats``): here
:meth:`Metric.statistics` (per-segment statistics that add with ``+``) and
:meth:`Metric.result` (the result dictionary, signature included, from per-segment or
summed statistics). The rest moves those statistics around:

- ``columns`` / ``from_columns``: the statistics as plain columns, one row per segment
  (ints, floats, lists, strings: what Arrow stores) and back;
- ``reduce``: the statistics of every rank's segments over a :class:`Wire`
  (``torch.distributed``: sums, maxima and gathered objects);
- ``part``: one system's statistics out of several systems' one after the other;
- ``scores``: the :class:`Adapter` (s) the significance tests resample: additive
  ``(S, K)`` rows and the scores of summed rows;
- ``segment_scores``, ``details``, ``segment_details``: what the command line and
  the Space print.

Per-variant differences (METEOR 1.5 against NLTK's METEOR, the BLEU variants) stay
inside the metric. :class:`MetricBase` gives the defaults a metric may keep.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, List, Mapping, Optional, Protocol, Sequence, Tuple,
                    runtime_checkable)

from .lazy import np

from .options import OptionSet

if TYPE_CHECKING:
    from .ngrams.index import NgramIndex, NgramMatches, TokenizedCorpus

# A shared tokenization: (tokenizer name, lowercasing: False, True or "ascii").
CorpusKey = Tuple[str, Any]


def corpus_key(tokenize: str, lowercase: Any) -> CorpusKey:
    """The key of a tokenized corpus: lowercasing is ``"ascii"`` or a bool."""
    return tokenize, "ascii" if lowercase == "ascii" else bool(lowercase)


class Corpora:
    """The checked texts, and their tokenized corpora, n-gram matches and indexes, each
    built once per (tokenizer, lowercasing) setting for every metric that shares it.

    ``orders`` gives, per setting, the largest n-gram order any metric asked for
    (:meth:`Metric.ngram_order`): the matches and indexes are counted once, to that order.
    """

    def __init__(self, hyps: List[str], refs: List[List[str]], orders: Dict[CorpusKey, int]) -> None:
        self.hyps, self.refs, self.orders = hyps, refs, orders
        self._corpora: Dict[CorpusKey, TokenizedCorpus] = {}
        self._indexes: Dict[CorpusKey, NgramIndex] = {}
        self._matches: Dict[CorpusKey, List[NgramMatches]] = {}

    @classmethod
    def of(cls, hyps: List[str], refs: List[List[str]], chosen: Iterable[Tuple["Metric", Mapping[str, Any]]]
           ) -> "Corpora":
        """The corpora the ``chosen`` metrics (each with its resolved options) read: every
        (tokenizer, lowercasing) setting one of them asks for, matched to the largest order asked."""
        orders: Dict[CorpusKey, int] = {}
        for metric, options in chosen:
            key, order = metric.tokenization(options), metric.ngram_order(options)
            if key is not None and order:
                orders[key] = max(orders.get(key, 1), order)
        return cls(hyps, refs, orders)

    def corpus(self, tokenize: str, lowercase: Any) -> TokenizedCorpus:
        from .ngrams.index import ascii_lowercase, tokenize_corpus  # (the array code: numpy, on first need)

        key = corpus_key(tokenize, lowercase)
        if key not in self._corpora:
            if key[1] == "ascii":
                self._corpora[key] = ascii_lowercase(self.corpus(tokenize, False))
            else:
                self._corpora[key] = tokenize_corpus(self.hyps, self.refs, tokenize, key[1])
        return self._corpora[key]

    def index(self, tokenize: str, lowercase: Any) -> NgramIndex:
        from .ngrams.index import NgramIndex

        key = corpus_key(tokenize, lowercase)
        if key not in self._indexes:
            self._indexes[key] = NgramIndex(self.corpus(tokenize, lowercase), self.orders[key],
                                            self.matches(tokenize, lowercase))
        return self._indexes[key]

    def matches(self, tokenize: str, lowercase: Any) -> List[NgramMatches]:
        from .ngrams.index import match_ngrams

        key = corpus_key(tokenize, lowercase)
        if key not in self._matches:
            self._matches[key] = match_ngrams(self.corpus(tokenize, lowercase), self.orders[key])
        return self._matches[key]


@dataclass(frozen=True)
class Adapter:
    """One score of one metric as the significance tests see it.

    ``rows(statistics)`` -> ``(S, K)`` int or float array, additive over segments;
    ``scores(sums)``: ``(B, K)`` summed rows -> ``(B,)`` float scores;
    ``sum_dtype``: the dtype bootstrap sums are handed to ``scores`` in
    (float32 for BLEU, as sacreBLEU; float64 otherwise); ``width``: the decimals the
    command line prints by default.
    """

    name: str
    rows: Callable[[Any], np.ndarray]
    scores: Callable[[np.ndarray], np.ndarray]
    sum_dtype: Any = "float64"  # a numpy dtype, or its name
    width: int = 4


class Wire(Protocol):
    """The collective operations a metric's :meth:`Metric.reduce` may use (every rank
    calls them in the same order): element-wise sums and maxima of equal-length numeric
    vectors, every rank's object in rank order, and this rank's number."""

    rank: int

    def sum(self, values: np.ndarray) -> np.ndarray: ...

    def max(self, values: np.ndarray) -> np.ndarray: ...

    def gather(self, value: Any) -> List[Any]: ...


_NO_SEGMENTS = 2 ** 63 - 1  # (the largest int64)


def global_n_refs(n_refs: np.ndarray, wire: Wire) -> np.ndarray:
    """Per-segment reference counts standing for the whole corpus, for the signature's
    ``nrefs`` field: [fewest] or [fewest, most] over every rank (empty: no segments)."""
    local = np.array([-(n_refs.min() if len(n_refs) else _NO_SEGMENTS), n_refs.max(initial=0)], dtype=np.int64)
    neg_fewest, most = wire.max(local)
    fewest = -neg_fewest
    if fewest == _NO_SEGMENTS:
        return np.zeros(0, dtype=np.int64)
    return np.array([fewest] if fewest == most else [fewest, most], dtype=np.int64)


def int_column(column: Any) -> np.ndarray:
    """A column of ints (a list, or a ``datasets`` column) as an int64 array."""
    return np.asarray(list(column), dtype=np.int64)


@runtime_checkable
class Metric(Protocol):
    """A metric, as every way in sees it (see the module docstring).

    Attributes: ``name`` (the key of its result and of its options, ``-m`` on the
    command line), ``OPTIONS`` (its one :class:`~ngram_core.options.OptionSet`),
    ``headline`` (the key of its headline number in the result dictionary),
    ``width`` (the decimals the command line prints its scores with by default),
    ``sentence_options`` (its options for sentence-level use, over the user's),
    ``segment_score_doc`` (what its segment scores are, in a few words),
    ``flag_aliases`` (option -> further command-line spellings), and ``shown`` and
    ``shown_decimals`` (the key and decimals of the number the Space shows first, on the
    command line's scale: BLEU's 0-100 ``score``; None: ``headline``).
    """

    name: str
    OPTIONS: OptionSet
    headline: str
    width: int
    shown: Optional[str]
    shown_decimals: int
    sentence_options: Mapping[str, Any]
    segment_score_doc: str
    flag_aliases: Mapping[str, Tuple[str, ...]]

    def tokenization(self, options: Mapping[str, Any]) -> Optional[CorpusKey]:
        """The shared tokenized corpus it reads (see :class:`Corpora`), or None if it
        tokenizes the texts itself."""

    def ngram_order(self, options: Mapping[str, Any]) -> int:
        """The n-gram order it needs matched in that corpus (0: none)."""

    def statistics(self, corpora: Corpora, options: Mapping[str, Any]) -> Any:
        """Per-segment statistics (they add with ``+`` and slice by segment)."""

    def empty_statistics(self, options: Mapping[str, Any]) -> Any:
        """The statistics of no segments."""

    def result(self, stats: Any, options: Mapping[str, Any]) -> Dict[str, Any]:
        """The result dictionary, signature included, from per-segment or summed statistics."""

    def columns(self, stats: Any, corpora: Corpora, options: Mapping[str, Any]) -> Dict[str, list]:
        """The statistics as plain columns, one row per segment, names prefixed by ``name``."""

    def has_columns(self, names: Sequence[str]) -> bool:
        """Whether columns of its statistics are among ``names``."""

    def from_columns(self, columns: Mapping[str, Any], names: Sequence[str]) -> Any:
        """The statistics of all rows of its columns (``names``: the columns present)."""

    def reduce(self, stats: Any, wire: Wire) -> Any:
        """The statistics of every rank's segments, on every rank."""

    def part(self, stats: Any, start: int, stop: int, copies: int) -> Any:
        """Segments ``start:stop`` of the statistics of ``copies`` systems one after the
        other on the same references, as the statistics of that system alone."""

    def scores(self, options: Mapping[str, Any]) -> List[Adapter]:
        """The scores the significance tests resample, with their rows."""

    def segment_scores(self, stats: Any, options: Mapping[str, Any]) -> np.ndarray:
        """Each segment's score (``options``: its resolved options)."""

    def details(self, result: Mapping[str, Any]) -> str:
        """The command line's verbose part of a result (sacreBLEU's for BLEU)."""

    def plain_scorer(self, hypotheses: List[str], references: List[List[str]],
                     options: Mapping[str, Any]) -> Optional[Callable[[], Dict[str, Any]]]:
        """A function that computes this call's result dictionary in plain Python, with no
        numpy or pyarrow (a one-off call: :func:`ngram_core.compiled.plain`), or None where
        the metric has no such form or the rule runs the array code (checked texts,
        resolved options). Deciding costs nothing; the work is the function's."""

    def printed_scores(self, result: Mapping[str, Any], options: Mapping[str, Any]) -> Dict[str, float]:
        """The scores of :meth:`scores` (by their names), read from a result dictionary:
        what the command line prints for a :meth:`plain_scorer`'s result."""

    def segment_details(self, stats: Any, options: Mapping[str, Any]) -> List[str]:
        """The verbose part of each segment's score ("" for none)."""

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        options: Mapping[str, Any]) -> np.ndarray:
        """Each hypothesis's score against its own references, as the metric scores a
        one-segment corpus (``options``: resolved; the ``segment_scores`` of
        :meth:`result`, 0-1 for BLEU and METEOR): what rewards return."""

    def pair_scorer(self, candidates: List[str], references: List[str],
                    options: Mapping[str, Any]) -> Callable[[int, int], np.ndarray]:
        """``scorer(start, stop)`` -> (stop - start, len(references)) float64: candidates
        ``start:stop``, each against every reference as its only reference (each text
        prepared once; ``references is candidates``: the candidates against each other).
        What :func:`ngram_core.pairwise` fills its matrix with, block by block."""


class MetricBase:
    """Defaults a :class:`Metric` may keep: the shared corpus of its ``tokenize`` and
    ``lowercase`` options with no n-grams, statistics that slice by segment, no
    sentence-level options, aliases or details."""

    sentence_options: Mapping[str, Any] = {}
    segment_score_doc: str = "segment score"
    flag_aliases: Mapping[str, Tuple[str, ...]] = {}
    shown: Optional[str] = None  # the headline
    shown_decimals: int = 4

    def tokenization(self, options: Mapping[str, Any]) -> Optional[CorpusKey]:
        return corpus_key(options["tokenize"], options["lowercase"])

    def ngram_order(self, options: Mapping[str, Any]) -> int:
        return 0

    def has_columns(self, names: Sequence[str]) -> bool:
        return any(name.startswith(f"{self.name}_") for name in names)  # type: ignore[attr-defined]

    def part(self, stats: Any, start: int, stop: int, copies: int) -> Any:
        return stats[start:stop]

    def segment_scores(self, stats: Any, options: Mapping[str, Any]) -> np.ndarray:
        """The ``segment_scores`` of its result with ``return_segments=True``."""
        result = self.result(stats, {**options, "return_segments": True})  # type: ignore[attr-defined]
        return np.asarray(result["segment_scores"], dtype=np.float64)

    # Whether a segment's score depends on the statistics of the whole corpus (NIST's
    # information weights): an engine then makes a first pass for them (ngram_core.engines).
    segment_scores_need_corpus: bool = False

    def within_corpus(self, stats: Any, corpus: Any) -> Any:
        """Statistics whose first ``len(stats)`` segments score as ``stats``' segments do
        within a corpus whose reduced statistics (:meth:`reduce`) are ``corpus``; by
        default a segment's score does not depend on the corpus."""
        return stats

    def details(self, result: Mapping[str, Any]) -> str:
        return ""

    def plain_scorer(self, hypotheses: List[str], references: List[List[str]],
                     options: Mapping[str, Any]) -> Optional[Callable[[], Dict[str, Any]]]:
        return None  # no plain-Python form: the array code

    def printed_scores(self, result: Mapping[str, Any], options: Mapping[str, Any]) -> Dict[str, float]:
        """One score named as the metric in capitals: the number the Space shows (``shown``,
        else ``headline``). A metric with other or more scores overrides this."""
        return {self.name.upper(): float(result[self.shown or self.headline])}  # type: ignore[attr-defined]

    def segment_details(self, stats: Any, options: Mapping[str, Any]) -> List[str]:
        return [""] * len(stats)

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        options: Mapping[str, Any]) -> np.ndarray:
        """Through the protocol's two steps: :meth:`statistics`, then :meth:`result`'s ``segment_scores``."""
        stats = self.statistics(Corpora.of(hypotheses, references, [(self, options)]), options)  # type: ignore[attr-defined]
        return self.segment_scores(stats, options)

    def pair_scorer(self, candidates: List[str], references: List[str],
                    options: Mapping[str, Any]) -> Callable[[int, int], np.ndarray]:
        """Every pair of a block as one corpus of :meth:`sentence_scores` (a metric that
        prepares each distinct text once per corpus, as METEOR 1.5 does, prepares it once per block)."""
        M = len(references)
        single = [[r] for r in references]

        def scorer(start: int, stop: int) -> np.ndarray:
            rows = candidates[start:stop]
            hypotheses = [c for c in rows for _ in range(M)]
            scores = self.sentence_scores(hypotheses, single * len(rows), options)
            return scores.reshape(len(rows), M)

        return scorer


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
