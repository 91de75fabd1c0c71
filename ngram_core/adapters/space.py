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
the command line and the Python API), one request scoring at a time (:data:`QUEUE`);
the page states them (:data:`LIMITS_NOTE`).

Host and port come from Gradio's own ``GRADIO_SERVER_NAME`` / ``GRADIO_SERVER_PORT``.
Usage statistics stay off unless ``GRADIO_ANALYTICS_ENABLED=True``: a metric demo
has no reason to phone home.

Everything but :func:`build_app` is plain Python (reading input, the option table,
the result table), tested without Gradio or a browser.
"""
from __future__ import annotations

import inspect
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from .. import registry
from ..options import OptionFix

logger = logging.getLogger(__name__)

# Options that change the shape of the result have no widget: the metric's default holds.
HIDDEN = frozenset({"return_segments"})

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

SCORE_DIGITS = 6

# A public Space (2 vCPU, 16 GB on the Hub's free hardware) serves every visitor: one request may
# not take it down for the others. Larger jobs belong to the command line or the Python API.
MAX_FILE_SIZE = "10mb"  # per uploaded file (Gradio's max_file_size, enforced at upload)
MAX_SEGMENTS = 10_000  # segments per request
MAX_WORDS = 500_000  # whitespace-separated words per request: predictions and references (a second system alone)
MAX_SEGMENT_WORDS = 2_000  # words in any one line (METEOR's search grows with a segment's length)
QUEUE = {"default_concurrency_limit": 1, "max_size": 32}  # one request scores at a time; 32 may wait
LAUNCH = {"max_file_size": MAX_FILE_SIZE}  # app.py: demo.launch(**space.LAUNCH)
LIMITS_NOTE = (f"Limits of this Space: {MAX_SEGMENTS:,} segments and {MAX_WORDS:,} words per request, "
               f"{MAX_SEGMENT_WORDS:,} words per line, {MAX_FILE_SIZE.upper()} per file; one request runs at a time. "
               "For larger jobs use the command line (`ngram-score`) or the Python API (`pip install ngram-core`).")

# The metrics whose statistics the significance tests know: the registered ones (the
# toy test metric of tests/space_fixtures is not).
COMPARED = registry.names()
# The prefilled second system: the first example's predictions, changed in two places.
SECOND_SYSTEM = "The dog bit the man.\nIt was not surprising.\nThe man had bitten him first."
COMPARISON_HEADERS = ["score", "predictions", "second system", "difference", "p (paired bootstrap)",
                      "p (approximate randomization)"]


class InputError(ValueError):
    """Input the app cannot score; the message is shown to the user as is."""


# -- the metric card ---------------------------------------------------------------
def read_card(folder: str | Path) -> Tuple[Dict[str, Any], str]:
    """(front matter as a dict, Markdown body) of ``folder/README.md``.

    A card without front matter gives ``{}`` and the whole text; no card gives
    ``({}, "")``.
    """
    path = Path(folder) / "README.md"
    if not path.is_file():
        return {}, ""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, text
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        return {}, text
    import yaml  # a dependency of gradio, and of the space extra

    meta = yaml.safe_load("\n".join(lines[1:end])) or {}
    return meta, "\n".join(lines[end + 1 :]).lstrip("\n")


def metric_family(name: str) -> str:
    """``"bleu"`` for ``"bleu_custom"``: the name of its metric in :mod:`ngram_core.registry`."""
    return name.split("_")[0].lower()


# -- input: text boxes and files -> segments -------------------------------------
def split_lines(text: str) -> List[str]:
    """One segment per line; a final newline ends the last line and adds none.

    Lines end at ``\\n`` (with an optional ``\\r``) only, as when a file is read line
    by line: other Unicode line breaks stay inside a segment.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _is_blank(text: Optional[str]) -> bool:
    return text is None or text.strip() == ""


