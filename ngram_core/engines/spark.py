"""Corpus and segment scores of a ``pyspark.sql.DataFrame`` (see :mod:`ngram_core.engines`).

::

    from ngram_core.engines import spark as ngram_spark
    ngram_spark.corpus_score(df, "nist", predictions="hyp", references="refs", group_by=["lang", "system"])
    scored = ngram_spark.segment_scores(df, "bleu", predictions="hyp", references="refs")  # lazy

Each Arrow batch of a partition (``spark.sql.execution.arrow.maxRecordsPerBatch`` rows) is
scored by ``mapInArrow``; ``collect`` brings the partials to the driver in partition order.
A failed task is retried ``spark.task.maxFailures - 1`` times: on a cluster the default is 4
attempts; local mode makes one attempt unless the master says otherwise (``local[2,3]``: two
threads, three attempts). The NIST first pass's statistics reach the workers as a broadcast
variable. Before the first job of an application, one worker is asked which Python it runs:
where it lacks ngram-core's modules, an ImportError says so and to set ``PYSPARK_PYTHON`` to the
driver's (:func:`check_workers`). Needs ``pip install 'ngram-core[spark]'`` and a Java runtime.
"""
from __future__ import annotations

import sys
from typing import Any, Dict, Iterator, Optional, Set

try:
    import pyarrow as pa
    from pyspark.sql import DataFrame
    from pyspark.sql.types import ArrayType, DoubleType, StringType, StructField, StructType
except ImportError as err:  # pragma: no cover - depends on the environment
    raise ImportError(f"ngram_core.engines.spark needs {err.name or 'pyspark'} ({err}), which {sys.executable} lacks: "
                      "pip install 'ngram-core[spark]' into it (on a Spark worker: set PYSPARK_PYTHON to the driver's "
                      "Python)") from err

from .. import engines
from . import Job


_CHECKED: Set[str] = set()  # the Spark applications whose workers' Python was checked (one id each)
_SETTING = "PYSPARK_PYTHON={python} (or the Spark setting spark.pyspark.python)"


def check_workers(df: DataFrame) -> None:
    """Refuse, before the first job of a Spark application, workers whose Python cannot
    import what a batch needs (:data:`ngram_core.engines.WORKER_NEEDS`): an ImportError
    naming their Python, what it lacks and ``PYSPARK_PYTHON`` set to the driver's. One
    one-row job per application (about 0.2 s warm)."""
    context = df.sparkSession.sparkContext
    if context.applicationId in _CHECKED:
        return
    executable, version, lacking = context.parallelize([engines.WORKER_PROBE], 1).map(eval).collect()[0]
    problem = engines.worker_python_problem("Spark", _SETTING, executable, version, lacking, sys.executable)
    if problem:
        raise ImportError(problem)
    _CHECKED.add(context.applicationId)


def _kinds(df: DataFrame) -> Dict[str, str]:
    kinds = {}
    for field in df.schema.fields:
        kind = field.dataType
        if isinstance(kind, StringType):
            kinds[field.name] = engines.STRING
        elif isinstance(kind, ArrayType) and isinstance(kind.elementType, StringType):
            kinds[field.name] = engines.STRINGS
        else:
            kinds[field.name] = f"of type {kind.simpleString()}"
    return kinds


def _partials(job: Job, batches: Iterator["pa.RecordBatch"]) -> Iterator["pa.RecordBatch"]:
    for batch in batches:
        blobs = engines.batch_partials(job, engines.arrow_columns(job, batch))
        yield pa.RecordBatch.from_arrays([pa.array(blobs, pa.binary())], names=["partial"])


def _corpus(df: DataFrame, job: Job) -> Dict[Any, Any]:
    """Each group's reduced statistics: one pass, partials collected in partition order."""
    rows = df.mapInArrow(lambda batches: _partials(job, batches), "partial binary").collect()
    return engines.add_partials(job, (bytes(row.partial) for row in rows))


def corpus_score(df: DataFrame, metric: Any, predictions: str, references: str, group_by: Any = None,
                 id_column: Optional[str] = None, **options: Any) -> Dict[Any, Any]:
    """The result dictionary ``ngram_core.load(metric).compute(...)`` returns on the
    DataFrame's rows, or ``{group key: result}`` with ``group_by`` (a column, or a list of
    them: tuple keys). ``options``: the metric's, checked before the job starts."""
    job = engines.plan(metric, predictions, references, group_by, id_column, **options)
    engines.check_schema(job, _kinds(df))
    check_workers(df)
    return engines.results(job, _corpus(df, job))


def segment_scores(df: DataFrame, metric: Any, predictions: str, references: str, group_by: Any = None,
                   id_column: Optional[str] = None, **options: Any) -> DataFrame:
    """The DataFrame with a double column named after the metric: each row's segment score
    (``compute(..., return_segments=True)``'s). Lazy, unless the metric's segment scores need
    the whole corpus (NIST's information weights, of each ``group_by`` group): then a first
    pass computes them, broadcast to the workers, and the second, lazy, scores the rows."""
    job = engines.plan(metric, predictions, references, group_by, id_column, **options)
    engines.check_schema(job, _kinds(df), adds=job.metric_name)
    check_workers(df)
    corpus = df.sparkSession.sparkContext.broadcast(_corpus(df, job)) if engines.needs_corpus(job) else None
    name = job.metric_name

    def scored(batches: Iterator["pa.RecordBatch"]) -> Iterator["pa.RecordBatch"]:
        for batch in batches:
            scores = engines.batch_segment_scores(job, engines.arrow_columns(job, batch), corpus.value if corpus else None)
            yield pa.RecordBatch.from_arrays(batch.columns + [pa.array(scores, pa.float64())],
                                             names=batch.schema.names + [name])

    return df.mapInArrow(scored, StructType(df.schema.fields + [StructField(name, DoubleType())]))


__all__ = ["check_workers", "corpus_score", "segment_scores"]
