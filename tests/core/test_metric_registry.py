"""The registry: a metric registered at run time works through every way in, untouched.

A toy metric, word precision (each hypothesis word counts once per occurrence in the
reference that has the most of them), is defined in ``helpers/toy_metric.py`` against the
protocol only and registered here, in the test;
``score_all``, the ``datasets`` columns, ``torch.distributed``, the significance tests
and the command line then serve it as they serve BLEU, NIST and METEOR.
"""
from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.require import require_module
from helpers.toy_metric import HYPS, OTHER, PRESENTATION, REFS, Toy, toy_precision
from ngram_core import registry
from ngram_core.bleu import corpus_bleu
from ngram_core.adapters.cli import run
from ngram_core.metric import Metric
from ngram_core.adapters.datasets import score_columns, segment_columns
from ngram_core.significance import score_systems
from ngram_core.suite import score_all, split_options

HERE = Path(__file__).resolve().parents[1]


@pytest.fixture
def toy():
    metric = registry.register(Toy(), PRESENTATION)
    try:
        yield metric
    finally:
        registry.unregister("toy")


# -- the registry ---------------------------------------------------------------------------------
def test_the_built_in_metrics_follow_the_protocol():
    assert registry.BUILT_IN == ("bleu", "nist", "meteor", "chrf", "rouge_l", "cider", "ter")
    for metric in registry.metrics():
        assert isinstance(metric, Metric)
        assert metric.headline in score_all(HYPS, REFS, metrics=(metric.name,))[metric.name]


def test_registering_checks_the_metric(toy):
    with pytest.raises(ValueError, match="must be a new identifier"):
        registry.register(Toy())
    with pytest.raises(TypeError, match="lacks .*headline"):
        registry.register(type("Half", (), {"name": "half", "OPTIONS": Toy.OPTIONS})())
    with pytest.raises(ValueError, match="metrics='bogus' is not supported"):
        registry.get("bogus")


def test_an_unregistered_metric_is_gone(toy):
    assert "toy" in registry.names()
    registry.unregister("toy")
    try:
        with pytest.raises(ValueError, match="metrics='toy' is not supported"):
            score_all(HYPS, REFS, metrics=("toy",))
    finally:
        registry.register(toy)


# -- every way in ---------------------------------------------------------------------------------
def test_score_all_scores_a_registered_metric_beside_the_built_in_ones(toy):
    results = score_all(HYPS, REFS, metrics=("bleu", "toy"), toy={"min_length": 2})
    assert results["toy"]["toy"] == toy_precision(HYPS, REFS, min_length=2)
    assert results["toy"]["signature"].startswith("TOY|nrefs:var|min:2|case:mixed|version:")
    assert results["bleu"] == corpus_bleu(HYPS, REFS)
    # a flat option goes to the metric that declares it; one nobody declares names the toy's too
    assert score_all(HYPS, REFS, metrics=("toy",), min_length=3)["toy"]["toy"] == toy_precision(HYPS, REFS, 3)
    with pytest.raises(TypeError, match="min_length"):
        split_options(("bleu",), {"min_lenght": 2})


def test_columns_of_a_registered_metric_come_back_to_the_same_score(toy):
    options = {"toy": {"min_length": 2}}
    halves = [segment_columns(HYPS[:2], REFS[:2], ("toy", "bleu"), **options),
              segment_columns(HYPS[2:], REFS[2:], ("toy", "bleu"), **options)]
    columns = {name: halves[0][name] + halves[1][name] for name in halves[0]}
    assert score_columns(columns, **options) == score_all(HYPS, REFS, ("bleu", "toy"), **options)


def test_significance_resamples_a_registered_metric(toy):
    systems = score_systems([HYPS, OTHER], REFS, metrics=("toy", "bleu"))
    scores = systems.scores()
    assert [s["TOY"] for s in scores] == [toy_precision(HYPS, REFS), toy_precision(OTHER, REFS)]
    paired = systems.paired_bootstrap(200, seed=1)
    assert 0 < paired[1]["TOY"].p_value <= 1 and paired[1]["BLEU"].p_value is not None
    same = score_systems([HYPS, list(HYPS)], REFS, metrics=("toy",)).paired_randomization(100, seed=1)
    assert same[1]["TOY"].p_value == 1.0
    assert systems.segment_scores("toy", 1).tolist() == [toy_precision([h], [r]) for h, r in zip(OTHER, REFS)]


@pytest.fixture
def toy_files(tmp_path):
    paths = {}
    for name, lines in (("ref", [r[0] for r in REFS]), ("base", HYPS), ("other", OTHER)):
        paths[name] = tmp_path / f"{name}.txt"
        paths[name].write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return {k: str(v) for k, v in paths.items()}


def _cli(*args: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert run([*args, "-q"], stdout=out, stderr=err) == 0, err.getvalue()
    return out.getvalue()


def test_the_command_line_serves_a_registered_metric_with_its_own_flags(toy, toy_files):
    refs = [[r[0]] for r in REFS]
    item = json.loads(_cli(toy_files["ref"], "-i", toy_files["base"], "-m", "toy", "--toy-min-length", "2"))
    assert item["name"] == "TOY" and item["score"] == round(toy_precision(HYPS, refs, 2), 3)
    assert item["signature"].startswith("TOY|nrefs:1|min:2|case:mixed|version:")
    lines = _cli(toy_files["ref"], "-i", toy_files["other"], "-m", "toy", "--sentence-level", "-b").split()
    assert lines == [f"{toy_precision([h], [r]):.3f}" for h, r in zip(OTHER, refs)]
    table = json.loads(_cli(toy_files["ref"], "-i", toy_files["base"], toy_files["other"], "-m", "toy", "bleu",
                            "--paired-bs", "--paired-bs-n", "100"))
    assert table[1]["TOY"]["score"] == toy_precision(OTHER, refs) and "BLEU" in table[1]


# -- torch.distributed: two real ranks, each registering the toy as a user would ---------------------
RANK = """
import json, os, sys
import torch.distributed as dist
sys.path.insert(0, {here!r})
from ngram_core import registry
from ngram_core.adapters.torch import score_distributed
import helpers.toy_metric as t
registry.register(t.Toy())
rank, world = int(sys.argv[1]), int(sys.argv[2])
os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=sys.argv[3])
dist.init_process_group("gloo", rank=rank, world_size=world)
try:
    cut = [len(t.HYPS) * r // world for r in range(world + 1)]
    shard = slice(cut[rank], cut[rank + 1])
    print(json.dumps(score_distributed(t.HYPS[shard], t.REFS[shard], ("toy", "bleu")), default=float))
finally:
    dist.destroy_process_group()
"""


@pytest.mark.slow
def test_torch_distributed_reduces_a_registered_metric(toy):
    require_module("torch")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = str(s.getsockname()[1])
    code = RANK.format(here=str(HERE))
    procs = [subprocess.Popen([sys.executable, "-c", code, str(rank), "2", port], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for rank in range(2)]
    outputs = []
    for proc in procs:
        out, err = proc.communicate(timeout=180)
        assert proc.returncode == 0, err[-3000:]
        outputs.append(json.loads(out.strip().splitlines()[-1]))
    expected = json.loads(json.dumps(score_all(HYPS, REFS, ("toy", "bleu")), default=float))
    assert outputs == [expected, expected]
