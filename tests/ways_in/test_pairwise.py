"""Pairwise score matrices, self-BLEU and MBR selection against loops over the tools themselves.

Oracles: ``sacrebleu.sentence_bleu`` (the default BLEU), NLTK's ``sentence_bleu`` and
``meteor_score``, ``fast_bleu.SelfBLEU``, and the METEOR 1.5 jar run live (one JVM for a
few hundred pairs). sacreBLEU's sentence score of an exact match can come out as
100.00000000000004 (``exp(log(100))``); ngram_core caps BLEU at 100 everywhere, so the
oracle's number is compared capped (as in tests/significance/test_significance_sacrebleu.py).
"""
from __future__ import annotations

import warnings

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings, strategies as st

import ngram_core
from helpers.data import WMT, read_lines, require_wmt
from helpers.require import require_module
from ngram_core.bleu.pairs import leave_one_out_scores
from ngram_core.bleu import corpus_bleu

N = 200


def wmt_texts(n: int = N):
    """(system outputs, references): the first n lines of a WMT21 de-en system and its reference A."""
    require_wmt()
    pair = WMT / "newstest2021" / "de-en"
    return list(read_lines(pair / "sys.Online-A.txt")[:n]), list(read_lines(pair / "ref.A.txt")[:n])


def sacrebleu_sentence(hypothesis: str, references) -> float:
    return min(sacrebleu.sentence_bleu(hypothesis, list(references)).score, 100.0) / 100.0


def nltk_sentence(references, hypothesis, **kwargs) -> float:
    from nltk.translate.bleu_score import sentence_bleu

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NLTK warns when an order has no match (method0)
        return sentence_bleu(references, hypothesis, **kwargs)


def test_bleu_matrix_equals_a_loop_of_sacrebleu_sentence_bleu_on_wmt():
    hyps, refs = wmt_texts()
    matrix = ngram_core.pairwise("bleu", hyps, refs)
    expected = np.array([[sacrebleu_sentence(h, [r]) for r in refs] for h in hyps])
    assert matrix.shape == (N, N) and matrix.dtype == np.float64
    assert (matrix == expected).all(), np.abs(matrix - expected).max()
    assert (matrix > 0).sum() > N * N // 2  # real overlap, not a matrix of zeros


def test_nltk_variant_matrix_equals_nltk_sentence_bleu_on_wmt():
    hyps, refs = wmt_texts()
    matrix = ngram_core.pairwise("bleu", hyps, refs, variant="nltk", tokenize="none")
    expected = np.array([[nltk_sentence([r.split()], h.split()) for r in refs] for h in hyps])
    assert (matrix == expected).all(), np.abs(matrix - expected).max()


@pytest.mark.parametrize("options", [
    dict(variant="nltk", smooth_method="method4", tokenize="none"),
    dict(variant="nltk", smooth_method="method7", tokenize="none"),  # reads 5-gram matches
    dict(variant="evaluate"), dict(variant="mteval"), dict(variant="coco"), dict(variant="torchmetrics"),
    dict(max_order=2, smooth_method="floor"), dict(effective_order=False), dict(lowercase=True, tokenize="intl"),
])
def test_every_variant_gives_its_single_pair_numbers(options):
    hyps, refs = wmt_texts(12)
    hyps[3], refs[5] = "", ""  # empty strings on both sides
    matrix = ngram_core.pairwise("bleu", hyps, refs, **options)
    sentence = {"effective_order": True} if options.get("variant", "sacrebleu") == "sacrebleu" else {}
    expected = np.array([[corpus_bleu([h], [[r]], **{**sentence, **options})["bleu"] for r in refs] for h in hyps])
    assert (matrix == expected).all(), np.abs(matrix - expected).max()


