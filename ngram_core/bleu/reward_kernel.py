"""sacreBLEU's sentence BLEU of a batch of (completion, references) in one compiled pass
(numba): the reward road of :mod:`ngram_core.rewards` for BLEU's default options
(:mod:`ngram_core.bleu.rewards`).

The input is token ids (:mod:`ngram_core.ngrams.kernel_13a`'s, in any vocabulary where
equal tokens have equal ids): the completions first, then the distinct references, and
a table of each completion's references. For each completion, order by order, its
n-grams are numbered within the completion by a small hash table keyed on (the number
of its (n-1)-gram, its last token) (exact: no two n-grams share a key); each reference's
n-grams are looked up in it (one whose (n-1)-gram is not in the completion is not
either), counted per reference, and the clipped matches are the sum over the
completion's distinct n-grams of min(its count, the most any one reference has). The
closest reference length and the score are those of :mod:`ngram_core.bleu.row`
(``reference_lengths_of`` and ``score_row``, compiled as they are), so the numbers are
sacreBLEU 2.6.0's ``sentence_bleu(c, refs).score / 100``, bit for bit.
"""
from __future__ import annotations

import numba
import numpy as np

from .. import compiled
from . import row
from ..numba_cache import register

register()

_ROW = compiled.compile_loops(row)  # numba (cached): the same functions the array road compiles
reference_lengths_of = _ROW.reference_lengths_of
score_row = _ROW.score_row

_MIX = np.uint64(0x9E3779B97F4A7C15)


@numba.njit(cache=True, nogil=True, inline="always")
def _slot(key, mask):
    h = np.uint64(key) * _MIX
    return np.int64((h ^ (h >> np.uint64(31))) & np.uint64(mask))


@numba.njit(cache=True, nogil=True, inline="always")
def _find(key, keys, stamp, epoch, mask):
    """The slot of ``key`` in this epoch's table, or of the empty slot where it would go."""
    s = _slot(key, mask)
    while stamp[s] == epoch and keys[s] != key:
        s = (s + 1) & mask
    return s


@numba.njit(cache=True, nogil=True)
def sentence_bleu_rewards(ids, lengths, ref_table, n_segments, max_order, smooth, value, effective_order,
                          log_zero):
    """Each segment's BLEU (0-1): ``ids`` of the texts of ``lengths`` tokens (the
    ``n_segments`` completions, then the distinct references), ``ref_table[s, j]`` the
    index among the references of segment s's j-th reference (-1: none). ``smooth``,
    ``value``, ``effective_order`` and ``log_zero`` as :func:`ngram_core.bleu.row.score_row` reads them."""
    n_texts = len(lengths)
    first = np.zeros(n_texts + 1, np.int64)
    longest = 1
    for t in range(n_texts):
        first[t + 1] = first[t] + lengths[t]
        longest = max(longest, lengths[t])
    width = ref_table.shape[1]
    vocab = 1
    for k in range(len(ids)):
        vocab = max(vocab, ids[k] + 1)
    size = 16
    while size < 2 * longest:
        size *= 2
    mask = size - 1
    keys = np.zeros(size, np.int64)
    code_of = np.zeros(size, np.int64)
    stamp = np.zeros(size, np.int64)
    epoch = 0
    hyp_code = np.zeros(longest, np.int64)  # the completion's n-gram numbers at each position
    ref_code = np.zeros(longest, np.int64)  # a reference's (-1: not in the completion)
    prev_ref = np.full((width, longest), -1, np.int64)  # each reference's numbers of the order before
    hyp_count = np.zeros(longest, np.int64)
    ref_count = np.zeros(longest, np.int64)
    ref_max = np.zeros(longest, np.int64)
    ref_lens = np.zeros(width, np.int64)
    matches = np.zeros(max_order, np.float64)
    totals = np.zeros(max_order, np.float64)
    precisions = np.zeros(max_order, np.float64)
    out = np.zeros(n_segments, np.float64)
    constants = (100.0, value, 100.0 * value)  # row.constants(value): float64 statistics
    no_weights = np.zeros(0, np.float64)  # sacreBLEU's mean of the logs
    for s in range(n_segments):
        h0 = first[s]
        L = lengths[s]
        for j in range(width):
            r = ref_table[s, j]
            ref_lens[j] = -1 if r < 0 else lengths[n_segments + r]
        for n in range(max_order):
            matches[n] = 0.0
            totals[n] = float(max(L - n, 0))
            precisions[n] = 0.0
        for n in range(max_order):
            grams = L - n
            if grams <= 0:
                break
            epoch += 1
            distinct = 0
            for p in range(grams):  # number the completion's n-grams
                key = ids[h0 + p] if n == 0 else hyp_code[p] * vocab + ids[h0 + p + n]
                q = _find(key, keys, stamp, epoch, mask)
                if stamp[q] != epoch:
                    stamp[q], keys[q], code_of[q] = epoch, key, distinct
                    hyp_count[distinct], ref_max[distinct] = 0, 0
                    distinct += 1
                hyp_code[p] = code_of[q]
                hyp_count[code_of[q]] += 1
            for j in range(width):  # each reference's counts of them
                r = ref_table[s, j]
                if r < 0:
                    continue
                r0, R = first[n_segments + r], lengths[n_segments + r]
                for c in range(distinct):
                    ref_count[c] = 0
                for p in range(R - n):
                    code = -1
                    if n == 0 or prev_ref[j, p] >= 0:
                        key = ids[r0 + p] if n == 0 else prev_ref[j, p] * vocab + ids[r0 + p + n]
                        q = _find(key, keys, stamp, epoch, mask)
                        if stamp[q] == epoch:
                            code = code_of[q]
                            ref_count[code] += 1
                    ref_code[p] = code
                for p in range(R - n):
                    prev_ref[j, p] = ref_code[p]
                for c in range(distinct):
                    ref_max[c] = max(ref_max[c], ref_count[c])
            clipped = 0
            for c in range(distinct):
                clipped += min(hyp_count[c], ref_max[c])
            matches[n] = float(clipped)
        closest, _ = reference_lengths_of(L, ref_lens, False)
        score, _ = score_row(float(L), float(closest), matches, totals, smooth, constants, effective_order, log_zero,
                             no_weights, precisions)
        out[s] = score / 100.0
    return out
