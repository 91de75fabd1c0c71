"""``variant="nltk"``: NLTK 3.10's ``corpus_bleu`` and, per segment, ``sentence_bleu``.

(``nltk.translate.bleu_score``; Papineni et al. 2002, smoothing by Chen & Cherry 2014.)
BLEU = BP * exp(fsum_n w_n ln p_n) over the orders with p_n > 0, on 0-1, where

- p_n = M_n / D_n, M_n the clipped matches summed over the corpus and D_n the
  hypothesis n-grams, except that a hypothesis shorter than n counts as *one* n-gram
  of order n (NLTK's ``max(1, count)`` per segment);
- BP = 1 if c > r, 0 if c = 0, else exp(1 - r/c), with r the summed closest
  reference lengths (ties to the shorter);
- w_n = ``weights`` (default 1/N, ``max_order`` N = 4), whatever they sum to;
- a corpus without a single unigram match scores 0 before any smoothing.

``smooth_method`` names NLTK's ``SmoothingFunction`` methods, with its defaults
(epsilon 0.1, alpha 5, k 5; ``smooth_value`` sets the one a method has):

- ``method0`` (default): no smoothing; an order without matches gets p_n =
  ``sys.float_info.min`` (NLTK warns and then returns a tiny positive score, about
  1e-77 for one empty order of four; we return that number, without the warning);
- ``method1``: p_n = epsilon / D_n for an order without matches;
- ``method2``: (M_n + 1) / (D_n + 1) for every order but the first (Lin & Och 2004);
- ``method3``: the k-th order without matches gets 1 / (2^k D_n) (NIST's geometric rule);
- ``method4``: the k-th order without matches gets ln(c) / (2^k K D_n), K = k (5), if c > 1;
- ``method5``: p_n = (p'_{n-1} + p_n + p_{n+1}) / 3, p'_0 = p_1 + 1, and p_{N+1} the
  5-gram precision of the corpus's *last* segment (NLTK passes its last segment);
- ``method6``: p_n = (M_n + alpha pi_n) / (l_n + alpha) for n >= 3, pi_n = p'_{n-1}^2 /
  p'_{n-2}, l_n the n-grams of the corpus's *last* hypothesis (Gao & He 2013);
- ``method7``: method4, then method5.

The arithmetic is NLTK's: exact fractions where NLTK keeps ``Fraction`` objects,
floats where its expressions produce floats, ``math.fsum`` of the weighted logs.

Where NLTK fails, we give a defined value: method6 asserts that the corpus's trigram
precision is non-zero (we compute its formula anyway: a zero trigram precision leaves
pi_4 = 0 and the zero orders drop out of the sum, as zero orders do for every method)
and raises ``IndexError`` for N < 3 (a ``ValueError`` here, at option time). Not
offered: ``auto_reweigh`` and a list of weight vectors in one call.
"""
from __future__ import annotations

import math
import sys
from typing import TYPE_CHECKING, Any, Dict, List, Union

from ...options import OptionValues
from .base import BleuVariant, Counts, order_weights

if TYPE_CHECKING:
    from fractions import Fraction

Number = Union["Fraction", float, int]  # (fractions is imported where it is used: a command line without NLTK BLEU skips it)

def _no_smoothing(p: List[Number], nums: List[int], dens: List[int], counts: Counts, param) -> List[Number]:
    return [p_n if num != 0 else sys.float_info.min for p_n, num in zip(p, nums)]


def _epsilon_counts(p, nums, dens, counts, epsilon) -> List[Number]:
    return [(num + epsilon) / den if num == 0 else p_n for p_n, num, den in zip(p, nums, dens)]


def _add_one(p, nums, dens, counts, param) -> List[Number]:
    from fractions import Fraction

    return p[:1] + [Fraction(num + 1, den + 1) for num, den in zip(nums[1:], dens[1:])]


def _geometric(p, nums, dens, counts, param) -> List[Number]:
    out, k = list(p), 1
    for n, (num, den) in enumerate(zip(nums, dens)):
        if num == 0:
            out[n] = 1 / (2 ** k * den)
            k += 1
    return out


