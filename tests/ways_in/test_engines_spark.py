"""Corpus and segment scores on Spark, live (``local[2,2]``: two threads, and two attempts per
task so that the injected failure is retried), against the single-process ``compute`` on the
same WMT rows (tests/helpers/engine_cases.py)."""
from __future__ import annotations

import runpy

import pytest

from helpers.data import REPO
from helpers.require import require, require_module
from helpers.engine_cases import (CASES, SCHEMA, assert_every_group, assert_refused_before_the_job, assert_same_result,
                          assert_segment_scores, case_id, expected, fail_once, wmt_rows)

require_module("pyspark")
sql = require_module("pyspark.sql")
ngram_spark = require_module("ngram_core.engines.spark")

BATCH = 50  # rows per Arrow batch: several batches per group


@pytest.fixture(scope="module")
def spark():
    import shutil

    require(shutil.which("java") is not None, "Spark needs a Java runtime (apt-get install default-jdk-headless)")
    session = (sql.SparkSession.builder.master("local[2,2]").appName("ngram-core-tests")
               .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
               .config("spark.sql.execution.arrow.maxRecordsPerBatch", str(BATCH)).getOrCreate())
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def frame(spark, rows, partitions: int = 3):
    return spark.createDataFrame([tuple(r[c] for c in ("id", "langpair", "system", "hyp", "refs")) for r in rows],
                                 SCHEMA).repartition(partitions)


@pytest.fixture(scope="module")
def df(spark):
    # coalesced from one partition: Spark keeps the rows' order (NLTK BLEU reads the last one)
    return spark.createDataFrame([tuple(r[c] for c in ("id", "langpair", "system", "hyp", "refs"))
                                  for r in wmt_rows()], SCHEMA).coalesce(2).cache()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_every_group_scores_as_the_single_process(df, case):
    metric, options = case
    got = ngram_spark.corpus_score(df, metric, predictions="hyp", references="refs",
                                   group_by=["langpair", "system"], **options)
    assert_every_group(metric, options, got, ["langpair", "system"])


@pytest.mark.parametrize("metric", ["bleu", "nist", "chrf"])
def test_groups_by_one_column_and_none(spark, metric):
    shuffled = frame(spark, wmt_rows())  # any partitioning: the sums do not depend on it
    by_system = ngram_spark.corpus_score(shuffled, metric, predictions="hyp", references="refs", group_by="system")
    assert_every_group(metric, {}, by_system, "system")
    whole = ngram_spark.corpus_score(shuffled, metric, predictions="hyp", references="refs")
    assert_same_result(metric, whole, expected(metric, {}, wmt_rows()))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_segment_scores_are_return_segments_row_for_row(df, case):
    metric, options = case
    rows = [row.asDict() for row in ngram_spark.segment_scores(df, metric, predictions="hyp", references="refs",
                                                                **options).collect()]
    assert set(rows[0]) == {"id", "langpair", "system", "hyp", "refs", metric}
    assert_segment_scores(metric, options, rows)


def test_a_batch_that_fails_once_is_retried_and_counted_once(spark, tmp_path):
    # Spark retries a task (a partition), not a batch: one batch per partition here, so
    # that local[2,2]'s two attempts are enough (a task of k batches may need k + 1)
    partitions = frame(spark, wmt_rows(), len(wmt_rows()) // BATCH + 1)
    clean = ngram_spark.corpus_score(partitions, "nist", predictions="hyp", references="refs")
    got = ngram_spark.corpus_score(partitions, fail_once("nist", tmp_path), predictions="hyp", references="refs")
    assert got == clean
    assert len(list(tmp_path.iterdir())) == len(wmt_rows()) // BATCH + 1  # every batch failed once


def test_bad_input_is_refused_before_the_job(df):
    assert_refused_before_the_job(ngram_spark, df, df.withColumnRenamed("system", "bleu"))


def test_a_none_met_while_running_names_the_column_and_the_row(spark):
    rows = [dict(r) for r in wmt_rows()[:20]]
    rows[13]["hyp"] = None
    with pytest.raises(Exception, match=r"column 'hyp' holds None in the row where id = 'zh-en/[^/]+/13'"):
        ngram_spark.corpus_score(frame(spark, rows, 1), "bleu", predictions="hyp", references="refs", id_column="id")
    rows[13]["hyp"], rows[4]["refs"] = "a hypothesis", ["a reference", None]
    with pytest.raises(Exception, match=r"column 'refs' holds \['a reference', None\] in row \d+ of a batch"):
        ngram_spark.segment_scores(frame(spark, rows, 1), "bleu", predictions="hyp", references="refs").collect()


def test_the_example_prints_the_single_process_score(spark, capsys):
    example = runpy.run_path(str(REPO / "examples" / "spark_corpus_bleu.py"))
    example["main"](spark)
    printed = capsys.readouterr().out
    want = expected("bleu", {}, [{"hyp": h, "refs": r} for h, r in zip(example["PREDICTIONS"], example["REFERENCES"])])
    assert f"{want['score']:.4f}" in printed and want["signature"] in printed


WORKERS_ON_ANOTHER_PYTHON = """
import sys
from pyspark.sql import SparkSession
from ngram_core.engines import spark as ngram_spark

session = SparkSession.builder.master("local[1]").config("spark.ui.enabled", "false").getOrCreate()
session.sparkContext.setLogLevel("OFF")
df = session.createDataFrame([("the cat sat on the mat", ["the cat sat on a mat"])], "hyp string, refs array<string>")
for call in (ngram_spark.corpus_score, ngram_spark.segment_scores):
    try:
        call(df, "bleu", predictions="hyp", references="refs")
    except ImportError as err:
        print(type(err).__name__, err)
    else:
        print("scored")
session.stop()
"""


def test_workers_on_another_python_are_refused_naming_it_what_it_lacks_and_pyspark_python(tmp_path):
    """The driver a venv's Python run without activating the venv, the workers another Python
    (PYSPARK_PYTHON, default python3 from PATH): said before any job, with the fix."""
    import os
    import shutil
    import subprocess
    import sys

    require(shutil.which("java") is not None, "Spark needs a Java runtime (apt-get install default-jdk-headless)")
    bare = tmp_path / "bare"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True)
    worker = bare / "bin" / "python"
    script = tmp_path / "job.py"
    script.write_text(WORKERS_ON_ANOTHER_PYTHON, encoding="utf-8")
    env = {**os.environ, "PYSPARK_PYTHON": str(worker), "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, env=env, timeout=600)
    lines = [line for line in done.stdout.splitlines() if line.startswith(("ImportError", "scored"))]
    assert len(lines) == 2, done.stdout + done.stderr[-3000:]
    for line in lines:
        assert line.startswith(f"ImportError Spark's workers run {worker} (Python "), line
        assert "lacks " in line and "numpy" in line and "pyarrow" in line
        assert f"PYSPARK_PYTHON={sys.executable}" in line and "spark.pyspark.python" in line