def _read_file(path: str | Path, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise InputError(f"The {what} file {Path(path).name} is not UTF-8 text ({err.reason} at byte {err.start}).") from None


def check_size(texts: Sequence[Tuple[str, str]]) -> None:
    """Refuse a request over the Space's limits (:data:`MAX_SEGMENTS`, :data:`MAX_WORDS`,
    :data:`MAX_SEGMENT_WORDS`); ``texts`` are (label, text) pairs, each one segment a line."""
    words = 0
    for label, text in texts:
        lines = text.count("\n") + (0 if text.endswith("\n") else 1)  # as split_lines counts them
        if lines > MAX_SEGMENTS:
            raise InputError(f"{lines:,} lines in the {label}: this Space scores at most {MAX_SEGMENTS:,} segments per "
                             "request. For larger jobs use the command line (ngram-score) or the Python API.")
        in_text = len(text.split())
        words += in_text
        if words > MAX_WORDS:
            raise InputError(f"This request has more than {MAX_WORDS:,} words; that is this Space's limit. For larger "
                             "jobs use the command line (ngram-score) or the Python API.")
        if in_text <= MAX_SEGMENT_WORDS:
            continue  # no line can be too long
        for number, line in enumerate(split_lines(text), 1):
            if len(line.split()) > MAX_SEGMENT_WORDS:
                raise InputError(f"Line {number} of the {label} has {len(line.split()):,} words; this Space takes at "
                                 f"most {MAX_SEGMENT_WORDS:,} words per line. For longer segments use the command "
                                 "line (ngram-score) or the Python API.")


def gather_corpus(
    prediction_text: Optional[str],
    reference_texts: Sequence[Optional[str]],
    prediction_file: Optional[str | Path] = None,
    reference_files: Optional[Sequence[str | Path]] = None,
) -> Tuple[List[str], List[List[str]], str]:
    """(predictions, references as one list per segment, a note on the source).

    A file replaces the text boxes of its side. Each reference box or file is one
    reference set with one line per prediction; a tab inside a line separates
    several references of that segment. Blank reference boxes are skipped.
    Raises :class:`InputError` with a message for the user.
    """
    if prediction_file:
        hyp_text, hyp_source = _read_file(prediction_file, "predictions"), f"file {Path(prediction_file).name}"
    else:
        hyp_text, hyp_source = prediction_text or "", "text box"
    if _is_blank(hyp_text):
        raise InputError("The predictions are empty: type one segment per line, or upload a text file.")
    predictions = split_lines(hyp_text)

    sets: List[Tuple[str, str]] = []
    if reference_files:
        for path in reference_files:
            sets.append((f"reference file {Path(path).name}", _read_file(path, "reference")))
    else:
        for i, text in enumerate(reference_texts, start=1):
            if not _is_blank(text):
                sets.append((f"reference set {i}", text))
    if not sets or all(_is_blank(text) for _, text in sets):
        raise InputError("The references are empty: type one reference per line, or upload a text file.")
    check_size([("predictions", hyp_text)] + sets)

    references: List[List[str]] = [[] for _ in predictions]
    for label, text in sets:
        lines = split_lines(text)
        if len(lines) != len(predictions):
            raise InputError(
                f"The predictions ({hyp_source}) have {len(predictions)} lines but {label} has "
                f"{len(lines)}: give one reference line per prediction line."
            )
        for segment, line in zip(references, lines):
            segment.extend(line.split("\t"))
    source = f"{hyp_source}; " + ", ".join(label for label, _ in sets)
    return predictions, references, source


# -- options: the metric's declaration -> widget specs ---------------------------------
@dataclass(frozen=True)
class OptionSpec:
    """One option widget: ``kind`` is "choice", "flag", "int", "float", "numbers" (a
    list of numbers typed as text), "names" (a group of checkboxes) or "text".
    ``optional``: the field may be left empty, which leaves the option at its default.
    ``variants``: the metric variants that read the option (empty: all)."""

    name: str
    default: Any
    kind: str
    choices: Tuple[Any, ...] = ()
    optional: bool = False
    doc: str = ""
    variants: Tuple[str, ...] = ()

    def label(self) -> str:
        text = f"{self.name} (empty: default)" if self.optional else self.name
        return text + (f" [{', '.join(self.variants)}]" if self.variants else "")


_WIDGET_KIND = {"flag": "flag", "int": "int", "float": "float", "choice": "choice", "floats": "numbers",
                "names": "names"}


def option_specs(options: Mapping[str, Any], family: str = "") -> List[OptionSpec]:
    """Widget specs for a metric's declared options (:class:`ngram_core.options.OptionSet`)."""
    specs = []
    for option in options.values():
        if option.name in HIDDEN:
            continue
        specs.append(OptionSpec(option.name, option.default, _WIDGET_KIND[option.kind], tuple(option.choices),
                                option.nullable, option.doc, tuple(option.variants)))
    return specs


DEFAULT_LABEL = "(default)"  # a nullable option left to the metric (its value depends on other options)


def choice_label(value: Any) -> str:
    """How a choice is shown in a drop-down (``False``, ``'ascii'`` -> ``ascii``; ``None``,
    a nullable option's "decided by the other options", -> ``(default)``)."""
    if value is None:
        return DEFAULT_LABEL
    return value if isinstance(value, str) else repr(value)


def _nullable_choices(spec: "OptionSpec") -> Tuple[Any, ...]:
    """A nullable choice or flag's drop-down entries: (default) first, then its values."""
    values = spec.choices if spec.kind == "choice" else (True, False)
    return (None, *values)


def option_values(specs: Sequence[OptionSpec], values: Sequence[Any]) -> Dict[str, Any]:
    """The keyword arguments for ``compute``; an emptied required field is an error, an
    emptied optional one leaves its option out (the metric's default holds)."""
    kwargs = {}
    for spec, value in zip(specs, values):
        empty = value is None or (isinstance(value, str) and value.strip() == "") or (
            spec.optional and (value == DEFAULT_LABEL or (spec.kind == "names" and not value)))
        if empty:
            if spec.optional:
                continue
            raise InputError(f"The option {spec.name} is empty; its default is {spec.default!r}.")
        if spec.kind in ("int", "float"):
            try:  # an optional number is typed as text (a Number field cannot be left empty)
                value = (int if spec.kind == "int" else float)(float(value) if spec.kind == "int" else value)
            except (TypeError, ValueError):
                raise InputError(f"The option {spec.name} takes a number, got {value!r}.") from None
        elif spec.kind == "choice" or (spec.kind == "flag" and spec.optional):
            value = next((c for c in _nullable_choices(spec) if choice_label(c) == value), value)
        elif spec.kind == "numbers":
            try:
                value = [float(v) for v in value.replace(",", " ").split()]
            except ValueError:
                raise InputError(f"The option {spec.name} takes numbers separated by spaces, got {value!r}.") from None
        elif spec.kind == "names":
            value = list(value)
        kwargs[spec.name] = value
    # an option of other variants, left at its default, is not sent (the chosen variant would refuse it)
    variant = next((kwargs.get("variant", spec.default) for spec in specs if spec.name == "variant"), None)
    for spec in specs:
        if spec.variants and variant not in spec.variants and spec.name in kwargs and kwargs[spec.name] == spec.default:
            del kwargs[spec.name]
    return kwargs


def widget_value(spec: OptionSpec) -> Any:
    """The widget's initial value for the option's default."""
    if spec.kind == "choice" or (spec.kind == "flag" and spec.optional):
        return choice_label(spec.default)
    if spec.kind == "numbers":
        return "" if spec.default is None else " ".join(f"{v:g}" for v in spec.default)
    if spec.kind == "names":
        return [] if spec.default is None else list(spec.default)  # none ticked: the metric's own
    return spec.default


# -- output: result dict -> table -------------------------------------------------
def format_value(value: Any) -> str:
    """Numbers to :data:`SCORE_DIGITS` decimals, lists item by item, the rest as text."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, float):
        return f"{value:.{SCORE_DIGITS}f}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(format_value(v) for v in value) + "]"
    if hasattr(value, "tolist"):  # numpy scalars and arrays
        return format_value(value.tolist())
    return str(value)


def primary_field(result: Mapping[str, Any], family: str) -> Optional[str]:
    """The field to show first and name in the message: the registered metric's ``shown``
    number (on the command line's scale: BLEU's 0-100 ``score``), else the first plain number."""
    shown = registry.presentation(family).shown_key(registry.get(family)) if family in registry.names() else None
    if shown in result:
        return shown
    for key, value in result.items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return key
    return None


def headline(result: Mapping[str, Any], family: str) -> str:
    """The message's first line: ``BLEU = 74.19`` (0-100), ``NIST = 4.1234``, ``METEOR = 0.5123``
    (0-1), each registered metric's ``shown`` number; for another its first number as the table shows it."""
    first = primary_field(result, family)
    if first is None:
        return "Done."
    if family in registry.names():
        return f"{family.upper()} = {result[first]:.{registry.presentation(family).shown_decimals}f}"
    return f"{first} = {format_value(result[first])}"


def result_rows(result: Mapping[str, Any], family: str) -> List[List[str]]:
    """[[field, value], ...]: the primary score first, the signature last."""
    first = primary_field(result, family)
    order = [k for k in [first] if k is not None]
    order += [k for k in result if k not in (first, "signature")]
    order += [k for k in ["signature"] if k in result]
    return [[key, format_value(result[key])] for key in order]


# -- the app -----------------------------------------------------------------------
def metric_script(folder: str | Path) -> Path:
    """The metric script in ``folder``: its one ``.py`` file besides ``app.py``.

    Not ``folder/<folder name>.py``, which is what ``evaluate.load(folder)`` looks for:
    the Hub clones a Space into a folder named ``app``, whatever the metric is called.
    """
    scripts = sorted(p for p in Path(folder).glob("*.py") if p.name != "app.py")
    if len(scripts) != 1:
        raise FileNotFoundError(
            f"{folder} should hold one metric script besides app.py, found "
            f"{', '.join(p.name for p in scripts) or 'none'}"
        )
    return scripts[0]


def load_metric(folder: str | Path):
    """``evaluate.load`` of the metric script in ``folder``, kept in memory (no cache files)."""
    import evaluate

    return evaluate.load(str(metric_script(Path(folder).resolve())), keep_in_memory=True)


def in_widgets(err: OptionFix) -> str:
    """An :class:`OptionFix` in the page's words: the option widgets to change, as labelled."""
    def spell(name: str, value: Any) -> str:
        if isinstance(value, (list, tuple)):
            return f"the options' **{name}** ticked for {', '.join(map(str, value))} only"
        return f"the options' **{name}** set to {choice_label(value)}"

    return err.in_words(spell)


def _error_message(err: Exception) -> str:
    return f"**Error:** {in_widgets(err) if isinstance(err, OptionFix) else err}"


def make_scorer(metric: Any, specs: Sequence[OptionSpec]):
    """The app's click handler, plain Python: text boxes, files and option values in,
    (message as Markdown, result table rows) out. Bad input gives a message and no
    rows; it never raises.
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

    return with_option_names(score, specs)


def read_second_system(text: Optional[str], file: Optional[str | Path], n_predictions: int) -> Tuple[List[str], str]:
    """(the second system's lines, where they came from); a file replaces the text box."""
    if file:
        text, source = _read_file(file, "second system"), f"file {Path(file).name}"
    else:
        text, source = text or "", "text box"
    check_size([("second system", text)])
    lines = split_lines(text)
    if _is_blank("\n".join(lines)):
        raise InputError("The second system is empty: type its output, one segment per line, or upload a text file.")
    if len(lines) != n_predictions:
        raise InputError(f"The second system ({source}) has {len(lines)} lines but the predictions have "
                         f"{n_predictions}: give one line per prediction line.")
    return lines, source


def differences_frame(differences: Sequence[float]):
    """The bar plot's data: one row per segment and its score difference. Segment numbers
    (from 1) are text, so that the plot draws one bar per segment, and zero-padded, so
    that their alphabetical order is the corpus order."""
    import pandas as pd

    width = len(str(len(differences)))
    return pd.DataFrame({"segment": [str(i).zfill(width) for i in range(1, len(differences) + 1)],
                         "difference": [float(d) for d in differences]})


def comparison_message(comparison: Any, family: str, n_segments: int) -> str:
    """Markdown: one line per score (difference, both p-values, significant or not), then a note."""
    lines = []
    for name, (base, other) in comparison.scores.items():
        verdict = "significantly different" if comparison.significant(name) else "not significantly different"
        digits = registry.presentation(family).shown_decimals
        lines.append(f"**{name} Δ = {other - base:+.{digits}f}** (second system {name} = {other:.{digits}f}, "
                     f"predictions {name} = {base:.{digits}f}); "
                     f"p = {comparison.bootstrap_p[name]:.4f} paired bootstrap, "
                     f"{comparison.randomization_p[name]:.4f} approximate randomization: {verdict} at 0.05")
    lines.append(f"{n_segments} segments; {comparison.n_samples:,} resamples and {comparison.n_trials:,} trials, "
                 f"seed {comparison.seed}. Bars: each segment's {registry.presentation(family).segment_score_doc}, second system minus "
                 "predictions.")
    return "  \n".join(lines)


def make_comparer(family: str, specs: Sequence[OptionSpec]):
    """The Compare button's handler, plain Python: the page's inputs, the second system
    and the option values in; (message, table rows, bar plot data) out. It never raises."""
    from ..significance.comparison import compare_two

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

    return with_option_names(compare, specs)


def with_option_names(handler, specs: Sequence[OptionSpec]):
    """``handler`` (fixed inputs, then ``*values``), whose signature names each option value
    after its option: the Space's API (``gradio_client``, the page's "Use via API") then shows
    ``max_order``, ``tokenize``, ..., not gradio's ``param_5``, ``param_6``, ..."""
    fixed = [p for p in inspect.signature(handler).parameters.values() if p.kind is not p.VAR_POSITIONAL]
    named = [inspect.Parameter(spec.name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for spec in specs]
    handler.__signature__ = inspect.Signature(fixed + named)
    return handler


def build_app(folder: str | Path, metric: Any = None):
    """The Gradio ``Blocks`` app of the metric folder ``folder``.

    ``metric`` defaults to ``evaluate.load(folder)``. Launch with ``.launch()``.
    """
    import gradio as gr

    folder = Path(folder).resolve()
    meta, card = read_card(folder)
    metric = metric if metric is not None else load_metric(folder)
    specs = option_specs(metric.OPTIONS)
    score = make_scorer(metric, specs)
    title = meta.get("title") or metric.name
    analytics = os.environ.get("GRADIO_ANALYTICS_ENABLED", "False") == "True"
    with gr.Blocks(title=title, analytics_enabled=analytics) as demo:
        gr.Markdown(f"# {title}\n{meta.get('description', '')}".rstrip(), elem_id="title")
        gr.Markdown(
            "One segment per line. Each reference set has one line per prediction; a tab "
            "inside a line separates further references of that segment. Uploaded files "
            "replace the text boxes of their side."
        )
        gr.Markdown(LIMITS_NOTE, elem_id="limits")
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
                widgets = [_option_widget(gr, spec) for spec in specs]
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
                        widgets)
        if card:
            gr.Markdown(card, elem_id="metric-card")
    demo.queue(**QUEUE)
    return demo


def _comparison(gr, family: str, specs: Sequence[OptionSpec], corpus_inputs: list, widgets: list) -> None:
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
        table = gr.Dataframe(headers=COMPARISON_HEADERS, datatype=["str"] * len(COMPARISON_HEADERS),
                             interactive=False, wrap=True, label="Comparison", elem_id="comparison-result")
        plot = gr.BarPlot(x="segment", y="difference", height=300,
                          title="Score difference per segment (second system - predictions)", x_title="segment",
                          y_title=registry.presentation(family).segment_score_doc, elem_id="segment-differences")
    button.click(make_comparer(family, specs), inputs=[*corpus_inputs, second_text, second_file, *widgets],
                 outputs=[message, table, plot], api_name="compare")


def _option_widget(gr, spec: OptionSpec):
    elem_id = f"option-{spec.name}"
    value, label = widget_value(spec), spec.label()
    if spec.kind == "choice" or (spec.kind == "flag" and spec.optional):
        entries = _nullable_choices(spec) if spec.optional else spec.choices
        return gr.Dropdown([choice_label(c) for c in entries], value=value, label=label, elem_id=elem_id)
    if spec.kind == "flag":
        return gr.Checkbox(value=value, label=label, elem_id=elem_id)
    if spec.kind == "names":
        return gr.CheckboxGroup(list(spec.choices), value=value, label=label, elem_id=elem_id)
    if spec.kind == "int" and not spec.optional:
        return gr.Number(value=value, precision=0, label=label, elem_id=elem_id)
    if spec.kind == "float" and not spec.optional:
        return gr.Number(value=value, label=label, elem_id=elem_id)
    return gr.Textbox(value="" if value is None else value, label=label, elem_id=elem_id)
