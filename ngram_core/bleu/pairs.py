"""BLEU of many pairs at once: N x M sentence BLEU matrices and self-BLEU.

Each distinct text is tokenized once (the variant's tokenizer, through
:func:`ngram_core.ngrams.index.tokenize_corpus` of the variant's texts) and turned once into its *bag*: its distinct
n-grams of orders 1..N with their counts, numbered in one id space for every text and
order (:func:`ngram_bags`). Then:

- a matrix: the references' bags are inverted (n-gram -> references holding it, with
  their counts), and for a block of candidates a compiled loop adds min(candidate count,
  reference count) over the candidate's n-grams and the references that hold them
  (:func:`ngram_core.bleu.pair_kernels.pair_matches`): a pair costs only its shared n-grams;
- self-BLEU: each text against all the others as its references needs, per n-gram, the
  most any *other* text has: one pass keeps the largest and second largest counts
  (:func:`ngram_core.bleu.pair_kernels.leave_one_out_matches`), so N texts cost O(N), not O(N^2).

The counts become one :class:`~ngram_core.bleu.statistics.BleuStatistics` row per pair
(hypothesis length, reference length, clipped matches, hypothesis n-grams) and are scored
by the variant's own scorer (:meth:`~ngram_core.bleu.variants.BleuVariant.segment_scores`):
the numbers are those of ``corpus_bleu([c], [[r]], **options)["bleu"]`` pair by pair
(for the default options with ``effective_order=True``: ``sacrebleu.sentence_bleu(c, [r]).score / 100``).

Memory: a block of B candidates against M references holds B x M x N int64 counts and
about a dozen float64/int64 columns of B x M rows (about 230 bytes a pair at N = 4); the
caller sizes B so that B x M is at most :data:`ngram_core.pairwise_scores.BLOCK_PAIRS`
pairs (B = 1 if M is larger), whatever the matrix's size; the result is N x M float64.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, List, Mapping

from ..lazy import np

from . import statistics_for
from .statistics import BleuStatistics
from .variants import get_variant
from ..ngrams.index import _count_distinct, factorize, tokenize_corpus


@dataclass(frozen=True)
class NgramBags:
    """Each text's distinct n-grams (orders 1..N, one id space) and their counts.

    Text t's entries are ``first[t]:first[t + 1]`` of ``gram`` and ``count``;
    ``gram_order[g]`` is the order of n-gram g, 0-based; ``lengths`` the texts' token counts.
    """

    first: np.ndarray
    gram: np.ndarray
    count: np.ndarray
    gram_order: np.ndarray
    lengths: np.ndarray

    @property
    def n_grams(self) -> int:
        return len(self.gram_order)


def ngram_bags(ids: np.ndarray, offsets: np.ndarray, vocab_size: int, max_order: int) -> NgramBags:
    """The bags of texts given as token ids (text t is ``ids[offsets[t]:offsets[t + 1]]``).

    Order 1 numbers tokens, order n the pairs (order n-1 number at p, token at p+n-1),
    by exact hashing (:func:`ngram_core.ngrams.index.factorize`), as the corpus index does.
    """
    ids = np.asarray(ids, dtype=np.int64)
    offsets = np.asarray(offsets, dtype=np.int64)
    lengths = np.diff(offsets)
    n_texts = len(lengths)
    text_of = np.repeat(np.arange(n_texts, dtype=np.int64), lengths)
    remaining = offsets[1:][text_of] - np.arange(len(ids))  # tokens from here to the end of the text
    vocab_size = max(vocab_size, 1)
    starts = np.arange(len(ids), dtype=np.int64)
    code, size = factorize(ids)
    all_text, all_gram, order_of = [], [], []
    base = 0
    for n in range(1, max_order + 1):
        if n > 1:
            keep = remaining[starts] >= n
            starts, code = starts[keep], code[keep]
            code, size = factorize(code * vocab_size + ids[starts + n - 1])
        all_text.append(text_of[starts])
        all_gram.append(code + base)
        order_of.append(np.full(size, n - 1, dtype=np.int64))
        base += size
    n_grams = max(base, 1)
    keys, counts = _count_distinct(np.concatenate(all_text) * n_grams + np.concatenate(all_gram))
    text, gram = keys // n_grams, keys % n_grams
    first = np.searchsorted(text, np.arange(n_texts + 1))
    return NgramBags(first.astype(np.int64), gram.astype(np.int64), counts.astype(np.int64),
                     np.concatenate(order_of) if order_of else np.zeros(0, dtype=np.int64), lengths.astype(np.int64))


def _bags_of(texts: List[str], values: Mapping[str, Any], orders: int) -> NgramBags:
    """The bags of ``texts`` tokenized as the variant's tool tokenizes them."""
    variant = get_variant(values["variant"])
    corpus = tokenize_corpus(*variant.texts(texts, [[] for _ in texts], values), values["tokenize"], values["lowercase"])
    encoded = corpus.texts
    return ngram_bags(encoded.ids, encoded.offsets, len(encoded.vocab), orders)


