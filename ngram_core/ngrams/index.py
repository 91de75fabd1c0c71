"""N-gram statistics of a whole corpus at once: the layer BLEU and NIST share.

A corpus is tokenized once (``tokenize_corpus``): hypotheses and the *distinct*
reference strings go through one encoder, so a reference that several segments
share is tokenized once. N-grams are numbered densely, order by order (an n-gram's
number is the number of the pair (its (n-1)-gram, its last token)), by hashing
integer keys; there is no per-segment Python loop and no ``Counter``.

``match_ngrams`` finds, order by order, the hypothesis n-gram occurrences that count
as clipped matches against the segment's references: BLEU's numerator. It numbers
n-grams within each set of references, and an n-gram that occurs on one side only
drops out together with every longer n-gram that contains it, so the work shrinks
with the order. ``NgramIndex`` adds the corpus-wide numbering of every reference
n-gram that NIST's information weights and mergeable statistics need.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import ClassVar, List, Optional, Sequence

from ..lazy import np

from .. import compiled
from .corpus import SMALL_INPUT_TEXTS, encode_texts, small_input
from .encoded import EncodedTexts, offsets_from_counts



@dataclass(frozen=True)
class TokenizedCorpus:
    """Hypotheses and references of a corpus as token ids in one vocabulary.

    ``texts`` holds the ``n_segments`` hypotheses first, then each distinct
    reference string once. ``ref_table[s, j]`` is the index (among the distinct
    references) of segment ``s``'s ``j``-th reference, or -1 where ``s`` has fewer
    references than the widest segment.
    """

    texts: EncodedTexts
    n_segments: int
    ref_table: np.ndarray
    plain: ClassVar[bool] = False  # the array layout (:mod:`ngram_core.ngrams.corpora`)

    @property
    def hyp_lengths(self) -> np.ndarray:
        return self.texts.lengths[: self.n_segments]

    @property
    def distinct_ref_lengths(self) -> np.ndarray:
        return self.texts.lengths[self.n_segments :]

    @property
    def refs_per_segment(self) -> np.ndarray:
        return (self.ref_table >= 0).sum(axis=1)

    def ref_lengths(self) -> np.ndarray:
        """(n_segments, max_refs) token counts of each reference, -1 where absent."""
        lengths = self.distinct_ref_lengths[np.maximum(self.ref_table, 0)]
        return np.where(self.ref_table >= 0, lengths, -1)

    def ref_multiplicity(self) -> np.ndarray:
        """How many (segment, reference) slots use each distinct reference."""
        used = self.ref_table[self.ref_table >= 0]
        return np.bincount(used, minlength=len(self.texts) - self.n_segments)


def tokenize_corpus(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    tokenize: str = "13a",
    lowercase=False,
) -> TokenizedCorpus:
    """Tokenize checked input (one list of references per hypothesis) once: the one road
    from texts to a tokenized corpus, for every size and every ``lowercase`` (``False``,
    ``True``, ``"ascii"``: :mod:`ngram_core.tokenizers.casing`). Up to
    ``SMALL_INPUT_TEXTS`` references (more where 13a runs compiled: ``small_input``) a
    dictionary finds the distinct ones, above that pyarrow; :func:`~ngram_core.ngrams.corpus.encode_texts` makes the same choice for the
    tokens."""
    compiled.count_call()  # (a process that tokenizes corpus after corpus is long-running)
    n = len(hypotheses)
    counts = np.fromiter(map(len, references), dtype=np.int64, count=n)
    flat = list(chain.from_iterable(references))
    if small_input(len(flat), tokenize):  # a dict beats pyarrow's and numpy's fixed costs
        distinct = list(dict.fromkeys(flat))
        codes = np.fromiter(map(dict(zip(distinct, range(len(distinct)))).__getitem__, flat), dtype=np.int64,
                            count=len(flat))
    else:
        import pyarrow.compute as pc  # (on first need: a small call never imports pyarrow)

        from .. import arrow_arrays

        encoded = pc.dictionary_encode(arrow_arrays.strings(flat), memory_pool=arrow_arrays.pool())
        codes = arrow_arrays.to_numpy(encoded.indices).astype(np.int64)
        distinct = encoded.dictionary.to_pylist()
    texts = encode_texts(list(hypotheses) + distinct, tokenize, lowercase)
    return TokenizedCorpus(texts=texts, n_segments=n, ref_table=reference_rows(codes, counts))


def reference_rows(codes: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """:attr:`TokenizedCorpus.ref_table` from the distinct references' indices of every
    (segment, reference) in order (``codes``) and each segment's number of references."""
    n = len(counts)
    width = int(counts.max()) if n else 0
    if n and int(counts.min()) == width:  # (as many references everywhere: one per segment, usually)
        return codes.reshape(n, width)
    table = np.full((n, width), -1, dtype=np.int64)
    rows = np.repeat(np.arange(n), counts)
    cols = np.arange(len(codes)) - np.repeat(np.cumsum(counts) - counts, counts)
    table[rows, cols] = codes
    return table


