"""NIST on corpora small enough to check by hand: weights, penalty, quirk, edge cases, options."""
from __future__ import annotations

import math

import pytest

from helpers.data import REPO
from helpers.require import require_module
from ngram_core.nist import (
    BETA,
    corpus_nist,
    length_penalty,
    nist_statistics,
)
from ngram_core.ngrams.index import tokenize_corpus
from ngram_core.adapters.space.card import metric_script


def log2(x: float) -> float:
    return math.log(x, 2)


def weights(hyps, refs, tokenize, mteval_quirks=False):
    """{n-gram text: info} of a corpus' reference n-grams."""
    stats = nist_statistics(tokenize_corpus(hyps, refs, tokenize, False), 5)
    info = stats.table.information(int(stats.ref_words.sum()), mteval_quirks)
    return dict(zip(stats.table.texts(), info))


def test_information_weights_of_a_tiny_corpus_by_hand():
    # reference words: a b a | a c -> 5 words; a:3 b:1 c:1; a b:1 b a:1 a c:1; a b a:1
    info = weights(["a b", "c a"], [["a b a"], ["a c"]], tokenize="none")
    assert info == pytest.approx({
        "a": log2(5 / 3), "b": log2(5), "c": log2(5),
        "a b": log2(3 / 1), "b a": log2(1 / 1), "a c": log2(3 / 1),
        "a b a": log2(1 / 1),
    }, abs=1e-12)


def test_score_of_a_tiny_corpus_by_hand():
    out = corpus_nist(["a b", "c a"], [["a b a"], ["a c"]], tokenize="none")
    unigram_bits = 2 * log2(5 / 3) + 2 * log2(5)  # a, b matched; c, a matched
    bigram_bits = log2(3)  # "a b" matched, "c a" not
    assert out["info_sums"] == pytest.approx([unigram_bits, bigram_bits, 0, 0, 0], abs=1e-12)
    assert out["counts"] == [4, 1, 0, 0, 0] and out["totals"] == [4, 2, 0, 0, 0]
    bp = math.exp(-BETA * math.log(4 / 5) ** 2)  # c = 4, L = 5
    assert out["brevity_penalty"] == pytest.approx(bp, abs=1e-15)
    assert out["nist"] == pytest.approx((unigram_bits / 4 + bigram_bits / 2) * bp, abs=1e-12)


def test_a_reference_shared_by_segments_counts_once_per_segment():
    # slots: "a b" twice, "a c" once -> 6 words, a:3 b:2 c:1, a b:2 a c:1
    info = weights(["x", "y", "z"], [["a b"], ["a b"], ["a c"]], tokenize="none")
    assert info["b"] == pytest.approx(log2(6 / 2)) and info["c"] == pytest.approx(log2(6))
    assert info["a b"] == pytest.approx(log2(3 / 2)) and info["a c"] == pytest.approx(log2(3))


def test_mteval_quirk_weights_bigrams_after_the_token_0_like_unigrams():
    refs = [["0 x 0 y 00 x"]]  # 6 words; 0:2 x:2 y:1 00:1; "0 x":1 "00 x":1
    plain = weights(["0 x"], refs, tokenize="none")
    quirky = weights(["0 x"], refs, tokenize="none", mteval_quirks=True)
    assert plain["0 x"] == pytest.approx(log2(2 / 1)) and quirky["0 x"] == pytest.approx(log2(6 / 1))
    assert quirky["0 y"] == pytest.approx(log2(6))
    assert plain["00 x"] == quirky["00 x"] == pytest.approx(log2(1))  # Perl's "00" is true
    assert plain["x 0 y"] == quirky["x 0 y"]  # only a one-token prefix can be "0"
    assert corpus_nist(["0 x"], refs, mteval_quirks=True)["nist"] > corpus_nist(["0 x"], refs)["nist"]


def test_length_penalty_is_one_half_at_two_thirds_of_the_reference_length():
    assert BETA == pytest.approx(4.2162, abs=1e-4)
    assert float(length_penalty(2, 3)) == pytest.approx(0.5, abs=1e-12)
    assert float(length_penalty(20, 30)) == pytest.approx(0.5, abs=1e-12)
    assert float(length_penalty(3, 3)) == float(length_penalty(4, 3)) == 1.0
    assert float(length_penalty(0, 3)) == 0.0
    assert float(length_penalty(3, 0)) == 1.0  # empty references: no penalty instead of a division by 0


def test_reference_length_is_the_average_over_the_references():
    out = corpus_nist(["a b c d"], [["a b c d", "a b"]], tokenize="none")
    assert out["reference_length"] == 3.0 and out["length_ratio"] == pytest.approx(4 / 3)
    ragged = corpus_nist(["a", "b"], [["a b c d", "a b"], ["b c"]], tokenize="none")
    assert ragged["reference_length"] == 3.0 + 2.0
    assert ragged["signature"].startswith("NIST|nrefs:var|")


