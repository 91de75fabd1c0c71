"""``variant="torchmetrics"``: torchmetrics 1.9's ``BLEUScore`` (and ``SacreBLEUScore``), without torch.

(``torchmetrics/functional/text/bleu.py``: ``_bleu_score_update`` and ``_bleu_score_compute``,
after torchtext's ``bleu_score``.) BLEU, on 0-1, with counts summed over the corpus:

- zero rule: if any order n = 1..N has no clipped match (M_n = 0; an order without
  hypothesis n-grams has none), BLEU is exactly 0, smoothing or not (NLTK would give
  a tiny positive number, sacreBLEU a smoothed one);
- p_n = M_n / T_n; with ``smooth_method="add-one"`` (its ``smooth=True``, Lin & Och
  2004) p_n = (M_n + 1) / (T_n + 1) for n >= 2, p_1 unsmoothed;
- BLEU = BP * exp(sum_n w_n ln p_n), w_n = ``weights`` (default 1/N, N = ``max_order``,
  its ``n_gram``), whatever they sum to;
- BP = 1 if c > r, else exp(1 - r/c), where r sums, per segment, the reference length
  closest to the hypothesis length with **ties to the reference given first** (it takes
  ``list.index`` of the smallest difference; sacreBLEU and NLTK take the shorter).

Tokens: ``BLEUScore`` splits on whitespace, which is ``tokenize="none"``.
``SacreBLEUScore(tokenize=T, lowercase=L)`` is the same computation on its copy of
sacreBLEU's tokenizer T: that is ``tokenize=T, lowercase=L`` here (the shared default,
13a, is its default too). Its 13a does not ``rstrip()`` first, as evaluate's copy
(a text ending in ``"-\\n"`` loses the line break and the hyphen:
:func:`.evaluate.unstripped_13a_texts`), and it lowercases after tokenizing, which for
13a and ``none`` gives the same tokens as lowercasing first (lowercasing maps letters to
letters and neither splits on letters); other tokenizers are ours, as if given to
torchmetrics as its tokenizer.

Arithmetic: torchmetrics keeps its counts and lengths in float32 tensors and computes
in float32. We do the same float32 operations in the same order (numpy float32
scalars: division, the weight products, the left-to-right sum, the product with BP,
each correctly rounded as IEEE requires of torch too), except that ln and exp are the
correctly rounded float32 values (``math`` in float64, rounded once) where torch's CPU
kernels (SLEEF's ``u10`` functions) may be 1 ulp off. So ``bleu`` is a float32 number,
and it equals torchmetrics' to the last bit in most cases, else within
``2^-23 * (2 sum_n w_n |ln p_n| + 6)`` relative (the tests' bound: each ln may move the
exponent by 1 ulp of w_n ln p_n, each of the two exp by 1 ulp of its value, plus a
factor 2 of margin); about 1e-6 relative at most on WMT systems.
Counts: ours are exact integers, rounded to float32 once; torchmetrics adds them up
one n-gram at a time in float32, which is exact below 2^24 (16.7 million n-grams of
an order, reference or hypothesis tokens); above that its sums drift and ours do not.

``SacreBLEUScore`` is therefore *not* sacreBLEU's BLEU (our default variant): it has
no exp smoothing (0 whenever an order has no match, where sacreBLEU smooths; with
``smooth=True`` its add-one still gives 0 there, unlike sacreBLEU's ``add-k``), its
ties of reference length go to the first reference (sacreBLEU's to the shorter),
it has no ``effective_order``, it computes in float32, and its 13a keeps sacreBLEU's
tokens except for the ``"-\\n"`` case above. On a corpus where every order has a match
and no tie of reference length falls differently, the two differ only by float32
rounding.

Where torchmetrics divides by zero we give a defined value: an empty corpus has BLEU 0
(the zero rule) and ``brevity_penalty`` 0 (c = 0).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Dict

from ...options import OptionValues
from .base import BleuVariant, Counts, order_weights
from .evaluate import unstripped_13a_texts

if TYPE_CHECKING:
    import numpy as np


def _ln(x: np.float32) -> np.float32:
    import numpy as np  # (float32 arithmetic: imported when this variant scores)

    return np.float32(math.log(float(x)))


def _exp(x: np.float32) -> np.float32:
    import numpy as np

    return np.float32(math.exp(float(x)))


class TorchmetricsBleu(BleuVariant):
    name = "torchmetrics"
    default_tokenizer = "none"  # BLEUScore()'s whitespace split; SacreBLEUScore() is tokenize="13a"
    tool = "torchmetrics 1.9 BLEUScore / SacreBLEUScore"
    smooth_methods = ("none", "add-one")
    takes_weights = True
    reference_ties = "first"

    def changed_texts(self, hypotheses, references, values):
        return unstripped_13a_texts(hypotheses, references, values)

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        import numpy as np

        f32 = np.float32
        numerator = [f32(m) for m in counts.matches]
        denominator = [f32(t) for t in counts.totals]
        c, r = f32(counts.hyp_len), f32(counts.ref_len)
        if options.smooth_method == "add-one":
            precisions = [numerator[0] / denominator[0] if denominator[0] else f32(0)]
            precisions += [(m + f32(1)) / (t + f32(1)) for m, t in zip(numerator[1:], denominator[1:])]
        else:
            precisions = [m / t if t else f32(0) for m, t in zip(numerator, denominator)]
        bp = f32(1) if c > r else (_exp(f32(1) - r / c) if c else f32(0))
        out: Dict[str, Any] = {
            "brevity_penalty": float(bp),
            "reference_length": counts.ref_len,
            "counts": list(counts.matches),
            "totals": list(counts.totals),
            "precisions": [float(p) for p in precisions],
        }
        if min(counts.matches) == 0:  # its zero rule, before smoothing
            return dict(out, bleu=0.0)
        exponent = f32(0)
        for w, p in zip(order_weights(options), precisions):  # torch.sum of a few floats: left to right
            exponent = f32(exponent + f32(w) * _ln(p))
        return dict(out, bleu=float(bp * _exp(exponent)))


VARIANT = TorchmetricsBleu()