def counted_orders(values: Mapping[str, Any]) -> int:
    """The orders to count: ``max_order``, or 5 where the variant reads 5-gram matches."""
    N = int(values["max_order"])
    return max(N, 5) if get_variant(values["variant"]).needs_5grams(values) else N


def pair_statistics(hyp_len: np.ndarray, ref_len: np.ndarray, shortest: np.ndarray, counts: np.ndarray,
                    max_order: int, n_refs: int) -> BleuStatistics:
    """One row per pair: its lengths and clipped matches (``counts``: (rows, orders >= N))."""
    hyp_len = hyp_len.astype(np.int64)
    totals = np.maximum(hyp_len[:, None] - np.arange(max_order), 0)
    return BleuStatistics(
        hyp_len=hyp_len, ref_len=ref_len.astype(np.int64), matches=counts[:, :max_order], totals=totals,
        n_refs=np.full(len(hyp_len), n_refs, dtype=np.int64), shortest_ref_len=shortest.astype(np.int64),
        short_hyps=(totals == 0).astype(np.int64), last_hyp_len=hyp_len,
        last_matches_5=counts[:, 4] if counts.shape[1] >= 5 else np.full(len(hyp_len), -1, dtype=np.int64))


class PairScorer:
    """BLEU of candidates against references, one reference at a time, prepared once.

    ``scorer(start, stop)`` -> (stop - start, M) float64 on 0-1: candidates
    ``start:stop`` against every reference (``values``: BLEU's resolved options).
    """

    def __init__(self, candidates: List[str], references: List[str], values: Mapping[str, Any]) -> None:
        self.values = dict(values)
        self.orders = counted_orders(values)
        self.variant = get_variant(values["variant"])
        same = references is candidates
        bags = _bags_of(candidates if same else candidates + references, values, self.orders)
        N = len(candidates)
        self.candidates = bags
        self.n_refs = N if same else len(references)
        ref_lo = 0 if same else N
        self.ref_len = bags.lengths[ref_lo:]
        # the references' bags, inverted: n-gram -> (reference, count)
        a, b = bags.first[ref_lo], bags.first[ref_lo + self.n_refs]
        ref_of = np.repeat(np.arange(self.n_refs, dtype=np.int64), np.diff(bags.first[ref_lo:ref_lo + self.n_refs + 1]))
        by_gram = np.argsort(bags.gram[a:b], kind="stable")
        self.post_ref = ref_of[by_gram]
        self.post_count = bags.count[a:b][by_gram]
        self.post_first = np.searchsorted(bags.gram[a:b][by_gram], np.arange(bags.n_grams + 1)).astype(np.int64)

    def __call__(self, start: int, stop: int) -> np.ndarray:
        from .pair_kernels import pair_matches  # numba (cached)

        bags, M = self.candidates, self.n_refs
        counts = pair_matches(bags.first, bags.gram, bags.count, bags.gram_order, self.post_first, self.post_ref,
                              self.post_count, start, stop, M, self.orders)
        rows = stop - start
        hyp_len = np.repeat(bags.lengths[start:stop], M)
        ref_len = np.tile(self.ref_len, rows)
        stats = pair_statistics(hyp_len, ref_len, ref_len, counts.reshape(rows * M, self.orders),
                                self.values["max_order"], 1)
        return self.variant.segment_scores(stats, self.values).reshape(rows, M)


def pair_scorer(candidates: List[str], references: List[str], values: Mapping[str, Any]) -> Callable[[int, int], np.ndarray]:
    """See :class:`PairScorer` (``references is candidates``: the candidates against each other)."""
    return PairScorer(candidates, references, values)


def sentence_scores(hypotheses: List[str], references: List[List[str]], values: Mapping[str, Any]) -> np.ndarray:
    """Each hypothesis's BLEU (0-1) against its own references, scored as a one-segment corpus."""
    variant = get_variant(values["variant"])
    corpus = tokenize_corpus(*variant.texts(hypotheses, references, values), values["tokenize"], values["lowercase"])
    return variant.segment_scores(statistics_for(corpus, values), values)


def leave_one_out_scores(texts: List[str], values: Mapping[str, Any]) -> np.ndarray:
    """Each text's BLEU (0-1) with all the other texts as its references (self-BLEU's terms)."""
    from .pair_kernels import leave_one_out_lengths, leave_one_out_matches  # numba (cached)

    orders = counted_orders(values)
    bags = _bags_of(texts, values, orders)
    counts = leave_one_out_matches(bags.first, bags.gram, bags.count, bags.gram_order, bags.n_grams, orders)
    closest, shortest = leave_one_out_lengths(bags.lengths)
    stats = pair_statistics(bags.lengths, closest, shortest, counts, values["max_order"], len(texts) - 1)
    return get_variant(values["variant"]).segment_scores(stats, values)

