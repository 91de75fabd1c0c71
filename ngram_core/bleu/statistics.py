"""BLEU's sufficient statistics: the one layer every BLEU variant scores.

Per segment: hypothesis length c, closest and shortest reference lengths, and for
n = 1..N the clipped matches M_n (each hypothesis n-gram counts at most as often as
in the one reference that has it most) and the hypothesis n-grams T_n. The rows add
with ``+`` and sum to corpus totals; see :class:`BleuStatistics`. The n-gram
counting is the core's (``ngram_core.ngrams.index``), done once for whatever variant
scores the rows (``ngram_core.bleu.variants``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, List, Optional

from ..lazy import np

from .. import compiled
from . import row
from ..statistics import Statistics, segment_field
from ..ngrams.index import NgramMatches, TokenizedCorpus, clipped_match_counts


@dataclass
class BleuStatistics(Statistics):
    """BLEU's sufficient statistics, one row per segment; adds with ``+``.

    ``a + b`` is the statistics of the two corpora one after the other, so the
    corpus score of ``a + b`` is the score of the concatenated corpus; ``.sum()``
    reduces to a single row (what distributed evaluation exchanges). Each field
    declares how it combines (:mod:`ngram_core.statistics`).

    Besides what sacreBLEU needs, the rows carry what the other variants of
    ``ngram_core.bleu.variants`` read (each is derived from the same n-gram counts):
    the shortest reference length (evaluate's rule), which orders a hypothesis is
    too short for (NLTK counts such an order as one n-gram), and the last segment's
    hypothesis length and clipped 5-gram matches (NLTK's ``corpus_bleu`` smoothing
    methods 5 to 7 read its last segment). Those two are a row's own values in a
    segment row; ``.sum()`` keeps the last row's.
    """

    hyp_len: np.ndarray = segment_field("sum")  # (S,) hypothesis tokens
    ref_len: np.ndarray = segment_field("sum")  # (S,) closest reference length (ties: see bleu_statistics' ``ties``)
    matches: np.ndarray = segment_field("sum", ndim=2)  # (S, N) clipped n-gram matches
    totals: np.ndarray = segment_field("sum", ndim=2)  # (S, N) hypothesis n-grams
    n_refs: np.ndarray = segment_field("refs", derived=True)  # (S,) references
    shortest_ref_len: np.ndarray = segment_field("sum_known", derived=True)  # (S,), -1: unknown
    short_hyps: np.ndarray = segment_field("sum", ndim=2, derived=True)  # (S, N) 1: T_n = 0
    last_hyp_len: np.ndarray = segment_field("last", column=None)  # (S,): hyp_len in segment rows
    last_matches_5: np.ndarray = segment_field("last", column="matches_5", derived=True)  # (S,), -1: not counted

    def __post_init__(self) -> None:
        # Rows built from the first four columns alone (older callers, hand-made
        # statistics, older columns) are segment rows: derive what can be derived,
        # mark the rest unknown.
        S = len(self.hyp_len)
        if len(self.n_refs) != S:
            self.n_refs = np.zeros(S, dtype=np.int64)
        if len(self.shortest_ref_len) != S:
            self.shortest_ref_len = np.full(S, -1, dtype=np.int64)
        if self.short_hyps.shape != np.shape(self.totals):
            self.short_hyps = (np.asarray(self.totals) == 0).astype(np.int64)
        if len(self.last_hyp_len) != S:
            self.last_hyp_len = np.asarray(self.hyp_len, dtype=np.int64)
        if len(self.last_matches_5) != S:
            self.last_matches_5 = np.full(S, -1, dtype=np.int64)

    @property
    def max_order(self) -> int:
        return self.matches.shape[1]


def row_loops(rows: int):
    """:mod:`ngram_core.bleu.row`, or its functions compiled (:func:`ngram_core.compiled.compile_loops`),
    for a loop over ``rows`` rows: compiled where the process runs compiled, or from
    :data:`ngram_core.compiled.ROW_LOOPS_LARGE_INPUT_ROWS` rows on, unless compiled is set off."""
    if compiled.use(rows, compiled.ROW_LOOPS_LARGE_INPUT_ROWS):
        return compiled.compile_loops(row)
    return row


def reference_lengths(hyp_len: np.ndarray, ref_lens: np.ndarray, first_ties: bool = False):
    """(closest, shortest) reference length per row: :func:`ngram_core.bleu.row.reference_lengths_of`
    on every row (``ref_lens`` is (S, R) with -1 where a segment has fewer than R references),
    compiled or plain Python (:func:`row_loops`). Of two equally close references the
    shorter one wins, or with ``first_ties`` the one given first (torchmetrics' ``BLEUScore``)."""
    hyp_len = np.ascontiguousarray(hyp_len, dtype=np.int64)
    ref_lens = np.ascontiguousarray(ref_lens, dtype=np.int64)
    loops = row_loops(len(hyp_len))
    if loops is row:  # plain Python: on lists (a Python loop over numpy scalars is slower)
        closest, shortest = [0] * len(hyp_len), [0] * len(hyp_len)
        row.reference_lengths(hyp_len.tolist(), ref_lens.tolist(), first_ties, closest, shortest)
        return np.array(closest, dtype=np.int64), np.array(shortest, dtype=np.int64)
    closest, shortest = np.zeros(len(hyp_len), np.int64), np.zeros(len(hyp_len), np.int64)
    loops.reference_lengths(hyp_len, ref_lens, first_ties, closest, shortest)  # numba (cached)
    return closest, shortest


def closest_ref_length(hyp_len: np.ndarray, ref_lens: np.ndarray) -> np.ndarray:
    """Per row, the reference length closest to the hypothesis length; ties to the shorter.

    ``ref_lens`` is (S, R) with -1 where a segment has fewer than R references.
    """
    return reference_lengths(hyp_len, ref_lens)[0]


REFERENCE_TIES = ("shorter", "first")  # bleu_statistics' rules for equally close references


def shortest_ref_length(ref_lens: np.ndarray) -> np.ndarray:
    """Per row, the shortest reference length (``ref_lens`` as for :func:`closest_ref_length`)."""
    return reference_lengths(np.zeros(len(ref_lens), dtype=np.int64), ref_lens)[1]


def bleu_statistics(corpus: TokenizedCorpus, max_order: int,
                    matches: Optional[List[NgramMatches]] = None, count_5grams: bool = False,
                    ties: str = "shorter") -> BleuStatistics:
    """Per-segment BLEU statistics of a tokenized corpus (``matches``: ``match_ngrams``
    of the corpus, of at least ``max_order`` orders, when the caller has them).

    ``count_5grams=True`` also counts the clipped 5-gram matches that NLTK's smoothing
    methods 5 and 7 read (``last_matches_5``); otherwise they are -1 unless
    ``max_order`` is 5 or more. ``ties`` decides which of two equally close
    references gives ``ref_len``: ``"shorter"`` (sacreBLEU, NLTK, mteval, COCO) or
    ``"first"`` (torchmetrics: ``list.index`` of the smallest difference)."""
    if ties not in REFERENCE_TIES:
        raise ValueError(f"ties={ties!r} is not supported; use one of {', '.join(map(repr, REFERENCE_TIES))}")
    if matches is not None and len(matches) < max_order:
        raise ValueError(f"bleu_statistics(max_order={max_order}) needs matches of orders 1..{max_order}, got {len(matches)}")
    orders = max(max_order, 5) if count_5grams else max_order
    S = corpus.n_segments
    if matches is None or len(matches) < orders:
        counts = clipped_match_counts(corpus, orders)
    else:
        counts = np.stack([m.per_segment(S) for m in matches[:orders]], axis=1).astype(np.int64)
    hyp_len = corpus.hyp_lengths.astype(np.int64)
    totals = np.maximum(hyp_len[:, None] - np.arange(max_order), 0)
    ref_lens = corpus.ref_lengths()
    closest, shortest = reference_lengths(hyp_len, ref_lens, ties == "first")
    matches_5 = counts[:, 4] if counts.shape[1] >= 5 else np.full(S, -1, dtype=np.int64)
    counts = counts[:, :max_order]
    return BleuStatistics(
        hyp_len=hyp_len,
        ref_len=closest,
        matches=counts,
        totals=totals,
        n_refs=corpus.refs_per_segment.astype(np.int64),
        shortest_ref_len=shortest,
        short_hyps=(totals == 0).astype(np.int64),
        last_hyp_len=hyp_len,
        last_matches_5=matches_5,
    )
