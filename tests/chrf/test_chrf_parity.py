"""chrF and chrF++ equal sacreBLEU 2.6.0's ``CHRF``, run live: corpus scores, sentence
scores and signatures on real WMT systems (one and two references, every option), on
generated edge text, through every way in (score_all, evaluate, columns, the reduction,
the command line) and in the paired tests.

WMT sample: the first 150 segments of four language pairs (English, German, Chinese and
Japanese targets; one, two and three references), two systems each; sacreBLEU's sentence scores are the slow part.
Every comparison is exact (``==``); the largest difference seen is 0.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import string

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers.data import read_lines, require_wmt
from helpers.parity import check, evaluate_metric, score
from helpers.require import require, require_module

from ngram_core import compiled, registry
from ngram_core.chrf import corpus_chrf, kernel, statistics
from ngram_core.chrf.statistics import chrf_statistics
from ngram_core.statistics import LocalWire

metrics = require_module("sacrebleu.metrics")

N_SEGMENTS = 150
PAIRS = {  # (test set, language pair): (systems, references)
    ("newstest2021", "de-en"): (("Online-A", "happypoet"), ("A", "B")),
    ("newstest2021", "en-de"): (("Online-W", "VolcTrans-GLAT"), ("A", "C", "D")),
    ("newstest2021", "en-zh"): (("Online-G", "WeChat-AI"), ("A", "B")),
    ("generaltest2022", "en-ja"): (("NT5", "Online-W"), ("A",)),
}
OPTION_SETS = {"default": {}, "chrF++": {"word_order": 2}, "lowercase": {"lowercase": True},
               "whitespace": {"whitespace": True}, "eps_smoothing": {"eps_smoothing": True}, "beta=1": {"beta": 1},
               "char_order=4": {"char_order": 4}, "chrF++,eps,lc": {"word_order": 2, "eps_smoothing": True,
                                                                    "lowercase": True}}


def _wmt(testset: str, langpair: str, system: str, refs):
    pair = require_wmt() / testset / langpair
    names = {path.name for path in pair.iterdir()}
    require(f"sys.{system}.txt" in names, f"{testset}/{langpair} has no system {system} (have {sorted(names)})")
    hyps = list(read_lines(pair / f"sys.{system}.txt"))[:N_SEGMENTS]
    streams = [list(read_lines(pair / f"ref.{r}.txt"))[:N_SEGMENTS] for r in refs]
    return hyps, streams


def _theirs(hyps, streams, options):
    """sacreBLEU's corpus score, sentence scores and signature."""
    metric = metrics.CHRF(**options)
    corpus = metric.corpus_score(hyps, streams).score
    signature = str(metric.get_signature())
    sentences = [metric.sentence_score(h, list(r)).score for h, r in zip(hyps, zip(*streams))]
    return corpus, sentences, signature


# the three ways a call counts: plain Python (Counter), the array code (numpy), the compiled kernel (numba)
PATHS = ("plain", "arrays", "compiled")


def _ours(hyps, refs, options, path):
    return score(path, "chrf", hyps, refs, dict(options, return_segments=True))


def sacrebleu_oracle(corpus, sentences, signature, options):
    """sacreBLEU's numbers as the harness' oracle: corpus and sentence scores, the signature's fields."""
    name = f"chrF{options.get('beta', 2)}" + "+" * options.get("word_order", 0)
    return {"score": corpus, "segment_scores": [s / 100 for s in sentences],  # largest difference: 0
            "signature_fields": [name] + signature.split("|")[:-1], "signature_version": True}


def signature_fields(out):
    *fields, version = out["signature"].split("|")
    return dict(out, signature_fields=fields, signature_version=version.startswith("version:ngram-core-"))


def _cases():
    """The first system of each pair with every option set, the second with the default and chrF++."""
    for (testset, langpair), (systems, _) in PAIRS.items():
        for label, options in OPTION_SETS.items():
            for system in systems if label in ("default", "chrF++") else systems[:1]:
                yield pytest.param(testset, langpair, system, options, id=f"{testset}/{langpair}/{system}/{label}")


@pytest.mark.oracle
@pytest.mark.parametrize("testset, langpair, system, options", list(_cases()))
def test_wmt_scores_and_signatures_equal_sacrebleu(testset, langpair, system, options):
    refs_used = PAIRS[testset, langpair][1]
    hyps, streams = _wmt(testset, langpair, system, refs_used)
    corpus, sentences, signature = _theirs(hyps, streams, options)
    refs = [list(r) for r in zip(*streams)]
    expected = dict(sacrebleu_oracle(corpus, sentences, signature, options), chrf=corpus / 100)
    check("chrf", expected, hyps, refs, dict(options, return_segments=True), ways=PATHS + ("score_all",),
          view=signature_fields)


