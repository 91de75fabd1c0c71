"""BLEU on one segment's row, plain Python that numba also compiles: its reference
lengths (:func:`reference_lengths_of`) and sacreBLEU 2.6.0's score (:func:`score_row`),
and the loops of each over every row (:func:`reference_lengths`, :func:`sacrebleu_rows`).
A module of its own, importing nothing of the package, so that the plain-Python path
(:mod:`ngram_core.bleu.plain`, the variants' row scorers) and the compiled loops
(:func:`ngram_core.compiled.compile_loops` of this module, where
:func:`ngram_core.compiled.use` says so) run the same code.
"""
from __future__ import annotations

import math
from typing import Sequence, Tuple

def reference_lengths_of(hyp_len: int, lengths: Sequence[int], first_ties: bool) -> Tuple[int, int]:
    """(the reference length closest to ``hyp_len``, the shortest one) of one segment's
    reference ``lengths`` (-1: no reference; (0, 0) when there is none). Of two equally
    close lengths the shorter one wins, or with ``first_ties`` the one given first
    (torchmetrics' ``BLEUScore``)."""
    best, low, seen = 0, 0, False
    for j in range(len(lengths)):
        length = lengths[j]
        if length < 0:
            continue
        if not seen:
            best, low, seen = length, length, True
            continue
        low = min(low, length)
        closer, tie = abs(length - hyp_len), abs(best - hyp_len)
        if closer < tie or (closer == tie and not first_ties and length < best):
            best = length
    return best, low


# codes of the options score_row reads
SMOOTH_CODES = {"exp": 0, "floor": 1, "add-k": 2, "constant": 3, "none": 4}
EFFECTIVE_ORDER_CODES = {False: 0, "sacrebleu": 1, "seed": 2}


def constants(value: float, cast=float) -> Tuple[float, float, float]:
    """score_row's ``constants`` for the smoothing parameter ``value`` (0 where the method has
    none): (100, value, 100 * value), each rounded once to the statistics' type by ``cast``
    (``float``; ``numpy.float32`` for float32 statistics: numba then types the precisions'
    arithmetic float32, where a float64 constant would make it float64)."""
    return cast(100.0), cast(value), cast(100.0 * value)


def array_sum(weights: Sequence[float], kept: int) -> float:
    """The sum of ``weights`` with those from index ``kept`` on counted as 0, added in
    numpy's order (``ndarray.sum``: pairwise, eight partial sums from eight values on,
    halves above 128 values), so that the weights renormalise to the last bit as numpy's
    sum of them did. The halving is a stack, not recursion: numba's cache of a recursive
    function crashed the process on loading."""
    values = [0.0]
    values.pop()
    starts, sizes, combine = [0], [len(weights)], [False]
    while len(starts):
        start, n, done = starts.pop(), sizes.pop(), combine.pop()
        if done:
            right = values.pop()
            values.append(values.pop() + right)
        elif n <= 128:
            values.append(_block_sum(weights, kept, start, n))
        else:
            half = n // 2
            half -= half % 8
            starts += [start, start + half, start]  # the left half first, then the right, then their sum
            sizes += [n, n - half, half]
            combine += [True, False, False]
    return values[0]


def _block_sum(weights: Sequence[float], kept: int, start: int, n: int) -> float:
    if n < 8:
        res = 0.0
        for i in range(start, start + n):
            res += weights[i] if i < kept else 0.0
        return res
    r = [0.0] * 8
    for j in range(8):
        r[j] = weights[start + j] if start + j < kept else 0.0
    i = 8
    while i < n - n % 8:
        for j in range(8):
            r[j] += weights[start + i + j] if start + i + j < kept else 0.0
        i += 8
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
    while i < n:
        res += weights[start + i] if start + i < kept else 0.0
        i += 1
    return res


