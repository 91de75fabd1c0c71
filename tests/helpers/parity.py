"""One parity harness for every metric: a tool's numbers against ours through every way in.

:func:`check` takes a metric, its oracle (a live tool: a callable of the predictions and
references; or recorded numbers: a dict), the inputs, the options and the ways in, scores
the corpus each way, and asserts that every way gives the oracle's fields (to the
oracle's ``tolerance``) and the same headline number and segment scores as the first way
(to the way's own tolerance, :data:`WAY_TOLERANCE`). The ways:

``function``   the core function (``corpus_bleu``, ``corpus_nist``, ``compute_meteor``, ...)
``load``       ``ngram_core.load(metric, **options).compute(...)``
``evaluate``   ``evaluate.load`` of the repository's ``<metric>_custom/`` script (loaded once a
               process for all files: :func:`evaluate_metric`), options given to ``compute``
``score_all``  ``ngram_core.score_all``
``reducers``   the statistics columns of two halves, then the score of their rows (what
               ``datasets.map`` and the engines do)
``plain``      the core function in plain Python (``compiled.preferring_plain(True)``)
``arrays``     the core function on the array code (no plain Python, not compiled)
``compiled``   the core function compiled (``compiled.preferring(True)``)
``cli``        ``ngram-score`` (``ngram_core.adapters.cli.run``) on files, ``--format json``
               with 12 decimals: the headline number only

BLEU's and METEOR's corpus numbers come from summed integer statistics and agree to the
last bit; NIST's and METEOR's mean of segment scores are float sums in another order
(within :data:`SUMS` relative). A way a variant is refused by (NIST ``variant="nltk"`` is
per segment in NLTK's order, not statistics that add) is left out of ``ways``.
"""
from __future__ import annotations

import importlib
import io
import json
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Tuple, Union

import ngram_core
from ngram_core import compiled, registry
from ngram_core.adapters import option_text
from ngram_core.adapters.datasets import score_columns, segment_columns

REPO = Path(__file__).resolve().parents[2]
WAYS = ("load", "score_all", "reducers")
ALL_WAYS = ("function", "load", "evaluate", "score_all", "reducers", "plain", "arrays", "compiled", "cli")
SUMS = 1e-12  # relative: float sums in another order
CLI_DECIMALS = 12
# Each way's tolerance against the first way's headline number: (absolute, relative). Exact unless
# its arithmetic differs: the reducers and score_all add float segment sums in another order
# (:data:`FLOAT_SUMS`, then :data:`SUMS`); the command line prints CLI_DECIMALS decimals.
WAY_TOLERANCE: Dict[str, Tuple[float, float]] = {way: (0.0, 0.0) for way in ALL_WAYS}
WAY_TOLERANCE["cli"] = (0.51 * 10.0 ** -CLI_DECIMALS, 0.0)
FLOAT_SUMS = {"nist", "meteor"}  # headline keys that are float sums of segment numbers
FUNCTIONS = {"bleu": "ngram_core.bleu:corpus_bleu", "nist": "ngram_core.nist:corpus_nist",
             "meteor": "ngram_core.meteor:compute_meteor", "chrf": "ngram_core.chrf:corpus_chrf",
             "ter": "ngram_core.ter:corpus_ter", "rouge_l": "ngram_core.rouge_l:corpus_rouge_l",
             "cider": "ngram_core.cider:corpus_cider"}

Oracle = Union[None, Mapping[str, Any], Callable[..., Mapping[str, Any]]]


def function(metric: str) -> Callable[..., Dict[str, Any]]:
    """The metric's core function (``corpus_bleu`` for ``"bleu"``)."""
    module, name = FUNCTIONS[metric].split(":")
    return getattr(importlib.import_module(module), name)


@lru_cache(maxsize=None)
def _evaluate_metric(metric: str, init: Tuple[Tuple[str, Any], ...]):
    import evaluate

    from ngram_core.adapters.space.card import metric_script

    # the script's own path: a folder evaluate did not find would be looked up on the Hub
    return evaluate.load(str(metric_script(REPO / f"{metric}_custom")), **dict(init))


def evaluate_metric(metric: str, **init: Any):
    """``evaluate.load`` of ``<metric>_custom/`` with ``init``: once a process, for every test file."""
    return _evaluate_metric(metric, tuple(sorted(init.items())))


def headline(metric: str) -> str:
    """The result's key of the number a metric is reported by (``ngram-score`` prints it)."""
    return registry.presentation(metric).shown or registry.get(metric).headline


def _halves(predictions, references, metric, options):
    half = len(predictions) // 2
    parts = [segment_columns(predictions[a:b], references[a:b], metrics=(metric,), **options)
             for a, b in ((0, half), (half, len(predictions)))]
    return {name: parts[0][name] + parts[1][name] for name in parts[0]}


def _flags(metric: str, options: Mapping[str, Any]):
    declared = registry.DECLARATIONS[metric]
    for name, value in options.items():
        flag = f"--{metric}-{name.replace('_', '-')}"
        if declared[name].kind == "flag":
            yield flag if value else flag.replace("--", "--no-", 1)
        elif value is not None:
            yield flag
            yield from option_text.show(value).split()


