"""bleu_custom through evaluate: loading offline, datasets columns, batches, options, errors."""
from __future__ import annotations

import os
import subprocess
import sys
from functools import lru_cache

import datasets
import evaluate
import pytest

from helpers.data import REPO
from ngram_core.bleu import corpus_bleu
from ngram_core.adapters.space.card import metric_script

PREDICTIONS = ["the cat sat on the mat", "a quick brown fox", ""]
REFERENCES = [["the cat is on the mat", "a cat sat on the mat"], ["the quick brown fox jumps"], ["nothing here"]]


@lru_cache(maxsize=None)
def metric(**options):
    return evaluate.load(str(metric_script(REPO / "bleu_custom")), **options)


def test_compute_equals_the_core():
    out = metric().compute(predictions=PREDICTIONS, references=REFERENCES)
    assert out == corpus_bleu(PREDICTIONS, REFERENCES)
    assert set(out) == {"bleu", "score", "precisions", "brevity_penalty", "length_ratio", "translation_length",
                        "reference_length", "counts", "totals", "signature"}


def test_single_reference_strings_are_accepted():
    refs = [r[0] for r in REFERENCES]
    assert metric().compute(predictions=PREDICTIONS, references=refs) == corpus_bleu(PREDICTIONS, [[r] for r in refs])


def test_load_time_options_hold_for_every_compute_and_compute_overrides_them():
    loaded = metric(tokenize="char", lowercase=True, smooth_method="floor")
    out = loaded.compute(predictions=PREDICTIONS, references=REFERENCES)
    assert out == corpus_bleu(PREDICTIONS, REFERENCES, tokenize="char", lowercase=True, smooth_method="floor")
    assert "tok:char" in out["signature"] and "case:lc" in out["signature"]
    again = loaded.compute(predictions=PREDICTIONS, references=REFERENCES, tokenize="13a")
    assert again == corpus_bleu(PREDICTIONS, REFERENCES, tokenize="13a", lowercase=True, smooth_method="floor")


def test_add_batch_then_compute_equals_one_compute():
    m = metric()
    m.add_batch(predictions=PREDICTIONS[:2], references=REFERENCES[:2])
    m.add_batch(predictions=PREDICTIONS[2:], references=REFERENCES[2:])
    assert m.compute() == corpus_bleu(PREDICTIONS, REFERENCES)
    for p, r in zip(PREDICTIONS, REFERENCES):
        m.add(prediction=p, reference=r)
    assert m.compute() == corpus_bleu(PREDICTIONS, REFERENCES)


def test_compute_on_dataset_columns():
    ds = datasets.Dataset.from_dict({"hyp": PREDICTIONS, "refs": REFERENCES})
    out = metric().compute(predictions=ds["hyp"], references=ds["refs"])
    assert out == corpus_bleu(PREDICTIONS, REFERENCES)


def test_return_segments_gives_one_score_per_segment():
    out = metric().compute(predictions=PREDICTIONS, references=REFERENCES, return_segments=True, effective_order=True)
    assert len(out["segment_scores"]) == len(PREDICTIONS)
    assert out["segment_scores"][2] == 0.0


@pytest.mark.parametrize(
    "predictions,references,error,match",
    [
        (["a", "b"], [["x"], "y"], TypeError, r"references\[1\] is a string but references\[0\] is a list"),
        (["a", "b"], ["x", ["y"]], TypeError, r"references\[1\] is list but references\[0\] is a string"),
        (["a"], [None], TypeError, r"references\[0\] is NoneType"),
        ([None], [["x"]], TypeError, r"predictions\[0\] is NoneType"),
        ([1], [["x"]], TypeError, r"predictions\[0\] is int"),
        (["a"], [["x", 3]], TypeError, r"references\[0\]\[1\] is int"),
        (["a"], [[]], ValueError, r"references\[0\] is an empty list"),
        ([], [], ValueError, "predictions is empty"),
        (["a", "b"], [["x"]], ValueError, "references has 1 entry but predictions has 2"),
        ("a b", [["x"]], TypeError, "predictions must be a list of strings, not a single string"),
    ],
)
def test_bad_input_is_a_clear_error_naming_the_argument(predictions, references, error, match):
    with pytest.raises(error, match=match):
        metric().compute(predictions=predictions, references=references)
    with pytest.raises(error, match=match):
        corpus_bleu(predictions, references)


@pytest.mark.parametrize(
    "options,error,match",
    [
        ({"smooth_method": "magic"}, ValueError, "smooth_method='magic'"),
        ({"tokenize": "13b"}, ValueError, "tokenize='13b'"),
        ({"max_order": 0}, ValueError, "max_order"),
        ({"weights": [0.5, 0.5]}, ValueError, "weights has 2 entries but max_order is 4"),
        ({"smooth_method": "exp", "smooth_value": 0.1}, ValueError, "smooth_value is not used"),
        ({"effective_order": "yes"}, TypeError, "effective_order"),  # a string where booleans are meant
        ({"smoothing": "exp"}, TypeError, r"unknown BLEU option 'smoothing' \(did you mean .*'smooth_method'"),
    ],
)
def test_bad_options_are_clear_errors(options, error, match):
    with pytest.raises(error, match=match):
        metric().compute(predictions=["a"], references=[["a"]], **options)


def test_empty_strings_give_a_defined_score():
    out = corpus_bleu(["", ""], [[""], ["x"]], return_segments=True)
    assert out["bleu"] == 0.0 and out["segment_scores"] == [0.0, 0.0]
    assert out["brevity_penalty"] == 0.0 and out["length_ratio"] == 0.0
    assert corpus_bleu([""], [[""]])["length_ratio"] == 0.0


def test_loads_and_computes_offline_in_a_fresh_process(tmp_path):
    code = (
        "import evaluate;"
        f"m = evaluate.load({str(REPO / 'bleu_custom')!r});"
        "print(m.compute(predictions=['a b c d'], references=[['a b c d']])['bleu'])"
    )
    env = {**os.environ, "HF_EVALUATE_OFFLINE": "1", "HF_DATASETS_OFFLINE": "1", "HF_HUB_OFFLINE": "1",
           "HF_HOME": str(tmp_path / "hf"), "NO_PROXY": "*", "HTTP_PROXY": "http://127.0.0.1:9", "HTTPS_PROXY": "http://127.0.0.1:9"}
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "1.0"
