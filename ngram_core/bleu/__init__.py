"""BLEU: per-segment statistics, then a score from summed statistics, as one of five tools.

``corpus_bleu(predictions, references, variant=...)`` tokenizes (``ngram_core.tokenizers``),
counts clipped n-gram matches once (:mod:`ngram_core.bleu.statistics`) and scores the
counts with the rules of the tool named by ``variant`` (:mod:`ngram_core.bleu.variants`):

- ``"sacrebleu"`` (default): sacreBLEU 2.6.0's ``BLEU``, smoothing ``exp`` ``floor``
  ``add-k`` ``constant`` ``none``, ``effective_order``;
- ``"nltk"``: NLTK 3.10's ``corpus_bleu`` (``sentence_bleu`` per segment), smoothing
  ``method0`` ... ``method7``;
- ``"evaluate"``: 🤗 evaluate's ``bleu`` (tensorflow/nmt ``compute_bleu``, shortest
  reference length), smoothing ``none`` or ``add-one``;
- ``"mteval"``: mteval-v13a.pl, smoothing ``exp`` or ``none`` (``--no-smoothing``),
  ``lowercase="ascii"`` for its default lowercasing;
- ``"coco"``: pycocoevalcap's ``Bleu``, with ``bleu_1`` ... ``bleu_N``;
- ``"torchmetrics"``: torchmetrics 1.9's ``BLEUScore`` (``tokenize="none"``) and
  ``SacreBLEUScore`` (its tokenizer), smoothing ``none`` or ``add-one``, in float32.

Every variant's number is on 0-1 (``bleu``) and 0-100 (``score``), with a signature
that names the variant and its options. :data:`OPTIONS` declares every option once,
with the variants that read it; an option given to a variant that does not read it
is a ``ValueError``.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence, Union

from . import plain
from .variants import DEFAULT_VARIANT, SMOOTH_METHODS as ALL_SMOOTH_METHODS, VARIANTS, get_variant
from .variants.sacrebleu import SMOOTH_DEFAULTS, SMOOTH_METHODS, bleu_from_statistics, bleu_result
from ..inputs import check_corpus
from ..lazy import attributes
from ..ngrams.corpora import NO_PLAIN_FORM, TokenLists, tokenized_corpus
from ..ngrams.plain import SegmentRows
from ..options import (LOWERCASE_CHOICES, Option, OptionSet, OptionValues, lowercase_option, return_segments_option,
                       tokenize_option)
from ..signature import nrefs_field, numbers
from ..tokenizers import TOKENIZERS

if TYPE_CHECKING:
    from ..ngrams.index import TokenizedCorpus
    from .statistics import BleuStatistics

# the statistics' names (numpy), imported when first asked for: a one-off call in plain
# Python (ngram_core.bleu.plain) never imports numpy
__getattr__ = attributes(__name__, {name: ".statistics" for name in (
    "BleuStatistics", "bleu_statistics", "closest_ref_length", "shortest_ref_length")})


def _by_variant(attribute: str, everything: tuple) -> tuple:
    """(variant, its choices) for the variants that accept fewer than ``everything``."""
    pairs = ((name, getattr(get_variant(name), attribute) or everything) for name in VARIANTS)
    return tuple((name, tuple(choices)) for name, choices in pairs if tuple(choices) != tuple(everything))


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    """Rules between options: one weight per order; then the variant's own rules."""
    if values["weights"] is not None:
        weights = values["weights"]
        if len(weights) != values["max_order"]:
            raise ValueError(
                f"weights has {len(weights)} {'entry' if len(weights) == 1 else 'entries'} but max_order is "
                f"{values['max_order']}: give one weight per order (and set max_order to match)"
            )
        if any(w < 0 for w in weights) or sum(weights) <= 0:
            raise ValueError(f"weights must be non-negative and not all zero, got {list(weights)!r}")
    return get_variant(values["variant"]).finalize(values, given)


def _smooth_text(method: str, values: Mapping[str, Any]) -> str:
    return get_variant(values["variant"]).smooth_text(OptionValues(values))


