"""Corpus and segment scores on a distributed engine: the engine-neutral layer.

``ngram_core.engines.ray`` (a ``ray.data.Dataset``) and ``ngram_core.engines.spark`` (a
``pyspark.sql.DataFrame``) each offer the same two functions, thin over this module::

    corpus_score(data, metric, predictions="hyp", references="refs", group_by=None, id_column=None, **options)
    segment_scores(data, metric, predictions="hyp", references="refs", group_by=None, id_column=None, **options)

``corpus_score`` returns the dictionary ``ngram_core.load(metric).compute(...)`` returns
on the same rows (one per group when ``group_by`` names a column, or a list of columns:
then the keys are tuples). ``segment_scores`` returns the engine's dataset, lazy, with
every input column kept and each row's segment score (``compute(..., return_segments=True)``'s
``segment_scores``) added as a float column named after the metric.

Three ways to score more than one process holds
-------------------------------------------------

=====================  ===================================  ===================================
``datasets``           ``torch.distributed``                Ray Data / Spark (this package)
=====================  ===================================  ===================================
one machine, k procs   the ranks of a training job          a cluster, data larger than a disk
``Dataset.map(         ``score_distributed(preds, refs)``   ``corpus_score(ds, "bleu", ...)``
batched=True,          on every rank                        on the driver
num_proc=k)`` adds                                          
statistic columns      each rank's statistics reduced       each batch's statistics reduced to
(``reduce.segment_     with ``Metric.reduce`` over          a small partial per group
columns``), then       ``all_reduce`` / ``all_gather``      (``Metric.reduce`` over one rank),
``score_columns``                                           added on the driver, then scored
=====================  ===================================  ===================================

How it works (each step is the registry's :class:`~ngram_core.metric.Metric`; no metric is
named here):

1. Before any job: the metric and its options are checked through its one declaration
   (unknown options, bad values, variants the statistics refuse, probed on one segment),
   and the engine's schema against the columns named (present, a string column for
   predictions, a string or list-of-strings column for references).
2. ``corpus_score``: every batch (a Ray Data batch, a Spark Arrow batch) turns its rows into
   statistics per group and reduces them to one small partial per group
   (``Metric.reduce`` with a one-rank wire: BLEU and METEOR a few rows of sums, NIST its
   reference n-gram count table with the matches added per n-gram). The engine brings the
   pickled partials to the driver in batch order; the driver adds them pairwise (a tree of
   ``+`` and ``reduce``) and scores them with ``Metric.result``. No text reaches the driver.
3. ``segment_scores``: every batch scores its own rows. A metric whose segment scores depend
   on the whole corpus (``Metric.segment_scores_need_corpus``: NIST's information weights)
   takes two passes: step 2's partials per group first, then each batch scores its rows
   within its group's reduced statistics (``Metric.within_corpus``), which the
   engine broadcasts to the workers.

Numbers. BLEU (every variant) and METEOR's corpus score (``meteor_corpus``, METEOR 1.5's ``meteor``) come from summed integer
statistics: equal to the single-process call. NIST's information sums and METEOR's mean of
segment scores are float sums added in another order: equal within 1e-12 relative. NLTK
BLEU's smoothing 5-7 read the corpus's last segment: the last row in the engine's order
(the Ray adapter keeps the order for the corpus pass; Spark keeps its partitions' order).

NIST's reference n-gram counts live in each batch's partial (one row per distinct
reference n-gram of the batch's references) and, added, on the driver: one table per
group of every distinct reference n-gram of orders 1..n. Measured on the WMT data
(``benchmarks/engines.py --nist-table``): 14,687 distinct reference sets (25,468
references) give 1.79 million table rows, 67 MB pickled: about 4.5 KB per segment with
distinct references, 4.3 GB per million, so a driver with 32 GB holds the table of a
group of about 5 million segments with distinct references (systems scored on the same
references share none of it: each group holds its own table of those references). The
partials the driver receives for NIST are about 5 KB per segment; BLEU's and METEOR's are
about 650 bytes per batch and group, whatever the batch's size. Workers hold one batch and
the metric's resources (METEOR 1.5's tables are cached per worker process, not per batch).

Workers' Python. The workers must run a Python that has ngram-core and its dependencies. Spark's
run ``PYSPARK_PYTHON`` (default ``python3`` from PATH: another Python than the driver's when the
driver is a venv's Python run without activating the venv, from cron or an IDE); before its first
job on a Spark application the adapter asks one worker which Python it runs and whether it can
import :data:`WORKER_NEEDS`, and where it cannot, refuses with that Python's path, what it
lacks and the setting that fixes it (:func:`worker_python_problem`). Ray's local workers run the
driver's own interpreter (``sys.executable``), activated or not.

Faults. A batch that raises is retried by the engine (Ray: ``max_retries`` with
``retry_exceptions``, set by the adapter; Spark: ``spark.task.maxFailures``, which local
mode honours only as ``local[N,F]``). A retried batch emits its partial once: a batch's
partials are the output of its task, which the engine keeps from one successful attempt.
"""
from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from .. import registry
from ..inputs import check_corpus
from ..metric import Corpora, Metric, missing_members
from ..statistics import LocalWire
from ..suite import split_options

