"""The adapter between Hugging Face ``evaluate`` and the core's scorers.

Every metric script subclasses :class:`NgramMetric` and only adds its documentation,
its option declaration (the core's, e.g. ``bleu.OPTIONS``) and the core function it
delegates to. This class owns what the three share:

- the feature configuration: a list of references per prediction (a single reference
  string per prediction is accepted and becomes a list of one, so batches of either
  form can be added to one metric);
- input checks that run *before* anything reaches evaluate's cache (evaluate's encoder
  would turn a string among lists of references into a list of characters; a failed
  check then costs nothing later);
- evaluate's cache written as one arrow table per batch (``_write``) instead of
  evaluate's encoding example by example, and read back as arrow columns: its files
  (or memory, with ``keep_in_memory``), locks, ``num_process``/``process_id`` and
  ``add``/``add_batch`` are evaluate's own. Where a ``compute``'s own batch is all the
  cache holds, the core scores the checked lists it already has (what the cache holds,
  without reading it back), and building the cache's table is the check of the text
  (``_check_batch``): ``compute`` costs within 10% of the core function
  (``benchmarks/evaluate_path.py``);
- options given at load time (``evaluate.load(path, tokenize="intl")``), checked
  then (names and values, with the messages the core gives), which hold for every
  ``compute`` unless ``compute`` names them again.

Metric scripts import this module, not the class (``from ngram_core import
hf_metric``): evaluate takes the first ``Metric`` subclass it finds in the script's
namespace as the metric, and an imported base class would come first.
"""
from __future__ import annotations

import inspect
from typing import Any, Callable, Dict, List, NamedTuple, Optional, Tuple

import datasets
import evaluate

from ..inputs import check_predictions, check_references, materialize
from ..options import OptionSet

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

# What evaluate.load passes to a metric class besides the metric's own options.
EVALUATE_ARGUMENTS = tuple(name for name in inspect.signature(evaluate.EvaluationModule.__init__).parameters
                           if name not in ("self", "kwargs"))


INPUTS_DOC = """
Args:
    predictions (`list` of `str`): translations to score, one string per segment.
    references (`list` of `str` or `list` of `list` of `str`): one reference per
        prediction, or a list of references per prediction (their number may vary
        from segment to segment).
"""


def arguments_doc(options: OptionSet) -> str:
    """The ``Args:`` part of a metric script's documentation, from its declaration:
    the inputs, then every option with its default and one line of doc."""
    lines = [f"    {option.name} (default `{option.default!r}`): {option.doc}."
             + (f" Only for variant {' / '.join(map(repr, option.variants))}." if option.variants else "")
             for option in options.values()]
    return (INPUTS_DOC + "\n".join(lines) + "\n    Every option can also be given to `evaluate.load(...)` (checked "
            "there), and then holds for\n    every `compute` unless `compute` sets it again.\n")


def _misnamed(kwargs: Dict[str, Any], method: str, names: Dict[str, str]) -> None:
    """A TypeError for ``add(references=...)`` and ``add_batch(reference=...)``: the other method's names."""
    for wrong, right in names.items():
        if wrong in kwargs:
            other = "add_batch" if method == "add" else "add"
            raise TypeError(f"{method}() takes {right}=, not {wrong}= ({wrong}= is {other}()'s argument); "
                            f"call {method}({', '.join(names.values())}) or {other}({', '.join(names)})")


