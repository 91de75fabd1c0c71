"""NIST's statistics (see :mod:`ngram_core.nist` for the definition): the reference
n-gram counts of some segments in a mergeable form (:class:`NgramTable`), the
statistics that add with ``+`` (:class:`NistStatistics`), and :func:`nist_statistics`,
which counts them from a tokenized corpus.

Two implementations give the same statistics, array for array (the rule of
:func:`ngram_core.compiled.use` picks one): the array code reads the corpus-wide n-gram
ids of :class:`ngram_core.ngrams.index.NgramIndex` (pyarrow's hash tables, order by
order), and the compiled code numbers the n-grams and counts the clipped matches in two
loops (:func:`ngram_core.ngrams.kernels.corpus_ngram_ids` and
:func:`~ngram_core.ngrams.kernels.clipped_ngram_counts`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import chain
from typing import Any, Optional, Sequence, Tuple

from ..lazy import np

from .. import compiled
from ..ngrams.encoded import intern_strings
from ..ngrams.index import NgramIndex, TokenizedCorpus, factorize

_LOG2 = math.log(2)


# -- reference n-gram counts in a mergeable form ---------------------------------------
@dataclass(frozen=True)
class NgramTable:
    """Reference n-grams (orders 1..N) of some segments, with their counts.

    Row ``i`` is the n-gram ``prefix + (vocab[token[i]],)`` where ``prefix`` is row
    ``parent[i]`` (-1 for unigrams); the prefix of a reference n-gram is itself a
    reference n-gram, so every parent is in the table. ``count`` counts every
    reference slot (a reference shared by k segments counts k times).
    """

    vocab: Sequence[str]  # token string of each token id
    order: np.ndarray  # (K,) 1..N
    parent: np.ndarray  # (K,) row of the (n-1)-gram prefix, -1 for unigrams
    token: np.ndarray  # (K,) token id of the last token
    count: np.ndarray  # (K,) occurrences over every reference slot

    def __len__(self) -> int:
        return len(self.order)

    def merge(self, other: "NgramTable") -> Tuple["NgramTable", np.ndarray, np.ndarray]:
        """(the union with counts added, new row of each of self's rows, of other's)."""
        codes, vocab = intern_strings(chain(self.vocab, other.vocab))
        token = np.concatenate([codes[: len(self.vocab)][self.token], codes[len(self.vocab) :][other.token]])
        parent = np.concatenate([self.parent, np.where(other.parent >= 0, other.parent + len(self), -1)])
        order = np.concatenate([self.order, other.order])
        new_row = np.empty(len(order), dtype=np.int64)
        width = max(len(vocab), 1)
        next_row = 0
        # orders ascending: a prefix has its new row before its extensions need it
        for n in range(1, int(order.max(initial=0)) + 1):
            rows = np.flatnonzero(order == n)
            prefix = new_row[parent[rows]] if n > 1 else np.zeros(len(rows), dtype=np.int64)
            local, k = factorize(prefix * width + token[rows])
            new_row[rows] = next_row + local
            next_row += k
        merged_parent = np.full(next_row, -1, dtype=np.int64)
        has_parent = parent >= 0
        merged_parent[new_row[has_parent]] = new_row[parent[has_parent]]
        merged_token = np.zeros(next_row, dtype=np.int64)
        merged_token[new_row] = token
        merged_order = np.zeros(next_row, dtype=np.int64)
        merged_order[new_row] = order
        counts = np.zeros(next_row, dtype=np.int64)
        np.add.at(counts, new_row, np.concatenate([self.count, other.count]))
        table = NgramTable(vocab, merged_order, merged_parent, merged_token, counts)
        return table, new_row[: len(self)], new_row[len(self) :]

    def texts(self) -> list:
        """Each row's n-gram as its tokens joined by spaces (for inspection and tests)."""
        vocab = self.vocab
        out = [""] * len(self)
        for row in np.argsort(self.order, kind="stable"):
            word = vocab[self.token[row]]
            out[row] = word if self.parent[row] < 0 else out[self.parent[row]] + " " + word
        return out

    def information(self, total_words: int, mteval_quirks: bool = False) -> np.ndarray:
        """info(g) in bits for every row: log2(count(prefix) / count(g)), unigrams log2(words / count(g))."""
        count = self.count.astype(np.float64)
        numerator = np.where(self.parent >= 0, count[np.maximum(self.parent, 0)], float(total_words))
        if mteval_quirks:
            # Perl's `$mgram ? ... : $tot_wrds`: the one-token prefix "0" is false
            zero = [i for i, word in enumerate(self.vocab) if word == "0"]
            if len(zero):
                prefix_token = self.token[np.maximum(self.parent, 0)]
                quirk = (self.order == 2) & np.isin(prefix_token, zero)
                numerator = np.where(quirk, float(total_words), numerator)
        from ..ngrams import libm  # the C library's log, as Perl's (numba, cached)

        with np.errstate(divide="ignore"):
            # mteval's expression, -log(count / numerator) / log 2, for the same bits
            return -libm.log(count / numerator) / _LOG2


