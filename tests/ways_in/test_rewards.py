"""Reward functions, called as TRL's GRPOTrainer and verl's reward managers call them.

TRL: a real ``GRPOTrainer`` runs two steps on a tiny Llama built from a config, with a
word-level tokenizer made on the spot (nothing is downloaded), and every reward it got
is checked against ``sacrebleu.sentence_bleu``; TRL is a CI-only dependency (it needs
torch). The other tests call the reward exactly as TRL 1.16's
``GRPOTrainer._calculate_rewards`` does: ``reward_func(prompts=..., completions=...,
completion_ids=..., **reward_kwargs)`` with every dataset column but prompt/completion
repeated per generation, plus ``trainer_state``, ``log_extra`` and ``log_metric``.

verl is not installed (it pulls ray, vllm and torch): its reward managers are
reproduced from its source. ``NaiveRewardManager.__call__`` calls
``self.compute_score(data_source=data_source, solution_str=response_str,
ground_truth=ground_truth, extra_info=extra_info)`` per response, with
``ground_truth = data_item.non_tensor_batch["reward_model"]["ground_truth"]``;
``BatchRewardManager.verify`` calls ``self.compute_score(data_sources=data_sources,
solution_strs=responses_str, ground_truths=ground_truths, extra_infos=extras,
**self.reward_kwargs)`` with ``data_sources`` and ``extras`` numpy object arrays.
"""
from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
import sacrebleu

from helpers.data import WMT, read_lines, require_wmt
from helpers.require import require_module
from ngram_core import rewards
from ngram_core.meteor import compute_meteor


def sentence(hypothesis, references) -> float:
    references = [references] if isinstance(references, str) else list(references)
    return min(sacrebleu.sentence_bleu(hypothesis, references).score, 100.0) / 100.0


def wmt(n: int):
    require_wmt()
    pair = WMT / "newstest2021" / "de-en"
    return list(read_lines(pair / "sys.happypoet.txt")[:n]), list(read_lines(pair / "ref.A.txt")[:n]), \
        list(read_lines(pair / "ref.B.txt")[:n])


def trl_call(reward, prompts, completions, columns):
    """As GRPOTrainer._calculate_rewards calls a plain reward function."""
    reward_kwargs = dict(columns)
    reward_kwargs["trainer_state"] = object()
    reward_kwargs["log_extra"] = lambda *a, **k: None
    reward_kwargs["log_metric"] = lambda *a, **k: None
    completion_ids = [[1, 2, 3] for _ in completions or []]
    return reward(prompts=prompts, completions=completions, completion_ids=completion_ids, **reward_kwargs)


def test_trl_reward_equals_sacrebleu_for_plain_and_conversational_completions():
    hyps, ref_a, ref_b = wmt(64)
    reward = rewards.trl("bleu")
    references = [[a, b] if k % 2 else a for k, (a, b) in enumerate(zip(ref_a, ref_b))]
    expected = [sentence(h, r) for h, r in zip(hyps, references)]
    assert trl_call(reward, ["p"] * 64, hyps, {"reference": references, "id": list(range(64))}) == expected
    chats = [[{"role": "assistant", "content": h}] for h in hyps]
    prompts = [[{"role": "user", "content": "translate"}] for _ in hyps]
    assert trl_call(reward, prompts, chats, {"reference": references}) == expected
    assert reward.__name__ == "bleu_reward"


def test_trl_reward_reads_the_named_column_and_the_metrics_options():
    hyps, ref_a, _ = wmt(16)
    reward = rewards.trl("bleu", reference_column="target", tokenize="intl", lowercase=True)
    expected = [min(sacrebleu.sentence_bleu(h, [r], tokenize="intl", lowercase=True).score, 100) / 100
                for h, r in zip(hyps, ref_a)]
    assert trl_call(reward, ["p"] * 16, hyps, {"target": ref_a}) == expected


def test_meteor_reward_equals_compute_meteor_segments():
    hyps, ref_a, _ = wmt(10)
    reward = rewards.trl("meteor")
    assert trl_call(reward, ["p"] * 10, hyps, {"reference": ref_a}) == \
        compute_meteor(hyps, ref_a, return_segments=True)["segment_scores"]


def test_verl_compute_score_as_its_reward_managers_call_it():
    hyps, ref_a, ref_b = wmt(32)
    compute_score = rewards.verl("bleu")
    # NaiveRewardManager: one response at a time, ground truth from non_tensor_batch["reward_model"]
    non_tensor = {"data_source": np.array(["wmt21"] * 32, dtype=object),
                  "reward_model": np.array([{"ground_truth": r} for r in ref_a], dtype=object),
                  "extra_info": np.array([{"index": k} for k in range(32)], dtype=object)}
    singles = [compute_score(data_source=non_tensor["data_source"][k], solution_str=hyps[k],
                             ground_truth=non_tensor["reward_model"][k]["ground_truth"],
                             extra_info=non_tensor["extra_info"][k]) for k in range(32)]
    assert singles == [sentence(h, r) for h, r in zip(hyps, ref_a)]
    # BatchRewardManager: the whole batch, ground truths a list, sources and extras object arrays
    ground_truths = [item["ground_truth"] for item in non_tensor["reward_model"]]
    ground_truths[3] = [ref_a[3], ref_b[3]]  # several references
    batch = compute_score(data_sources=non_tensor["data_source"], solution_strs=hyps, ground_truths=ground_truths,
                          extra_infos=non_tensor["extra_info"])
    assert batch == [sentence(h, r) for h, r in zip(hyps, ground_truths)]
    with pytest.raises(TypeError, match="unexpected keyword arguments 'temperature'"):
        compute_score(data_sources=None, solution_strs=hyps, ground_truths=ground_truths, extra_infos=None,
                      temperature=1.0)


