"""``variant="sacrebleu"`` (default): sacreBLEU 2.6.0's ``BLEU`` (``metrics/bleu.py``).

BLEU = BP * exp(sum_n w_n ln p_n) with p_n = M_n / T_n the clipped n-gram precision
summed over the corpus (micro-average), w_n = 1/N by default (N = ``max_order``,
default 4) and BP = 1 if c > r, exp(1 - r/c) if 0 < c <= r, 0 if c = 0, where c is
the hypothesis length and r the summed closest reference length (ties go to the
shorter reference). Scores are reported on 0-1 (``bleu``, as evaluate's ``bleu``)
and 0-100 (``score``, as sacreBLEU); the arithmetic follows sacreBLEU 2.6.0's
``BLEU.compute_bleu`` step by step so that scores agree to the last bits. Unlike the
other variants it is vectorized over rows (numpy): segment scores of large corpora.

Smoothing (Chen & Cherry 2014), ``smooth_method``:
- ``"exp"`` (default, sacreBLEU's and mteval's): the k-th order with no match gets
  p_n = 1 / (2^k T_n);
- ``"floor"``: an order with no match gets p_n = smooth_value / T_n (default 0.1);
- ``"add-k"``: M_n + k and T_n + k for n >= 2 (default k = 1);
  ``smooth_value=0`` is accepted with these two, as sacreBLEU accepts it (its own
  ``test_offset`` uses it): no smoothing, an order with no match makes BLEU 0, and the
  signature says ``floor[0.00]`` / ``add-k[0.00]``;
- ``"constant"``: the seed's rule, a small constant added to numerator and
  denominator of every order (default 0.1);
- ``"none"``: an order with no match makes BLEU 0.

Effective order, ``effective_order``: ``False``; ``True`` or ``"sacrebleu"`` (orders
with no hypothesis n-grams, T_n = 0, are left out: sentence-level BLEU); ``"seed"``
(the seed's sentence rule: N = the largest n with M_n > 0). Weights of the orders
kept are renormalized to sum to what they summed to before.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, Dict, List, Mapping

from ... import compiled
from ...options import OptionValues
from .base import BleuVariant, Counts
from .. import row
from ..row import EFFECTIVE_ORDER_CODES, SMOOTH_CODES, score_row

if TYPE_CHECKING:
    import numpy as np

    from ..statistics import BleuStatistics

SMOOTH_DEFAULTS = {"exp": None, "floor": 0.1, "add-k": 1.0, "constant": 0.1, "none": None}  # method -> its parameter
SMOOTH_METHODS = tuple(SMOOTH_DEFAULTS)
_LOG_ZERO = -9999999999.0  # sacreBLEU's my_log(0): keeps exp() finite and 0
def bleu_from_statistics(stats: BleuStatistics, values: Mapping[str, Any]) -> Dict[str, np.ndarray]:
    """Scores of every row of ``stats`` (vectorized over rows) with the resolved BLEU options
    ``values`` (``ngram_core.bleu.OPTIONS.resolve(...)``).

    Returns arrays: ``score`` (0-100), ``precisions`` (0-100, smoothed as used),
    ``brevity_penalty``.

    Statistics given as float32 (sacreBLEU's bootstrap resamples are float32 sums)
    keep float32 precisions and smoothing, as sacreBLEU's own arithmetic on them
    does with numpy 2 (``100. * np.float32(c)`` is float32); anything else is
    computed in float64. Where :func:`ngram_core.compiled.use` says so, unweighted
    float64 rows (every score but a bootstrap's) are scored by a compiled loop over rows
    with the same arithmetic (:func:`ngram_core.bleu.row.sacrebleu_rows`): on a
    batch of a few segments, numpy's fixed cost per call would be most of the time.
    Either way exp and log are the C library's (:mod:`ngram_core.ngrams.libm`), as sacreBLEU's.
    """
    import numpy as np

    options = OptionValues.of(values)
    if stats.matches.dtype != np.float32 and options.weights is None and compiled.use():
        return _compiled_rows(stats, options)
    return _array_rows(stats, options)


def _array_rows(stats: BleuStatistics, options: OptionValues) -> Dict[str, np.ndarray]:
    """:func:`bleu_from_statistics` in numpy, column by column (float32 and weights too)."""
    import numpy as np

    from ...ngrams import libm  # the C library's exp and log, as sacreBLEU's math calls (numba, cached)

    N = options.max_order
    sys_len = stats.hyp_len.astype(np.float64)
    ref_len = stats.ref_len.astype(np.float64)
    rows = len(sys_len)
    with np.errstate(divide="ignore", invalid="ignore"):
        bp = np.where(sys_len < ref_len, np.where(sys_len > 0, libm.exp(1 - ref_len / np.where(sys_len > 0, sys_len, 1)), 0.0), 1.0)
    dtype = np.float32 if stats.matches.dtype == np.float32 else np.float64
    correct = stats.matches.astype(dtype)
    total = stats.totals.astype(dtype)
    value = VARIANT.smooth_parameter(options)  # smooth_value, or sacreBLEU's default for the method
    if options.smooth_method == "add-k":
        correct[:, 1:] += value
        total[:, 1:] += value
    elif options.smooth_method == "constant":
        correct += value
        total += value
    precisions = np.zeros((rows, N))
    alive = np.ones(rows, dtype=bool)  # sacreBLEU stops at the first order with no n-grams
    eff_order = np.full(rows, N, dtype=np.int64)
    if options.effective_order == "sacrebleu":
        eff_order[:] = 0
    halvings = np.ones(rows, dtype=dtype)
    safe_total = np.where(total > 0, total, 1.0)
    for n in range(N):
        alive &= total[:, n] != 0
        if options.effective_order == "sacrebleu":
            eff_order[alive] = n + 1
        zero = alive & (correct[:, n] == 0)
        hit = alive & ~zero
        precisions[hit, n] = 100.0 * correct[hit, n] / total[hit, n]
        if options.smooth_method == "exp":
            halvings = np.where(zero, halvings * 2, halvings)
            precisions[zero, n] = 100.0 / (halvings[zero] * safe_total[zero, n])
        elif options.smooth_method == "floor":
            precisions[zero, n] = 100.0 * value / safe_total[zero, n]
    if options.effective_order == "seed":
        has = stats.matches > 0
        eff_order = np.where(has.any(axis=1), N - np.argmax(has[:, ::-1], axis=1), N)
    eff_order = np.maximum(eff_order, 1)
    with np.errstate(divide="ignore"):
        logs = np.where(precisions > 0, libm.log(np.where(precisions > 0, precisions, 1.0)), _LOG_ZERO)
    if options.weights is None:
        acc = np.zeros(rows)
        for n in range(N):  # left to right, as sacreBLEU's sum()
            acc = np.where(n < eff_order, acc + logs[:, n], acc)
        exponent = acc / eff_order
    else:
        # BLEU = BP * exp(sum_n w_n ln p_n) with p_n on 0-1 (NLTK's definition), whatever
        # the weights sum to; the 0-100 score is 100 times that.
        w = np.asarray(options.weights)
        kept = np.arange(N)[None, :] < eff_order[:, None]
        wk = np.where(kept, w[None, :], 0.0)
        wk = wk * (w.sum() / np.where(wk.sum(axis=1) > 0, wk.sum(axis=1), 1.0))[:, None]
        with np.errstate(divide="ignore"):
            unit_logs = np.where(precisions > 0, libm.log(np.where(precisions > 0, precisions, 1.0) / 100.0), _LOG_ZERO)
        acc = np.zeros(rows)
        for n in range(N):
            acc = acc + np.where(wk[:, n] > 0, wk[:, n] * unit_logs[:, n], 0.0)
        exponent = acc + math.log(100.0)
    # exp(log(100)) can come out as 100.00000000000001; keep BLEU within its range
    score = np.minimum(bp * libm.exp(exponent), 100.0)
    # sacreBLEU returns 0 before smoothing when nothing matches at all (#141)
    nothing = ~(stats.matches > 0).any(axis=1)
    score = np.where(nothing, 0.0, score)
    precisions = np.where(nothing[:, None], 0.0, precisions)
    return {"score": score, "precisions": precisions, "brevity_penalty": bp}


def _compiled_rows(stats: BleuStatistics, options: OptionValues) -> Dict[str, np.ndarray]:
    """:func:`bleu_from_statistics` of unweighted float64 rows, compiled (one row after another)."""
    import numpy as np

    def floats(a: np.ndarray) -> np.ndarray:
        return np.ascontiguousarray(a, dtype=np.float64)  # one compiled signature for every input

    value = VARIANT.smooth_parameter(options)  # smooth_value, or sacreBLEU's default for the method
    matches = floats(stats.matches)
    rows = len(matches)
    score, precisions, bp = np.zeros(rows), np.zeros(matches.shape), np.ones(rows)
    compiled.compile_loops(row).sacrebleu_rows(  # numba (cached)
        floats(stats.hyp_len), floats(stats.ref_len), matches, floats(stats.totals),
        SMOOTH_CODES[options.smooth_method], 0.0 if value is None else float(value),
        EFFECTIVE_ORDER_CODES[options.effective_order], _LOG_ZERO, score, precisions, bp)
    return {"score": score, "precisions": precisions, "brevity_penalty": bp}


def bleu_result(stats: BleuStatistics, values: Mapping[str, Any], signature: str) -> Dict[str, Any]:
    """The result dictionary of SPEC.md from per-segment statistics, resolved options and their signature."""
    import numpy as np

    from ..statistics import BleuStatistics

    options = OptionValues.of(values)
    return_segments = bool(options.return_segments)
    total = stats.sum()
    rows = total
    if return_segments:  # one call scores the corpus row and every segment row (rows are independent)
        rows = BleuStatistics(*(np.concatenate([a, b]) for a, b in zip(total._arrays()[:4], stats._arrays()[:4])))
    scored = bleu_from_statistics(rows, options)
    score = float(scored["score"][0])
    sys_len, ref_len = int(total.hyp_len[0]), int(total.ref_len[0])
    result: Dict[str, Any] = {
        "bleu": score / 100.0,
        "score": score,
        "precisions": [float(p) / 100.0 for p in scored["precisions"][0]],
        "brevity_penalty": float(scored["brevity_penalty"][0]),
        "length_ratio": sys_len / ref_len if ref_len else 0.0,
        "translation_length": sys_len,
        "reference_length": ref_len,
        "counts": [int(c) for c in total.matches[0]],
        "totals": [int(t) for t in total.totals[0]],
        "signature": signature,
    }
    if return_segments:
        result["segment_scores"] = [s / 100.0 for s in scored["score"][1:].tolist()]
    return result


class SacrebleuBleu(BleuVariant):
    name = "sacrebleu"
    tool = "sacreBLEU 2.6.0"
    smooth_methods = SMOOTH_METHODS
    smooth_parameters = {method: value for method, value in SMOOTH_DEFAULTS.items() if value is not None}
    zero_smooth_parameters = ("floor", "add-k")  # sacreBLEU's test_offset: 0 is no smoothing
    takes_weights = True
    signature_fields = ("nrefs", "case", "eff", "tok", "smooth", "order", "w")  # sacreBLEU's order (no variant)
    smooth_value_format = ".2f"  # sacreBLEU's smooth:floor[0.10]

    def finalize(self, values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
        values = super().finalize(values, given)
        if values["effective_order"] is True:
            values["effective_order"] = "sacrebleu"
        return values

    def scores_counts(self, options: OptionValues) -> bool:
        return options.weights is None  # (weights: the array code's arithmetic, bleu_from_statistics)

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        """One unweighted row in Python (:func:`score_row`): the numbers of :func:`bleu_result`."""
        value = self.smooth_parameter(options)
        precisions: List[float] = [0.0] * len(counts.matches)
        score, bp = score_row(float(counts.hyp_len), float(counts.ref_len), counts.matches, counts.totals,
                              SMOOTH_CODES[options.smooth_method], 0.0 if value is None else float(value),
                              EFFECTIVE_ORDER_CODES[options.effective_order], _LOG_ZERO, precisions)
        return {"bleu": score / 100.0, "score": score, "precisions": [p / 100.0 for p in precisions],
                "brevity_penalty": bp, "reference_length": counts.ref_len, "counts": list(counts.matches),
                "totals": list(counts.totals)}

    def segment_scores(self, stats: BleuStatistics, values: Mapping[str, Any]) -> np.ndarray:
        return bleu_from_statistics(stats, values)["score"] / 100.0  # as bleu_result's

    def result(self, stats: BleuStatistics, values: Mapping[str, Any], signature: str) -> Dict[str, Any]:
        return bleu_result(stats, values, signature)


VARIANT = SacrebleuBleu()
