"""The corpus-wide matchers equal their per-pair definitions.

The matchers join token tables of all pairs at once (``ngram_core/meteor/tables.py``);
here each piece is checked against a plain per-pair loop on random inputs: the joins,
the ``nltk`` variant with any subset of stages against NLTK's own stage functions, the
default variant's candidates against METEOR 1.5's rule written out, and the pairs that
skip the alignment search against the search.
"""
from __future__ import annotations

import itertools
from collections import defaultdict

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ngram_core.meteor import compute_meteor, count_chunks, fewest_chunks
from ngram_core.meteor.metric import _fewest_chunks_all
from ngram_core.meteor.stemmers import get_stemmer
from ngram_core.meteor.tables import Segments, Side, combined, full_join, ranked_join
from ngram_core.meteor.wordnet import get_wordnet
from ngram_core.tokenizers import tokenize

_KEYS = st.lists(st.integers(0, 3), max_size=7)
_PAIRS = st.lists(st.tuples(_KEYS, _KEYS), min_size=1, max_size=5)


def _sides(pairs):
    """Two Sides holding ``pairs`` of key lists (keys as token ids)."""
    segments = [k for pair in pairs for k in pair]
    lengths = [len(s) for s in segments]
    offsets = np.zeros(len(segments) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    table = Segments(np.array([k for s in segments for k in s], dtype=np.int64), offsets, ["a", "b", "c", "d"])
    n = len(pairs)
    return Side.expand(table, np.arange(0, 2 * n, 2)), Side.expand(table, np.arange(1, 2 * n, 2))


def _rows(side, rows):
    return [(int(side.pair[x]), int(side.pos[x])) for x in rows]


@settings(max_examples=300, deadline=None)
@given(_PAIRS)
def test_ranked_join_is_nltks_right_to_left_matching(pairs):
    hyp, ref = _sides(pairs)
    h, r = ranked_join(combined(hyp.pair, hyp.tok, 4), combined(ref.pair, ref.tok, 4))
    expected = set()
    for p, (hyp_keys, ref_keys) in enumerate(pairs):  # NLTK's _match_enums
        positions = defaultdict(list)
        for j, key in enumerate(ref_keys):
            positions[key].append(j)
        for i in range(len(hyp_keys) - 1, -1, -1):
            if positions.get(hyp_keys[i]):
                expected.add(((p, i), (p, positions[hyp_keys[i]].pop())))
    assert set(zip(_rows(hyp, h), _rows(ref, r))) == expected
    assert len(h) == len(expected)


@settings(max_examples=300, deadline=None)
@given(_PAIRS)
def test_full_join_is_every_pair_of_equal_keys_in_reference_order(pairs):
    hyp, ref = _sides(pairs)
    h, r = full_join(combined(hyp.pair, hyp.tok, 4), combined(ref.pair, ref.tok, 4))
    got = list(zip(_rows(hyp, h), _rows(ref, r)))
    expected = [((p, i), (p, j)) for p, (hk, rk) in enumerate(pairs) for i, a in enumerate(hk) for j, b in enumerate(rk) if a == b]
    assert sorted(got) == expected
    for (hyp_row, ref_row), (next_hyp, next_ref) in zip(got, got[1:]):
        assert hyp_row != next_hyp or ref_row < next_ref


# Words that meet at every stage: inflections (stem), WordNet synonyms, repeats.
_WORDS = ["a", "b", "the", "dog", "dogs", "hound", "run", "running", "ran", "runs", "quick", "fast", "big", "large",
          "cat", "cats", "car", "auto", "automobile", "happy", "glad", "went", "go", "goes", "child", "children"]
_SENTENCE = st.lists(st.sampled_from(_WORDS), min_size=0, max_size=10).map(" ".join)
_STAGES = st.sampled_from([s for k in (1, 2, 3) for s in itertools.combinations(("exact", "stem", "synonym"), k)])


def _nltk_stages(hyp, ref, stages, wordnet):
    """NLTK 3.10's staged matching with its own stage functions, any subset of stages."""
    from nltk.stem.porter import PorterStemmer
    from nltk.translate.meteor_score import _enum_wordnetsyn_match, _generate_enums, _match_enums

    hyp_enum, ref_enum = _generate_enums(hyp, ref)
    matches = []
    for stage in stages:
        if stage == "stem":
            stem = PorterStemmer().stem
            hyp_enum, ref_enum = [(i, stem(w)) for i, w in hyp_enum], [(j, stem(w)) for j, w in ref_enum]
        if stage == "synonym":
            found, hyp_enum, ref_enum = _enum_wordnetsyn_match(hyp_enum, ref_enum, wordnet=wordnet)
        else:
            found, hyp_enum, ref_enum = _match_enums(hyp_enum, ref_enum)
        matches += found
    return sorted(matches)


@settings(max_examples=200, deadline=None)
@given(hyp=_SENTENCE, ref=_SENTENCE, stages=_STAGES)
def test_nltk_variant_equals_nltks_stage_functions_for_any_stages(hyp, ref, stages):
    from nltk_wordnet import nltk_wordnet

    result = compute_meteor([hyp], [ref], variant="nltk", stages=stages, return_segments=True)
    hyp_tokens, ref_tokens = tokenize([hyp, ref], "13a", lowercase=True)
    expected = _nltk_stages(hyp_tokens, ref_tokens, stages, nltk_wordnet())
    assert result["segment_alignments"] == [expected]
    assert result["segment_chunks"] == [count_chunks([(i, j, 0) for i, j in expected])]


def _meteor15_candidates(hyp, ref, stages):
    """METEOR 1.5's candidates, pair by pair: a stage only sees words no earlier stage matched."""
    stem = get_stemmer("snowball")
    wordnet = get_wordnet()
    same = {
        "exact": lambda a, b: a == b,
        "stem": lambda a, b: stem([a])[0] == stem([b])[0],
        "synonym": lambda a, b: bool(wordnet.synset_ids(a) & wordnet.synset_ids(b)),
    }
    found = [[] for _ in hyp]
    hyp_free, ref_free = set(range(len(hyp))), set(range(len(ref)))
    for index, stage in enumerate(stages):
        new = [(i, j) for i in sorted(hyp_free) for j in sorted(ref_free) if same[stage](hyp[i], ref[j])]
        for i, j in new:
            found[i].append((j, index))
        hyp_free -= {i for i, _ in new}
        ref_free -= {j for _, j in new}
    return found


@settings(max_examples=200, deadline=None)
@given(hyps=st.lists(_SENTENCE, min_size=1, max_size=4), ref=_SENTENCE, stages=_STAGES)
def test_default_variant_aligns_meteor15_candidates_with_the_search(hyps, ref, stages):
    result = compute_meteor(hyps, [ref] * len(hyps), stages=stages, return_segments=True)
    ref_tokens = tokenize([ref], "13a", lowercase=True)[0]
    for hyp_tokens, alignment, chunks in zip(tokenize(hyps, "13a", lowercase=True), result["segment_alignments"],
                                             result["segment_chunks"]):
        expected = fewest_chunks(_meteor15_candidates(hyp_tokens, ref_tokens, stages)) if hyp_tokens and ref_tokens else []
        assert alignment == [(i, j) for i, j, _ in expected]
        assert chunks == count_chunks(expected)


_CANDIDATES = st.lists(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 2)), max_size=3, unique_by=lambda c: c[0])
                       .map(sorted), max_size=6)