def test_rewards_from_several_threads_equal_one_thread():
    hyps, ref_a, _ = wmt(200)
    reward = rewards.trl("bleu")
    batches = [(hyps[k:k + 8], ref_a[k:k + 8]) for k in range(0, 200, 8)]
    alone = [trl_call(reward, ["p"] * len(h), h, {"reference": r}) for h, r in batches]
    with ThreadPoolExecutor(8) as pool:
        together = list(pool.map(lambda b: trl_call(reward, ["p"] * len(b[0]), b[0], {"reference": b[1]}), batches * 4))
    assert together == alone * 4


@pytest.mark.parametrize("make, error, words", [
    (lambda: rewards.trl("bleu", smooth_method="bogus"), ValueError, "smooth_method='bogus'"),
    (lambda: rewards.trl("bleu", smooth="exp"), TypeError, "smooth"),
    (lambda: rewards.trl("bleus"), ValueError, "bleu"),
    (lambda: rewards.trl("bleu", reference_column=None), TypeError, "reference_column"),
    (lambda: rewards.verl("meteor", alpha=2.0), ValueError, "alpha"),
])
def test_bad_options_fail_when_the_reward_is_made(make, error, words):
    with pytest.raises(error, match=None) as raised:
        make()
    assert words in str(raised.value)


@pytest.mark.parametrize("completions, columns, error, words", [
    ([], {"reference": []}, ValueError, "completions is empty"),
    (None, {"reference": ["a"]}, TypeError, "completions is None"),
    (["fine", 7], {"reference": ["a", "b"]}, TypeError, "completions[1] is int"),
    (["fine"], {"answer": ["a"]}, ValueError, "no column 'reference' (its columns: answer)"),
    (["fine"], {"reference": [None]}, TypeError, "reference[0] is NoneType"),
    (["fine"], {"reference": [[]]}, ValueError, "reference[0] is an empty list"),
    (["a", "b"], {"reference": ["a"]}, ValueError, "1 entries for 2 completions"),
    ([[{"role": "user", "content": "hi"}]], {"reference": ["a"]}, ValueError, "without an assistant message"),
])
def test_bad_batches_are_refused_naming_what_is_wrong(completions, columns, error, words):
    reward = rewards.trl("bleu")
    with pytest.raises(error) as raised:
        trl_call(reward, ["p"] * len(completions or []), completions, columns)
    assert words in str(raised.value)


def test_verl_bad_input_names_it():
    compute_score = rewards.verl("bleu")
    with pytest.raises(TypeError, match="solution_str is NoneType"):
        compute_score(data_source="x", solution_str=None, ground_truth="a")
    with pytest.raises(TypeError, match="ground_truth is int"):
        compute_score(data_source="x", solution_str="a", ground_truth=3)
    with pytest.raises(ValueError, match="solution_strs is empty"):
        compute_score(data_sources=[], solution_strs=[], ground_truths=[], extra_infos=[])


@pytest.mark.slow
def test_trl_reward_inside_a_real_grpo_trainer(tmp_path):
    """Two GRPO steps on a tiny Llama built from a config and a tokenizer made on the spot."""
    require_module("trl")
    torch = require_module("torch")
    from datasets import Dataset
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers
    from transformers import LlamaConfig, LlamaForCausalLM, PreTrainedTokenizerFast
    from trl import GRPOConfig, GRPOTrainer

    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    words = "the cat sat on a mat dog barks at red house".split()
    vocab = {w: i for i, w in enumerate(["<pad>", "<s>", "</s>", "<unk>"] + words)}
    backend = Tokenizer(models.WordLevel(vocab, unk_token="<unk>"))
    backend.pre_tokenizer = pre_tokenizers.Whitespace()
    backend.decoder = decoders.WordPiece(prefix="##")  # joins words with spaces
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=backend, pad_token="<pad>", bos_token="<s>",
                                        eos_token="</s>", unk_token="<unk>")
    config = LlamaConfig(vocab_size=len(vocab), hidden_size=16, intermediate_size=32, num_hidden_layers=1,
                         num_attention_heads=2, num_key_value_heads=2, max_position_embeddings=64, pad_token_id=0,
                         bos_token_id=1, eos_token_id=2)
    torch.manual_seed(0)
    model = LlamaForCausalLM(config)
    data = Dataset.from_dict({"prompt": ["the cat", "a dog", "the red", "on a"],
                              "reference": [["the cat sat on a mat"], ["a dog barks"], ["the red house", "a red house"],
                                            ["on a mat"]]})
    reward = rewards.trl("bleu")
    calls = []

    def recording(**kwargs):
        out = reward(**kwargs)
        calls.append((kwargs["completions"], kwargs["reference"], out))
        return out

    recording.__name__ = reward.__name__
    args = GRPOConfig(output_dir=str(tmp_path), per_device_train_batch_size=4, num_generations=2,
                      max_completion_length=6, max_steps=2, logging_steps=1, report_to=[], use_cpu=True,
                      save_strategy="no", bf16=False, generation_batch_size=4)
    trainer = GRPOTrainer(model=model, reward_funcs=[recording], args=args, train_dataset=data,
                          processing_class=tokenizer)
    trainer.train()
    assert len(calls) == 2
    for completions, references, out in calls:
        assert len(out) == len(completions) == 4
        assert out == [sentence(c, r) for c, r in zip(completions, references)]
    logged = [entry for entry in trainer.state.log_history if "rewards/bleu_reward/mean" in entry]
    assert len(logged) == 2