SMALL_KEYS = 4096  # up to this many keys, hash-free numpy (no pyarrow to import); measured below


def factorize(keys: np.ndarray):
    """Dense codes 0..k-1 for int64 ``keys`` (equal keys, equal codes) and k.

    Codes follow the order of first appearance. pyarrow hashes the keys (an exact hash
    table, no sorting): several times faster than argsort on millions of keys, and
    within 30% of pandas.factorize without pandas' 0.4 s import. Up to
    :data:`SMALL_KEYS` keys numpy's sort does it in the same time (0.02-0.04 ms at 100
    to 1,000 keys against pyarrow's 0.015-0.024; 0.7 against 0.12 ms at 10,000), and a
    small call then never imports pyarrow (0.05-0.2 s and about 25 MiB).
    """
    if len(keys) == 0:
        return np.zeros(0, dtype=np.int64), 0
    if len(keys) <= SMALL_KEYS:
        distinct, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        rank = np.empty(len(distinct), dtype=np.int64)
        rank[np.argsort(first, kind="stable")] = np.arange(len(distinct))
        return rank[inverse.reshape(-1)], len(distinct)
    import pyarrow.compute as pc

    from .. import arrow_arrays

    encoded = pc.dictionary_encode(arrow_arrays.int64s(keys), memory_pool=arrow_arrays.pool())
    codes = arrow_arrays.to_numpy(encoded.indices).astype(np.int64, copy=False)
    return codes, len(encoded.dictionary)


def is_in(values: np.ndarray, value_set: np.ndarray) -> np.ndarray:
    """Whether each of the int64 ``values`` is in ``value_set`` (pyarrow's hash, or numpy's
    sort up to :data:`SMALL_KEYS` values, as :func:`factorize`)."""
    if len(values) + len(value_set) <= SMALL_KEYS:
        return np.isin(values, value_set)
    import pyarrow.compute as pc

    from .. import arrow_arrays

    found = pc.is_in(arrow_arrays.int64s(values), value_set=arrow_arrays.int64s(value_set),
                     memory_pool=arrow_arrays.pool())
    return arrow_arrays.to_numpy(found)


def _count_distinct(keys: np.ndarray):
    """(distinct sorted keys, their counts).

    Callers pass ``text * size + id`` keys in position order, sorted by text already:
    a stable sort (timsort, which merges presorted runs) is several times faster on
    them than the default quicksort.
    """
    if len(keys) == 0:
        return keys, np.zeros(0, dtype=np.int64)
    keys = np.sort(keys, kind="stable")
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    counts = np.diff(np.append(starts, len(keys)))
    return keys[starts], counts


def reference_sets(ref_table: np.ndarray):
    """(id of each segment's set of references, number of distinct sets).

    Segments whose rows of ``ref_table`` are equal (every system's output of one source
    sentence, say) share a reference set.
    """
    code = np.zeros(len(ref_table), dtype=np.int64)
    width = int(ref_table.max(initial=-1)) + 2
    n_sets = 1 if len(ref_table) else 0
    for j in range(ref_table.shape[1]):
        code, n_sets = factorize(code * width + ref_table[:, j] + 1)
    return code, n_sets


def occurrence_ranks(keys: np.ndarray):
    """(rank, repeated): for each key, its occurrence number among equal keys (1 for the
    first, in array order) and whether its key occurs more than once.

    A stable sort groups equal keys in array order; keys that are sorted by text
    already (as ``text * size + code`` in position order is) sort in a few passes.
    """
    order = np.argsort(keys, kind="stable")
    sorted_keys = keys[order]
    same_as_previous = sorted_keys[1:] == sorted_keys[:-1]
    repeated_sorted = np.zeros(len(keys), dtype=bool)
    repeated_sorted[1:] = same_as_previous
    repeated_sorted[:-1] |= same_as_previous
    at = np.flatnonzero(repeated_sorted)  # usually few: only keys that occur twice or more
    group_start = np.where(np.concatenate(([True], ~same_as_previous))[at], at, 0)
    rank = np.ones(len(keys), dtype=np.int64)
    rank[order[at]] = at - np.maximum.accumulate(group_start) + 1
    repeated = np.zeros(len(keys), dtype=bool)
    repeated[order[at]] = True
    return rank, repeated


