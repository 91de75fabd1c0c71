"""Reward functions for reinforcement learning: TRL's ``GRPOTrainer`` and verl.

Both score each completion against its own reference(s) with a registered metric's
segment score, on 0-1 for BLEU and METEOR (:meth:`ngram_core.metric.Metric.sentence_scores`,
with the metric's sentence-level options under the user's: BLEU is sacreBLEU's sentence
BLEU, ``sacrebleu.sentence_bleu(c, refs).score / 100``, unless told otherwise). NIST's reward is its segment score with the information
weights of the whole batch's references (the batch as one corpus), not NLTK's
``sentence_nist``, which weighs each completion by its own references: the two differ (by
up to 7.4 on batches of WMT lines). A metric where lower is better (TER) gives ``1 - score``
(:meth:`ngram_core.metric.Metric.reward_scores`), so the reward rises as TER falls. The whole
batch is scored in one call: one tokenization, one compiled count of clipped matches;
for BLEU's and NIST's default options the texts go to compiled roads of their own
(:mod:`ngram_core.bleu.rewards`, :mod:`ngram_core.nist.rewards`), with the same numbers.

- :func:`trl`: ``reward_funcs=[ngram_core.rewards.trl("bleu")]``. TRL 1.x's
  ``GRPOTrainer._calculate_rewards`` calls every plain reward function as
  ``reward_func(prompts=..., completions=..., completion_ids=..., **reward_kwargs)``, where
  ``reward_kwargs`` holds every dataset column but ``prompt``/``completion``/``completion_ids``
  (one value per completion, repeated over a prompt's generations) and ``trainer_state``,
  ``log_extra``, ``log_metric`` (and ``environments``); it names the function by its
  ``__name__`` and turns the returned list of floats into a tensor. A completion is a
  string, or in conversational datasets a list of messages whose last ``assistant``
  message's ``content`` is scored. The reference column holds a string or a list of
  strings (several references) per example.
- :func:`verl`: ``custom_reward_function`` in verl's config names a module attribute such as
  ``compute_score = ngram_core.rewards.verl("bleu")``. verl's ``NaiveRewardManager`` calls
  ``compute_score(data_source=..., solution_str=..., ground_truth=..., extra_info=...)`` once
  per response and takes a float; its ``BatchRewardManager`` calls
  ``compute_score(data_sources=..., solution_strs=..., ground_truths=..., extra_infos=...,
  **reward_kwargs)`` once per batch and takes a list. The function answers both.
  ``ground_truth`` is a string or a list of strings.

Both are made once and called batch after batch: the metric and its options are checked
when the reward is made (a bad option fails before training starts), and one tiny pair is
scored then, which also loads the compiled kernels so that every batch takes the compiled
small-batch path (:mod:`ngram_core.compiled`). They keep no state between calls (the
tokenizer's cache of recent texts is guarded by a lock), so TRL may call them from
several threads.
"""
from __future__ import annotations

from typing import Any, Callable, List, Mapping, Optional, Sequence

import numpy as np

from .. import compiled, registry
from ..inputs import check_predictions, shown
from ..metric import Metric
from ..metric import sentence_values

# what TRL adds to the dataset columns it passes (never a reference column)
TRL_EXTRAS = ("trainer_state", "log_extra", "log_metric", "environments")
VERL_KEYWORDS = ("data_source", "solution_str", "ground_truth", "extra_info", "data_sources", "solution_strs",
                 "ground_truths", "extra_infos")


class _Scorer:
    """A metric with checked options: ``scorer(hypotheses, references)`` -> floats."""

    def __init__(self, metric: Any, options: Mapping[str, Any]) -> None:
        if not isinstance(metric, str):
            raise TypeError(f"metric must be a metric's name (one of {', '.join(registry.names())}), got "
                            f"{type(metric).__name__}")
        self.entry: Metric = registry.get(metric)
        self.values = sentence_values(self.entry, options)
        self.name = metric
        compiled.long_running()  # batch after batch: compiled from here on (NGRAM_CORE_COMPILED still wins)
        self.road = _road(self.entry, self.values)  # a compiled road from texts to rewards, or None
        self(["a"], [["a"]])  # pays the kernels' start now, not on the first batch

    def __call__(self, hypotheses: List[str], references: List[List[str]]) -> List[float]:
        if self.road is not None:
            return self.road(hypotheses, references)
        return self.entry.reward_scores(self.entry.sentence_scores(hypotheses, references, self.values)).tolist()


def _road(entry: Metric, values: Mapping[str, Any]) -> Optional[Callable[[List[str], List[List[str]]], List[float]]]:
    """The metric's compiled reward road for these options, if it has one."""
    return entry.reward_road(values)


def _reference_list(value: Any, where: str) -> List[str]:
    """One example's references: a string, or a non-empty list of strings."""
    if isinstance(value, str):
        return [value]
    if value is None or isinstance(value, (bytes, dict)) or not hasattr(value, "__iter__"):
        raise TypeError(f"{where} is {type(value).__name__} ({shown(value)}): give a string or a list of strings")
    refs = list(value)
    if not refs:
        raise ValueError(f"{where} is an empty list: give at least one reference")
    for k, ref in enumerate(refs):
        if not isinstance(ref, str):
            raise TypeError(f"{where}[{k}] is {type(ref).__name__} ({shown(ref)}), not a string")
    return [str(r) for r in refs]


