"""BLEU, NIST and METEOR of one corpus in one pass, through their statistics.

``score_all(predictions, references, metrics=("bleu", "nist", "meteor"))`` checks
the input once, tokenizes it once per distinct (tokenizer, lowercasing) setting and
finds the clipped n-gram matches once (``ngram_core.ngrams.index.match_ngrams``, of the
larger of their orders) for BLEU and NIST to share. It returns one result dictionary per metric, the same
dictionaries ``corpus_bleu``, ``corpus_nist`` and ``compute_meteor`` return.

The two steps are also public, for the adapters that move statistics around
(``reduce`` for ``datasets.map``, ``distributed`` for ``torch.distributed``):
``corpus_statistics`` returns each metric's per-segment statistics (each type adds
with ``+``: the statistics of the two corpora one after the other), and
``results_from_statistics`` turns (summed) statistics into the result dictionaries.
Both loop over the metrics of :mod:`ngram_core.registry` (each one's
:meth:`~ngram_core.metric.Metric.statistics` and :meth:`~ngram_core.metric.Metric.result`).

Options. ``tokenize`` and ``lowercase`` hold for every metric that reads them with its
variant (METEOR 1.5 tokenizes with the jar's ``-norm``, which lowercases); any other option
goes to the one metric that has it (``max_order`` to BLEU, ``n`` to NIST,
``alpha`` to METEOR...); a dictionary per metric (``meteor={"lowercase": False}``)
overrides both. Without ``lowercase``, each metric keeps its own default: BLEU and
NIST keep case, METEOR lowercases (as ``bleu_custom``, ``nist_custom`` and
``meteor_custom`` do).
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from . import registry
from .inputs import check_corpus
from .meteor.entry import MeteorSegments, meteor_result
from .metric import Corpora
from .options import closest_names
from .registry import DECLARATIONS, check_metrics

METRICS = registry.BUILT_IN  # the default: every built-in metric
SHARED_OPTIONS = ("tokenize", "lowercase", "return_segments")


def split_options(metrics: Sequence[str], options: Mapping[str, Any]) -> Dict[str, Dict[str, Any]]:
    """Every metric's full, checked option set: its defaults, then shared options, then its own.

    A flat option goes to every requested metric that declares it; a dictionary per
    metric (``meteor={...}``) overrides. An option no metric has is a ``TypeError``
    (with the closest names); one that belongs only to metrics not requested is an
    error too (it would silently do nothing).
    """
    metrics = check_metrics(metrics)
    known_metrics = registry.names()
    per_metric = {name: dict(options[name]) for name in known_metrics if name in options and options[name] is not None}
    flat = {k: v for k, v in options.items() if k not in known_metrics}
    given: Dict[str, Dict[str, Any]] = {name: {} for name in metrics}
    for key, value in flat.items():
        owners = [name for name in known_metrics if key in DECLARATIONS[name]]
        if not owners:
            known = sorted({k for d in DECLARATIONS.values() for k in d})
            close = closest_names(str(key), known)
            hint = f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""
            per = ", ".join(f"{name}=..." for name in known_metrics)
            raise TypeError(f"unknown option {key!r}{hint}; options are {', '.join(known)} (or a dict per metric: {per})")
        targets = [name for name in owners if name in given]
        if not targets:
            raise ValueError(f"option {key!r} belongs to {' and '.join(owners)}, which is not among metrics={metrics!r}")
        for name in targets:
            if key in SHARED_OPTIONS and len(targets) > 1:
                # a shared option goes to the metrics whose variant reads it (METEOR 1.5
                # tokenizes with the jar's -norm, not with tokenize)
                context = {k: v for k, v in flat.items() if k in DECLARATIONS[name]} | per_metric.get(name, {})
                if not DECLARATIONS[name].reads(key, context):
                    continue
            given[name][key] = value
    for name, own in per_metric.items():
        if name not in given:
            raise ValueError(f"options given for {name!r}, which is not among metrics={metrics!r}")
        given[name].update(own)
    return {name: DECLARATIONS[name].resolve(given[name]) for name in metrics}


def corpus_statistics(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                      **options: Any) -> Dict[str, Any]:
    """Per-segment statistics of each metric: ``{"bleu": BleuStatistics, "nist": NistStatistics,
    "meteor": MeteorStatistics}`` (only those requested); see the module docstring for options."""
    return statistics_and_corpora(predictions, references, metrics, **options)[0]


def statistics_and_corpora(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                           **options: Any) -> Tuple[Dict[str, Any], Corpora]:
    """``corpus_statistics`` and what it was computed from: (statistics, tokenized corpora).

    The second item's ``corpus(tokenize, lowercase)`` and ``index(tokenize, lowercase)``
    return the corpus and n-gram index a metric used (for adapters that need more
    than the statistics, such as ``reduce``'s per-segment NIST columns).
    """
    per_metric = split_options(metrics, options)
    return statistics_of(*check_corpus(predictions, references), per_metric)


def statistics_of(hyps: List[str], refs: List[List[str]], per_metric: Mapping[str, Mapping[str, Any]]
                  ) -> Tuple[Dict[str, Any], Corpora]:
    """:func:`statistics_and_corpora` of checked texts with options resolved already
    (:func:`split_options`): what a way in calls once it has resolved the options of
    its call, so that they are resolved once."""
    # the n-grams of one setting are matched once, to the largest order
    corpora = _corpora(hyps, refs, per_metric)
    stats = {name: registry.get(name).statistics(corpora, values) for name, values in per_metric.items()}
    return stats, corpora


def plain_results(hyps: List[str], refs: List[List[str]], per_metric: Mapping[str, Mapping[str, Any]]
                  ) -> Optional[Dict[str, Dict[str, Any]]]:
    """Each metric's result dictionary where the road (:class:`~ngram_core.ngrams.corpora.Corpora`)
    takes the plain layout for this call (a one-off call that every metric counts in plain
    Python), or None (checked texts, resolved options as :func:`split_options` gives them)."""
    corpora = _corpora(hyps, refs, per_metric, results_only=True)
    return _results(corpora, per_metric) if corpora.plain else None


def _corpora(hyps: List[str], refs: List[List[str]], per_metric: Mapping[str, Mapping[str, Any]],
             results_only: bool = False) -> Corpora:
    return Corpora.of(hyps, refs, [(registry.get(name), values) for name, values in per_metric.items()], results_only)


def _results(corpora: Corpora, per_metric: Mapping[str, Mapping[str, Any]]) -> Dict[str, Dict[str, Any]]:
    return {name: registry.get(name).result(registry.get(name).statistics(corpora, values), values)
            for name, values in per_metric.items()}


def results_from_statistics(stats: Mapping[str, Any], **options: Any) -> Dict[str, Dict[str, Any]]:
    """Each metric's result dictionary from its (per-segment or summed) statistics.

    ``options`` must be those the statistics were computed with (``lowercase``
    and ``tokenize`` go into the signatures).
    """
    return results_of(stats, split_options(tuple(stats), options))


def results_of(stats: Mapping[str, Any], per_metric: Mapping[str, Mapping[str, Any]]) -> Dict[str, Dict[str, Any]]:
    """:func:`results_from_statistics` with options resolved already (:func:`split_options`)."""
    return {name: registry.get(name).result(stats[name], values) for name, values in per_metric.items()}


def score_all(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
              **options: Any) -> Dict[str, Dict[str, Any]]:
    """``{"bleu": {...}, "nist": {...}, "meteor": {...}}`` of one corpus, tokenized once.

    Each dictionary is what the metric's own function returns with the same options
    (``bleu`` 0-1 and ``score`` 0-100; ``nist`` in [0, inf); ``meteor``, the number of
    the variant's tool, with ``meteor_corpus`` and ``meteor_mean``, all 0-1).
    """
    per_metric = split_options(metrics, options)  # the options of this call, resolved once
    # the road picks the layout: plain Python for a one-off call every metric counts so
    return _results(_corpora(*check_corpus(predictions, references), per_metric, results_only=True), per_metric)


def headline_scores(results: Mapping[str, Mapping[str, Any]]) -> Dict[str, float]:
    """One number per metric, flat (for loggers): its headline (``bleu`` 0-1, ``nist``,
    ``meteor`` 0-1)."""
    return {name: float(result[registry.get(name).headline]) for name, result in results.items()}


__all__ = ["DECLARATIONS", "METRICS", "MeteorSegments", "SHARED_OPTIONS", "check_metrics", "corpus_statistics",
           "headline_scores", "meteor_result", "results_from_statistics", "results_of", "score_all",
           "split_options", "statistics_and_corpora", "statistics_of"]
