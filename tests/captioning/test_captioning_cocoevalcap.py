"""``ngram_core.adapters.captioning.COCOEvalCap`` equals pycocoevalcap 1.2's ``COCOEvalCap``
run live (Java: its PTB tokenizer and METEOR jar), SPICE excepted (stubbed out of theirs,
absent from ours): the same ``eval`` and ``imgToEval`` keys and numbers, Bleu_1..4,
ROUGE_L and CIDEr exactly (``==``), METEOR within 1e-9 (pycocoevalcap reads the jar's
printed scores). Inputs: a generated annotations/results pair (raw captions: case,
punctuation, non-ASCII), through pycocotools' ``COCO`` objects and through our file
loader; and pycocoevalcap's own example results file (``captions_val2014_fakecap_results.json``
of tylin/coco-caption, vendored in ``tests/coco_caption/``) on generated annotations for
its 1,000 image ids (COCO's ``captions_val2014.json`` is not available offline).
"""
from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from helpers.require import require, require_module
from helpers.caption_sets import caption_set

from ngram_core.adapters.captioning import METRICS, COCOEvalCap, evaluate_files, load_captions

require_module("ngram_core_coco")
pycoco = require_module("pycocotools.coco")
eval_module = require_module("pycocoevalcap.eval")
require(shutil.which("java") is not None, "java is not on PATH (apt-get install default-jre-headless)")

FAKECAP = Path(__file__).parents[1] / "coco_caption" / "captions_val2014_fakecap_results.json"
METEOR_TOLERANCE = 1e-9


class _NoSpice:
    def compute_score(self, gts, res):
        return 0.0, [0.0] * len(gts)

    def method(self):
        return "SPICE"


def _write(tmp_path, image_ids, hyps, refs):
    annotations = {"images": [{"id": i} for i in image_ids],
                   "annotations": [{"image_id": i, "id": 1000 * k + j, "caption": r}
                                   for k, (i, group) in enumerate(zip(image_ids, refs)) for j, r in enumerate(group)],
                   "type": "captions", "info": {}, "licenses": []}
    results = [{"image_id": i, "caption": h} for i, h in zip(image_ids, hyps)]
    (tmp_path / "ann.json").write_text(json.dumps(annotations))
    (tmp_path / "res.json").write_text(json.dumps(results))
    return tmp_path / "ann.json", tmp_path / "res.json"


def _theirs(ann, res, monkeypatch, subset=True):
    monkeypatch.setattr(eval_module, "Spice", _NoSpice)
    coco = pycoco.COCO(str(ann))
    results = coco.loadRes(str(res))
    evaluator = eval_module.COCOEvalCap(coco, results)
    if subset:
        evaluator.params["image_id"] = results.getImgIds()
    evaluator.evaluate()
    del evaluator.eval["SPICE"]
    for scores in evaluator.imgToEval.values():
        del scores["SPICE"]
    return coco, results, evaluator


def _same(ours, theirs):
    assert list(ours.eval) == list(METRICS) and set(theirs.eval) == set(METRICS)
    assert list(ours.imgToEval) == list(theirs.imgToEval)
    for method in METRICS:
        if method == "METEOR":
            assert abs(ours.eval[method] - theirs.eval[method]) <= METEOR_TOLERANCE
            assert all(abs(ours.imgToEval[i][method] - theirs.imgToEval[i][method]) <= METEOR_TOLERANCE
                       for i in ours.imgToEval)
        else:
            assert ours.eval[method] == theirs.eval[method], method
            assert [s[method] for s in ours.imgToEval.values()] == [s[method] for s in theirs.imgToEval.values()], method
    assert all(ours.imgToEval[i]["image_id"] == i for i in ours.imgToEval)
    assert len(ours.evalImgs) == len(theirs.evalImgs)


def test_generated_annotations_and_results_give_pycocoevalcaps_dictionaries(tmp_path, monkeypatch):
    hyps, refs = caption_set(300, captions=5, seed=21, raw=True)
    rng = random.Random(21)
    image_ids = rng.sample(range(1, 10 ** 6), len(hyps))
    ann, res = _write(tmp_path, image_ids, hyps, refs)
    coco, results, theirs = _theirs(ann, res, monkeypatch, subset=False)
    ours = COCOEvalCap(coco, results)  # pycocotools' objects, as a user's script has them
    ours.evaluate()
    _same(ours, theirs)
    _same(evaluate_files(ann, res), theirs)  # no pycocotools: our loader


def test_pycocoevalcaps_example_results_file_on_generated_annotations(tmp_path, monkeypatch):
    results = json.loads(FAKECAP.read_text())
    image_ids = [r["image_id"] for r in results]
    _, refs = caption_set(len(image_ids), captions=5, seed=22, raw=True)
    extra = [max(image_ids) + 1, max(image_ids) + 2]  # annotated images without results: left out as in the example
    ann, res = _write(tmp_path, image_ids + extra, [r["caption"] for r in results] + ["x", "y"],
                      refs + [["a cat"], ["a dog"]])
    res.write_text(FAKECAP.read_text())
    _, _, theirs = _theirs(ann, res, monkeypatch)
    ours = evaluate_files(ann, res)
    _same(ours, theirs)
    assert len(ours.imgToEval) == 1000


def test_an_image_without_a_result_is_refused_with_the_fix(tmp_path):
    ann, res = _write(tmp_path, [1, 2], ["a dog", "a cat"], [["a dog"], ["a cat"]])
    res.write_text(json.dumps([{"image_id": 1, "caption": "a dog"}]))
    coco, results = load_captions(ann, res)
    with pytest.raises(ValueError, match=r"image 2 has 0 results.*params\['image_id'\] = cocoRes.getImgIds\(\)"):
        COCOEvalCap(coco, results).evaluate()
    res.write_text(json.dumps([{"image_id": 3, "caption": "a dog"}]))
    with pytest.raises(ValueError, match="results for images not in annotation_file"):
        load_captions(ann, res)
    with pytest.raises(ValueError, match="results_file"):
        load_captions(ann, tmp_path / "missing.json")
