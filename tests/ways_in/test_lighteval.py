"""lighteval 0.13.0 run live: its own bleu/chrf corpus metrics beside ours in one custom task.

lighteval pins nltk 3.9.1 and ngram-core needs nltk>=3.10, so it lives in a venv of its own:
``.ci/run`` installs lighteval there, then ngram-core (pip moves nltk to 3.10.4 and says so;
lighteval's corpus metrics and bootstrap do not use nltk). Its ``Pipeline`` runs the example
task (``examples/lighteval_task.py``) on WMT documents with a model whose generations are a
WMT system's outputs, and aggregates with its ``MetricsLogger``: ``bleu``, ``chrf`` (sacreBLEU's
corpus functions, standard error from its own bootstrap) and ours.
"""
from __future__ import annotations

import importlib.util
import json
import math
import types

import pytest

from helpers.data import REPO, read_lines, require_wmt

if importlib.util.find_spec("lighteval") is None:
    pytest.skip("lighteval is not installed: it pins nltk 3.9.1 (ngram-core needs nltk>=3.10), so .ci/run runs "
                "this file in a venv of its own (pip install 'torch==2.13.0' 'lighteval==0.13.0', then "
                "pip install -e . pytest)", allow_module_level=True)

import nltk  # noqa: E402
import numpy as np  # noqa: E402
import sacrebleu  # noqa: E402
from lighteval.logging.evaluation_tracker import EvaluationTracker  # noqa: E402
from lighteval.metrics.metrics import Metrics  # noqa: E402
from lighteval.metrics.sample_preparator import GenerativeCorpusMetricInput  # noqa: E402
from lighteval.metrics.utils import stderr as lighteval_stderr  # noqa: E402
from lighteval.models.abstract_model import LightevalModel, ModelConfig  # noqa: E402
from lighteval.models.model_output import ModelResponse  # noqa: E402
from lighteval.pipeline import ParallelismManager, Pipeline, PipelineParameters  # noqa: E402
from lighteval.tasks.registry import Registry  # noqa: E402
from lighteval.utils.cache_management import SampleCache  # noqa: E402

from ngram_core import registry  # noqa: E402
from ngram_core.adapters import lighteval as ngram_lighteval  # noqa: E402

PAIR = "newstest2021/de-en"
SEGMENTS = 200
BOOTSTRAP_ITERS = 100  # lighteval's own bootstrap of bleu and chrf: 100 sacreBLEU corpus scores each


