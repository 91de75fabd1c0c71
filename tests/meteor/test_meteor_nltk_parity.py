"""variant="nltk" reproduces NLTK 3.10.4's ``meteor_score``: oracle numbers, live runs, generated inputs.

NLTK reads WordNet 3.0 from Debian's wordnet-base (tests/helpers/nltk_wordnet.py); our variant
reads the resource shipped in the package. Settings as in the oracle: 13a tokens,
lowercase, alpha 0.9, beta 3, gamma 0.5.
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.data import load_system, oracle_records, record_id
from helpers.parity import check
from helpers.require import require_module
from ngram_core.meteor import compute_meteor
from ngram_core.tokenizers import tokenize
from helpers.nltk_wordnet import nltk_wordnet

pytestmark = pytest.mark.oracle


def _meteor_records():
    try:
        return [r for r in oracle_records() if r["metric"] == "nltk_meteor"]
    except BaseException:  # no shared data: one placeholder that skips (or fails in CI)
        return [None]


@pytest.mark.parametrize("record", _meteor_records(), ids=lambda r: record_id(r) if r else "no-data")
def test_nltk_variant_reproduces_oracle_mean(record):
    require_module("nltk")
    if record is None:
        oracle_records()  # skips or fails with the reason
    hyps, refs = load_system(record)
    check("meteor", {"meteor": record["score"]}, hyps, refs, {"variant": "nltk", "tokenize": "13a", "lowercase": True},
          tolerance=1e-12)


def _nltk_segment_scores(hyps, refs, wordnet, **parameters):
    from nltk.translate.meteor_score import meteor_score

    hyp_tokens = tokenize(hyps, "13a")
    ref_tokens = [tokenize([segment] if isinstance(segment, str) else segment, "13a") for segment in refs]
    return [meteor_score(r, h, wordnet=wordnet, **parameters) for h, r in zip(hyp_tokens, ref_tokens)]


def check_nltk(hyps, refs, **parameters):
    """Ours against NLTK's ``meteor_score`` segment by segment (the oracle), to the last bit."""
    wordnet = nltk_wordnet()
    check("meteor", lambda h, r: {"segment_scores": _nltk_segment_scores(h, r, wordnet, **parameters)}, hyps, refs,
          dict(parameters, variant="nltk", tokenize="13a", return_segments=True))


def test_nltk_variant_equals_live_nltk_segment_by_segment_on_wmt():
    """Every 7th segment of every English-target system, scores equal to the last bit."""
    compared = 0
    for record in _meteor_records():
        if record is None:
            oracle_records()
        hyps, refs = load_system(record)
        hyps, refs = hyps[::7], refs[::7]
        check_nltk(hyps, refs)
        compared += len(hyps)
    assert compared > 5000


# Words that meet at every stage: inflections (stem), WordNet synonyms, repeats.
_WORDS = ["a", "b", "the", "dog", "dogs", "hound", "run", "running", "ran", "runs", "quick", "fast", "big", "large",
          "cat", "cats", "car", "auto", "automobile", "happy", "glad", "went", "go", "goes", "us", "u.s.", "child", "children"]
_SENTENCE = st.lists(st.sampled_from(_WORDS), min_size=0, max_size=12).map(" ".join)


@settings(max_examples=300, deadline=None)
@given(hyp=_SENTENCE, refs=st.lists(_SENTENCE, min_size=1, max_size=3))
def test_nltk_variant_equals_live_nltk_on_generated_sentences(hyp, refs):
    check_nltk([hyp], [refs])


@settings(max_examples=100, deadline=None)
@given(hyp=_SENTENCE, ref=_SENTENCE, alpha=st.floats(0, 1), beta=st.floats(0, 5), gamma=st.floats(0, 1))
def test_nltk_variant_equals_live_nltk_for_any_parameters(hyp, ref, alpha, beta, gamma):
    check_nltk([hyp], [ref], alpha=alpha, beta=beta, gamma=gamma)


def test_nltk_variant_matches_nltk_documented_example():
    hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
    refs = [
        "It is a guide to action that ensures that the military will forever heed Party commands",
        "It is the guiding principle which guarantees the military forces always being under the command of the Party",
        "It is the practical guide for the army always to heed the directions of the party",
    ]
    require_module("nltk")
    assert round(compute_meteor([hyp], [refs], variant="nltk")["meteor"], 4) == 0.6944
