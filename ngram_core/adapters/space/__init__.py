"""The Hugging Face Space of a metric folder: one Gradio app for BLEU, NIST and METEOR.

Each metric folder (``bleu_custom/``, ``nist_custom/``, ``meteor_custom/``) is also a
Space. Its ``app.py`` is five lines::

    from pathlib import Path
    from ngram_core.adapters import space
    demo = space.build_app(Path(__file__).parent)
    if __name__ == "__main__":
        demo.launch(**space.LAUNCH)

evaluate's own ``launch_gradio_widget`` builds its form from ``gr.inputs``, which
Gradio 4 removed; this module replaces it for Gradio 6 (the ``space`` extra pins
``gradio==6.31.0``, the ``sdk_version`` of every metric card). Gradio is imported
inside :func:`build_app` only, so the core never needs it.

The app shows:

- predictions and references as text, one segment per line: two reference boxes,
  and a tab inside a line separates further references of that segment; or as
  uploaded files (one file per reference set), which replace the text boxes of
  their side;
- one widget per option of the metric, from the metric's one declaration of its
  options (``OPTIONS``, an :class:`ngram_core.options.OptionSet`): a drop-down for a
  choice, a checkbox for a flag, a number field, a checkbox group for stages, a text
  field for a list of numbers; an optional field left empty keeps the default;
- a prefilled example (:data:`EXAMPLES`);
- the result as a table of fields: the score first, the signature last;
- a message above it: the score, or what is wrong with the input (line counts that
  differ, empty input, an option the metric rejects), never a traceback;
- for BLEU, NIST and METEOR, a comparison with a second system (text or file, one
  line per prediction): both systems' scores, the p-values of paired bootstrap
  resampling and paired approximate randomization (:mod:`ngram_core.significance`,
  sacreBLEU's tests and defaults) and a bar plot (Gradio's own ``BarPlot``) of each
  segment's score difference;
- the metric card (``README.md`` without its front matter) below, as on the Hub.

Limits (a public Space serves everyone): :data:`MAX_FILE_SIZE` per upload (``app.py``
passes :data:`LAUNCH` to ``launch``), :data:`MAX_SEGMENTS` segments, :data:`MAX_WORDS`
words and :data:`MAX_SEGMENT_WORDS` words per line per request (a message that points to
the command line and the Python API), :data:`MAX_SECONDS` seconds per request (60;
``NGRAM_CORE_SPACE_SECONDS`` sets another; past it the request is stopped, its process
killed, and a message says to send fewer lines or to run ``ngram-score`` locally), one
request scoring at a time (:data:`QUEUE`);
the page states them (:data:`LIMITS_NOTE`); :mod:`.limits` holds them.

Host and port come from Gradio's own ``GRADIO_SERVER_NAME`` / ``GRADIO_SERVER_PORT``.
Usage statistics stay off unless ``GRADIO_ANALYTICS_ENABLED=True``: a metric demo
has no reason to phone home.

One module a job, everything but :mod:`.layout` plain Python, tested without Gradio or a
browser: :mod:`.card` (the metric folder: its card and script), :mod:`.inputs` (text boxes
and files -> segments), :mod:`.limits` (what one request may ask), :mod:`.widgets` (the
options -> widgets and back, through :mod:`ngram_core.adapters.option_text`, the command
line's layer), :mod:`.results` (a result -> the message and table), :mod:`.handlers` (the
buttons), :mod:`.layout` (the Gradio page). The names below are the package's public ones.
"""
from __future__ import annotations


from . import card, handlers, inputs, layout, limits, results, widgets
from .card import load_metric, metric_family, metric_script, read_card
from .handlers import make_comparer, make_scorer, with_option_names
from .inputs import InputError, check_size, gather_corpus, read_second_system, split_lines
from .layout import COMPARED, EXAMPLES, SECOND_SYSTEM, build_app, warm_up
from .limits import (LAUNCH, LIMITS_NOTE, MAX_FILE_SIZE, MAX_SECONDS, MAX_SEGMENT_WORDS, MAX_SEGMENTS, MAX_WORDS,
                     QUEUE, SECONDS_VARIABLE, OverTime, within_time)
from .results import (COMPARISON_HEADERS, SCORE_DIGITS, comparison_message, differences_frame, format_value,
                      headline, primary_field, result_rows)
from .widgets import (DEFAULT_LABEL, HIDDEN, OptionSpec, choice_label, in_widgets, option_specs, option_values,
                      widget_value)

__all__ = ["build_app", "card", "check_size", "choice_label", "COMPARED", "COMPARISON_HEADERS", "comparison_message",
           "DEFAULT_LABEL", "differences_frame", "EXAMPLES", "format_value", "gather_corpus", "handlers", "headline",
           "HIDDEN", "in_widgets", "InputError", "inputs", "LAUNCH", "layout", "limits", "LIMITS_NOTE",
           "load_metric", "make_comparer", "make_scorer", "MAX_FILE_SIZE", "MAX_SECONDS", "MAX_SEGMENT_WORDS",
           "MAX_SEGMENTS", "MAX_WORDS", "metric_family", "metric_script", "option_specs", "option_values",
           "OptionSpec", "OverTime", "primary_field", "QUEUE", "read_card", "read_second_system", "result_rows",
           "results", "SCORE_DIGITS", "SECOND_SYSTEM", "SECONDS_VARIABLE", "split_lines", "warm_up", "widget_value",
           "widgets", "with_option_names", "within_time"]