# What a worker imports to score a batch; the probe below asks a worker's Python for it with
# builtins only (eval pickles by reference: a function of ours would need ngram_core there to unpickle)
WORKER_NEEDS = ("ngram_core", "numpy", "pyarrow")
WORKER_PROBE = ("(__import__('sys').executable, __import__('sys').version.split()[0], [name for name in "
                f"{WORKER_NEEDS!r} if __import__('importlib.util').util.find_spec(name) is None])")


def worker_python_problem(engine: str, setting: str, executable: str, version: str, lacking: Sequence[str],
                          driver: str) -> Optional[str]:
    """What to say where the workers' Python (``executable``, ``version``) cannot import
    ``lacking`` (None where it lacks nothing): which Python they run, what it lacks, and
    ``setting``, the engine's way to give them the driver's Python (``driver``)."""
    if not lacking:
        return None
    return (f"{engine}'s workers run {executable} (Python {version}), which lacks {', '.join(lacking)}, while the driver "
            f"runs {driver}: give the workers the driver's Python, {setting.format(python=driver)}, before the "
            "session starts (a venv's Python run without activating the venv leaves the workers on python3 from PATH)")


STRING = "a string column"
STRINGS = "a list-of-strings column"
# A segment the options are probed on before a job starts (statistics may refuse a variant).
_PROBE = ("the cat sat on the mat", ["the cat sat on a mat"])


# A Wire of one rank: Metric.reduce over it reduces one batch's statistics to their small partial sum.
OneRank = LocalWire
ONE_RANK = OneRank()


@dataclass(frozen=True)
class Job:
    """What every batch needs: the metric, its resolved options and the columns."""

    metric_name: str
    options: Dict[str, Any]  # resolved through the metric's declaration
    predictions: str
    references: str
    group_by: Tuple[str, ...]
    id_column: Optional[str]
    keyed: bool  # group_by was a list: tuple keys
    unregistered: Optional[Metric] = None  # a Metric object outside the registry, shipped as is

    @property
    def metric(self) -> Metric:
        return self.unregistered if self.unregistered is not None else registry.get(self.metric_name)

    @property
    def columns(self) -> Tuple[str, ...]:
        """The input columns a batch reads."""
        extra = (self.id_column,) if self.id_column is not None else ()
        return tuple(dict.fromkeys((self.predictions, self.references) + self.group_by + extra))


def _column_name(argument: str, value: Any) -> str:
    if not isinstance(value, str) or not value:
        raise TypeError(f"{argument} must name a column (a non-empty string), got {value!r}")
    return value