class NgramMetric(evaluate.Metric):
    """An evaluate metric whose options can be set at load time or per call.

    Subclasses set ``OPTIONS`` (the metric's :class:`~ngram_core.options.OptionSet`)
    and ``corpus_function`` (the core's public function, e.g. ``bleu.corpus_bleu``, made by
    :meth:`~ngram_core.options.OptionSet.entry_point`). A ``compute`` resolves its
    options once, where they enter, and the core function is handed the resolved values.
    """

    OPTIONS: OptionSet = OptionSet("metric", [])
    corpus_function: Callable[..., Dict[str, Any]]
    # What evaluate's MetricInfo says of it (a script may set these instead of writing _info)
    DESCRIPTION: str = ""
    CITATION: str = ""
    KWARGS_DESCRIPTION: str = ""
    CODEBASE_URLS: Tuple[str, ...] = ()
    REFERENCE_URLS: Tuple[str, ...] = ()

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(description=self.DESCRIPTION, citation=self.CITATION,
                                   inputs_description=self.KWARGS_DESCRIPTION, features=FEATURES,
                                   codebase_urls=list(self.CODEBASE_URLS), reference_urls=list(self.REFERENCE_URLS))

    def __init__(self, config_name: str | None = None, **kwargs: Any) -> None:
        options = {name: kwargs.pop(name) for name in list(kwargs) if name not in EVALUATE_ARGUMENTS}
        self.OPTIONS.check_names(options)
        self.OPTIONS.resolve(options)  # every value checked now, not at the first compute
        super().__init__(config_name=config_name, **kwargs)
        # evaluate hands _compute its cache's columns as arrow columns, not Python lists
        # (datasets' formatting is a Python call per example); _compute reads them
        self.info.format = "arrow"
        self.load_options: Dict[str, Any] = options
        self._call: _Call | None = None  # what this compute checked and resolved, for _compute

    def options(self, **overrides: Any) -> Dict[str, Any]:
        """The options a ``compute`` with ``overrides`` would use (checked), every one of them."""
        return self.OPTIONS.resolve({**self.load_options, **overrides})

    # -- evaluate entry points: check first, then hand over to evaluate ------------
    def compute(self, *, predictions=None, references=None, **kwargs):
        """Check the inputs and options, then compute the metric (evaluate's ``compute``).
"""
        given = {**self.load_options, **kwargs}
        values = self.OPTIONS.resolve(given)  # once: _compute reads them
        whole = None
        if predictions is not None or references is not None:
            batch = self._check_batch(predictions, references, allow_empty=False)
            if self.writer is None and self.num_process == 1:
                whole = batch.hyps, batch.refs  # this batch is all the cache will hold
            self._write(batch)
        self._call = _Call(given, values, whole)
        try:
            return super().compute(**kwargs)  # evaluate: the cache (written above), then _compute
        finally:
            self._call = None

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """Check a batch, then add it to the metric's cache (evaluate's ``add_batch``).
"""
        _misnamed(kwargs, "add_batch", {"prediction": "predictions", "reference": "references"})
        if kwargs:  # (evaluate's message for inputs it does not have)
            return super().add_batch(predictions=predictions, references=references, **kwargs)
        self._write(self._check_batch(predictions, references, allow_empty=True))

    def add(self, *, prediction=None, reference=None, **kwargs):
        """Check one example, then add it to the metric's cache (evaluate's ``add``).
"""
        _misnamed(kwargs, "add", {"predictions": "prediction", "references": "reference"})
        if kwargs:
            return super().add(prediction=prediction, reference=reference, **kwargs)
        self._write(self._check_batch([prediction], [reference], allow_empty=False))

    def _write(self, batch: "_Batch") -> None:
        """Checked rows into evaluate's cache (its writer: a file, or memory with
        ``keep_in_memory``), as one arrow table of the first feature configuration (a list
        of references per prediction, the form every batch is given here), instead of
        evaluate's encoding example by example."""
        if self.writer is None:
            self.selected_feature_format = self.features if isinstance(self.features, datasets.Features) \
                else self.features[0]
            self._init_writer()
        self.writer.write_table(batch.table)

    @staticmethod
    def _check_batch(predictions, references, allow_empty: bool) -> "_Batch":
        """Checked copies of the batch (iterators are read once, here): the predictions,
        a list of references per prediction whichever form the caller used, and the arrow
        table of the two that evaluate's cache will hold. Making the table encodes every
        string as UTF-8, which fails on lone surrogates and on nothing else: it is the
        check of the text (the check's own scan, 0.02 s of the WMT corpus, runs only then,
        for its message)."""
        hyps = check_predictions(predictions, text=False)
        references = materialize(references)
        refs = check_references(references, len(hyps), text=False)
        if not hyps and not allow_empty:
            raise ValueError(
                "predictions is empty: a corpus score needs at least one segment "
                "(an empty string is a valid segment)"
            )
        try:
            table = _arrow_table(hyps, refs)
        except UnicodeEncodeError:
            check_predictions(list(hyps))  # the message naming the string, in the form given
            check_references(list(references), len(hyps))
            raise
        # Always a list of references per prediction: one feature configuration for every
        # batch, so batches of plain strings and batches of lists can follow each other
        return _Batch(hyps, refs, table)

    def _compute(self, predictions: Any, references: Any, **kwargs: Any) -> Dict[str, Any]:
        given = {**self.load_options, **kwargs}
        call = self._call
        if call is not None and call.given.keys() == given.keys() and all(
                call.given[name] is value for name, value in given.items()):
            values = call.values  # those compute resolved
        else:  # called by evaluate on another path (a process other than the one that computed)
            values = self.OPTIONS.resolve(given)
        if call is not None and call.whole is not None:
            predictions, references = call.whole  # the cache holds these, as checked
        else:
            predictions, references = _as_list(predictions), _as_list(references)
        return self.corpus_function.__wrapped_core__(predictions, references, **values)


SCHEMA = FEATURES[0].arrow_schema  # every batch's table: a list of references per prediction


def _arrow_table(hyps: List[str], refs: List[List[str]]):
    import pyarrow as pa  # (evaluate and datasets import it already)

    return pa.Table.from_arrays([pa.array(hyps, SCHEMA.field("predictions").type),
                                 pa.array(refs, SCHEMA.field("references").type)], schema=SCHEMA)


class _Batch(NamedTuple):
    """A checked batch: its predictions, a list of references per prediction, its arrow table."""

    hyps: List[str]
    refs: List[List[str]]
    table: Any


class _Call(NamedTuple):
    """One ``compute``: the options given and their resolved values, and its own batch
    (checked predictions and references) where that batch is all the cache holds."""

    given: Dict[str, Any]
    values: Dict[str, Any]
    whole: Optional[Tuple[List[str], List[List[str]]]]


def _as_list(column: Any) -> List[Any]:
    """A column of evaluate's cache (an arrow column) as a Python list."""
    return column.to_pylist() if hasattr(column, "to_pylist") else list(column)
