"""The page: the Gradio ``Blocks`` layout of a metric folder's Space (Gradio is imported here only)."""
from __future__ import annotations

import logging
import os
import threading
from pathlib import Path
from typing import Any, Callable, List, Optional, Sequence, Tuple

from ... import registry
from . import limits, results
from .card import load_metric, metric_family, read_card
from .handlers import make_comparer, make_scorer
from .inputs import gather_corpus
from .limits import QUEUE
from .widgets import OptionSpec, option_specs, option_values, option_widget, widget_value

logger = logging.getLogger("ngram_core.adapters.space")

# Prefilled examples: (predictions, reference set 1, reference set 2), one segment a
# line. The first is sacreBLEU's README example with its two reference sets.
EXAMPLES: List[Tuple[str, str, str]] = [
    (
        "The dog bit the man.\nIt wasn't surprising.\nThe man had just bitten him.",
        "The dog bit the man.\nIt was not unexpected.\nThe man bit him first.",
        "The dog had bit the man.\nNo one was surprised.\nThe man had bitten the dog.",
    ),
    (
        "the cat is on the mat\nthere is a cat on the mat",
        "The cat is on the mat.\nThere is a cat on the mat.",
        "",
    ),
]

# The metrics whose statistics the significance tests know: the registered ones (the
# toy test metric of tests/space_fixtures is not).
COMPARED = registry.names()
# The prefilled second system: the first example's predictions, changed in two places.
SECOND_SYSTEM = "The dog bit the man.\nIt was not surprising.\nThe man had bitten him first."


def build_app(folder: str | Path, metric: Any = None, seconds: Optional[float] = None):
    """The Gradio ``Blocks`` app of the metric folder ``folder``.

    ``metric`` defaults to ``evaluate.load(folder)``; ``seconds``, the bound on a request's
    time, to :data:`~ngram_core.adapters.space.limits.MAX_SECONDS`. Launch with ``.launch()``.
    """
    import gradio as gr

    folder = Path(folder).resolve()
    meta, card = read_card(folder)
    metric = metric if metric is not None else load_metric(folder)
    specs = option_specs(metric.OPTIONS)
    seconds = limits.MAX_SECONDS if seconds is None else seconds
    warm = once(lambda: warm_up(metric, specs))  # before the first request's fork, in this process
    score = make_scorer(metric, specs, seconds, warm)
    title = meta.get("title") or metric.name
    analytics = os.environ.get("GRADIO_ANALYTICS_ENABLED", "False") == "True"
    with gr.Blocks(title=title, analytics_enabled=analytics) as demo:
        gr.Markdown(f"# {title}\n{meta.get('description', '')}".rstrip(), elem_id="title")
        gr.Markdown(
            "One segment per line. Each reference set has one line per prediction; a tab "
            "inside a line separates further references of that segment. Uploaded files "
            "replace the text boxes of their side."
        )
        gr.Markdown(limits.limits_note(seconds), elem_id="limits")
        with gr.Tabs():
            with gr.Tab("Text", id="text"):
                with gr.Row():
                    prediction_text = gr.Textbox(
                        EXAMPLES[0][0], lines=6, label="Predictions", elem_id="predictions"
                    )
                    reference_1 = gr.Textbox(
                        EXAMPLES[0][1], lines=6, label="References (set 1)", elem_id="references-1"
                    )
                    reference_2 = gr.Textbox(
                        EXAMPLES[0][2], lines=6, label="References (set 2, optional)", elem_id="references-2"
                    )
                gr.Examples(
                    examples=[list(example) for example in EXAMPLES],
                    inputs=[prediction_text, reference_1, reference_2],
                    label="Examples",
                    elem_id="examples",
                )
            with gr.Tab("Files", id="files"):
                with gr.Row():
                    prediction_file = gr.File(label="Predictions file", type="filepath", elem_id="predictions-file")
                    reference_files = gr.File(
                        label="Reference files (one per reference set)",
                        file_count="multiple",
                        type="filepath",
                        elem_id="references-files",
                    )
        with gr.Accordion("Options", open=True):
            with gr.Row():
                widgets = [option_widget(gr, spec) for spec in specs]
        button = gr.Button("Compute", variant="primary", elem_id="compute")
        message = gr.Markdown("", elem_id="message")
        table = gr.Dataframe(
            headers=["field", "value"],
            datatype=["str", "str"],
            interactive=False,
            wrap=True,
            label="Result",
            elem_id="result",
        )
        button.click(
            score,
            inputs=[prediction_text, reference_1, reference_2, prediction_file, reference_files, *widgets],
            outputs=[message, table],
            api_name="compute",
        )
        family = metric_family(metric.name)
        if family in registry.names():
            _comparison(gr, family, specs, [prediction_text, reference_1, reference_2, prediction_file, reference_files],
                        widgets, seconds, warm)
        if card:
            gr.Markdown(card, elem_id="metric-card")
    demo.queue(**QUEUE)
    return demo


def warm_up(metric: Any, specs: Sequence[OptionSpec]) -> None:
    """Score the prefilled example in the app's process: what the metric loads on its first call
    (resources, imports, compiled code) is then loaded before each request's fork, which would
    otherwise load it again for every request (:mod:`~ngram_core.adapters.space.limits`; METEOR
    1.5's example: 13.6 s a request without, 0.1-1.1 s with, at load 10-16). :func:`build_app`
    runs it at the first request, not at start, which stays as short as before."""
    try:
        predictions, references, _ = gather_corpus(EXAMPLES[0][0], list(EXAMPLES[0][1:]))
        metric.compute(predictions=predictions, references=references,
                       **option_values(specs, [widget_value(spec) for spec in specs]))
    except Exception:  # the first request will say what is wrong; the log keeps the traceback
        logger.exception("scoring the prefilled example at start failed")


def once(work: Callable[[], None]) -> Callable[[], None]:
    """``work`` run at the first call only (the others wait for it), whichever handler calls first."""
    lock, done = threading.Lock(), []

    def run() -> None:
        with lock:
            if not done:
                work()
                done.append(True)

    return run


def _comparison(gr, family: str, specs: Sequence[OptionSpec], corpus_inputs: list, widgets: list,
                seconds: float, warm: Callable[[], None]) -> None:
    """The comparison section: a second system, the Compare button, its message, table and plot."""
    with gr.Accordion("Compare with a second system", open=True, elem_id="comparison"):
        gr.Markdown(
            "A second system's output for the same segments, one line per prediction line: is its score "
            "significantly different from the predictions'? Paired bootstrap resampling and paired "
            "approximate randomization, as sacreBLEU runs them."
        )
        with gr.Row():
            second_text = gr.Textbox(SECOND_SYSTEM, lines=6, label="Second system", elem_id="second-system")
            second_file = gr.File(label="Second system file (replaces the text)", type="filepath",
                                  elem_id="second-system-file")
        button = gr.Button("Compare", elem_id="compare")
        message = gr.Markdown("", elem_id="comparison-message")
        table = gr.Dataframe(headers=results.COMPARISON_HEADERS, datatype=["str"] * len(results.COMPARISON_HEADERS),
                             interactive=False, wrap=True, label="Comparison", elem_id="comparison-result")
        plot = gr.BarPlot(x="segment", y="difference", height=300,
                          title="Score difference per segment (second system - predictions)", x_title="segment",
                          y_title=registry.presentation(family).segment_score_doc, elem_id="segment-differences")
    button.click(make_comparer(family, specs, seconds, warm), inputs=[*corpus_inputs, second_text, second_file, *widgets],
                 outputs=[message, table, plot], api_name="compare")
