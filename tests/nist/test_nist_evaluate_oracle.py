"""``ngram_core.load("nist", variant="nltk")`` equals 🤗 evaluate's ``nist_mt`` on the same input.

evaluate's script is not loaded (``evaluate.load`` would fetch it, and the script downloads
NLTK's perluniprops at import): :func:`evaluate_nist_mt` below is its ``_compute``, copied,
run with NLTK 3.10's ``NISTTokenizer`` and ``corpus_nist`` offline (:mod:`nltk_offline`).
"""
from __future__ import annotations

import pytest
from helpers.data import load_system
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.evaluate_nist_mt import evaluate_nist_mt
from helpers.parity import check

pytestmark = pytest.mark.oracle


def check_nist_mt(predictions, references, tolerance=1e-12, n=5, lowercase=False, western_lang=True):
    """Ours against evaluate's ``nist_mt`` (the oracle) with evaluate's arguments as ours: western_lang
    picks the tokenizer; NLTK ignores lowercase without it."""
    options = {"variant": "nltk", "n": n, "lowercase": lowercase and western_lang}
    if not western_lang:
        options["tokenize"] = "nltk-nist-nonwestern"
    arguments = {"n": n, "lowercase": lowercase, "western_lang": western_lang}
    return check("nist", lambda p, r: {"nist": evaluate_nist_mt(p, r, **arguments)["nist_mt"]}, predictions,
                 references, options, ways=("load",), tolerance=tolerance)["nist"]


def test_evaluates_docstring_examples():
    hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
    refs = ["It is a guide to action that ensures that the military will forever heed Party commands",
            "It is the guiding principle which guarantees the military forces always being under the command of the Party",
            "It is the practical guide for the army always to heed the directions of the party"]
    assert check_nist_mt([hyp], [refs], tolerance=0.0) == 3.3709935957649324
    assert check_nist_mt([hyp], [refs[0]], tolerance=0.0) == 2.4477124183006533


SYSTEMS = [("newstest2021", "en-de", "Online-W", ["A", "C", "D"]), ("newstest2021", "de-en", "happypoet", ["A", "B"]),
           ("newstest2021", "en-ru", "Online-B", ["A"]), ("generaltest2022", "zh-en", "Online-A", ["A"])]


@pytest.mark.parametrize("western_lang", [True, False])
@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: f"{s[0]}/{s[1]}/{s[2]}/{''.join(s[3])}")
def test_equals_evaluates_nist_mt_on_wmt_data(system, lowercase, western_lang):
    testset, langpair, name, ref_names = system
    hyps, refs = load_system({"testset": testset, "langpair": langpair, "system": name, "refs": ref_names})
    hyps, refs = hyps[:300], refs[:300]  # NLTK's corpus_nist is slow
    if len(ref_names) == 1:  # evaluate's other input form: one string per prediction
        refs = [r[0] for r in refs]
    check_nist_mt(hyps, refs, lowercase=lowercase, western_lang=western_lang)


def test_other_orders_equal_evaluates_nist_mt():
    hyps, refs = load_system({"testset": "newstest2021", "langpair": "de-en", "system": "happypoet", "refs": ["A", "B"]})
    for n in (1, 2, 4, 7):
        check_nist_mt(hyps[:200], refs[:200], n=n)


WORDS = ["The", "cat", "sat", "on", "the", "mat", ".", ",", "3.5", "U.S.", "&amp;", "<skipped>", "don't", "(a)",
         "x-1", "Über", "$4", "&AMP;", "0"]
SENTENCE = st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join)


@st.composite
def corpora(draw):
    n = draw(st.integers(1, 5))
    hyps = draw(st.lists(SENTENCE, min_size=n, max_size=n))
    # NLTK divides by zero without a hypothesis n-gram of every order: one long hypothesis
    hyps[0] = hyps[0] + " " + " ".join(draw(st.lists(st.sampled_from(["a", "b", "c"]), min_size=5, max_size=6)))
    # (and without a reference token: NISTTokenizer drops "<skipped>", so a reference made of it alone is empty)
    refs = [draw(st.lists(SENTENCE.filter(lambda s: s.replace("<skipped>", "").strip()), min_size=1, max_size=3))
            for _ in range(n)]
    return hyps, refs


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora(), lowercase=st.booleans(), western_lang=st.booleans())
def test_equals_evaluates_nist_mt_on_generated_text(corpus, lowercase, western_lang):
    hyps, refs = corpus
    check_nist_mt(hyps, refs, lowercase=lowercase, western_lang=western_lang)