OPTIONS = OptionSet("BLEU", [
    Option("variant", DEFAULT_VARIANT, "whose BLEU: 'sacrebleu' (sacreBLEU 2.6.0), 'nltk' (NLTK 3.10 corpus_bleu / "
           "sentence_bleu), 'evaluate' (evaluate's bleu: tensorflow/nmt compute_bleu), 'mteval' (mteval-v13a.pl), "
           "'coco' (pycocoevalcap Bleu), 'torchmetrics' (torchmetrics BLEUScore; SacreBLEUScore with its tokenizer)",
           "choice", choices=VARIANTS, signature=("variant", str)),
    tokenize_option(None, "None: the variant's, 13a (torchmetrics: none, BLEUScore's whitespace split; its "
                    "SacreBLEUScore is tokenize='13a')", nullable=True,
                    variant_choices=_by_variant("tokenizers", TOKENIZERS),
                    variant_defaults=tuple((name, get_variant(name).default_tokenizer) for name in VARIANTS)),
    lowercase_option(False, "lowercase (full Unicode str.lower()) before tokenizing; 'ascii' (variant mteval): "
                     "A-Z only, as mteval-v13a without -c",
                     variant_choices=_by_variant("lowercase_choices", LOWERCASE_CHOICES)),
    Option("max_order", 4, "the largest n-gram order N", "int", low=1, signature=("order", str)),
    Option("weights", None, "one weight per order; None: 1/N each", "floats", nullable=True,
           variants=("sacrebleu", "nltk", "torchmetrics"), signature=("w", numbers(","))),
    Option("smooth_method", None, "smoothing, among the variant's methods; None: its default (sacrebleu: exp, "
           "floor, add-k, constant, none; nltk: method0..method7; evaluate: none, add-one; mteval: exp, none; torchmetrics: none, add-one)",
           "choice", choices=ALL_SMOOTH_METHODS, nullable=True,
           variant_choices=_by_variant("smooth_methods", ALL_SMOOTH_METHODS),
           variant_defaults=tuple((name, get_variant(name).smooth_methods[0]) for name in VARIANTS),
           signature=("smooth", _smooth_text, True)),
    Option("smooth_value", None, "the smoothing method's parameter (sacrebleu: floor 0.1, add-k 1, constant 0.1; "
           "nltk: method1 epsilon 0.1, method4/method7 k 5, method6 alpha 5); None: that default; 0 only with sacrebleu's "
           "floor or add-k (no smoothing, as sacreBLEU)",
           "float", low=0, nullable=True, variants=("sacrebleu", "nltk")),
    Option("effective_order", False, "True/'sacrebleu': leave out orders with no hypothesis n-grams (sentence "
           "BLEU); 'seed': N = the largest order with a match", "choice", choices=(False, True, "sacrebleu", "seed"),
           variants=("sacrebleu",), signature=("eff", {False: "no", "sacrebleu": "yes", "seed": "seed"}.get)),
    return_segments_option(),
], finalize=_finalize, signature_fields={name: get_variant(name).signature_fields for name in VARIANTS})


def plain_chars(values: Mapping[str, Any]) -> float:
    """What BLEU counts in plain Python with the resolved options ``values``
    (:mod:`ngram_core.bleu.plain`): any size where the variant scores rows in Python
    (all but sacreBLEU's with ``weights``), else nothing (:mod:`ngram_core.ngrams.corpora`)."""
    return math.inf if get_variant(values["variant"]).scores_counts(OptionValues.of(values)) else NO_PLAIN_FORM


def statistics_for(corpus: Union[TokenLists, TokenizedCorpus], values: Mapping[str, Any],
                   matches=None) -> Union[SegmentRows, BleuStatistics]:
    """Per-segment statistics with what the variant reads, from either layout of the
    tokenized corpus: plain rows (:func:`ngram_core.bleu.plain.rows`) or
    :class:`BleuStatistics` (``matches`` as for :func:`bleu_statistics`)."""
    if corpus.plain:
        return plain.rows(corpus, values)
    from .statistics import bleu_statistics

    variant = get_variant(values["variant"])
    return bleu_statistics(corpus, values["max_order"], matches, count_5grams=variant.needs_5grams(values),
                           ties=variant.reference_ties)


def signature_of(values: Mapping[str, Any], refs_per_segment) -> str:
    """The signature of resolved options ``values`` and the references' counts per segment."""
    return OPTIONS.signature_string(values, nrefs=nrefs_field(refs_per_segment))


def result_from_statistics(stats: Union[SegmentRows, BleuStatistics], values: Mapping[str, Any]) -> Dict[str, Any]:
    """The variant's result dictionary from per-segment (or summed) statistics, of either
    layout (:func:`statistics_for`)."""
    signature = signature_of(values, stats.n_refs)
    if isinstance(stats, SegmentRows):
        return plain.result(stats, values, signature)
    return get_variant(values["variant"]).result(stats, values, signature)


