"""BLEU as each tool the field reports computes it, over one statistics layer.

Every variant scores the same per-segment
:class:`~ngram_core.bleu.statistics.BleuStatistics` (the core's clipped n-gram
counts); a variant differs only in its reference length rule, its smoothing and its
arithmetic, each in a module named for its tool:

- ``sacrebleu`` (default): sacreBLEU 2.6.0 (:mod:`.sacrebleu`; closest length, exp smoothing);
- ``nltk``: NLTK 3.10 ``corpus_bleu`` / ``sentence_bleu``, smoothing methods 0-7 (:mod:`.nltk`);
- ``evaluate``: 🤗 evaluate's ``bleu`` = tensorflow/nmt ``compute_bleu``, shortest length (:mod:`.evaluate`);
- ``mteval``: mteval-v13a.pl's BLEU (:mod:`.mteval`);
- ``coco``: pycocoevalcap's ``Bleu``, Bleu_1..Bleu_N (:mod:`.coco`);
- ``torchmetrics``: torchmetrics 1.9's ``BLEUScore`` / ``SacreBLEUScore`` in float32, ties of
  reference length to the first reference, 0 when an order has no match (:mod:`.torchmetrics`).

``ngram_core.bleu.corpus_bleu(..., variant=NAME)`` is the way in; ``get_variant(NAME)``
gives the scorer (its option rules, and ``result(stats, options, tokenizer_signature)``).
"""
from __future__ import annotations

from typing import Dict

from .base import BleuVariant, Counts, count_rows, order_weights
from .coco import VARIANT as _COCO
from .evaluate import VARIANT as _EVALUATE
from .mteval import VARIANT as _MTEVAL
from .nltk import VARIANT as _NLTK
from .sacrebleu import VARIANT as _SACREBLEU
from .torchmetrics import VARIANT as _TORCHMETRICS

_REGISTRY: Dict[str, BleuVariant] = {v.name: v for v in (_SACREBLEU, _NLTK, _EVALUATE, _MTEVAL, _COCO, _TORCHMETRICS)}
DEFAULT_VARIANT = "sacrebleu"
VARIANTS = tuple(_REGISTRY)
# every variant's smoothing methods, in one tuple for the option declaration
SMOOTH_METHODS = tuple(dict.fromkeys(m for v in _REGISTRY.values() for m in v.smooth_methods))


def get_variant(name: str) -> BleuVariant:
    """The scorer of variant ``name``."""
    if name not in _REGISTRY:
        raise ValueError(f"variant={name!r} is not supported; use one of {', '.join(map(repr, VARIANTS))}")
    return _REGISTRY[name]


__all__ = ["BleuVariant", "Counts", "DEFAULT_VARIANT", "SMOOTH_METHODS", "VARIANTS", "count_rows", "order_weights",
           "get_variant"]