# -- statistics --------------------------------------------------------------------------
@dataclass(frozen=True)
class NistStatistics:
    """NIST's sufficient statistics of some segments; adds with ``+``.

    Per segment: hypothesis words, summed reference words, number of references,
    hypothesis n-grams per order. Per matched (segment, n-gram): the clipped count,
    with the n-gram a row of ``table`` (the reference n-gram counts of these
    segments). ``a + b`` is the statistics of the two corpora one after the other:
    its scores are those of the concatenated corpus (see the module docstring).
    """

    hyp_len: np.ndarray  # (S,) hypothesis words
    ref_words: np.ndarray  # (S,) words of all the segment's references together
    n_refs: np.ndarray  # (S,) references of the segment
    totals: np.ndarray  # (S, N) hypothesis n-grams
    match_segment: np.ndarray  # (M,) segment of each matched n-gram
    match_ngram: np.ndarray  # (M,) its row in ``table``
    match_count: np.ndarray  # (M,) hypothesis count clipped by the best reference
    table: NgramTable

    @property
    def max_order(self) -> int:
        return self.totals.shape[1]

    def __len__(self) -> int:
        return len(self.hyp_len)

    def __add__(self, other: "NistStatistics") -> "NistStatistics":
        if not isinstance(other, NistStatistics):
            return NotImplemented
        if other.max_order != self.max_order:
            raise ValueError(f"cannot add NIST statistics of n={self.max_order} and n={other.max_order}")
        table, rows_a, rows_b = self.table.merge(other.table)
        return NistStatistics(
            hyp_len=np.concatenate([self.hyp_len, other.hyp_len]),
            ref_words=np.concatenate([self.ref_words, other.ref_words]),
            n_refs=np.concatenate([self.n_refs, other.n_refs]),
            totals=np.concatenate([self.totals, other.totals]),
            match_segment=np.concatenate([self.match_segment, other.match_segment + len(self)]),
            match_ngram=np.concatenate([rows_a[self.match_ngram], rows_b[other.match_ngram]]),
            match_count=np.concatenate([self.match_count, other.match_count]),
            table=table,
        )

    def __radd__(self, other: Any) -> "NistStatistics":
        if other == 0:  # sum() starts from 0
            return self
        return NotImplemented


def nist_statistics(corpus: TokenizedCorpus, max_order: int = 5, index: Optional[NgramIndex] = None) -> NistStatistics:
    """Per-segment NIST statistics of a tokenized corpus.

    ``index``: an :class:`NgramIndex` of the corpus already built (of ``max_order`` or
    more), which the array code reads; without one the rule of
    :func:`ngram_core.compiled.use` chooses the compiled kernels or the array code (both
    give the same statistics, array for array).
    """
    if index is not None and index.max_order < max_order:
        raise ValueError(f"nist_statistics(max_order={max_order}) needs an NgramIndex of order {max_order} or more")
    if index is None and compiled.use(len(corpus.texts.ids)):
        table, (match_segment, match_ngram, match_count) = _compiled_table(corpus, max_order)
    else:
        table, (match_segment, match_ngram, match_count) = _array_table(
            corpus, max_order, index if index is not None else NgramIndex(corpus, max_order))
    ref_lengths = corpus.ref_lengths()
    hyp_len = corpus.hyp_lengths.astype(np.int64)
    return NistStatistics(
        hyp_len=hyp_len,
        ref_words=np.where(ref_lengths >= 0, ref_lengths, 0).sum(axis=1).astype(np.int64),
        n_refs=corpus.refs_per_segment.astype(np.int64),
        totals=np.stack([np.maximum(hyp_len - (n - 1), 0) for n in range(1, max_order + 1)], axis=1),
        match_segment=match_segment,
        match_ngram=match_ngram,
        match_count=match_count,
        table=table,
    )


