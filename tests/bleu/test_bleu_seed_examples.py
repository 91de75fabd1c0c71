"""The seeds' worked examples and definitions (seeds/bleu_ru.txt, seeds/bleu_nist_meteor_ja)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from ngram_core.bleu import OPTIONS, BleuStatistics, bleu_from_statistics, corpus_bleu


def test_clipped_unigram_precision_is_five_sevenths():
    # "the" 3x in the candidate but at most 2x in one reference; "cat" 2x but 1x
    out = corpus_bleu(["the cat the cat on the mat"], [["the cat is on the mat", "there is a cat on the mat"]])
    assert out["counts"][0] == 5 and out["totals"][0] == 7
    assert out["precisions"][0] == pytest.approx(5 / 7)


def test_repeated_word_is_clipped_to_its_reference_count():
    out = corpus_bleu(["the the the the the the the"], [["the cat is on the mat"]])
    assert out["precisions"][0] == pytest.approx(2 / 7)


def test_short_candidate_gets_a_brevity_penalty_below_one():
    # the seed's "The cat." with 13a is 3 tokens (the period is one); without it, 2
    out = corpus_bleu(["The cat."], ["The cat is lying on the beautiful mat"])
    assert out["brevity_penalty"] == pytest.approx(math.exp(1 - 8 / 3)) and out["brevity_penalty"] < 1
    out = corpus_bleu(["The cat"], ["The cat is lying on the beautiful mat"], effective_order=True)
    assert out["precisions"][:2] == [1.0, 1.0]  # the seed's 2/2 and 1/1
    assert out["brevity_penalty"] == pytest.approx(math.exp(1 - 8 / 2)) and out["brevity_penalty"] < 1
    assert out["bleu"] == pytest.approx(math.exp(1 - 8 / 2))


def test_corpus_precision_is_micro_averaged_over_segments():
    hyps = ["a b c d", "x"]
    refs = [["a b c d"], ["y"]]
    out = corpus_bleu(hyps, refs)
    assert out["counts"][0] == 4 and out["totals"][0] == 5  # 4/5, not the mean of 1 and 0


def test_seed_constant_smoothing_adds_to_every_order():
    stats = BleuStatistics(np.array([4]), np.array([4]), np.array([[3, 1, 0, 0]]), np.array([[4, 3, 2, 1]]))
    got = bleu_from_statistics(stats, OPTIONS.resolve(dict(smooth_method="constant", smooth_value=0.5)))["score"][0]
    p = [(3 + 0.5) / 4.5, (1 + 0.5) / 3.5, 0.5 / 2.5, 0.5 / 1.5]
    assert got / 100 == pytest.approx(math.exp(sum(math.log(x) for x in p) / 4), rel=1e-12)


def test_seed_sentence_rule_uses_the_largest_order_with_a_match():
    # p1 = 3/4, p2 = 1/3, p3 = p4 = 0: the seed takes N = 2, w = 1/2
    stats = BleuStatistics(np.array([4]), np.array([4]), np.array([[3, 1, 0, 0]]), np.array([[4, 3, 2, 1]]))
    got = bleu_from_statistics(stats, OPTIONS.resolve(dict(smooth_method="none", effective_order="seed")))["score"][0]
    assert got / 100 == pytest.approx(math.sqrt(3 / 4 * 1 / 3), rel=1e-12)
    unsmoothed = bleu_from_statistics(stats, OPTIONS.resolve(dict(smooth_method="none")))["score"][0]
    assert unsmoothed == 0.0  # without the rule any p_n = 0 gives 0


def test_weights_give_the_weighted_geometric_mean():
    out = corpus_bleu(["a b c x"], [["a b c d"]], max_order=2, weights=[0.75, 0.25], smooth_method="none")
    assert out["bleu"] == pytest.approx((3 / 4) ** 0.75 * (2 / 3) ** 0.25, rel=1e-12)
