"""NIST (Doddington 2002, mteval-v13a): information-weighted n-gram matches.

NIST = BP * sum_{n=1..N} I_n / max(T_n, 1), N = ``n`` (default 5), where T_n is
the number of hypothesis n-grams of the corpus and I_n the information of the
matched ones: every hypothesis n-gram g matched in the segment's references
(clipped by the most any one reference has, as in BLEU) contributes
info(g) = log2(count(prefix of g) / count(g)) bits; for unigrams the numerator
is the total number of reference words. Counts are taken over every reference
slot of the whole corpus: a reference string used by k segments counts k times.
The score has no fixed upper bound (real systems score about 5-13).

BP = exp(-beta * ln^2(min(c / L, 1))), beta = -ln 0.5 / ln^2 1.5 (BP = 0.5 at
c / L = 2/3), c the hypothesis words and L the *average* reference length: the
reference words of a segment divided by its number of references, summed over
segments (mteval-v13a's total reference words / number of reference sets when
every segment has the same number of references). BP = 0 when c = 0; BP = 1
when L = 0 < c. An order with no hypothesis n-grams adds 0 (mteval's
``max(T_n, 1)``), so hypotheses shorter than N, empty hypotheses and empty
references all give defined scores.

``mteval_quirks=True`` reproduces mteval-v13a's Perl quirk: its weight uses
``$mgram ? count(prefix) : total words``, and the prefix string ``"0"`` is false
in Perl, so a bigram whose first token is ``0`` gets a unigram-style weight
log2(total words / count(g)). The default is ``False``: the definition above (the
seed's eq. 29-30, Doddington's paper and NLTK), because the quirk makes the
score depend on whether a token is spelled ``0``; turn it on to get mteval-v13a's
numbers to the last digits (it moves real scores in the 3rd decimal).

``variant="nltk"`` is NLTK 3.10's ``corpus_nist`` instead, which clips each segment
against one reference per order (:mod:`ngram_core.nist.nltk`), by default on NLTK's
``NISTTokenizer`` tokens (``tokenize="nltk-nist"``): 🤗 evaluate's ``nist_mt``. Computed by
:func:`corpus_nist` only, not from :class:`NistStatistics`.

``lowercase``: ``False`` (mteval's ``-c``), ``True`` (full Unicode ``str.lower()``
before tokenizing, sacreBLEU's) or ``"ascii"`` (mteval-v13a's default without
``-c``: ``tr/A-Z/a-z/`` on the tokenized text, so ``Ä`` stays ``Ä``).

Mergeable statistics. The information weights depend on the references of the
whole corpus, so per-segment sums of bits cannot be added across shards. Instead
:class:`NistStatistics` carries the *reference n-gram counts* of its segments as
an :class:`NgramTable` (a trie of token strings: each row is an n-gram given by
its prefix row and last token, with its count over reference slots) and the
*matches* as (segment, table row, clipped count) triples. ``a + b`` unifies the
two vocabularies and tries and adds the counts, so the weights, and hence every
score, of ``a + b`` are those of the concatenated corpus. The weights are
computed only when a score is asked for.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import chain
from typing import Any, Dict, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..ngrams.corpus import intern_strings
from ..inputs import check_corpus
from ..ngrams.index import NgramIndex, TokenizedCorpus, ascii_lowercase, factorize, tokenize_corpus
from .nltk import corpus_token_ids, nltk_nist
from ..options import LOWERCASE_CHOICES, Option, OptionSet, flag, return_segments_option, tokenize_option
from ..signature import case_field, nrefs_field

BETA = -math.log(0.5) / math.log(1.5) / math.log(1.5)  # 4.2162..., as mteval-v13a computes it
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
    """Per-segment NIST statistics of a tokenized corpus."""
    if index is None:
        index = NgramIndex(corpus, max_order)
    elif index.max_order < max_order:
        raise ValueError(f"nist_statistics(max_order={max_order}) needs an NgramIndex of order {max_order} or more")
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
    table = NgramTable(
        vocab=corpus.texts.vocab,
        order=np.concatenate(orders),
        parent=np.concatenate(parents),
        token=np.concatenate(tokens),
        count=np.concatenate(counts),
    )
    ref_lengths = corpus.ref_lengths()
    return NistStatistics(
        hyp_len=corpus.hyp_lengths.astype(np.int64),
        ref_words=np.where(ref_lengths >= 0, ref_lengths, 0).sum(axis=1).astype(np.int64),
        n_refs=corpus.refs_per_segment.astype(np.int64),
        totals=np.stack([index.hyp_totals(n) for n in range(1, max_order + 1)], axis=1).astype(np.int64),
        match_segment=np.concatenate(segments).astype(np.int64, copy=False),
        match_ngram=np.concatenate(ngrams).astype(np.int64, copy=False),
        match_count=np.concatenate(clipped).astype(np.int64, copy=False),
        table=table,
    )


# -- scores ------------------------------------------------------------------------------
def length_penalty(hyp_len, ref_len) -> np.ndarray:
    """exp(-beta ln^2(min(c / L, 1))); 0 when c = 0, 1 when L = 0 < c (elementwise)."""
    from ..ngrams import libm  # the C library's exp and log, as Perl's (numba, cached)

    c = np.asarray(hyp_len, dtype=np.float64)
    L = np.asarray(ref_len, dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):
        ratio = np.where(L > 0, c / np.where(L > 0, L, 1.0), np.inf)
        bp = libm.exp(-BETA * libm.log(np.clip(ratio, 1e-300, 1.0)) ** 2)
    return np.where(c <= 0, 0.0, np.where(ratio >= 1, 1.0, bp))


def average_ref_length(ref_words: np.ndarray, n_refs: np.ndarray) -> float:
    """sum over segments of (reference words / references); mteval's words / sets when uniform."""
    if len(n_refs) and np.all(n_refs == n_refs[0]):
        return int(ref_words.sum()) / int(n_refs[0])  # mteval's one division
    return float(np.sum(ref_words / np.maximum(n_refs, 1)))


