"""Every BLEU variant reproduces its tool's recorded numbers on the shared WMT data.

Records (``oracle.json``): ``nltk_corpus_bleu`` (NLTK 3.10.4 ``corpus_bleu`` on
sacreBLEU's 13a / zh / ja-mecab tokens), ``evaluate_bleu`` (evaluate's ``bleu`` script,
``smooth`` off and on) and ``mteval13a_bleu`` (mteval-v13a.pl, ``-c`` and default
lowercasing; its score is Perl's 15-digit print, hence 1e-9).

Two mteval systems hold a literal ``&amp;`` (newstest2021 de-en Online-A, en-de
Online-W): the SGML wrapping escaped it to ``&amp;amp;``, which mteval unescapes
once back to the text ``&amp;`` (tokens ``& amp ;``), whereas the plain text
unescapes to ``&``. They are compared on the text escaped as the wrapper did (and
shown to differ on the plain text), as ``test_nist_mteval_parity.py`` does for NIST.
"""
from __future__ import annotations

from functools import lru_cache

import pytest

from helpers.data import load_system, oracle_records, record_id
from helpers.parity import check
from helpers.require import require_module
from ngram_core.bleu import corpus_bleu

SGML_CHANGED = {("newstest2021", "de-en", "Online-A"), ("newstest2021", "en-de", "Online-W")}


def records(metric: str):
    try:
        return [r for r in oracle_records() if r["metric"] == metric]
    except BaseException:  # shared data missing: one placeholder that require()s it
        return [None]


def _id(record) -> str:
    if record is None:
        return "shared-data"
    s = record["settings"]
    extra = s.get("tokenize", "").split(" ")[1] if "tokenize" in s else s.get("flags", f"smooth={s.get('smooth')}")
    return f"{record_id(record)}/{extra}"


@lru_cache(maxsize=8)
def _system(record_key):
    testset, langpair, system, refs = record_key
    return load_system({"testset": testset, "langpair": langpair, "system": system, "refs": list(refs)})


def system_of(record):
    if record is None:
        oracle_records()
    return _system((record["testset"], record["langpair"], record["system"], tuple(record["refs"])))


@pytest.mark.oracle
@pytest.mark.parametrize("record", records("nltk_corpus_bleu"), ids=_id)
def test_nltk_variant_reproduces_nltk_corpus_bleu_records(record):
    hyps, refs = system_of(record)
    tokenize = record["settings"]["tokenize"].split(" ")[1]  # "sacrebleu 13a then str.split()"
    if tokenize == "ja-mecab":
        require_module("MeCab")
    assert record["settings"]["smoothing"] is None and record["settings"]["weights"] == [0.25] * 4
    # (totals: a hypothesis shorter than n counts as one n-gram)
    expected = {"bleu": record["score"], "counts": record["nltk_p_numerators"], "totals": record["nltk_p_denominators"],
                "translation_length": record["hyp_len"], "reference_length": record["closest_ref_len"]}
    check("bleu", expected, hyps, refs, {"variant": "nltk", "tokenize": tokenize}, tolerance={"bleu": 1e-12})


@pytest.mark.oracle
@pytest.mark.parametrize("record", records("evaluate_bleu"), ids=_id)
def test_evaluate_variant_reproduces_evaluate_bleu_records(record):
    hyps, refs = system_of(record)
    smooth = "add-one" if record["settings"]["smooth"] else "none"
    fields = ("bleu", "precisions", "brevity_penalty", "length_ratio", "translation_length", "reference_length")
    expected = dict({key: record[key] for key in fields[1:]}, bleu=record["score"])  # (reference_length: the shortest)
    check("bleu", expected, hyps, refs, {"variant": "evaluate", "smooth_method": smooth,
                                         "max_order": record["settings"]["max_order"]},
          tolerance={"bleu": 1e-12, "precisions": 1e-15, "brevity_penalty": 1e-15, "length_ratio": 1e-15})


def mteval_records(sgml_changed: bool):
    found = records("mteval13a_bleu")
    if found == [None]:
        return found
    return [r for r in found if ((r["testset"], r["langpair"], r["system"]) in SGML_CHANGED) == sgml_changed]


def _lowercase(record):
    return False if record["settings"]["flags"] == "-c" else "ascii"


def _mteval(hyps, refs, record):
    return corpus_bleu(hyps, refs, variant="mteval", lowercase=_lowercase(record))


def check_mteval(hyps, refs, record):
    # mteval's report prints the individual n-gram scores to 4 decimals
    check("bleu", {"bleu": record["score"], "precisions": record["individual_1to9"][:4]}, hyps, refs,
          {"variant": "mteval", "lowercase": _lowercase(record)}, tolerance={"bleu": 1e-9, "precisions": 5.1e-5})


@pytest.mark.oracle
@pytest.mark.parametrize("record", mteval_records(sgml_changed=False), ids=_id)
def test_mteval_variant_reproduces_mteval13a_bleu_records(record):
    hyps, refs = system_of(record)
    check_mteval(hyps, refs, record)


def _sgml_escaped(texts):
    return [t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") for t in texts]


@pytest.mark.oracle
@pytest.mark.parametrize("record", mteval_records(sgml_changed=True), ids=_id)
def test_mteval_records_with_a_literal_amp_differ_only_by_the_sgml_wrapping(record):
    hyps, refs = system_of(record)
    assert any("&amp;" in h for h in hyps)
    plain = _mteval(hyps, refs, record)["bleu"]
    assert 1e-5 < abs(plain - record["score"]) < 1e-3  # the plain text is not what mteval saw
    check_mteval(_sgml_escaped(hyps), [_sgml_escaped(r) for r in refs], record)


@pytest.mark.oracle
def test_mteval_cumulative_scores_of_other_orders_match_its_report():
    record = mteval_records(sgml_changed=False)[0]
    hyps, refs = system_of(record)
    for n in range(1, 10):
        out = corpus_bleu(hyps, refs, variant="mteval", max_order=n, lowercase=_lowercase(record))
        assert out["bleu"] == pytest.approx(record["cumulative_1to9"][n - 1], abs=5.1e-5)
