"""METEOR 1.5's search (ngram_core.meteor.jar.beam) against a plain model of the jar's.

``model_search`` walks one pair's reference left to right with a list of partial
alignments exactly as the jar's ``Aligner.resolve`` is described in the module
docstring of :mod:`ngram_core.meteor.jar.beam` (fixed candidates, the stable sort, the
beam, the int-truncated ranking weights, the distance added to the path branched from,
in-place skips). The compiled search must pick the same candidates on random candidate
sets: multi-word spans (as paraphrases make), small beams (so that pruning decides),
many pairs at once, and long pairs whose used-word bitsets reuse bits. The jar itself
is the oracle of tests/meteor/test_meteor_jar_parity.py.
"""
from __future__ import annotations

from typing import List, Tuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ngram_core.meteor.jar.beam import (MAX_CANDIDATES, cap_candidates, capped_rows, count_chunks,
                                        ranking_weights, search)
from ngram_core import compiled
from ngram_core.meteor.jar import match_kernel
from ngram_core.meteor.jar.matching import JarCandidates

Match = Tuple[int, int, int, int, int]  # (ref_start, ref_len, hyp_start, hyp_len, module)


class _Path:
    def __init__(self, ref_len: int, hyp_len: int) -> None:
        self.taken: List[int] = []  # indices of the candidates taken (fixed ones included)
        self.score = self.chunks = self.idx = self.dist = 0
        self.end = -1
        self.ref_used = [False] * ref_len
        self.hyp_used = [False] * hyp_len

    def copy(self) -> "_Path":
        other = _Path(0, 0)
        other.__dict__.update({k: (list(v) if isinstance(v, list) else v) for k, v in self.__dict__.items()})
        return other

    def key(self):
        return (-self.score, self.chunks, self.dist)


def model_search(matches: List[Match], hyp_len: int, ref_len: int, weights, beam: int) -> List[int]:
    """The candidates (indices into ``matches``, in list order) the jar's search keeps."""
    at = [[] for _ in range(ref_len)]
    ref_cover, hyp_cover = [0] * ref_len, [0] * hyp_len
    for k, (rs, rl, hs, hl, _) in enumerate(matches):
        at[rs].append(k)
        for j in range(rs, rs + rl):
            ref_cover[j] += 1
        for i in range(hs, hs + hl):
            hyp_cover[i] += 1

    def weight(k):  # Java int += double truncates
        rs, rl, hs, hl, mod = matches[k]
        return int(hl * weights[mod]) + int(rl * weights[mod])

    def take(path, k):
        rs, rl, hs, hl, _ = matches[k]
        path.score += weight(k)
        if path.end != -1 and hs != path.end:
            path.chunks += 1
        path.idx, path.end = rs + rl, hs + hl
        path.taken.append(k)

    start = _Path(ref_len, hyp_len)
    fixed = {}
    for j, ks in enumerate(at):
        if len(ks) == 1:
            rs, rl, hs, hl, _ = matches[ks[0]]
            if all(ref_cover[x] == 1 for x in range(rs, rs + rl)) and all(hyp_cover[x] == 1 for x in range(hs, hs + hl)):
                fixed[j] = ks[0]
                for x in range(rs, rs + rl):
                    start.ref_used[x] = True
                for x in range(hs, hs + hl):
                    start.hyp_used[x] = True
    paths = [start]
    for current in range(ref_len + 1):
        paths.sort(key=_Path.key)  # stable, as Collections.sort
        nxt = []
        for path in paths[:beam]:
            if current == ref_len:
                if path.end != -1:
                    path.chunks += 1
                nxt.append(path)
            elif path.ref_used[current]:
                if current < path.idx:
                    nxt.append(path)
                elif current in fixed:
                    k = fixed[current]
                    take(path, k)
                    path.dist += abs(current - matches[k][2])
                    nxt.append(path)
            else:
                for k in at[current]:
                    rs, rl, hs, hl, _ = matches[k]
                    if any(path.ref_used[rs:rs + rl]) or any(path.hyp_used[hs:hs + hl]):
                        continue
                    child = path.copy()
                    for x in range(rs, rs + rl):
                        child.ref_used[x] = True
                    for x in range(hs, hs + hl):
                        child.hyp_used[x] = True
                    take(child, k)
                    path.dist += abs(rs - hs)  # the jar's bookkeeping: onto the path branched from
                    nxt.append(child)
                if path.end != -1:
                    path.chunks += 1
                    path.end = -1
                path.idx += 1
                nxt.append(path)
        paths = nxt
    paths.sort(key=_Path.key)
    return sorted(paths[0].taken)


