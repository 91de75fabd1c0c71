"""Corpus and segment scores on Ray Data, live (``ray.init(num_cpus=2)``), against the
single-process ``compute`` on the same WMT rows (tests/helpers/engine_cases.py)."""
from __future__ import annotations

import runpy

import pytest

from helpers.data import REPO
from helpers.require import require_module
from helpers.engine_cases import (CASES, assert_every_group, assert_refused_before_the_job, assert_same_result, assert_segment_scores,
                          case_id, expected, fail_once, wmt_rows)

ray = require_module("ray")
require_module("ray.data")
ngram_ray = require_module("ngram_core.engines.ray")

BATCH = 50  # rows per batch: several batches per group


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, ignore_reinit_error=True)
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def ds(cluster):
    return ray.data.from_items(list(wmt_rows()))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_group_scores_as_the_single_process(ds, case):
    metric, options = case
    got = ngram_ray.corpus_score(ds, metric, predictions="hyp", references="refs", group_by=["langpair", "system"],
                                 batch_size=BATCH, **options)
    assert_every_group(metric, options, got, ["langpair", "system"])


@pytest.mark.parametrize("metric", ["bleu", "nist", "chrf"])
def test_groups_by_one_column_and_none(ds, metric):
    by_pair = ngram_ray.corpus_score(ds, metric, predictions="hyp", references="refs", group_by="langpair",
                                     batch_size=BATCH)
    assert_every_group(metric, {}, by_pair, "langpair")
    whole = ngram_ray.corpus_score(ds, metric, predictions="hyp", references="refs", batch_size=BATCH)
    assert_same_result(metric, whole, expected(metric, {}, wmt_rows()))
    assert ds.context.execution_options.preserve_order is False  # the pass's ordering was its own


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_segment_scores_are_return_segments_row_for_row(ds, case):
    metric, options = case
    scored = ngram_ray.segment_scores(ds, metric, predictions="hyp", references="refs", batch_size=BATCH, **options)
    rows = scored.take_all()
    assert set(rows[0]) == {"id", "langpair", "system", "hyp", "refs", metric}
    assert_segment_scores(metric, options, rows)


def test_a_batch_that_fails_once_is_retried_and_counted_once(ds, tmp_path):
    clean = ngram_ray.corpus_score(ds, "nist", predictions="hyp", references="refs", group_by="system",
                                   batch_size=BATCH)
    flaky = fail_once("nist", tmp_path)
    got = ngram_ray.corpus_score(ds, flaky, predictions="hyp", references="refs", group_by="system",
                                 batch_size=BATCH, max_retries=3)
    assert got == clean
    assert len(list(tmp_path.iterdir())) >= len(wmt_rows()) // BATCH  # every batch failed once


def test_bad_input_is_refused_before_the_job(ds):
    assert_refused_before_the_job(ngram_ray, ds, ds.rename_columns({"system": "bleu"}))


def test_a_none_met_while_running_names_the_column_and_the_row(cluster):
    rows = [dict(r) for r in wmt_rows()[:20]]
    rows[13]["hyp"] = None
    ds = ray.data.from_items(rows)
    with pytest.raises(Exception, match=r"column 'hyp' holds None in the row where id = 'zh-en/[^/]+/13'"):
        ngram_ray.corpus_score(ds, "bleu", predictions="hyp", references="refs", id_column="id", max_retries=0)
    rows[13]["hyp"], rows[4]["refs"] = "a hypothesis", ["a reference", None]
    ds = ray.data.from_items(rows)
    with pytest.raises(Exception, match=r"column 'refs' holds \['a reference', None\] in row 4 of a batch"):
        ngram_ray.segment_scores(ds, "bleu", predictions="hyp", references="refs", max_retries=0).take_all()


def test_the_example_prints_the_single_process_score(cluster, capsys):
    example = runpy.run_path(str(REPO / "examples" / "ray_corpus_bleu.py"))
    example["main"]()
    printed = capsys.readouterr().out
    want = expected("bleu", {}, [{"hyp": h, "refs": r} for h, r in zip(example["PREDICTIONS"], example["REFERENCES"])])
    assert f"{want['score']:.4f}" in printed and want["signature"] in printed


VENV_NOT_ACTIVATED = """
import sys
import ray
import ngram_core
from ngram_core.engines import ray as ngram_ray

ray.init(num_cpus=1, include_dashboard=False, log_to_driver=False)
ray.data.DataContext.get_current().enable_progress_bars = False
workers = ray.get(ray.remote(lambda: sys.executable).remote())
rows = [{"hyp": "the cat sat on the mat", "refs": ["the cat sat on a mat"]}, {"hyp": "a dog ran", "refs": ["a dog runs"]}]
got = ngram_ray.corpus_score(ray.data.from_items(rows), "bleu", predictions="hyp", references="refs")["score"]
want = ngram_core.load("bleu").compute(predictions=[r["hyp"] for r in rows], references=[r["refs"] for r in rows])["score"]
print("workers", workers, "driver", sys.executable, "same score", got == want)
ray.shutdown()
"""


def test_a_venv_python_run_without_activating_the_venv_gives_ray_workers_the_drivers_python(tmp_path):
    """Spark's workers would run python3 from PATH (test_engines_spark.py); Ray's local workers run
    the driver's interpreter, so a cron job or an IDE running venv/bin/python job.py scores."""
    import os
    import subprocess
    import sys

    script = tmp_path / "job.py"
    script.write_text(VENV_NOT_ACTIVATED, encoding="utf-8")
    venv_bin = os.path.dirname(sys.executable)
    path = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep) if p != venv_bin)
    env = {k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"}
    env.update(PATH=path, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600)
    said = [line for line in done.stdout.splitlines() if line.startswith("workers ")]
    assert said == [f"workers {sys.executable} driver {sys.executable} same score True"], done.stdout + done.stderr[-3000:]