def test_nltk_smoothing_matrix_equals_nltk():
    from nltk.translate.bleu_score import SmoothingFunction

    hyps, refs = wmt_texts(40)
    smooth = SmoothingFunction()
    for method in ("method1", "method3", "method7"):
        matrix = ngram_core.pairwise("bleu", hyps, refs, variant="nltk", tokenize="none", smooth_method=method)
        expected = [[nltk_sentence([r.split()], h.split(), smoothing_function=getattr(smooth, method)) for r in refs]
                    for h in hyps]
        assert (matrix == np.array(expected)).all(), method


def test_candidates_against_each_other():
    hyps, _ = wmt_texts(30)
    hyps[4] = ""
    square = ngram_core.pairwise("bleu", hyps)
    assert (square == ngram_core.pairwise("bleu", hyps, list(hyps))).all()
    diagonal = np.diag(square)
    assert not np.isnan(square).any()
    assert diagonal[4] == 0.0 and (np.delete(diagonal, 4) == 1.0).all()


def test_blocks_do_not_change_the_numbers(monkeypatch):
    from ngram_core import pairwise_scores

    hyps, refs = wmt_texts(50)
    whole = ngram_core.pairwise("bleu", hyps, refs)
    monkeypatch.setattr(pairwise_scores, "BLOCK_PAIRS", 7 * len(refs))  # blocks of 7 rows, the last one shorter
    assert (ngram_core.pairwise("bleu", hyps, refs) == whole).all()


def test_self_bleu_equals_a_loop_of_sacrebleu_on_wmt():
    hyps, _ = wmt_texts()
    loop = [sacrebleu_sentence(h, hyps[:i] + hyps[i + 1:]) for i, h in enumerate(hyps)]
    assert leave_one_out_scores(hyps, ngram_core.metric.sentence_values(
        ngram_core.registry.get("bleu"), {})).tolist() == loop
    assert ngram_core.self_bleu(hyps) == sum(loop) / len(loop)


def test_self_bleu_nltk_is_texygens_definition_and_fast_bleus():
    from nltk.translate.bleu_score import SmoothingFunction

    hyps, _ = wmt_texts(120)
    tokens = [h.split() for h in hyps]
    method1 = SmoothingFunction().method1
    for order in (3, 4):
        weights = (1 / order,) * order
        loop = [nltk_sentence(tokens[:i] + tokens[i + 1:], t, weights=weights, smoothing_function=method1)
                for i, t in enumerate(tokens)]
        assert ngram_core.self_bleu(hyps, variant="nltk", tokenize="none", max_order=order) == sum(loop) / len(loop)
    fast_bleu = require_module("fast_bleu")
    theirs = fast_bleu.SelfBLEU(tokens).get_score()[4]  # its defaults: 4 x 1/4, NLTK's method1
    ours = leave_one_out_scores(hyps, ngram_core.metric.sentence_values(
        ngram_core.registry.get("bleu"), dict(variant="nltk", tokenize="none", smooth_method="method1")))
    # its C++ arithmetic (a plain sum of logs, not NLTK's fsum of Fractions) differs in the last bits
    assert np.allclose(ours, theirs, rtol=1e-12, atol=0)


def test_mbr_select_equals_loops_over_sacrebleu():
    hyps, refs = wmt_texts(40)
    selection = ngram_core.mbr_select("bleu", hyps, refs[:25])
    utilities = [sum(sacrebleu_sentence(h, [r]) for r in refs[:25]) / 25 for h in hyps]
    assert selection.utilities.tolist() == utilities and selection.index == int(np.argmax(utilities))
    own = ngram_core.mbr_select("bleu", hyps)
    utilities = [sum(sacrebleu_sentence(h, [o]) for j, o in enumerate(hyps) if j != i) / (len(hyps) - 1)
                 for i, h in enumerate(hyps)]
    assert own.utilities.tolist() == utilities and own.index == int(np.argmax(utilities))
    groups = ngram_core.mbr_select("bleu", [hyps[:10], hyps[10:25]])
    assert [g.index for g in groups] == [ngram_core.mbr_select("bleu", hyps[:10]).index,
                                         ngram_core.mbr_select("bleu", hyps[10:25]).index]


