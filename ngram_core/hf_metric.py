"""The adapter between Hugging Face ``evaluate`` and the core's scorers.

Every metric script subclasses :class:`NgramMetric` and only adds its documentation,
its option defaults and the core function it delegates to. This class owns what the
three share:

- the two feature configurations (a list of references per prediction, or a single
  reference string per prediction);
- input checks that run *before* evaluate's encoder, which would otherwise turn a
  string among lists of references into a list of characters;
- options given at load time (``evaluate.load(path, tokenize="intl")``), which hold
  for every ``compute`` unless ``compute`` names them again.

Metric scripts import this module, not the class (``from ngram_core import
hf_metric``): evaluate takes the first ``Metric`` subclass it finds in the script's
namespace as the metric, and an imported base class would come first.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List, Mapping

import datasets
import evaluate

from .inputs import check_predictions, check_references

FEATURES = [
    datasets.Features(
        {
            "predictions": datasets.Value("string", id="sequence"),
            "references": datasets.Sequence(datasets.Value("string", id="sequence"), id="references"),
        }
    ),
    datasets.Features(
        {
            "predictions": datasets.Value("string", id="sequence"),
            "references": datasets.Value("string", id="sequence"),
        }
    ),
]


class NgramMetric(evaluate.Metric):
    """An evaluate metric whose options can be set at load time or per call.

    Subclasses set ``OPTIONS`` (name -> default) and implement ``_score(predictions,
    references, **options)``, which returns the result dictionary.
    """

    OPTIONS: Mapping[str, Any] = {}

    def __init__(self, config_name: str | None = None, **kwargs: Any) -> None:
        options = {name: kwargs.pop(name) for name in list(kwargs) if name in self.OPTIONS}
        super().__init__(config_name=config_name, **kwargs)
        self.load_options: Dict[str, Any] = options

    # -- evaluate entry points: check first, then hand over to evaluate ------------
    def compute(self, *, predictions=None, references=None, **kwargs):
        """Check the inputs and options, then compute the metric (evaluate's ``compute``).
"""
        self._check_options(kwargs)
        if predictions is not None or references is not None:
            predictions, references = self._check_batch(predictions, references, allow_empty=False)
        return super().compute(predictions=predictions, references=references, **kwargs)

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """Check a batch, then add it to the metric's cache (evaluate's ``add_batch``).
"""
        predictions, references = self._check_batch(predictions, references, allow_empty=True)
        return super().add_batch(predictions=predictions, references=references, **kwargs)

    def add(self, *, prediction=None, reference=None, **kwargs):
        """Check one example, then add it to the metric's cache (evaluate's ``add``).
"""
        self._check_batch([prediction], [reference], allow_empty=False)
        return super().add(prediction=prediction, reference=reference, **kwargs)

    def _check_options(self, options: Mapping[str, Any]) -> None:
        unknown = sorted(set(options) - set(self.OPTIONS))
        if unknown:
            raise TypeError(
                f"{type(self).__name__} got unknown option(s) {', '.join(unknown)}; "
                f"it accepts {', '.join(self.OPTIONS)}"
            )

    @staticmethod
    def _check_batch(predictions, references, allow_empty: bool):
        hyps = check_predictions(predictions)
        refs = check_references(references, len(hyps))
        if not hyps and not allow_empty:
            raise ValueError(
                "predictions is empty: a corpus score needs at least one segment "
                "(an empty string is a valid segment)"
            )
        # Keep the caller's form (one string or a list per prediction) so that
        # evaluate picks the matching feature configuration.
        if refs and isinstance(list(references)[0], str):
            return hyps, [r[0] for r in refs]
        return hyps, refs

    def _compute(self, predictions: List[str], references: List[Any], **kwargs: Any) -> Dict[str, Any]:
        self._check_options(kwargs)
        options = {**self.OPTIONS, **self.load_options, **kwargs}
        return self._score(list(predictions), list(references), **options)

    _score: Callable[..., Dict[str, Any]]
