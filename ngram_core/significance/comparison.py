"""Two systems side by side, for display: their scores, both paired tests, per-segment differences.

``compare_two(baseline, system, references, metric="bleu", **options)`` returns a
:class:`Comparison`: each score of the metric (``BLEU``; ``NIST``; ``METEOR`` and
``METEOR-mean``, or ``METEOR-corpus`` for the ``nltk`` variant) for both systems, the p-values of paired bootstrap resampling
and paired approximate randomization (sacreBLEU's defaults: 1,000 resamples, 10,000
trials, seed from the environment), and each segment's score difference (system
minus baseline; :meth:`.Systems.segment_scores`: sacreBLEU's sentence BLEU, NIST's and
METEOR's segment scores). Scales as in the tests: BLEU 0-100, NIST bits, METEOR 0-1.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Sequence

from ..lazy import np

from .settings import DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_RANDOMIZATION_TRIALS, FROM_ENVIRONMENT, Seed, resolve_seed
from .systems import score_systems

@dataclass(frozen=True)
class Comparison:
    names: tuple  # (baseline, system)
    scores: Dict[str, tuple]  # score name -> (baseline's, system's)
    bootstrap_p: Dict[str, float]  # score name -> p of paired bootstrap resampling
    randomization_p: Dict[str, float]  # score name -> p of paired approximate randomization
    differences: np.ndarray  # (S,) system's segment score minus the baseline's
    n_samples: int
    n_trials: int
    seed: Any

    def significant(self, name: str, level: float = 0.05) -> bool:
        """Both tests give p <= ``level`` (sacreBLEU's mark)."""
        return self.bootstrap_p[name] <= level and self.randomization_p[name] <= level

    def rows(self) -> List[List[str]]:
        """[[score, baseline, system, difference, p bootstrap, p randomization], ...] as text."""
        out = []
        for name, (a, b) in self.scores.items():
            out.append([name, f"{a:.4f}", f"{b:.4f}", f"{b - a:+.4f}", f"{self.bootstrap_p[name]:.4f}",
                        f"{self.randomization_p[name]:.4f}"])
        return out


def compare_two(baseline: Sequence[str], system: Sequence[str], references: Sequence[Any], metric: str = "bleu",
                names: Sequence[str] = ("baseline", "system"), n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES,
                n_trials: int = DEFAULT_RANDOMIZATION_TRIALS, seed: Seed = FROM_ENVIRONMENT,
                **options: Any) -> Comparison:
    """``system`` against ``baseline`` on one metric; ``options`` are the metric's (as for ``score_all``)."""
    systems = score_systems([baseline, system], references, metrics=(metric,), names=names, **options)
    bootstrap = systems.paired_bootstrap(n_samples, seed)
    randomization = systems.paired_randomization(n_trials, -1, seed)
    segment = [systems.segment_scores(metric, j) for j in (0, 1)]
    return Comparison(
        names=tuple(names),
        scores={name: (bootstrap[0][name].score, bootstrap[1][name].score) for name in bootstrap[0]},
        bootstrap_p={name: result.p_value for name, result in bootstrap[1].items()},
        randomization_p={name: result.p_value for name, result in randomization[1].items()},
        differences=segment[1] - segment[0],
        n_samples=n_samples, n_trials=n_trials, seed=resolve_seed(seed),
    )
