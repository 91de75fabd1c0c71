# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""The paraphrase table's hash index (:mod:`.paraphrase`) and the search of a corpus's
phrases in it, loops run compiled only
(:func:`ngram_core.compiled.compile_loops`): millions of keys, and 64-bit arithmetic
that wraps, as numba's does and numpy's scalars warn about. Without numba the table is
searched by ranges of its sorted phrases instead (:class:`.paraphrase.PhraseRanges`),
with the same results.
"""
from __future__ import annotations

import numpy as np


def phrase_keys(phrase_words, multiplier):
    """The keys of the paraphrase table's hash index (:class:`.paraphrase.ParaphraseTable`),
    from its phrases (``phrase_words[k, p]``: word k of phrase p as word id + 1, 0 past
    its end; phrases sorted): the hash of every phrase (key p), then of every proper
    prefix of a phrase that is not a phrase (once each: a prefix longer than what the
    phrase shares with the one before it). Hash: h' = h * ``multiplier`` + word, mod 2^64.

    Returns (keys, phrase lengths, continued: whether some longer phrase starts with the
    key's words)."""
    depth, n = phrase_words.shape
    length = np.zeros(n, np.uint8)
    lcp = np.zeros(n, np.uint8)  # leading words shared with the phrase before
    n_prefixes = 0
    for p in range(n):
        m = 0
        while m < depth and phrase_words[m, p] != 0:
            m += 1
        length[p] = m
        if p > 0:
            s = 0
            while s < depth and phrase_words[s, p] != 0 and phrase_words[s, p] == phrase_words[s, p - 1]:
                s += 1
            lcp[p] = s
        # prefixes of n words, lcp < n < length
        if m - 1 > lcp[p]:
            n_prefixes += m - 1 - lcp[p]
    keys = np.zeros(n + n_prefixes, np.uint64)
    continued = np.ones(n + n_prefixes, np.bool_)
    at = n
    for p in range(n):
        h = np.uint64(0)
        for k in range(length[p]):
            h = h * multiplier + np.uint64(phrase_words[k, p])
            if k + 1 < length[p] and k + 1 > lcp[p]:
                keys[at] = h
                at += 1
        keys[p] = h
        continued[p] = p + 1 < n and lcp[p + 1] == length[p]
    return keys, length, continued


def hash_insert(keys, bits, slot_multiplier):
    """An open-addressing table (linear probing) of ``keys`` (distinct, nonzero) with
    2^bits slots, a key's first slot the top ``bits`` bits of key * ``slot_multiplier``:
    (slot keys, 0 for empty; slot's index into ``keys``; whether the keys were distinct
    and nonzero)."""
    size = 1 << bits
    mask = size - 1
    shift = np.uint64(64 - bits)
    slot_keys = np.zeros(size, np.uint64)
    slot_index = np.full(size, -1, np.int32)
    ok = True
    for i in range(len(keys)):
        key = keys[i]
        if key == 0:
            ok = False
            continue
        s = np.int64((key * slot_multiplier) >> shift)
        while slot_keys[s] != 0:
            if slot_keys[s] == key:
                ok = False
                break
            s = (s + 1) & mask
        if slot_keys[s] == 0:
            slot_keys[s] = key
            slot_index[s] = i
    return slot_keys, slot_index, ok


def hash_find(slot_keys, slot_index, bits, slot_multiplier, queries):
    """For each query, the index of that key in the table of :func:`hash_insert`, or -1."""
    mask = (1 << bits) - 1
    shift = np.uint64(64 - bits)
    result = np.full(len(queries), -1, np.int64)
    for q in range(len(queries)):
        key = queries[q]
        s = np.int64((key * slot_multiplier) >> shift)
        while slot_keys[s] != 0:
            if slot_keys[s] == key:
                result[q] = slot_index[s]
                break
            s = (s + 1) & mask
    return result


def phrase_occurrences(words, end, phrase_words, slot_keys, slot_index, bits, slot_multiplier, multiplier, n_phrases,
                       phrase_len, continued):
    """Every (start, length, phrase) where a phrase of the table occurs in the sequences of
    ``words`` (table word ids, -1 for other words; ``end[x]``: the end of position x's
    sequence), by start then length: from each start the n-gram grows one word at a time
    while the hash index says some phrase continues it, each hit checked word by word
    against ``phrase_words`` (a hash collision never makes a match). What
    :meth:`.paraphrase.ParaphraseTable.occurrences` does level by level in numpy, one start
    after another."""
    depth = phrase_words.shape[0]
    mask = (1 << bits) - 1
    shift = np.uint64(64 - bits)
    size = 1024
    out_start = np.empty(size, np.int64)
    out_len = np.empty(size, np.int64)
    out_phrase = np.empty(size, np.int64)
    n_out = 0
    for s in range(len(words)):
        if words[s] < 0:
            continue
        h = np.uint64(0)
        for n in range(1, depth + 1):
            x = s + n - 1
            if x >= end[s] or words[x] < 0:
                break
            h = h * multiplier + np.uint64(words[x] + 1)
            slot = np.int64((h * slot_multiplier) >> shift)
            key = -1
            while slot_keys[slot] != 0:
                if slot_keys[slot] == h:
                    key = slot_index[slot]
                    break
                slot = (slot + 1) & mask
            if key < 0:
                break
            if key < n_phrases and phrase_len[key] == n:
                same = True
                for k in range(n):
                    if np.int64(phrase_words[k, key]) != words[s + k] + 1:
                        same = False
                        break
                if same:
                    if n_out == size:
                        size *= 2
                        out_start, out_len, out_phrase = (_grown(out_start, size), _grown(out_len, size),
                                                          _grown(out_phrase, size))
                    out_start[n_out] = s
                    out_len[n_out] = n
                    out_phrase[n_out] = key
                    n_out += 1
            if not continued[key]:
                break
    return out_start[:n_out], out_len[:n_out], out_phrase[:n_out]


def _grown(values, size):
    """``values`` (int64) copied into a larger array of ``size`` entries."""
    out = np.empty(size, np.int64)
    out[:len(values)] = values
    return out