def cli_score(metric: str, predictions, references, **options: Any) -> float:
    """The headline number ``ngram-score`` prints for the corpus (references: the same number a segment)."""
    from ngram_core.adapters.cli import run

    references = [[r] if isinstance(r, str) else r for r in references]
    width = {len(r) for r in references}
    assert len(width) == 1, "the command line takes the same number of references for every segment"
    with tempfile.TemporaryDirectory() as folder:
        def write(name, lines):
            path = Path(folder) / name
            path.write_text("".join(line.replace("\n", " ") + "\n" for line in lines), encoding="utf-8")
            return str(path)

        refs = [write(f"ref{k}.txt", [r[k] for r in references]) for k in range(width.pop())]
        args = refs + ["-i", write("sys.txt", predictions), "-m", metric, "-f", "json", "-q", "-w", str(CLI_DECIMALS)]
        out, err = io.StringIO(), io.StringIO()
        assert run(args + list(_flags(metric, options)), stdout=out, stderr=err) == 0, err.getvalue()
    printed = json.loads(out.getvalue())
    return (printed[0] if isinstance(printed, list) else printed)["score"]


def score(way: str, metric: str, predictions, references, options: Mapping[str, Any],
          init: Mapping[str, Any] = {}) -> Dict[str, Any]:
    """The result of one way in (:data:`ALL_WAYS`); ``init``: the evaluate script's load arguments."""
    corpus_options = {k: v for k, v in options.items() if k != "return_segments"}
    if way == "function":
        return function(metric)(predictions, references, **options)
    if way in ("plain", "arrays", "compiled"):
        with compiled.preferring_plain(way == "plain"), compiled.preferring(way == "compiled"):
            return function(metric)(predictions, references, **options)
    if way == "load":
        return ngram_core.load(metric, **options).compute(predictions=predictions, references=references)
    if way == "evaluate":
        return evaluate_metric(metric, **init).compute(predictions=predictions, references=references, **options)
    if way == "score_all":
        return ngram_core.score_all(predictions, references, metrics=(metric,), **options)[metric]
    if way == "reducers":
        columns = _halves(predictions, references, metric, corpus_options)
        return score_columns(columns, metrics=(metric,), **corpus_options)[metric]
    if way == "cli":
        return {headline(metric): cli_score(metric, predictions, references, **corpus_options)}
    raise ValueError(f"no way in called {way!r}; the ways: {', '.join(ALL_WAYS)}")


def close(ours: Any, theirs: Any, absolute: float = 0.0, relative: float = 0.0) -> bool:
    """Equal, or numbers (lists of numbers: each) within ``absolute`` or ``relative``."""
    if ours == theirs:
        return True
    if isinstance(theirs, (list, tuple)):
        return len(ours) == len(theirs) and all(close(a, b, absolute, relative) for a, b in zip(ours, theirs))
    if isinstance(theirs, (int, float)) and isinstance(ours, (int, float)):
        return abs(ours - theirs) <= max(absolute, relative * abs(theirs))
    return False


def _compare(way: str, out: Mapping[str, Any], expected: Mapping[str, Any], tolerance) -> None:
    if callable(tolerance):  # a bound that depends on the numbers (float32 tools)
        tolerance = tolerance(out, expected)
    for field, theirs in expected.items():
        tol = tolerance.get(field, 0.0) if isinstance(tolerance, Mapping) else tolerance
        absolute, relative = tol if isinstance(tol, tuple) else (tol, 0.0)
        assert close(out[field], theirs, absolute, relative), (way, field, out[field], theirs)


def check(metric: str, oracle: Oracle, predictions: Sequence[str], references: Sequence[Any],
          options: Optional[Mapping[str, Any]] = None, ways: Sequence[str] = ("function",),
          tolerance: Union[float, Tuple[float, float], Mapping[str, Any], Callable[..., Any]] = 0.0,
          view: Optional[Callable[[Dict[str, Any]], Mapping[str, Any]]] = None, key: Optional[str] = None,
          init: Mapping[str, Any] = {}) -> Dict[str, Any]:
    """Score ``predictions`` against ``references`` with ``options`` through every way in ``ways``
    and return the first way's result, after asserting that

    * the first way's result, and each exact way's (through ``view``, a function of the result giving the fields to compare,
      e.g. derived ones; default the result itself) has the ``oracle``'s fields (a dict of recorded
      numbers in our field names and scale, a callable ``oracle(predictions, references)`` of a live
      tool giving one, or None) within ``tolerance`` (absolute, or ``(absolute, relative)``, for every
      field or a dict by field, fields not in it exact; or a function of the result and the oracle's
      fields giving one);
    * each way gives the first way's ``key`` (default the headline, :func:`headline`) within its
      :data:`WAY_TOLERANCE` (a way within a tolerance, and the command line, give only that), and
      its segment scores where both return them.
    """
    options = dict(options or {})
    predictions, references = list(predictions), [r if isinstance(r, str) else list(r) for r in references]
    expected = oracle(predictions, references) if callable(oracle) else dict(oracle or {})
    key = key or headline(metric)
    first = None
    for way in ways:
        out = dict(score(way, metric, predictions, references, options, init))
        absolute, relative = WAY_TOLERANCE[way]
        if way in ("reducers", "score_all") and key in FLOAT_SUMS:
            relative = max(relative, SUMS)
        if way == "cli":  # printed on the headline's scale: the first way's headline key
            out[key] = out.pop(headline(metric))
        elif first is None or absolute == relative == 0.0:  # a way within a tolerance gives the headline
            _compare(way, dict(view(out)) if view else out, expected, tolerance)
        if first is None:
            first = out
            continue
        assert close(out[key], first[key], absolute, relative), (way, key, out[key], first[key])
        if "segment_scores" in out and "segment_scores" in first:
            assert list(out["segment_scores"]) == list(first["segment_scores"]), way
    assert first is not None, "no way in given"
    return first

