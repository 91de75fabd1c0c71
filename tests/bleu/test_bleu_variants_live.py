"""The variants against their tools run live: NLTK's ``corpus_bleu`` / ``sentence_bleu`` (smoothing
methods 0-7, weights) and pycocoevalcap's ``Bleu(4)``, on real WMT segments and on generated input
(empty and very short hypotheses, ragged and empty references). Equality is exact: the variants
do the tools' float operations in the tools' order.

NLTK's method6 asserts that the trigram precision is non-zero; where it does, the tool gives no
number to compare with and ``test_nltk_method6_has_a_defined_value_where_nltk_asserts`` pins ours.
"""
from __future__ import annotations

import contextlib
import io
import math
import warnings

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.parity import check
from helpers.require import require_module
from ngram_core.bleu import corpus_bleu
from helpers.wmt_sample import wmt_sample

METHODS = [f"method{k}" for k in range(8)]
WEIGHTS = [None, (0.5, 0.3, 0.2), (0.1, 0.2, 0.3, 0.2, 0.2)]


def _nltk():
    return require_module("nltk.translate.bleu_score")


def _nltk_call(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # method0's "0 counts of n-gram overlaps"
        return fn(*args, **kwargs)


def _nltk_weights(weights):
    return weights if weights is not None else (0.25, 0.25, 0.25, 0.25)


def check_against_nltk(hyps, refs, hyp_tokens, ref_tokens, method, weights, tokenize="13a"):
    nltk = _nltk()
    N = 4 if weights is None else len(weights)
    smoothing = getattr(nltk.SmoothingFunction(), method)
    w = _nltk_weights(weights)
    def oracle(*_):  # NLTK's corpus_bleu on the same tokens; method6 asserts where it has no number
        try:
            return {"bleu": _nltk_call(nltk.corpus_bleu, ref_tokens, hyp_tokens, weights=w, smoothing_function=smoothing)}
        except AssertionError:
            assert method == "method6"
            return {}

    ours = check("bleu", oracle, hyps, refs, {"variant": "nltk", "tokenize": tokenize, "smooth_method": method,
                                              "weights": weights, "max_order": N, "return_segments": True})
    compared = 0
    for hyp, seg_refs, got in zip(hyp_tokens, ref_tokens, ours["segment_scores"]):
        try:
            expected = _nltk_call(nltk.sentence_bleu, seg_refs, hyp, weights=w, smoothing_function=smoothing)
        except AssertionError:  # method6 on a segment without trigram matches
            assert method == "method6"
            continue
        assert got == expected, (hyp, seg_refs)
        compared += 1
    return compared


@pytest.mark.oracle
@pytest.mark.parametrize("weights", WEIGHTS, ids=["uniform", "w3", "w5"])
@pytest.mark.parametrize("method", METHODS)
def test_nltk_corpus_and_sentence_bleu_on_real_segments(method, weights):
    if method == "method6" and weights is not None and len(weights) < 3:
        pytest.skip("method6 needs 3 orders")
    hyps, refs, hyp_tokens, ref_tokens = wmt_sample()
    compared = check_against_nltk(hyps, refs, list(hyp_tokens), ref_tokens, method, weights)
    assert compared >= (0.5 if method == "method6" else 1.0) * len(hyps)


# -- generated input ------------------------------------------------------------------------------
WORDS = ["a", "b", "c", "d", "the", "cat"]
TOKENS = st.lists(st.sampled_from(WORDS), max_size=9)


@st.composite
def token_corpora(draw):
    n = draw(st.integers(1, 5))
    hyps = draw(st.lists(TOKENS, min_size=n, max_size=n))
    refs = [draw(st.lists(TOKENS, min_size=1, max_size=3)) for _ in range(n)]
    return hyps, refs


def _texts(hyps, refs):
    return [" ".join(h) for h in hyps], [[" ".join(r) for r in rs] for rs in refs]


@pytest.mark.oracle
@pytest.mark.parametrize("method", METHODS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=token_corpora(), weights=st.sampled_from(WEIGHTS))
def test_nltk_on_generated_corpora(method, corpus, weights):
    hyp_tokens, ref_tokens = corpus
    hyps, refs = _texts(hyp_tokens, ref_tokens)
    check_against_nltk(hyps, refs, hyp_tokens, ref_tokens, method, weights, tokenize="none")


@pytest.mark.oracle
def test_nltk_smoothing_parameters_are_the_smoothing_functions():
    nltk = _nltk()
    hyps, refs, hyp_tokens, ref_tokens = wmt_sample()
    hyps, refs, hyp_tokens, ref_tokens = hyps[:40], refs[:40], list(hyp_tokens[:40]), ref_tokens[:40]
    for method, kwargs, value in [("method1", {"epsilon": 0.3}, 0.3), ("method4", {"k": 2}, 2),
                                  ("method6", {"alpha": 2.5}, 2.5), ("method7", {"k": 7}, 7)]:
        smoothing = getattr(nltk.SmoothingFunction(**kwargs), method)
        ours = corpus_bleu(hyps, refs, variant="nltk", smooth_method=method, smooth_value=value, return_segments=True)
        assert ours["bleu"] == _nltk_call(nltk.corpus_bleu, ref_tokens, hyp_tokens, smoothing_function=smoothing)
        assert f"smooth:{method}[{value:g}]" in ours["signature"]


def test_nltk_method6_has_a_defined_value_where_nltk_asserts():
    # p1 = 2/3, p2 = 1/2, p3 = 0/1: NLTK asserts p3 != 0; its formula goes on:
    # p3' = (0 + 5 * p2^2 / p1) / (1 + 5), p4' = 0 / (0 + 5) (p2 is not 0, so pi = p3'^2 / p2, m = 0, l = 0)
    out = corpus_bleu(["a b c"], [["a b x"]], variant="nltk", smooth_method="method6", tokenize="none")
    p1, p2 = 2 / 3, 1 / 2
    p3 = 5 * p2 ** 2 / p1 / 6
    p4 = 5 * p3 ** 2 / p2 / 5
    expected = math.exp(math.fsum(0.25 * math.log(p) for p in (p1, p2, p3, p4)))
    assert out["bleu"] == pytest.approx(expected, rel=1e-15)
    assert out["precisions"] == pytest.approx([p1, p2, p3, p4], rel=1e-15)


# -- pycocoevalcap ------------------------------------------------------------------------------
def coco_bleu(hyps, refs):
    bleu_module = require_module("pycocoevalcap.bleu.bleu")
    res = {i: [h] for i, h in enumerate(hyps)}
    gts = {i: list(r) for i, r in enumerate(refs)}
    with contextlib.redirect_stdout(io.StringIO()):  # it prints its totals
        return bleu_module.Bleu(4).compute_score(gts, res, verbose=0)


def coco_oracle(hyps, refs):
    """pycocoevalcap's ``Bleu(4)`` as the harness' oracle: BLEU-1 to 4 of the corpus and of each image."""
    score, scores = coco_bleu(hyps, refs)
    return {**{f"bleu_{n}": score[n - 1] for n in range(1, 5)}, "bleu": score[3], "segment_scores_by_order": scores,
            "segment_scores": scores[3]}


def check_against_coco(hyps, refs):
    check("bleu", coco_oracle, hyps, refs, {"variant": "coco", "tokenize": "none", "return_segments": True},
          ways=("function", "load", "score_all"))


@pytest.mark.oracle
def test_coco_bleu_on_real_segments():
    hyps, refs, hyp_tokens, ref_tokens = wmt_sample()
    # pycocoevalcap scores whitespace-separated (PTB-tokenized) text: give it the 13a tokens
    check_against_coco([" ".join(t) for t in hyp_tokens], [[" ".join(t) for t in r] for r in ref_tokens])


@pytest.mark.oracle
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=token_corpora())
def test_coco_bleu_on_generated_corpora(corpus):
    check_against_coco(*_texts(*corpus))
