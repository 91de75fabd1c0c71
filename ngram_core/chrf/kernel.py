"""chrF's statistics one (hypothesis, reference) pair after another: plain loops over
numpy arrays of code points, which :func:`ngram_core.compiled.loops` runs compiled by
numba (a large input or a long-running process) or as they are, the same code giving
the same counts (``tests/chrf/test_chrf_parity.py``).

Per pair, the characters (code points, whitespace removed unless kept) and the words
(``str.split()``'s, one ASCII punctuation mark split off as :func:`ngram_core.chrf.plain.words`)
of both texts get local ids, equal ids for equal symbols; an n-gram's id is that of
(its (n-1)-gram's id, its last symbol) in an open-addressing table that a stamp per
slot empties in O(1). Only n-grams whose (n-1)-gram occurs in both texts can match,
so each order looks only at those positions. Counts are exact integers: the same as
the array code's and sacreBLEU's. Memory: a few int64 arrays of 4 x the longest pair's
characters.
"""
from __future__ import annotations

import numpy as np

COMPILE_INLINE = ("is_space", "is_punctuation", "slot_of")
PRIME = 2_147_483_647  # 2^31 - 1: a word's hash stays below it, so its products fit in int64
BASE = 1_000_003


def is_space(c):
    """``chr(c).isspace()``: the code points ``str.split()`` splits on."""
    if c <= 32:
        return c == 32 or 9 <= c <= 13 or 28 <= c <= 31
    if c < 133:
        return False
    return (c == 133 or c == 160 or c == 5760 or 8192 <= c <= 8202 or c == 8232 or c == 8233 or c == 8239
            or c == 8287 or c == 12288)


def is_punctuation(c):
    """ASCII punctuation (``string.punctuation``), what chrF++ splits off a word."""
    return 33 <= c <= 47 or 58 <= c <= 64 or 91 <= c <= 96 or 123 <= c <= 126


def slot_of(key, mask):
    """The first table slot of a non-negative int64 ``key``."""
    x = (key ^ (key >> 31)) & 0x7FFFFFFF
    x = x * 0x45D9F3B
    return (x ^ (x >> 29)) & mask


def table_mask(n):
    """The mask of the smallest power-of-two table with at least 2n slots."""
    size = 16
    while size < 2 * n:
        size *= 2
    return size - 1


def characters_of(codes, start, end, whitespace, out, at):
    """Writes the text ``codes[start:end]``'s characters into ``out[at:]``; returns their number."""
    n = 0
    for i in range(start, end):
        c = codes[i]
        if whitespace or not is_space(c):
            out[at + n] = c
            n += 1
    return n


def words_of(codes, start, end, word_start, word_end, at):
    """Writes the spans (into ``codes``) of the text's chrF++ words into ``word_start``
    and ``word_end`` from ``at``; returns their number."""
    n = 0
    i = start
    while i < end:
        while i < end and is_space(codes[i]):
            i += 1
        if i == end:
            break
        j = i
        while j < end and not is_space(codes[j]):
            j += 1
        if j - i > 1 and is_punctuation(codes[j - 1]):
            word_start[at + n], word_end[at + n] = i, j - 1
            word_start[at + n + 1], word_end[at + n + 1] = j - 1, j
            n += 2
        elif j - i > 1 and is_punctuation(codes[i]):
            word_start[at + n], word_end[at + n] = i, i + 1
            word_start[at + n + 1], word_end[at + n + 1] = i + 1, j
            n += 2
        else:
            word_start[at + n], word_end[at + n] = i, j
            n += 1
        i = j
    return n


def symbol_ids(symbols, n, keys, ids, stamps, stamp, out):
    """Dense local ids (0, 1, ...) of ``symbols[:n]`` (non-negative ints) into ``out``; returns their number."""
    mask = table_mask(n)
    count = 0
    for i in range(n):
        key = symbols[i]
        slot = slot_of(key, mask)
        while stamps[slot] == stamp and keys[slot] != key:
            slot = (slot + 1) & mask
        if stamps[slot] != stamp:
            stamps[slot], keys[slot], ids[slot] = stamp, key, count
            count += 1
        out[i] = ids[slot]
    return count