def plan(metric: Union[str, Metric], predictions: str, references: str, group_by: Any = None,
         id_column: Optional[str] = None, **options: Any) -> Job:
    """The checked job: the metric (a registered name, or a :class:`Metric` object whose
    name's declaration holds its options), its options resolved, the column names.

    Raises before any job starts: an unknown option (with the closest names), a bad value,
    a variant the metric's statistics refuse (probed on one segment, so METEOR 1.5 loads its
    tables on the driver too), ``return_segments`` (use ``segment_scores``).
    """
    if isinstance(metric, str):
        name, unregistered = registry.get(metric).name, None
    elif not isinstance(metric, (str, bytes)) and not missing_members(metric):  # a Metric, or an object that has its members
        name = metric.name
        unregistered = None if name in registry.names() and registry.get(name) is metric else metric
    else:
        raise TypeError(f"metric must be a metric's name ({', '.join(registry.names())}) or a Metric, "
                        f"got {type(metric).__name__}")
    if "return_segments" in options:
        raise TypeError("return_segments is not an option here: corpus_score returns the corpus result, "
                        "segment_scores adds each row's score as a column")
    resolved = split_options((name,), options)[name]
    keyed = not (group_by is None or isinstance(group_by, str))
    if group_by is None:
        groups: Tuple[str, ...] = ()
    elif isinstance(group_by, str):
        groups = (_column_name("group_by", group_by),)
    else:
        groups = tuple(_column_name("group_by", g) for g in group_by)
        if not groups:
            raise ValueError("group_by is an empty list: give a column name, a list of them, or None")
    job = Job(name, resolved, _column_name("predictions", predictions), _column_name("references", references),
              groups, None if id_column is None else _column_name("id_column", id_column), keyed, unregistered)
    statistics(job, [_PROBE[0]], [_PROBE[1]])  # options only the statistics check (a refused variant)
    return job


def check_schema(job: Job, kinds: Mapping[str, str], adds: Optional[str] = None) -> None:
    """Refuse, before the job, columns that are missing or of the wrong type.

    ``kinds``: every column of the engine's dataset -> :data:`STRING`, :data:`STRINGS` or
    the engine's name of its type. ``adds``: a column the job will add (it must be new).
    """
    for argument, column in (("predictions", job.predictions), ("references", job.references),
                             *(("group_by", g) for g in job.group_by), ("id_column", job.id_column)):
        if column is not None and column not in kinds:
            raise ValueError(f"{argument}={column!r} is not a column of the dataset; its columns are "
                             f"{', '.join(map(repr, kinds))}")
    if kinds[job.predictions] != STRING:
        raise TypeError(f"predictions={job.predictions!r} is {kinds[job.predictions]}; it must be {STRING} "
                        "(one hypothesis per row)")
    if kinds[job.references] not in (STRING, STRINGS):
        raise TypeError(f"references={job.references!r} is {kinds[job.references]}; it must be {STRING} "
                        f"(one reference per row) or {STRINGS} (one or more per row)")
    if adds is not None and adds in kinds:
        raise ValueError(f"the dataset already has a column {adds!r}, which segment_scores adds: rename it first")


def arrow_columns(job: Job, batch: Any) -> Dict[str, list]:
    """The columns a batch reads, as Python lists, from an Arrow table or record batch."""
    return {name: batch.column(name).to_pylist() for name in job.columns}


def _bad_value(job: Job, column: str, value: Any, row: int, ids: Optional[list], expected: str) -> ValueError:
    where = (f"the row where {job.id_column} = {ids[row]!r}" if ids is not None else
             f"row {row} of a batch of the job (name an id_column to have the row named by its id)")
    return ValueError(f"column {column!r} holds {value!r} in {where}; every value of {column!r} must be {expected}")


def texts(job: Job, columns: Mapping[str, list]) -> Tuple[List[str], List[List[str]]]:
    """The batch's hypotheses and references, each value checked: a None or non-string is a
    ValueError naming the column and the row (its ``id_column`` value if named)."""
    hyps, refs = columns[job.predictions], columns[job.references]
    ids = columns[job.id_column] if job.id_column is not None else None
    for row, hyp in enumerate(hyps):
        if not isinstance(hyp, str):
            raise _bad_value(job, job.predictions, hyp, row, ids, "a string")
    out: List[List[str]] = []
    for row, ref in enumerate(refs):
        if isinstance(ref, str):
            out.append([ref])
        elif isinstance(ref, (list, tuple)) and ref and all(isinstance(r, str) for r in ref):
            out.append(list(ref))
        else:
            raise _bad_value(job, job.references, ref, row, ids, "a string or a non-empty list of strings")
    return list(hyps), out


