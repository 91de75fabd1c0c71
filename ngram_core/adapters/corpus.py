"""What the evaluation harnesses' adapters share: one registered metric's corpus score of
predictions and references and its bootstrap standard error, both on the metric's own scale
(sacreBLEU's: BLEU and chrF x 100), from the statistics of one pass.

``ngram_core.adapters.lm_eval`` and ``ngram_core.adapters.lighteval`` turn their harness's
items into the two columns and ask :class:`CorpusScore`; neither holds a metric's logic.
"""
from __future__ import annotations

import warnings
from typing import Any, Mapping, Sequence

from ..inputs import ReferenceLayoutWarning
from ..significance.resampling import bootstrap_standard_errors
from ..significance.systems import score_systems


class CorpusScore:
    """Metric ``name``'s corpus score (:meth:`score`) and its bootstrap standard error
    (:meth:`stderr`). ``options`` maps a metric's name to its options; it is read at every
    call, so an adapter's ``OPTIONS`` dict set after import takes effect."""

    def __init__(self, name: str, options: Mapping[str, Mapping[str, Any]]) -> None:
        self.name = name
        self.options = options

    def _rows(self, predictions: Sequence[str], references: Sequence[Any]):
        with warnings.catch_warnings():  # the references are per prediction here, whatever their shape
            warnings.simplefilter("ignore", ReferenceLayoutWarning)
            systems = score_systems([predictions], references, metrics=[self.name], **self.options.get(self.name, {}))
        return systems.rows()

    def score(self, predictions: Sequence[str], references: Sequence[Any]) -> float:
        table = self._rows(predictions, references)
        return table.scores()[0][table.adapters[0].name]

    def stderr(self, predictions: Sequence[str], references: Sequence[Any], n_samples: int) -> float:
        """The sample standard deviation of ``n_samples`` resampled corpus scores, every one of
        them drawn (:func:`ngram_core.significance.resampling.bootstrap_standard_errors`; seed
        ``NGRAM_CORE_SEED``, default 12345)."""
        table = self._rows(predictions, references)
        return bootstrap_standard_errors(table, n_samples)[0][table.adapters[0].name]
