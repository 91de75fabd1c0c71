"""The beam of :mod:`.jar_beam`, compiled (numba): one pair after another, plain loops.

Kept apart so that numba is imported only when METEOR 1.5 is computed. Every array is
prepared by :func:`.jar_beam.search`; the rules are described there.
"""
from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def _better(score_a, chunks_a, dist_a, score_b, chunks_b, dist_b):
    """Whether a path ranks strictly before another (the jar's PARTIAL_COMPARE_TOTAL)."""
    if score_a != score_b:
        return score_a > score_b
    if chunks_a != chunks_b:
        return chunks_a < chunks_b
    return dist_a < dist_b


@numba.njit(cache=True, nogil=True)
def beam_search(step_first, step_count, length, width, t_of, lo_of, hi_of, fixed_of, resume_of, enter_end_of,
                clear_lo_of, clear_hi_of, clear_word, clear_mask, o_hs, o_hl, o_rl, o_rank, cand_words, cand_masks,
                f_hs, f_hl, f_rl, f_rank, beam):
    """For each pair, the open candidates (indices) its best path took, and how many:
    (chosen, first), pair g's in ``chosen[first[g]:first[g + 1]]``."""
    n_pairs = len(step_first)
    max_width = 1
    max_steps = 1
    total_steps = 0
    for g in range(n_pairs):
        max_width = max(max_width, width[g])
        max_steps = max(max_steps, step_count[g])
        total_steps += step_count[g]
    n_entries = cand_words.shape[1]
    # paths: current and next, at most `beam` of each
    score = np.zeros((2, beam), np.int64)
    chunks = np.zeros((2, beam), np.int64)
    dist = np.zeros((2, beam), np.int64)
    idx = np.zeros((2, beam), np.int64)
    end = np.zeros((2, beam), np.int64)
    node = np.zeros((2, beam), np.int64)
    used = np.zeros((2, beam, max_width), np.uint64)
    # the paths a position produces, in the jar's order (keys and where they come from),
    # and the stable top-`beam` of them, as entry numbers
    max_cands = 1
    for s in range(len(lo_of)):
        max_cands = max(max_cands, hi_of[s] - lo_of[s])
    n_max = beam * (max_cands + 1)
    e_score = np.zeros(n_max, np.int64)
    e_chunks = np.zeros(n_max, np.int64)
    e_dist = np.zeros(n_max, np.int64)
    e_src = np.zeros(n_max, np.int64)
    e_cand = np.zeros(n_max, np.int64)
    top = np.zeros(beam, np.int64)
    # back pointers: the candidate a path took and the path's previous node
    node_cand = np.zeros(max_steps * beam, np.int64)
    node_parent = np.zeros(max_steps * beam, np.int64)
    chosen = np.zeros(total_steps, np.int64)
    first = np.zeros(n_pairs + 1, np.int64)
    n_chosen = 0
    for g in range(n_pairs):
        first[g] = n_chosen
        cur = 0
        n_paths = 1
        score[cur, 0] = 0
        chunks[cur, 0] = 0
        dist[cur, 0] = 0
        idx[cur, 0] = 0
        end[cur, 0] = -1
        node[cur, 0] = -1
        w_g = width[g]
        for w in range(w_g):
            used[cur, 0, w] = 0
        n_nodes = 0
        for s in range(step_first[g], step_first[g] + step_count[g]):
            t = t_of[s]
            if resume_of[s]:  # every path came through identical positions
                for b in range(n_paths):
                    idx[cur, b] = t
                    end[cur, b] = enter_end_of[s]
            for x in range(clear_lo_of[s], clear_hi_of[s]):  # a bit handed to another word
                for b in range(n_paths):
                    used[cur, b, clear_word[x]] &= ~clear_mask[x]
            n_top = 0
            n_out = 0
            for b in range(n_paths):
                e = end[cur, b]
                if t == length[g]:  # the end: close the open chunk
                    if e != -1:
                        chunks[cur, b] += 1
                elif t < idx[cur, b]:  # inside a match it took
                    pass
                elif fixed_of[s] >= 0:  # a fixed candidate, taken in place
                    f = fixed_of[s]
                    score[cur, b] += f_rank[f]
                    if e != -1 and f_hs[f] != e:
                        chunks[cur, b] += 1
                    dist[cur, b] += abs(t - f_hs[f])
                    idx[cur, b] = t + f_rl[f]
                    end[cur, b] = f_hs[f] + f_hl[f]
                else:  # a child per free candidate, in order; then the path skips the position
                    passed = 0  # the jar adds each candidate's distance to the path branched from
                    for c in range(lo_of[s], hi_of[s]):
                        free = True
                        for k in range(n_entries):
                            if used[cur, b, cand_words[c, k]] & cand_masks[c, k]:
                                free = False
                                break
                        if not free:
                            continue
                        c_score = score[cur, b] + o_rank[c]
                        c_chunks = chunks[cur, b] + (1 if e != -1 and o_hs[c] != e else 0)
                        c_dist = dist[cur, b] + passed
                        passed += abs(t - o_hs[c])
                        if n_top == beam and not _better(c_score, c_chunks, c_dist, e_score[top[beam - 1]],
                                                         e_chunks[top[beam - 1]], e_dist[top[beam - 1]]):
                            continue  # after the first `beam`
                        e_score[n_out] = c_score
                        e_chunks[n_out] = c_chunks
                        e_dist[n_out] = c_dist
                        e_src[n_out] = b
                        e_cand[n_out] = c
                        n_top = _offer(e_score, e_chunks, e_dist, top, n_top, beam, n_out)
                        n_out += 1
                    if e != -1:
                        chunks[cur, b] += 1
                    end[cur, b] = -1
                    idx[cur, b] = t + 1
                    dist[cur, b] += passed
                if n_top == beam and not _better(score[cur, b], chunks[cur, b], dist[cur, b], e_score[top[beam - 1]],
                                                 e_chunks[top[beam - 1]], e_dist[top[beam - 1]]):
                    continue
                e_score[n_out] = score[cur, b]
                e_chunks[n_out] = chunks[cur, b]
                e_dist[n_out] = dist[cur, b]
                e_src[n_out] = b
                e_cand[n_out] = -1
                n_top = _offer(e_score, e_chunks, e_dist, top, n_top, beam, n_out)
                n_out += 1
            # the next paths
            nxt = 1 - cur
            for i in range(n_top):
                x = top[i]
                b = e_src[x]
                c = e_cand[x]
                score[nxt, i] = e_score[x]
                chunks[nxt, i] = e_chunks[x]
                dist[nxt, i] = e_dist[x]
                for w in range(w_g):
                    used[nxt, i, w] = used[cur, b, w]
                if c < 0:
                    idx[nxt, i] = idx[cur, b]
                    end[nxt, i] = end[cur, b]
                    node[nxt, i] = node[cur, b]
                else:
                    idx[nxt, i] = t + o_rl[c]
                    end[nxt, i] = o_hs[c] + o_hl[c]
                    for k in range(n_entries):
                        used[nxt, i, cand_words[c, k]] |= cand_masks[c, k]
                    node_cand[n_nodes] = c
                    node_parent[n_nodes] = node[cur, b]
                    node[nxt, i] = n_nodes
                    n_nodes += 1
            cur = nxt
            n_paths = n_top
        # the first path is the alignment: follow its back pointers
        at = node[cur, 0]
        while at >= 0:
            chosen[n_chosen] = node_cand[at]
            n_chosen += 1
            at = node_parent[at]
    first[n_pairs] = n_chosen
    return chosen[:n_chosen], first


@numba.njit(cache=True, nogil=True, inline="always")
def _offer(e_score, e_chunks, e_dist, top, n_top, beam, x):
    """Put entry ``x`` into ``top``, the sorted first ``beam`` entries; entries come in the
    jar's order, so one goes after every earlier entry it does not beat (the first
    ``beam`` of a stable sort). Returns the new count."""
    s, ch, d = e_score[x], e_chunks[x], e_dist[x]
    # (the caller has checked that it beats the last when ``top`` is full)
    if n_top < beam:
        if n_top == 0:
            top[0] = x
            return 1
        last = top[n_top - 1]
        if not _better(s, ch, d, e_score[last], e_chunks[last], e_dist[last]):
            top[n_top] = x  # the common case: after every path offered before
            return n_top + 1
    # the first position whose entry it beats (binary search: top is sorted)
    lo, hi = 0, n_top
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