def test_hypotheses_shorter_than_n_give_a_score_where_nltk_divides_by_zero():
    hyps, refs = ["the cat", "on the mat"], ["the cat sat", "on the mat"]
    out = corpus_nist(hyps, refs)
    assert out["totals"] == [5, 3, 1, 0, 0] and out["nist"] > 0
    nist_score = require_module("nltk.translate.nist_score")
    with pytest.raises(ZeroDivisionError):
        nist_score.corpus_nist([[r.split()] for r in refs], [h.split() for h in hyps], n=5)


def test_empty_hypotheses_score_zero_and_add_no_n_grams():
    out = corpus_nist(["", ""], ["the cat", "a dog"], return_segments=True)
    assert out["nist"] == 0.0 and out["brevity_penalty"] == 0.0 and out["totals"] == [0] * 5
    assert out["segment_scores"] == [0.0, 0.0]
    mixed = corpus_nist(["", "a dog"], ["the cat", "a dog"], return_segments=True)
    assert mixed["segment_scores"][0] == 0.0 and mixed["segment_scores"][1] > 0
    assert corpus_nist(["a b"], [""])["nist"] == 0.0  # empty reference: nothing to match


def test_empty_corpus_is_a_clear_error():
    with pytest.raises(ValueError, match="predictions is empty"):
        corpus_nist([], [])


@pytest.mark.parametrize("kwargs,error", [
    ({"n": 0}, ValueError), ({"n": 2.5}, TypeError), ({"n": True}, TypeError),
    ({"lowercase": "yes"}, TypeError), ({"lowercase": 1}, TypeError), ({"lowercase": "Ascii"}, TypeError),
    ({"mteval_quirks": "yes"}, TypeError), ({"tokenize": "nope"}, ValueError),
])
def test_bad_options_are_clear_errors(kwargs, error):
    with pytest.raises(error):
        corpus_nist(["a"], ["a"], **kwargs)


def test_ascii_lowercasing_leaves_non_ascii_letters_alone():
    hyps, refs = ["ÄPFEL Apfel"], ["äpfel apfel"]
    assert corpus_nist(hyps, refs)["counts"][0] == 0
    assert corpus_nist(hyps, refs, lowercase="ascii")["counts"][0] == 1  # "Äpfel" != "äpfel"
    assert corpus_nist(hyps, refs, lowercase=True)["counts"][0] == 2


def test_ascii_lowercasing_happens_after_entities_are_unescaped():
    # mteval unescapes "&amp;" first; "&AMP;" is no entity, so it stays three tokens there and here
    out = corpus_nist(["&AMP; x"], ["& amp ; x"], lowercase="ascii")
    assert out["totals"][0] == 4 and out["counts"][0] == 4


def test_segment_scores_use_corpus_weights_and_own_penalty():
    out = corpus_nist(["the cat sat on the mat", "a dog"], [["the cat sat on the mat"], ["a dog barked"]],
                      return_segments=True)
    alone = corpus_nist(["the cat sat on the mat"], ["the cat sat on the mat"], return_segments=True)
    assert len(out["segment_scores"]) == 2 and all(s > 0 for s in out["segment_scores"])
    assert alone["segment_scores"] == [pytest.approx(alone["nist"])]


def test_max_order_changes_the_sum_of_orders():
    hyps, refs = ["the cat sat on the mat"], ["the cat sat on the mat"]
    out1, out5 = corpus_nist(hyps, refs, n=1), corpus_nist(hyps, refs)
    assert len(out1["info_sums"]) == 1 and out1["info_sums"][0] == out5["info_sums"][0]
    assert "order:1" in out1["signature"] and "order:5" in out5["signature"]


def test_signature_names_every_setting():
    out = corpus_nist(["a"], [["a", "b"]], lowercase="ascii", mteval_quirks=True, tokenize="intl")
    assert out["signature"] == "NIST|nrefs:2|case:lc-ascii|tok:intl|order:5|quirks:mteval13a|version:ngram-core-0.1.0"


def test_evaluate_script_gives_the_core_result_and_documented_example():
    evaluate = require_module("evaluate")
    metric = evaluate.load(str(metric_script(REPO / "nist_custom")))
    predictions = ["the cat sat on the mat"]
    references = [["the cat sat on the mat", "a cat was sitting on the mat"]]
    out = metric.compute(predictions=predictions, references=references)
    assert out == corpus_nist(predictions, references)
    assert (out["counts"], out["totals"]) == ([6, 5, 4, 3, 2], [6, 5, 4, 3, 2]) and round(out["nist"], 4) == 3.218
    single = metric.compute(predictions=["a b"], references=["a b"], return_segments=True)
    assert len(single["segment_scores"]) == 1
    with pytest.raises(TypeError, match="unknown NIST option"):
        metric.compute(predictions=["a"], references=["a"], max_order=4)