def _length_scaled(p, nums, dens, counts, k_param) -> List[Number]:
    out, k = list(p), 1
    c = counts.hyp_len
    for n, (num, den) in enumerate(zip(nums, dens)):
        if num == 0 and c > 1:
            out[n] = 1 / (2 ** k * k_param / math.log(c)) / den
            k += 1
    return out


def _average_neighbours(p, nums, dens, counts, param) -> List[Number]:
    if counts.last_matches_5 < 0:
        raise ValueError("NLTK's method5/method7 read the last segment's 5-gram matches, which these statistics "
                         "lack: compute them with bleu_statistics(..., count_5grams=True)")
    from fractions import Fraction

    last_5gram = Fraction(counts.last_matches_5, max(1, counts.last_hyp_len - 4))
    following = list(p) + [last_5gram]
    out: List[Number] = []
    previous = p[0] + 1
    for n, p_n in enumerate(p):
        previous = (previous + p_n + following[n + 1]) / 3
        out.append(previous)
    return out


def _interpolated(p, nums, dens, counts, alpha) -> List[Number]:
    out = list(p)
    for n in range(2, len(p)):
        prior = 0 if out[n - 2] == 0 else out[n - 1] ** 2 / out[n - 2]
        ngrams_of_last = max(0, counts.last_hyp_len - n)
        out[n] = (nums[n] + alpha * prior) / (ngrams_of_last + alpha)
    return out


def _length_scaled_then_averaged(p, nums, dens, counts, k_param) -> List[Number]:
    return _average_neighbours(_length_scaled(p, nums, dens, counts, k_param), nums, dens, counts, None)


SMOOTHING = {
    "method0": _no_smoothing,
    "method1": _epsilon_counts,
    "method2": _add_one,
    "method3": _geometric,
    "method4": _length_scaled,
    "method5": _average_neighbours,
    "method6": _interpolated,
    "method7": _length_scaled_then_averaged,
}


class NltkBleu(BleuVariant):
    name = "nltk"
    tool = "NLTK 3.10 corpus_bleu / sentence_bleu"
    smooth_methods = tuple(SMOOTHING)
    smooth_parameters = {"method1": 0.1, "method4": 5, "method6": 5, "method7": 5}  # epsilon, k, alpha, k
    takes_weights = True

    def finalize(self, values, given):
        values = super().finalize(values, given)
        if values["smooth_method"] == "method6" and values["max_order"] < 3:
            raise ValueError("NLTK's method6 interpolates from the bigram and unigram precisions and needs "
                             f"max_order >= 3, got {values['max_order']}")
        return values

    def smooth_parameter(self, options: OptionValues):
        value = super().smooth_parameter(options)
        # NLTK's alpha and k are ints (5); an integral value stays one, so that
        # alpha * prior stays an exact fraction as in SmoothingFunction(alpha=5)
        return int(value) if isinstance(value, float) and value.is_integer() and options.smooth_method != "method1" else value

    def needs_5grams(self, values) -> bool:
        return values["smooth_method"] in ("method5", "method7")

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        nums = counts.matches
        dens = [total + short for total, short in zip(counts.totals, counts.short_hyps)]
        c, r = counts.hyp_len, counts.ref_len
        bp: Number = 1 if c > r else (0 if c == 0 else math.exp(1 - r / c))
        from fractions import Fraction

        p: List[Number] = [Fraction(num, den) for num, den in zip(nums, dens)]
        out = {"brevity_penalty": float(bp), "reference_length": r, "counts": list(nums), "totals": dens}
        if nums[0] == 0:  # NLTK returns 0 before smoothing
            return dict(out, bleu=0.0, precisions=[float(v) for v in p])
        p = SMOOTHING[options.smooth_method](p, nums, dens, counts, self.smooth_parameter(options))
        logs = (w * math.log(p_n) for w, p_n in zip(order_weights(options), p) if p_n > 0)
        bleu = bp * math.exp(math.fsum(logs))
        return dict(out, bleu=float(bleu), precisions=[float(v) if v > 0 else 0.0 for v in p])


VARIANT = NltkBleu()
