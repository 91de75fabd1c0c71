"""``variant="sacrebleu"`` (default): sacreBLEU 2.6.0's ``BLEU`` (``metrics/bleu.py``).

BLEU = BP * exp(sum_n w_n ln p_n) with p_n = M_n / T_n the clipped n-gram precision
summed over the corpus (micro-average), w_n = 1/N by default (N = ``max_order``,
default 4) and BP = 1 if c > r, exp(1 - r/c) if 0 < c <= r, 0 if c = 0, where c is
the hypothesis length and r the summed closest reference length (ties go to the
shorter reference). Scores are reported on 0-1 (``bleu``, as evaluate's ``bleu``)
and 0-100 (``score``, as sacreBLEU); the arithmetic follows sacreBLEU 2.6.0's
``BLEU.compute_bleu`` step by step so that scores agree to the last bits, in one body
(:func:`ngram_core.bleu.row.score_row`), compiled by numba for many rows.

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

from typing import TYPE_CHECKING, Any, Dict, List, Mapping

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
    """Scores of every row of ``stats`` with the resolved BLEU options ``values``
    (``ngram_core.bleu.OPTIONS.resolve(...)``): :func:`ngram_core.bleu.row.score_row` on each
    row, compiled or in plain Python (:func:`ngram_core.bleu.statistics.row_loops`).

    Returns arrays: ``score`` (0-100), ``precisions`` (0-100, smoothed as used),
    ``brevity_penalty``.

    Statistics given as float32 (sacreBLEU's bootstrap resamples are float32 sums)
    keep float32 precisions and smoothing, as sacreBLEU's own arithmetic on them
    does with numpy 2 (``100. * np.float32(c)`` is float32): the row body's constants
    are float32 then, and in plain Python its arithmetic runs on numpy float32 scalars;
    anything else is computed in float64. Either way exp and log are the C library's,
    as sacreBLEU's.
    """
    import numpy as np

    from ..statistics import row_loops

    options = OptionValues.of(values)
    float32 = stats.matches.dtype == np.float32
    dtype = np.float32 if float32 else np.float64
    value = VARIANT.smooth_parameter(options)  # smooth_value, or sacreBLEU's default for the method
    consts = row.constants(0.0 if value is None else float(value), np.float32 if float32 else float)
    weights = () if options.weights is None else tuple(float(w) for w in options.weights)
    codes = SMOOTH_CODES[options.smooth_method], EFFECTIVE_ORDER_CODES[options.effective_order]
    matches = np.ascontiguousarray(stats.matches, dtype=dtype)  # one compiled signature per type
    hyp_len = np.ascontiguousarray(stats.hyp_len, dtype=np.float64)
    ref_len = np.ascontiguousarray(stats.ref_len, dtype=np.float64)
    totals = np.ascontiguousarray(stats.totals, dtype=dtype)
    rows = len(matches)
    loops = row_loops(rows)
    if loops is row and not float32:  # plain Python on lists of floats (numpy scalars are slower)
        score, bp, precisions = [0.0] * rows, [1.0] * rows, [[0.0] * matches.shape[1] for _ in range(rows)]
        row.sacrebleu_rows(hyp_len.tolist(), ref_len.tolist(), matches.tolist(), totals.tolist(), codes[0], consts,
                           codes[1], _LOG_ZERO, weights, score, precisions, bp)
        return {"score": np.array(score, dtype=np.float64),
                "precisions": np.array(precisions, dtype=np.float64).reshape(matches.shape),
                "brevity_penalty": np.array(bp, dtype=np.float64)}
    score, precisions, bp = np.zeros(rows), np.zeros(matches.shape), np.ones(rows)
    # compiled, or plain Python on numpy float32 scalars (a bootstrap's thousand rows)
    loops.sacrebleu_rows(hyp_len, ref_len, matches, totals, codes[0], consts, codes[1], _LOG_ZERO,
                         np.asarray(weights, dtype=np.float64), score, precisions, bp)
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

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        """One row in Python (:func:`score_row`): the numbers of :func:`bleu_result`."""
        value = self.smooth_parameter(options)
        precisions: List[float] = [0.0] * len(counts.matches)
        weights = () if options.weights is None else tuple(float(w) for w in options.weights)
        score, bp = score_row(float(counts.hyp_len), float(counts.ref_len), counts.matches, counts.totals,
                              SMOOTH_CODES[options.smooth_method], row.constants(0.0 if value is None else float(value)),
                              EFFECTIVE_ORDER_CODES[options.effective_order], _LOG_ZERO, weights, precisions)
        return {"bleu": score / 100.0, "score": score, "precisions": [p / 100.0 for p in precisions],
                "brevity_penalty": bp, "reference_length": counts.ref_len, "counts": list(counts.matches),
                "totals": list(counts.totals)}

    def segment_scores(self, stats: BleuStatistics, values: Mapping[str, Any]) -> np.ndarray:
        return bleu_from_statistics(stats, values)["score"] / 100.0  # as bleu_result's

    def result(self, stats: BleuStatistics, values: Mapping[str, Any], signature: str) -> Dict[str, Any]:
        return bleu_result(stats, values, signature)


VARIANT = SacrebleuBleu()
