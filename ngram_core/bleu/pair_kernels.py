"""Compiled (numba) kernels of :mod:`ngram_core.bleu.pairs`: clipped n-gram matches of
many (hypothesis, reference) pairs, and of each text against all the others.

Both read texts as *bags*: each text's distinct n-grams (ids shared by every text and
every order) with their counts, in CSR form (``first[t]:first[t + 1]`` are text t's
entries). Compiled once per installation (``cache=True``).
"""
from __future__ import annotations

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def pair_matches(c_first, c_gram, c_count, gram_order, post_first, post_ref, post_count, lo, hi, n_refs, n_orders):
    """(hi - lo, n_refs, n_orders) clipped matches of candidates lo..hi-1 against every reference.

    ``c_first``/``c_gram``/``c_count``: the candidates' bags; ``post_*``: the references'
    bags inverted (for n-gram g, ``post_first[g]:post_first[g + 1]`` lists the references
    that have it and how often). Clipped matches of a pair at order n are the sum over
    the candidate's n-grams g of min(count in the candidate, count in the reference): the
    work is the number of (candidate n-gram, reference holding it) pairs, nothing for
    n-grams no reference has.
    """
    out = np.zeros((hi - lo, n_refs, n_orders), np.int64)
    for i in range(lo, hi):
        row = out[i - lo]
        for k in range(c_first[i], c_first[i + 1]):
            g = c_gram[k]
            c = c_count[k]
            n = gram_order[g]
            for q in range(post_first[g], post_first[g + 1]):
                r = post_count[q]
                row[post_ref[q], n] += c if c < r else r
    return out


@numba.njit(cache=True, nogil=True)
def leave_one_out_matches(first, gram, count, gram_order, n_grams, n_orders):
    """(texts, n_orders) clipped matches of each text against all the other texts as its
    references: min(count in the text, the most any *other* text has), summed per order.

    One pass keeps, per n-gram, the largest count, the text that holds it first and the
    second largest count (equal to the largest when two texts tie): the most any other
    text has is the second largest for the holder and the largest for everyone else.
    """
    T = len(first) - 1
    top1 = np.zeros(n_grams, np.int64)
    top2 = np.zeros(n_grams, np.int64)
    holder = np.full(n_grams, -1, np.int64)
    for t in range(T):
        for k in range(first[t], first[t + 1]):
            g, c = gram[k], count[k]
            if c > top1[g]:
                top2[g] = top1[g]
                top1[g] = c
                holder[g] = t
            elif c > top2[g]:
                top2[g] = c
    out = np.zeros((T, n_orders), np.int64)
    for t in range(T):
        for k in range(first[t], first[t + 1]):
            g, c = gram[k], count[k]
            best = top2[g] if holder[g] == t else top1[g]
            out[t, gram_order[g]] += c if c < best else best
    return out


@numba.njit(cache=True, nogil=True)
def leave_one_out_lengths(lengths):
    """(closest, shortest) length among the *other* texts, per text: closest to the
    text's own length (ties to the shorter, as sacreBLEU and NLTK), and the shortest."""
    T = len(lengths)
    order = np.argsort(lengths, kind="mergesort")
    s = lengths[order]
    closest = np.zeros(T, np.int64)
    shortest = np.zeros(T, np.int64)
    for t in range(T):
        h = lengths[t]
        # the sorted lengths without one copy of h (the text's own)
        at = np.searchsorted(s, h)  # the first copy of h
        below = at - 1  # the largest other length < h
        above = at + 1  # the smallest other length >= h (after skipping the own copy)
        best = -1
        if above < T:
            best = s[above]
        if below >= 0 and (best < 0 or h - s[below] <= best - h):
            best = s[below]
        closest[t] = best
        shortest[t] = s[1] if at == 0 else s[0]
    return closest, shortest