def _candidates(pairs) -> Tuple[JarCandidates, List[List[Match]]]:
    """Candidates of many pairs [(hyp_len, ref_len, matches sorted by ref_start)]."""
    cols = [[] for _ in range(6)]
    for p, (_, _, matches) in enumerate(pairs):
        for rs, rl, hs, hl, mod in matches:
            for col, v in zip(cols, (p, rs, rl, hs, hl, mod)):
                col.append(v)
    lengths = (np.array([h for h, _, _ in pairs], dtype=np.int64), np.array([r for _, r, _ in pairs], dtype=np.int64))
    return JarCandidates(*(np.array(c, dtype=np.int64) for c in cols), *lengths), [m for _, _, m in pairs]


@st.composite
def pair_strategy(draw, max_len=9, max_span=3):
    hyp_len = draw(st.integers(0, max_len))
    ref_len = draw(st.integers(0, max_len))
    matches = []
    if hyp_len and ref_len:
        for _ in range(draw(st.integers(0, 3 * max_len))):
            rs = draw(st.integers(0, ref_len - 1))
            hs = draw(st.integers(0, hyp_len - 1))
            rl = draw(st.integers(1, min(max_span, ref_len - rs)))
            hl = draw(st.integers(1, min(max_span, hyp_len - hs)))
            one_word = draw(st.booleans())
            matches.append((rs, 1 if one_word else rl, hs, 1 if one_word else hl, draw(st.integers(0, 3))))
    matches.sort(key=lambda m: m[0])  # stable: the drawn order is the rank
    return hyp_len, ref_len, matches


WEIGHTS = ranking_weights(["exact", "stem", "synonym", "paraphrase"])


@settings(max_examples=150, deadline=None)
@given(st.lists(pair_strategy(), min_size=1, max_size=6), st.sampled_from([1, 2, 3, 5, 40]))
def test_search_takes_what_the_jar_model_takes(pairs, beam):
    cands, per_pair = _candidates(pairs)
    hyp_len, ref_len = cands.hyp_length, cands.ref_length
    got = search(cands, WEIGHTS, beam)
    first = np.searchsorted(cands.pair, np.arange(len(pairs) + 1))
    for p, matches in enumerate(per_pair):
        mine = (got[(got >= first[p]) & (got < first[p + 1])] - first[p]).tolist()
        assert mine == model_search(matches, int(hyp_len[p]), int(ref_len[p]), WEIGHTS, beam), (p, matches)


def _repeats(hyp_len: int, ref_len: int, vocab: int, seed: int) -> List[Match]:
    """Exact candidates of two random texts over a small vocabulary (many repeated words)."""
    rng = np.random.default_rng(seed)
    hyp, ref = rng.integers(0, vocab, hyp_len), rng.integers(0, vocab, ref_len)
    return [(j, 1, i, 1, 0) for j in range(ref_len) for i in range(hyp_len) if hyp[i] == ref[j]]


def test_long_pairs_reuse_bitset_bits_and_still_agree():
    # more than 64 contested hypothesis words, each tested in a narrow window: the bits
    # are handed from word to word (cleared in every path), as in a long sentence
    pairs = []
    for seed, (h, r, v) in enumerate([(300, 280, 40), (200, 220, 15), (150, 150, 60)]):
        matches = [m for m in _repeats(h, r, v, seed) if abs(m[0] - m[2]) <= 12]
        pairs.append((h, r, matches))
    cands, per_pair = _candidates(pairs)
    hyp_len, ref_len = cands.hyp_length, cands.ref_length
    got = search(cands, ranking_weights(["exact"]), 40)
    first = np.searchsorted(cands.pair, np.arange(len(pairs) + 1))
    for p, matches in enumerate(per_pair):
        mine = (got[(got >= first[p]) & (got < first[p + 1])] - first[p]).tolist()
        assert mine == model_search(matches, int(hyp_len[p]), int(ref_len[p]), ranking_weights(["exact"]), 40)


