"""Our metrics where evaluate and datasets users run them: combine, the translation
evaluator, Dataset columns, streamed datasets, map with several processes, and
evaluate's own multi-process mode."""
from __future__ import annotations

import json
import subprocess
import sys
import uuid
from pathlib import Path

import datasets
import evaluate
import pytest

from helpers.data import REPO
from helpers.require import require_module

SCRIPTS = Path(__file__).resolve().parents[1] / "integration_scripts"
sys.path.insert(0, str(SCRIPTS))
from corpus import make_corpus  # noqa: E402

from ngram_core.adapters.datasets import score_columns, segment_columns  # noqa: E402
from ngram_core.suite import score_all  # noqa: E402

METRIC_DIRS = {name: str(REPO / f"{name}_custom") for name in ("bleu", "nist", "meteor")}


def load(name, **options):
    return evaluate.load(METRIC_DIRS[name], **options)


def corpus_dataset(n=60):
    hyps, refs = make_corpus(n)
    return datasets.Dataset.from_dict({"hyp": hyps, "refs": refs})


# -- evaluate.combine ------------------------------------------------------------------
def test_combine_keeps_every_metric_and_prefixes_the_keys_they_share():
    hyps, refs = make_corpus(40)
    combined = evaluate.combine([load("bleu"), load("nist"), load("meteor")])
    result = combined.compute(predictions=hyps, references=refs)
    expected = score_all(hyps, refs)
    # the headline scores keep their names: no metric returns another's
    assert result["bleu"] == expected["bleu"]["bleu"]
    assert result["score"] == expected["bleu"]["score"]
    assert result["nist"] == expected["nist"]["nist"]
    assert result["meteor"] == expected["meteor"]["meteor"]
    # keys two metrics share are prefixed by evaluate with the metric's name, none lost
    for name in ("bleu", "nist"):
        for key in ("counts", "totals", "brevity_penalty", "length_ratio", "signature"):
            assert result[f"{name}_custom_{key}"] == expected[name][key]
    for name in ("bleu", "nist", "meteor"):
        assert result[f"{name}_custom_translation_length"] == expected[name]["translation_length"]
    assert "counts" not in result and "signature" not in result


def test_combine_keeps_options_set_at_load_time_for_each_metric():
    hyps, refs = make_corpus(40)
    combined = evaluate.combine([
        load("bleu", max_order=2, smooth_method="floor", tokenize="intl"),
        load("nist", n=3, lowercase="ascii"),
        load("meteor", normalize=False, alpha=0.8),
    ])
    result = combined.compute(predictions=hyps, references=refs)
    expected = score_all(hyps, refs, tokenize="intl", bleu={"max_order": 2, "smooth_method": "floor", "tokenize": "intl"},
                         nist={"n": 3, "lowercase": "ascii", "tokenize": "13a"},
                         meteor={"normalize": False, "alpha": 0.8})
    assert result["bleu"] == expected["bleu"]["bleu"]
    assert len(result["bleu_custom_counts"]) == 2 and len(result["nist_custom_counts"]) == 3
    assert result["nist"] == expected["nist"]["nist"]
    assert result["meteor"] == expected["meteor"]["meteor"]
    assert "alpha:0.8" in result["meteor_custom_signature"] and "case:mixed" in result["meteor_custom_signature"]


def test_combine_with_an_option_one_metric_lacks_is_a_clear_error():
    # combine passes the same keyword arguments to every metric: per-metric options
    # belong in evaluate.load(...)
    combined = evaluate.combine([load("bleu"), load("nist")])
    with pytest.raises(TypeError, match="max_order"):
        combined.compute(predictions=["a b"], references=["a b"], max_order=2)


# -- evaluate.evaluator("translation") ----------------------------------------------------
@pytest.mark.slow
def test_translation_evaluator_with_a_tiny_local_pipeline():
    for name in ("torch", "transformers", "tokenizers", "scipy"):
        require_module(name)
    from tiny_seq2seq import make_model, make_pairs, make_pipeline, make_tokenizer, translation_evaluator

    tokenizer = make_tokenizer()
    pipe = make_pipeline(make_model(tokenizer), tokenizer)
    data = datasets.Dataset.from_dict(make_pairs(12))
    task = translation_evaluator()  # evaluate.evaluator("translation"), on transformers 5 too
    result = task.compute(model_or_pipeline=pipe, data=data, metric=load("bleu", max_order=2),
                          input_column="source", label_column="target")
    hypotheses = [out["translation_text"] for out in pipe(list(data["source"]))]
    expected = score_all(hypotheses, list(data["target"]), metrics=("bleu",), max_order=2)["bleu"]
    assert result["bleu"] == expected["bleu"] and result["score"] == expected["score"]
    assert result["samples_per_second"] > 0