@dataclass(frozen=True)
class NgramMatches:
    """The hypothesis n-grams of one order that occur in some reference of their segment.

    ``positions`` are their start positions in ``corpus.texts.ids`` (sorted), ``segment``
    their segments, ``source`` a start position of the same n-gram in one of the
    segment's references (also in ``corpus.texts.ids``); ``matched`` marks the occurrences that count after clipping: the
    k-th occurrence of an n-gram in a hypothesis counts if some one reference of the
    segment has the n-gram k times or more. So ``matched.sum()`` over a segment is
    its clipped n-gram matches, BLEU's numerator.
    """

    positions: np.ndarray
    segment: np.ndarray
    source: np.ndarray
    matched: np.ndarray

    def per_segment(self, n_segments: int) -> np.ndarray:
        """Clipped matches of each segment."""
        return np.bincount(self.segment[self.matched], minlength=n_segments).astype(np.int64)


def match_ngrams(corpus: TokenizedCorpus, max_order: int) -> List[NgramMatches]:
    """Clipped n-gram matches of every hypothesis, orders 1..max_order.

    Segments with the same references share a *reference set*. Every hypothesis and
    every (reference set, reference) pair is one text of a combined array. N-grams are
    numbered *within a reference set*: order 1 numbers (set, token) pairs, order n the
    pairs (order n-1 number at p, token p+n-1). An occurrence whose number appears only
    on one side (hypotheses or references) can never match, and neither can a longer
    n-gram that starts or ends with it: order n only numbers the positions p where the
    order n-1 n-grams at p and p+1 occur on both sides. The arrays shrink fast with the
    order, and every number is one exact hash (no sorting of the whole corpus).

    Clipping: the k-th occurrence of an n-gram in a hypothesis matches if the n-gram
    occurs k times in one of the segment's references, i.e. if some reference has a
    k-th occurrence with the same number. Occurrence ranks come from a stable sort by
    (text, number); from order 2 on, only where the order n-1 prefix was repeated in
    its text (elsewhere the rank is 1), which is rare.
    """
    texts = corpus.texts
    S = corpus.n_segments
    ids = texts.ids
    vocab_size = max(len(texts.vocab), 1)
    ref_set, _ = reference_sets(corpus.ref_table)
    # one text per distinct (reference set, reference): usually one per distinct reference
    seg, col = np.nonzero(corpus.ref_table >= 0)
    n_refs = max(len(texts) - S, 1)
    pairs = np.sort(ref_set[seg] * n_refs + corpus.ref_table[seg, col])  # their distinct values (not
    pairs = pairs[np.concatenate(([True], pairs[1:] != pairs[:-1]))[:len(pairs)]]  # np.unique: it imports numpy.ma)
    inst_set, inst_ref = pairs // n_refs, pairs % n_refs
    inst_len = texts.lengths[S:][inst_ref]
    n_hyp_tokens = int(texts.offsets[S])
    gather = np.arange(int(inst_len.sum()), dtype=np.int64) + np.repeat(
        texts.offsets[S:-1][inst_ref] - offsets_from_counts(inst_len)[:-1], inst_len)
    origin = np.concatenate([np.arange(n_hyp_tokens, dtype=np.int64), gather])  # position in ids
    tokens = ids[origin]
    text_len = np.concatenate([texts.lengths[:S], inst_len])
    text_of = np.repeat(np.arange(len(text_len), dtype=np.int64), text_len)
    remaining = offsets_from_counts(text_len)[1:][text_of] - np.arange(len(tokens))  # tokens left in the text
    set_of_text = np.concatenate([ref_set, inst_set])

    result: List[NgramMatches] = []
    pos = np.arange(len(tokens), dtype=np.int64)
    # (Keys cannot overflow: every number is below the number of positions, and so is
    # the vocabulary size; their product fits in int64 for any corpus that fits in memory.)
    code, size = factorize(set_of_text[text_of] * vocab_size + tokens)
    repeated_prefix = None
    for n in range(1, max_order + 1):
        if n > 1:
            alive = np.zeros(len(tokens) + 1, dtype=bool)
            alive[pos] = True
            extend = (remaining[pos] >= n) & alive[pos + 1]
            pos, code = pos[extend], code[extend]
            repeated_prefix = repeated_prefix[pos]
            code, size = factorize(code * vocab_size + tokens[pos + n - 1])
        cut = np.searchsorted(pos, n_hyp_tokens)
        on_both = np.zeros(size, dtype=bool)
        on_both[code[:cut]] = True
        in_refs = np.zeros(size, dtype=bool)
        in_refs[code[cut:]] = True
        on_both &= in_refs
        keep = on_both[code]
        pos, code = pos[keep], code[keep]
        cut = np.searchsorted(pos, n_hyp_tokens)
        rank = np.ones(len(pos), dtype=np.int64)
        repeated = np.zeros(len(pos), dtype=bool)
        ranked = np.arange(len(pos)) if n == 1 else np.flatnonzero(repeated_prefix[keep])
        if len(ranked):
            rank[ranked], repeated[ranked] = occurrence_ranks(text_of[pos[ranked]] * size + code[ranked])
        matched = rank[:cut] == 1
        later = np.flatnonzero(~matched)
        if len(later):  # k-th occurrences (k > 1) in hypotheses: look for a k-th in a reference
            ref_later = cut + np.flatnonzero(rank[cut:] > 1)
            width = int(rank.max()) + 1
            matched[later] = is_in(code[later] * width + rank[later], code[ref_later] * width + rank[ref_later])
        in_refs = np.zeros(size, dtype=np.int64)
        in_refs[code[cut:]] = origin[pos[cut:]]
        result.append(NgramMatches(positions=pos[:cut], segment=text_of[pos[:cut]], source=in_refs[code[:cut]],
                                   matched=matched))
        repeated_prefix = np.zeros(len(tokens), dtype=bool)
        repeated_prefix[pos] = repeated
    return result


