"""Self-BLEU: each text's sentence BLEU against all the other texts, averaged.

The counting is :func:`ngram_core.bleu.pairs.leave_one_out_scores` (linear in the
texts); this module holds the definitions (see :func:`self_bleu`).
"""
from __future__ import annotations

from typing import Any, Sequence

from .entry import BLEU
from .pairs import leave_one_out_scores
from .variants import get_variant
from ..inputs import check_texts
from ..metric import sentence_values


# self-BLEU's definitions: variant -> the options it starts from (the user's override them)
SELF_BLEU_DEFAULTS = {
    "sacrebleu": {},  # sacreBLEU's sentence BLEU, effective order (BLEU's sentence_options)
    "nltk": {"smooth_method": "method1"},  # Texygen (Zhu et al. 2018), as fast-bleu's SelfBLEU
}


def self_bleu(texts: Sequence[str], **options: Any) -> float:
    """Self-BLEU (0-1): the mean over texts of each text's sentence BLEU with *all the
    other* texts as its references (a diversity measure: lower is more diverse).

    - default (``variant="sacrebleu"``): ``sacrebleu.sentence_bleu(t_i, others)`` (effective
      order, exp smoothing, 13a), i.e. the mean of ``sentence_bleu(...).score / 100`` over a
      loop, to the bit;
    - ``variant="nltk"``: Texygen's definition (Zhu et al. 2018, "Texygen: A Benchmarking
      Platform for Text Generation Models", ``utils/metrics/SelfBleu.py``): NLTK's
      ``sentence_bleu(others, t_i, weights, smoothing_function=SmoothingFunction().method1)``
      with uniform weights over ``max_order`` orders (Texygen's default ``gram`` is 3:
      ``max_order=3``; the default here is 4). ``fast_bleu.SelfBLEU(tokens)`` computes the same
      (NLTK's method1, all other texts as references, default weights 4 x 1/4), from token lists:
      ``tokenize="none"`` on the tokens joined by spaces gives its numbers (to rounding: its
      C++ arithmetic differs from NLTK's in the last bits). Texygen tokenizes with NLTK's
      ``word_tokenize``; give the texts so tokenized, with ``tokenize="none"``, for its numbers.

    Any other BLEU option applies (``max_order``, ``smooth_method``, ``tokenize``, ...).
    Each text is tokenized once and every leave-one-out count comes from one pass over
    the n-grams (largest and second largest count per n-gram): linear in the texts.
    """
    items = check_texts(texts, "texts")
    if len(items) < 2:
        raise ValueError(f"texts has {len(items)} entry: self-BLEU needs at least two texts (each one's "
                         "references are the others)")
    variant = options.get("variant", BLEU.OPTIONS["variant"].default)
    values = sentence_values(BLEU, {**SELF_BLEU_DEFAULTS.get(variant, {}), **options})
    if get_variant(values["variant"]).reference_ties != "shorter":
        raise ValueError(f"self_bleu does not offer variant={values['variant']!r} (its ties between equally close "
                         f"references go to the first one given); use one of {', '.join(map(repr, SELF_BLEU_DEFAULTS))}")
    scores = leave_one_out_scores(items, values)
    return float(sum(scores.tolist()) / len(items))  # left to right, as a loop
