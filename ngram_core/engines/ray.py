"""Corpus and segment scores of a ``ray.data.Dataset`` (see :mod:`ngram_core.engines`).

::

    from ngram_core.engines import ray as ngram_ray
    ngram_ray.corpus_score(ds, "bleu", predictions="hyp", references="refs", group_by="system")
    scored = ngram_ray.segment_scores(ds, "meteor", predictions="hyp", references="refs")  # lazy

Each batch runs as a Ray task (``map_batches``, Arrow batches of ``batch_size`` rows) with
``max_retries`` retries of any exception it raises (Ray Data retries exceptions from user code
only when asked: ``retry_exceptions=True``), so a batch that fails once is scored once. The
corpus pass keeps the dataset's order (``preserve_order``, set for that pass only).
Needs ``pip install 'ngram-core[ray]'``.
"""
from __future__ import annotations

import sys
import warnings
from typing import Any, Dict, Optional

try:
    import pyarrow as pa
    import ray
    import ray.data
except ImportError as err:  # pragma: no cover - depends on the environment
    raise ImportError(f"ngram_core.engines.ray needs {err.name or 'Ray Data'} ({err}), which {sys.executable} lacks: "
                      "pip install 'ngram-core[ray]' into it") from err

from .. import engines
from . import Job

BATCH_SIZE = 8192  # rows per batch: a few MB of text; smaller batches cost more CPU per segment (benchmarks/README.md)


def _kinds(ds: "ray.data.Dataset") -> Dict[str, str]:
    schema = ds.schema()
    if schema is None:
        raise ValueError("the dataset has no schema (no rows?): corpus scores need at least one segment")
    kinds = {}
    for name, kind in zip(schema.names, schema.types):
        if isinstance(kind, pa.DataType) and (pa.types.is_string(kind) or pa.types.is_large_string(kind)):
            kinds[name] = engines.STRING
        elif isinstance(kind, pa.DataType) and (pa.types.is_list(kind) or pa.types.is_large_list(kind)) and \
                (pa.types.is_string(kind.value_type) or pa.types.is_large_string(kind.value_type)):
            kinds[name] = engines.STRINGS
        else:
            kinds[name] = f"of type {kind}"
    return kinds


def _partials(batch: "pa.Table", job: Job) -> "pa.Table":
    return pa.table({"partial": pa.array(engines.batch_partials(job, engines.arrow_columns(job, batch)), pa.binary())})


def _scored(batch: "pa.Table", job: Job, corpus: Optional[Dict[Any, Any]]) -> "pa.Table":
    scores = engines.batch_segment_scores(job, engines.arrow_columns(job, batch), corpus)
    return batch.append_column(job.metric_name, pa.array(scores, pa.float64()))


def _map(ds: "ray.data.Dataset", fn, max_retries: int, batch_size: int, **fn_kwargs: Any) -> "ray.data.Dataset":
    with warnings.catch_warnings():
        # Ray 2.60 deprecates map_batches' **ray_remote_args, with no named parameter yet
        # for a task's retries: max_retries and retry_exceptions still go through them
        warnings.filterwarnings("ignore", message=".*ray_remote_args.*deprecated")
        return ds.map_batches(fn, fn_kwargs=fn_kwargs, batch_format="pyarrow", batch_size=batch_size,
                              max_retries=max_retries, retry_exceptions=True)


def _corpus(ds: "ray.data.Dataset", job: Job, max_retries: int, batch_size: int) -> Dict[Any, Any]:
    """Each group's reduced statistics: one pass, partials collected in the dataset's order
    (the last segment, which NLTK BLEU's smoothing 5-7 read, is the dataset's last)."""
    partials = _map(ds, _partials, max_retries, batch_size, job=job)
    # a derived dataset shares its parent's DataContext: the user's setting is restored after the pass
    execution = partials.context.execution_options
    preserved = execution.preserve_order
    execution.preserve_order = True
    try:
        blobs = [row["partial"] for row in partials.iter_rows()]
    finally:
        execution.preserve_order = preserved
    return engines.add_partials(job, blobs)


def _check_retries(max_retries: int, batch_size: int) -> None:
    if not isinstance(max_retries, int) or isinstance(max_retries, bool) or max_retries < 0:
        raise ValueError(f"max_retries must be an int >= 0 (retries of a failed batch), got {max_retries!r}")
    if not isinstance(batch_size, int) or isinstance(batch_size, bool) or batch_size < 1:
        raise ValueError(f"batch_size must be an int >= 1 (rows per batch), got {batch_size!r}")


def corpus_score(ds: "ray.data.Dataset", metric: Any, predictions: str, references: str, group_by: Any = None,
                 id_column: Optional[str] = None, *, max_retries: int = 3, batch_size: int = BATCH_SIZE,
                 **options: Any) -> Dict[Any, Any]:
    """The result dictionary ``ngram_core.load(metric).compute(...)`` returns on the
    dataset's rows, or ``{group key: result}`` with ``group_by`` (a column, or a list of
    them: tuple keys). ``options``: the metric's, checked before the job starts."""
    _check_retries(max_retries, batch_size)
    job = engines.plan(metric, predictions, references, group_by, id_column, **options)
    engines.check_schema(job, _kinds(ds))
    return engines.results(job, _corpus(ds, job, max_retries, batch_size))


def segment_scores(ds: "ray.data.Dataset", metric: Any, predictions: str, references: str, group_by: Any = None,
                   id_column: Optional[str] = None, *, max_retries: int = 3, batch_size: int = BATCH_SIZE,
                   **options: Any) -> "ray.data.Dataset":
    """The dataset with a float column named after the metric: each row's segment score
    (``compute(..., return_segments=True)``'s). Lazy, unless the metric's segment scores need
    the whole corpus (NIST's information weights, of each ``group_by`` group): then a first
    pass computes them and the second, lazy, scores the rows."""
    _check_retries(max_retries, batch_size)
    job = engines.plan(metric, predictions, references, group_by, id_column, **options)
    engines.check_schema(job, _kinds(ds), adds=job.metric_name)
    # (the first pass's statistics travel with the map function, which Ray Data puts in its
    # object store once for all tasks)
    corpus = _corpus(ds, job, max_retries, batch_size) if engines.needs_corpus(job) else None
    return _map(ds, _scored, max_retries, batch_size, job=job, corpus=corpus)


__all__ = ["BATCH_SIZE", "corpus_score", "segment_scores"]
