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
from typing import TYPE_CHECKING, Any, Dict, Mapping, Optional, Sequence, Tuple

from ..inputs import check_corpus
from ..lazy import attributes, np
from ..options import Option, OptionSet, flag, lowercase_option, return_segments_option, tokenize_option
from ..signature import nrefs_field

if TYPE_CHECKING:
    from ..ngrams.index import TokenizedCorpus
    from .statistics import NistStatistics


# the statistics' names (numpy), imported when first asked for: the registry (every way
# in) imports this module for its declaration, OPTIONS
__getattr__ = attributes(__name__, {"NistStatistics": ".statistics", "nist_statistics": ".statistics"})


BETA = -math.log(0.5) / math.log(1.5) / math.log(1.5)  # 4.2162..., as mteval-v13a computes it


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
    bits, order = _match_bits(stats, mteval_quirks)
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
        out["segment_scores"] = segment_scores(stats, mteval_quirks, (bits, order))
    return out


def _match_bits(stats: NistStatistics, mteval_quirks: bool) -> Tuple[np.ndarray, np.ndarray]:
    """(the information of each matched (segment, n-gram) times its clipped count, its order - 1)."""
    info = stats.table.information(int(stats.ref_words.sum()), mteval_quirks)
    return info[stats.match_ngram] * stats.match_count, stats.table.order[stats.match_ngram] - 1


def segment_scores(stats: NistStatistics, mteval_quirks: bool = False,
                   bits: Optional[Tuple[np.ndarray, np.ndarray]] = None) -> np.ndarray:
    """Every segment's score (the corpus' information weights, the segment's own length
    penalty): :func:`nist_scores`' ``segment_scores`` without the corpus score (the
    rewards' road). ``bits``: :func:`_match_bits`' arrays, where already computed."""
    N, S = stats.max_order, len(stats)
    bits, order = _match_bits(stats, mteval_quirks) if bits is None else bits
    seg_bits = np.bincount(stats.match_segment * N + order, weights=bits, minlength=S * N).reshape(S, N)
    seg_precision = (seg_bits / np.maximum(stats.totals, 1)).sum(axis=1)
    seg_ref_len = stats.ref_words / np.maximum(stats.n_refs, 1)
    return seg_precision * length_penalty(stats.hyp_len, seg_ref_len)


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
    lowercase_option(False, "False keeps case (mteval's -c); True lowercases (full Unicode) before "
                     "tokenizing; 'ascii' lowercases A-Z only, as mteval-v13a without -c"),
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
    from ..ngrams.index import tokenize_corpus

    corpus = tokenize_corpus(hyps, refs, options["tokenize"], options["lowercase"])
    if options["variant"] == "nltk":
        return nltk_result(corpus, options)
    from .statistics import nist_statistics

    return nist_result(nist_statistics(corpus, options["n"]), options)


def nltk_result(corpus: TokenizedCorpus, values: Mapping[str, Any]) -> Dict[str, Any]:
    """``variant="nltk"``'s result dictionary (:mod:`ngram_core.nist.nltk`): the keys of
    :func:`nist_result`; ``segment_scores`` are NLTK's ``sentence_nist``, each segment
    with the information weights of its own references."""
    from .nltk import corpus_token_ids, nltk_nist

    hyps, refs = corpus_token_ids(corpus)
    n = values["n"]
    result = nltk_nist(hyps, refs, n)
    result["signature"] = OPTIONS.signature_string(values, nrefs=nrefs_field(corpus.refs_per_segment))
    if values["return_segments"]:
        result["segment_scores"] = [nltk_nist([h], [r], n)["nist"] for h, r in zip(hyps, refs)]
    return result
