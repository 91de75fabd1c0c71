"""Compiled (numba) kernels of the shared n-gram layer: clipped n-gram counts per segment,
the renumbering of cached tokens, the C library's exp/log/pow over arrays (BLEU's own,
reference lengths and sacreBLEU's scores of rows, are in :mod:`ngram_core.bleu.kernels`).

On a few dozen segments the array code of :mod:`ngram_core.ngrams.index` spends its time in numpy's fixed cost per
call (a few microseconds each, dozens of calls per order), not in the work. These
kernels do the same work in plain loops, one segment (or one row) after another.
Compiled once per installation (``cache=True``); a process still pays about 0.8 s the
first time (numba's import and the loading of the machine code), which is why they
run only where :func:`ngram_core.compiled.use` says so (a long-running process or a
large input), and the array code otherwise.
"""
from __future__ import annotations

import math

import numba
import numpy as np

from ..numba_cache import register

register()  # a place to cache the machine code even in a read-only install (numba_cache)


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)  # Fibonacci hashing: multiply, keep the top bits
_PAIR_CAP = 1 << 16  # entries of the pair table: hypotheses up to 256 tokens


@numba.njit(cache=True, nogil=True)
def clipped_counts(ids, offsets, ref_table, n_segments, max_order, vocab_size):
    """(segments, max_order) clipped n-gram matches, one segment at a time.

    ``ids``/``offsets``: the token ids (all below ``vocab_size``) of the hypotheses
    (texts 0..S-1), then of the distinct references (text S + k is reference k);
    ``ref_table[s, j]``: segment s's j-th reference, -1 where absent. Per segment, the
    hypothesis and its references are laid end to end and only hypothesis n-grams get
    numbers (the hypothesis comes first): order 1 numbers a token through a table
    indexed by token id, order n the pair (its order n-1 number, the order-1 number
    of its last token), through a table indexed by the pair (distinct n-1-grams x
    distinct tokens entries, always enough for a hypothesis of up to 256 tokens), or
    where that table is too small, an open-addressing hash table of the pairs (exact:
    it holds the keys). A reference position whose n-gram has no number drops out with its
    longer n-grams. Each number counts its occurrences in the hypothesis and in each
    reference; clipped = sum over numbers of min(count in the hypothesis, most in one
    reference). Only the entries a segment wrote are reset, so the cost is linear in
    the tokens (and the vocabulary, once per call).
    """
    S, N, W = n_segments, max_order, ref_table.shape[1]
    out = np.zeros((S, N), np.int64)
    largest = 0
    largest_hyp = 0
    for s in range(S):
        n_hyp = offsets[s + 1] - offsets[s]
        size = n_hyp
        for j in range(W):
            t = ref_table[s, j]
            if t >= 0:
                size += offsets[S + t + 1] - offsets[S + t]
        largest = max(largest, size)
        largest_hyp = max(largest_hyp, n_hyp)
    first = np.full(vocab_size, -1, np.int64)  # order-1 number of a token id, -1: none yet
    pair = np.full(max(1, min(largest_hyp * largest_hyp, _PAIR_CAP)), -1, np.int64)
    slot_key = np.empty(0, np.int64)  # the hash table, for segments too long for ``pair``
    slot_code = np.empty(0, np.int64)
    bits = 1
    touched = np.empty(max(largest_hyp, 1), np.int64)
    tokens = np.empty(largest, np.int64)
    text = np.empty(largest, np.int64)  # 0: the hypothesis, j + 1: reference j
    left = np.empty(largest, np.int64)  # tokens from here to the end of the text
    code = np.empty(largest, np.int64)  # the number of the n-gram starting here, -1: none
    uni = np.empty(largest, np.int64)  # the order-1 number of the token here, -1: none
    count = np.zeros((max(largest_hyp, 1), W + 1), np.int64)  # occurrences of each number, per text
    for s in range(S):
        size = 0
        for j in range(-1, W):
            if j < 0:
                lo, hi = offsets[s], offsets[s + 1]
            else:
                t = ref_table[s, j]
                if t < 0:
                    continue
                lo, hi = offsets[S + t], offsets[S + t + 1]
            for p in range(lo, hi):
                tokens[size] = ids[p]
                text[size] = j + 1
                left[size] = hi - p
                size += 1
        n_hyp = offsets[s + 1] - offsets[s]
        if n_hyp == 0:
            continue  # no hypothesis n-grams: 0 matches at every order
        numbers = 0
        for p in range(size):
            d = first[tokens[p]]
            if d < 0:
                if p >= n_hyp:
                    uni[p] = -1
                    code[p] = -1
                    continue
                d = numbers
                first[tokens[p]] = d
                numbers += 1
            uni[p] = d
            code[p] = d
            count[d, text[p]] += 1
        for p in range(n_hyp):
            first[tokens[p]] = -1
        n1 = numbers
        for n in range(1, N + 1):
            if n > 1:
                if n > n_hyp:
                    break  # no hypothesis n-grams of this order: 0 matches, as every longer order
                direct = numbers * n1 <= len(pair)
                if not direct:
                    if len(slot_key) == 0:
                        while (1 << bits) < 2 * largest:
                            bits += 1
                        slot_key = np.empty(1 << bits, np.int64)
                        slot_code = np.empty(1 << bits, np.int64)
                    slot_key[:] = -1
                shift = np.uint64(64 - bits)
                mask = (1 << bits) - 1
                numbers = 0
                for p in range(size):
                    if left[p] < n or code[p] < 0 or uni[p + n - 1] < 0:
                        code[p] = -1
                        continue
                    key = code[p] * n1 + uni[p + n - 1]
                    if direct:
                        d = pair[key]
                        if d < 0:
                            if p >= n_hyp:
                                code[p] = -1
                                continue
                            d = numbers
                            pair[key] = d
                            touched[d] = key
                            numbers += 1
                    else:
                        h = np.int64((np.uint64(key) * _GOLDEN) >> shift)
                        while slot_key[h] != -1 and slot_key[h] != key:
                            h = (h + 1) & mask
                        if slot_key[h] == -1:
                            if p >= n_hyp:
                                code[p] = -1
                                continue
                            slot_key[h] = key
                            slot_code[h] = numbers
                            numbers += 1
                        d = slot_code[h]
                    code[p] = d
                    count[d, text[p]] += 1
                if direct:
                    for d in range(numbers):
                        pair[touched[d]] = -1
            clipped = 0
            for d in range(numbers):
                most = 0
                for j in range(1, W + 1):
                    most = max(most, count[d, j])
                    count[d, j] = 0
                clipped += min(count[d, 0], most)
                count[d, 0] = 0
            out[s, n - 1] = clipped
    return out