def statistics(job: Job, hyps: Sequence[str], refs: Sequence[Sequence[str]]) -> Any:
    """The metric's per-segment statistics of some rows (tokenized once, n-grams matched once)."""
    metric, options = job.metric, job.options
    hyps, refs = check_corpus(hyps, refs)
    return metric.statistics(Corpora.of(hyps, refs, [(metric, options)]), options)


def _group_rows(job: Job, columns: Mapping[str, list], n_rows: int) -> Dict[Any, np.ndarray]:
    """Each group's key and its rows in the batch, in order of first appearance."""
    if not job.group_by:
        return {(): np.arange(n_rows)}
    keys = list(zip(*(columns[g] for g in job.group_by)))
    rows: Dict[Any, List[int]] = {}
    for row, key in enumerate(keys):
        rows.setdefault(key if job.keyed else key[0], []).append(row)
    return {key: np.asarray(r) for key, r in rows.items()}


def _take(values: list, rows: np.ndarray) -> list:
    return [values[i] for i in rows]


def batch_partials(job: Job, columns: Mapping[str, list]) -> List[bytes]:
    """One pickled ``(group key, reduced statistics)`` per group of the batch."""
    hyps, refs = texts(job, columns)
    metric = job.metric
    return [pickle.dumps((key, metric.reduce(statistics(job, _take(hyps, rows), _take(refs, rows)), ONE_RANK)),
                         protocol=pickle.HIGHEST_PROTOCOL)
            for key, rows in _group_rows(job, columns, len(hyps)).items()]


def add_partials(job: Job, partials: Iterable[bytes]) -> Dict[Any, Any]:
    """Each group's reduced statistics: its partials (in the engine's order) added pairwise."""
    metric = job.metric
    per_group: Dict[Any, List[Any]] = {}
    for blob in partials:
        key, stats = pickle.loads(blob)
        per_group.setdefault(key, []).append(stats)
    totals = {}
    for key, parts in per_group.items():
        while len(parts) > 1:  # a tree of sums: each partial is merged log(batches) times
            parts = [metric.reduce(parts[i] + parts[i + 1], ONE_RANK) if i + 1 < len(parts) else parts[i]
                     for i in range(0, len(parts), 2)]
        totals[key] = parts[0]
    return totals


def results(job: Job, totals: Mapping[Any, Any]) -> Any:
    """The result dictionary (or one per group) from each group's statistics (:func:`add_partials`)."""
    metric = job.metric
    out = {key: metric.result(stats, job.options) for key, stats in totals.items()}
    if not job.group_by:
        if () not in out:
            raise ValueError("the dataset has no rows: a corpus score needs at least one segment")
        return out[()]
    return out


def needs_corpus(job: Job) -> bool:
    """Whether segment scores need a first pass (the whole corpus's statistics per group)."""
    return job.metric.segment_scores_need_corpus


def batch_segment_scores(job: Job, columns: Mapping[str, list], corpus: Optional[Mapping[Any, Any]] = None
                         ) -> np.ndarray:
    """Each row's segment score (float64, the batch's order); ``corpus``: each group's
    reduced statistics, for a metric whose segment scores need them."""
    hyps, refs = texts(job, columns)
    metric, options = job.metric, {**job.options, "return_segments": True}
    if not hyps:
        return np.zeros(0)
    if corpus is None:
        return np.asarray(metric.result(statistics(job, hyps, refs), options)["segment_scores"], dtype=np.float64)
    scores = np.zeros(len(hyps))
    for key, rows in _group_rows(job, columns, len(hyps)).items():
        within = metric.within_corpus(statistics(job, _take(hyps, rows), _take(refs, rows)), corpus[key])
        scores[rows] = metric.result(within, options)["segment_scores"][:len(rows)]
    return scores


__all__ = ["Job", "ONE_RANK", "OneRank", "STRING", "STRINGS", "WORKER_NEEDS", "WORKER_PROBE", "add_partials", "arrow_columns", "batch_partials",
           "batch_segment_scores", "check_schema", "needs_corpus", "plan", "results", "statistics", "texts",
           "worker_python_problem"]
