"""Invariants of the BLEU statistics and scores, on generated corpora."""
from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings, strategies as st

from ngram_core.bleu import OPTIONS, bleu_from_statistics, bleu_statistics, corpus_bleu
from ngram_core.ngrams.index import tokenize_corpus

WORDS = st.sampled_from(["a", "b", "c", "the", "cat", "mat", ".", ",", "3.5", "x-y", "Ω", "中"])
SEGMENT = st.lists(WORDS, max_size=10).map(" ".join)


@st.composite
def corpora(draw, min_size=1):
    n = draw(st.integers(min_size, 8))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = [draw(st.lists(SEGMENT, min_size=1, max_size=3)) for _ in range(n)]
    return hyps, refs


def stats_of(hyps, refs, tokenize="13a"):
    return bleu_statistics(tokenize_corpus(hyps, refs, tokenize), 4)


@settings(max_examples=150, deadline=None)
@given(corpus=corpora(min_size=2), data=st.data())
def test_statistics_of_shards_add_up_to_the_whole(corpus, data):
    hyps, refs = corpus
    cut = data.draw(st.integers(1, len(hyps) - 1))
    whole = stats_of(hyps, refs)
    added = stats_of(hyps[:cut], refs[:cut]) + stats_of(hyps[cut:], refs[cut:])
    for a, b in zip(whole._arrays(), added._arrays()):
        assert np.array_equal(a, b)
    options = OPTIONS.resolve({})
    assert bleu_from_statistics(whole.sum(), options)["score"][0] == bleu_from_statistics(added.sum(), options)["score"][0]
    assert sum([stats_of(hyps[:cut], refs[:cut]), stats_of(hyps[cut:], refs[cut:])]).sum().matches.tolist() == whole.sum().matches.tolist()


@settings(max_examples=100, deadline=None)
@given(segments=st.lists(st.lists(WORDS, min_size=4, max_size=10).map(" ".join), min_size=1, max_size=6))
def test_identical_text_scores_the_maximum(segments):
    out = corpus_bleu(segments, [[s] for s in segments], return_segments=True)
    assert out["bleu"] == 1.0 and out["score"] == 100.0
    assert out["segment_scores"] == [1.0] * len(segments)


@settings(max_examples=150, deadline=None)
@given(corpus=corpora(), smooth=st.sampled_from(["exp", "floor", "add-k", "constant", "none"]),
       eff=st.sampled_from([False, True, "seed"]), tokenize=st.sampled_from(["13a", "intl", "char"]))
def test_scores_stay_in_range_and_are_never_nan(corpus, smooth, eff, tokenize):
    hyps, refs = corpus
    out = corpus_bleu(hyps, refs, smooth_method=smooth, effective_order=eff, tokenize=tokenize, return_segments=True)
    for value in [out["bleu"], out["brevity_penalty"], *out["precisions"], *out["segment_scores"]]:
        assert math.isfinite(value) and 0.0 <= value <= 1.0
    assert out["bleu"] == out["score"] / 100
    assert all(0 <= m <= t for m, t in zip(out["counts"], out["totals"]))


@settings(max_examples=60, deadline=None)
@given(corpus=corpora())
def test_shared_references_are_counted_per_segment(corpus):
    # the encoder tokenizes each distinct reference once; scores must not depend on it
    hyps, refs = corpus
    doubled = corpus_bleu(hyps + hyps, refs + refs)
    single = corpus_bleu(hyps, refs)
    assert doubled["counts"] == [2 * c for c in single["counts"]]
    assert doubled["reference_length"] == 2 * single["reference_length"]


def clipped_matches_by_counting(hyp_tokens, ref_token_lists, n):
    """The textbook definition: sum over n-grams of min(hypothesis count, most in one reference)."""
    from collections import Counter

    def grams(tokens):
        return Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))

    best = Counter()
    for ref in ref_token_lists:
        for gram, count in grams(ref).items():
            best[gram] = max(best[gram], count)
    return sum(min(count, best[gram]) for gram, count in grams(hyp_tokens).items())


# few distinct short texts, so that references recur across segments in different
# combinations (a reference in several reference sets, duplicates within a segment)
POOL = st.lists(st.lists(st.sampled_from(["a", "b", "c", "."]), max_size=7).map(" ".join), min_size=1, max_size=4)


@settings(max_examples=200, deadline=None)
@given(pool=POOL, data=st.data())
def test_clipped_matches_equal_counting_per_segment(pool, data):
    n_segments = data.draw(st.integers(1, 8))
    hyps = data.draw(st.lists(st.sampled_from(pool) | SEGMENT, min_size=n_segments, max_size=n_segments))
    refs = [data.draw(st.lists(st.sampled_from(pool), min_size=1, max_size=4)) for _ in range(n_segments)]
    stats = stats_of(hyps, refs, tokenize="none")
    for s, (hyp, seg_refs) in enumerate(zip(hyps, refs)):
        expected = [clipped_matches_by_counting(hyp.split(), [r.split() for r in seg_refs], n) for n in range(1, 5)]
        assert stats.matches[s].tolist() == expected
