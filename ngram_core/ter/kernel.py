"""TER's edit distance and shift search on word codes: plain Python loops, which run as
they are on Python lists of ints (:func:`matrix` and :func:`vector` allocate lists; a
small call, where numpy's per-element indexing would cost most of the time) or compiled
by numba on int64 arrays (:func:`ngram_core.compiled.compile_loops`, where
:data:`COMPILED_AS` puts :func:`matrix_array` and :func:`vector_array` in their place):
the same code, the same numbers. A matrix is indexed a row at a time (``cost[i][j]``),
which both a list of lists and a 2-D array take.

The rules are sacreBLEU 2.6.0's ``lib_ter`` (after tercom):

- edit distance: Levenshtein over words, unit costs, computed row by row (a row per
  hypothesis word) only within a beam of :data:`BEAM_WIDTH` cells each side of the
  pseudo-diagonal ``floor(i * m / n)`` (wider when the lengths differ by more than
  twice the beam), the last row in full; cells outside the beam are unreachable. Of
  equal costs a cell prefers match/substitution, then a hypothesis word left out,
  then a reference word put in (what makes the alignment tercom's);
- shifts: every run of up to :data:`MAX_SHIFT_SIZE` words the hypothesis and the
  reference share, starting at most :data:`MAX_SHIFT_DIST` positions apart, whose
  hypothesis words are not all aligned correctly, whose reference words are not all
  matched, and which does not already sit where its reference words are aligned, is
  tried at each place the alignment offers (before the hypothesis word aligned to the
  reference word before the run, or to each of the run's words). The best shift
  lowers the edit distance most, then is longest, then starts earliest, then goes to
  the earliest place; it is made if it lowers the distance at all. Shifts are made one
  at a time until none helps, or until :data:`MAX_SHIFT_CANDIDATES` candidates have
  been tried over the whole search (then the shift found last is not made).

Edits = shifts made + the edit distance after them. A candidate's distance reuses the
rows of the current hypothesis up to where the two first differ (sacreBLEU caches rows
by prefix for the same purpose), so a row is never computed twice for the same prefix.
"""
from __future__ import annotations

import math

import numpy as np

BEAM_WIDTH = 25
MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
MAX_SHIFT_CANDIDATES = 1000
UNREACHABLE = 10 ** 16

# the operation that reaches a cell (rows: hypothesis words, columns: reference words)
SAME, SUBSTITUTE, REFERENCE_WORD, HYPOTHESIS_WORD, NONE = 0, 1, 2, 3, 4

# compiled, the allocations make int64 arrays (numba's fast form; lists are Python's)
COMPILED_AS = {"matrix": "matrix_array", "vector": "vector_array"}


def matrix(rows: int, columns: int):
    """A ``rows`` x ``columns`` matrix of ints (a list of rows), every value to be written before it is read."""
    return [[0] * columns for _ in range(rows)]


def vector(size: int):
    """``size`` zeros."""
    return [0] * size


def matrix_array(rows: int, columns: int):
    """:func:`matrix` as an int64 array (the compiled kernel's)."""
    return np.zeros((rows, columns), dtype=np.int64)


def vector_array(size: int):
    """:func:`vector` as an int64 array (the compiled kernel's)."""
    return np.zeros(size, dtype=np.int64)


def beam_of(n: int, m: int):
    """(length ratio, beam half-width) of a hypothesis of ``n`` words against ``m``."""
    ratio = m / n if n > 0 else 1.0
    beam = BEAM_WIDTH
    if BEAM_WIDTH < ratio / 2:
        beam = int(math.ceil(ratio / 2 + BEAM_WIDTH))
    return ratio, beam


