"""What the significance tests need of a metric, and nothing more: one adapter each.

An :class:`Adapter` turns a metric's per-segment statistics into a numeric
``(S, K)`` array of *rows* that add (the statistics of a set of segments are the
sum of their rows), and turns ``(B, K)`` summed rows into ``B`` scores, vectorized.
Resampling, randomization and the p-value and interval rules (``resampling``) see
only rows and that function, so a new statistics type (METEOR 1.5's, a BLEU
variant's) plugs in with one small adapter.

- BLEU, columns ``[hyp_len, ref_len, matches_1..N, totals_1..N]``: sacreBLEU's own
  layout. Scores come from :func:`ngram_core.bleu.bleu_from_statistics`, which is
  sacreBLEU 2.6.0's arithmetic: float64 on integer sums (the corpus score and the
  approximate-randomization trials), float32 precisions on float32 sums (the
  bootstrap resamples, as sacreBLEU sums them): ``sum_dtype`` says which.
- The other BLEU variants (``variant="nltk"``, ``"evaluate"``, ``"mteval"``,
  ``"coco"``, ``"torchmetrics"``), columns ``[hyp_len, ref_len, shortest_ref_len, matches_1..N,
  totals_1..N, short_hyps_1..N]``, summed in float64 and scored row by row by the
  variant's own scorer (:mod:`ngram_core.bleu_variants`), 0-100. NLTK's smoothing
  methods 5-7 read the corpus's *last* segment, which a resampled corpus does not
  define: they are refused with a ``ValueError``.
- NIST, columns ``[info_1..N, totals_1..N, hyp_len, ref_len]``: ``info_n`` is the
  information (bits) of the segment's matched n-grams of order n, with the weights
  of the *whole* reference corpus; ``ref_len`` the segment's reference words over
  its number of references. The weights stay fixed while segments are resampled
  (resampling the weights too would change what is being measured, and NIST as
  defined takes them from the evaluation corpus). NIST = BP(sum hyp_len, sum
  ref_len) * sum_n info_n / max(totals_n, 1), the summed-statistics formula of
  :mod:`ngram_core.nist`.
- METEOR 1.5 (the default): the jar's per-segment statistics
  (:class:`~ngram_core.meteor.jar_statistics.MeteorStatistics`, its ``-ssOut``
  columns), scored by the jar's formula. The ``nltk`` variant
  (:class:`~ngram_core.suite.MeteorSegments`): columns
  ``[segments, score_sum, hyp_len, ref_len, matches, chunks]``. Either way two scores of the
  same rows: ``METEOR``, the formula on summed matches, chunks and lengths (METEOR
  1.5's corpus score, ``meteor_corpus``, what MultEval resamples), and
  ``METEOR-mean``, the mean of segment scores (``meteor``, evaluate's and NLTK's
  convention), each 0-1.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, List, Mapping

import numpy as np

from ..bleu import BleuOptions, BleuStatistics, bleu_from_statistics
from ..bleu_variants import Counts, VariantOptions, get_variant
from ..meteor.jar_metric import parameters_of
from ..meteor.jar_statistics import MeteorParameters, columns, scores as jar_scores
from ..meteor.metric import settings_of
from ..meteor.scoring import meteor_formula
from ..nist import NistStatistics, length_penalty

# sacreBLEU scores each bootstrap resample from a float32 row with scalar arithmetic;
# ``100. * np.float32(x)`` is float32 under numpy 2 and float64 under numpy 1, so the
# arithmetic that reproduces it follows the installed numpy.
_SCALAR_FLOAT32_ARITHMETIC = type(100.0 * np.float32(1.0))


@dataclass(frozen=True)
class Adapter:
    """One score of one metric as the tests see it.

    ``rows(statistics)`` -> ``(S, K)`` int or float array, additive over segments;
    ``scores(sums)``: ``(B, K)`` summed rows -> ``(B,)`` float scores;
    ``sum_dtype``: the dtype bootstrap sums are handed to ``scores`` in
    (float32 for BLEU, as sacreBLEU; float64 otherwise).
    """

    name: str
    rows: Callable[[Any], np.ndarray]
    scores: Callable[[np.ndarray], np.ndarray]
    sum_dtype: Any = np.float64


# -- BLEU --------------------------------------------------------------------------------
def bleu_rows(stats: BleuStatistics) -> np.ndarray:
    """``[hyp_len, ref_len, matches_1..N, totals_1..N]`` per segment, int64."""
    return np.column_stack([stats.hyp_len, stats.ref_len, stats.matches, stats.totals]).astype(np.int64)


def bleu_adapter(options: BleuOptions = BleuOptions()) -> Adapter:
    """BLEU (0-100) with ``options``; sacreBLEU's numbers for sacreBLEU's options."""
    N = options.max_order

    def scores(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums)
        if sums.dtype == np.float32 and _SCALAR_FLOAT32_ARITHMETIC is not np.float32:
            sums = sums.astype(np.float64)  # numpy 1: sacreBLEU's scalar arithmetic is float64
        stats = BleuStatistics(hyp_len=sums[:, 0], ref_len=sums[:, 1], matches=sums[:, 2:2 + N],
                               totals=sums[:, 2 + N:2 + 2 * N])
        return bleu_from_statistics(stats, options)["score"]

    return Adapter("BLEU", bleu_rows, scores, sum_dtype=np.float32)


def bleu_variant_adapter(values: Mapping[str, Any]) -> Adapter:
    """BLEU (0-100) of ``values["variant"]`` (not sacreBLEU's) with its resolved options."""
    variant, options = get_variant(values["variant"]), VariantOptions.from_values(values)
    if variant.needs_5grams(values) or (values["variant"] == "nltk" and options.smooth_method == "method6"):
        raise ValueError(f"smooth_method={options.smooth_method!r} reads the corpus's last segment, which a "
                         "resampled corpus does not define: significance tests take method0-method4")
    N = options.max_order

    def rows(stats: BleuStatistics) -> np.ndarray:
        return np.column_stack([stats.hyp_len, stats.ref_len, stats.shortest_ref_len, stats.matches, stats.totals,
                                stats.short_hyps]).astype(np.int64)

    def scores(sums: np.ndarray) -> np.ndarray:
        out = []
        for row in np.rint(np.asarray(sums, dtype=np.float64)).astype(np.int64).tolist():
            counts = Counts(row[0], row[1], row[2], row[3:3 + N], row[3 + N:3 + 2 * N], row[3 + 2 * N:3 + 3 * N],
                            0, -1)
            out.append(100.0 * float(variant.score(counts, options)["bleu"]))
        return np.asarray(out)

    return Adapter("BLEU", rows, scores)


# -- NIST --------------------------------------------------------------------------------
def nist_rows(stats: NistStatistics, mteval_quirks: bool = False) -> np.ndarray:
    """``[info_1..N, totals_1..N, hyp_len, ref_len]`` per segment, float64.

    The information weights are those of all of ``stats``' references. Each
    segment's bits of one order are added in increasing order of value, so the
    rows do not depend on how the matches happen to be ordered (the statistics of
    shards added with ``+`` give the same rows as those of the whole corpus).
    """
    N, S = stats.max_order, len(stats)
    info = stats.table.information(int(stats.ref_words.sum()), mteval_quirks)
    bits = info[stats.match_ngram] * stats.match_count
    order = stats.table.order[stats.match_ngram] - 1
    cell = stats.match_segment * N + order
    canonical = np.lexsort((bits, cell))
    per_cell = np.bincount(cell[canonical], weights=bits[canonical], minlength=S * N).reshape(S, N)
    ref_len = stats.ref_words / np.maximum(stats.n_refs, 1)
    return np.column_stack([per_cell, stats.totals, stats.hyp_len, ref_len]).astype(np.float64)


def nist_adapter(n: int = 5, mteval_quirks: bool = False) -> Adapter:
    """NIST (bits, [0, inf)) of order ``n`` from summed rows."""

    def scores(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        info, totals = sums[:, :n], sums[:, n:2 * n]
        precision = np.zeros(len(sums))
        for k in range(n):  # left to right, as mteval's cumulative sum
            precision = precision + info[:, k] / np.maximum(totals[:, k], 1)
        return precision * length_penalty(sums[:, 2 * n], sums[:, 2 * n + 1])

    return Adapter("NIST", lambda stats: nist_rows(stats, mteval_quirks), scores)


# -- METEOR ------------------------------------------------------------------------------
def meteor_rows(segments) -> np.ndarray:
    """The ``nltk`` variant's ``[segments, score_sum, hyp_len, ref_len, matches, chunks]`` per segment, float64."""
    table = [(s.segments, s.score_sum, s.hyp_len, s.ref_len, s.matches, s.chunks) for s in segments.stats]
    return np.array(table, dtype=np.float64).reshape(len(table), 6)


def meteor_adapters(alpha: float = 0.9, beta: float = 3.0, gamma: float = 0.5) -> List[Adapter]:
    """The ``nltk`` variant: ``METEOR`` (formula on summed statistics) and ``METEOR-mean``
    (mean of segment scores), 0-1."""
    formula = np.frompyfunc(lambda m, c, h, r: meteor_formula(m, c, h, r, alpha, beta, gamma), 4, 1)

    def corpus(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return formula(sums[:, 4], sums[:, 5], sums[:, 2], sums[:, 3]).astype(np.float64)

    def mean(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return np.where(sums[:, 0] > 0, sums[:, 1] / np.maximum(sums[:, 0], 1), 0.0)

    return [Adapter("METEOR", meteor_rows, corpus), Adapter("METEOR-mean", meteor_rows, mean)]


def meteor15_adapters(params: MeteorParameters) -> List[Adapter]:
    """METEOR 1.5 (:class:`~ngram_core.meteor.jar_statistics.MeteorStatistics`): ``METEOR``,
    the jar's Final score of the summed rows (pycocoevalcap's number, ``meteor_corpus``),
    and ``METEOR-mean``, the mean of the jar's segment scores (``meteor``), each 0-1."""
    score, segments = len(columns(params.n_modules)) - 2, len(columns(params.n_modules)) - 1

    def rows(stats) -> np.ndarray:
        return np.asarray(stats.rows, dtype=np.float64)

    def corpus(sums: np.ndarray) -> np.ndarray:
        return jar_scores(np.asarray(sums, dtype=np.float64), params, corpus=True)

    def mean(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        return np.where(sums[:, segments] > 0, sums[:, score] / np.maximum(sums[:, segments], 1), 0.0)

    return [Adapter("METEOR", rows, corpus), Adapter("METEOR-mean", rows, mean)]


def adapters_for(metric: str, options: Mapping[str, Any]) -> List[Adapter]:
    """The adapters of one metric (``"bleu"``, ``"nist"``, ``"meteor"``) with its full options."""
    if metric == "bleu" and options.get("variant", "sacrebleu") != "sacrebleu":
        return [bleu_variant_adapter(options)]
    if metric == "bleu":
        return [bleu_adapter(BleuOptions.from_values(options))]
    if metric == "nist":
        return [nist_adapter(int(options["n"]), bool(options["mteval_quirks"]))]
    if metric == "meteor" and options["variant"] == "meteor-1.5":
        return meteor15_adapters(parameters_of(settings_of(options)))
    if metric == "meteor":
        return meteor_adapters(options["alpha"], options["beta"], options["gamma"])
    raise ValueError(f"no significance adapter for metric {metric!r}; use bleu, nist or meteor")
