"""Paired tests and confidence intervals equal sacreBLEU 2.6.0's bit for bit, run live on
real WMT systems: the ``sacrebleu`` command next to ``ngram-score`` (``python -m
ngram_core``), and sacreBLEU's Python API next to ``ngram_core.significance``.

Four systems of newstest2021 de-en (1,000 segments), with one reference (A) and two
(A, B). sacreBLEU's approximate randomization costs about 5 s per run whatever the
number of segments (a Python loop over its trials), so one run uses the default
10,000 trials on the first 300 segments and the other 3,000 trials on all segments.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers.data import read_lines, require_wmt
from helpers.require import require, require_module

pytestmark = [pytest.mark.oracle, pytest.mark.slow]

PAIR = ("newstest2021", "de-en")
SYSTEMS = ("Online-A", "VolcTrans-GLAT", "NVIDIA-NeMo", "happypoet")
REFERENCE_SETS = {"one-ref": ("A",), "two-refs": ("A", "B")}


def _pair_dir() -> Path:
    return require_wmt().joinpath(*PAIR)


def _env(**seeds: str) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("SACREBLEU_SEED", "NGRAM_CORE_SEED")}
    env.update(seeds)
    return env


def _files(tmp_path: Path, refs, n_segments=None):
    """(reference paths, system paths): the shared files, or their first lines copied to tmp_path."""
    pair = _pair_dir()
    names = [f"ref.{r}.txt" for r in refs] + [f"sys.{s}.txt" for s in SYSTEMS]
    if n_segments is None:
        paths = [str(pair / name) for name in names]
    else:
        paths = []
        for name in names:
            path = tmp_path / name
            path.write_text("".join(line + "\n" for line in read_lines(pair / name)[:n_segments]), encoding="utf-8")
            paths.append(str(path))
    return paths[: len(refs)], paths[len(refs):]


def _sacrebleu(args, env):
    sacrebleu = shutil.which("sacrebleu")
    require(sacrebleu is not None, "the sacrebleu command is not installed; pip install -e '.[test]'")
    return json.loads(subprocess.run([sacrebleu, *args, "-q"], capture_output=True, text=True, env=env,
                                     check=True).stdout)


def _ours(args, env):
    return json.loads(subprocess.run([sys.executable, "-m", "ngram_core", *args, "-q"], capture_output=True,
                                     text=True, env=env, check=True).stdout)


def _both(args, env):
    return _ours(args, env), _sacrebleu(args, env)


def _assert_same_results(ours, theirs):
    """Every system's BLEU score, p-value, mean and interval identical (None where sacreBLEU has none)."""
    assert [row["system"] for row in ours] == [row["system"] for row in theirs]
    for mine, other in zip(ours, theirs):
        assert mine["BLEU"] == other["BLEU"], mine["system"]
    compared = sum(v is not None for row in theirs for v in row["BLEU"].values())
    assert compared >= 4 + 3  # at least every score and every p-value
    return compared


@pytest.mark.parametrize("refs", REFERENCE_SETS.values(), ids=REFERENCE_SETS.keys())
def test_paired_bootstrap_equals_sacrebleu_command(refs, tmp_path):
    ref_paths, sys_paths = _files(tmp_path, refs)
    ours, theirs = _both([*ref_paths, "-i", *sys_paths, "--paired-bs"], _env())
    assert _assert_same_results(ours, theirs) == 4 * 3 + 3  # baseline: score, mean, ci; others also p


@pytest.mark.parametrize("refs, n_segments, trials", [(("A",), None, 3000), (("A", "B"), 300, None)],
                         ids=["one-ref-all-segments-3000-trials", "two-refs-300-segments-10000-trials"])
def test_paired_randomization_equals_sacrebleu_command(refs, n_segments, trials, tmp_path):
    ref_paths, sys_paths = _files(tmp_path, refs, n_segments)
    args = [*ref_paths, "-i", *sys_paths, "--paired-ar"] + (["--paired-ar-n", str(trials)] if trials else [])
    ours, theirs = _both(args, _env())
    assert _assert_same_results(ours, theirs) == 4 + 3  # scores and p-values (sacreBLEU's CLI: no interval)


