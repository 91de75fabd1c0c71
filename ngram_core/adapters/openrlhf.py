"""OpenRLHF: a registered metric as the ``reward_func`` of a ``--remote_rm_url`` Python file.

OpenRLHF (``openrlhf/utils/agent.py``, ``SingleTurnAgentExecutor``) loads the file given as
``--remote_rm_url`` when it ends in ``.py`` (``importlib.util.spec_from_file_location``) and
takes its module attribute ``reward_func``. After each generation it calls, in a thread
(``asyncio.to_thread``), ``reward_func(queries, prompts, labels)`` with one sample: the query
is ``hf_tokenizer.decode(prompt_ids + response_ids, skip_special_tokens=False)`` (the prompt,
then the response with any end-of-sequence token vLLM stopped on), the prompt as the dataset
gave it and the label from ``--label_key``. It reads ``rewards`` (for the advantages),
``scores`` (for dynamic filtering) and ``extra_logs`` of the returned dictionary. So a file
of two lines is enough (``examples/openrlhf_reward.py``)::

    from ngram_core.adapters.openrlhf import reward_func as make_reward_func
    reward_func = make_reward_func("bleu", eos_tokens=("<|im_end|>",))   # any metric and its options

Each response is the query after its prompt, with the trailing ``eos_tokens`` (the
tokenizer's end-of-sequence text, which ``skip_special_tokens=False`` leaves in) and
white space removed from its end; its reward is :func:`ngram_core.rewards.trl`'s on the same
response and label (a string, or a list of strings for several references), as a float32
tensor like OpenRLHF's own examples return (``rewards`` and ``scores`` alike; 0-1 for BLEU,
chrF, METEOR). A query that does not start with its prompt is an error, not a reward on
the prompt's text (OpenRLHF logs it and leaves the sample without a reward).
"""
from __future__ import annotations

from typing import Any, Callable, Dict, Sequence

import torch

from ..inputs import check_predictions
from ..rewards import trl


def _response(query: Any, prompt: Any, eos_tokens: Sequence[str], k: int) -> str:
    if not isinstance(query, str) or not isinstance(prompt, str):
        raise TypeError(f"queries[{k}] and prompts[{k}] must be strings, got {type(query).__name__} and "
                        f"{type(prompt).__name__}")
    if not query.startswith(prompt):
        raise ValueError(f"queries[{k}] does not start with prompts[{k}] ({prompt[:40]!r}): OpenRLHF's query is "
                         "the decoded prompt and response; pass the prompt that was generated from")
    response, before = query[len(prompt):].rstrip(), None
    while response != before:  # "...</s>", "... <|im_end|>\n": each end token and the white space after it
        before = response
        for token in eos_tokens:
            if response.endswith(token):
                response = response[:-len(token)].rstrip()
    return response


def reward_func(metric: str, eos_tokens: Sequence[str] = (), **options: Any) -> Callable[..., Dict[str, Any]]:
    """OpenRLHF's ``reward_func(queries, prompts, labels, **kwargs)`` for ``metric`` with its
    ``options`` (checked now): the module docstring says what it reads and returns."""
    eos = (eos_tokens,) if isinstance(eos_tokens, str) else tuple(check_predictions(eos_tokens, "eos_tokens"))
    if any(not token for token in eos):
        raise ValueError("eos_tokens holds an empty string: give the tokenizer's end-of-sequence text, e.g. '</s>'")
    reward = trl(metric, reference_column="labels", **options)

    def openrlhf_reward_func(queries: Sequence[str], prompts: Sequence[str], labels: Sequence[Any],
                             **kwargs: Any) -> Dict[str, Any]:
        queries, prompts = list(queries), list(prompts)
        if len(queries) != len(prompts):
            raise ValueError(f"queries has {len(queries)} texts and prompts {len(prompts)}: give one prompt per query")
        responses = [_response(q, p, eos, k) for k, (q, p) in enumerate(zip(queries, prompts))]
        rewards = torch.tensor(reward(completions=responses, labels=labels), dtype=torch.float32)
        return {"rewards": rewards, "scores": rewards, "extra_logs": {f"{metric}_reward": rewards}}

    openrlhf_reward_func.__name__ = openrlhf_reward_func.__qualname__ = f"{metric}_reward_func"
    return openrlhf_reward_func


__all__ = ["reward_func"]
