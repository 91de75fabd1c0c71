"""``variant="evaluate"``: 🤗 evaluate's ``bleu`` metric (evaluate 0.4, ``metrics/bleu``).

That script tokenizes with its own copy of sacreBLEU's 13a and scores with
tensorflow/nmt's ``compute_bleu`` (``nmt/scripts/bleu.py``). BLEU, on 0-1:

- p_n = M_n / T_n (0 where T_n = 0); with ``smooth_method="add-one"`` (its
  ``smooth=True``, Lin & Och 2004) p_n = (M_n + 1) / (T_n + 1) for every order,
  the first included;
- geo_mean = exp(sum_n (1/N) ln p_n) if every p_n > 0, else 0 (no smoothing of
  its own: one order without matches makes BLEU 0);
- r is the sum of the *shortest* reference lengths (not the closest), ratio = c / r,
  BP = 1 if ratio > 1, else exp(1 - 1/ratio);
- BLEU = geo_mean * BP; ``max_order`` N = 4.

Tokens: ``tokenize="13a"`` gives evaluate's copy of 13a token for token. It is
sacreBLEU's 13a except that it does not ``rstrip()`` the text first, so a text that
ends in a hyphen followed by a line break (``"well-\\n"``) has the line break
joined away (``well``, where sacreBLEU keeps ``well-``); :func:`evaluate_13a_text`
applies that difference before our 13a runs. Other ``tokenize`` names are our
tokenizers, as if passed to evaluate's ``tokenizer=`` argument. ``lowercase=True``
lowercases before tokenizing (evaluate's ``bleu`` has no such option).

Where the tool divides by zero we give a defined value: an empty corpus
(c = 0) has BP = 0 and BLEU = 0; references that are all empty (r = 0 < c) have
BP = 1 (the hypothesis is longer) and ``length_ratio`` 0.0.
"""
from __future__ import annotations

import math
from typing import Any, Dict

from ...options import OptionValues
from .base import BleuVariant, Counts


def evaluate_13a_text(text: str) -> str:
    """``text`` such that our 13a (which ``rstrip()``\\s first, as sacreBLEU) gives the
    tokens of evaluate's 13a (which does not). Only texts with a line break change:
    the line joins run here, on the whole text, and a ``<skipped>`` they leave behind
    (evaluate removes it once, before joining) is kept as ``< skipped >``, which
    13a tokenizes the same way and does not remove again."""
    if "\n" not in text:
        return text
    joined = text.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    return joined.replace("<skipped>", "< skipped >")


def unstripped_13a_texts(hypotheses, references, values):
    """The texts as a copy of 13a that does not ``rstrip()`` first sees them (evaluate's,
    torchmetrics' ``SacreBLEUScore``), or None where that changes nothing (no line
    break, or another tokenizer)."""
    texts = (t for segment in [hypotheses, *references] for t in segment)
    if values["tokenize"] != "13a" or not any("\n" in t for t in texts):
        return None
    return ([evaluate_13a_text(t) for t in hypotheses],
            [[evaluate_13a_text(r) for r in refs] for refs in references])


class EvaluateBleu(BleuVariant):
    name = "evaluate"
    tool = "🤗 evaluate's bleu (tensorflow/nmt compute_bleu)"
    smooth_methods = ("none", "add-one")

    def changed_texts(self, hypotheses, references, values):
        return unstripped_13a_texts(hypotheses, references, values)

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        N = options.max_order
        matches, possible = counts.matches, counts.totals
        if options.smooth_method == "add-one":
            precisions = [(m + 1.0) / (t + 1.0) for m, t in zip(matches, possible)]
        else:
            precisions = [float(m) / t if t > 0 else 0.0 for m, t in zip(matches, possible)]
        if min(precisions) > 0:
            geo_mean = math.exp(sum((1.0 / N) * math.log(p) for p in precisions))
        else:
            geo_mean = 0.0
        c, r = counts.hyp_len, counts.shortest_ref_len
        if r < 0:
            raise ValueError("variant='evaluate' needs the shortest reference lengths, which these statistics lack")
        if c == 0:
            ratio, bp = 0.0, 0.0
        elif r == 0:
            ratio, bp = 0.0, 1.0
        else:
            ratio = float(c) / r
            bp = 1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio)
        return {
            "bleu": geo_mean * bp,
            "precisions": precisions,
            "brevity_penalty": bp,
            "length_ratio": ratio,
            "reference_length": r,
            "counts": list(matches),
            "totals": list(possible),
        }


VARIANT = EvaluateBleu()
