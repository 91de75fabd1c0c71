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

import pytest

from conftest import read_lines, require, require_module, require_wmt

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