# -- datasets -------------------------------------------------------------------------------
def test_compute_on_dataset_columns_as_column_objects_and_lists():
    ds = corpus_dataset()
    column_hyp, column_refs = ds["hyp"], ds["refs"]
    assert not isinstance(column_hyp, list)  # datasets 4+ returns a lazy Column
    expected = score_all(list(column_hyp), list(column_refs))
    for name in ("bleu", "nist", "meteor"):
        metric = load(name)
        from_columns = metric.compute(predictions=column_hyp, references=column_refs)
        from_lists = metric.compute(predictions=list(column_hyp), references=[list(r) for r in column_refs])
        assert from_columns == from_lists
        assert from_columns[name] == expected[name][name]


def test_streamed_iterable_dataset_through_add_batch_equals_one_compute():
    ds = corpus_dataset()
    streamed = ds.to_iterable_dataset(num_shards=3)
    assert isinstance(streamed, datasets.IterableDataset)
    for name in ("bleu", "nist", "meteor"):
        metric = load(name)
        for batch in streamed.iter(batch_size=7):
            metric.add_batch(predictions=batch["hyp"], references=batch["refs"])
        assert metric.compute() == load(name).compute(predictions=list(ds["hyp"]), references=list(ds["refs"]))


@pytest.mark.slow
def test_map_with_two_processes_then_reduce_equals_one_compute():
    ds = corpus_dataset(120)
    options = {"tokenize": "intl", "max_order": 3, "nist": {"lowercase": "ascii"}}
    stats = ds.map(lambda batch: segment_columns(batch["hyp"], batch["refs"], **options), batched=True, batch_size=16,
                   num_proc=2, remove_columns=ds.column_names)
    assert len(stats) == len(ds)
    assert stats.features["bleu_matches"].feature.dtype == "int64"
    reduced = score_columns(stats, **options)
    expected = score_all(list(ds["hyp"]), list(ds["refs"]), **options)
    assert reduced["bleu"] == expected["bleu"]
    assert reduced["meteor"] == expected["meteor"]
    # NIST adds float information weights in another order: equal up to rounding
    assert reduced["nist"]["nist"] == pytest.approx(expected["nist"]["nist"], rel=1e-12)
    assert reduced["nist"]["counts"] == expected["nist"]["counts"]
    assert reduced["nist"]["signature"] == expected["nist"]["signature"]
    assert load("bleu", tokenize="intl", max_order=3).compute(predictions=list(ds["hyp"]), references=list(ds["refs"])) == reduced["bleu"]


def test_segment_columns_add_up_for_bleu_and_meteor():
    hyps, refs = make_corpus(30)
    columns = segment_columns(hyps, refs, metrics=("bleu", "meteor"))
    summed = {"bleu_hyp_len": [sum(columns["bleu_hyp_len"])], "bleu_ref_len": [sum(columns["bleu_ref_len"])],
              "bleu_matches": [[sum(c) for c in zip(*columns["bleu_matches"])]],
              "bleu_totals": [[sum(c) for c in zip(*columns["bleu_totals"])]], "bleu_n_refs": [0]}
    assert score_columns(summed, metrics=("bleu",))["bleu"]["score"] == score_all(hyps, refs, metrics=("bleu",))["bleu"]["score"]


# -- evaluate's own distributed mode ------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("name", ["bleu", "nist", "meteor"])
def test_evaluate_num_process_two_real_processes_give_the_single_process_score(name, tmp_path):
    out = tmp_path / "result.json"
    experiment = uuid.uuid4().hex
    procs = [
        subprocess.Popen([sys.executable, str(SCRIPTS / "evaluate_num_process.py"), METRIC_DIRS[name], str(pid), "2",
                          str(tmp_path / "cache"), experiment, str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True)
        for pid in range(2)
    ]
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=180)
        assert proc.returncode == 0, stderr[-3000:]
    hyps, refs = make_corpus(80)
    single = load(name).compute(predictions=hyps, references=refs)
    assert json.loads(out.read_text(encoding="utf-8")) == json.loads(json.dumps(single))