def load_example():
    spec = importlib.util.spec_from_file_location("lighteval_task", REPO / "examples" / "lighteval_task.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def wmt_items(n, ref="ref.A.txt"):
    pair = require_wmt() / PAIR
    return (list(read_lines(pair / "src.txt")[:n]), list(read_lines(pair / ref)[:n]),
            list(read_lines(pair / "sys.Online-A.txt")[:n]))


class SystemOutputs(LightevalModel):
    """A model whose generation for a query is the WMT system's output for that source."""

    def __init__(self, outputs, cache_dir):
        self.config = ModelConfig(model_name="wmt-system-outputs", cache_dir=str(cache_dir))
        self._cache = SampleCache(self.config)
        self.outputs = outputs

    tokenizer = None
    add_special_tokens = False
    max_length = 2048

    def greedy_until(self, docs):
        return [ModelResponse(text=[self.outputs[doc.query]]) for doc in docs]

    def loglikelihood(self, docs):
        raise NotImplementedError

    def loglikelihood_rolling(self, docs):
        raise NotImplementedError


@pytest.fixture(scope="module", autouse=True)
def no_punkt_download():
    """lighteval's bleu calls ``nltk.download("punkt_tab")`` on every corpus score, each of its
    resamples included (a request to GitHub: refused here, 0.16 s each); sacreBLEU's BLEU does not
    use it. The tests skip the request."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(nltk, "download", lambda *args, **kwargs: True)
        yield


def custom_tasks_only(custom_tasks=None, load_multilingual=False):
    """lighteval's ``Registry.load_all_task_configs`` without its built-in task files: it imports every
    one, and ``tiny_benchmarks.py`` downloads a pickle from GitHub when imported (no network here)."""
    return Registry._extract_configs(Registry.create_custom_tasks_module(custom_tasks))


@pytest.fixture(scope="module")
def lighteval_run(tmp_path_factory):
    sources, refs, hyps = wmt_items(SEGMENTS)
    data = tmp_path_factory.mktemp("wmt_ngram")
    (data / "test.jsonl").write_text("".join(json.dumps({"src": s, "ref": r}) + "\n" for s, r in zip(sources, refs)))
    tasks = types.ModuleType("wmt_ngram_tasks")
    tasks.TASKS_TABLE = [load_example().wmt_task(data)]
    outputs = {f"Translate into English: {s}\nEnglish:": h for s, h in zip(sources, hyps)}
    tracker = EvaluationTracker(output_dir=str(tmp_path_factory.mktemp("out")), save_details=False)
    params = PipelineParameters(launcher_type=ParallelismManager.NONE, custom_tasks_directory=tasks,
                                bootstrap_iters=BOOTSTRAP_ITERS)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Registry, "load_all_task_configs", staticmethod(custom_tasks_only))
        pipeline = Pipeline(tasks="wmt_ngram|0", pipeline_parameters=params, evaluation_tracker=tracker,
                            model=SystemOutputs(outputs, tmp_path_factory.mktemp("cache")))
    pipeline.evaluate()
    logger = tracker.metrics_logger  # its aggregates, and the items it aggregated (in its order)
    return logger.metric_aggregated["wmt_ngram|0"], logger.metrics_values["wmt_ngram|0"], hyps, refs


@pytest.mark.oracle
@pytest.mark.slow
def test_our_bleu_equals_lighteval_own_in_a_live_run(lighteval_run):
    results, items, hyps, refs = lighteval_run
    assert results["ngram_core_bleu"] == results["bleu"] == sacrebleu.corpus_bleu(hyps, [refs]).score
    # its bootstrap_iters, every one, resampled from our statistics of the items it logged
    ours = ngram_lighteval.METRICS["bleu"].corpus_level_fn
    assert results["ngram_core_bleu_stderr"] == ours.stderr(items["ngram_core_bleu"], BOOTSTRAP_ITERS)
    # lighteval's bootstrap_stderr is the standard deviation of its resampled scores over sqrt(resamples)
    assert results["ngram_core_bleu_stderr"] == pytest.approx(results["bleu_stderr"] * math.sqrt(BOOTSTRAP_ITERS),
                                                              rel=0.25)


@pytest.mark.oracle
@pytest.mark.slow
def test_our_chrf_is_sacrebleu_corpus_chrf_where_lighteval_scores_one_document(lighteval_run):
    results, items, hyps, refs = lighteval_run
    assert results["ngram_core_chrf"] == sacrebleu.corpus_chrf(hyps, [refs]).score
    # lighteval#1112: its golds go to sacreBLEU document by document, read as reference streams, so
    # sacreBLEU scores the first document it logged against the golds of all
    first, golds = items["chrf"][0].preds[0], [item.golds for item in items["chrf"]]
    assert results["chrf"] == sacrebleu.corpus_chrf([first], golds).score != results["ngram_core_chrf"]


@pytest.mark.oracle
@pytest.mark.slow
def test_every_registered_metric_is_aggregated_with_its_standard_error(lighteval_run):
    results = lighteval_run[0]
    for name in registry.names():
        assert math.isfinite(results[f"ngram_core_{name}"]) and results[f"ngram_core_{name}_stderr"] > 0


@pytest.mark.oracle
@pytest.mark.slow
def test_standard_error_matches_lighteval_bootstrap_of_sacrebleu():
    _, refs, hyps = wmt_items(200)
    items = [GenerativeCorpusMetricInput(golds=[r], preds=[h]) for r, h in zip(refs, hyps)]
    bleu = Metrics.bleu.value.get_corpus_aggregations()["bleu"]
    theirs = lighteval_stderr.bootstrap_stderr(bleu, items, number_experiments=200) * math.sqrt(200)
    ours = ngram_lighteval.METRICS["bleu"].corpus_level_fn.stderr(items, 100000)
    # its 200 resamples estimate the same standard deviation to about 5% (1 / sqrt(2 x 200)); both seeds are fixed
    assert ours == pytest.approx(theirs, rel=0.2)


def test_lighteval_asks_us_for_every_resample_and_keeps_its_own_for_the_rest():
    import lighteval.logging.info_loggers as loggers
    assert loggers.get_stderr_function is ngram_lighteval.get_stderr_function
    ours = ngram_lighteval.METRICS["bleu"].get_corpus_aggregations()["ngram_core_bleu"]
    _, refs, hyps = wmt_items(50)
    items = [GenerativeCorpusMetricInput(golds=[r], preds=[h]) for r, h in zip(refs, hyps)]
    assert ngram_lighteval.get_stderr_function(ours, 500)(items) == ngram_lighteval.METRICS["bleu"].corpus_level_fn.stderr(items, 500)
    assert ngram_lighteval.get_stderr_function(np.mean, 10) is lighteval_stderr.mean_stderr  # lighteval's rule for a mean


def test_multiple_references_and_bad_items():
    items = [GenerativeCorpusMetricInput(golds=["the cat sat on it", "a cat sat on it"], preds=["the cat sat on a mat"]),
             GenerativeCorpusMetricInput(golds=["a dog ran off", "the dog ran"], preds=["a dog ran"])]
    streams = [["the cat sat on it", "a dog ran off"], ["a cat sat on it", "the dog ran"]]
    ours = ngram_lighteval.METRICS["bleu"].corpus_level_fn
    assert ours.compute_corpus(items) == sacrebleu.corpus_bleu(["the cat sat on a mat", "a dog ran"], streams).score
    bleu = Metrics.bleu.value.get_corpus_aggregations()["bleu"]  # lighteval's keeps the first gold of each
    assert bleu(items) == sacrebleu.corpus_bleu(["the cat sat on a mat", "a dog ran"], streams[:1]).score
    # several samples per document: the first is scored, as lighteval's own do (they fail on it in 0.13.0:
    # their log line asks a sacreBLEU metric for a __name__ it lacks)
    sampled = [GenerativeCorpusMetricInput(golds=item.golds, preds=[*item.preds, "another sample"]) for item in items]
    assert ours.compute_corpus(sampled) == ours.compute_corpus(items)
    with pytest.raises(ValueError, match="items\\[0\\]"):
        ours.compute_corpus([["only", "a list"]])
    with pytest.raises(ValueError, match="non-empty"):
        ours.compute_corpus([])
    with pytest.raises(ValueError, match="preds is empty"):
        ours.compute_corpus([GenerativeCorpusMetricInput(golds=["a"], preds=[])])
    with pytest.raises(ValueError, match="2 resamples"):
        ours.stderr(items, 1)
