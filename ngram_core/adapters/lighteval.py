"""lighteval (0.13.0): every registered metric as a corpus-level metric of a custom task, with
its standard error from resampled statistics.

:data:`METRICS` maps each metric of :mod:`ngram_core.registry` to a lighteval
``CorpusLevelMetric`` named ``ngram_core_<name>``: lighteval's ``GenerativePreparator`` keeps each
document's golds and predictions, and the corpus function (:class:`CorpusMetric`) scores all of
them at aggregation. A custom task file lists them beside lighteval's own
(``examples/lighteval_task.py``)::

    from lighteval.metrics.metrics import Metrics
    from ngram_core.adapters.lighteval import METRICS
    LightevalTaskConfig(..., metrics=[Metrics.bleu, Metrics.chrf, *METRICS.values()])

The score is on sacreBLEU's scale, every reference of a document (``Doc.get_golds()``) counted
and, as lighteval's own metrics do, the first prediction of each. On single-reference items
``ngram_core_bleu`` equals lighteval's ``bleu`` (``sacrebleu.BLEU().corpus_score``), and
``ngram_core_chrf`` equals ``sacrebleu.CHRF().corpus_score`` of the same items. lighteval's
``chrf``, ``chrf++`` and ``ter`` differ from both: they pass the golds document by document
where sacreBLEU takes reference streams, so sacreBLEU scores the first document alone against
every document's gold (lighteval#1112, open); its ``bleu`` keeps the first gold of each.
:data:`OPTIONS` maps a metric's name to its options (``OPTIONS["bleu"] = {"tokenize": "intl"}``).

Standard error: lighteval's ``MetricsLogger.aggregate`` asks
``get_stderr_function(aggregation, bootstrap_iters)``. This module wraps that function: for a
metric of ours it returns the sample standard deviation of ``bootstrap_iters`` resampled
corpus scores (1,000 by default), computed on per-segment statistics
(:class:`ngram_core.adapters.corpus.CorpusScore`; seed ``NGRAM_CORE_SEED``, default 12345);
for any other it is lighteval's own. That standard deviation is the bootstrap standard error;
lighteval's own ``bootstrap_stderr`` reports it divided by the square root of the number of
resamples (its ``mean_stderr`` of the resampled scores), so its ``bleu_stderr`` is ours over
``sqrt(bootstrap_iters)``, within bootstrap noise.
"""
from __future__ import annotations

from typing import Any, Dict, List, Sequence, Tuple

import lighteval.logging.info_loggers as lighteval_loggers
from lighteval.metrics.metrics_corpus import CorpusLevelComputation
from lighteval.metrics.sample_preparator import GenerativePreparator
from lighteval.metrics.utils.metric_utils import CorpusLevelMetric
from lighteval.tasks.requests import SamplingMethod

from .. import registry
from .corpus import CorpusScore

PREFIX = "ngram_core_"  # lighteval's name of metric m: ngram_core_m
OPTIONS: Dict[str, Dict[str, Any]] = {}  # metric name -> its options, read when a task aggregates


def _columns(items: Sequence[Any]) -> Tuple[List[str], List[List[str]]]:
    """Predictions (the first of each document) and references of lighteval's
    ``GenerativeCorpusMetricInput`` items."""
    if isinstance(items, (str, bytes)) or not hasattr(items, "__len__") or not len(items):
        raise ValueError("items must be lighteval's non-empty list of GenerativeCorpusMetricInput (golds, preds)")
    predictions, golds = [], []
    for k, item in enumerate(items):
        gold, prediction = getattr(item, "golds", None), getattr(item, "preds", None)
        if gold is None or prediction is None:
            raise ValueError(f"items[{k}] is {item!r:.60}: expected a GenerativeCorpusMetricInput (golds, preds), "
                             "what lighteval's GenerativePreparator gives")
        if not isinstance(prediction, str):
            if not len(prediction):
                raise ValueError(f"items[{k}].preds is empty: the model gave no prediction for document {k}")
            prediction = prediction[0]  # lighteval's own corpus metrics keep the first
        golds.append([gold] if isinstance(gold, str) else list(gold))
        predictions.append(prediction)
    return predictions, golds


class CorpusMetric(CorpusLevelComputation):
    """lighteval's corpus function of one registered metric: :meth:`compute_corpus` its corpus
    score, :meth:`stderr` its bootstrap standard error."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.corpus = CorpusScore(name, OPTIONS)

    def compute_corpus(self, items: Sequence[Any]) -> float:
        return self.corpus.score(*_columns(items))

    def stderr(self, items: Sequence[Any], bootstrap_iters: int) -> float:
        return self.corpus.stderr(*_columns(items), bootstrap_iters)

    def __deepcopy__(self, memo: Dict[int, Any]) -> "CorpusMetric":
        return self  # lighteval deep-copies task configs; this one reads OPTIONS, the module's, at each call

    def __str__(self) -> str:
        return f"CorpusMetric({self.name})"


_lighteval_get_stderr_function = lighteval_loggers.get_stderr_function


def get_stderr_function(aggregation: Any, number_experiments: int = 1000):
    """lighteval's ``get_stderr_function``, with every resample taken on statistics for a metric of ours."""
    ours = getattr(aggregation, "__self__", None)
    if isinstance(ours, CorpusMetric):
        return lambda population: ours.stderr(population, number_experiments)
    return _lighteval_get_stderr_function(aggregation=aggregation, number_experiments=number_experiments)


lighteval_loggers.get_stderr_function = get_stderr_function

METRICS: Dict[str, CorpusLevelMetric] = {
    name: CorpusLevelMetric(metric_name=PREFIX + name, sample_level_fn=GenerativePreparator(),
                            category=SamplingMethod.GENERATIVE, corpus_level_fn=CorpusMetric(name),
                            # the metric's direction where it declares one (an error rate: False), else a similarity
                            higher_is_better=getattr(registry.get(name), "higher_is_better", True))
    for name in registry.names()
}

__all__ = ["METRICS", "OPTIONS", "PREFIX", "CorpusMetric", "get_stderr_function"]
