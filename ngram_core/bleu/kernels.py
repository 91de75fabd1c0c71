"""BLEU's compiled (numba) kernels: reference lengths per row and sacreBLEU's scores of
rows, the same numbers as the array code of :mod:`ngram_core.bleu.statistics` and
:mod:`ngram_core.bleu.variants.sacrebleu` to the last bit (``tests/test_compiled_kernels_equal_array_code.py``),
run where :func:`ngram_core.compiled.use` says so.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from ..numba_cache import register

register()  # a place to cache the machine code even in a read-only install (numba_cache)


# codes of the options the row kernel reads (see :func:`sacrebleu_rows`)
SMOOTH_CODES = {"exp": 0, "floor": 1, "add-k": 2, "constant": 3, "none": 4}
EFFECTIVE_ORDER_CODES = {False: 0, "sacrebleu": 1, "seed": 2}


@numba.njit(cache=True, nogil=True)
def sacrebleu_rows(hyp_len, ref_len, matches, totals, smooth, value, effective_order, log_zero):
    """sacreBLEU 2.6.0's ``compute_bleu`` on every row of float64 statistics, unweighted.

    The arithmetic of ``variants.sacrebleu.bleu_from_statistics`` operation for
    operation, in the same order (sacreBLEU's), with ``math.exp``/``math.log`` (the C
    library's, as sacreBLEU's own ``math`` calls): ``smooth`` and ``effective_order``
    are the codes of :data:`SMOOTH_CODES` and :data:`EFFECTIVE_ORDER_CODES`.
    Returns (score 0-100, precisions 0-100, brevity penalty), one row each.
    """
    rows, N = matches.shape
    score = np.zeros(rows)
    precisions = np.zeros((rows, N))
    bp_out = np.ones(rows)
    for r in range(rows):
        sys_len = float(hyp_len[r])
        ref = float(ref_len[r])
        bp = 1.0
        if sys_len < ref:
            bp = math.exp(1 - ref / sys_len) if sys_len > 0 else 0.0
        bp_out[r] = bp
        anything = False
        for n in range(N):
            if matches[r, n] > 0:
                anything = True
        if not anything:  # sacreBLEU returns 0 before smoothing (#141)
            continue
        eff = 0 if effective_order == 1 else N
        halvings = 1.0
        for n in range(N):
            correct = float(matches[r, n])
            total = float(totals[r, n])
            if (smooth == 2 and n > 0) or smooth == 3:
                correct += value
                total += value
            if total == 0:
                break
            if effective_order == 1:
                eff = n + 1
            if correct == 0:
                if smooth == 0:
                    halvings *= 2
                    precisions[r, n] = 100.0 / (halvings * total)
                elif smooth == 1:
                    precisions[r, n] = 100.0 * value / total
            else:
                precisions[r, n] = 100.0 * correct / total
        if effective_order == 2:  # the seed's rule: N = the largest order with a match
            eff = N
            for n in range(N):
                if matches[r, n] > 0:
                    eff = n + 1
        eff = max(eff, 1)
        acc = 0.0
        for n in range(eff):  # left to right, as sacreBLEU's sum()
            p = precisions[r, n]
            acc += math.log(p) if p > 0 else log_zero
        score[r] = min(bp * math.exp(acc / eff), 100.0)
    return score, precisions, bp_out


@numba.njit(cache=True, nogil=True)
def reference_lengths(hyp_len, ref_lens):
    """Per row, (the reference length closest to the hypothesis length, ties to the
    shorter; the shortest reference length): ``ref_lens`` is (S, R) with -1 where a
    segment has fewer than R references (0 and 0 for a row without any)."""
    S, W = ref_lens.shape
    closest = np.zeros(S, np.int64)
    shortest = np.zeros(S, np.int64)
    for s in range(S):
        hyp = hyp_len[s]
        best, low, seen = 0, 0, False
        for j in range(W):
            length = ref_lens[s, j]
            if length < 0:
                continue
            if not seen:
                best, low, seen = length, length, True
                continue
            low = min(low, length)
            if abs(length - hyp) < abs(best - hyp) or (abs(length - hyp) == abs(best - hyp) and length < best):
                best = length
        closest[s] = best
        shortest[s] = low
    return closest, shortest