def word_ids(codes, word_start, word_end, n, hashes, keys, ids, stamps, stamp, out):
    """Dense local ids of the ``n`` word spans (equal ids for equal code points) into ``out``; returns their number."""
    mask = table_mask(n)
    count = 0
    for w in range(n):
        h = word_end[w] - word_start[w]
        for i in range(word_start[w], word_end[w]):
            h = (h * BASE + codes[i]) % PRIME
        hashes[w] = h
        slot = slot_of(h, mask)
        found = -1
        while stamps[slot] == stamp:
            other = keys[slot]  # the first word stored with this slot
            if hashes[other] == h and word_end[other] - word_start[other] == word_end[w] - word_start[w]:
                same = True
                for i in range(word_end[w] - word_start[w]):
                    if codes[word_start[w] + i] != codes[word_start[other] + i]:
                        same = False
                        break
                if same:
                    found = ids[slot]
                    break
            slot = (slot + 1) & mask
        if found < 0:
            stamps[slot], keys[slot], ids[slot] = stamp, w, count
            found = count
            count += 1
        out[w] = found
    return count


def order_counts(sym, nh, nr, n_symbols, max_order, hyp, ref, match, k, scratch, keys, ids, stamps, stamp):
    """The hypothesis's (``sym[:nh]``) and the reference's (``sym[nh:nh + nr]``) n-gram
    counts and clipped matches for n = 1..``max_order``, written at ``[k + n - 1]`` of
    ``hyp``, ``ref`` and ``match`` (the hypothesis count 0 where the reference has no
    n-gram of the order); ``sym`` holds dense ids below ``n_symbols``. Returns the stamp
    last used.

    One pass per order over the live positions (hypothesis first): a position stays live
    while its n-gram occurs in both texts, counted as the pass goes; a reference
    occurrence matches while its n-gram's reference count is below the hypothesis's, so
    the matches are the sum of the smaller counts."""
    total = nh + nr
    gram = scratch[0]  # the id of the n-gram starting at each live position
    live = scratch[1]  # the live positions, in order
    counts = scratch[2:]  # per id: this order's hypothesis and reference counts, and the previous order's
    for g in range(n_symbols):
        counts[0, g] = 0
        counts[1, g] = 0
    n_live = total
    mask = table_mask(total)
    for n in range(1, max_order + 1):
        hyp_total = nh - n + 1 if nh >= n else 0
        ref_total = nr - n + 1 if nr >= n else 0
        ref[k + n - 1] = ref_total
        hyp[k + n - 1] = hyp_total if ref_total > 0 else 0
        match[k + n - 1] = 0
        if hyp_total == 0 or ref_total == 0 or n_live == 0:
            n_live = 0
            continue
        matched = 0
        kept = 0
        if n == 1:
            for i in range(total):
                g = sym[i]
                gram[i] = g
                if i < nh:
                    counts[0, g] += 1
                else:
                    if counts[1, g] < counts[0, g]:
                        matched += 1
                    counts[1, g] += 1
                live[i] = i
            kept = total
        else:
            h = 2 * ((n - 1) % 2)  # this order's rows h, h + 1 (order 1's: 0, 1); the previous order's the other two
            r, before_h = h + 1, 2 - h
            stamp += 1
            n_ids = 0
            for p in range(n_live):
                i = live[p]
                last = i + n - 1
                if (i < nh and last >= nh) or last >= total:
                    continue
                before = gram[i]
                if counts[before_h, before] == 0 or counts[before_h + 1, before] == 0:  # its (n-1)-gram is not in both texts
                    continue
                key = before * n_symbols + sym[last]
                slot = slot_of(key, mask)
                while stamps[slot] == stamp and keys[slot] != key:
                    slot = (slot + 1) & mask
                if stamps[slot] != stamp:
                    stamps[slot], keys[slot], ids[slot] = stamp, key, n_ids
                    counts[h, n_ids] = 0
                    counts[r, n_ids] = 0
                    n_ids += 1
                g = ids[slot]
                gram[i] = g
                if i < nh:
                    counts[h, g] += 1
                else:
                    if counts[r, g] < counts[h, g]:
                        matched += 1
                    counts[r, g] += 1
                live[kept] = i
                kept += 1
        match[k + n - 1] = matched
        n_live = kept
    return stamp


