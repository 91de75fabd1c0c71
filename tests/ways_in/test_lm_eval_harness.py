"""lm-evaluation-harness 0.4.13 run live: its own bleu/chrf aggregations beside ours in one task.

``simple_evaluate`` runs the example task (``examples/lm_eval_task/``: its YAML and its
``ngram_metrics.py``) on WMT documents, with a model whose generations are a WMT system's
outputs; its results hold the harness's ``bleu``/``chrf`` (sacreBLEU's corpus functions,
standard error from at most 100 resamples) and our ``ngram_core_bleu``/``ngram_core_chrf``.
"""
from __future__ import annotations

import json
import shutil

import pytest

from helpers.data import REPO, WMT, read_lines, require_wmt
from helpers.require import require_module

lm_eval = require_module("lm_eval")
from lm_eval import evaluator  # noqa: E402
from lm_eval.api import metrics as harness_metrics  # noqa: E402
from lm_eval.api.model import LM  # noqa: E402
from lm_eval.tasks import TaskManager  # noqa: E402

from ngram_core.adapters import lm_eval as ngram_lm_eval  # noqa: E402

PAIR = "newstest2021/de-en"
EXAMPLE = REPO / "examples" / "lm_eval_task"


class SystemOutputs(LM):
    """A model whose generation for a prompt is the WMT system's output for that source."""

    def __init__(self, outputs):
        super().__init__()
        self.outputs = outputs

    def generate_until(self, requests, disable_tqdm=False):
        return [self.outputs[request.args[0]] for request in requests]

    def loglikelihood(self, requests, disable_tqdm=False):
        raise NotImplementedError

    def loglikelihood_rolling(self, requests, disable_tqdm=False):
        raise NotImplementedError


def wmt_items(n):
    pair = require_wmt() / PAIR
    sources, refs = read_lines(pair / "src.txt")[:n], read_lines(pair / "ref.A.txt")[:n]
    return list(sources), list(refs), list(read_lines(pair / "sys.Online-A.txt")[:n])


@pytest.fixture(scope="module")
def harness_run(tmp_path_factory, monkeypatch_module):
    sources, refs, hyps = wmt_items(300)
    task_dir = tmp_path_factory.mktemp("task")
    shutil.copy(EXAMPLE / "ngram_metrics.py", task_dir)
    data = task_dir / "wmt.jsonl"
    data.write_text("".join(json.dumps({"src": s, "ref": r}) + "\n" for s, r in zip(sources, refs)))
    yaml = (EXAMPLE / "wmt_ngram.yaml").read_text().replace("test: wmt.jsonl", f"test: {data}")
    (task_dir / "wmt_ngram.yaml").write_text(yaml)
    monkeypatch_module.setenv("DISABLE_MULTIPROC", "1")  # the harness's bootstrap in this process
    outputs = {f"Translate into English: {s}\nEnglish:": h for s, h in zip(sources, hyps)}
    results = evaluator.simple_evaluate(model=SystemOutputs(outputs), tasks=["wmt_ngram"], bootstrap_iters=2000,
                                        task_manager=TaskManager(include_path=str(task_dir)), log_samples=False)
    return results["results"]["wmt_ngram"], [[r, h] for r, h in zip(refs, hyps)]


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


@pytest.mark.oracle
@pytest.mark.slow
@pytest.mark.parametrize("name", ["bleu", "chrf"])
def test_our_aggregation_equals_the_harness_own_in_a_live_run(harness_run, name):
    results, items = harness_run
    ours, theirs = results[f"ngram_core_{name},none"], results[f"{name},none"]
    assert ours == theirs == getattr(harness_metrics, name)(items)
    # the harness capped its own at 100 resamples; ours took all 2,000: the same quantity, within bootstrap noise
    assert results[f"ngram_core_{name}_stderr,none"] == pytest.approx(results[f"{name}_stderr,none"], rel=0.25)


@pytest.mark.oracle
@pytest.mark.slow
def test_standard_error_matches_the_harness_bootstrap(monkeypatch):
    sources, refs, hyps = wmt_items(200)
    items = [[r, h] for r, h in zip(refs, hyps)]
    monkeypatch.setenv("DISABLE_MULTIPROC", "1")
    theirs = harness_metrics.bootstrap_stderr(harness_metrics.bleu, items, iters=300)
    ours = ngram_lm_eval.bleu.stderr(items, 100000)
    # its 300 resamples estimate the same quantity to about 4% (1 / sqrt(2 x 300)); both seeds are fixed
    assert ours == pytest.approx(theirs, rel=0.15)


def test_the_harness_asks_us_for_every_resample_and_keeps_its_own_for_the_rest():
    stderr = ngram_lm_eval.stderr_for_metric(ngram_lm_eval.bleu, 100000)
    assert stderr is not None and ngram_lm_eval.stderr_for_metric(ngram_lm_eval.bleu, 0) is None
    assert ngram_lm_eval.stderr_for_metric(harness_metrics.mean, 10) is harness_metrics.mean_stderr
    import lm_eval.evaluator_utils as harness_evaluator
    assert harness_evaluator.stderr_for_metric is ngram_lm_eval.stderr_for_metric


def test_multiple_references_and_bad_items():
    items = [[["the cat sat on it", "a cat sat on it"], "the cat sat on a mat"], [["a dog ran off", "the dog ran"], "a dog ran"]]
    assert ngram_lm_eval.bleu(items) == harness_metrics.bleu(items)
    listed = [[gold, [prediction]] for gold, prediction in items]  # a one-element list, as the harness allows
    assert ngram_lm_eval.chrf(listed) == harness_metrics.chrf(listed) == harness_metrics.chrf(items)
    with pytest.raises(ValueError, match="items\\[0\\]"):
        ngram_lm_eval.bleu([["only one"]])
    with pytest.raises(ValueError, match="non-empty"):
        ngram_lm_eval.bleu([])
    with pytest.raises(ValueError, match="2 resamples"):
        ngram_lm_eval.bleu.stderr(items, 1)


@pytest.mark.oracle
def test_ter_equals_the_harness_ter_and_ranks_lower_as_better():
    """The harness's own ``ter`` aggregation (sacreBLEU's corpus TER) on WMT items, and its
    registry entry for ours says lower is better (the harness ranks and reports by it)."""
    from lm_eval.api.registry import is_higher_better

    sources, refs, hyps = wmt_items(60)
    items = [[r, h] for r, h in zip(refs, hyps)]
    assert ngram_lm_eval.ter(items) == harness_metrics.ter(items)
    assert is_higher_better("ngram_core_ter") is False and is_higher_better("ngram_core_bleu") is True
