"""NIST ``variant="nltk"``: NLTK 3.10's ``corpus_nist`` and, per segment, ``sentence_nist``.

(``nltk.translate.nist_score``, after Doddington 2002.) What 🤗 evaluate's ``nist_mt``
computes on its tokens. The information weights are the default variant's (every
reference slot of the corpus counted, info(g) = log2(count(prefix) / count(g)),
unigrams log2(reference words / count(g))), but the matches are not:

- for each order n and segment, NLTK scores the hypothesis against **each reference
  alone** (n-grams clipped by that one reference), and keeps the reference with the
  highest information per hypothesis n-gram (ties: the larger information sum, then
  the longer reference): its information sum I_n, its hypothesis n-grams T_n and its
  length r_n are what the segment adds for that order. With one reference per segment
  this is the default variant's number; with several it is lower (the default clips by
  the best reference n-gram by n-gram, as mteval);
- NIST = BP * sum_n (sum_seg I_n / sum_seg T_n), BP = exp(beta ln^2(c / L)) if
  0 < c / L < 1, else min(c / L, 1) clipped at 0, where c = N x the hypothesis words and
  L = the sum over orders and segments of r_n (so L / N is an average over orders of
  the chosen references' lengths: ``reference_length``), beta = ln 0.5 / ln^2 1.5.

The arithmetic is NLTK's, operation for operation: ``math.log(x, 2)`` of the count
ratio, the information of a segment's matches summed in the order the n-grams first
appear in the hypothesis, Python's ``max`` over (precision, information, n-grams,
reference length) tuples. Tokens are ours (``tokenize``), as ids: equal tokens, equal
ids, so every count is NLTK's on the same tokens.

Where NLTK divides by zero we give a defined value: an order in which no hypothesis
has n-grams adds 0 (as mteval's max(T_n, 1)); BP = 0 when the hypotheses are empty
and 1 when every chosen reference is empty but a hypothesis is not.

It runs segment by segment in Python (NLTK's own speed), from the token ids of the
shared tokenized corpus; its matches are not the mergeable :class:`~ngram_core.nist.
NistStatistics` (a reference is chosen per segment and order, with weights of the
whole corpus), so it is computed by ``corpus_nist`` and the ``nist_custom`` metric only.
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Any, Dict, List, Sequence, Tuple

from ..ngrams.index import TokenizedCorpus

Tokens = Tuple[int, ...]


def corpus_token_ids(corpus: TokenizedCorpus) -> Tuple[List[Tokens], List[List[Tokens]]]:
    """(each hypothesis's token ids, each segment's references' token ids, in the order given)."""
    texts = corpus.texts
    ids, offsets = texts.ids.tolist(), texts.offsets.tolist()
    tokens = [tuple(ids[offsets[i]:offsets[i + 1]]) for i in range(len(offsets) - 1)]
    S = corpus.n_segments
    refs = [[tokens[S + j] for j in row if j >= 0] for row in corpus.ref_table.tolist()]
    return tokens[:S], refs


def _ngrams(tokens: Tokens, n: int):
    return (tokens[i:i + n] for i in range(len(tokens) - n + 1))


def _information_weights(references: Sequence[Sequence[Tokens]], n: int) -> Dict[Tokens, float]:
    ngram_freq: Counter = Counter()
    total_reference_words = 0
    for segment_refs in references:
        for reference in segment_refs:
            for i in range(1, n + 1):
                ngram_freq.update(_ngrams(reference, i))
            total_reference_words += len(reference)
    weights = {}
    for ngram, count in ngram_freq.items():
        prefix = ngram[:-1]
        numerator = ngram_freq[prefix] if prefix and prefix in ngram_freq else total_reference_words
        weights[ngram] = math.log(numerator / count, 2)
    return weights


def length_penalty(ref_len: int, hyp_len: int) -> float:
    """NLTK's ``nist_length_penalty`` (with 0 and 1 where it would divide by zero)."""
    if ref_len == 0:
        return 0.0 if hyp_len == 0 else 1.0
    ratio = hyp_len / ref_len
    if 0 < ratio < 1:
        ratio_x, score_x = 1.5, 0.5
        beta = math.log(score_x) / math.log(ratio_x) ** 2
        return math.exp(beta * math.log(ratio) ** 2)
    return max(min(ratio, 1.0), 0.0)


def nltk_nist(hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]], n: int) -> Dict[str, Any]:
    """NLTK's ``corpus_nist(references, hypotheses, n)`` and its parts (see the module docstring)."""
    weights = _information_weights(references, n)
    numerators: List[float] = []
    denominators: List[int] = []
    matches: List[int] = []
    l_ref = l_sys = 0
    for i in range(1, n + 1):
        numerator_i, denominator_i, matches_i = 0, 0, 0
        for segment_refs, hypothesis in zip(references, hypotheses):
            hyp_ngrams = Counter(_ngrams(hypothesis, i)) if len(hypothesis) >= i else Counter()
            per_ref = []
            for reference in segment_refs:
                ref_ngrams = Counter(_ngrams(reference, i)) if len(reference) >= i else Counter()
                overlaps = hyp_ngrams & ref_ngrams
                numerator = sum(weights[ngram] * count for ngram, count in overlaps.items())
                denominator = sum(hyp_ngrams.values())
                precision = 0 if denominator == 0 else numerator / denominator
                per_ref.append((precision, numerator, denominator, len(reference), sum(overlaps.values())))
            # NLTK's max over (precision, numerator, denominator, ref_len): the first of equal ones
            _, numerator, denominator, ref_len, matched = max(per_ref, key=lambda scored: scored[:4])
            numerator_i += numerator
            denominator_i += denominator
            matches_i += matched
            l_ref += ref_len
            l_sys += len(hypothesis)
        numerators.append(numerator_i)
        denominators.append(denominator_i)
        matches.append(matches_i)
    precisions = [num / den if den else 0.0 for num, den in zip(numerators, denominators)]
    nist_precision = 0
    for precision in precisions:
        nist_precision += precision
    bp = length_penalty(l_ref, l_sys)
    return {
        "nist": float(nist_precision * bp),
        "info_sums": [float(v) for v in numerators],
        "info_per_ngram": [float(v) for v in precisions],
        "counts": matches,
        "totals": denominators,
        "brevity_penalty": float(bp),
        "length_ratio": l_sys / l_ref if l_ref else 0.0,
        "translation_length": l_sys // n,
        "reference_length": l_ref / n,
    }
