"""NIST without the mteval quirk equals NLTK 3.10's ``corpus_nist`` (n = 5) on single references.

NLTK is not the reference for several references: for each segment and order it keeps
only the reference with the best precision and clips against that one, where mteval
(and this metric) clip against the most any reference has. The last tests document how
far apart that puts the two on the WMT pairs with 2-3 references.
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import load_system, oracle_records, record_id, require_module
from ngram_core.nist import corpus_nist


def nltk_records(single_reference: bool):
    try:
        records = [r for r in oracle_records() if r["metric"] == "nltk_corpus_nist"]
    except BaseException:  # shared data missing: one placeholder that require()s it
        return [None]
    return [r for r in records if (len(r["refs"]) == 1) == single_reference]


def _tokenizer(record) -> str:
    return record["settings"]["tokenize"].split()[1]  # "sacrebleu 13a then str.split()"


def _nltk_nist(hyps, refs, tokenize="13a"):
    """NLTK's corpus_nist on sacreBLEU's tokens, as the oracle records were made."""
    nist_score = require_module("nltk.translate.nist_score")
    sacrebleu = require_module("sacrebleu")
    tokenizer = sacrebleu.BLEU(tokenize=tokenize).tokenizer
    return nist_score.corpus_nist(
        [[tokenizer(r.rstrip()).split() for r in rs] for rs in refs],
        [tokenizer(h.rstrip()).split() for h in hyps],
        n=5,
    )


@pytest.mark.oracle
@pytest.mark.parametrize("record", nltk_records(single_reference=True), ids=lambda r: record_id(r) if r else "shared-data")
def test_single_reference_equals_nltk_oracle_record(record):
    if record is None:
        oracle_records()
    if _tokenizer(record) == "ja-mecab":
        require_module("MeCab")
    hyps, refs = load_system(record)
    assert corpus_nist(hyps, refs, tokenize=_tokenizer(record))["nist"] == pytest.approx(record["score"], abs=1e-9)


@pytest.mark.oracle
@pytest.mark.parametrize("system", [("newstest2021", "ja-en", "HuaweiTSC"), ("newstest2021", "zh-en", "Borderline")])
def test_single_reference_equals_live_nltk(system):
    testset, langpair, name = system
    hyps, refs = load_system({"testset": testset, "langpair": langpair, "system": name, "refs": ["A"]})
    hyps, refs = hyps[:400], refs[:400]  # NLTK is slow; the whole systems are in the oracle records
    theirs = _nltk_nist(hyps, refs)
    assert corpus_nist(hyps, refs)["nist"] == pytest.approx(theirs, abs=1e-9)


@pytest.mark.oracle
def test_first_reference_of_a_multi_reference_pair_equals_live_nltk():
    hyps, refs = load_system({"testset": "newstest2021", "langpair": "en-de", "system": "ICL", "refs": ["C"]})
    hyps, refs = hyps[:400], refs[:400]
    assert corpus_nist(hyps, refs)["nist"] == pytest.approx(_nltk_nist(hyps, refs), abs=1e-9)


# NLTK / ours - 1 on the recorded multi-reference systems (2-3 references, 32 records):
# 13a: generaltest2022 en-de -9.8..-9.9%, zh-en -7.3..-9.0%; newstest2021 cs-en -13.5..-14.0%,
# de-en -10.3..-11.0%, en-cs -13.5..-14.5%, en-de (3 refs) -13.7..-15.4%, en-ru -11.1..-11.5%,
# ru-en -9.6..-10.0%; en-zh with the zh tokenizer -12.3..-13.0%. That is 0.66-1.76 NIST points.
@pytest.mark.oracle
@pytest.mark.parametrize("record", nltk_records(single_reference=False), ids=lambda r: record_id(r) if r else "shared-data")
def test_multi_reference_nltk_is_lower_by_7_to_16_percent(record):
    if record is None:
        oracle_records()
    tokenize = _tokenizer(record)
    hyps, refs = load_system(record)
    ours = corpus_nist(hyps, refs, tokenize=tokenize)["nist"]
    shortfall = 1 - record["score"] / ours
    if record["langpair"].endswith("-zh") and tokenize == "13a":
        # Chinese under 13a is a few giant "words": both scores are near 0 and NLTK's far lower
        assert record["score"] < ours < 2
    else:
        assert 0.07 < shortfall < 0.16


@pytest.mark.oracle
def test_multi_reference_live_nltk_differs():
    hyps, refs = load_system({"testset": "newstest2021", "langpair": "de-en", "system": "happypoet", "refs": ["A", "B"]})
    hyps, refs = hyps[:300], refs[:300]
    ours, theirs = corpus_nist(hyps, refs)["nist"], _nltk_nist(hyps, refs)
    assert 0.05 < 1 - theirs / ours < 0.2


# --- generated corpora -----------------------------------------------------------
WORDS = ["the", "cat", "sat", "on", "mat", "a", "0", "x", "y", "z"]
TOKENS = st.lists(st.sampled_from(WORDS), max_size=9)


@st.composite
def single_reference_corpora(draw):
    n = draw(st.integers(1, 6))
    hyps = draw(st.lists(TOKENS, min_size=n, max_size=n))
    refs = draw(st.lists(TOKENS.filter(len), min_size=n, max_size=n))
    hyps[0] = hyps[0] + draw(st.lists(st.sampled_from(WORDS), min_size=5, max_size=5))  # NLTK needs T_5 > 0
    return hyps, refs


@pytest.mark.oracle
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=single_reference_corpora())
def test_live_parity_with_nltk_on_generated_corpora(corpus):
    nist_score = require_module("nltk.translate.nist_score")
    hyps, refs = corpus
    theirs = nist_score.corpus_nist([[r] for r in refs], hyps, n=5)
    ours = corpus_nist([" ".join(h) for h in hyps], [" ".join(r) for r in refs], tokenize="none")
    assert ours["nist"] == pytest.approx(theirs, abs=1e-9)