@pytest.mark.oracle
def test_two_references_choose_the_reference_sacrebleu_chooses():
    """With two references the corpus score is not that of either alone: the choice is per segment."""
    hyps, streams = _wmt("newstest2021", "de-en", "Online-A", ("A", "B"))
    both = corpus_chrf(hyps, [list(r) for r in zip(*streams)])["score"]
    alone = [corpus_chrf(hyps, stream)["score"] for stream in streams]
    assert both > max(alone)
    assert both == metrics.CHRF().corpus_score(hyps, streams).score


# -- generated text ---------------------------------------------------------------------------
ALPHABET = "ab c.,!?()'\"-\t\n\u00a0\u2003ÄäßİıΣσς日本語🙂\u0301"  # (a lone surrogate is refused: see the bad input)
texts = st.text(alphabet=ALPHABET, max_size=30)
options_strategy = st.fixed_dictionaries({}, optional={
    "char_order": st.integers(0, 7), "word_order": st.integers(0, 3), "beta": st.integers(0, 3),
    "lowercase": st.booleans(), "whitespace": st.booleans(), "eps_smoothing": st.booleans()}).filter(
    lambda o: o.get("char_order", 6) + o.get("word_order", 0) > 0)  # (no n-grams at all is refused: bad input)


@st.composite
def corpora(draw):
    S = draw(st.integers(1, 6))
    hyps = [draw(texts) for _ in range(S)]
    refs = [draw(st.lists(texts, min_size=1, max_size=3)) for _ in range(S)]
    return hyps, refs


def _sacrebleu_on(hyps, refs, options):
    """sacreBLEU with ragged references (None where a segment has fewer)."""
    width = max(map(len, refs))
    streams = [[r[j] if j < len(r) else None for r in refs] for j in range(width)]
    metric = metrics.CHRF(**options)
    corpus = metric.corpus_score(hyps, streams).score
    signature = str(metric.get_signature())  # (a sentence score sets its own nrefs)
    return corpus, [metric.sentence_score(h, r).score for h, r in zip(hyps, refs)], signature


@settings(max_examples=150, deadline=None)
@given(corpora(), options_strategy)
@example(([""], [[""]]), {})
@example(([" ", "\t"], [["  "], [""]]), {"whitespace": True})
@example((["a"], [["a", "b"]]), {"eps_smoothing": True})
@example((["x"], [["y"]]), {"beta": 0})
@example((["(hi) a, b. ..", "a"], [["(hi) a , b .", "b"], ["a"]]), {"word_order": 2})
@example((["İ Σς ß"], [["i̇ σς ss"]]), {"lowercase": True})
def test_generated_text_equals_sacrebleu(corpus, options):
    hyps, refs = corpus
    expected = sacrebleu_oracle(*_sacrebleu_on(hyps, refs, options), options)
    ours = check("chrf", expected, hyps, refs, dict(options, return_segments=True), ways=PATHS, view=signature_fields)
    assert 0 <= ours["score"] <= 100


@settings(max_examples=60, deadline=None)
@given(corpora(), options_strategy, st.data())
def test_statistics_add_across_shards(corpus, options, data):
    hyps, refs = corpus
    values = registry.get("chrf").OPTIONS.resolve(options)
    cut = data.draw(st.integers(0, len(hyps)))
    whole = chrf_statistics(hyps, refs, values)
    parts = chrf_statistics(hyps[:cut], refs[:cut], values) + chrf_statistics(hyps[cut:], refs[cut:], values) \
        if 0 < cut < len(hyps) else whole
    for field in ("hyp", "ref", "match", "n_refs"):
        assert getattr(parts, field).tolist() == getattr(whole, field).tolist()
    entry = registry.get("chrf")
    assert entry.result(parts, values) == corpus_chrf(hyps, refs, **options)
    reduced = entry.reduce(whole, LocalWire())
    assert entry.result(reduced, values)["score"] == corpus_chrf(hyps, refs, **options)["score"]
    columns = entry.columns(whole, None, values)
    back = entry.from_columns(columns, list(columns))
    assert entry.result(back, values) == entry.result(whole, values)