def clipped_match_counts(corpus: TokenizedCorpus, max_order: int) -> np.ndarray:
    """(segments, max_order) clipped n-gram matches: BLEU's numerators, segment by segment.

    The same numbers as :func:`match_ngrams` (``per_segment`` of each order), counted by
    a compiled kernel (:func:`ngram_core.ngrams.kernels.clipped_counts`) that hashes
    each segment's n-grams on its own: no fixed cost per array operation, which is what
    a batch of a few segments spends its time on, and on a whole corpus several times
    faster than ``match_ngrams`` too (which the shared ``NgramIndex`` reads: it needs
    the matched positions, not only their counts).
    """
    texts = corpus.texts
    if not compiled.use(len(texts.ids)):  # the array code: no numba to start for a one-off call
        return np.stack([m.per_segment(corpus.n_segments) for m in match_ngrams(corpus, max_order)], axis=1)
    S = corpus.n_segments
    offsets = texts.offsets.astype(np.int64, copy=False)
    shared = (texts.ids.astype(np.int64, copy=False), offsets, corpus.ref_table.astype(np.int64, copy=False), S,
              max_order, max(len(texts.vocab), 1))
    # segments split by their hypothesis tokens over the threads (compiled.threads); each
    # part counts its own rows, one after the other they are the rows of one call
    bounds = compiled.split_points(np.diff(offsets[:S + 1]), compiled.threads(len(texts.ids)) if S else 1)
    parts = [shared + (start, stop) for start, stop in zip(bounds, bounds[1:])]
    counts = compiled.run_parts(compiled.kernels().clipped_counts, parts)
    return counts[0] if len(counts) == 1 else np.concatenate(counts)


@dataclass(frozen=True)
class ClippedCounts:
    """Distinct (segment, n-gram) pairs of the hypotheses with clipped matches, for one order."""

    segment: np.ndarray  # segment index
    ngram: np.ndarray  # n-gram id (NgramIndex numbering)
    clipped: np.ndarray  # min(count in the hypothesis, most in any one of the segment's references) > 0


