"""The file a task's ``!function ngram_metrics.<metric>`` names: importing it registers every
ngram_core metric with lm-evaluation-harness (``ngram_core.adapters.lm_eval``)."""
from ngram_core.adapters.lm_eval import *  # noqa: F401,F403  (bleu, chrf, nist, meteor, ... and OPTIONS)
