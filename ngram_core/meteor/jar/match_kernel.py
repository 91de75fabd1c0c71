# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""The word matchers of :mod:`.matching` (exact, stem, synonym): one pair after
another, plain loops over numpy arrays.

Plain Python that imports no numba: a one-off call on a small input runs it as it
is, a large input or a long-running process runs it compiled by numba
(:func:`ngram_core.compiled.loops`), the same code giving the same results
(``tests/meteor/test_meteor_plain_and_compiled_loops_agree.py``). A pair's sentences are short (tens of words), so a
join done inside each pair, on arrays that stay in the cache, costs far less than a
sort of the whole corpus's rows on (pair, key).
"""
from __future__ import annotations

import numpy as np


def shared_key_matches(hyp_start, ref_start, hyp_tok, ref_tok, key_offsets, key_flat, n_keys, word_hash, other_word,
                       active, limit):
    """For each active pair p (hypothesis rows ``hyp_start[p]:hyp_start[p + 1]``,
    reference rows likewise), every (reference row, hypothesis row) whose word types
    share a key (type t's keys: ``key_flat[key_offsets[t]:key_offsets[t + 1]]``,
    distinct, in [0, ``n_keys``)), the words' ``word_hash`` differing too if
    ``other_word``: for each reference row in order, its hypothesis rows in order, at
    most ``limit`` of them, the nearest to the reference word's position (ties: the
    earlier).

    Per pair, the (key, hypothesis word) entries are sorted by key, then position; a key's
    run is ``sorted_word[head[key]:head[key] + count[key]]``, valid while ``stamp`` of the
    key is the pair. A reference word walks outwards from its own position in each of its
    keys' runs and stops after ``limit`` words that qualify, so a word repeated n times
    costs O(n * limit), not O(n^2); the nearest ``limit`` of the union (distance, then the
    earlier position) are among those, so the result is the same as scanning everything.
    With ``other_word``, a run of a key's entries with one word hash is crossed in one
    step (``run_end``/``run_begin``): a reference word skips the copies of itself in
    O(1), not one by one (a word repeated n times whose stem is itself would otherwise
    cost O(n^2) and find nothing).
    Returns (reference rows, hypothesis rows)."""
    n_pairs = len(hyp_start) - 1
    size = 1024
    out_ref = np.empty(size, np.int64)
    out_hyp = np.empty(size, np.int64)
    n_out = 0
    max_entries = 1
    max_len = 1
    for p in range(n_pairs):
        max_len = max(max_len, hyp_start[p + 1] - hyp_start[p])
        n = 0
        for i in range(hyp_start[p], hyp_start[p + 1]):
            n += key_offsets[hyp_tok[i] + 1] - key_offsets[hyp_tok[i]]
        max_entries = max(max_entries, n)
    stamp = np.full(n_keys, -1, np.int64)
    head = np.zeros(n_keys, np.int64)
    count = np.zeros(n_keys, np.int64)
    entry_key = np.zeros(max_entries, np.int64)
    entry_word = np.zeros(max_entries, np.int64)
    sort_key = np.zeros(max_entries, np.int64)
    sorted_word = np.zeros(max_entries, np.int64)
    # run_end[x]: the first entry after x of its key whose word hash differs (or the key's end);
    # run_begin[x]: the last one before x likewise (or the key's start - 1)
    run_end = np.zeros(max_entries if other_word else 0, np.int64)
    run_begin = np.zeros(max_entries if other_word else 0, np.int64)
    seen = np.full(max_len, -1, np.int64)  # seen[i] == j: hypothesis word i already hit for reference row j
    hits = np.empty(max_len, np.int64)
    for p in range(n_pairs):
        if not active[p]:
            continue
        h0, h1, r0, r1 = hyp_start[p], hyp_start[p + 1], ref_start[p], ref_start[p + 1]
        if h0 == h1 or r0 == r1:
            continue
        L = h1 - h0
        e = 0
        for i in range(h0, h1):
            t = hyp_tok[i]
            for k in range(key_offsets[t], key_offsets[t + 1]):
                entry_key[e] = key_flat[k]
                entry_word[e] = i - h0
                sort_key[e] = key_flat[k] * L + (i - h0)
                e += 1
        order = np.argsort(sort_key[:e])  # (key, word) pairs are distinct: no ties
        for x in range(e):
            key = entry_key[order[x]]
            sorted_word[x] = entry_word[order[x]]
            if stamp[key] != p:
                stamp[key] = p
                head[key] = x
                count[key] = 0
            count[key] += 1
        if other_word:
            for x in range(e):
                same = x > 0 and entry_key[order[x - 1]] == entry_key[order[x]] and (
                    word_hash[hyp_tok[h0 + sorted_word[x - 1]]] == word_hash[hyp_tok[h0 + sorted_word[x]]])
                run_begin[x] = run_begin[x - 1] if same else x - 1
            for x in range(e - 1, -1, -1):
                same = x + 1 < e and entry_key[order[x + 1]] == entry_key[order[x]] and (
                    word_hash[hyp_tok[h0 + sorted_word[x + 1]]] == word_hash[hyp_tok[h0 + sorted_word[x]]])
                run_end[x] = run_end[x + 1] if same else x + 1
        for j in range(r0, r1):
            t = ref_tok[j]
            q = j - r0
            n_hits = 0
            for k in range(key_offsets[t], key_offsets[t + 1]):
                key = key_flat[k]
                if stamp[key] != p:
                    continue
                a, c = head[key], count[key]
                hi = np.searchsorted(sorted_word[a:a + c], q)
                lo = hi - 1
                taken = 0
                while taken < limit and (lo >= 0 or hi < c):
                    if lo >= 0 and (hi == c or q - sorted_word[a + lo] <= sorted_word[a + hi] - q):
                        i = sorted_word[a + lo]
                        if other_word and word_hash[hyp_tok[h0 + i]] == word_hash[t]:
                            lo = run_begin[a + lo] - a  # past the copies of the reference word
                            continue
                        lo -= 1
                    else:
                        i = sorted_word[a + hi]
                        if other_word and word_hash[hyp_tok[h0 + i]] == word_hash[t]:
                            hi = run_end[a + hi] - a
                            continue
                        hi += 1
                    taken += 1
                    if seen[i] == j:  # another key of the same word
                        continue
                    seen[i] = j
                    hits[n_hits] = i
                    n_hits += 1
            if n_hits == 0:
                continue
            hits[:n_hits].sort()
            lo, hi = 0, n_hits
            if n_hits > limit:  # the nearest `limit`: a window around the reference position
                lo = np.searchsorted(hits[:n_hits], q)
                hi = lo
                while hi - lo < limit:
                    if lo > 0 and (hi == n_hits or q - hits[lo - 1] <= hits[hi] - q):
                        lo -= 1
                    else:
                        hi += 1
            if n_out + hi - lo > size:
                while n_out + hi - lo > size:
                    size *= 2
                grown = np.empty(size, np.int64)
                grown[:n_out] = out_ref[:n_out]
                out_ref = grown
                grown = np.empty(size, np.int64)
                grown[:n_out] = out_hyp[:n_out]
                out_hyp = grown
            for x in range(lo, hi):
                out_ref[n_out] = j
                out_hyp[n_out] = h0 + hits[x]
                n_out += 1
    return out_ref[:n_out], out_hyp[:n_out]