def test_seed_variables_give_sacrebleus_numbers(tmp_path):
    """SACREBLEU_SEED=7 for sacreBLEU; ours reads it too, and NGRAM_CORE_SEED=7 on its own."""
    ref_paths, sys_paths = _files(tmp_path, ("A",), 300)
    args = [*ref_paths, "-i", *sys_paths, "--paired-bs"]
    theirs = _sacrebleu(args, _env(SACREBLEU_SEED="7"))
    _assert_same_results(_ours(args, _env(SACREBLEU_SEED="7")), theirs)
    _assert_same_results(_ours(args, _env(NGRAM_CORE_SEED="7", SACREBLEU_SEED="1")), theirs)
    default = _ours(args, _env())
    assert [row["BLEU"]["mean"] for row in theirs] != [row["BLEU"]["mean"] for row in default]


def test_confidence_equals_sacrebleu_command(tmp_path):
    ref_paths, sys_paths = _files(tmp_path, ("A", "B"))
    ours, theirs = _both([*ref_paths, "-i", sys_paths[1], "--confidence", "-w", "12"], _env())
    for key in ("score", "confidence_mean", "confidence_var", "confidence"):
        assert ours[key] == theirs[key], key
    assert ours["bs"] == theirs["bs"] == "1000" and ours["seed"] == theirs["seed"] == "12345"


def _api_inputs(refs):
    pair = _pair_dir()
    systems = [[line.rstrip() for line in read_lines(pair / f"sys.{s}.txt")] for s in SYSTEMS]
    streams = [[line.rstrip() for line in read_lines(pair / f"ref.{r}.txt")] for r in refs]
    return systems, streams


@pytest.mark.parametrize("refs", REFERENCE_SETS.values(), ids=REFERENCE_SETS.keys())
def test_confidence_equals_sacrebleu_api_full_precision(refs, monkeypatch):
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    metrics = require_module("sacrebleu.metrics")
    from ngram_core.significance import score_systems

    systems, streams = _api_inputs(refs)
    ours = score_systems(systems, [list(r) for r in zip(*streams)]).confidence(seed=12345)
    for output, result in zip(systems, ours):
        theirs = metrics.BLEU().corpus_score(output, streams, n_bootstrap=1000)
        assert (result["BLEU"].score, result["BLEU"].mean, result["BLEU"].ci) == (theirs.score, theirs._mean, theirs._ci)


def test_randomization_interval_equals_sacrebleu_api(monkeypatch):
    """The randomization test's bootstrap interval (sacreBLEU's ``n_ar_confidence``, API only)."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    metrics = require_module("sacrebleu.metrics")
    significance = require_module("sacrebleu.significance")
    from ngram_core.significance import score_systems

    systems, streams = _api_inputs(("A", "B"))
    ours = score_systems(systems, [list(r) for r in zip(*streams)]).paired_randomization(1000, 300, seed=12345)
    test = significance.PairedTest(list(zip(SYSTEMS, systems)), {"BLEU": metrics.BLEU(references=streams)}, None,
                                   test_type="ar", n_samples=1000, n_ar_confidence=300)
    _, theirs = test()
    assert [r["BLEU"].as_dict() for r in ours] == [vars(r) for r in theirs["BLEU"]]


@pytest.mark.parametrize("options", [{"smooth_method": "floor"}, {"smooth_method": "add-k"}, {"smooth_method": "none"},
                                     {"smooth_method": "floor", "smooth_value": 0.3}, {"lowercase": True},
                                     {"tokenize": "intl"}, {"tokenize": "char"}],
                         ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_bleu_options_equal_sacrebleu_api(options, monkeypatch):
    """Smoothing, case and tokenizers through both tests (first 300 segments, two references)."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    metrics = require_module("sacrebleu.metrics")
    significance = require_module("sacrebleu.significance")
    from ngram_core.significance import score_systems

    systems, streams = _api_inputs(("A", "B"))
    systems, streams = [s[:300] for s in systems], [r[:300] for r in streams]
    ours = score_systems(systems, [list(r) for r in zip(*streams)], **options)
    for test, n, mine in (("bs", 1000, ours.paired_bootstrap(1000, seed=12345)),
                          ("ar", 2000, ours.paired_randomization(2000, seed=12345))):
        metric = metrics.BLEU(references=streams, **options)
        _, theirs = significance.PairedTest(list(zip(SYSTEMS, systems)), {"BLEU": metric}, None, test_type=test,
                                            n_samples=n)()
        assert [r["BLEU"].as_dict() for r in mine] == [vars(r) for r in theirs["BLEU"]], test


