"""The compiled steps split over threads (``ngram_core.compiled.threads``: BLEU's clipped
counts, NIST's clipped matches, the encoder's splitting and interning) give the single
thread's numbers, array for array and bit for bit: 200 threaded calls in a row, 100
encodings by concurrent callers, 2,000 random arrays cut into parts, several callers in
a thread pool at once, parts of every size down to one segment, a first call made from
several threads at once in a fresh process, and a child process after fork. No timing here (the speed is in
``benchmarks/README.md``, section "Two cores")."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from helpers.data import load_system
from ngram_core import compiled
from ngram_core.bleu import corpus_bleu
from ngram_core.ngrams.index import clipped_match_counts, tokenize_corpus
from ngram_core.nist import corpus_nist
from ngram_core.nist.statistics import nist_statistics

REPO = Path(__file__).resolve().parents[2]
STAT_FIELDS = ("hyp_len", "ref_words", "n_refs", "totals", "match_segment", "match_ngram", "match_count")
TABLE_FIELDS = ("order", "parent", "token", "count")


@lru_cache(maxsize=None)
def texts():
    """Three real systems (en-de with 3 references, two of ru-en with 1), every segment, and
    a few very short hypotheses: reference sets that two segments share, and not."""
    hyps, refs = [], []
    for testset, pair, system, ref_names in [("newstest2021", "en-de", "Online-W", ["A", "C", "D"]),
                                             ("newstest2021", "ru-en", "Online-Y", ["A"]),
                                             ("newstest2021", "ru-en", "AFRL", ["A"])]:
        h, r = load_system({"testset": testset, "langpair": pair, "system": system, "refs": ref_names})
        hyps += h
        refs += r
    hyps[1:6] = ["", "Der", "the cat", "x y z", "a b c d"]
    return hyps, refs


@lru_cache(maxsize=None)
def corpus():
    return tokenize_corpus(*texts(), "13a", False)


def counted(n_threads: int):
    """(BLEU's clipped counts, NIST's statistics) compiled on ``n_threads`` threads."""
    compiled.set_threads(n_threads)
    try:
        with compiled.preferring(True):
            return clipped_match_counts(corpus(), 5), nist_statistics(corpus(), 5)
    finally:
        compiled.set_threads(None)


def assert_same(a, b) -> None:
    (counts_a, nist_a), (counts_b, nist_b) = a, b
    assert counts_a.dtype == counts_b.dtype and np.array_equal(counts_a, counts_b)
    for name in STAT_FIELDS:
        x, y = getattr(nist_a, name), getattr(nist_b, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), name
    for name in TABLE_FIELDS:
        x, y = getattr(nist_a.table, name), getattr(nist_b.table, name)
        assert x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y), f"table.{name}"


@lru_cache(maxsize=None)
def single():
    return counted(1)


def scores_now():
    """BLEU, NIST and NIST's segment scores, with the settings in force (callers in threads
    share them: the settings are the process's)."""
    hyps, refs = texts()
    return (corpus_bleu(hyps, refs)["score"].hex(), corpus_nist(hyps, refs)["nist"].hex(),
            tuple(x.hex() for x in corpus_nist(hyps, refs, return_segments=True)["segment_scores"]))


def scores(n_threads: int):
    compiled.set_threads(n_threads)
    try:
        with compiled.preferring(True):
            return scores_now()
    finally:
        compiled.set_threads(None)


@lru_cache(maxsize=None)
def scores_single():
    return scores(1)


def test_the_corpus_has_repeated_and_distinct_reference_sets():
    table = corpus().ref_table
    assert len(table) > 3000 and len({tuple(row) for row in table.tolist()}) < len(table)
    assert (table >= 0).sum(axis=1).min() == 1 and (table >= 0).sum(axis=1).max() == 3


@pytest.mark.parametrize("n_threads", [2, 3, 7])
def test_split_counts_equal_one_threads_array_for_array(n_threads):
    assert_same(counted(n_threads), single())


@pytest.mark.parametrize("tokenize, lowercase", [("13a", False), ("13a", True), ("intl", False), ("char", False),
                                                 ("none", False), ("zh", False)])
def test_the_encoders_parts_give_one_calls_ids_and_vocabulary(tokenize, lowercase):
    """The texts split and interned in parts on threads, the parts' dictionaries unified:
    the ids, offsets and vocabulary of one call (whitespace other than ' ' included)."""
    hyps, refs = texts()
    hyps = list(hyps)
    hyps[7:10] = ["tab\there  two  spaces ", "no-break\u00a0space and\nnewline", "   "]
    encoded = {}
    for n_threads in (1, 2, 3):
        compiled.set_threads(n_threads)
        try:
            encoded[n_threads] = tokenize_corpus(hyps, refs, tokenize, lowercase).texts
        finally:
            compiled.set_threads(None)
    for n_threads in (2, 3):
        a, b = encoded[1], encoded[n_threads]
        assert np.array_equal(a.ids, b.ids) and np.array_equal(a.offsets, b.offsets) and a.vocab == b.vocab