@pytest.mark.oracle
def test_a_corpus_counted_in_chunks_gives_the_same_statistics(monkeypatch):
    hyps, streams = _wmt("newstest2021", "en-de", "Online-W", ("A", "C", "D"))
    refs = [list(r) for r in zip(*streams)]
    whole = corpus_chrf(hyps, refs, word_order=2, return_segments=True)
    monkeypatch.setattr(statistics, "CHUNK_SEGMENTS", 7)
    for path in ("arrays", "compiled"):
        assert _ours(hyps, refs, {"word_order": 2}, path) == whole


def test_kernel_reads_whitespace_and_punctuation_as_python():
    """The kernel's own character classes: ``str.split()``'s whitespace (``str.isspace``) and ASCII punctuation."""
    assert [c for c in range(0x110000) if kernel.is_space(c)] == [c for c in range(0x110000) if chr(c).isspace()]
    assert {chr(c) for c in range(0x110000) if kernel.is_punctuation(c)} == set(string.punctuation)


@settings(max_examples=40, deadline=None)
@given(corpora(), options_strategy)
def test_kernel_as_plain_python_counts_as_compiled(corpus, options):
    """The kernel's one body, run as Python and compiled by numba: the same counts as the array code."""
    hyps, refs = corpus
    values = registry.get("chrf").OPTIONS.resolve(options)
    index = {}
    table = [[index.setdefault(r, len(index)) for r in row] for row in refs]
    ref_table = np.full((len(hyps), max(map(len, table))), -1, dtype=np.int64)
    for s, row in enumerate(table):
        ref_table[s, :len(row)] = row
    texts = [t.lower() for t in [*hyps, *index]] if values["lowercase"] else [*hyps, *index]
    expected = [a.tolist() for a in statistics._array_counts(texts, ref_table, values)]
    for module in (kernel, compiled.compile_loops(kernel)):
        assert [a.tolist() for a in statistics._compiled_counts(texts, ref_table, values, module)] == expected


def test_long_lines_stay_fast_and_agree():
    line = ("The quick brown fox jumps over the lazy dog, again and again. " * 3000)[:150_000]
    other = line.replace("fox", "cat")
    start = time.perf_counter()
    ours = corpus_chrf([line, other], [[other], [line, "x"]], word_order=2)
    took = time.perf_counter() - start
    assert ours["score"] == metrics.CHRF(word_order=2).corpus_score([line, other], [[other, line], [None, "x"]]).score
    assert took < 10, f"{took:.1f} s for 600,000 characters"


# -- bad input ------------------------------------------------------------------------------
@pytest.mark.parametrize("options, error, words", [
    ({"char_order": -1}, ValueError, "char_order"),
    ({"char_order": 0, "word_order": 0}, ValueError, "char_order=0 and word_order=0"),
    ({"beta": 1.5}, TypeError, "beta"),
    ({"word_order": "2"}, TypeError, "word_order"),
    ({"lowercase": "yes"}, TypeError, "lowercase"),
    ({"char_orders": 6}, TypeError, "did you mean 'char_order'"),
    ({"tokenize": "13a"}, TypeError, "unknown chrF option 'tokenize'"),
])
def test_bad_options_are_named(options, error, words):
    with pytest.raises(error, match=words):
        corpus_chrf(["a"], ["a"], **options)


@pytest.mark.parametrize("predictions, references, error, words", [
    (None, ["a"], TypeError, "predictions"),
    (["a", "b"], ["a"], ValueError, "references has 1"),
    ([], [], ValueError, "predictions is empty"),
    (["a"], [[]], (TypeError, ValueError), "references"),
    ([b"a"], ["a"], TypeError, "predictions"),
    (["\ud800"], ["a"], ValueError, "lone surrogate"),
])
def test_bad_input_is_named(predictions, references, error, words):
    with pytest.raises(error, match=words):
        corpus_chrf(predictions, references)


# -- the other ways in ---------------------------------------------------------------------------
def test_evaluate_script_and_segment_columns_equal_the_core():
    require_module("evaluate")
    from ngram_core.adapters.datasets import score_columns, segment_columns

    hyps = ["The cat sat on the mat.", "Hello (world)!", ""]
    refs = [["The cat is on the mat.", "A cat sat on a mat."], ["Hello world!"], ["nothing"]]
    expected = corpus_chrf(hyps, refs, word_order=2)
    metric = evaluate_metric("chrf", word_order=2)
    metric.add_batch(predictions=hyps[:2], references=refs[:2])
    metric.add_batch(predictions=hyps[2:], references=refs[2:])
    assert metric.compute() == expected
    columns = segment_columns(hyps, refs, metrics=("chrf",), word_order=2)
    assert sorted(columns) == ["chrf_hyp", "chrf_match", "chrf_n_refs", "chrf_ref"]
    assert score_columns(columns, word_order=2)["chrf"] == expected