def score_row(sys_len: float, ref: float, matches: Sequence[float], totals: Sequence[float], smooth: int,
              constants: Tuple[float, float, float], effective_order: int, log_zero: float,
              weights: Sequence[float], precisions) -> Tuple[float, float]:
    """sacreBLEU 2.6.0's ``compute_bleu`` on one row of statistics: (score 0-100, brevity
    penalty), with the precisions (0-100, smoothed as used) written into ``precisions`` (N
    zeros). ``smooth`` and ``effective_order`` are codes of :data:`SMOOTH_CODES` and
    :data:`EFFECTIVE_ORDER_CODES`; ``constants`` is :func:`constants` of the smoothing
    parameter.

    sacreBLEU's operations in its order, with ``math.exp``/``math.log`` (the C library's, as
    sacreBLEU's own ``math`` calls). The precisions follow the type of ``matches``,
    ``totals`` and ``constants``: float32 statistics (sacreBLEU's bootstrap resamples are
    float32 sums) keep float32 precisions and smoothing, as sacreBLEU's own arithmetic on
    them does under numpy 2 (``100. * np.float32(c)`` is float32); the rest is float64.

    ``weights`` (empty: 1/N each, sacreBLEU's mean of the logs) gives NLTK's weighted
    geometric mean BP * exp(sum_n w_n ln p_n) of the precisions on 0-1, the weights of the
    orders kept (effective order) renormalised to what all of them sum to.

    Plain Python for a one-off call (:mod:`ngram_core.bleu.plain`) and for rows that do not
    run compiled; numba compiles this same function for the loop over rows
    (:func:`sacrebleu_rows`).
    """
    N = len(matches)
    hundred, value, floor = constants[0], constants[1], constants[2]
    bp = 1.0
    if sys_len < ref:
        bp = math.exp(1 - ref / sys_len) if sys_len > 0 else 0.0
    anything = False
    for n in range(N):
        if matches[n] > 0:
            anything = True
    if not anything:  # sacreBLEU returns 0 before smoothing (#141)
        return 0.0, bp
    eff = 0 if effective_order == 1 else N
    halvings = hundred / hundred  # 1, of the statistics' type (doubled by adding: the type stays)
    for n in range(N):
        correct = matches[n]
        total = totals[n]
        if (smooth == 2 and n > 0) or smooth == 3:
            correct += value
            total += value
        if total == 0:
            break
        if effective_order == 1:
            eff = n + 1
        if correct == 0:
            if smooth == 0:
                halvings += halvings
                precisions[n] = hundred / (halvings * total)
            elif smooth == 1:
                precisions[n] = floor / total
        else:
            precisions[n] = hundred * correct / total
    if effective_order == 2:  # the seed's rule: N = the largest order with a match
        eff = N
        for n in range(N):
            if matches[n] > 0:
                eff = n + 1
    eff = max(eff, 1)
    acc = 0.0
    if len(weights) == 0:
        for n in range(eff):  # left to right, as sacreBLEU's sum()
            p = float(precisions[n])
            acc += math.log(p) if p > 0 else log_zero
        return min(bp * math.exp(acc / eff), 100.0), bp
    # BLEU = BP * exp(sum_n w_n ln p_n), p_n on 0-1 (NLTK's definition), whatever the weights sum to
    kept = array_sum(weights, eff)
    scale = array_sum(weights, N) / (kept if kept > 0 else 1.0)
    for n in range(eff):
        w = weights[n] * scale
        if w > 0:
            p = float(precisions[n])
            acc += w * (math.log(p / 100.0) if p > 0 else log_zero)
    # exp(log(100)) can come out as 100.00000000000001; keep BLEU within its range
    return min(bp * math.exp(acc + math.log(100.0)), 100.0), bp


# The loops over rows write into arrays their caller makes (this module imports no numpy:
# the plain-Python path runs without it).
def reference_lengths(hyp_len, ref_lens, first_ties: bool, closest, shortest) -> None:
    """:func:`reference_lengths_of` on every row, into ``closest`` and ``shortest`` (S
    each); ``ref_lens`` is (S, R) with -1 where a segment has fewer than R references."""
    for s in range(len(hyp_len)):
        closest[s], shortest[s] = reference_lengths_of(hyp_len[s], ref_lens[s], first_ties)


def sacrebleu_rows(hyp_len, ref_len, matches, totals, smooth: int, constants, effective_order: int,
                   log_zero: float, weights, score, precisions, bp) -> None:
    """:func:`score_row` on every row, into ``score`` (0-100), ``precisions`` (rows x N
    zeros: 0-100) and ``bp`` (brevity penalty)."""
    for r in range(len(hyp_len)):
        score[r], bp[r] = score_row(float(hyp_len[r]), float(ref_len[r]), matches[r], totals[r], smooth, constants,
                                    effective_order, log_zero, weights, precisions[r])
