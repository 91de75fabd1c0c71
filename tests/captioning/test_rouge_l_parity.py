"""ROUGE-L equals pycocoevalcap 1.2's ``Rouge().compute_score`` (``variant="coco"``) and
rouge-score 0.1.2's ``RougeScorer(["rougeL"]).score_multi`` (``variant="rouge_score"``),
run live, per image and corpus, on generated caption sets (PTB-like and raw text, five
and varying references) and on WMT text (150 segments of two language pairs, two and
three references); the LCS against pycocoevalcap's ``my_lcs``; the length bound.
Every comparison is exact (``==``).
"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.require import require_module
from helpers.caption_sets import as_coco, caption_set, parity_cases
from helpers.parity import check

from ngram_core.rouge_l import MAX_TOKENS, corpus_rouge_l, lcs_length

rouge = require_module("pycocoevalcap.rouge.rouge")
rouge_scorer = require_module("rouge_score.rouge_scorer")

SETS = {
    "ptb-5refs": dict(images=400, captions=5, seed=1),
    "ptb-varying": dict(images=300, captions=6, seed=2, vary_refs=True),
    "raw-5refs": dict(images=300, captions=5, seed=3, raw=True),
    "raw-varying": dict(images=300, captions=4, seed=4, raw=True, vary_refs=True),
}
def _coco(hyps, refs):
    score, scores = rouge.Rouge().compute_score(*as_coco(hyps, refs))
    return score, scores.tolist()


def _rouge_score(hyps, refs):
    scorer = rouge_scorer.RougeScorer(["rougeL"])
    scores = [scorer.score_multi(r, h)["rougeL"].fmeasure for h, r in zip(hyps, refs)]
    return np.mean(np.array(scores)), scores


WAYS = ("function", "load", "score_all")


def oracle(tool):
    """A tool's (corpus, per-image scores) as the harness' oracle."""
    def numbers(hyps, refs):
        score, scores = tool(hyps, refs)
        return {"rouge_l": score, "segment_scores": scores}

    return numbers


@pytest.mark.parametrize("corpus", list(parity_cases(SETS)))
def test_coco_variant_is_pycocoevalcaps_rouge_per_image_and_corpus(corpus):
    check("rouge_l", oracle(_coco), *corpus(), {"return_segments": True}, ways=WAYS)


@pytest.mark.parametrize("corpus", list(parity_cases(SETS)))
def test_rouge_score_variant_is_rouge_scores_rougeL_with_its_tokenizer(corpus):
    check("rouge_l", oracle(_rouge_score), *corpus(), {"variant": "rouge_score", "return_segments": True}, ways=WAYS)


def test_the_variants_differ_where_documented():
    # case and punctuation (rouge-score drops them), beta, and P and R from different references
    hyp, refs = "A dog, running", ["a dog", "dog running on grass"]
    coco = corpus_rouge_l([hyp], [refs])["rouge_l"]
    assert coco == _coco([hyp], [refs])[0]
    assert corpus_rouge_l([hyp], [refs], variant="rouge_score")["rouge_l"] == _rouge_score([hyp], [refs])[0]
    assert coco != corpus_rouge_l([hyp], [refs], variant="rouge_score")["rouge_l"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from("abcde"), max_size=40), st.lists(st.sampled_from("abcde"), max_size=40))
def test_bit_parallel_lcs_is_pycocoevalcaps_dynamic_programme(a, b):
    assert lcs_length(a, b) == rouge.my_lcs(a, b)


def test_a_text_over_the_token_bound_is_refused_by_name():
    long = " ".join(["w"] * (MAX_TOKENS + 1))
    with pytest.raises(ValueError, match=r"predictions\[0\].*MAX_TOKENS"):
        corpus_rouge_l([long], [["w"]])
    with pytest.raises(ValueError, match=r"references\[1\].*MAX_TOKENS"):
        corpus_rouge_l(["w", "w"], [["w"], ["w", long]])
    assert corpus_rouge_l([" ".join(["w"] * MAX_TOKENS)], [["w"]])["rouge_l"] > 0


def test_an_image_without_references_is_refused():
    with pytest.raises(ValueError, match=r"references\[0\]"):
        corpus_rouge_l(["a dog"], [[]])


def test_bad_variant_names_the_choices():
    with pytest.raises(ValueError, match="variant"):
        corpus_rouge_l(["a"], [["a"]], variant="rouge")