def fill_rows(hyp, ref, cost, how, first: int, ratio: float, beam: int) -> int:
    """Rows ``first + 1 .. n`` of the distance matrix ``cost`` (and the operations ``how``),
    row ``first`` given; returns the distance ``cost[n, m]``."""
    n, m = len(hyp), len(ref)
    step = int(ratio) + 2  # the next row's band ends at most this much further on
    for i in range(first + 1, n + 1):
        row, row_how, above = cost[i], how[i], cost[i - 1]
        word = hyp[i - 1]
        diagonal = int(math.floor(i * ratio))
        low = max(0, diagonal - beam)
        high = min(m + 1, diagonal + beam)
        if i == n:
            high = m + 1
        # unreachable: every cell of this row that this row or the next reads outside the band
        # (the whole row before the last one, which the full last row reads)
        clear_low, clear_high = max(0, low - 1), min(m + 1, high + step)
        if i >= n - 1:
            clear_low, clear_high = 0, m + 1
        for j in range(clear_low, clear_high):
            row[j] = UNREACHABLE
            row_how[j] = NONE
        for j in range(low, high):
            if j == 0:
                row[0] = above[0] + 1
                row_how[0] = HYPOTHESIS_WORD
                continue
            best, op = UNREACHABLE, NONE
            if word == ref[j - 1]:
                c, o = above[j - 1], SAME
            else:
                c, o = above[j - 1] + 1, SUBSTITUTE
            if c < best:
                best, op = c, o
            c = above[j] + 1
            if c < best:
                best, op = c, HYPOTHESIS_WORD
            c = row[j - 1] + 1
            if c < best:
                best, op = c, REFERENCE_WORD
            row[j] = best
            row_how[j] = op
    return cost[n][m]


def first_row(cost, how, m: int) -> None:
    row, row_how = cost[0], how[0]
    for j in range(m + 1):
        row[j] = j
        row_how[j] = REFERENCE_WORD


def alignment(how, n: int, m: int, align, hyp_err, ref_err) -> None:
    """From the operations of the best path: ``align[r]`` the hypothesis position aligned
    to reference word ``r`` (-1: before the first), and which words are in error."""
    # walk back, recording the path, then replay it forwards
    path = vector(n + m)
    steps = 0
    i, j = n, m
    while i > 0 or j > 0:
        op = how[i][j]
        path[steps] = op
        steps += 1
        if op == SAME or op == SUBSTITUTE:
            i -= 1
            j -= 1
        elif op == REFERENCE_WORD:
            j -= 1
        elif op == HYPOTHESIS_WORD:
            i -= 1
        else:
            raise ValueError("TER: the edit distance's path left the beam")
    h, r = -1, -1
    for k in range(steps - 1, -1, -1):
        op = path[k]
        if op == SAME or op == SUBSTITUTE:
            h += 1
            r += 1
            align[r] = h
            hyp_err[h] = 0 if op == SAME else 1
            ref_err[r] = 0 if op == SAME else 1
        elif op == HYPOTHESIS_WORD:
            h += 1
            hyp_err[h] = 1
        else:
            r += 1
            align[r] = h
            ref_err[r] = 1


def _copy(out, at: int, words, start: int, stop: int) -> int:
    """``out[at:] = words[start:stop]`` with Python's slice bounds; returns the new ``at``."""
    n = len(words)
    start, stop = min(start, n), min(stop, n)
    for k in range(start, stop):
        out[at] = words[k]
        at += 1
    return at


def shifted(words, start: int, length: int, target: int, out) -> None:
    """``words`` with its ``length`` words from ``start`` moved to ``target`` (sacreBLEU's
    ``_perform_shift``, its three cases and their slice bounds) into ``out``."""
    if target < start:
        at = _copy(out, 0, words, 0, target)
        at = _copy(out, at, words, start, start + length)
        at = _copy(out, at, words, target, start)
        _copy(out, at, words, start + length, len(words))
    elif target > start + length:
        at = _copy(out, 0, words, 0, start)
        at = _copy(out, at, words, start + length, target)
        at = _copy(out, at, words, start, start + length)
        _copy(out, at, words, target, len(words))
    else:
        at = _copy(out, 0, words, 0, start)
        at = _copy(out, at, words, start + length, length + target)
        at = _copy(out, at, words, start, start + length)
        _copy(out, at, words, length + target, len(words))


