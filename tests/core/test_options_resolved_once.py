"""Options are resolved once per call, where they enter: one ``evaluate.load(...).compute(...)``
of each metric resolves its options once after load, and ``score_all`` once per metric.

The count is of :meth:`OptionSet.resolve` calls (each metric's option set is one), on a
one-off call (the plain path) and on a corpus the array code scores (``preferring_plain(False)``).
"""
from __future__ import annotations

import evaluate
import pytest

from helpers.data import REPO
from ngram_core import compiled, registry
from ngram_core.options import OptionSet
from ngram_core.suite import score_all

HYPS = ["The cat sat on the mat.", "A quick brown fox jumps over the lazy dog!"]
REFS = [["The cat is on the mat.", "There is a cat on the mat."], ["The quick brown fox jumped over the lazy dog."]]

# (script folder, options given to evaluate.load, options given to compute)
CASES = [
    ("bleu_custom", {"tokenize": "intl"}, {"smooth_method": "floor"}),
    ("chrf_custom", {"word_order": 2}, {"beta": 1}),
    ("nist_custom", {"tokenize": "intl"}, {"n": 4}),
    ("meteor_custom", {"alpha": 0.85}, {"return_segments": True}),
    ("rouge_l_custom", {"variant": "rouge_score"}, {"return_segments": True}),
    ("cider_custom", {"sigma": 3.0}, {"return_segments": True}),
]


@pytest.fixture
def resolve_calls(monkeypatch):
    """The option sets resolved since the fixture began, one entry per call."""
    calls = []
    resolve = OptionSet.resolve

    def counted(self, given):
        calls.append(self)
        return resolve(self, given)

    monkeypatch.setattr(OptionSet, "resolve", counted)
    return calls


@pytest.mark.parametrize("plain", [True, False], ids=["one-off call", "array code"])
@pytest.mark.parametrize("folder,at_load,at_compute", CASES, ids=[case[0] for case in CASES])
def test_one_compute_resolves_the_options_once(folder, at_load, at_compute, plain, resolve_calls):
    metric = evaluate.load(str(REPO / folder), keep_in_memory=True, **at_load)
    assert resolve_calls, "evaluate.load checks the load-time options"
    resolve_calls.clear()
    with compiled.preferring_plain(plain):
        result = metric.compute(predictions=HYPS, references=REFS, **at_compute)
    assert len(resolve_calls) == 1, resolve_calls
    # and the options reached the core: the compute-time ones and the load-time ones
    expected = {"bleu_custom": "tok:intl", "nist_custom": "tok:intl", "meteor_custom": "a:0.85", "chrf_custom": "nw:2",
                "rouge_l_custom": "variant:rouge_score",
                "cider_custom": "sigma:3"}[folder]
    assert expected in result["signature"] or folder == "meteor_custom" and result["segment_scores"]


def test_compute_after_add_batch_resolves_once(resolve_calls):
    metric = evaluate.load(str(REPO / "bleu_custom"), keep_in_memory=True, tokenize="intl")
    metric.add_batch(predictions=HYPS, references=REFS)
    resolve_calls.clear()
    result = metric.compute()
    assert resolve_calls == [registry.get("bleu").OPTIONS] and "tok:intl" in result["signature"]


@pytest.mark.parametrize("plain", [True, False], ids=["one-off call", "array code"])
def test_score_all_resolves_each_metric_once(plain, resolve_calls):
    with compiled.preferring_plain(plain):
        results = score_all(HYPS, REFS, tokenize="intl")
    assert resolve_calls == [registry.get(name).OPTIONS for name in results], resolve_calls
