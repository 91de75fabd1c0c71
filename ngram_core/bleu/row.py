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


def score_row(sys_len: float, ref: float, matches: Sequence[float], totals: Sequence[float], smooth: int,
              value: float, effective_order: int, log_zero: float, precisions) -> Tuple[float, float]:
    """sacreBLEU 2.6.0's ``compute_bleu`` on one row of statistics, unweighted: (score 0-100,
    brevity penalty), with the precisions (0-100, smoothed as used) written into
    ``precisions`` (N zeros). ``smooth`` and ``effective_order`` are codes of
    :data:`SMOOTH_CODES` and :data:`EFFECTIVE_ORDER_CODES`.

    The operations of the array code (``sacrebleu.bleu_from_statistics``) in the same order (sacreBLEU's), with
    ``math.exp``/``math.log`` (the C library's, as sacreBLEU's own ``math`` calls). Plain
    Python for a one-off call (:mod:`ngram_core.bleu.plain`), and the body of the compiled
    loop over rows (:func:`sacrebleu_rows`), which numba compiles from this same function.
    """
    N = len(matches)
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
    halvings = 1.0
    for n in range(N):
        correct = float(matches[n])
        total = float(totals[n])
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
                precisions[n] = 100.0 / (halvings * total)
            elif smooth == 1:
                precisions[n] = 100.0 * value / total
        else:
            precisions[n] = 100.0 * correct / total
    if effective_order == 2:  # the seed's rule: N = the largest order with a match
        eff = N
        for n in range(N):
            if matches[n] > 0:
                eff = n + 1
    eff = max(eff, 1)
    acc = 0.0
    for n in range(eff):  # left to right, as sacreBLEU's sum()
        p = precisions[n]
        acc += math.log(p) if p > 0 else log_zero
    return min(bp * math.exp(acc / eff), 100.0), bp


# The loops over rows write into arrays their caller makes (this module imports no numpy:
# the plain-Python path runs without it).
def reference_lengths(hyp_len, ref_lens, first_ties: bool, closest, shortest) -> None:
    """:func:`reference_lengths_of` on every row, into ``closest`` and ``shortest`` (S
    each); ``ref_lens`` is (S, R) with -1 where a segment has fewer than R references."""
    for s in range(len(hyp_len)):
        closest[s], shortest[s] = reference_lengths_of(hyp_len[s], ref_lens[s], first_ties)


def sacrebleu_rows(hyp_len, ref_len, matches, totals, smooth: int, value: float, effective_order: int,
                   log_zero: float, score, precisions, bp) -> None:
    """:func:`score_row` on every row of float64 statistics, unweighted, into ``score``
    (0-100), ``precisions`` (rows x N zeros: 0-100) and ``bp`` (brevity penalty)."""
    for r in range(len(hyp_len)):
        score[r], bp[r] = score_row(float(hyp_len[r]), float(ref_len[r]), matches[r], totals[r], smooth, value,
                                    effective_order, log_zero, precisions[r])