WORDS = st.sampled_from(["the", "cat", "sat", "on", "a", "mat", ".", ",", "Dog", "dog's", "(x)", "42", "naïve"])
SENTENCES = st.lists(WORDS, min_size=0, max_size=12).map(" ".join)


@settings(max_examples=60, deadline=None)
@given(st.lists(SENTENCES, min_size=1, max_size=6), st.lists(SENTENCES, min_size=1, max_size=6))
def test_generated_matrices_equal_sacrebleu(candidates, references):
    matrix = ngram_core.pairwise("bleu", candidates, references)
    assert matrix.tolist() == [[sacrebleu_sentence(c, [r]) for r in references] for c in candidates]


@settings(max_examples=60, deadline=None)
@given(st.lists(SENTENCES, min_size=2, max_size=8))
def test_generated_self_bleu_and_mbr_equal_loops(texts):
    loop = [sacrebleu_sentence(t, texts[:i] + texts[i + 1:]) for i, t in enumerate(texts)]
    assert ngram_core.self_bleu(texts) == sum(loop) / len(loop)
    utilities = [sum(sacrebleu_sentence(t, [o]) for j, o in enumerate(texts) if j != i) / (len(texts) - 1)
                 for i, t in enumerate(texts)]
    selection = ngram_core.mbr_select("bleu", texts)
    assert selection.utilities.tolist() == utilities and selection.index == int(np.argmax(utilities))


CHRF_OPTIONS = [{}, {"word_order": 2}, {"lowercase": True, "eps_smoothing": True, "whitespace": True, "beta": 1}]


@pytest.mark.parametrize("options", CHRF_OPTIONS, ids=["chrF", "chrF++", "lc,eps,space,beta=1"])
@pytest.mark.parametrize("compiled_pairs", [False, True], ids=["pairs as a corpus", "compiled pairs"])
def test_chrf_matrix_and_mbr_equal_loops_of_sacrebleu_on_wmt(options, compiled_pairs):
    """Both ways chrF scores pairs (the corpus path, and each text's n-grams once with the compiled pair kernel)."""
    hyps, refs = wmt_texts(60)
    metric = sacrebleu.CHRF(**options)
    expected = [[metric.sentence_score(h, [r]).score / 100 for r in refs[:40]] for h in hyps]
    with ngram_core.compiled.preferring(compiled_pairs):
        assert ngram_core.pairwise("chrf", hyps, refs[:40], **options).tolist() == expected
        selection = ngram_core.mbr_select("chrf", hyps, refs[:40], **options)
        own = ngram_core.pairwise("chrf", hyps[:30], **options)
    utilities = [sum(row) / 40 for row in expected]
    assert selection.utilities.tolist() == utilities and selection.index == int(np.argmax(utilities))
    assert own.tolist() == [[metric.sentence_score(h, [o]).score / 100 for o in hyps[:30]] for h in hyps[:30]]


@settings(max_examples=60, deadline=None)
@given(st.lists(SENTENCES, min_size=1, max_size=6), st.lists(SENTENCES, min_size=1, max_size=6),
       st.sampled_from(CHRF_OPTIONS))
def test_generated_chrf_matrices_equal_sacrebleu(candidates, references, options):
    metric = sacrebleu.CHRF(**options)
    expected = [[metric.sentence_score(c, [r]).score / 100 for r in references] for c in candidates]
    for compiled_pairs in (False, True):
        with ngram_core.compiled.preferring(compiled_pairs):
            assert ngram_core.pairwise("chrf", candidates, references, **options).tolist() == expected