def edits(hyp, ref) -> int:
    """TER's edits of hypothesis codes ``hyp`` against reference codes ``ref``: shifts made
    plus the edit distance after them (the module docstring); ``len(hyp)`` for an empty reference."""
    n, m = len(hyp), len(ref)
    if m == 0:
        return n
    ratio, beam = beam_of(n, m)
    cost, how = matrix(n + 1, m + 1), matrix(n + 1, m + 1)
    trial, trial_how = matrix(n + 1, m + 1), matrix(n + 1, m + 1)
    first_row(cost, how, m)
    words = vector(n)
    for k in range(n):
        words[k] = hyp[k]
    candidate, best_words = vector(n), vector(n)
    align, hyp_err, ref_err = vector(m), vector(n), vector(m)
    distance = fill_rows(words, ref, cost, how, 0, ratio, beam)
    shifts, checked = 0, 0
    while True:
        alignment(how, n, m, align, hyp_err, ref_err)
        found = False
        best_gain, best_length, best_start, best_target = 0, 0, 0, 0
        stop = False
        for start_h in range(n):
            for start_r in range(max(0, start_h - MAX_SHIFT_DIST), min(m, start_h + MAX_SHIFT_DIST + 1)):
                length = 0
                while length < MAX_SHIFT_SIZE and words[start_h + length] == ref[start_r + length]:
                    length += 1
                    # the run start_h, start_r, length
                    wrong_h = 0
                    for k in range(start_h, start_h + length):
                        wrong_h += hyp_err[k]
                    wrong_r = 0
                    for k in range(start_r, start_r + length):
                        wrong_r += ref_err[k]
                    aligned = align[start_r]
                    if wrong_h > 0 and wrong_r > 0 and not (start_h <= aligned < start_h + length):
                        previous = -1
                        for offset in range(-1, length):
                            target = 0 if start_r + offset == -1 else align[start_r + offset] + 1
                            if target == previous:
                                continue
                            previous = target
                            shifted(words, start_h, length, target, candidate)
                            same = 0
                            while same < n and candidate[same] == words[same]:
                                same += 1
                            trial_row, cost_row = trial[same], cost[same]
                            for j in range(m + 1):
                                trial_row[j] = cost_row[j]
                            gain = distance - fill_rows(candidate, ref, trial, trial_how, same, ratio, beam)
                            checked += 1
                            better = not found
                            if not better:
                                if gain != best_gain:
                                    better = gain > best_gain
                                elif length != best_length:
                                    better = length > best_length
                                elif start_h != best_start:
                                    better = start_h < best_start
                                else:
                                    better = target < best_target
                            if better:
                                found = True
                                best_gain, best_length, best_start, best_target = gain, length, start_h, target
                                for k in range(n):
                                    best_words[k] = candidate[k]
                        if checked >= MAX_SHIFT_CANDIDATES:
                            stop = True
                            break
                    if start_h + length == n or start_r + length == m:
                        break
                if stop:
                    break
            if stop:
                break
        if checked >= MAX_SHIFT_CANDIDATES or not found or best_gain <= 0:
            break
        shifts += 1
        for k in range(n):
            words[k] = best_words[k]
        distance = fill_rows(words, ref, cost, how, 0, ratio, beam)
    return shifts + distance


def corpus_edits(hyp_codes, hyp_starts, ref_codes, ref_starts, refs_of, limit: int, out_edits, out_lengths) -> int:
    """For each segment s (hypothesis words ``hyp_codes[hyp_starts[s]:hyp_starts[s + 1]]``,
    references ``refs_of[s]:refs_of[s + 1]``, each ``ref_codes[ref_starts[k]:ref_starts[k + 1]]``):
    ``out_edits[s]`` the fewest edits over its references and ``out_lengths[s]`` the sum of
    their lengths. Returns -1, or the first segment with a text over ``limit`` words
    (nothing from it on is computed)."""
    for s in range(len(hyp_starts) - 1):
        hyp = hyp_codes[hyp_starts[s]:hyp_starts[s + 1]]
        if len(hyp) > limit:
            return s
        for k in range(refs_of[s], refs_of[s + 1]):
            if ref_starts[k + 1] - ref_starts[k] > limit:
                return s
        best, total = UNREACHABLE, 0
        for k in range(refs_of[s], refs_of[s + 1]):
            ref = ref_codes[ref_starts[k]:ref_starts[k + 1]]
            e = edits(hyp, ref)
            total += len(ref)
            if e < best:
                best = e
        out_edits[s] = best
        out_lengths[s] = total
    return -1
