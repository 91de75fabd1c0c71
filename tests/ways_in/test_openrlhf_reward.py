"""The OpenRLHF reward file, loaded and called as OpenRLHF calls it: the rewards of rewards.trl.

OpenRLHF is not installed (it pulls vLLM, Ray and DeepSpeed); its call is plain Python, reproduced
from ``openrlhf/utils/agent.py`` (``SingleTurnAgentExecutor``): the ``.py`` file given as
``--remote_rm_url`` is loaded with ``importlib.util.spec_from_file_location("reward_func", path)``,
``reward_func`` is called through ``asyncio.to_thread(reward_func, [query], [prompt], [label])``
per sample (``batch_size = 1``), with ``query = decode(prompt_ids + response_ids,
skip_special_tokens=False)``; the result's ``rewards``/``scores`` become ``torch.tensor([value])``
(``samples_generator.py``) and each ``extra_logs`` value its ``.flatten()[0].item()``.
"""
from __future__ import annotations

import asyncio
import importlib.util

import pytest

from helpers.data import REPO, WMT, read_lines, require_wmt
from helpers.require import require_module
from ngram_core import rewards

torch = require_module("torch")
from ngram_core.adapters.openrlhf import reward_func as make_reward_func  # noqa: E402

EOS = "<|im_end|>"


def load_reward_file(path):
    """As SingleTurnAgentExecutor.__init__ loads a --remote_rm_url ending in .py."""
    spec = importlib.util.spec_from_file_location("reward_func", str(path))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.reward_func


async def openrlhf_calls(func, queries, prompts, labels):
    """As SingleTurnAgentExecutor._fetch_rewards_via_func: one sample per call, in threads."""
    tasks = [asyncio.to_thread(func, queries[i:i + 1], prompts[i:i + 1], labels[i:i + 1]) for i in range(len(queries))]
    return await asyncio.gather(*tasks)


def wmt_samples(n):
    require_wmt()
    pair = WMT / "newstest2021" / "de-en"
    sources, hyps = read_lines(pair / "src.txt")[:n], read_lines(pair / "sys.happypoet.txt")[:n]
    refs_a, refs_b = read_lines(pair / "ref.A.txt")[:n], read_lines(pair / "ref.B.txt")[:n]
    prompts = [f"<|im_start|>user\nTranslate into English: {s}<|im_end|>\n<|im_start|>assistant\n" for s in sources]
    labels = [[a, b] if k % 2 else a for k, (a, b) in enumerate(zip(refs_a, refs_b))]
    return prompts, [p + h + EOS for p, h in zip(prompts, hyps)], labels, list(hyps)


@pytest.mark.oracle
def test_the_example_file_gives_what_rewards_trl_gives_as_openrlhf_calls_it():
    prompts, queries, labels, hyps = wmt_samples(48)
    func = load_reward_file(REPO / "examples" / "openrlhf_reward.py")
    results = asyncio.run(openrlhf_calls(func, queries, prompts, labels))
    expected = rewards.trl("bleu", reference_column="ref")(prompts=prompts, completions=hyps, ref=labels)
    got = [torch.tensor([r["rewards"]]).flatten()[0].item() for r in results]  # as samples_generator.py keeps it
    assert got == torch.tensor(expected, dtype=torch.float32).tolist()
    assert [r["scores"].item() for r in results] == got
    assert [r["extra_logs"]["bleu_reward"].flatten()[0].item() for r in results] == got
    assert 0 <= min(got) and max(got) <= 1 and len(set(got)) > 40  # real, distinct rewards


@pytest.mark.oracle
@pytest.mark.parametrize("metric, options", [("chrf", {}), ("meteor", {}), ("bleu", {"tokenize": "intl"}), ("nist", {})])
def test_any_registered_metric_with_its_options_in_a_batch(metric, options):
    prompts, queries, labels, hyps = wmt_samples(16)
    func = make_reward_func(metric, eos_tokens=EOS, **options)
    expected = rewards.trl(metric, reference_column="ref", **options)(completions=hyps, ref=labels)
    assert func(queries, prompts, labels)["rewards"].tolist() == torch.tensor(expected, dtype=torch.float32).tolist()


def test_the_response_is_the_query_after_its_prompt_without_the_end_token():
    func = make_reward_func("bleu", eos_tokens=("</s>", EOS))
    same = func(["P: a b c d e</s>  "], ["P: "], ["a b c d e"])["rewards"]
    assert same.tolist() == [1.0]


def test_bad_calls_fail_clearly():
    func = make_reward_func("bleu")
    with pytest.raises(ValueError, match="does not start with prompts"):
        func(["hello world"], ["other prompt"], ["hello world"])
    with pytest.raises(ValueError, match="one prompt per query"):
        func(["a", "b"], ["a"], ["a", "b"])
    with pytest.raises(ValueError, match="labels has 1 entries for 2"):
        func(["pa", "pb"], ["p", "p"], ["a"])
    with pytest.raises(TypeError, match="queries\\[0\\]"):
        func([None], ["p"], ["a"])
    with pytest.raises(ValueError, match="eos_tokens"):
        make_reward_func("bleu", eos_tokens=("",))
    with pytest.raises(ValueError, match="tokenize"):
        make_reward_func("bleu", tokenize="nope")