@settings(max_examples=500, deadline=None)
@given(st.lists(_CANDIDATES, min_size=1, max_size=6))
def test_pairs_that_skip_the_search_get_what_the_search_gives(pairs):
    """Pairs with nothing to choose skip ``fewest_chunks``; every pair's result must be its result."""
    n_hyp = [len(c) for c in pairs]
    n_ref = [1 + max((j for cands in c for j, _ in cands), default=0) for c in pairs]
    hyp = Side.expand(_segments(n_hyp), np.arange(len(pairs)))
    ref = Side.expand(_segments(n_ref), np.arange(len(pairs)))
    rows = [(int(hyp.start[p]) + i, int(ref.start[p]) + j, s) for p, c in enumerate(pairs) for i, cands in enumerate(c)
            for j, s in cands]
    h, r, s = (np.array(column, dtype=np.int64).reshape(-1) for column in (zip(*rows) if rows else ([], [], [])))
    got_h, got_r, got_s = _fewest_chunks_all(hyp, ref, (h, r, s))
    got = sorted(zip(got_h.tolist(), got_r.tolist(), got_s.tolist()))
    expected = sorted((int(hyp.start[p]) + i, int(ref.start[p]) + j, s) for p, c in enumerate(pairs)
                      for i, j, s in fewest_chunks(c))
    assert got == expected


def _segments(lengths):
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return Segments(np.zeros(int(offsets[-1]), dtype=np.int64), offsets, ["x"])