class NgramIndex:
    """Dense corpus-wide n-gram ids, orders 1..max_order: every n-gram of the
    references, and the hypothesis n-grams that occur in their segment's references.

    This is what NIST needs: its statistics carry the reference n-gram counts of a
    shard, to be merged with other shards whose hypotheses may match n-grams that this
    shard's hypotheses do not have, and information weights for the matched ones. (BLEU
    needs no corpus-wide ids: :func:`match_ngrams` is all it uses.)

    An id is the id of the pair (its (n-1)-gram's id, its last token), numbered by
    hashing the reference positions. The hypothesis n-grams of ``matches[n-1]`` take
    the id of their ``source`` in the references. ``starts[n-1]`` are the numbered start
    positions (sorted: hypotheses first), ``grams[n-1]`` their ids (order 1: token ids),
    ``prefix[n-1][g]`` the (n-1)-gram id of n-gram ``g`` (order >= 2), ``n_ngrams[n-1]``
    the size of the id space.

    This is the array code, which one-off calls run (no numba to start). Its compiled
    counterpart, :func:`ngram_core.ngrams.kernels.reference_ngram_ids` (the same ids) and
    :func:`~ngram_core.ngrams.kernels.clipped_ngram_matches`, is what NIST runs where
    :func:`ngram_core.compiled.use` says so (:mod:`ngram_core.nist.statistics`).
    """

    def __init__(self, corpus: TokenizedCorpus, max_order: int, matches: Optional[List[NgramMatches]] = None) -> None:
        self.corpus = corpus
        self.max_order = max_order
        self.matches = matches[:max_order] if matches is not None else match_ngrams(corpus, max_order)
        if len(self.matches) < max_order:
            raise ValueError(f"NgramIndex of order {max_order} needs matches of orders 1..{max_order}")
        texts = corpus.texts
        ids = texts.ids
        n_pos = len(ids)
        text_of = np.repeat(np.arange(len(texts), dtype=np.int64), texts.lengths)
        remaining = texts.offsets[1:][text_of] - np.arange(n_pos)  # tokens left in the text
        self.text_of = text_of
        self.hyp_positions = cut = int(texts.offsets[corpus.n_segments])
        vocab_size = max(len(texts.vocab), 1)
        # number the reference n-grams; a hypothesis n-gram takes the id of its source
        starts = np.arange(cut, n_pos, dtype=np.int64)
        grams, count = ids[starts], vocab_size
        gram_at = np.zeros(n_pos, dtype=np.int64)
        self.starts: List[np.ndarray] = []
        self.grams: List[np.ndarray] = []
        self.n_ngrams: List[int] = []
        self.prefix: List[np.ndarray] = [np.zeros(0, dtype=np.int64)]
        for n in range(1, max_order + 1):
            if n > 1:
                starts = starts[remaining[starts] >= n]
                prev_grams = gram_at[starts]
                grams, count = factorize(prev_grams * vocab_size + ids[starts + n - 1])
                prefix_of = np.zeros(count, dtype=np.int64)
                prefix_of[grams] = prev_grams
                self.prefix.append(prefix_of)
            gram_at[starts] = grams
            found = self.matches[n - 1]
            self.starts.append(np.concatenate([found.positions, starts]))
            self.grams.append(np.concatenate([gram_at[found.source], grams]))
            self.n_ngrams.append(count)

    def _split(self, n: int):
        """(starts, grams) of order n, split into the hypothesis and reference parts."""
        starts, grams = self.starts[n - 1], self.grams[n - 1]
        cut = len(self.matches[n - 1].positions)
        return (starts[:cut], grams[:cut]), (starts[cut:], grams[cut:])

    def hyp_totals(self, n: int) -> np.ndarray:
        """Number of order-n n-grams in each hypothesis."""
        return np.maximum(self.corpus.hyp_lengths - (n - 1), 0)

    def reference_counts(self, n: int):
        """(distinct reference index, n-gram id, count) over the distinct references."""
        _, (starts, grams) = self._split(n)
        size = self.n_ngrams[n - 1]
        ref = self.text_of[starts] - self.corpus.n_segments
        keys, counts = _count_distinct(ref * size + grams)
        return keys // size, keys % size, counts

    def clipped(self, n: int) -> ClippedCounts:
        """Clipped matches of order n per (segment, n-gram), where there are any."""
        size = self.n_ngrams[n - 1]
        (_, h_grams), _ = self._split(n)
        found = self.matches[n - 1]
        keys, counts = _count_distinct(found.segment[found.matched] * size + h_grams[found.matched])
        return ClippedCounts(segment=keys // size, ngram=keys % size, clipped=counts)
