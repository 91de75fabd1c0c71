"""Significance tests for BLEU, NIST and METEOR on their per-segment statistics.

    from ngram_core.significance import score_systems
    systems = score_systems([baseline, system_a, system_b], references,
                            metrics=("bleu", "nist", "meteor"), names=["base", "a", "b"])
    systems.paired_bootstrap()        # 1,000 resamples: [{"BLEU": Result(score, p_value, mean, ci), ...}, ...]
    systems.paired_randomization()    # 10,000 trials
    systems.confidence()              # each system alone: mean and 95% interval

Three layers: :mod:`.adapters` (a metric's statistics -> additive ``(S, K)`` rows,
and summed rows -> scores), :mod:`.resampling` (sacreBLEU 2.6.0's draws, sums,
interval and p-value rules, vectorized over resamples), :mod:`.systems` (every
system's statistics in one pass). For BLEU the numbers are sacreBLEU's bit for bit
with the same seed (default 12345; ``NGRAM_CORE_SEED``, else ``SACREBLEU_SEED``;
``none`` for fresh entropy); the only difference is p = 1 when two systems' scores
are equal (see :mod:`.resampling`).
"""
from ..lazy import attributes

# each name from its module, imported when first asked for: the command line imports this
# package for its settings (.settings) before it knows whether a test runs
__getattr__ = attributes(__name__, {
    "Adapter": ".adapters", "adapters_for": ".adapters", "bleu_adapter": ".adapters", "meteor_adapters": ".adapters",
    "nist_adapter": ".adapters", "DEFAULT_BOOTSTRAP_SAMPLES": ".settings", "DEFAULT_RANDOMIZATION_TRIALS": ".settings",
    "DEFAULT_SEED": ".settings", "Result": ".settings", "resolve_seed": ".settings", "SystemRows": ".resampling",
    "bootstrap_confidence": ".resampling", "bootstrap_standard_errors": ".resampling", "paired_bootstrap": ".resampling",
    "paired_randomization": ".resampling",
    "Systems": ".systems", "score_systems": ".systems"})


__all__ = [
    "Adapter",
    "DEFAULT_BOOTSTRAP_SAMPLES",
    "DEFAULT_RANDOMIZATION_TRIALS",
    "DEFAULT_SEED",
    "Result",
    "SystemRows",
    "Systems",
    "adapters_for",
    "bleu_adapter",
    "bootstrap_confidence",
    "bootstrap_standard_errors",
    "meteor_adapters",
    "nist_adapter",
    "paired_bootstrap",
    "paired_randomization",
    "resolve_seed",
    "score_systems",
]
