"""The metrics: one registry that every way in loops over.

``score_all``, the ``datasets`` and ``torch.distributed`` reducers, significance, the
command line and the Space ask :func:`metrics` (or :func:`get`) for the metrics and use
only their :class:`~ngram_core.metric.Metric` protocol; none of them names a metric.

A fourth metric is one package (its options, statistics and scores, a
:class:`~ngram_core.metric.Metric` subclass and its
:class:`~ngram_core.presentation.Presentation`) and one line below; code outside the
package can also :func:`register` one at run time (and :func:`unregister` it).
"""
from __future__ import annotations

from typing import Dict, Iterator, Mapping, Optional, Sequence, Tuple

from .bleu import entry as bleu_entry
from .chrf import entry as chrf_entry
from .cider import entry as cider_entry
from .inputs import check_choice
from .meteor import entry as meteor_entry
from .metric import Metric, missing_members
from .nist import entry as nist_entry
from .options import OptionSet
from .presentation import DEFAULT, Presentation
from .rouge_l import entry as rouge_l_entry
from .ter import entry as ter_entry

_METRICS: Dict[str, Metric] = {}
_PRESENTATIONS: Dict[str, Presentation] = {}


def register(metric: Metric, presentation: Optional[Presentation] = None) -> Metric:
    """Add ``metric`` to the registry (after the others), shown as ``presentation`` says
    (None: the defaults); its name must be new. It is checked against the protocol
    (:func:`ngram_core.metric.missing_members`)."""
    missing = missing_members(metric)
    if missing:
        raise TypeError(f"{metric!r} is not a Metric: it lacks {', '.join(missing)} (see ngram_core.metric.Metric)")
    if not isinstance(metric.OPTIONS, OptionSet):
        raise TypeError(f"{metric.name}.OPTIONS must be an ngram_core.options.OptionSet, got {type(metric.OPTIONS).__name__}")
    if not isinstance(metric.name, str) or not metric.name.isidentifier() or metric.name in _METRICS:
        raise ValueError(f"metric name {metric.name!r} must be a new identifier; taken: {', '.join(_METRICS)}")
    if presentation is not None and not isinstance(presentation, Presentation):
        raise TypeError(f"presentation must be an ngram_core.presentation.Presentation, got {type(presentation).__name__}")
    _METRICS[metric.name] = metric
    _PRESENTATIONS[metric.name] = presentation or DEFAULT
    return metric


def unregister(name: str) -> Metric:
    """Remove metric ``name`` from the registry and return it."""
    check_choice("name", name, tuple(_METRICS))
    del _PRESENTATIONS[name]
    return _METRICS.pop(name)


def presentation(name: str) -> Presentation:
    """How metric ``name``'s scores are shown (:class:`~ngram_core.presentation.Presentation`)."""
    check_choice("metrics", name, tuple(_METRICS))
    return _PRESENTATIONS[name]


def names() -> Tuple[str, ...]:
    """Every registered metric's name, in registration order."""
    return tuple(_METRICS)


def metrics() -> Tuple[Metric, ...]:
    """Every registered metric, in registration order."""
    return tuple(_METRICS.values())


def get(name: str) -> Metric:
    """The metric called ``name`` (a ValueError names the registered ones)."""
    check_choice("metrics", name, tuple(_METRICS))
    return _METRICS[name]


def check_metrics(metrics: Sequence[str]) -> Tuple[str, ...]:
    """The requested metric names, checked, in the order given."""
    if isinstance(metrics, str):
        metrics = (metrics,)
    metrics = tuple(metrics)
    if not metrics:
        raise ValueError(f"metrics is empty; choose one or more of {', '.join(_METRICS)}")
    for name in metrics:
        check_choice("metrics", name, tuple(_METRICS))
    if len(set(metrics)) != len(metrics):
        raise ValueError(f"metrics names a metric twice: {metrics!r}")
    return metrics


class Declarations(Mapping[str, OptionSet]):
    """Each registered metric's one declaration of its options: ``{name: OPTIONS}``, live."""

    def __getitem__(self, name: str) -> OptionSet:
        return _METRICS[name].OPTIONS

    def __iter__(self) -> Iterator[str]:
        return iter(tuple(_METRICS))

    def __len__(self) -> int:
        return len(_METRICS)

    def __repr__(self) -> str:
        return f"Declarations({', '.join(_METRICS)})"


DECLARATIONS: Mapping[str, OptionSet] = Declarations()

# The built-in metrics, one line each.
register(bleu_entry.BLEU, bleu_entry.PRESENTATION)
register(nist_entry.NIST, nist_entry.PRESENTATION)
register(meteor_entry.METEOR, meteor_entry.PRESENTATION)
register(chrf_entry.CHRF, chrf_entry.PRESENTATION)
register(rouge_l_entry.ROUGE_L, rouge_l_entry.PRESENTATION)
register(cider_entry.CIDER, cider_entry.PRESENTATION)
register(ter_entry.TER, ter_entry.PRESENTATION)

BUILT_IN: Tuple[str, ...] = names()

__all__ = ["BUILT_IN", "DECLARATIONS", "Declarations", "Metric", "check_metrics", "get", "metrics", "names",
           "presentation", "register", "unregister"]
