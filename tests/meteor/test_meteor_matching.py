"""The corpus-wide matchers equal their per-pair definitions.

The matchers join token tables of all pairs at once (``ngram_core/meteor/tables.py``);
here each piece is checked against a plain per-pair loop on random inputs: the joins,
and the ``nltk`` variant with any subset of stages against NLTK's own stage functions.
"""
from __future__ import annotations

import itertools
from collections import defaultdict

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from ngram_core.meteor import compute_meteor
from ngram_core.meteor.tables import Segments, Side, combined, ranked_join
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
    from helpers.nltk_wordnet import nltk_wordnet

    result = compute_meteor([hyp], [ref], variant="nltk", stages=stages, return_segments=True)
    hyp_tokens, ref_tokens = tokenize([hyp, ref], "13a", lowercase=True)
    expected = _nltk_stages(hyp_tokens, ref_tokens, stages, nltk_wordnet())
    assert result["segment_alignments"] == [expected]
    chunks = sum(1 for k, (i, j) in enumerate(expected) if k == 0 or (i, j) != (expected[k - 1][0] + 1, expected[k - 1][1] + 1))
    assert result["segment_chunks"] == [chunks]