def pair_statistics(codes, offsets, ref_table, n_segments, char_order, word_order, whitespace, hyp, ref, match):
    """For each segment s and reference slot j (text ``n_segments + ref_table[s, j]``,
    -1: none) of texts ``codes[offsets[t]:offsets[t + 1]]`` (segment s's hypothesis is
    text s): the counts at ``hyp[s, j]``, ``ref[s, j]`` and ``match[s, j]`` (characters
    1..char_order, then words 1..word_order; zeros where there is no reference)."""
    n_texts = len(offsets) - 1
    hyp_longest = 0
    ref_longest = 0
    for t in range(n_texts):
        length = offsets[t + 1] - offsets[t]
        if t < n_segments:
            hyp_longest = max(hyp_longest, length)
        else:
            ref_longest = max(ref_longest, length)
    longest = max(hyp_longest + ref_longest, 1)
    size = table_mask(longest) + 1
    keys = np.zeros(size, dtype=np.int64)
    ids = np.zeros(size, dtype=np.int64)
    stamps = np.zeros(size, dtype=np.int64)
    symbols = np.zeros(longest, dtype=np.int64)
    sym = np.zeros(longest, dtype=np.int64)
    word_start = np.zeros(longest, dtype=np.int64)
    word_end = np.zeros(longest, dtype=np.int64)
    hashes = np.zeros(longest, dtype=np.int64)
    scratch = np.zeros((6, longest), dtype=np.int64)
    stamp = 0
    for s in range(n_segments):
        for j in range(ref_table.shape[1]):
            r = ref_table[s, j]
            if r < 0:
                continue
            t = n_segments + r
            if char_order > 0:
                nh = characters_of(codes, offsets[s], offsets[s + 1], whitespace, symbols, 0)
                nr = characters_of(codes, offsets[t], offsets[t + 1], whitespace, symbols, nh)
                stamp += 1
                n_symbols = symbol_ids(symbols, nh + nr, keys, ids, stamps, stamp, sym)
                stamp = order_counts(sym, nh, nr, n_symbols, char_order, hyp[s, j], ref[s, j], match[s, j], 0,
                                     scratch, keys, ids, stamps, stamp)
            if word_order > 0:
                nh = words_of(codes, offsets[s], offsets[s + 1], word_start, word_end, 0)
                nr = words_of(codes, offsets[t], offsets[t + 1], word_start, word_end, nh)
                stamp += 1
                n_symbols = word_ids(codes, word_start, word_end, nh + nr, hashes, keys, ids, stamps, stamp, sym)
                stamp = order_counts(sym, nh, nr, n_symbols, word_order, hyp[s, j], ref[s, j], match[s, j],
                                     char_order, scratch, keys, ids, stamps, stamp)


def pair_matches(cand_start, cand_gram, cand_count, ref_start, ref_gram, ref_count, n_grams, match):
    """The clipped matches of every candidate against every reference, ``match[c, r, k]``
    (C, M, K), from each text's distinct n-grams with corpus-wide ids below ``n_grams``:
    text t's of order k are ``gram[start[t * K + k]:start[t * K + k + 1]]`` with their
    ``count``. A candidate's counts are spread into a table by id once, and each
    reference's n-grams are looked up in it: O(distinct n-grams) per pair."""
    C, M, K = match.shape
    dense = np.zeros(max(n_grams, 1), dtype=np.int64)
    for c in range(C):
        for k in range(K):
            a, b = cand_start[c * K + k], cand_start[c * K + k + 1]
            for p in range(a, b):
                dense[cand_gram[p]] = cand_count[p]
            for r in range(M):
                matched = 0
                for q in range(ref_start[r * K + k], ref_start[r * K + k + 1]):
                    h = dense[ref_gram[q]]
                    if h > 0:
                        matched += min(h, ref_count[q])
                match[c, r, k] = matched
            for p in range(a, b):
                dense[cand_gram[p]] = 0
