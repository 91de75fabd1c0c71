"""``variant="coco"``: pycocoevalcap's ``Bleu`` (``pycocoevalcap/bleu/bleu_scorer.py``), the
Bleu_1..Bleu_4 of image-captioning papers.

Cumulative BLEU-n for n = 1..N (``max_order`` N = 4), on 0-1, with pycocoevalcap's
two constants tiny = 1e-15 and small = 1e-9 instead of smoothing:

- q_n = q_{n-1} * (M_n + tiny) / (T_n + small), q_0 = 1, and BLEU-n = q_n^(1/n);
- ratio = (c + tiny) / (r + small) with r the summed closest reference lengths
  (ties to the shorter, its ``"closest"`` option), and if ratio < 1 every BLEU-n is
  multiplied by exp(1 - 1/ratio).

So an order without matches gives a small positive BLEU rather than 0, and an
empty hypothesis 0 (its ratio is ~1e-6). The result holds ``bleu_1`` ... ``bleu_N``
beside ``bleu`` (= ``bleu_N``); with ``return_segments=True``, ``segment_scores``
(BLEU-N per segment) and ``segment_scores_by_order`` (one list per order: the
``scores`` pycocoevalcap returns).

Tokens: pycocoevalcap splits its PTB tokenizer's output on whitespace; give
pre-tokenized captions with ``tokenize="none"``.
"""
from __future__ import annotations

import math
from typing import Any, Dict, List

from ...options import OptionValues
from .base import BleuVariant, Counts

TINY = 1e-15
SMALL = 1e-9


class CocoBleu(BleuVariant):
    name = "coco"
    tool = "pycocoevalcap 1.2 Bleu"
    smooth_methods = ("coco",)  # its constants; nothing to choose

    def smooth_text(self, options: OptionValues):
        return None  # its constants: nothing to say

    def segment_results(self, per_segment, options: OptionValues):
        return {"segment_scores": [s["bleu"] for s in per_segment],
                "segment_scores_by_order": [[s[f"bleu_{n}"] for s in per_segment]
                                            for n in range(1, options.max_order + 1)]}

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        c, r = counts.hyp_len, counts.ref_len
        product = 1.0
        cumulative: List[float] = []
        for n, (m, t) in enumerate(zip(counts.matches, counts.totals), start=1):
            product *= (float(m) + TINY) / (float(t) + SMALL)
            cumulative.append(product ** (1.0 / n))
        ratio = (c + TINY) / (r + SMALL)
        bp = 1.0
        if ratio < 1:
            bp = math.exp(1 - 1 / ratio)
            cumulative = [value * bp for value in cumulative]
        out: Dict[str, Any] = {
            "bleu": cumulative[-1],
            "precisions": [m / t if t else 0.0 for m, t in zip(counts.matches, counts.totals)],
            "brevity_penalty": bp,
            "reference_length": r,
            "counts": list(counts.matches),
            "totals": list(counts.totals),
        }
        out.update({f"bleu_{n}": value for n, value in enumerate(cumulative, start=1)})
        return out


VARIANT = CocoBleu()