@OPTIONS.entry_point
def corpus_bleu(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus BLEU of ``predictions`` against ``references`` (one string or list per prediction).

    The default settings give sacreBLEU 2.6.0's ``BLEU().corpus_score`` (13a, case
    kept, exp smoothing): ``bleu`` on 0-1 and ``score`` (sacreBLEU's number) on 0-100;
    ``variant`` names another tool's BLEU (see the module docstring).
    ``return_segments=True`` adds ``segment_scores``: each segment's BLEU (0-1) with
    the same options (use ``effective_order=True`` for sentence-level BLEU as
    sacreBLEU recommends; the other variants score a segment as their tool scores a
    one-segment corpus, i.e. NLTK's ``sentence_bleu``).
    """
    hyps, refs = check_corpus(predictions, references)
    corpus = tokenized_corpus(*get_variant(options["variant"]).texts(hyps, refs, options), options["tokenize"],
                              options["lowercase"], plain_chars(options))  # the road picks the layout
    return result_from_statistics(statistics_for(corpus, options), options)


def _count_list(name: str, value: Any) -> List[int]:
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{name} must be a list of counts, one per n-gram order; got {type(value).__name__}")
    counts = list(value)
    for count in counts:
        if isinstance(count, bool) or not float(count).is_integer() or count < 0:
            raise ValueError(f"{name} must hold counts (whole numbers >= 0); got {count!r}")
    return [int(c) for c in counts]


def _count(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, float)) and not hasattr(value, "__index__"):
        raise TypeError(f"{name} must be a whole number; got {type(value).__name__}")
    if not float(value).is_integer() or value < 0:
        raise ValueError(f"{name} must be a whole number >= 0; got {value!r}")
    return int(value)


def score_statistics(correct: Sequence[int], total: Sequence[int], sys_len: int, ref_len: int, *,
                     n_refs: int = 1, shortest_ref_len: Optional[int] = None, short_hyps: Optional[Sequence[int]] = None,
                     **options: Any) -> Dict[str, Any]:
    """BLEU from summed statistics, as sacreBLEU's ``BLEU.compute_bleu(correct, total,
    sys_len, ref_len, ...)``: the result :func:`corpus_bleu` gives for a corpus with
    these statistics, signature included.

    Args:
        correct: clipped n-gram matches per order (``max_order`` of them; sacreBLEU's ``correct``).
        total: hypothesis n-grams per order (sacreBLEU's ``total``).
        sys_len: hypothesis tokens; ref_len: the closest reference lengths, summed.
        n_refs: references per segment (the signature's ``nrefs``).
        shortest_ref_len: the shortest reference lengths, summed (``variant="evaluate"`` reads them).
        short_hyps: per order, the segments with fewer tokens than the order (``variant="nltk"``
            reads them; default: one per order whose ``total`` is 0).
        **options: :func:`corpus_bleu`'s (``variant``, ``smooth_method``, ``effective_order``, ...);
            ``max_order`` defaults to the number of orders given.

    Returns:
        ``bleu`` (0-1), ``score`` (0-100), ``precisions``, ``brevity_penalty``, ... as :func:`corpus_bleu`.

    Example:
        >>> round(score_statistics([5, 4, 2, 1], [7, 6, 5, 4], 7, 7)["score"], 2)
        46.71
    """
    from ..lazy import np
    from .statistics import BleuStatistics

    matches, totals = _count_list("correct", correct), _count_list("total", total)
    if len(matches) != len(totals):
        raise ValueError(f"correct has {len(matches)} orders but total has {len(totals)}: give one count per order to each")
    given = dict(options)
    given.setdefault("max_order", len(matches))
    values = OPTIONS.resolve(given)
    if len(matches) != values["max_order"]:
        raise ValueError(f"correct and total have {len(matches)} orders but max_order={values['max_order']}: "
                         "give one count per order")
    short = [int(t == 0) for t in totals] if short_hyps is None else _count_list("short_hyps", short_hyps)
    if len(short) != len(matches):
        raise ValueError(f"short_hyps has {len(short)} orders but correct has {len(matches)}")
    row = np.array([_count("sys_len", sys_len)], dtype=np.int64)
    stats = BleuStatistics(
        hyp_len=row, ref_len=np.array([_count("ref_len", ref_len)], dtype=np.int64),
        matches=np.array([matches], dtype=np.int64), totals=np.array([totals], dtype=np.int64),
        n_refs=np.array([_count("n_refs", n_refs)], dtype=np.int64),
        shortest_ref_len=np.array([-1 if shortest_ref_len is None else _count("shortest_ref_len", shortest_ref_len)],
                                  dtype=np.int64),
        short_hyps=np.array([short], dtype=np.int64))
    return result_from_statistics(stats, values)


__all__ = ["ALL_SMOOTH_METHODS", "BleuStatistics", "LOWERCASE_CHOICES", "OPTIONS", "SMOOTH_DEFAULTS",
           "SMOOTH_METHODS", "VARIANTS", "bleu_from_statistics", "bleu_result", "bleu_statistics", "closest_ref_length",
           "corpus_bleu", "plain_chars", "result_from_statistics", "score_statistics", "shortest_ref_length", "statistics_for"]
