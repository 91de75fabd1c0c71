"""chrF (Popović 2015) and chrF++ (Popović 2017): F-beta over character and word n-grams.

sacreBLEU 2.6.0's ``CHRF`` number for number. Each text is first lowercased
(``lowercase=True``, full Unicode ``str.lower()``); its *characters* are the text with
all whitespace removed (``whitespace=False``, the default) or kept (``True``), and its
*words* (chrF++, ``word_order`` > 0) are its whitespace-separated words with one
punctuation mark split off each word of two or more characters: the last character if
it is ASCII punctuation, else the first if it is (so ``(hi)`` gives ``(hi`` and ``)``).

Statistics, per segment and order (character orders 1..``char_order``, then word
orders 1..``word_order``): hypothesis n-grams, reference n-grams and matches (each
n-gram clipped by its count in the reference). When the reference has no n-gram of an
order, the hypothesis count of that order is 0 (sacreBLEU's rule: no hits without a
reference). With several references a segment keeps the statistics of the reference
whose f-score (below) is highest, the first of equals.

Score of (summed) statistics, ``factor = beta ** 2``: with ``eps_smoothing=False`` (the
default, sacreBLEU's "effective order"), precision and recall are averaged over the
orders that have both hypothesis and reference n-grams, and the score is
``100 * (1 + factor) P R / (factor P + R)`` (0 when P + R = 0); with
``eps_smoothing=True`` (chrF++.py, Moses and NLTK) it is the mean over all orders of
each order's F-beta, an empty side counting as 1e-16. The corpus score is the score of
the summed statistics; a segment score is the score of its own statistics
(sacreBLEU's ``sentence_score``). ``score`` is 0-100 (sacreBLEU's), ``chrf`` and the
result's ``segment_scores`` 0-1.

``variant="torchmetrics"`` gives torchmetrics 1.9's ``CHRFScore`` instead, bit for bit
(float32, its mean of per-order F-scores, its corpus rule, its characters):
:mod:`ngram_core.chrf.torchmetrics`. NLTK's ``chrf_score`` needs no variant: its sentence
score is ours with ``beta=3, eps_smoothing=True`` and its corpus score their mean.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Mapping, Sequence, Union

from ..inputs import check_corpus
from ..lazy import attributes
from ..ngrams.corpora import NO_PLAIN_FORM, Corpora
from ..ngrams.plain import SegmentRows
from ..options import Option, OptionSet, flag, lowercase_option, return_segments_option
from ..signature import nrefs_field

if TYPE_CHECKING:
    from .statistics import ChrfStatistics

__getattr__ = attributes(__name__, {"ChrfStatistics": ".statistics", "chrf_statistics": ".statistics",
                                    "f_scores": ".statistics"})

EPS = 1e-16  # what an order with no hypothesis or no reference n-grams counts as, with eps_smoothing


VARIANTS = ("sacrebleu", "torchmetrics")  # whose chrF: sacreBLEU 2.6.0's; torchmetrics 1.9's (.torchmetrics)


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    if values["variant"] == "torchmetrics" and values["char_order"] < 1:
        raise ValueError("variant='torchmetrics' needs char_order >= 1 (its n_char_order); give char_order=1 or more")
    if values["char_order"] + values["word_order"] < 1:
        raise ValueError("char_order=0 and word_order=0 leave chrF no n-grams to count: set char_order "
                         "(default 6) or word_order (2 for chrF++) to 1 or more")
    return values


OPTIONS = OptionSet("chrF", [
    Option("variant", "sacrebleu", "whose chrF: 'sacrebleu' (sacreBLEU 2.6.0 CHRF), 'torchmetrics' (torchmetrics "
           "1.9 CHRFScore / chrf_score: float32, its corpus rule; give word_order=2 for its default chrF++)",
           "choice", choices=VARIANTS, signature=("variant", str)),
    Option("char_order", 6, "the largest character n-gram order", "int", low=0, signature=("nc", str)),
    Option("word_order", 0, "the largest word n-gram order (0: chrF; 2: chrF++)", "int", low=0,
           signature=("nw", str)),
    Option("beta", 2, "recall weighs beta times as much as precision", "int", low=0),
    lowercase_option(False, "lowercase (full Unicode str.lower()) before counting", "flag"),
    flag("whitespace", False, "keep whitespace in the character n-grams (sacreBLEU removes it by default)",
         signature=("space", lambda whitespace: "yes" if whitespace else "no")),
    flag("eps_smoothing", False, "chrF++.py's, Moses' and NLTK's smoothing (the mean of every order's "
         "F-beta) instead of sacreBLEU's effective order",
         signature=("eff", lambda eps: "no" if eps else "yes"), variants=("sacrebleu",)),
    return_segments_option(),
], finalize=_finalize, signature_fields={"sacrebleu": ("nrefs", "case", "eff", "nc", "nw", "space"),
                                              "torchmetrics": ("variant", "nrefs", "case", "nc", "nw", "space")})


def name_of(values: Mapping[str, Any]) -> str:
    """The metric's name as sacreBLEU writes it: ``chrF2``, ``chrF2++`` (one + per word order)."""
    return f"chrF{values['beta']}" + "+" * values["word_order"]


