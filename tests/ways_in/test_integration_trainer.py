"""make_compute_metrics inside a real Seq2SeqTrainer.evaluate() (tiny local model, no downloads)."""
from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from helpers.require import require_module

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration_scripts"))

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def trainer_setup(tmp_path_factory):
    for name in ("torch", "transformers", "accelerate", "tokenizers"):
        require_module(name)
    import datasets
    from tiny_seq2seq import make_model, make_pairs, make_tokenizer
    from transformers import DataCollatorForSeq2Seq, Seq2SeqTrainer, Seq2SeqTrainingArguments

    from ngram_core.adapters.trainer import make_compute_metrics

    tokenizer = make_tokenizer()
    model = make_model(tokenizer)

    def encode(batch):
        features = tokenizer(batch["source"], truncation=True)
        features["labels"] = tokenizer(batch["target"], truncation=True)["input_ids"]
        return features

    pairs = datasets.Dataset.from_dict(make_pairs(23))
    eval_set = pairs.map(encode, batched=True, remove_columns=pairs.column_names)
    args = Seq2SeqTrainingArguments(
        output_dir=str(tmp_path_factory.mktemp("trainer")), per_device_eval_batch_size=5,
        predict_with_generate=True, generation_max_length=12, report_to=[], use_cpu=True,
        disable_tqdm=True, save_strategy="no",
    )
    trainer = Seq2SeqTrainer(
        model=model, args=args, eval_dataset=eval_set, processing_class=tokenizer,
        data_collator=DataCollatorForSeq2Seq(tokenizer, model=model),  # pads labels with -100
        compute_metrics=make_compute_metrics(tokenizer),
    )
    return trainer, tokenizer, eval_set


def _texts(tokenizer, ids):
    ids = np.where(ids != -100, ids, tokenizer.pad_token_id)
    return [t.strip() for t in tokenizer.batch_decode(ids, skip_special_tokens=True)]


def test_seq2seq_trainer_logs_our_scores_of_the_decoded_texts(trainer_setup):
    from ngram_core.bleu import corpus_bleu
    from ngram_core.meteor import compute_meteor
    from ngram_core.nist import corpus_nist

    trainer, tokenizer, eval_set = trainer_setup
    metrics = trainer.evaluate()
    assert {"eval_bleu", "eval_nist", "eval_meteor", "eval_gen_len"} <= set(metrics)
    # the same generation, decoded independently of make_compute_metrics
    output = trainer.predict(eval_set)
    hypotheses = _texts(tokenizer, output.predictions)
    references = _texts(tokenizer, output.label_ids)
    assert len(hypotheses) == len(eval_set) and all(references)
    assert metrics["eval_bleu"] == corpus_bleu(hypotheses, references)["bleu"]
    assert metrics["eval_nist"] == corpus_nist(hypotheses, references)["nist"]
    assert metrics["eval_meteor"] == compute_meteor(hypotheses, references)["meteor"]
    assert 0 < metrics["eval_bleu"] < 1 and metrics["eval_nist"] > 0
    generated = np.where(output.predictions != -100, output.predictions, tokenizer.pad_token_id)
    assert metrics["eval_gen_len"] == pytest.approx(np.count_nonzero(generated != tokenizer.pad_token_id, axis=1).mean())


def test_compute_metrics_replaces_label_padding_and_passes_options():
    require_module("transformers")
    from tiny_seq2seq import make_tokenizer
    from transformers import EvalPrediction

    from ngram_core.bleu import corpus_bleu
    from ngram_core.adapters.trainer import make_compute_metrics

    tokenizer = make_tokenizer()
    hyp = tokenizer(["the cat sat on the mat", "a red house"], padding=True)["input_ids"]
    ref = tokenizer(["the cat sat on a mat", "a big red house"], padding=True)["input_ids"]
    hyp = np.array([row + [-100] * 2 for row in hyp])  # the Trainer pads generated ids with -100
    ref = np.where(np.array(ref) == tokenizer.pad_token_id, -100, np.array(ref))
    compute = make_compute_metrics(tokenizer, metrics=("bleu",), max_order=2)
    scores = compute(EvalPrediction(predictions=hyp, label_ids=ref))
    expected = corpus_bleu(["the cat sat on the mat", "a red house"], ["the cat sat on a mat", "a big red house"], max_order=2)
    assert scores == {"bleu": expected["bleu"], "gen_len": 5.5}


def test_bad_options_fail_when_the_hook_is_made_not_after_evaluation():
    require_module("transformers")
    from tiny_seq2seq import make_tokenizer

    from ngram_core.adapters.trainer import make_compute_metrics

    with pytest.raises(TypeError, match="unknown option"):
        make_compute_metrics(make_tokenizer(), smoothing="exp")
    with pytest.raises(ValueError, match="belongs to nist"):
        make_compute_metrics(make_tokenizer(), metrics=("bleu",), n=4)


def test_logits_instead_of_generated_ids_are_a_clear_error():
    require_module("transformers")
    from tiny_seq2seq import make_tokenizer
    from transformers import EvalPrediction

    from ngram_core.adapters.trainer import make_compute_metrics

    compute = make_compute_metrics(make_tokenizer())
    with pytest.raises(ValueError, match="predict_with_generate=True"):
        compute(EvalPrediction(predictions=np.zeros((2, 3, 7)), label_ids=np.zeros((2, 3), dtype=int)))
