"""The evaluate scripts write evaluate's cache as one arrow table per batch and score what it
holds: every way of giving the rows (compute's own batch, add_batch, add, batches of plain
strings and of lists, in memory or in cache files) gives the core function's result, and
the cache files evaluate makes are still made and removed."""
from __future__ import annotations

import random

import evaluate
import pytest

from helpers.data import REPO
from ngram_core import bleu, chrf, cider, meteor, nist, rouge_l
from ngram_core.adapters import evaluate as hf_metric
from ngram_core.adapters.space.card import metric_script

WORDS = ("the cat dog sat on a mat quickly , . ! über naïve 東京 ran jumped over lazy brown fox").split()


def _corpus(n: int, seed: int):
    rnd = random.Random(seed)
    line = lambda: " ".join(rnd.choice(WORDS) for _ in range(rnd.randint(0, 14)))  # noqa: E731
    hyps = [line() for _ in range(n)]
    refs = [[line() for _ in range(rnd.randint(1, 3))] for _ in range(n)]
    return hyps, refs


CORE = {"bleu_custom": bleu.corpus_bleu, "nist_custom": nist.corpus_nist, "meteor_custom": meteor.compute_meteor,
        "chrf_custom": chrf.corpus_chrf, "rouge_l_custom": rouge_l.corpus_rouge_l,
        "cider_custom": cider.corpus_cider}
# enough segments for the array code (the plain path is the one-off call's), and a few
SIZES = [7, 300]


def _same(a, b):
    assert a.keys() == b.keys()
    for key in a:
        assert a[key] == pytest.approx(b[key], rel=1e-12, abs=1e-15) if isinstance(a[key], float) else a[key] == b[key]


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("in_memory", [True, False], ids=["in memory", "cache files"])
@pytest.mark.parametrize("folder", list(CORE))
def test_every_way_of_adding_rows_gives_the_core_result(folder, in_memory, n, tmp_path):
    hyps, refs = _corpus(n, seed=n)
    expected = CORE[folder](hyps, refs, return_segments=True)
    metric = evaluate.load(str(metric_script(REPO / folder)), keep_in_memory=in_memory, cache_dir=str(tmp_path))

    _same(metric.compute(predictions=hyps, references=refs, return_segments=True), expected)

    half = n // 2
    metric.add_batch(predictions=hyps[:half], references=refs[:half])
    for h, r in zip(hyps[half:half + 2], refs[half:half + 2]):
        metric.add(prediction=h, reference=r)
    metric.add_batch(predictions=[], references=[])
    metric.add_batch(predictions=hyps[half + 2:], references=refs[half + 2:])
    _same(metric.compute(return_segments=True), expected)

    # a batch given with compute after batches added: the cache holds both
    metric.add_batch(predictions=hyps[:half], references=refs[:half])
    _same(metric.compute(predictions=hyps[half:], references=refs[half:], return_segments=True), expected)
    # no cache file is left behind
    assert not [p for p in tmp_path.rglob("*.arrow")]


def test_batches_of_single_references_and_of_lists_mix(tmp_path):
    hyps, refs = _corpus(40, seed=3)
    singles = [r[0] for r in refs]
    expected = bleu.corpus_bleu(hyps, singles)
    metric = evaluate.load(str(metric_script(REPO / "bleu_custom")), cache_dir=str(tmp_path))
    metric.add_batch(predictions=hyps[:20], references=singles[:20])
    metric.add_batch(predictions=hyps[20:], references=[[r] for r in singles[20:]])
    _same(metric.compute(), expected)


def test_the_cache_file_holds_the_rows_as_evaluate_reads_them(tmp_path):
    hyps, refs = _corpus(30, seed=5)
    metric = evaluate.load(str(metric_script(REPO / "bleu_custom")), keep_in_memory=False, cache_dir=str(tmp_path))
    metric.add_batch(predictions=hyps[:10], references=[r[0] for r in refs[:10]])
    metric.add_batch(predictions=hyps[10:], references=refs[10:])
    metric._finalize()  # (evaluate's own step before _compute: the file read back as a dataset)
    files = list(tmp_path.rglob("*.arrow"))
    assert len(files) == 1 and files[0].stat().st_size > sum(map(len, hyps))
    rows = metric.data.with_format(None)
    assert rows["predictions"] == hyps and rows["references"] == [[r[0]] for r in refs[:10]] + refs[10:]


def test_a_bad_batch_fails_before_anything_reaches_the_cache(tmp_path):
    metric = evaluate.load(str(metric_script(REPO / "bleu_custom")), cache_dir=str(tmp_path))
    with pytest.raises(TypeError, match=r"references\[1\] is a string but references\[0\] is a list"):
        metric.add_batch(predictions=["a", "b"], references=[["a"], "b"])
    assert metric.writer is None
    with pytest.raises(ValueError, match="Bad inputs"):  # evaluate's own message for a name it lacks
        metric.add_batch(predictions=["a"], references=["a"], sources=["x"])
    _same(metric.compute(predictions=["a b c"], references=[["a b c"]]), bleu.corpus_bleu(["a b c"], [["a b c"]]))


def test_a_compute_s_own_batch_is_in_the_cache_and_the_core_s_error_comes_from_compute(tmp_path):
    # the core scores compute's own batch from the checked lists, not from the cache: the
    # rows are still in the file evaluate reads back, and the core's error is raised as
    # evaluate raises _compute's (its cache file then left, as evaluate leaves it)
    hyps, refs = _corpus(30, seed=6)
    metric = evaluate.load(str(metric_script(REPO / "bleu_custom")), keep_in_memory=False, cache_dir=str(tmp_path))
    seen = {}

    def failing(predictions, references, **options):
        raise RuntimeError("the core failed")

    def reading_the_cache_first(predictions, references, **kwargs):  # (evaluate's _finalize has run)
        seen["cached"] = metric.data.with_format(None)[:]
        return hf_metric.NgramMetric._compute(metric, predictions, references, **kwargs)

    metric.corpus_function = type("Failing", (), {"__wrapped_core__": staticmethod(failing)})
    metric._compute = reading_the_cache_first
    with pytest.raises(RuntimeError, match="the core failed"):
        metric.compute(predictions=hyps, references=refs)
    assert seen["cached"] == {"predictions": hyps, "references": refs}
    assert len(list(tmp_path.rglob("*.arrow"))) == 1


@pytest.mark.parametrize("batch, where", [
    ((["ok", "a\udc80"], ["x", "y"]), r"predictions\[1\]"),
    ((["ok", "a"], ["x", "y\ud800"]), r"references\[1\] "),
    ((["ok", "a"], [["x"], ("y", "z\ud800")]), r"references\[1\]\[1\]"),
])
def test_a_lone_surrogate_is_named_and_reaches_no_cache(batch, where, tmp_path):
    # the batch's arrow table is the check of its text (UTF-8 fails on lone surrogates);
    # the message is the core's, naming the string in the form it was given
    metric = evaluate.load(str(metric_script(REPO / "bleu_custom")), cache_dir=str(tmp_path))
    predictions, references = batch
    for call in (lambda: metric.compute(predictions=iter(predictions), references=iter(references)),
                 lambda: metric.add_batch(predictions=predictions, references=references),
                 lambda: bleu.corpus_bleu(predictions, references)):
        with pytest.raises(ValueError, match=where + ".* lone surrogate"):
            call()
    assert metric.writer is None and not list(tmp_path.rglob("*.arrow"))
    with pytest.raises(ValueError, match="lone surrogate"):
        metric.add(prediction=predictions[1], reference=references[1])
