"""BLEU equals sacreBLEU 2.6.0: the recorded oracle numbers, and live on generated corpora."""
from __future__ import annotations

import math
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.data import REPO, load_system, oracle_records, record_id, require_wmt
from helpers.require import require_module
from ngram_core.bleu import corpus_bleu


def bleu_records():
    try:
        return [r for r in oracle_records() if r["metric"] == "sacrebleu_bleu"]
    except BaseException:  # shared data missing: one placeholder that require()s it
        return [None]


def _settings(record):
    s = record["settings"]
    return {"tokenize": s["tokenize"], "lowercase": s.get("lowercase", False)}


def _check_against_record(out, record):
    assert abs(out["score"] - record["score"]) <= 1e-9
    assert out["counts"] == record["counts"]
    assert out["totals"] == record["totals"]
    assert out["translation_length"] == record["sys_len"]
    assert out["reference_length"] == record["ref_len"]
    assert out["brevity_penalty"] == pytest.approx(record["bp"], abs=1e-12)
    assert [100 * p for p in out["precisions"]] == pytest.approx(record["precisions"], abs=1e-9)
    # same fields as sacreBLEU's signature, apart from the version
    theirs = dict(f.split(":", 1) for f in record["signature"].split("|"))
    ours = dict(f.split(":", 1) for f in out["signature"].split("|")[1:])
    for key in ("nrefs", "case", "eff", "tok", "smooth"):
        assert ours[key] == theirs[key], key


@pytest.mark.oracle
@pytest.mark.parametrize("record", bleu_records(), ids=lambda r: record_id(r) if r else "shared-data")
def test_core_reproduces_sacrebleu_oracle_record(record):
    if record is None:
        oracle_records()
    if record["settings"]["tokenize"] == "ja-mecab":
        require_module("MeCab")
    hyps, refs = load_system(record)
    _check_against_record(corpus_bleu(hyps, refs, **_settings(record)), record)


@lru_cache(maxsize=None)
def _bleu_metric():
    import evaluate

    return evaluate.load(str(REPO / "bleu_custom"))


def one_record_per_setting():
    seen, picked = set(), []
    for r in bleu_records():
        if r is None:
            return [None]
        key = (r["settings"]["tokenize"], r["settings"].get("lowercase", False), len(r["refs"]) > 1)
        if key not in seen:
            seen.add(key)
            picked.append(r)
    return picked


@pytest.mark.oracle
@pytest.mark.parametrize("record", one_record_per_setting(), ids=lambda r: record_id(r) if r else "shared-data")
def test_evaluate_load_reproduces_sacrebleu_oracle_record(record):
    if record is None:
        oracle_records()
    if record["settings"]["tokenize"] == "ja-mecab":
        require_module("MeCab")
    hyps, refs = load_system(record)
    out = _bleu_metric().compute(predictions=hyps, references=refs, **_settings(record))
    _check_against_record(out, record)


# --- live parity on generated corpora -------------------------------------------
WORDS = ["the", "cat", "sat", "on", "mat", "The", "a", "3.5", "1,000", "U.S.", "e.g.", "-", "--", "&amp;",
         "&quot;", "(x)", "hello!", "Ünïcödé", "中文", "日本", "ΣΟΦΙΑ", "’s", "\u00a0", "x-y", "5-6", ".", ","]
SEGMENT = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join) | st.just("")
SMOOTHING = [("exp", None), ("floor", None), ("floor", 0.3), ("floor", 0.0), ("add-k", None), ("add-k", 2),
             ("add-k", 0.0), ("none", None)]


@st.composite
def corpora(draw):
    n = draw(st.integers(1, 6))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = [draw(st.lists(SEGMENT, min_size=1, max_size=3)) for _ in range(n)]
    return hyps, refs


def sacrebleu_score(hyps, refs, **kwargs):
    return sacrebleu_scored(hyps, refs, **kwargs)[0]


