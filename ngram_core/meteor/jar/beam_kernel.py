# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""The beam of :mod:`.beam`: one pair after another, plain loops over numpy arrays.

Plain Python that imports no numba, run as it is or compiled by numba
(:func:`ngram_core.compiled.loops`), as :mod:`.match_kernel`. Every array is prepared
by :func:`.beam.search`; the rules are described there.

Paths live in a pool of slots; ``order`` lists the current paths' slots, best first. A
path that skips a position, takes a fixed match or goes on inside its match is updated
in its slot; only a child gets a new slot (a copy of its parent's used words). A
position where no candidate branches keeps every path (the beam cannot overflow), so
its paths are updated in place and re-sorted by insertion, the order being nearly
sorted already.
"""
from __future__ import annotations

import numpy as np

COMPILE_INLINE = ("_better", "_offer")  # compiled into their callers (numba's inline="always")


def _better(score_a, chunks_a, dist_a, score_b, chunks_b, dist_b):
    """Whether a path ranks strictly before another (the jar's PARTIAL_COMPARE_TOTAL)."""
    if score_a != score_b:
        return score_a > score_b
    if chunks_a != chunks_b:
        return chunks_a < chunks_b
    return dist_a < dist_b


def beam_search(step_first, step_count, length, width, t_of, lo_of, hi_of, fixed_of, resume_of, enter_end_of,
                clear_lo_of, clear_hi_of, clear_word, clear_mask, open_rows, cand_first, cand_words, cand_masks,
                f_hs, f_hl, f_rl, f_rank, beam):
    """For each pair, the open candidates (indices) its best path took, and how many:
    (chosen, first), pair g's in ``chosen[first[g]:first[g + 1]]``. Open candidate c is
    candidate ``open_rows[c]`` of ``f_hs``, ``f_hl``, ``f_rl``, ``f_rank``."""
    n_pairs = len(step_first)
    max_width = 1
    max_steps = 1
    total_steps = 0
    for g in range(n_pairs):
        max_width = max(max_width, width[g])
        max_steps = max(max_steps, step_count[g])
        total_steps += step_count[g]
    max_cands = 1
    for s in range(len(lo_of)):
        max_cands = max(max_cands, hi_of[s] - lo_of[s])
    # the pool: kept paths, sources of kept children and the children themselves fit in 3 x beam
    n_slots = 3 * beam
    score = np.zeros(n_slots, np.int64)
    chunks = np.zeros(n_slots, np.int64)
    dist = np.zeros(n_slots, np.int64)
    idx = np.zeros(n_slots, np.int64)
    end = np.zeros(n_slots, np.int64)
    node = np.zeros(n_slots, np.int64)
    used = np.zeros((n_slots, max_width), np.uint64)
    order = np.zeros(beam, np.int64)
    new_order = np.zeros(beam, np.int64)
    busy = np.zeros(n_slots, np.bool_)
    # the paths a branching position produces, in the jar's order: keys and where from
    n_max = beam * (max_cands + 1)
    e_score = np.zeros(n_max, np.int64)
    e_chunks = np.zeros(n_max, np.int64)
    e_dist = np.zeros(n_max, np.int64)
    e_src = np.zeros(n_max, np.int64)
    e_cand = np.zeros(n_max, np.int64)
    top = np.zeros(beam, np.int64)  # the stable first `beam` of them, as entry numbers
    # back pointers: the candidate a path took and the path's previous node
    node_cand = np.zeros(max_steps * beam, np.int64)
    node_parent = np.zeros(max_steps * beam, np.int64)
    chosen = np.zeros(total_steps, np.int64)
    first = np.zeros(n_pairs + 1, np.int64)
    n_chosen = 0
    for g in range(n_pairs):
        first[g] = n_chosen
        n_paths = 1
        order[0] = 0
        score[0] = 0
        chunks[0] = 0
        dist[0] = 0
        idx[0] = 0
        end[0] = -1
        node[0] = -1
        w_g = width[g]
        for w in range(w_g):
            used[0, w] = 0
        n_nodes = 0
        for s in range(step_first[g], step_first[g] + step_count[g]):
            t = t_of[s]
            if resume_of[s]:  # every path came through identical positions
                for r in range(n_paths):
                    idx[order[r]] = t
                    end[order[r]] = enter_end_of[s]
            for x in range(clear_lo_of[s], clear_hi_of[s]):  # a bit handed to another word
                for r in range(n_paths):
                    used[order[r], clear_word[x]] &= ~clear_mask[x]
            lo, hi, f = lo_of[s], hi_of[s], fixed_of[s]
            if lo == hi:  # nothing branches: update in place, re-sort
                for r in range(n_paths):
                    p = order[r]
                    e = end[p]
                    if t == length[g]:  # the end: close the open chunk
                        if e != -1:
                            chunks[p] += 1
                    elif t < idx[p]:  # inside a match it took
                        pass
                    elif f >= 0:  # a fixed candidate
                        score[p] += f_rank[f]
                        if e != -1 and f_hs[f] != e:
                            chunks[p] += 1
                        dist[p] += abs(t - f_hs[f])
                        idx[p] = t + f_rl[f]
                        end[p] = f_hs[f] + f_hl[f]
                    else:  # a gap
                        if e != -1:
                            chunks[p] += 1
                        end[p] = -1
                        idx[p] = t + 1
                for i in range(1, n_paths):  # stable insertion sort
                    p = order[i]
                    j = i - 1
                    while j >= 0 and _better(score[p], chunks[p], dist[p], score[order[j]], chunks[order[j]],
                                             dist[order[j]]):
                        order[j + 1] = order[j]
                        j -= 1
                    order[j + 1] = p
                continue
            n_top = 0
            n_out = 0
            for r in range(n_paths):
                p = order[r]
                if t >= idx[p]:  # not inside a match: a child per free candidate, then the path skips
                    e = end[p]
                    passed = 0  # the jar adds each candidate's distance to the path branched from
                    for c in range(lo, hi):
                        free = True
                        for k in range(cand_first[c], cand_first[c + 1]):  # the bitset words it touches
                            if used[p, cand_words[k]] & cand_masks[k]:
                                free = False
                                break
                        if not free:
                            continue
                        oc = open_rows[c]
                        c_score = score[p] + f_rank[oc]
                        c_chunks = chunks[p] + (1 if e != -1 and f_hs[oc] != e else 0)
                        c_dist = dist[p] + passed
                        passed += abs(t - f_hs[oc])
                        if n_top < beam or _better(c_score, c_chunks, c_dist, e_score[top[beam - 1]],
                                                   e_chunks[top[beam - 1]], e_dist[top[beam - 1]]):
                            e_score[n_out] = c_score
                            e_chunks[n_out] = c_chunks
                            e_dist[n_out] = c_dist
                            e_src[n_out] = p
                            e_cand[n_out] = c
                            n_top = _offer(e_score, e_chunks, e_dist, top, n_top, beam, n_out)
                            n_out += 1
                    if e != -1:
                        chunks[p] += 1
                    end[p] = -1
                    idx[p] = t + 1
                    dist[p] += passed
                if n_top < beam or _better(score[p], chunks[p], dist[p], e_score[top[beam - 1]],
                                           e_chunks[top[beam - 1]], e_dist[top[beam - 1]]):
                    e_score[n_out] = score[p]
                    e_chunks[n_out] = chunks[p]
                    e_dist[n_out] = dist[p]
                    e_src[n_out] = p
                    e_cand[n_out] = -1
                    n_top = _offer(e_score, e_chunks, e_dist, top, n_top, beam, n_out)
                    n_out += 1
            # the next paths: a kept path keeps its slot, a child takes a slot nobody reads
            busy[:] = False
            for i in range(n_top):
                busy[e_src[top[i]]] = True
            slot = 0
            for i in range(n_top):
                x = top[i]
                p = e_src[x]
                c = e_cand[x]
                if c < 0:
                    new_order[i] = p
                    continue
                while busy[slot]:
                    slot += 1
                busy[slot] = True
                score[slot] = e_score[x]
                chunks[slot] = e_chunks[x]
                dist[slot] = e_dist[x]
                oc = open_rows[c]
                idx[slot] = t + f_rl[oc]
                end[slot] = f_hs[oc] + f_hl[oc]
                for w in range(w_g):
                    used[slot, w] = used[p, w]
                for k in range(cand_first[c], cand_first[c + 1]):
                    used[slot, cand_words[k]] |= cand_masks[k]
                node_cand[n_nodes] = c
                node_parent[n_nodes] = node[p]
                node[slot] = n_nodes
                n_nodes += 1
                new_order[i] = slot
            for i in range(n_top):
                order[i] = new_order[i]
            n_paths = n_top
        # the first path is the alignment: follow its back pointers
        at = node[order[0]]
        while at >= 0:
            chosen[n_chosen] = node_cand[at]
            n_chosen += 1
            at = node_parent[at]
    first[n_pairs] = n_chosen
    return chosen[:n_chosen], first


def _offer(e_score, e_chunks, e_dist, top, n_top, beam, x):
    """Put entry ``x`` into ``top``, the sorted first ``beam`` entries (the caller checked
    that it beats the last one when ``top`` is full). Entries come in the jar's order,
    so one goes after every earlier entry it does not beat: the first ``beam`` of a
    stable sort. Returns the new count."""
    s, ch, d = e_score[x], e_chunks[x], e_dist[x]
    if n_top < beam:
        if n_top == 0:
            top[0] = x
            return 1
        last = top[n_top - 1]
        if not _better(s, ch, d, e_score[last], e_chunks[last], e_dist[last]):
            top[n_top] = x  # the common case: after every entry offered before
            return n_top + 1
    lo, hi = 0, n_top  # the first position whose entry it beats (top is sorted)
    while lo < hi:
        mid = (lo + hi) // 2
        y = top[mid]
        if _better(s, ch, d, e_score[y], e_chunks[y], e_dist[y]):
            hi = mid
        else:
            lo = mid + 1
    n = n_top + 1 if n_top < beam else beam
    for i in range(n - 1, lo, -1):
        top[i] = top[i - 1]
    top[lo] = x
    return n


def contested_steps(hyp_start, hyp_len, step, n_words):
    """For each of ``n_words`` hypothesis words (flat over the pairs), the first and last
    ``step`` (reference start) of the candidates covering it, -1 for a word no
    candidate covers; candidate c covers ``hyp_start[c]:hyp_start[c] + hyp_len[c]``."""
    first = np.full(n_words, -1, np.int64)
    last = np.full(n_words, -1, np.int64)
    for c in range(len(hyp_start)):
        s = step[c]
        for i in range(hyp_start[c], hyp_start[c] + hyp_len[c]):
            if first[i] == -1 or s < first[i]:
                first[i] = s
            if s > last[i]:
                last[i] = s
    return first, last


def slot_masks(hyp_start, hyp_len, bit_of_word):
    """The bitset words and bits of each candidate's hypothesis words (``bit_of_word``:
    each flat hypothesis word's bit), one entry per distinct bitset word: (first, words,
    masks), candidate c's entries ``first[c]:first[c + 1]``."""
    n = len(hyp_start)
    first = np.zeros(n + 1, np.int64)
    for c in range(n):
        k = 0
        for i in range(hyp_start[c], hyp_start[c] + hyp_len[c]):
            w = bit_of_word[i] // 64
            new = True
            for j in range(hyp_start[c], i):  # an earlier word of the candidate in the same bitset word
                if bit_of_word[j] // 64 == w:
                    new = False
                    break
            if new:
                k += 1
        first[c + 1] = first[c] + k
    words = np.zeros(first[n], np.int32)
    masks = np.zeros(first[n], np.uint64)
    for c in range(n):
        k = first[c]
        for i in range(hyp_start[c], hyp_start[c] + hyp_len[c]):
            w = bit_of_word[i] // 64
            bit = np.uint64(1) << np.uint64(bit_of_word[i] % 64)
            x = first[c]
            while x < k and words[x] != w:
                x += 1
            if x == k:
                words[x] = w
                k += 1
            masks[x] |= bit
    return first, words, masks


def nearest_in_groups(group_start, distance, limit):
    """Which rows to keep: in each group of rows ``group_start[g]:group_start[g + 1]``,
    the ``limit`` with the least ``distance`` (ties: the earlier row); every row of a
    group of at most ``limit``."""
    n = group_start[-1]
    keep = np.ones(n, np.bool_)
    for g in range(len(group_start) - 1):
        a, b = group_start[g], group_start[g + 1]
        if b - a <= limit:
            continue
        order = np.argsort(distance[a:b], kind="mergesort")  # stable: ties in row order
        for x in range(limit, b - a):
            keep[a + order[x]] = False
    return keep
