"""Corpus BLEU of a Spark DataFrame, per system, and each row's sentence score.

Run from anywhere: ``python examples/spark_corpus_bleu.py`` (``pip install 'ngram-core[spark]'``
and a Java runtime). It scores the quickstart's five sentences as two "systems" on a local
Spark session (``local[2,3]``: two threads, three attempts per task); on a cluster the
DataFrame would come from ``spark.read.parquet(...)`` and nothing else changes. Only
statistics reach the driver.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from pyspark.sql import SparkSession

from ngram_core.engines import spark as ngram_spark

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quickstart import PREDICTIONS, REFERENCES  # noqa: E402  (the bundled sentences)


def main(spark: Optional[SparkSession] = None) -> None:
    own = spark is None
    if own:
        spark = SparkSession.builder.master("local[2,3]").config("spark.ui.enabled", "false").getOrCreate()
    try:
        rows = [(i, "A" if i < 3 else "B", hyp, refs) for i, (hyp, refs) in enumerate(zip(PREDICTIONS, REFERENCES))]
        df = spark.createDataFrame(rows, "id int, system string, hyp string, refs array<string>")
        whole = ngram_spark.corpus_score(df, "bleu", predictions="hyp", references="refs")
        print(f"corpus BLEU of all {len(rows)} rows (0-100): {whole['score']:.4f}   {whole['signature']}")
        for system, result in sorted(ngram_spark.corpus_score(df, "bleu", predictions="hyp", references="refs",
                                                              group_by="system").items()):
            print(f"  system {system}: {result['score']:.4f}")
        scored = ngram_spark.segment_scores(df, "bleu", predictions="hyp", references="refs", effective_order=True)
        for row in scored.orderBy("id").collect():
            print(f"  row {row['id']}: sentence BLEU (0-1) {row['bleu']:.4f}")
    finally:
        if own:
            spark.stop()


if __name__ == "__main__":
    main()