@pytest.mark.oracle
def test_command_line_equals_sacrebleu_command(tmp_path):
    sacrebleu = shutil.which("sacrebleu")
    require(sacrebleu is not None, "the sacrebleu command is not installed; pip install -e '.[test]'")
    hyps, streams = _wmt("newstest2021", "de-en", "happypoet", ("A", "B"))
    paths = []
    for name, lines in [("ref.A", streams[0]), ("ref.B", streams[1]), ("sys", hyps)]:
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths.append(str(path))
    args = [paths[0], paths[1], "-i", paths[2], "-m", "chrf", "--chrf-word-order", "2", "--chrf-eps-smoothing",
            "-w", "12", "-q"]
    theirs = json.loads(subprocess.run([sacrebleu, *args], capture_output=True, text=True, check=True).stdout)
    ours = json.loads(subprocess.run([sys.executable, "-m", "ngram_core", *args], capture_output=True, text=True,
                                     check=True).stdout)
    assert ours["score"] == theirs["score"]
    assert ours["signature"].split("|")[1:-1] == theirs["signature"].split("|")[:-1]


@pytest.mark.oracle
@pytest.mark.parametrize("flags", [[], ["--chrf-word-order", "2"]], ids=["chrF", "chrF++"])
def test_command_line_prints_what_the_sacrebleu_command_prints(tmp_path, flags):
    """Default width (1 decimal), the score's name (chrF2, chrF2++), the JSON keys (no
    verbose part), ``-b`` and ``-f text``: sacreBLEU's output but for our version (and the
    name our signature carries in front)."""
    sacrebleu = shutil.which("sacrebleu")
    require(sacrebleu is not None, "the sacrebleu command is not installed; pip install -e '.[test]'")
    hyps, streams = _wmt("newstest2021", "de-en", "happypoet", ("A",))
    paths = []
    for name, lines in [("ref", streams[0]), ("sys", hyps)]:
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths.append(str(path))
    args = [paths[0], "-i", paths[1], "-m", "chrf", *flags]

    def both(*more):
        theirs = subprocess.run([sacrebleu, *args, *more], capture_output=True, text=True, check=True).stdout
        ours = subprocess.run([sys.executable, "-m", "ngram_core", *args, *more], capture_output=True, text=True,
                              check=True).stdout
        return ours, theirs

    ours, theirs = (json.loads(out) for out in both())
    version = ours.pop("version"), theirs.pop("version")
    assert version[1] == "2.6.0" and version[0].startswith("ngram-core-")
    assert ours.pop("signature").split("|")[1:-1] == theirs.pop("signature").split("|")[:-1]
    assert ours == theirs  # name, score to 1 decimal, every signature field, nothing more
    ours, theirs = both("-b")
    assert ours == theirs
    ours, theirs = both("-f", "text")
    assert ours.replace(version[0], "2.6.0") == theirs


@pytest.mark.oracle
def test_lowercase_flags_do_what_the_sacrebleu_command_does(tmp_path):
    """``-lc`` lowercases BLEU only (sacreBLEU's chrF ignores it); ``--chrf-lowercase`` lowercases chrF."""
    sacrebleu = shutil.which("sacrebleu")
    require(sacrebleu is not None, "the sacrebleu command is not installed; pip install -e '.[test]'")
    hyps, streams = _wmt("newstest2021", "de-en", "happypoet", ("A",))
    hyps = [h.upper() if i % 2 else h for i, h in enumerate(hyps)]  # (so that case matters)
    paths = []
    for name, lines in [("ref", streams[0]), ("sys", hyps)]:
        path = tmp_path / f"{name}.txt"
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
        paths.append(str(path))
    scores = {}
    for flags in (["-lc"], ["--chrf-lowercase"], ["-lc", "--chrf-lowercase"], []):
        args = [paths[0], "-i", paths[1], "-m", "chrf", "-w", "12", *flags]
        theirs = json.loads(subprocess.run([sacrebleu, *args], capture_output=True, text=True, check=True).stdout)
        ours = json.loads(subprocess.run([sys.executable, "-m", "ngram_core", *args], capture_output=True, text=True,
                                         check=True).stdout)
        assert ours["score"] == theirs["score"], flags
        assert ours["signature"].split("|")[1:-1] == theirs["signature"].split("|")[:-1], flags
        scores[" ".join(flags)] = theirs["score"]
    assert scores["-lc"] == scores[""] != scores["--chrf-lowercase"] == scores["-lc --chrf-lowercase"]


