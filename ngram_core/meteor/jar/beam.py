# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5's alignment search (``Aligner.align`` after matching, and ``resolve``),
for every (hypothesis, reference) pair of a corpus at once.

Input: the candidate matches of every pair (:class:`.jar_matching.JarCandidates`,
sorted by pair, reference start and the order in which the jar's matchers append them). Output: the
candidates the jar's search keeps, which decide the matches, chunks and score.

The jar's search, whose quirks decide which alignment wins and are reproduced here:

1. A candidate is *fixed* when it is the only candidate starting at its reference
   position and every word it covers, on both sides, is covered by no other
   candidate: every path takes it.
2. A beam of partial alignments (paths) walks the reference left to right. Before each
   position the paths are sorted, stably, by the weighted matches of both sides (more
   first), then chunks (fewer first), then distance (less first), and only the first
   ``beam`` (default 40) are extended: a path inside a match it took goes on; a path
   at a fixed candidate takes it in place; otherwise each candidate starting there
   whose words are all free gives a child path (in the candidates' order), and the
   path itself goes on as the path that skips the position.
3. Ranking weights are 1.0 for exact matches and 0.5 for every other module (whatever
   the scoring weights are), added to Java ``int`` fields, so a candidate adds
   ``floor(hyp_len * w) + floor(ref_len * w)``: a one-word stem, synonym or
   paraphrase match adds nothing to the ranking.
4. The distance ``|ref_start - hyp_start|`` of a candidate is added to the path being
   branched from, not to the child: a child carries the distances of the free
   candidates before it, and the skipping path those of all of them.
5. The first path after the last sort is the alignment.

How the corpus is searched without a loop over pairs: all pairs' beams advance
together in numpy, one reference position per pair and iteration, paths as flat
arrays sorted by (pair, ranking key). A position changes the order of a pair's paths
only if a non-fixed candidate starts there, or some path's state (the end of its last
match, a match it is inside) differs from the others': elsewhere every path gets the
same increments, so the position is skipped (adding a constant to every path changes
no comparison). Pairs without non-fixed candidates need no search at all. The words a
path has used are a bitset over the pair's *contested* hypothesis words (covered by a
non-fixed candidate; fixed candidates share no word with them), a bit held only while
some candidate may still test it, so that a long sentence needs few 64-bit words.

