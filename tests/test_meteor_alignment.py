"""The default variant's alignment: fewest chunks among the alignments with most matches."""
from __future__ import annotations

import itertools
import random

import pytest

from ngram_core.meteor import compute_meteor, count_chunks, fewest_chunks


def _chunks(hyp: str, ref: str, **options) -> int:
    return compute_meteor([hyp], [ref], stages=("exact",), return_segments=True, **options)["segment_chunks"][0]


def test_identical_sentence_is_one_chunk():
    assert _chunks("the cat sat on the mat", "the cat sat on the mat") == 1


def test_fully_reversed_sentence_has_one_chunk_per_match():
    words = "one two three four five six".split()
    assert _chunks(" ".join(words), " ".join(reversed(words))) == len(words)


def test_repeated_word_joins_the_chunk_nltk_breaks():
    result = compute_meteor(["a b"], [["a b a"]], return_segments=True)
    assert result["segment_chunks"] == [1]
    assert result["segment_alignments"] == [[(0, 0), (1, 1)]]
    nltk = compute_meteor(["a b"], [["a b a"]], variant="nltk", return_segments=True)
    assert nltk["segment_chunks"] == [2]
    assert result["meteor"] > nltk["meteor"]


def test_count_chunks_counts_runs_adjacent_in_both_sentences():
    assert count_chunks([]) == 0
    assert count_chunks([(0, 0, 0), (1, 1, 0), (2, 5, 0), (3, 6, 0), (5, 7, 0)]) == 3


def _brute_force(candidates):
    """Best (-matches, chunks, distance) over every alignment of small candidate lists."""
    best = None
    options = [[None] + list(c) for c in candidates]
    for choice in itertools.product(*options):
        pairs = [(i, j, s) for i, c in enumerate(choice) if c is not None for j, s in [c]]
        if len({j for _, j, _ in pairs}) < len(pairs):
            continue
        key = (-len(pairs), count_chunks(pairs), sum(abs(i - j) for i, j, _ in pairs))
        best = key if best is None or key < best else best
    return best


@pytest.mark.parametrize("seed", range(200))
def test_fewest_chunks_is_optimal_on_small_random_cases(seed):
    rng = random.Random(seed)
    hyp = [rng.choice("abc") for _ in range(rng.randint(0, 6))]
    ref = [rng.choice("abc") for _ in range(rng.randint(0, 6))]
    candidates = [[(j, 0) for j, r in enumerate(ref) if r == h] for h in hyp]
    pairs = fewest_chunks(candidates)
    assert len({j for _, j, _ in pairs}) == len(pairs)
    assert all((j, s) in candidates[i] for i, j, s in pairs)
    key = (-len(pairs), count_chunks(pairs), sum(abs(i - j) for i, j, _ in pairs))
    assert key == _brute_force(candidates)


def test_more_matches_win_over_fewer_chunks():
    # b must take the second reference b for a to match too
    assert compute_meteor(["a b b"], ["b a b"], stages=("exact",), return_segments=True)["segment_matches"] == [3]


def test_smaller_distance_breaks_ties_between_equal_chunks():
    result = compute_meteor(["x"], ["x y x"], stages=("exact",), return_segments=True)
    assert result["segment_alignments"] == [[(0, 0)]]


def test_stem_and_synonym_stages_match_only_words_left_unmatched():
    # "dogs"/"dog" match by stem; "car"/"automobile" by a shared WordNet synset
    result = compute_meteor(["the dogs drove a car"], ["the dog drove an automobile"], return_segments=True)
    assert result["segment_matches"] == [4]
    exact_only = compute_meteor(["the dogs drove a car"], ["the dog drove an automobile"], stages=["exact"], return_segments=True)
    assert exact_only["segment_matches"] == [2]
    no_synonym = compute_meteor(["the dogs drove a car"], ["the dog drove an automobile"], stages="exact+stem", return_segments=True)
    assert no_synonym["segment_matches"] == [3]
