"""Compiled (numba) kernels of the shared n-gram layer: clipped n-gram counts per segment,
corpus-wide n-gram ids and the clipped matches per n-gram id (NIST's statistics), the
renumbering of cached tokens, the C library's exp/log/pow over arrays (BLEU's own,
reference lengths and sacreBLEU's scores of rows, are in :mod:`ngram_core.bleu.row`).

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
def _slot(key, slot_key, shift, mask):
    """The slot of ``key`` in an open-addressing table (linear probing): where it is, or
    the empty slot (key -1) where it would go."""
    h = np.int64((np.uint64(key) * _GOLDEN) >> shift)
    while slot_key[h] != -1 and slot_key[h] != key:
        h = (h + 1) & mask
    return h


@numba.njit(cache=True, nogil=True)
def _table_bits(entries):
    bits = 1
    while (1 << bits) < 2 * max(entries, 1):
        bits += 1
    return bits


@numba.njit(cache=True, nogil=True)
def clipped_counts(ids, offsets, ref_table, n_segments, max_order, vocab_size, start, stop):
    """(stop - start, max_order) clipped n-gram matches of segments start..stop-1, one segment at a time
    (a call on segments 0..S-1 is the whole corpus; parts of it can run in threads at once:
    every scratch array is the call's own, the inputs are only read).

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
    out = np.zeros((stop - start, N), np.int64)
    largest = 0
    largest_hyp = 0
    for s in range(start, stop):
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
    for s in range(start, stop):
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
                        bits = _table_bits(largest)
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
                        h = _slot(key, slot_key, shift, mask)
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
            out[s - start, n - 1] = clipped
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


# -- corpus-wide n-gram ids (NIST's information weights) ----------------------------------
@numba.njit(cache=True, nogil=True)
def reference_ngram_ids(ids, offsets, n_segments, max_order, vocab_size, slots):
    """Corpus-wide ids of the reference n-grams, orders 1..max_order, one pass per order.

    The compiled form of :class:`ngram_core.ngrams.index.NgramIndex`'s numbering, id for
    id: order 1's ids are the token ids; order n numbers the pairs (order n-1 id at p,
    token p+n-1) over the reference positions (texts ``n_segments`` on, positions from
    ``offsets[n_segments]``) in order of first appearance, through an open-addressing
    hash table of the pairs (exact: it holds the keys; one table of 2^k >= 2 x reference
    tokens entries, reused by every order).

    Returns ``gram`` ((reference positions, max_order): the id of the n-gram starting at
    each, -1 where the text ends first), ``n_ngrams`` (the size of each order's id
    space: the vocabulary for order 1), and per order, concatenated (order n's from the
    sum of ``n_ngrams[:n-1]`` on): ``prefix`` (the (n-1)-gram id, -1 for order 1),
    ``last`` (the last token id) and ``count`` (occurrences over reference slots:
    ``slots[k]`` per occurrence in distinct reference k; 0 for a token in no reference).
    """
    N, S = max_order, n_segments
    first_ref = offsets[S]
    R = len(ids) - first_ref
    left = np.empty(R, np.int64)  # tokens from here to the end of the text
    weight = np.empty(R, np.int64)  # slots that use the reference of each position
    for t in range(S, len(offsets) - 1):
        for p in range(offsets[t], offsets[t + 1]):
            left[p - first_ref] = offsets[t + 1] - p
            weight[p - first_ref] = slots[t - S]
    gram = np.full((R, N), -1, np.int64)
    n_ngrams = np.zeros(N, np.int64)
    capacity = vocab_size + (N - 1) * R  # ids of every order together, at most
    prefix = np.full(capacity, -1, np.int64)
    last = np.empty(capacity, np.int64)
    count = np.zeros(capacity, np.int64)
    for v in range(vocab_size):
        last[v] = v
    for p in range(R):
        gram[p, 0] = ids[first_ref + p]
        count[gram[p, 0]] += weight[p]
    n_ngrams[0] = vocab_size
    at = vocab_size
    bits = _table_bits(R)
    slot_key = np.empty(1 << bits, np.int64)
    slot_code = np.empty(1 << bits, np.int64)
    shift = np.uint64(64 - bits)
    mask = (1 << bits) - 1
    for n in range(2, N + 1):
        slot_key[:] = -1
        numbers = 0
        for p in range(R):
            if left[p] < n:
                continue
            # (keys cannot overflow: ids and the vocabulary are below the number of positions)
            key = gram[p, n - 2] * vocab_size + ids[first_ref + p + n - 1]
            h = _slot(key, slot_key, shift, mask)
            if slot_key[h] == -1:
                slot_key[h] = key
                slot_code[h] = numbers
                prefix[at + numbers] = gram[p, n - 2]
                last[at + numbers] = ids[first_ref + p + n - 1]
                numbers += 1
            gram[p, n - 1] = slot_code[h]
            count[at + slot_code[h]] += weight[p]
        n_ngrams[n - 1] = numbers
        at += numbers
    return gram, n_ngrams, prefix[:at].copy(), last[:at].copy(), count[:at].copy()


@numba.njit(cache=True, nogil=True)
def clipped_ngram_matches(ids, offsets, ref_table, n_segments, gram, n_ngrams, vocab_size, by_set, start, stop,
                          seg_first, per_order):
    """Clipped matches per (segment, n-gram id) of the segments ``by_set[start:stop]``, with
    :func:`reference_ngram_ids`' ids (``gram``, ``n_ngrams``).

    For each segment, each n-gram of its hypothesis that some reference of the segment
    has, with min(its count in the hypothesis, the most any one of the segment's
    references has): :meth:`ngram_core.ngrams.index.NgramIndex.clipped`. The segments
    are visited in the order ``by_set`` (segments with the same references next to each
    other): the n-grams of a set of references are hashed once, into a table of
    (order n-1 id, token) keys as small as the set (2^k >= 2 x its tokens x orders),
    and each hypothesis of the set is looked up in it, order after order until an
    n-gram is not there. Returns (id plus its order's base, clipped), a segment's rows
    sorted by id, one segment after another; writes for each segment s of the part where
    its rows start (``seg_first[s]``) and how many there are of each order
    (``per_order[:, s]``). Parts with different segments can run in threads at once (they
    write different entries; every other array is the call's own, the inputs are only
    read); :func:`matches_in_order` puts the parts' rows in order.
    """
    N = gram.shape[1]
    S, W = n_segments, ref_table.shape[1]
    first_ref = offsets[S]
    base = np.zeros(N + 1, np.int64)
    for n in range(N):
        base[n + 1] = base[n] + n_ngrams[n]
    largest, largest_hyp, hyp_tokens = 0, 0, 0
    for i in range(start, stop):
        s = by_set[i]
        size = 0
        for j in range(W):
            if ref_table[s, j] >= 0:
                size += offsets[S + ref_table[s, j] + 1] - offsets[S + ref_table[s, j]]
        largest = max(largest, size)
        largest_hyp = max(largest_hyp, offsets[s + 1] - offsets[s])
        hyp_tokens += offsets[s + 1] - offsets[s]
    bits = _table_bits(largest * N)
    slot_key = np.full(1 << bits, -1, np.int64)  # (order n-1 id + base + 1) x vocabulary + token
    slot_id = np.empty(1 << bits, np.int64)  # the n-gram's id plus its order's base
    slot_order = np.empty(1 << bits, np.int64)
    slot_now = np.zeros(1 << bits, np.int64)  # count in the reference being read
    slot_best = np.zeros(1 << bits, np.int64)  # most in one reference of the set
    slot_hyp = np.zeros(1 << bits, np.int64)  # count in the hypothesis
    shift = np.uint64(64 - bits)
    mask = (1 << bits) - 1
    used = np.empty(max(largest * N, 1), np.int64)  # the slots of the set, to empty them
    in_ref = np.empty(max(largest * N, 1), np.int64)  # the slots the reference being read has
    found = np.empty(max(largest_hyp * N, 1), np.int64)
    size = max(hyp_tokens * N // 4, 16)  # the output grows by doubling
    out_id = np.empty(size, np.int64)
    out_clip = np.empty(size, np.int64)
    m, n_used = 0, 0
    for i in range(start, stop):
        s = by_set[i]
        same = i > start
        for j in range(W):
            if same and ref_table[s, j] != ref_table[by_set[i - 1], j]:
                same = False
        if not same:
            for u in range(n_used):
                slot_key[used[u]] = -1
                slot_best[used[u]] = 0
            n_used = 0
            for j in range(W):
                t = ref_table[s, j]
                if t < 0:
                    continue
                n_in = 0
                lo, hi = offsets[S + t], offsets[S + t + 1]
                for p in range(lo, hi):
                    above = 0  # (the prefix's id + base + 1; 0 for unigrams)
                    for n in range(min(N, hi - p)):
                        key = above * vocab_size + ids[p + n]
                        h = _slot(key, slot_key, shift, mask)
                        if slot_key[h] == -1:
                            slot_key[h] = key
                            slot_id[h] = base[n] + gram[p - first_ref, n]
                            slot_order[h] = n
                            used[n_used] = h
                            n_used += 1
                        if slot_now[h] == 0:
                            in_ref[n_in] = h
                            n_in += 1
                        slot_now[h] += 1
                        above = slot_id[h] + 1
                for u in range(n_in):
                    h = in_ref[u]
                    slot_best[h] = max(slot_best[h], slot_now[h])
                    slot_now[h] = 0
        k = 0
        lo, hi = offsets[s], offsets[s + 1]
        for p in range(lo, hi):
            above = 0
            for n in range(min(N, hi - p)):
                h = _slot(above * vocab_size + ids[p + n], slot_key, shift, mask)
                if slot_key[h] == -1:
                    break  # not in the references, nor any longer n-gram from here
                if slot_hyp[h] == 0:
                    found[k] = h
                    k += 1
                slot_hyp[h] += 1
                above = slot_id[h] + 1
        if m + k > len(out_id):
            size = max(2 * len(out_id), m + k)
            grown = np.empty(size, np.int64)
            grown[:m] = out_id[:m]
            out_id = grown
            grown = np.empty(size, np.int64)
            grown[:m] = out_clip[:m]
            out_clip = grown
        for a in range(1, k):  # insertion sort by id: a few dozen entries
            h = found[a]
            b = a - 1
            while b >= 0 and slot_id[found[b]] > slot_id[h]:
                found[b + 1] = found[b]
                b -= 1
            found[b + 1] = h
        seg_first[s] = m
        for u in range(k):
            h = found[u]
            out_id[m] = slot_id[h]
            out_clip[m] = min(slot_hyp[h], slot_best[h])
            per_order[slot_order[h], s] += 1
            slot_hyp[h] = 0
            m += 1
    return out_id[:m], out_clip[:m]


@numba.njit(cache=True, nogil=True)
def matches_in_order(n_ngrams, seg_first, per_order, out_id, out_clip):
    """:func:`clipped_ngram_matches`' rows of every segment (``seg_first`` into ``out_id``
    and ``out_clip``) as (order - 1, segment, id, clipped), sorted by order, then segment,
    then id."""
    N, S = per_order.shape
    base = np.zeros(N + 1, np.int64)
    for n in range(N):
        base[n + 1] = base[n] + n_ngrams[n]
    m = len(out_id)
    # by order, then segment: a segment's rows are sorted by id (so by order) already; the
    # segments are copied in their order, each order's rows written one after the other
    at = np.zeros(N, np.int64)
    for n in range(1, N):
        at[n] = at[n - 1] + per_order[n - 1].sum()
    orders = np.empty(m, np.int64)
    segment = np.empty(m, np.int64)
    ngram = np.empty(m, np.int64)
    clipped = np.empty(m, np.int64)
    for s in range(S):
        r = seg_first[s]
        for n in range(N):
            for _ in range(per_order[n, s]):
                orders[at[n]] = n
                segment[at[n]] = s
                ngram[at[n]] = out_id[r] - base[n]
                clipped[at[n]] = out_clip[r]
                at[n] += 1
                r += 1
    return orders, segment, ngram, clipped




@numba.njit(cache=True, nogil=True)
def ngram_table_rows(n_ngrams, prefix, last, count, order, ngram):
    """:func:`reference_ngram_ids`' ids as rows of a table of the n-grams that occur in the
    references (``count`` > 0), numbered by order, then id: per row its order (1..N), the
    row of its (n-1)-gram (-1 for unigrams), its last token and its count; and the row of
    each of :func:`clipped_ngram_matches`' (``order``, ``ngram``) pairs."""
    N = len(n_ngrams)
    base = np.zeros(N + 1, np.int64)
    for n in range(N):
        base[n + 1] = base[n] + n_ngrams[n]
    row = np.full(base[N], -1, np.int64)
    rows = 0
    for g in range(base[N]):
        if count[g] > 0:
            row[g] = rows
            rows += 1
    table_order = np.empty(rows, np.int64)
    parent = np.empty(rows, np.int64)
    token = np.empty(rows, np.int64)
    table_count = np.empty(rows, np.int64)
    for n in range(N):
        for g in range(base[n], base[n + 1]):
            r = row[g]
            if r >= 0:
                table_order[r] = n + 1
                parent[r] = row[base[n - 1] + prefix[g]] if n > 0 else -1
                token[r] = last[g]
                table_count[r] = count[g]
    match_row = np.empty(len(ngram), np.int64)
    for i in range(len(ngram)):
        match_row[i] = row[base[order[i]] + ngram[i]]
    return table_order, parent, token, table_count, match_row