Bound: at most :data:`MAX_CANDIDATES` (128) candidates per reference position are looked
at (:func:`cap_candidates`; the word matchers apply it while they join,
:func:`.match_kernel.shared_key_matches`, and :func:`.jar_matching.jar_candidates`
when it assembles the modules' outputs, before the candidates' columns are built):
the ones nearest to the reference position, kept in the jar's order. It never binds on
real sentences (the 53,910 WMT English-target pairs have at most 123 candidates at one
reference word, all modules together); it keeps degenerate input (one word repeated
20,000 times) linear: time and memory grow with reference length x beam x
``MAX_CANDIDATES``. Identical sentences come with their diagonal only
(:func:`.matching.diagonal_module`: the jar's alignment, not a cap), and degenerate
input runs the loops compiled even in a small call (:func:`_kernel`: at 128 candidates
a word the plain loops would take seconds per hundred words).
"""
from __future__ import annotations

import heapq
from typing import List, Optional, Sequence, Tuple

import numpy as np

from ... import compiled
from ...ngrams.encoded import offsets_from_counts
from . import beam_kernel
from .matching import CANDIDATE_FIELDS, MAX_CANDIDATES, JarCandidates
from .settings import DEFAULT_BEAM

_WORD = 64  # bits of a bitset word
_NONE = np.zeros(0, dtype=np.int64)


def ranking_weights(stages: Sequence[str]) -> np.ndarray:
    """The weights the jar's search ranks paths with: 1.0 for ``exact``, 0.5 for any other
    module (``MeteorScorer`` sets them, whatever the scoring weights)."""
    return np.array([1.0 if s == "exact" else 0.5 for s in stages], dtype=np.float64)


def cap_candidates(cands: JarCandidates, limit: int = MAX_CANDIDATES) -> JarCandidates:
    """The candidates the search looks at: per (pair, reference position) at most
    ``limit``, those whose hypothesis start is nearest to the reference start (ties:
    the earlier in the jar's order), in the jar's order. ``cands`` itself when no
    position has more than ``limit`` (every real sentence)."""
    rows = capped_rows(cands, limit)
    if rows is None:
        return cands
    return cands.take(rows)


def capped_rows(cands, limit: int = MAX_CANDIDATES) -> Optional[np.ndarray]:
    """The rows :func:`cap_candidates` keeps, or None for all of them."""
    pair, start = np.asarray(cands.pair, np.int64), np.asarray(cands.ref_start, np.int64)
    n = len(pair)
    if n <= limit:
        return None
    new = np.ones(n, dtype=bool)
    new[1:] = (pair[1:] != pair[:-1]) | (start[1:] != start[:-1])
    first = np.flatnonzero(new)
    sizes = np.diff(np.append(first, n))
    if sizes.max() <= limit:
        return None
    distance = np.abs(np.asarray(cands.hyp_start, np.int64) - start)
    words = int(np.sum(cands.hyp_length) + np.sum(cands.ref_length))
    return np.flatnonzero(compiled.loops(beam_kernel, words).nearest_in_groups(np.append(first, n), distance, limit))


def search(cands: JarCandidates, weights: np.ndarray, beam: int = DEFAULT_BEAM) -> np.ndarray:
    """The candidates of the jar's alignment of every pair: row numbers of ``cands``
    (already capped), in (pair, reference start) order. ``weights``: the ranking weight
    of each module (:func:`ranking_weights`)."""
    c = _Arrays(cands, np.asarray(cands.hyp_length, np.int64), np.asarray(cands.ref_length, np.int64), weights)
    if not c.n:
        return _NONE
    chosen = [np.flatnonzero(c.fixed)]
    if len(c.open):
        chosen.append(c.open[_search_open(c, beam)])
    return np.sort(np.concatenate(chosen))


def count_chunks(cands, rows: np.ndarray, n_pairs: int) -> np.ndarray:
    """Chunks of each pair's alignment (``rows`` of ``cands`` in (pair, reference start)
    order): runs of matches that follow each other without a gap on both sides."""
    pair = np.asarray(cands.pair)[rows]
    rs, rl = np.asarray(cands.ref_start)[rows], np.asarray(cands.ref_len)[rows]
    hs, hl = np.asarray(cands.hyp_start)[rows], np.asarray(cands.hyp_len)[rows]
    new = np.ones(len(rows), dtype=bool)
    new[1:] = (pair[1:] != pair[:-1]) | (rs[1:] != rs[:-1] + rl[:-1]) | (hs[1:] != hs[:-1] + hl[:-1])
    return np.bincount(pair[new], minlength=n_pairs)


class _Arrays:
    """The candidates as flat arrays, with what the search derives from them once."""

    def __init__(self, cands, hyp_lengths, ref_lengths, weights) -> None:
        self.pair, self.rs, self.rl, self.hs, self.hl, module = (np.asarray(getattr(cands, f), np.int64)
                                                                 for f in CANDIDATE_FIELDS)
        self.n = len(self.pair)
        self.hyp_lengths, self.ref_lengths = hyp_lengths, ref_lengths
        if not self.n:
            return
        w = np.asarray(weights, np.float64)[module]
        # Java: ``int matches1 += matchLength * weight`` truncates each addition
        self.rank = (np.floor(self.hl * w) + np.floor(self.rl * w)).astype(np.int64)
        self.roff, self.hoff = offsets_from_counts(ref_lengths), offsets_from_counts(hyp_lengths)
        self.rflat = self.roff[self.pair] + self.rs
        self.hflat = self.hoff[self.pair] + self.hs
        n_ref, n_hyp = int(self.roff[-1]), int(self.hoff[-1])
        ref_cov = _coverage(self.rflat, self.rl, n_ref)
        hyp_cov = _coverage(self.hflat, self.hl, n_hyp)
        starting = np.bincount(self.rflat, minlength=n_ref)
        self.fixed = ((starting[self.rflat] == 1) & (_span_sum(ref_cov, self.rflat, self.rl) == self.rl)
                      & (_span_sum(hyp_cov, self.hflat, self.hl) == self.hl))
        self.open = np.flatnonzero(~self.fixed)  # candidates the search chooses among
        f = np.flatnonzero(self.fixed)
        self.fixed_at = np.full(n_ref, -1, dtype=np.int64)  # fixed candidate starting at a reference word
        self.fixed_at[self.rflat[f]] = f
        # the end (hypothesis side) of the fixed candidate covering a reference word
        self.fixed_end = np.full(n_ref, -1, dtype=np.int64)
        rows, pos = _expand(self.rflat[f], self.rl[f])
        self.fixed_end[pos] = (self.hs + self.hl)[f][rows]


def _words(c: _Arrays) -> int:
    """The words of the pairs searched (both sides): the size :func:`ngram_core.compiled.loops` weighs."""
    return int(c.hoff[-1] + c.roff[-1])


def _coverage(start: np.ndarray, length: np.ndarray, size: int) -> np.ndarray:
    """How many spans cover each of ``size`` positions."""
    delta = np.bincount(start, minlength=size + 1) - np.bincount(start + length, minlength=size + 1)
    return np.cumsum(delta[:size])


def _span_sum(values: np.ndarray, start: np.ndarray, length: np.ndarray) -> np.ndarray:
    cum = np.concatenate(([0], np.cumsum(values)))
    return cum[start + length] - cum[start]


def _expand(start: np.ndarray, length: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(span of each covered position, the position) for spans ``start:start+length``."""
    rows = np.repeat(np.arange(len(start), dtype=np.int64), length)
    first = offsets_from_counts(length)
    pos = start[rows] + np.arange(first[-1], dtype=np.int64) - first[rows]
    return rows, pos


def _search_open(c: _Arrays, beam: int) -> np.ndarray:
    """Indices into ``c.open`` of the non-fixed candidates each searched pair keeps."""
    o = c.open
    pairs = np.unique(c.pair[o])
    # the positions where a pair's paths can change order: where an open candidate
    # starts, and every position after it up to the one after its end (0..L per pair)
    eoff = offsets_from_counts(c.ref_lengths + 1)
    estart = eoff[c.pair[o]] + c.rs[o]
    size = int(eoff[-1]) + 1
    marks = np.cumsum(np.bincount(estart, minlength=size) - np.bincount(estart + c.rl[o] + 1, minlength=size))
    rel = np.flatnonzero(marks[:-1] > 0)  # one step per such position, pair by pair
    rel_pair = np.searchsorted(eoff, rel, side="right") - 1
    t = rel - eoff[rel_pair]
    length = c.ref_lengths[rel_pair]
    inside = t < length
    flat = c.roff[rel_pair] + np.minimum(t, length - 1)
    open_flat = c.rflat[o]
    lo = np.searchsorted(open_flat, flat, side="left")
    hi = np.where(inside, np.searchsorted(open_flat, flat, side="right"), lo)
    fixed = np.where(inside, c.fixed_at[flat], -1)
    enter_end = np.where(t > 0, c.fixed_end[np.maximum(flat - inside, 0)], -1)  # of the fixed match at t - 1
    resume = np.ones(len(rel), dtype=bool)  # the previous position was skipped: every path is equal there
    resume[1:] = (rel_pair[1:] != rel_pair[:-1]) | (t[1:] != t[:-1] + 1)

    first, words, masks, width, clears = _slots(c, o, pairs, _kernel(c, beam))
    clear_pair, clear_t, clear_word, clear_mask = clears
    clear_step = np.searchsorted(rel, eoff[clear_pair] + clear_t)
    order = np.argsort(clear_step, kind="stable")
    clear_step, clear_word, clear_mask = clear_step[order], clear_word[order], clear_mask[order]
    steps = np.arange(len(rel))
    clear_lo = np.searchsorted(clear_step, steps, side="left")
    clear_hi = np.searchsorted(clear_step, steps, side="right")

    kernel = _kernel(c, beam)
    step_first = np.searchsorted(rel_pair, pairs, side="left")
    step_count = np.searchsorted(rel_pair, pairs, side="right") - step_first
    chosen, _ = kernel.beam_search(step_first, step_count, c.ref_lengths[pairs], width, t, lo, hi, fixed, resume,
                            enter_end, clear_lo, clear_hi, clear_word, clear_mask, o, first, words, masks, c.hs, c.hl,
                            c.rl, c.rank, int(beam))
    return np.sort(chosen)


# Steps of the search (a path looking at a candidate) that count as one word in the choice
# of plain or compiled loops: real text makes 36-38 per word (WMT zh-en, 300 to 2,037
# segments, bound below), a word repeated hundreds of times 128 x 40 per reference word
# (plain, about 0.9 us a step at load 1: 1.3 s for 300 words of "the" against 299)
SEARCH_STEPS_PER_WORD = 40


def _kernel(c: _Arrays, beam: int):
    """:mod:`.beam_kernel` plain or compiled, weighing the pairs' words and a bound on the
    search's steps (paths x candidates: at most ``beam`` x the open candidates) at
    :data:`SEARCH_STEPS_PER_WORD` a word."""
    return compiled.loops(beam_kernel, _words(c), work=len(c.open) * int(beam) // SEARCH_STEPS_PER_WORD)


def _slots(c: _Arrays, o: np.ndarray, pairs: np.ndarray, kernel) -> tuple:
    """Where each open candidate's hypothesis words are in its pair's used-word bitset:
    (first, bitset words, bits), one entry per bitset word a candidate touches, open
    candidate c's ``first[c]:first[c + 1]``; the bitset words each of ``pairs`` needs.

    The contested hypothesis words of a pair (covered by an open candidate) get bits in
    hypothesis order. A pair with more than 64 of them reuses a bit once no candidate
    at a later position can test its word (greedy interval colouring: as many bits as
    words are live at once), so that a long sentence stays narrow. ``kernel``: :func:`_kernel`'s.
    """
    first_all, last_all = kernel.contested_steps(c.hflat[o], c.hl[o], c.rs[o], int(c.hoff[-1]))
    words_pos = np.flatnonzero(first_all >= 0)  # the contested hypothesis words (flat), ascending
    first_test, last_test = first_all[words_pos], last_all[words_pos]
    del first_all, last_all
    word_pair = np.searchsorted(c.hoff, words_pos, side="right") - 1
    per_pair = np.bincount(word_pair, minlength=len(c.hyp_lengths))
    base = offsets_from_counts(per_pair)
    bit_of_word = np.arange(len(words_pos), dtype=np.int64) - base[word_pair]
    bits_needed = per_pair.copy()
    reused = np.zeros(len(words_pos), dtype=bool)  # the word takes over a bit another word held
    for p in np.flatnonzero(per_pair > _WORD).tolist():
        a, b = int(base[p]), int(base[p + 1])
        bit_of_word[a:b], reused[a:b], bits_needed[p] = _colour(first_test[a:b], last_test[a:b])
    # a reused bit is cleared in every path when its new word's first test comes
    r = np.flatnonzero(reused)
    clears = (word_pair[r], first_test[r], bit_of_word[r] // _WORD,
              np.left_shift(np.uint64(1), (bit_of_word[r] % _WORD).astype(np.uint64)))
    bit_of_flat = np.zeros(int(c.hoff[-1]), dtype=np.int64)  # read at contested words only
    bit_of_flat[words_pos] = bit_of_word
    first, words, masks = kernel.slot_masks(c.hflat[o], c.hl[o], bit_of_flat)
    return first, words, masks, (bits_needed[pairs] + _WORD - 1) // _WORD, clears


def _colour(first: np.ndarray, last: np.ndarray) -> Tuple[np.ndarray, np.ndarray, int]:
    """Greedy colouring of the intervals [first, last] in start order, each taking the
    lowest colour free (released when an interval ends before the next starts): the
    colour of each interval, whether another interval had it before, and the colours
    used (the most intervals live at once)."""
    order = np.argsort(first, kind="stable").tolist()
    first_l, last_l = first.tolist(), last.tolist()
    colour = [0] * len(first_l)
    reused = [False] * len(first_l)
    free: List[int] = []  # released colours (a heap)
    busy: List[Tuple[int, int]] = []  # (last, colour) of live intervals (a heap)
    used = 0
    for i in order:
        start = first_l[i]
        while busy and busy[0][0] < start:
            heapq.heappush(free, heapq.heappop(busy)[1])
        if free:
            colour[i], reused[i] = heapq.heappop(free), True
        else:
            colour[i], used = used, used + 1
        heapq.heappush(busy, (last_l[i], colour[i]))
    return np.array(colour, dtype=np.int64), np.array(reused, dtype=bool), used