def nist_scores(stats: NistStatistics, mteval_quirks: bool = False, segments: bool = False) -> Dict[str, Any]:
    """Corpus score and its parts; with ``segments=True`` also every segment's score.

    Segment scores use the corpus' information weights (as mteval's segment-level
    output does) and the segment's own length penalty.
    """
    N = stats.max_order
    info = stats.table.information(int(stats.ref_words.sum()), mteval_quirks)
    bits = info[stats.match_ngram] * stats.match_count
    order = stats.table.order[stats.match_ngram] - 1
    info_sums = np.bincount(order, weights=bits, minlength=N)
    counts = np.bincount(order, weights=stats.match_count, minlength=N).astype(np.int64)
    totals = stats.totals.sum(axis=0)
    per_order = info_sums / np.maximum(totals, 1)
    precision = 0.0
    for value in per_order:  # left to right, as mteval's cumulative sum
        precision += float(value)
    hyp_len = int(stats.hyp_len.sum())
    ref_len = average_ref_length(stats.ref_words, stats.n_refs)
    bp = float(length_penalty(hyp_len, ref_len))
    out: Dict[str, Any] = {
        "nist": precision * bp,
        "info_sums": info_sums,
        "info_per_ngram": per_order,
        "counts": counts,
        "totals": totals,
        "brevity_penalty": bp,
        "translation_length": hyp_len,
        "reference_length": ref_len,
    }
    if segments:
        S = len(stats)
        seg_bits = np.bincount(stats.match_segment * N + order, weights=bits, minlength=S * N).reshape(S, N)
        seg_precision = (seg_bits / np.maximum(stats.totals, 1)).sum(axis=1)
        seg_ref_len = stats.ref_words / np.maximum(stats.n_refs, 1)
        out["segment_scores"] = seg_precision * length_penalty(stats.hyp_len, seg_ref_len)
    return out


# -- options and the result dictionary ------------------------------------------------------
VARIANTS = ("mteval", "nltk")


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    if values["variant"] == "nltk" and values["mteval_quirks"]:
        raise ValueError("mteval_quirks=True reproduces mteval-v13a, and variant='nltk' is NLTK's corpus_nist: "
                         "choose one (variant='mteval' for mteval's quirks)")
    return values


