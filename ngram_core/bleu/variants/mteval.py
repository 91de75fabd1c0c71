"""``variant="mteval"``: the BLEU of NIST's mteval-v13a.pl (what WMT reported for years).

On 0-1, with c the hypothesis words and r the summed closest reference lengths
(ties to the shorter, mteval's ``brevity_penalty_closest``):

- BP = exp(min(0, 1 - r/c)), 0 when c = 0;
- per order, in Perl's doubles: i_n = ln(M_n / T_n); an order without hypothesis
  n-grams adds i_n = 0 (and still counts in the 1/n below); with
  ``smooth_method="exp"`` (default, mteval's ``bleu_score``) the k-th order without
  matches gets i_n = ln(1 / (2^k T_n)), as sacreBLEU's ``exp`` does;
- cumulative BLEU-n = exp((i_1 + ... + i_n) / n) * BP, and the score is BLEU-N,
  N = ``max_order`` (4; mteval prints cumulative scores up to 9);
- ``smooth_method="none"`` is mteval's ``--no-smoothing`` (``bleu_score_nosmoothing``):
  BLEU-n = exp((i_1 + ... + i_n) / n + min(0, 1 - r/c)), 0 if M_n = 0.

Unlike sacreBLEU, a corpus without any match is smoothed too (not 0), and the
penalty multiplies the exponential instead of joining its exponent.

Tokens: mteval's tokenizer is 13a (the only ``tokenize`` accepted). ``lowercase``:
``False`` is mteval's ``-c``; ``"ascii"`` its default (``tr/A-Z/a-z/``, so ``Ä``
stays); ``True`` full Unicode lowercasing (not mteval's). mteval reads SGML: a text
holding a literal ``&amp;`` must be escaped as it was when wrapped (``&amp;amp;``) to
get mteval's tokens; given as plain text it unescapes to ``&`` here, as in sacreBLEU.
``precisions`` are mteval's "individual" scores exp(i_n).
"""
from __future__ import annotations

import math
from typing import Any, Dict

from ...options import LOWERCASE_CHOICES, OptionValues
from .base import BleuVariant, Counts


class MtevalBleu(BleuVariant):
    name = "mteval"
    tool = "mteval-v13a.pl"
    smooth_methods = ("exp", "none")
    tokenizers = ("13a",)
    lowercase_choices = LOWERCASE_CHOICES  # "ascii": mteval's own lowercasing

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        c, r = counts.hyp_len, counts.ref_len
        matches, totals = counts.matches, counts.totals
        individual = []
        log_sum = 0.0
        if options.smooth_method == "none":
            bleu = 0.0
            for n, (m, t) in enumerate(zip(matches, totals), start=1):
                if m == 0:
                    bleu = 0.0
                    individual.append(0.0)
                    continue
                log_p = math.log(m / t)
                log_sum += log_p
                bleu = math.exp(log_sum / n + min(0, 1 - r / c))
                individual.append(math.exp(log_p))
            bp = math.exp(min(0, 1 - r / c)) if c > 0 else 0.0
        else:
            bp = math.exp(min(0, 1 - r / c)) if c > 0 else 0.0
            halvings = 1
            for n, (m, t) in enumerate(zip(matches, totals), start=1):
                if t == 0:
                    log_p = 0.0
                elif m == 0:
                    halvings *= 2
                    log_p = math.log(1 / (halvings * t))
                else:
                    log_p = math.log(m / t)
                individual.append(math.exp(log_p))
                log_sum += log_p
            bleu = math.exp(log_sum / len(matches)) * bp
        return {
            "bleu": bleu,
            "precisions": individual,
            "brevity_penalty": bp,
            "reference_length": r,
            "counts": list(matches),
            "totals": list(totals),
        }


VARIANT = MtevalBleu()