def signature_of(values: Mapping[str, Any], refs_per_segment: Any) -> str:
    """``chrF2|nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:ngram-core-X``."""
    signature = OPTIONS.signature_string(values, nrefs=nrefs_field(refs_per_segment))
    return name_of(values) + signature[len(OPTIONS.metric):]


# -- the score of one row of statistics (plain Python: a one-off call imports no numpy) -------
def f_score(row: Sequence[Any], beta: int, eps_smoothing: bool) -> Any:
    """0-100 chrF of one row ``[hyp_1, ref_1, match_1, hyp_2, ...]``, in the arithmetic
    of the row's own numbers: Python ints give sacreBLEU's corpus and sentence scores,
    float32 numpy scalars its bootstrap resamples (so the steps below are its steps)."""
    factor = beta ** 2
    orders = len(row) // 3
    total, seen = 0.0, 0
    precision_sum, recall_sum = 0.0, 0.0
    for i in range(orders):
        hyp, ref, match = row[3 * i], row[3 * i + 1], row[3 * i + 2]
        precision = match / hyp if hyp > 0 else EPS
        recall = match / ref if ref > 0 else EPS
        weighted = factor * precision + recall
        total += (1 + factor) * precision * recall / weighted if weighted > 0 else EPS
        if hyp > 0 and ref > 0:
            precision_sum += precision
            recall_sum += recall
            seen += 1
    if eps_smoothing:
        return 100 * total / orders
    if seen == 0:
        precision_sum = recall_sum = 0.0
    else:
        precision_sum /= seen
        recall_sum /= seen
    if not precision_sum + recall_sum:
        return 0.0
    score = (1 + factor) * precision_sum * recall_sum
    score /= factor * precision_sum + recall_sum
    return 100 * score


def result_of(score: float, signature: str, values: Mapping[str, Any], chrf: Any = None) -> Dict[str, Any]:
    """The result dictionary's keys but ``segment_scores`` (``chrf``: the 0-1 number where
    it is the variant's own, else ``score / 100``)."""
    return {"score": float(score), "chrf": float(score) / 100 if chrf is None else float(chrf), "char_order": values["char_order"],
            "word_order": values["word_order"], "beta": values["beta"], "signature": signature}


def plain_chars(values: Mapping[str, Any]) -> float:
    """What chrF counts in plain Python with the resolved options ``values``
    (:mod:`ngram_core.chrf.plain`): sacreBLEU's statistics, up to its :data:`~ngram_core.chrf.plain.PLAIN_CHARS`."""
    from .plain import PLAIN_CHARS

    return PLAIN_CHARS if values["variant"] == "sacrebleu" else NO_PLAIN_FORM


def statistics_of(corpora: Corpora, values: Mapping[str, Any]) -> Union[SegmentRows, ChrfStatistics]:
    """Per-segment statistics of the texts of ``corpora``, in its layout: plain rows
    (:func:`ngram_core.chrf.plain.statistics`) or :class:`ChrfStatistics`."""
    if corpora.plain:
        from . import plain

        return plain.statistics(corpora.hyps, corpora.refs, values)
    from .statistics import chrf_statistics

    return chrf_statistics(corpora.hyps, corpora.refs, values)


def chrf_result(stats: Union[SegmentRows, ChrfStatistics], values: Mapping[str, Any]) -> Dict[str, Any]:
    """The result dictionary from per-segment (or summed) statistics of either layout (:func:`statistics_of`)."""
    if isinstance(stats, SegmentRows):
        from . import plain

        return plain.result(stats, values)
    from .statistics import variant_scores

    total = stats.sum()
    if values["variant"] == "sacrebleu":
        result = result_of(f_score(total.row(0), values["beta"], values["eps_smoothing"]),
                           signature_of(values, stats.n_refs), values)
    else:
        corpus = variant_scores(total.hyp, total.ref, total.match, values, scale=1)[0]
        result = result_of(100 * corpus, signature_of(values, stats.n_refs), values, chrf=corpus)
    if values["return_segments"]:
        result["segment_scores"] = variant_scores(stats.hyp, stats.ref, stats.match, values, scale=1).tolist()
    return result


@OPTIONS.entry_point
def corpus_chrf(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus chrF (chrF++ with ``word_order=2``) of ``predictions`` against ``references``
    (one string or list per prediction): sacreBLEU 2.6.0's ``CHRF(...).corpus_score``.

    ``score`` is sacreBLEU's number (0-100), ``chrf`` the same on 0-1, with ``char_order``,
    ``word_order``, ``beta`` and sacreBLEU's ``signature`` (our version last).
    ``return_segments=True`` adds ``segment_scores``: each segment's sacreBLEU
    ``sentence_score(...).score / 100`` (0-1, as every segment score of a result).
    """
    hyps, refs = check_corpus(predictions, references)
    corpora = Corpora(hyps, refs, plain_chars=plain_chars(options))  # the road picks the layout
    return chrf_result(statistics_of(corpora, options), options)