OPTIONS = OptionSet("NIST", [
    Option("variant", "mteval", "whose NIST: 'mteval' (NIST as defined, mteval-v13a's with mteval_quirks) or "
           "'nltk' (NLTK 3.10 corpus_nist / sentence_nist, evaluate's nist_mt: each segment clipped by one reference "
           "per order; not with mteval_quirks; corpus_nist and nist_custom only, not score_all, the reducers, "
           "significance or ngram-score)",
           "choice", choices=VARIANTS, signature=("variant", str)),
    tokenize_option(None, "None: the variant's, mteval '13a' (mteval's), nltk 'nltk-nist' "
                    "(NLTK's NISTTokenizer, evaluate's nist_mt; 'nltk-nist-nonwestern' is its western_lang=False)",
                    nullable=True, variant_defaults=(("mteval", "13a"), ("nltk", "nltk-nist"))),
    Option("lowercase", False, "False keeps case (mteval's -c); True lowercases (full Unicode) before "
           "tokenizing; 'ascii' lowercases A-Z only, as mteval-v13a without -c", "choice",
           choices=LOWERCASE_CHOICES, signature=("case", case_field)),
    Option("n", 5, "the largest n-gram order", "int", low=1, signature=("order", str)),
    flag("mteval_quirks", False, "reproduce mteval-v13a's weighting of bigrams that start with the token 0",
         signature=("quirks", lambda quirks: "mteval13a" if quirks else "no")),
    return_segments_option(),
], finalize=_finalize, signature_fields={"mteval": ("nrefs", "case", "tok", "order", "quirks"),
                                         "nltk": ("variant", "nrefs", "case", "tok", "order")})


def nist_result(stats: NistStatistics, values: Mapping[str, Any]) -> Dict[str, Any]:
    """The result dictionary (``nist`` and its parts, ``signature``) from statistics and
    resolved options (:data:`OPTIONS`)."""
    return_segments = values["return_segments"]
    scored = nist_scores(stats, values["mteval_quirks"], segments=return_segments)
    ref_len = scored["reference_length"]
    result: Dict[str, Any] = {
        "nist": scored["nist"],
        "info_sums": [float(v) for v in scored["info_sums"]],
        "info_per_ngram": [float(v) for v in scored["info_per_ngram"]],
        "counts": [int(v) for v in scored["counts"]],
        "totals": [int(v) for v in scored["totals"]],
        "brevity_penalty": scored["brevity_penalty"],
        "length_ratio": scored["translation_length"] / ref_len if ref_len else 0.0,
        "translation_length": scored["translation_length"],
        "reference_length": ref_len,
        "signature": OPTIONS.signature_string(values, nrefs=nrefs_field(stats.n_refs)),
    }
    if return_segments:
        result["segment_scores"] = [float(s) for s in scored["segment_scores"]]
    return result


def tokenize_for_nist(hypotheses: Sequence[str], references: Sequence[Sequence[str]], tokenize: str,
                      lowercase: Union[bool, str]) -> TokenizedCorpus:
    """Checked input -> tokenized corpus, with any of the three lowercasing choices."""
    corpus = tokenize_corpus(hypotheses, references, tokenize, lowercase is True)
    return ascii_lowercase(corpus) if lowercase == "ascii" else corpus


@OPTIONS.entry_point
def corpus_nist(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus NIST of ``predictions`` against ``references`` (one string or list per prediction).

    ``mteval_quirks=True`` with ``lowercase=False`` gives mteval-v13a's ``-c``
    numbers, with ``lowercase="ascii"`` its default (lowercasing) ones;
    ``mteval_quirks=False`` (default) gives NLTK's ``corpus_nist`` on single
    references. ``return_segments=True`` adds ``segment_scores`` (one per segment).
    Scores are >= 0 with no fixed maximum.
    """
    hyps, refs = check_corpus(predictions, references)
    corpus = tokenize_for_nist(hyps, refs, options["tokenize"], options["lowercase"])
    if options["variant"] == "nltk":
        return nltk_result(corpus, options)
    return nist_result(nist_statistics(corpus, options["n"]), options)


def nltk_result(corpus: TokenizedCorpus, values: Mapping[str, Any]) -> Dict[str, Any]:
    """``variant="nltk"``'s result dictionary (:mod:`ngram_core.nist.nltk`): the keys of
    :func:`nist_result`; ``segment_scores`` are NLTK's ``sentence_nist``, each segment
    with the information weights of its own references."""
    hyps, refs = corpus_token_ids(corpus)
    n = values["n"]
    result = nltk_nist(hyps, refs, n)
    result["signature"] = OPTIONS.signature_string(values, nrefs=nrefs_field(corpus.refs_per_segment))
    if values["return_segments"]:
        result["segment_scores"] = [nltk_nist([h], [r], n)["nist"] for h, r in zip(hyps, refs)]
    return result