def _array_table(corpus: TokenizedCorpus, max_order: int, index: NgramIndex) -> Tuple[NgramTable, tuple]:
    """The table of reference n-grams and the matches (segment, table row, clipped count),
    from an :class:`NgramIndex`: rows by order, then id, for the ids in some reference."""
    slots = corpus.ref_multiplicity()
    ids = corpus.texts.ids
    orders, parents, tokens, counts = [], [], [], []
    segments, ngrams, clipped = [], [], []
    row_of_prev = None
    next_row = 0
    for n in range(1, max_order + 1):
        size = index.n_ngrams[n - 1]
        # reference positions of order n; each weighs as many slots as use its reference
        starts, grams = index.starts[n - 1], index.grams[n - 1]
        cut = np.searchsorted(starts, index.hyp_positions)
        starts, grams = starts[cut:], grams[cut:]
        weight = slots[index.text_of[starts] - corpus.n_segments]
        per_gram = np.bincount(grams, weights=weight, minlength=size).astype(np.int64)
        present = np.flatnonzero(per_gram)
        row_of = np.full(size, -1, dtype=np.int64)
        row_of[present] = next_row + np.arange(len(present))
        next_row += len(present)
        if n == 1:
            last = present  # unigram ids are token ids
            parents.append(np.full(len(present), -1, dtype=np.int64))
        else:
            last_token = np.zeros(size, dtype=np.int64)
            last_token[grams] = ids[starts + n - 1]
            last = last_token[present]
            parents.append(row_of_prev[index.prefix[n - 1][present]])
        orders.append(np.full(len(present), n, dtype=np.int64))
        tokens.append(last)
        counts.append(per_gram[present])
        matched = index.clipped(n)
        segments.append(matched.segment)
        ngrams.append(row_of[matched.ngram])
        clipped.append(matched.clipped)
        row_of_prev = row_of
    table = NgramTable(vocab=corpus.texts.vocab, order=np.concatenate(orders), parent=np.concatenate(parents),
                       token=np.concatenate(tokens), count=np.concatenate(counts))
    return table, tuple(np.concatenate(parts).astype(np.int64, copy=False) for parts in (segments, ngrams, clipped))


def _compiled_table(corpus: TokenizedCorpus, max_order: int) -> Tuple[NgramTable, tuple]:
    """:func:`_array_table`'s values, from the compiled kernels (the same ids: see
    :func:`ngram_core.ngrams.kernels.reference_ngram_ids`).

    Memory, linear in the corpus: the id of every reference n-gram at every reference
    position (8 x ``max_order`` bytes per token of the distinct references), at most 64
    bytes per n-gram id (there are at most the vocabulary + (``max_order`` - 1) x
    reference tokens), a hash table of at most 64 bytes per reference token, and at
    most 80 bytes per matched (segment, n-gram) (at most ``max_order`` per hypothesis
    token) while they are collected and put in order.
    """
    kernels = compiled.kernels()
    texts = corpus.texts
    ids = texts.ids.astype(np.int64, copy=False)
    offsets = texts.offsets.astype(np.int64, copy=False)
    ref_table = corpus.ref_table.astype(np.int64, copy=False)
    vocab_size = max(len(texts.vocab), 1)
    gram, n_ngrams, prefix, last, count = kernels.reference_ngram_ids(
        ids, offsets, corpus.n_segments, max_order, vocab_size, corpus.ref_multiplicity().astype(np.int64))
    # segments with the same references one after the other: their n-grams are hashed once
    S = corpus.n_segments
    by_set = (np.lexsort(ref_table.T) if ref_table.shape[1] else np.arange(S)).astype(np.int64)
    # the segments (in by_set's order) split by their hypothesis tokens over the threads
    # (compiled.threads): each part writes its own segments' entries of seg_first and per_order
    seg_first, per_order = np.zeros(S, np.int64), np.zeros((max_order, S), np.int64)
    bounds = compiled.split_points(texts.lengths[:S][by_set], compiled.threads(len(ids)) if S else 1)
    parts = compiled.run_parts(kernels.clipped_ngram_matches, [
        (ids, offsets, ref_table, S, gram, n_ngrams, vocab_size, by_set, start, stop, seg_first, per_order)
        for start, stop in zip(bounds, bounds[1:])])
    del gram
    rows = [len(out_id) for out_id, _ in parts]
    for k in range(1, len(parts)):  # a later part's rows come after the earlier parts'
        seg_first[by_set[bounds[k]:bounds[k + 1]]] += sum(rows[:k])
    out_id, out_clip = (parts[0][j] if len(parts) == 1 else np.concatenate([part[j] for part in parts])
                        for j in (0, 1))
    order, segment, ngram, clipped = kernels.matches_in_order(n_ngrams, seg_first, per_order, out_id, out_clip)
    table_order, parent, token, table_count, match_row = kernels.ngram_table_rows(
        n_ngrams, prefix, last, count, order, ngram)
    table = NgramTable(vocab=texts.vocab, order=table_order, parent=parent, token=token, count=table_count)
    return table, (segment, match_row, clipped)
