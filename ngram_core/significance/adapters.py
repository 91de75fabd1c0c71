"""What the significance tests need of a metric, and nothing more: its adapters.

An :class:`Adapter` turns a metric's per-segment statistics into a numeric
``(S, K)`` array of *rows* that add (the statistics of a set of segments are the
sum of their rows), and turns ``(B, K)`` summed rows into ``B`` scores, vectorized.
Resampling, randomization and the p-value and interval rules (``resampling``) see
only rows and that function, so a new statistics type (METEOR 1.5's, a BLEU
variant's) plugs in with one small adapter.

Each metric of :mod:`ngram_core.registry` gives its own (``Metric.scores``): BLEU's
(sacreBLEU's layout and arithmetic, and the other variants') in
:mod:`ngram_core.bleu.entry`, NIST's in :mod:`ngram_core.nist.entry`, METEOR's
(``METEOR``, the result's ``meteor``, and ``METEOR-mean`` or ``METEOR-corpus``) in :mod:`ngram_core.meteor.entry`.
"""
from __future__ import annotations

from typing import Any, List, Mapping

from .. import registry
from ..bleu.entry import bleu_adapter, bleu_rows, bleu_variant_adapter
from ..meteor.entry import meteor15_adapters, meteor_adapters, meteor_rows
from ..metric import Adapter
from ..nist.entry import nist_adapter, nist_rows


def adapters_for(metric: str, options: Mapping[str, Any]) -> List[Adapter]:
    """The adapters of one registered metric (e.g. ``"bleu"``) with its full options."""
    return registry.get(metric).scores(options)


__all__ = ["Adapter", "adapters_for", "bleu_adapter", "bleu_rows", "bleu_variant_adapter", "meteor15_adapters",
           "meteor_adapters", "meteor_rows", "nist_adapter", "nist_rows"]
