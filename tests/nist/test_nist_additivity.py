"""NIST statistics add with ``+``: shards added give the scores of the concatenated corpus.

The information weights depend on every reference of the corpus, so the statistics carry
the reference n-gram counts (a table keyed by token strings) and the matched n-grams;
adding unifies the tables. These tests split generated corpora (references shared
between segments and shards, the quirky token ``0``, empty segments) and compare.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ngram_core.ngrams.index import tokenize_corpus
from ngram_core.nist import NistStatistics, nist_scores, nist_statistics

WORDS = ["the", "cat", "sat", "on", "The", "mat", "0", "00", "x", "Ä", "a", "&amp;", "1,000", "."]
SEGMENT = st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join)
POOL = ["the cat sat on the mat", "0 x 0 the cat", "a cat", ""]  # references reused across segments


@st.composite
def split_corpora(draw):
    n = draw(st.integers(2, 8))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = [draw(st.lists(SEGMENT | st.sampled_from(POOL), min_size=1, max_size=3)) for _ in range(n)]
    cuts = sorted(draw(st.lists(st.integers(1, n - 1), min_size=1, max_size=2, unique=True)))
    return hyps, refs, cuts


def stats_of(hyps, refs, lowercase=False, n=5) -> NistStatistics:
    return nist_statistics(tokenize_corpus(hyps, refs, "13a", lowercase), n)


def assert_same_scores(a: NistStatistics, b: NistStatistics, quirks: bool) -> None:
    x, y = nist_scores(a, quirks, segments=True), nist_scores(b, quirks, segments=True)
    assert x["nist"] == pytest.approx(y["nist"], abs=1e-9)
    assert x["info_sums"] == pytest.approx(y["info_sums"], abs=1e-9)
    assert list(x["counts"]) == list(y["counts"]) and list(x["totals"]) == list(y["totals"])
    assert x["reference_length"] == pytest.approx(y["reference_length"], abs=1e-12)
    assert x["segment_scores"] == pytest.approx(y["segment_scores"], abs=1e-9)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=split_corpora(), quirks=st.booleans(), lowercase=st.sampled_from([False, True, "ascii"]))
def test_statistics_of_shards_added_equal_the_whole(corpus, quirks, lowercase):
    hyps, refs, cuts = corpus
    bounds = [0, *cuts, len(hyps)]
    shards = [stats_of(hyps[a:b], refs[a:b], lowercase) for a, b in zip(bounds, bounds[1:])]
    whole = stats_of(hyps, refs, lowercase)
    assert_same_scores(sum(shards), whole, quirks)
    # the table of the sum holds each reference n-gram once, with the whole corpus' count
    merged = sum(shards).table
    assert sorted(zip(merged.texts(), merged.count)) == sorted(zip(whole.table.texts(), whole.table.count))


def test_adding_is_associative_and_keeps_segment_order():
    hyps = ["the cat", "0 x", "a b c d e f", ""]
    refs = [["the cat sat"], ["0 x 0"], ["a b c d e f", "a b"], ["x"]]
    parts = [stats_of(hyps[i:i + 1], refs[i:i + 1]) for i in range(4)]
    left = ((parts[0] + parts[1]) + parts[2]) + parts[3]
    right = parts[0] + (parts[1] + (parts[2] + parts[3]))
    whole = stats_of(hyps, refs)
    assert_same_scores(left, whole, True)
    assert_same_scores(right, whole, True)


def test_adding_statistics_of_different_orders_is_an_error():
    with pytest.raises(ValueError, match="n=5 and n=4"):
        stats_of(["a"], ["a"]) + stats_of(["a"], ["a"], n=4)
