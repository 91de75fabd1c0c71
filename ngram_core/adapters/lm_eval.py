"""lm-evaluation-harness (0.4.13): every registered metric for a task's ``metric_list``, with
its standard error from resampled statistics.

Importing the module registers, for each metric of :mod:`ngram_core.registry`, a metric and
an aggregation named ``ngram_core_<name>`` with the harness's decorators
(``lm_eval.api.registry.register_metric`` / ``register_aggregation``). A task's YAML then
names them; a ``!function`` of a file beside it imports this module when the YAML is read
(``examples/lm_eval_task/``)::

    metric_list:
      - metric: ngram_core_bleu
        aggregation: !function ngram_metrics.bleu     # ngram_metrics.py: from ngram_core.adapters.lm_eval import *
        higher_is_better: true

Per document the metric keeps ``[gold, prediction]``, as the harness's own ``bleu``, ``chrf``
and ``ter`` do; the aggregation scores the corpus of all of them (a gold is a string or a
list of references) on sacreBLEU's scale: BLEU and chrF equal the harness's ``bleu`` and
``chrf`` aggregations (``sacrebleu.corpus_bleu(...).score``) on the same items. :data:`OPTIONS`
maps a metric's name to its options (``OPTIONS["bleu"] = {"tokenize": "intl"}``).

Standard error: the harness's ``_compute_task_aggregations`` asks
``lm_eval.evaluator_utils.stderr_for_metric(aggregation, bootstrap_iters)``, which knows only
its own aggregations (and caps ``bleu``, ``chrf``, ``ter`` at 100 resamples). This module
wraps that function: for an aggregation of ours it returns the sample standard deviation of
``bootstrap_iters`` resampled corpus scores, all of them (100,000 by default), computed on
per-segment statistics (:class:`ngram_core.adapters.corpus.CorpusScore`;
seed as for every test here: ``NGRAM_CORE_SEED``, default 12345); for any other it is the
harness's own.
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

import lm_eval.evaluator_utils as harness_evaluator
from lm_eval.api.registry import register_aggregation, register_metric

from .. import registry
from .corpus import CorpusScore

PREFIX = "ngram_core_"  # the harness's name of metric m: ngram_core_m
OPTIONS: Dict[str, Dict[str, Any]] = {}  # metric name -> its options, read when a task aggregates


def _columns(items: Sequence[Any]) -> Tuple[List[str], List[List[str]]]:
    """Predictions and references of the harness's ``[gold, prediction]`` items."""
    if isinstance(items, (str, bytes)) or not hasattr(items, "__len__") or not len(items):
        raise ValueError("items must be the harness's non-empty list of [gold, prediction] pairs")
    golds, predictions = [], []
    for k, item in enumerate(items):
        if isinstance(item, (str, bytes)) or len(item) != 2:
            raise ValueError(f"items[{k}] is {item!r:.60}: expected [gold, prediction] (the metric keeps them)")
        gold, prediction = item
        if not isinstance(prediction, str) and len(prediction) == 1:
            prediction = prediction[0]  # the harness's own aggregations take a one-element list too
        golds.append([gold] if isinstance(gold, str) else list(gold))
        predictions.append(prediction)
    return predictions, golds


class Aggregation:
    """The harness's aggregation of one registered metric: ``aggregation(items)`` -> its corpus
    score; :meth:`stderr` its bootstrap standard error (:class:`~ngram_core.adapters.corpus.CorpusScore`)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.__name__ = PREFIX + name  # the harness prints and logs aggregations by __name__
        self.corpus = CorpusScore(name, OPTIONS)

    def __call__(self, items: Sequence[Any]) -> float:
        return self.corpus.score(*_columns(items))

    def stderr(self, items: Sequence[Any], bootstrap_iters: int) -> float:
        return self.corpus.stderr(*_columns(items), bootstrap_iters)

    def __repr__(self) -> str:
        return f"<lm-eval aggregation {self.__name__}>"


def keep_items(items: Any) -> Any:
    """The per-document metric: it keeps ``[gold, prediction]`` for the aggregation."""
    return items


AGGREGATIONS: Dict[str, Aggregation] = {}
_harness_stderr_for_metric = harness_evaluator.stderr_for_metric


def stderr_for_metric(metric: Any, bootstrap_iters: int):
    """The harness's ``stderr_for_metric``, with every resample for an aggregation of ours."""
    if isinstance(metric, Aggregation):
        return None if bootstrap_iters <= 0 else (lambda items: metric.stderr(items, bootstrap_iters))
    return _harness_stderr_for_metric(metric, bootstrap_iters)


harness_evaluator.stderr_for_metric = stderr_for_metric

for _name in registry.names():
    AGGREGATIONS[_name] = register_aggregation(PREFIX + _name)(Aggregation(_name))
    register_metric(metric=PREFIX + _name, higher_is_better=registry.get(_name).higher_is_better, output_type="generate_until",
                    aggregation=PREFIX + _name)(keep_items)
    globals()[_name] = AGGREGATIONS[_name]  # ngram_metrics.bleu for a YAML's !function

__all__ = ["AGGREGATIONS", "OPTIONS", "PREFIX", *registry.names(), "keep_items", "stderr_for_metric"]
