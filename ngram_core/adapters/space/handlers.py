"""The buttons' handlers, plain Python: the page's inputs in, (message, table, ...) out; never a traceback.

Tested without Gradio or a browser. Their signatures name each option value after its option
(:func:`with_option_names`), which the Space's API shows. Each request runs within the Space's
time bound (:func:`ngram_core.adapters.space.limits.within_time`): past it, a message that says
what to do and empty results.
"""
from __future__ import annotations

import functools
import inspect
import logging
import threading
from typing import Any, Callable, Optional, Sequence

from ...options import OptionFix
from . import limits
from .card import metric_family
from .inputs import gather_corpus, read_second_system
from .results import comparison_message, differences_frame, headline, result_rows
from .widgets import OptionSpec, in_widgets, option_values

logger = logging.getLogger("ngram_core.adapters.space")


def _error_message(err: Exception) -> str:
    return f"**Error:** {in_widgets(err) if isinstance(err, OptionFix) else err}"


def make_scorer(metric: Any, specs: Sequence[OptionSpec], seconds: Optional[float] = None,
                warm: Optional[Callable[[], None]] = None):
    """The app's click handler, plain Python: text boxes, files and option values in,
    (message as Markdown, result table rows) out. Bad input, or a request that takes more
    than ``seconds`` (default :data:`~ngram_core.adapters.space.limits.MAX_SECONDS`), gives a
    message and no rows; it never raises. ``warm`` runs in this process before each request's
    child is forked (:func:`ngram_core.adapters.space.layout.warm_up`, once).
    """
    family = metric_family(metric.name)
    lock = threading.Lock()  # an evaluate metric keeps state between add and compute

    def score(prediction_text, reference_1, reference_2, prediction_file, reference_files, *values):
        try:
            predictions, references, source = gather_corpus(
                prediction_text, [reference_1, reference_2], prediction_file, reference_files
            )
            kwargs = option_values(specs, values)
            with lock:
                result = metric.compute(predictions=predictions, references=references, **kwargs)
        except (ValueError, TypeError) as err:  # InputError and the metric's own checks
            return _error_message(err), []
        except Exception as err:  # the user sees a message, the log keeps the traceback
            logger.exception("scoring failed")
            return f"**Error:** {type(err).__name__}: {err}", []
        n_refs = max(len(r) for r in references)
        note = f"{len(predictions)} segments, up to {n_refs} reference{'s' if n_refs != 1 else ''} each ({source})."
        return f"**{headline(result, family)}**  \n{note}", result_rows(result, family)

    return with_option_names(bounded(score, seconds, lambda: ([],), warm), specs)


def make_comparer(family: str, specs: Sequence[OptionSpec], seconds: Optional[float] = None,
                  warm: Optional[Callable[[], None]] = None):
    """The Compare button's handler, plain Python: the page's inputs, the second system
    and the option values in; (message, table rows, bar plot data) out, within ``seconds``
    and with ``warm`` as :func:`make_scorer`. It never raises."""
    from ...significance.comparison import compare_two  # numpy's cost, paid by the first comparison

    def compare(prediction_text, reference_1, reference_2, prediction_file, reference_files, second_text,
                second_file, *values):
        try:
            predictions, references, _ = gather_corpus(prediction_text, [reference_1, reference_2], prediction_file,
                                                       reference_files)
            second, _ = read_second_system(second_text, second_file, len(predictions))
            kwargs = option_values(specs, values)
            comparison = compare_two(predictions, second, references, family, names=("predictions", "second system"),
                                     **kwargs)
        except (ValueError, TypeError) as err:
            return _error_message(err), [], differences_frame([])
        except Exception as err:  # the user sees a message, the log keeps the traceback
            logger.exception("comparison failed")
            return f"**Error:** {type(err).__name__}: {err}", [], differences_frame([])
        return (comparison_message(comparison, family, len(predictions)), comparison.rows(),
                differences_frame(comparison.differences))

    return with_option_names(bounded(compare, seconds, lambda: ([], differences_frame([])), warm), specs)


def bounded(handler: Callable, seconds: Optional[float], no_results: Callable[[], tuple],
            warm: Optional[Callable[[], None]] = None):
    """``handler`` run by :func:`limits.within_time` within ``seconds``, after ``warm()`` here; past
    them, or if the process dies, the message and ``no_results()`` for the other outputs."""
    seconds = limits.MAX_SECONDS if seconds is None else seconds

    @functools.wraps(handler)
    def run(*args):
        if warm is not None:
            warm()
        try:
            return limits.within_time(lambda: handler(*args), seconds)
        except limits.OverTime as over:
            logger.warning("a request was stopped at the time bound, %g seconds", seconds)
            return (str(over), *no_results())
        except RuntimeError as err:  # the child died (memory, a signal): the log and the page say so
            logger.error("scoring failed: %s", err)
            return (f"**Error:** {err}", *no_results())

    return run


def with_option_names(handler, specs: Sequence[OptionSpec]):
    """``handler`` (fixed inputs, then ``*values``), whose signature names each option value
    after its option: the Space's API (``gradio_client``, the page's "Use via API") then shows
    ``max_order``, ``tokenize``, ..., not gradio's ``param_5``, ``param_6``, ..."""
    fixed = [p for p in inspect.signature(handler).parameters.values() if p.kind is not p.VAR_POSITIONAL]
    named = [inspect.Parameter(spec.name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for spec in specs]
    handler.__signature__ = inspect.Signature(fixed + named)
    return handler