@numba.njit(cache=True, nogil=True)
def gather_first_appearance(buffer, places, new_id):
    """The ids of several texts stored in ``buffer`` (text i at ``places[i]``,
    ``start << 32 | length``) laid end to end and renumbered 0, 1, ... in order of first
    appearance: (the renumbered ids, the offsets of the texts, the original id of each
    new number). ``new_id`` is scratch with an entry, -1, for every id; the entries used
    are set back to -1, so one scratch serves every call (no fill the size of the
    vocabulary per call)."""
    n = len(places)
    offsets = np.zeros(n + 1, np.int64)
    for i in range(n):
        offsets[i + 1] = offsets[i] + (places[i] & 0xFFFFFFFF)
    out = np.empty(offsets[n], np.int64)
    distinct = np.empty(offsets[n], np.int64)
    count = 0
    p = 0
    for i in range(n):
        start = places[i] >> 32
        for k in range(start, start + (places[i] & 0xFFFFFFFF)):
            word = buffer[k]
            if new_id[word] < 0:
                new_id[word] = count
                distinct[count] = word
                count += 1
            out[p] = new_id[word]
            p += 1
    for k in range(count):
        new_id[distinct[k]] = -1
    return out, offsets, distinct[:count]


# -- the C library's exp, log and pow over arrays (see ngram_core.ngrams.libm) ---------------
@numba.njit(cache=True, nogil=True)
def libm_exp(values):
    out = np.empty_like(values)
    for i in range(len(values)):
        out[i] = math.exp(values[i])
    return out


@numba.njit(cache=True, nogil=True)
def libm_log(values):
    out = np.empty_like(values)
    for i in range(len(values)):
        out[i] = math.log(values[i]) if values[i] > 0 else (-math.inf if values[i] == 0 else math.nan)
    return out


@numba.njit(cache=True, nogil=True)
def libm_pow(bases, exponents):
    out = np.empty_like(bases)
    for i in range(len(bases)):
        out[i] = math.pow(bases[i], exponents[i])
    return out
