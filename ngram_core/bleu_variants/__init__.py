"""BLEU as each tool the field reports computes it, over one statistics layer.

Every variant reads the same per-segment :class:`~ngram_core.bleu.BleuStatistics`
(the core's clipped n-gram counts); a variant differs only in its reference length
rule, its smoothing and its arithmetic, each in a module named for its tool:

- ``sacrebleu`` (default): sacreBLEU 2.6.0, ``ngram_core.bleu`` (closest length, exp smoothing);
- ``nltk``: NLTK 3.10 ``corpus_bleu`` / ``sentence_bleu``, smoothing methods 0-7 (:mod:`.nltk`);
- ``evaluate``: 🤗 evaluate's ``bleu`` = tensorflow/nmt ``compute_bleu``, shortest length (:mod:`.evaluate`);
- ``mteval``: mteval-v13a.pl's BLEU (:mod:`.mteval`);
- ``coco``: pycocoevalcap's ``Bleu``, Bleu_1..Bleu_N (:mod:`.coco`).

:func:`variant_bleu` is the corpus function (``corpus_bleu`` with a ``variant``);
:func:`variant_result` scores statistics that are already counted.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence, Union

from .base import BleuVariant, Counts, VariantOptions, count_rows
from .coco import VARIANT as _COCO
from .evaluate import VARIANT as _EVALUATE
from .mteval import VARIANT as _MTEVAL
from .nltk import VARIANT as _NLTK

DEFAULT_VARIANT = "sacrebleu"
_REGISTRY: Dict[str, BleuVariant] = {v.name: v for v in (_NLTK, _EVALUATE, _MTEVAL, _COCO)}
VARIANTS = (DEFAULT_VARIANT,) + tuple(_REGISTRY)


def get_variant(name: str) -> BleuVariant:
    """The scorer of variant ``name`` (not ``"sacrebleu"``, which ``ngram_core.bleu`` scores)."""
    if name not in _REGISTRY:
        if name == DEFAULT_VARIANT:
            raise ValueError("variant='sacrebleu' is scored by ngram_core.bleu (bleu_from_statistics)")
        raise ValueError(f"variant={name!r} is not supported; use one of {', '.join(map(repr, VARIANTS))}")
    return _REGISTRY[name]


def variant_result(stats, variant: BleuVariant, options: VariantOptions, tokenizer_signature: str,
                   return_segments: bool = False) -> Dict[str, Any]:
    """The result dictionary of a variant from per-segment statistics.

    Keys: ``bleu`` (0-1, the tool's number), ``score`` (100 x ``bleu``), ``precisions``
    (0-1), ``brevity_penalty``, ``length_ratio``, ``translation_length``,
    ``reference_length`` (by the variant's rule), ``counts`` and ``totals`` (the tool's
    numerators and denominators), ``signature``, the variant's own keys (``bleu_1``...
    for ``coco``), and with ``return_segments`` ``segment_scores`` (0-1; each segment
    scored as a one-segment corpus, i.e. NLTK's ``sentence_bleu``).
    """
    total = next(count_rows(stats.sum()))
    scored = variant.score(total, options)
    c, r = total.hyp_len, scored["reference_length"]
    result: Dict[str, Any] = {
        "bleu": scored["bleu"],
        "score": 100.0 * scored["bleu"],
        "precisions": scored["precisions"],
        "brevity_penalty": scored["brevity_penalty"],
        "length_ratio": scored.get("length_ratio", c / r if r else 0.0),
        "translation_length": c,
        "reference_length": r,
        "counts": scored["counts"],
        "totals": scored["totals"],
        "signature": variant.signature(options, stats.n_refs, tokenizer_signature),
    }
    result.update({k: v for k, v in scored.items() if k not in result})
    if return_segments:
        per_segment = [variant.score(row, options) for row in count_rows(stats)]
        result["segment_scores"] = [s["bleu"] for s in per_segment]
        if variant.name == "coco":
            result["segment_scores_by_order"] = [[s[f"bleu_{n}"] for s in per_segment]
                                                 for n in range(1, options.max_order + 1)]
    return result


def variant_bleu(
    predictions: Sequence[str],
    references: Sequence[Any],
    variant: str = DEFAULT_VARIANT,
    tokenize: Optional[str] = None,
    lowercase: Union[bool, str] = False,
    max_order: int = 4,
    weights: Optional[Sequence[float]] = None,
    smooth_method: Optional[str] = None,
    smooth_value: Optional[float] = None,
    effective_order: Union[bool, str] = False,
    return_segments: bool = False,
) -> Dict[str, Any]:
    """Corpus BLEU of ``predictions`` against ``references`` as tool ``variant`` computes it.

    ``tokenize=None`` and ``smooth_method=None`` take the variant's defaults (``"13a"``;
    the first of its smoothing methods). An option the variant does not use is a
    ``ValueError``. ``variant="sacrebleu"`` is :func:`ngram_core.bleu.corpus_bleu`.
    """
    from ..bleu import bleu_statistics, corpus_bleu
    from ..inputs import check_corpus
    from ..ngrams import tokenize_corpus
    from ..tokenizers import get_tokenizer

    if variant == DEFAULT_VARIANT:
        return corpus_bleu(predictions, references, tokenize or "13a", lowercase, max_order, weights,
                           smooth_method or "exp", smooth_value, effective_order, return_segments)
    scorer = get_variant(variant)
    options = scorer.options(tokenize=tokenize, lowercase=lowercase, max_order=max_order, weights=weights,
                             smooth_method=smooth_method, smooth_value=smooth_value,
                             effective_order=effective_order)
    hyps, refs = check_corpus(predictions, references)
    hyps = scorer.prepare_texts(hyps, options)
    refs = [scorer.prepare_texts(r, options) for r in refs]
    corpus = tokenize_corpus(hyps, refs, options.tokenize, scorer.lowercase_before_tokenizing(options))
    corpus = scorer.prepare_corpus(corpus, options)
    stats = bleu_statistics(corpus, options.max_order, count_5grams=scorer.needs_5grams(options))
    return variant_result(stats, scorer, options, get_tokenizer(options.tokenize).signature(), bool(return_segments))


__all__ = ["BleuVariant", "Counts", "DEFAULT_VARIANT", "VARIANTS", "VariantOptions", "count_rows", "get_variant",
           "variant_bleu", "variant_result"]