WORDS = ["the", "cat", "sat", "on", "a", "mat", ".", ",", "dog", "it's", "0", "1.5", "&amp;", "Big", "big", "-"]


@st.composite
def generated_corpora(draw):
    sentence = st.lists(st.sampled_from(WORDS), max_size=10).map(" ".join)
    S = draw(st.integers(1, 15))
    streams = [[draw(sentence) for _ in range(S)] for _ in range(draw(st.integers(1, 2)))]
    systems = [[draw(sentence) for _ in range(S)] for _ in range(draw(st.integers(2, 3)))]
    return systems, streams


@settings(max_examples=30, deadline=None)
@given(generated_corpora())
@example(corpus=([["", ""], ["", "the the the the"]], [["", "the the the the the the the the"], ["", ""]]))
def test_generated_corpora_equal_sacrebleu_api(corpus):
    """Edge cases sacreBLEU's arithmetic meets on generated text: empty lines, no matches, short segments."""
    metrics = require_module("sacrebleu.metrics")
    significance = require_module("sacrebleu.significance")
    from ngram_core.significance import score_systems

    systems, streams = corpus
    names = [f"s{j}" for j in range(len(systems))]
    ours = score_systems(systems, [list(r) for r in zip(*streams)])
    saved = os.environ.pop("SACREBLEU_SEED", None)
    # Our one arithmetic difference: BLEU stays within 0-100, where sacreBLEU's exp(log 100)
    # gives 100.00000000000004 for a (resampled) corpus whose every precision is 100%.
    original = metrics.BLEU.compute_bleu

    def clamped(*args, **kwargs):
        score = original(*args, **kwargs)
        score.score = min(score.score, 100.0)
        return score

    try:
        patch = mock.patch.object(metrics.BLEU, "compute_bleu", staticmethod(clamped))
        patch.start()
        for test, n, mine in (("bs", 200, ours.paired_bootstrap(200, seed=12345)),
                              ("ar", 300, ours.paired_randomization(300, seed=12345))):
            _, theirs = significance.PairedTest(list(zip(names, systems)), {"BLEU": metrics.BLEU(references=streams)},
                                                None, test_type=test, n_samples=n)()
            for j, (m, t) in enumerate(zip(mine, theirs["BLEU"])):
                expected = dict(vars(t))
                if j and m["BLEU"].score == mine[0]["BLEU"].score:  # equal scores: p = 1 here (see resampling)
                    expected["p_value"] = 1.0
                assert m["BLEU"].as_dict() == expected, (test, j)
    finally:
        patch.stop()
        if saved is not None:
            os.environ["SACREBLEU_SEED"] = saved


def test_bootstrap_sums_beyond_float32_precision_are_summed_as_sacrebleu_sums_them(monkeypatch):
    """Resampled sums of 2^24 or more round in float32: then the order of sacreBLEU's sums matters."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    metrics = require_module("sacrebleu.metrics")
    significance = require_module("sacrebleu.significance")
    import numpy as np

    from ngram_core.significance import SystemRows, bleu_adapter
    from ngram_core.significance.resampling import _bootstrap_scores, bootstrap_indices

    rng = np.random.default_rng(0)
    S = 300
    hyp = rng.integers(50_000, 120_000, S)  # about 2.5e7 tokens in all: beyond 2^24
    totals = np.stack([hyp - n for n in range(4)], axis=1)
    matches = (totals * rng.uniform(0.2, 0.9, (S, 1)) ** np.arange(1, 5)).astype(np.int64)
    rows = np.column_stack([hyp, hyp + rng.integers(-5000, 5000, S), matches, totals]).astype(np.int64)
    metric = metrics.BLEU()
    _, theirs = significance._bootstrap_resample(rows.tolist(), metric, 200)
    table = SystemRows(("s",), (bleu_adapter(),), (rows[None],))
    ours = _bootstrap_scores(table, [0], bootstrap_indices(np.random.default_rng(12345), S, 200))[0, 0]
    assert ours.tolist() == [score.score for score in theirs]