def test_meteor_matrix_equals_the_jar():
    from helpers.jar_scores import jar_scores

    hyps, refs = wmt_texts(20)
    cands, pseudo = hyps[:15], refs[:20]  # 300 pairs, one JVM
    matrix = ngram_core.pairwise("meteor", cands, pseudo)
    segment, _ = jar_scores([c for c in cands for _ in pseudo], [[r] for _ in cands for r in pseudo],
                            ["-l", "en", "-norm"])
    assert matrix.shape == (15, 20)
    assert np.abs(matrix.ravel() - np.array(segment)).max() <= 1e-9  # the jar prints its doubles in full


def test_meteor_nltk_variant_equals_nltk_meteor_score():
    from nltk.translate.meteor_score import meteor_score

    from helpers.nltk_wordnet import nltk_wordnet

    wordnet = nltk_wordnet()
    hyps, refs = wmt_texts(8)
    matrix = ngram_core.pairwise("meteor", hyps, refs, variant="nltk", tokenize="none", lowercase=True)
    expected = [[meteor_score([r.split()], h.split(), wordnet=wordnet) for r in refs] for h in hyps]
    assert (matrix == np.array(expected)).all(), np.abs(matrix - np.array(expected)).max()


@pytest.mark.parametrize("call, error, words", [
    (lambda: ngram_core.pairwise("bleu", None), TypeError, "candidates is None"),
    (lambda: ngram_core.pairwise("bleu", []), ValueError, "candidates is empty"),
    (lambda: ngram_core.pairwise("bleu", ["a"], []), ValueError, "references is empty"),
    (lambda: ngram_core.pairwise("bleu", ["a", 3]), TypeError, "candidates[1] is int"),
    (lambda: ngram_core.pairwise("bleu", "a b"), TypeError, "not a single string"),
    (lambda: ngram_core.pairwise("blue", ["a"]), ValueError, "bleu"),
    (lambda: ngram_core.pairwise(None, ["a"]), TypeError, "metric must be"),
    (lambda: ngram_core.pairwise("bleu", ["a"], smooth="exp"), TypeError, "smooth_method"),
    (lambda: ngram_core.pairwise("bleu", ["a"], return_segments=True), TypeError, "return_segments"),
    (lambda: ngram_core.self_bleu(["only one"]), ValueError, "at least two"),
    (lambda: ngram_core.self_bleu(["a", "b"], variant="torchmetrics"), ValueError, "variant='torchmetrics'"),
    (lambda: ngram_core.mbr_select("bleu", [["a"], ["b"]], [["a"]]), ValueError, "one list of strings per"),
    (lambda: ngram_core.mbr_select("bleu", [["a"], []]), ValueError, "candidates[1] is empty"),
])
def test_bad_input_is_refused_naming_it(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


@pytest.mark.parametrize("metric", ["bleu", "meteor"])
def test_a_lone_candidate_without_references_is_chosen_with_its_score_against_itself(metric):
    """No other candidate to compare with: its utility is the diagonal entry, never NaN."""
    selection = ngram_core.mbr_select(metric, ["just one"])
    assert selection.index == 0 and selection.utilities.tolist() == ngram_core.pairwise(metric, ["just one"])[0].tolist()
    assert not np.isnan(selection.utilities).any()
    assert ngram_core.mbr_select("bleu", ["only one"]).utilities.tolist() == [1.0]
    assert [s.utilities.tolist() for s in ngram_core.mbr_select("bleu", [["a b c"], ["x", "x y"]])][0] == [1.0]


def test_many_sources_show_progress_only_on_a_terminal(monkeypatch):
    import io

    from ngram_core import pairwise_scores

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    groups = [["a cat", "the cat", "a dog"]] * 120
    monkeypatch.setattr("sys.stderr", io.StringIO())
    assert len(ngram_core.mbr_select("bleu", groups)) == 120
    assert pairwise_scores.sys.stderr.getvalue() == ""
    monkeypatch.setattr("sys.stderr", Terminal())
    selections = ngram_core.mbr_select("bleu", groups)
    assert [s.index for s in selections] == [ngram_core.mbr_select("bleu", groups[0]).index] * 120
    assert "mbr_select" in pairwise_scores.sys.stderr.getvalue()
