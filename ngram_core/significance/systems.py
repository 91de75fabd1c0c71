"""Several systems' outputs for the same segments: statistics in one pass, then tests.

``score_systems([baseline, system_a, ...], references, metrics=...)`` puts the
systems one after the other into one corpus whose references repeat, and computes
each metric's statistics once (``ngram_core.suite``): each distinct reference is
tokenized once and every system's segments share its reference n-grams
(``ngram_core.ngrams.index`` numbers n-grams per set of references). NIST's information
weights of that corpus equal each system's own (every reference count is k times
the count of one copy, and the weights are ratios of counts). The result,
:class:`Systems`, gives each system's statistics and result dictionaries (those of
``score_all`` on that system alone) and runs the tests of :mod:`.resampling`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ..lazy import np

from .. import registry
from ..inputs import check_corpus, check_predictions, check_references
from ..suite import check_metrics, results_from_statistics, results_of, split_options, statistics_of
from .adapters import adapters_for
from .settings import DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_RANDOMIZATION_TRIALS, FROM_ENVIRONMENT, Result, Seed
from .resampling import (
    Progress,
    SystemRows,
    _no_progress,
    bootstrap_confidence,
    paired_bootstrap,
    paired_randomization,
)


@dataclass
class Systems:
    """Every system's statistics for each metric (systems one after the other, baseline first)."""

    names: Tuple[str, ...]
    n_segments: int
    options: Dict[str, Dict[str, Any]]  # each metric's full options
    user_options: Dict[str, Any]  # as given, for results_from_statistics
    statistics: Dict[str, Any]  # metric -> statistics of all systems
    _rows: Optional[SystemRows] = field(default=None, repr=False)

    @property
    def metrics(self) -> Tuple[str, ...]:
        return tuple(self.options)

    def statistics_of(self, metric: str, system: int) -> Any:
        """System ``system``'s own statistics for ``metric`` (as ``corpus_statistics`` of it alone)."""
        S = self.n_segments
        return registry.get(metric).part(self.statistics[metric], system * S, (system + 1) * S, len(self.names))

    def results(self, system: int, **overrides: Any) -> Dict[str, Dict[str, Any]]:
        """``score_all``'s result dictionaries for system ``system`` (``overrides``: e.g.
        ``return_segments=True``)."""
        own = {m: self.statistics_of(m, system) for m in self.metrics}
        if not overrides:  # the options resolved when the systems were scored
            return results_of(own, self.options)
        return results_from_statistics(own, **{**self.user_options, **overrides})

    def segment_scores(self, metric: str, system: int) -> np.ndarray:
        """Each segment's score of ``system`` (``Metric.segment_scores``: BLEU's is sacreBLEU's
        sentence BLEU with effective order, 0-100; NIST's and METEOR's their ``segment_scores``,
        with the corpus' information weights for NIST, 0-1 for METEOR)."""
        return registry.get(metric).segment_scores(self.statistics_of(metric, system), self.options[metric])

    def score_metrics(self) -> Dict[str, str]:
        """Each score's name and the metric it comes from: ``{"BLEU": "bleu", "METEOR-mean": "meteor", ...}``."""
        return {a.name: m for m in self.metrics for a in adapters_for(m, self.options[m])}

    def widths(self) -> Dict[str, int]:
        """Each score's default decimals on the command line (its metric's :class:`~ngram_core.presentation.Presentation` ``width``)."""
        return {name: registry.presentation(metric).width for name, metric in self.score_metrics().items()}

    def rows(self) -> SystemRows:
        """Every score's ``(n_systems, S, K)`` rows (computed once)."""
        if self._rows is None:
            adapters, rows = [], []
            k, S = len(self.names), self.n_segments
            for metric in self.metrics:
                for adapter in adapters_for(metric, self.options[metric]):
                    table = adapter.rows(self.statistics[metric])
                    adapters.append(adapter)
                    rows.append(table.reshape(k, S, table.shape[1]))
            self._rows = SystemRows(self.names, tuple(adapters), tuple(rows))
        return self._rows

    def scores(self) -> List[Dict[str, float]]:
        """Each system's actual scores, ``[{"BLEU": ..., "NIST": ..., "METEOR": ...}]``."""
        return self.rows().scores()

    def confidence(self, n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: Seed = FROM_ENVIRONMENT,
                   progress: Progress = _no_progress) -> List[Dict[str, Result]]:
        """Each system's bootstrap mean and 95% interval (see :func:`.resampling.bootstrap_confidence`)."""
        return bootstrap_confidence(self.rows(), n_samples, seed, progress)

    def paired_bootstrap(self, n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: Seed = FROM_ENVIRONMENT,
                         progress: Progress = _no_progress) -> List[Dict[str, Result]]:
        """Every system against the first (see :func:`.resampling.paired_bootstrap`)."""
        return paired_bootstrap(self.rows(), n_samples, seed, progress)

    def paired_randomization(self, n_trials: int = DEFAULT_RANDOMIZATION_TRIALS, n_confidence: int = -1,
                             seed: Seed = FROM_ENVIRONMENT, progress: Progress = _no_progress) -> List[Dict[str, Result]]:
        """Every system against the first (see :func:`.resampling.paired_randomization`)."""
        return paired_randomization(self.rows(), n_trials, n_confidence, seed, progress)


def score_systems(systems: Sequence[Sequence[str]], references: Sequence[Any], metrics: Sequence[str] = ("bleu",),
                  names: Optional[Sequence[str]] = None, **options: Any) -> Systems:
    """Statistics of several systems (the first is the baseline of paired tests) in one pass.

    ``systems``: one list of output strings per system, all as long as
    ``references`` (one string or list of strings per segment, as for every
    metric). ``metrics``: any registered metrics (``"bleu"``, ``"nist"``, ``"meteor"``). ``options``:
    those of :func:`ngram_core.suite.score_all`. ``names`` default to
    ``system 1``, ``system 2``, ...
    """
    metrics = check_metrics(metrics)
    return systems_of(systems, references, split_options(metrics, options), options, names)


def systems_of(systems: Sequence[Sequence[str]], references: Sequence[Any], per_metric: Mapping[str, Mapping[str, Any]],
               options: Mapping[str, Any], names: Optional[Sequence[str]] = None) -> Systems:
    """:func:`score_systems` with the options resolved already: ``per_metric`` as
    :func:`~ngram_core.suite.split_options` gives them for ``options`` (what a way in
    that resolved the options of its call passes, so that they are resolved once)."""
    if isinstance(systems, (str, bytes)) or not hasattr(systems, "__len__"):
        raise TypeError("systems must be a list of systems, each a list of output strings")
    outputs = [check_predictions(system) for system in systems]
    if not outputs:
        raise ValueError("systems is empty: give at least one system (a list of output strings)")
    S = len(outputs[0])
    refs = check_references(references, S)
    for j, output in enumerate(outputs):
        if len(output) != S:
            raise ValueError(f"systems[{j}] has {len(output)} segments but references has {S}: every system "
                             "must translate the same segments")
    if S == 0:
        raise ValueError("references is empty: the tests need at least one segment")
    if names is None:
        names = [f"system {j + 1}" for j in range(len(outputs))]
    names = tuple(str(n) for n in names)
    if len(names) != len(outputs):
        raise ValueError(f"names has {len(names)} entries for {len(outputs)} systems")
    flat = [h for output in outputs for h in output]
    stats, _ = statistics_of(*check_corpus(flat, refs * len(outputs)), per_metric)
    return Systems(names, S, {name: per_metric[name] for name in per_metric}, dict(options), stats)
