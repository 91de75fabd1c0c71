"""The process caches: each registered with its bound, clearable without changing a
number, sizable where documented; and no call switches process-global state (the
garbage collector) for its callers' other threads."""
from __future__ import annotations

import gc

import pytest

import ngram_core
from ngram_core import caches
from ngram_core.ngrams import corpus as corpus_module

HYPS = ["The cat sat on the mat.", "A quick brown fox jumps.", "It rains in Spain, mostly."]
REFS = [["The cat is on the mat."], ["The quick brown fox jumped."], ["The rain in Spain stays mainly in the plain."]]


def _all_numbers():
    return {
        "bleu": ngram_core.load("bleu").compute(predictions=HYPS, references=REFS)["score"],
        "nist": ngram_core.load("nist").compute(predictions=HYPS, references=REFS)["nist"],
        "meteor": ngram_core.load("meteor").compute(predictions=HYPS, references=REFS)["meteor"],
        "meteor_nltk": ngram_core.load("meteor", variant="nltk").compute(predictions=HYPS, references=REFS)["meteor"],
    }


def test_every_cache_of_the_metrics_is_registered_with_its_bound():
    _all_numbers()
    names = {cache.name for cache in caches.registered()}
    assert {"recent_tokens", "meteor_word_caches", "meteor_paraphrase_table", "meteor_jar_resources",
            "wordnet"} <= names
    for cache in caches.registered():
        assert cache.holds and cache.bound, cache.name


def test_clearing_every_cache_changes_no_number():
    before = _all_numbers()
    caches.clear()
    assert not corpus_module.recent_tokens().texts
    assert _all_numbers() == before
    caches.clear("recent_tokens")
    assert _all_numbers() == before


def test_the_recent_tokens_cache_keeps_to_the_limit_it_is_given():
    default = corpus_module.RecentTokens.MAX_BUFFER
    try:
        caches.set_limit("recent_tokens", 1 << 16)  # 8,192 ids
        caches.clear("recent_tokens")
        bleu = ngram_core.load("bleu")
        words = " ".join(f"w{i}" for i in range(100))
        for i in range(200):  # 20,000 ids in all, 100 per call
            bleu.compute(predictions=[f"{i} {words}"], references=[[words]])
            assert corpus_module.recent_tokens().used <= (1 << 13) + 2 * 101
    finally:
        corpus_module.RecentTokens.MAX_BUFFER = default
        caches.clear("recent_tokens")


@pytest.mark.parametrize("call, error, words", [
    (lambda: caches.clear("tokens"), ValueError, "not a cache"),
    (lambda: caches.clear(3), TypeError, "name must be"),
    (lambda: caches.set_limit("recent_tokens", "64MB"), TypeError, "n_bytes must be an int"),
    (lambda: caches.set_limit("recent_tokens", 10), ValueError, "at least 65536"),
    (lambda: caches.set_limit("wordnet", 1 << 20), ValueError, "can be cleared, not sized"),
])
def test_bad_cache_requests_say_what_to_pass(call, error, words):
    _all_numbers()
    with pytest.raises(error, match=words):
        call()


def test_no_call_switches_the_garbage_collector(monkeypatch):
    def process_global(*_args, **_kwargs):
        raise AssertionError("a metric switched the process's garbage collector")

    for name in ("disable", "enable", "freeze", "unfreeze", "set_threshold"):
        monkeypatch.setattr(gc, name, process_global)
    _all_numbers()
    ngram_core.load("meteor", variant="nltk").compute(predictions=HYPS * 300, references=REFS * 300)