def test_identical_repetitions_align_on_the_diagonal_in_linear_time():
    # "the" x 20,000 against itself less one word: capped candidates, one chunk
    n = 20_000
    ref_start = np.repeat(np.arange(n - 1), MAX_CANDIDATES)
    lo = np.clip(np.arange(n - 1) - MAX_CANDIDATES // 2, 0, n - MAX_CANDIDATES)
    hyp_start = np.repeat(lo, MAX_CANDIDATES) + np.tile(np.arange(MAX_CANDIDATES), n - 1)
    zeros, ones = np.zeros(len(ref_start), dtype=np.int64), np.ones(len(ref_start), dtype=np.int64)
    cands = JarCandidates(zeros, ref_start, ones, hyp_start, ones, zeros, np.array([n]), np.array([n - 1]))
    assert capped_rows(cands) is None
    chosen = search(cands, ranking_weights(["exact"]))
    assert len(chosen) == n - 1
    assert count_chunks(cands, chosen, 1).tolist() == [1]
    assert (cands.hyp_start[chosen] == cands.ref_start[chosen]).all()


def test_cap_keeps_the_nearest_candidates_in_the_jars_order():
    # one reference position with 5 candidates, cap 3: the 3 nearest, in list order
    rows = [(0, 4, 1, 0, 1, 0), (0, 4, 1, 9, 1, 0), (0, 4, 1, 5, 1, 0), (0, 4, 1, 3, 1, 1), (0, 4, 1, 2, 1, 2),
            (0, 5, 1, 9, 1, 0)]
    cands = JarCandidates(*(np.array(c, dtype=np.int64) for c in zip(*rows)), np.array([10]), np.array([6]))
    assert capped_rows(cands, limit=3).tolist() == [2, 3, 4, 5]
    assert cap_candidates(cands, limit=3).hyp_start.tolist() == [5, 3, 2, 9]


def test_no_candidates_and_empty_sentences():
    empty = JarCandidates(*(np.zeros(0, dtype=np.int64) for _ in range(6)), np.array([0, 3]), np.array([2, 0]))
    assert search(empty, WEIGHTS).tolist() == []


@pytest.mark.parametrize("compiled_form", [False, True], ids=["plain", "compiled"])
@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.lists(st.integers(0, 5), max_size=30), st.lists(st.integers(0, 5), max_size=30),
                          st.booleans()), min_size=1, max_size=4),
       st.lists(st.frozensets(st.integers(0, 4), max_size=3), min_size=6, max_size=6),
       st.lists(st.integers(0, 3), min_size=6, max_size=6), st.booleans(), st.integers(1, 6))
def test_shared_key_matches_is_the_loop_with_the_cap(compiled_form, pairs, type_keys, word_hash, other_word, limit):
    """The matchers' join, plain and compiled: for each reference word, the hypothesis
    words sharing a key (and with another hash), the nearest ``limit`` (ties: the
    earlier), in order."""
    shared_key_matches = (compiled.compile_loops(match_kernel) if compiled_form else match_kernel).shared_key_matches
    hyp_tok = np.array([t for h, _, _ in pairs for t in h], dtype=np.int64)
    ref_tok = np.array([t for _, r, _ in pairs for t in r], dtype=np.int64)
    hyp_start = np.cumsum([0] + [len(h) for h, _, _ in pairs]).astype(np.int64)
    ref_start = np.cumsum([0] + [len(r) for _, r, _ in pairs]).astype(np.int64)
    key_offsets = np.cumsum([0] + [len(k) for k in type_keys]).astype(np.int64)
    key_flat = np.array([x for k in type_keys for x in sorted(k)], dtype=np.int64)
    active = np.array([a for _, _, a in pairs], dtype=bool)
    r, h = shared_key_matches(hyp_start, ref_start, hyp_tok, ref_tok, key_offsets, key_flat, 5,
                              np.array(word_hash, dtype=np.int64), other_word, active, limit)
    expected = []
    for p, (hyp, ref, on) in enumerate(pairs):
        for j, rt in enumerate(ref if on else []):
            hits = [i for i, ht in enumerate(hyp) if type_keys[ht] & type_keys[rt]
                    and not (other_word and word_hash[ht] == word_hash[rt])]
            nearest = sorted(sorted(hits, key=lambda i: (abs(i - j), i))[:limit])
            expected += [(int(ref_start[p]) + j, int(hyp_start[p]) + i) for i in nearest]
    assert list(zip(r.tolist(), h.tolist())) == expected
