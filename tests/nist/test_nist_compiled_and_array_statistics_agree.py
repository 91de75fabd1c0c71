"""NIST's statistics from the compiled kernels (``reference_ngram_ids`` and
``clipped_ngram_matches`` in ``ngram_core.ngrams.kernels``) are, array for array, the
array code's (``NgramIndex``): the same table rows in the same order, the same matches in
the same order, so every score is the same to the last bit. Which of the two runs is the
rule of ``ngram_core.compiled.use``; here each is forced in turn (the parity tests
against mteval-v13a and NLTK run whichever the rule picks)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.wmt_sample import wmt_sample
from ngram_core import compiled
from ngram_core.nist import NistStatistics, nist_scores, nist_statistics
from ngram_core.ngrams.index import NgramIndex, tokenize_corpus

WORDS = ["the", "cat", "sat", "on", "The", "mat", "0", "x", "a", "."]
SEGMENT = st.lists(st.sampled_from(WORDS), max_size=14).map(" ".join)
POOL = ["the cat sat on the mat", "the the the the", "0 x 0 the cat", "a cat", ""]  # shared references


def both(hyps, refs, n, lowercase=False):
    corpus = tokenize_corpus(hyps, refs, "13a", lowercase)
    with compiled.preferring(False):
        arrays = nist_statistics(corpus, n)
    with compiled.preferring(True):
        kernels = nist_statistics(corpus, n)
    return arrays, kernels


def assert_identical(a: NistStatistics, b: NistStatistics) -> None:
    for name in ("hyp_len", "ref_words", "n_refs", "totals", "match_segment", "match_ngram", "match_count"):
        x, y = getattr(a, name), getattr(b, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name
    for name in ("order", "parent", "token", "count"):
        x, y = getattr(a.table, name), getattr(b.table, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), f"table.{name}"
    assert list(a.table.vocab) == list(b.table.vocab)
    for quirks in (False, True):
        x, y = nist_scores(a, quirks, segments=True), nist_scores(b, quirks, segments=True)
        assert x["nist"].hex() == y["nist"].hex()
        assert x["segment_scores"].tobytes() == y["segment_scores"].tobytes()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), n=st.integers(1, 7), lowercase=st.sampled_from([False, "ascii"]))
def test_compiled_statistics_are_the_array_codes_array_for_array(data, n, lowercase):
    size = data.draw(st.integers(1, 9))
    hyps = data.draw(st.lists(SEGMENT, min_size=size, max_size=size))
    refs = [data.draw(st.lists(SEGMENT | st.sampled_from(POOL), min_size=1, max_size=4)) for _ in range(size)]
    assert_identical(*both(hyps, refs, n, lowercase))


def test_compiled_statistics_on_real_text_with_one_to_three_references():
    hyps, refs, _, _ = wmt_sample()
    for n in (1, 4, 5, 9):
        assert_identical(*both(hyps, refs, n))


def test_segments_that_share_their_references_are_matched_against_them_alone():
    # the kernel hashes each set of references once for the segments that share it (in
    # any order of the segments): a hypothesis must not match the references of its
    # neighbours in that order, nor count a reference twice
    refs = [["a b c"], ["c d e"], ["a b c"], ["a b c", "c d e"], ["c d e"], ["a b c", "a b c"]]
    hyps = ["c d e a b c", "a b c", "c d e", "a b c d e", "a b c", "a b c a b c a b c"]
    arrays, kernels = both(hyps, refs, 3)
    assert_identical(arrays, kernels)
    matched = np.bincount(kernels.match_segment, weights=kernels.match_count, minlength=len(hyps))
    assert matched.tolist() == [6, 1, 1, 11, 1, 6]  # a reference twice is clipped as once


def test_an_index_passed_in_is_read_by_the_array_code_and_must_reach_the_order():
    corpus = tokenize_corpus(["a b c d"], [["a b c d"]], "13a", False)
    with compiled.preferring(True):
        from_index = nist_statistics(corpus, 3, NgramIndex(corpus, 4))
        assert_identical(from_index, nist_statistics(corpus, 3))
        with pytest.raises(ValueError, match="order 4 or more"):
            nist_statistics(corpus, 4, NgramIndex(corpus, 3))