def _completion_text(completion: Any, k: int) -> Any:
    """A plain completion, or the content of a conversation's last assistant message."""
    if isinstance(completion, list) and completion and all(isinstance(m, dict) for m in completion):
        for message in reversed(completion):
            if message.get("role") == "assistant":
                return message.get("content")
        raise ValueError(f"completions[{k}] is a conversation without an assistant message")
    return completion


def _check_batch(hypotheses: Any, references: Any, hyp_name: str, ref_name: str) -> tuple:
    if hypotheses is None:
        raise TypeError(f"{hyp_name} is None: pass a list of strings")
    hyps = check_predictions(hypotheses, hyp_name)
    if not hyps:
        raise ValueError(f"{hyp_name} is empty: there is nothing to score")
    if references is None or isinstance(references, (str, bytes)) or not hasattr(references, "__iter__"):
        raise TypeError(f"{ref_name} must be one reference (or list of references) per completion, got "
                        f"{type(references).__name__}")
    rows = list(references)
    if len(rows) != len(hyps):
        raise ValueError(f"{ref_name} has {len(rows)} entries for {len(hyps)} completions: give one per completion")
    if set(map(type, rows)) <= {str}:  # one reference each, the common case: checked in C
        return hyps, [[r] for r in rows]
    return hyps, [_reference_list(r, f"{ref_name}[{k}]") for k, r in enumerate(rows)]


def trl(metric: str, reference_column: str = "reference", **options: Any) -> Callable[..., List[float]]:
    """A TRL reward function: each completion's ``metric`` score (0-1) against the
    dataset's ``reference_column`` (see the module docstring). ``options`` are the
    metric's (e.g. ``tokenize="intl"``; ``variant="nltk"``), checked now. ``trl("nist")``
    weighs n-grams by the information of the whole batch's references, so its rewards are
    not ``sentence_nist``'s."""
    if not isinstance(reference_column, str) or not reference_column:
        raise TypeError(f"reference_column must be the name of a dataset column, got {reference_column!r}")
    scorer = _Scorer(metric, options)

    def reward(prompts: Optional[Sequence[Any]] = None, completions: Optional[Sequence[Any]] = None,
               completion_ids: Optional[Sequence[Any]] = None, **columns: Any) -> List[float]:
        if reference_column not in columns:
            present = [c for c in columns if c not in TRL_EXTRAS]
            raise ValueError(f"the dataset has no column {reference_column!r} (its columns: "
                             f"{', '.join(present) or 'none but the prompt'}); add it, or pass "
                             f"reference_column= naming the one that holds the references")
        if completions is None:
            raise TypeError("completions is None: TRL passes the generated completions")
        texts = completions if isinstance(completions, list) and set(map(type, completions)) <= {str} else \
            [_completion_text(c, k) for k, c in enumerate(completions)]
        hyps, refs = _check_batch(texts, columns[reference_column], "completions", reference_column)
        return scorer(hyps, refs)

    reward.__name__ = reward.__qualname__ = f"{metric}_reward"  # TRL logs rewards/<__name__>
    return reward


def verl(metric: str, **options: Any) -> Callable[..., Any]:
    """verl's ``compute_score``, single and batched (see the module docstring): a float for
    ``solution_str``/``ground_truth``, a list for ``solution_strs``/``ground_truths``.
    ``options`` are the metric's, checked now; ``data_source`` and ``extra_info`` are not read."""
    scorer = _Scorer(metric, options)

    def compute_score(data_source: Any = None, solution_str: Any = None, ground_truth: Any = None,
                      extra_info: Any = None, *, data_sources: Any = None, solution_strs: Any = None,
                      ground_truths: Any = None, extra_infos: Any = None, **unknown: Any) -> Any:
        if unknown:
            raise TypeError(f"compute_score got unexpected keyword arguments {', '.join(map(repr, unknown))} "
                            f"(reward_kwargs in verl's config?); it takes {', '.join(VERL_KEYWORDS)}")
        if solution_strs is not None or ground_truths is not None:
            hyps, refs = _check_batch(_as_list(solution_strs), _as_list(ground_truths), "solution_strs", "ground_truths")
            return scorer(hyps, refs)
        if not isinstance(solution_str, str):
            raise TypeError(f"solution_str is {type(solution_str).__name__} ({shown(solution_str)}), not a string")
        return scorer([solution_str], [_reference_list(_as_list(ground_truth), "ground_truth")])[0]

    compute_score.__name__ = compute_score.__qualname__ = f"{metric}_compute_score"
    return compute_score


def _as_list(value: Any) -> Any:
    """numpy arrays (verl's non-tensor batch holds object arrays) as lists; the rest as is."""
    return value.tolist() if isinstance(value, np.ndarray) else value


__all__ = ["trl", "verl"]
