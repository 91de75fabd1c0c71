"""BLEU equals sacreBLEU 2.6.0: the recorded oracle numbers, and live on generated corpora."""
from __future__ import annotations

import math
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.data import load_system, oracle_records, record_id, require_wmt
from helpers.parity import check
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


SIGNATURE = ("nrefs", "case", "eff", "tok", "smooth")  # sacreBLEU's signature fields, apart from the version
# the record's tolerances: its score and precisions printed on 0-100, its brevity penalty
RECORD_TOLERANCE = {"score": 1e-9, "percent_precisions": 1e-9, "brevity_penalty": 1e-12}


def _signature(text, skip):
    return dict(f.split(":", 1) for f in text.split("|")[skip:])


def recorded(record):
    """The record's numbers in the fields of :func:`compared`."""
    theirs = _signature(record["signature"], 0)
    return {"score": record["score"], "counts": record["counts"], "totals": record["totals"],
            "translation_length": record["sys_len"], "reference_length": record["ref_len"],
            "brevity_penalty": record["bp"], "percent_precisions": record["precisions"],
            **{f"signature_{key}": theirs[key] for key in SIGNATURE}}


def compared(out):
    """Our result with sacreBLEU's precisions (0-100) and signature fields."""
    ours = _signature(out["signature"], 1)
    return dict(out, percent_precisions=[100 * p for p in out["precisions"]],
                **{f"signature_{key}": ours[key] for key in SIGNATURE})


def check_record(record, ways):
    if record is None:
        oracle_records()
    if record["settings"]["tokenize"] == "ja-mecab":
        require_module("MeCab")
    hyps, refs = load_system(record)
    check("bleu", recorded(record), hyps, refs, _settings(record), ways=ways, tolerance=RECORD_TOLERANCE, view=compared)


@pytest.mark.oracle
@pytest.mark.parametrize("record", bleu_records(), ids=lambda r: record_id(r) if r else "shared-data")
def test_core_reproduces_sacrebleu_oracle_record(record):
    check_record(record, ways=("function",))


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
    check_record(record, ways=("evaluate", "cli"))


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


def sacrebleu_oracle(**kwargs):
    """sacreBLEU live as the harness' oracle: its score, lengths, and counts (but add-k's, which it
    reports with k added)."""
    def oracle(hyps, refs):
        theirs = sacrebleu_score(hyps, refs, **kwargs)
        counts = {} if kwargs.get("smooth_method") == "add-k" else {"counts": theirs.counts, "totals": theirs.totals}
        return {"score": theirs.score, "translation_length": theirs.sys_len, "reference_length": theirs.ref_len, **counts}

    return oracle


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
    ours = check("bleu", sacrebleu_oracle(**options), hyps, refs, dict(options, return_segments=True),
                 tolerance={"score": 1e-9})
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
