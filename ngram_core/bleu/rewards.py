"""BLEU's compiled reward road (:mod:`ngram_core.rewards`): for BLEU's default
sentence-level options (sacreBLEU's sentence BLEU, 13a, exp smoothing, effective order),
a batch's texts become token ids in one compiled pass (:mod:`ngram_core.ngrams.batch_tokens`)
and its rewards in another (:mod:`ngram_core.bleu.reward_kernel`): the numbers of
:meth:`ngram_core.bleu.entry.Bleu.sentence_scores`, with no corpus index, no statistics
object and no numpy call per step. Other options take ``sentence_scores``.
"""
from __future__ import annotations

from typing import Any, Callable, List, Mapping, Optional

from .. import compiled
from .row import EFFECTIVE_ORDER_CODES, SMOOTH_CODES
from .variants.sacrebleu import _LOG_ZERO

# the sentence-level values (``sentence_values(bleu, {})``) this road computes
DEFAULTS = {"variant": "sacrebleu", "tokenize": "13a", "lowercase": False, "max_order": 4, "weights": None,
            "smooth_method": "exp", "smooth_value": None, "effective_order": "sacrebleu",
            "return_segments": False}


def road(entry: Any, values: Mapping[str, Any]) -> Optional[Callable[[List[str], List[List[str]]], List[float]]]:
    """:func:`rewards` for BLEU (``entry``, which asks: :meth:`~ngram_core.metric.Metric.reward_road`) with :data:`DEFAULTS` and the compiled kernels
    may run (:func:`ngram_core.compiled.use`), else None."""
    if dict(values) == DEFAULTS and compiled.use():
        return rewards
    return None


def rewards(hypotheses: List[str], references: List[List[str]]) -> List[float]:
    """``sentence_scores`` of each (hypothesis, its references) as a list (0-1:
    ``sacrebleu.sentence_bleu(h, refs).score / 100``, 100 kept as 100)."""
    from ..ngrams.batch_tokens import reference_table, tokens_13a
    from .reward_kernel import sentence_bleu_rewards  # numba (cached)

    distinct, table = reference_table(references)
    ids, lengths = tokens_13a(hypotheses + distinct)
    return sentence_bleu_rewards(ids, lengths, table, len(hypotheses), DEFAULTS["max_order"], SMOOTH_CODES["exp"],
                                 0.0, EFFECTIVE_ORDER_CODES["sacrebleu"], _LOG_ZERO).tolist()