def sacrebleu_scored(hyps, refs, **kwargs):
    """sacreBLEU's (score, signature string) of ``hyps`` against one list of references per segment."""
    sacrebleu = require_module("sacrebleu")
    width = max(len(r) for r in refs)
    streams = [[r[i] if i < len(r) else None for r in refs] for i in range(width)]
    metric = sacrebleu.BLEU(**kwargs)
    score = metric.corpus_score(hyps, streams)
    return score, str(metric.get_signature())


@pytest.mark.oracle
@pytest.mark.parametrize("tokenize", ["13a", "intl", "zh", "char", "none"])
@pytest.mark.parametrize("smooth_method,smooth_value", SMOOTHING)
@pytest.mark.parametrize("effective_order", [False, True])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora(), lowercase=st.booleans())
def test_live_parity_with_sacrebleu(tokenize, smooth_method, smooth_value, effective_order, corpus, lowercase):
    hyps, refs = corpus
    options = dict(tokenize=tokenize, lowercase=lowercase, smooth_method=smooth_method,
                   smooth_value=smooth_value, effective_order=effective_order)
    ours = corpus_bleu(hyps, refs, return_segments=True, **options)
    theirs = sacrebleu_score(hyps, refs, **options)
    assert ours["score"] == pytest.approx(theirs.score, abs=1e-9)
    assert ours["translation_length"] == theirs.sys_len and ours["reference_length"] == theirs.ref_len
    if smooth_method != "add-k":  # sacreBLEU reports add-k's counts with k added
        assert ours["counts"] == theirs.counts and ours["totals"] == theirs.totals
    for hyp, seg_refs, seg_score in zip(hyps, refs, ours["segment_scores"]):
        expected = sacrebleu_score([hyp], [seg_refs], **options).score / 100
        assert seg_score == pytest.approx(expected, abs=1e-11)
    assert all(math.isfinite(s) and 0 <= s <= 1 for s in ours["segment_scores"])


# sacreBLEU accepts smooth_value=0 with floor and add-k (its test_offset): no smoothing at all
ZERO_SMOOTHING_SYSTEMS = [("newstest2021", "en-de", "Online-W", ["A", "C", "D"]), ("newstest2021", "ru-en", "Online-Y", ["A"]),
                          ("generaltest2022", "en-ja", None, None)]


def _system(testset, pair, system, refs):
    if system is None:  # the first system and reference of the pair
        folder = require_wmt() / testset / pair
        system = sorted(p.name[4:-4] for p in folder.glob("sys.*.txt"))[0]
        refs = [sorted(p.name[4:-4] for p in folder.glob("ref.*.txt"))[0]]
    return load_system({"testset": testset, "langpair": pair, "system": system, "refs": refs})


@pytest.mark.oracle
@pytest.mark.parametrize("smooth_method", ["floor", "add-k"])
@pytest.mark.parametrize("testset,pair,system,refs", ZERO_SMOOTHING_SYSTEMS, ids=lambda v: v if isinstance(v, str) else None)
def test_smooth_value_zero_is_sacrebleus_number_on_real_systems(smooth_method, testset, pair, system, refs):
    hyps, refs = _system(testset, pair, system, refs)
    tokenize = "ja-mecab" if pair.endswith("ja") else "13a"
    if tokenize == "ja-mecab":
        require_module("MeCab")
    options = dict(smooth_method=smooth_method, smooth_value=0.0, tokenize=tokenize)
    ours = corpus_bleu(hyps, refs, return_segments=True, **options)
    theirs, signature = sacrebleu_scored(hyps, refs, **options)
    assert ours["score"] == pytest.approx(theirs.score, abs=1e-9)
    theirs_signature = dict(f.split(":", 1) for f in signature.split("|"))
    ours_signature = dict(f.split(":", 1) for f in ours["signature"].split("|")[1:])
    assert ours_signature["smooth"] == theirs_signature["smooth"] == f"{smooth_method}[0.00]"
    segment_scores = [sacrebleu_score([h], [r], **options).score / 100 for h, r in zip(hyps, refs)]
    assert ours["segment_scores"] == pytest.approx(segment_scores, abs=1e-11)
    assert 0.0 in segment_scores  # some segments have an order without a match: 0 with no smoothing