# -- significance ---------------------------------------------------------------------------
@pytest.mark.oracle
@pytest.mark.parametrize("options", [{}, {"word_order": 2, "eps_smoothing": True}, {"beta": 1, "char_order": 4}],
                         ids=["default", "chrF++,eps", "beta=1,char_order=4"])
def test_paired_tests_equal_sacrebleu_api(options, monkeypatch):
    """Paired bootstrap and approximate randomization, four systems, two references, 200 segments."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    significance = require_module("sacrebleu.significance")
    from ngram_core.significance import score_systems

    names = ("Online-A", "VolcTrans-GLAT", "NVIDIA-NeMo", "happypoet")
    systems = [_wmt("newstest2021", "de-en", name, ())[0][:200] for name in names]
    streams = [stream[:200] for stream in _wmt("newstest2021", "de-en", names[0], ("A", "B"))[1]]
    ours = score_systems(systems, [list(r) for r in zip(*streams)], metrics=("chrf",), **options)
    for test, n, mine in (("bs", 1000, ours.paired_bootstrap(1000, seed=12345)),
                          ("ar", 1000, ours.paired_randomization(1000, seed=12345))):
        metric = metrics.CHRF(references=streams, **options)
        _, theirs = significance.PairedTest(list(zip(names, systems)), {"CHRF": metric}, None, test_type=test,
                                            n_samples=n)()
        key = next(k for k in theirs if k != "System")  # sacreBLEU's API names it chrF2, its command line CHRF
        assert [r["CHRF"].as_dict() for r in mine] == [vars(r) for r in theirs[key]], test


@settings(max_examples=25, deadline=None)
@given(corpora(), st.lists(st.lists(texts, min_size=1, max_size=1), min_size=1, max_size=1))
def test_generated_paired_bootstrap_equals_sacrebleu(corpus, _unused):
    """Edge statistics (empty orders, no matches) in sacreBLEU's float32 resamples."""
    significance = require_module("sacrebleu.significance")
    from ngram_core.significance import score_systems

    hyps, refs = corpus
    refs = [[r[0]] for r in refs]
    systems = [hyps, [h[::-1] for h in hyps]]
    saved = os.environ.pop("SACREBLEU_SEED", None)
    try:
        mine = score_systems(systems, refs, metrics=("chrf",)).paired_bootstrap(100, seed=12345)
        _, theirs = significance.PairedTest(list(zip(("a", "b"), systems)),
                                            {"CHRF": metrics.CHRF(references=[[r[0] for r in refs]])}, None,
                                            test_type="bs", n_samples=100)()
    finally:
        if saved is not None:
            os.environ["SACREBLEU_SEED"] = saved
    key = next(k for k in theirs if k != "System")
    for j, (m, t) in enumerate(zip(mine, theirs[key])):
        expected = dict(vars(t))
        if j and m["CHRF"].score == mine[0]["CHRF"].score:  # equal scores: p = 1 here (as for BLEU)
            expected["p_value"] = 1.0
        assert m["CHRF"].as_dict() == expected


@pytest.mark.oracle
def test_confidence_equals_sacrebleu_api(monkeypatch):
    """One system's bootstrap mean and interval (sacreBLEU's ``corpus_score(..., n_bootstrap=1000)``),
    which sacreBLEU takes of float32 chrF scores: compared value for value."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    from ngram_core.significance import score_systems

    hyps, streams = _wmt("newstest2021", "de-en", "happypoet", ("A", "B"))
    for options in ({}, {"word_order": 2}):
        ours = score_systems([hyps], [list(r) for r in zip(*streams)], metrics=("chrf",), **options)
        result = ours.confidence(seed=12345)[0]["CHRF"]
        theirs = metrics.CHRF(**options).corpus_score(hyps, streams, n_bootstrap=1000)
        assert (result.score, result.mean, result.ci) == (theirs.score, theirs._mean, theirs._ci)