def test_the_unified_dictionary_is_the_order_of_first_appearance_over_the_whole_array():
    """pyarrow's unify_dictionaries keeps the first part's dictionary and appends each later
    part's new fields in that part's order: one call's codes and dictionary, on 2,000 random
    arrays of lines (empty fields, an empty string first seen in a later part, lines that
    are all spaces) cut into 2 to 9 parts, down to one line a part."""
    import random

    import pyarrow as pa

    from ngram_core.ngrams import arrow_encoding

    rng = random.Random(39)
    fields = ["a", "b", "c", "dd", "\u00e9", "zz", "q", ""]
    for _ in range(2000):
        lines = [" ".join(rng.choice(fields) for _ in range(rng.randint(0, 6))) for _ in range(rng.randint(2, 30))]
        arr = pa.array(lines, type=pa.large_string())
        encoded = {}
        for n_threads in (1, rng.randint(2, 9)):
            compiled.set_threads(n_threads)
            try:
                codes, dictionary, counts = arrow_encoding._split_encode(arr)
            finally:
                compiled.set_threads(None)
            encoded[n_threads] = codes, dictionary.to_pylist(), counts
        (codes_a, dictionary_a, counts_a), (codes_b, dictionary_b, counts_b) = encoded.values()
        assert codes_a.dtype == codes_b.dtype and np.array_equal(codes_a, codes_b), lines
        assert dictionary_a == dictionary_b and np.array_equal(counts_a, counts_b), lines


def test_100_encodings_by_concurrent_callers_equal_one_threads():
    """The encoder on 2 threads, called 100 times by 4 callers at once (each call's parts
    in the shared pool): one thread's ids, offsets and vocabulary every time."""
    hyps, refs = texts()
    compiled.set_threads(1)
    try:
        expected = tokenize_corpus(hyps, refs, "13a", False).texts
    finally:
        compiled.set_threads(None)
    compiled.set_threads(2)
    try:
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: tokenize_corpus(hyps, refs, "13a", False).texts, range(100)))
    finally:
        compiled.set_threads(None)
    for got in results:
        assert np.array_equal(got.ids, expected.ids) and np.array_equal(got.offsets, expected.offsets)
        assert got.ids.dtype == expected.ids.dtype and got.vocab == expected.vocab


def test_200_threaded_calls_equal_the_single_thread():
    expected = single()
    for _ in range(200):
        assert_same(counted(2), expected)


def test_parts_of_one_segment_each():
    hyps, refs = texts()
    small = tokenize_corpus(hyps[:40], refs[:40], "13a", False)
    with compiled.preferring(True):
        compiled.set_threads(1)
        one = clipped_match_counts(small, 4), nist_statistics(small, 4)
        compiled.set_threads(40)  # as many parts as segments (the pool grows to 39 workers)
        try:
            many = clipped_match_counts(small, 4), nist_statistics(small, 4)
        finally:
            compiled.set_threads(None)
    assert_same(many, one)


def test_concurrent_callers_in_a_thread_pool_get_the_single_threads_scores():
    expected = scores_single()
    compiled.set_threads(2)
    try:
        with compiled.preferring(True), ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: scores_now(), range(24)))
    finally:
        compiled.set_threads(None)
    assert all(result == expected for result in results)


def test_the_rule_and_the_setting(monkeypatch):
    monkeypatch.delenv(compiled.THREADS_ENV_VAR, raising=False)
    assert compiled.threads(compiled.PARALLEL_INPUT_TOKENS - 1) == 1
    assert compiled.threads(compiled.PARALLEL_INPUT_TOKENS) == compiled.cores()
    monkeypatch.setenv(compiled.THREADS_ENV_VAR, "1")
    assert compiled.threads(10 ** 9) == 1
    monkeypatch.setenv(compiled.THREADS_ENV_VAR, "auto")
    assert compiled.threads(10 ** 9) == compiled.cores()
    compiled.set_threads(3)
    try:
        assert compiled.threads(0) == 3
    finally:
        compiled.set_threads(None)
    monkeypatch.setenv(compiled.THREADS_ENV_VAR, "two")
    with pytest.raises(ValueError, match="NGRAM_CORE_THREADS='two'"):
        compiled.threads(0)
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(TypeError, match="set_threads"):
            compiled.set_threads(bad)


def test_a_first_call_from_several_threads_at_once_in_a_fresh_process():
    """No dispatcher has machine code yet: every caller makes it ready under the lock,
    none compiles or loads it in a worker, and all get the one thread's scores."""
    expected = scores_single()
    script = textwrap.dedent(f"""
        import sys
        from concurrent.futures import ThreadPoolExecutor
        sys.path.insert(0, {str(Path(__file__).resolve().parent)!r})
        from ngram_core import compiled
        from test_threads_give_the_single_thread_numbers import scores_now
        compiled.prefer(True)
        compiled.set_threads(2)
        with ThreadPoolExecutor(4) as pool:
            results = list(pool.map(lambda _: scores_now(), range(8)))
        sys.stdout.write(repr([r[:2] for r in results]) + "\\n" + repr(set(r[2] for r in results) == {{results[0][2]}}))
    """)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, timeout=600,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), str(REPO / "tests")])})
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.strip().splitlines()
    assert lines[0] == repr([expected[:2]] * 8) and lines[1] == "True"


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_a_child_after_fork_runs_the_threaded_path():
    expected = single()
    counted(2)  # the parent's pool exists
    pid = os.fork()
    if pid == 0:  # the child: its own pool (the parent's workers are not in it)
        try:
            assert_same(counted(2), expected)
        except BaseException:
            os._exit(1)
        os._exit(0)
    _, status = os.waitpid(pid, 0)
    assert os.WEXITSTATUS(status) == 0
