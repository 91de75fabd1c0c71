"""Per-segment statistics as plain columns, and scores from those columns.

For ``datasets.Dataset.map(batched=True, num_proc=k)``: each worker turns its batch
into columns of ints, floats, lists and strings (what Arrow stores), one row per
segment; the corpus score is then computed from all rows at once, and equals
``score_all`` on the whole corpus (BLEU and METEOR to the last bit, NIST to
rounding of its float sums)::

    stats = ds.map(lambda b: segment_columns(b["hyp"], b["refs"]), batched=True,
                   num_proc=2, remove_columns=ds.column_names)
    results = score_columns(stats)

Columns, per segment, are prefixed by the metric's name; each metric of
:mod:`ngram_core.registry` writes and reads its own (``Metric.columns`` and
``Metric.from_columns``; BLEU's are listed in :mod:`ngram_core.bleu.entry`, NIST's in
:mod:`ngram_core.nist.entry`, METEOR's in :mod:`ngram_core.meteor.entry`). They add:
the corpus statistics are those of all rows.
"""

from __future__ import annotations

from typing import Any, Dict, Mapping, Sequence

from .. import registry
from ..inputs import check_corpus
from ..suite import METRICS, check_metrics, results_from_statistics, split_options, statistics_of


def segment_columns(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                    **options: Any) -> Dict[str, list]:
    """Every requested metric's per-segment statistics as plain columns (one row per segment).

    Options as for :func:`ngram_core.suite.score_all`.
    """
    per_metric = split_options(metrics, options)
    stats, corpora = statistics_of(*check_corpus(predictions, references), per_metric)
    columns: Dict[str, list] = {}
    for name, values in per_metric.items():
        columns.update(registry.get(name).columns(stats[name], corpora, values))
    return columns


def statistics_from_columns(columns: Mapping[str, Any], metrics: Sequence[str] = None) -> Dict[str, Any]:
    """The statistics objects of every metric whose columns are present (or of ``metrics``)."""
    names = set(columns.column_names if hasattr(columns, "column_names") else columns)
    if metrics is None:
        metrics = [metric.name for metric in registry.metrics() if metric.has_columns(names)]
    return {name: registry.get(name).from_columns(columns, names) for name in check_metrics(metrics)}


def score_columns(columns: Mapping[str, Any], metrics: Sequence[str] = None, **options: Any) -> Dict[str, Dict[str, Any]]:
    """Result dictionaries (as ``score_all``'s) from the columns of :func:`segment_columns`.

    ``columns`` is a mapping of column name to values: a dict of lists, or a
    ``datasets.Dataset`` (e.g. the output of ``map``). ``options`` must be those the
    columns were computed with (they go into the signatures and the scoring).
    """
    return results_from_statistics(statistics_from_columns(columns, metrics), **options)
