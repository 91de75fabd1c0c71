"""BLEU's compiled (numba) kernels: reference lengths per row and sacreBLEU's scores of
rows, the same numbers as the array code of :mod:`ngram_core.bleu.statistics` and
:mod:`ngram_core.bleu.variants.sacrebleu` to the last bit (``tests/test_compiled_kernels_equal_array_code.py``),
run where :func:`ngram_core.compiled.use` says so.
"""
from __future__ import annotations

import numba
import numpy as np

from ..numba_cache import register
from .row import reference_lengths_of, score_row

register()  # a place to cache the machine code even in a read-only install (numba_cache)


_score_row = numba.njit(cache=True, nogil=True)(score_row)
_reference_lengths_of = numba.njit(cache=True, nogil=True)(reference_lengths_of)


@numba.njit(cache=True, nogil=True)
def sacrebleu_rows(hyp_len, ref_len, matches, totals, smooth, value, effective_order, log_zero):
    """sacreBLEU 2.6.0's ``compute_bleu`` on every row of float64 statistics, unweighted:
    :func:`ngram_core.bleu.variants.sacrebleu.score_row` compiled, row after row (the
    arithmetic of ``bleu_from_statistics``' array code, operation for operation).
    Returns (score 0-100, precisions 0-100, brevity penalty), one row each.
    """
    rows, N = matches.shape
    score = np.zeros(rows)
    precisions = np.zeros((rows, N))
    bp_out = np.ones(rows)
    for r in range(rows):
        score[r], bp_out[r] = _score_row(float(hyp_len[r]), float(ref_len[r]), matches[r], totals[r], smooth, value,
                                         effective_order, log_zero, precisions[r])
    return score, precisions, bp_out


@numba.njit(cache=True, nogil=True)
def reference_lengths(hyp_len, ref_lens, first_ties):
    """Per row, (the reference length closest to the hypothesis length, ties to the
    shorter or with ``first_ties`` to the first; the shortest reference length): ``ref_lens``
    is (S, R) with -1 where a segment has fewer than R references (0 and 0 for a row
    without any): :func:`ngram_core.bleu.row.reference_lengths_of` compiled, row after row."""
    S = ref_lens.shape[0]
    closest = np.zeros(S, np.int64)
    shortest = np.zeros(S, np.int64)
    for s in range(S):
        closest[s], shortest[s] = _reference_lengths_of(hyp_len[s], ref_lens[s], first_ties)
    return closest, shortest
