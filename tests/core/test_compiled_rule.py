"""The rule that picks compiled kernels or the array code (``ngram_core.compiled``), pinned
both ways, and the two giving the same numbers to the last bit. (Which modules a fresh
process loads under the rule: ``test_first_call.py``.)"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from helpers.data import read_lines, require_wmt

import ngram_core
from ngram_core import compiled
from ngram_core.meteor.jar import match_kernel
from ngram_core.ngrams.corpus import gather_first_appearance


@pytest.fixture
def fresh_rule(monkeypatch):
    """The rule as a fresh process sees it: no setting, no declaration, nothing counted or loaded."""
    monkeypatch.delenv(compiled.ENV_VAR, raising=False)
    monkeypatch.delenv(compiled.PLAIN_ENV_VAR, raising=False)
    monkeypatch.setattr(compiled._COMPILED, "value", None)
    monkeypatch.setattr(compiled._PLAIN, "value", None)
    monkeypatch.setattr(compiled, "_long_running", False)
    monkeypatch.setattr(compiled, "_loaded", False)
    monkeypatch.setattr(compiled, "_calls", 0)


def test_a_one_off_small_or_medium_input_runs_the_array_code(fresh_rule):
    assert not compiled.use()
    assert not compiled.use(compiled.LARGE_INPUT_TOKENS - 1)


def test_a_one_off_input_up_to_the_plain_threshold_runs_in_plain_python(fresh_rule, monkeypatch):
    monkeypatch.setattr(compiled, "arrays_loaded", lambda: False)  # a fresh process
    assert compiled.plain(0) and compiled.plain(compiled.PLAIN_INPUT_CHARS)
    assert not compiled.plain(compiled.PLAIN_INPUT_CHARS + 1)


def test_once_numpy_and_pyarrow_are_imported_only_a_small_input_runs_in_plain_python(fresh_rule):
    import numpy  # noqa: F401
    import pyarrow  # noqa: F401

    assert compiled.arrays_loaded()
    assert compiled.plain(compiled.PLAIN_INPUT_CHARS_LOADED)
    assert not compiled.plain(compiled.PLAIN_INPUT_CHARS_LOADED + 1)


def test_a_long_running_process_leaves_plain_python_for_compiled(fresh_rule):
    compiled.long_running()
    assert not compiled.plain(10) and compiled.use()


def test_one_call_decides_once_for_every_step_by_the_calls_size(fresh_rule):
    import contextvars
    from concurrent.futures import ThreadPoolExecutor

    large, small = compiled.LOOPS_LARGE_INPUT_TOKENS, 10
    assert compiled.loops_compiled(large) and not compiled.loops_compiled(small)  # each step's own size
    with compiled.one_call(small):
        assert not compiled.loops_compiled(large)  # a large step of a small call runs plain
        with ThreadPoolExecutor(1) as worker:  # work handed to a thread in the call's context
            assert worker.submit(contextvars.copy_context().run, compiled.loops_compiled, large).result() is False
    with compiled.one_call(large):
        assert compiled.loops_compiled(small)
    assert not compiled.loops_compiled(small)  # the block's end restores each step's own size


def test_a_steps_own_work_above_the_threshold_runs_it_compiled_in_a_small_call(fresh_rule):
    large, small = compiled.LOOPS_LARGE_INPUT_TOKENS, 10
    with compiled.one_call(small):
        assert not compiled.loops_compiled(small, work=large - 1)
        assert compiled.loops_compiled(small, work=large)  # degenerate input: far more loops than words
        with compiled.preferring(False):
            assert not compiled.loops_compiled(small, work=large)  # the setting still wins


def test_real_text_leaves_the_meteor_rule_to_the_words():
    # the search's and the matcher's work on real text stays below its words (WMT into English)
    from ngram_core.meteor.jar import beam, matching
    from ngram_core.meteor.jar.corpus import jar_statistics
    from ngram_core.meteor.jar.settings import resolve_settings

    seen = []
    search_work, match_work = beam._kernel, matching._candidate_bound

    def kernel(c, width):
        seen.append(("search", beam._words(c), len(c.open) * width // beam.SEARCH_STEPS_PER_WORD))
        return search_work(c, width)

    def bound(hyp, ref, *rest):
        got = match_work(hyp, ref, *rest)
        seen.append(("match", len(hyp) + len(ref), got // matching.CANDIDATES_PER_WORD))
        return got

    root = require_wmt()
    hyps = read_lines(sorted((root / "generaltest2022" / "zh-en").glob("sys.*.txt"))[0])[:800]
    refs = read_lines(root / "generaltest2022" / "zh-en" / "ref.A.txt")[:800]
    with pytest.MonkeyPatch.context() as patch, compiled.preferring(False):
        patch.setattr(beam, "_kernel", kernel)
        patch.setattr(matching, "_candidate_bound", bound)
        jar_statistics(hyps, [[r] for r in refs], resolve_settings())
    assert {step for step, _, _ in seen} == {"search", "match"}
    assert all(work <= words for _, words, work in seen), seen


def test_plain_python_follows_its_setting_and_the_compiled_one(fresh_rule, monkeypatch):
    with compiled.preferring_plain(False):
        assert not compiled.plain(10)
    with compiled.preferring_plain(True):
        assert compiled.plain(10 * compiled.PLAIN_INPUT_CHARS)
    with compiled.preferring(True):  # compiled wherever it can be
        assert not compiled.plain(10)
    with compiled.preferring(False):  # never compiled: plain Python or arrays, by size
        assert compiled.plain(10) and not compiled.plain(compiled.PLAIN_INPUT_CHARS + 1)
    monkeypatch.setenv(compiled.PLAIN_ENV_VAR, "0")
    assert not compiled.plain(10)
    monkeypatch.setenv(compiled.PLAIN_ENV_VAR, "1")
    assert compiled.plain(10 * compiled.PLAIN_INPUT_CHARS)
    monkeypatch.setenv(compiled.PLAIN_ENV_VAR, "sometimes")
    with pytest.raises(ValueError, match="NGRAM_CORE_PLAIN='sometimes' is not understood; set it to 1"):
        compiled.plain(10)
    with pytest.raises(TypeError, match="prefer_plain"):
        compiled.prefer_plain("yes")


def test_a_large_input_runs_compiled(fresh_rule):
    assert compiled.use(compiled.LARGE_INPUT_TOKENS)


def test_a_process_that_declares_itself_long_running_runs_compiled(fresh_rule):
    compiled.long_running()
    assert compiled.use() and compiled.use(1)


def test_a_process_that_has_tokenized_many_corpora_runs_compiled(fresh_rule):
    for _ in range(compiled.LONG_RUNNING_CALLS - 1):
        compiled.count_call()
    assert not compiled.use(10)
    compiled.count_call()
    assert compiled.use(10)


def test_once_the_kernels_are_loaded_they_are_used(fresh_rule):
    compiled.kernels()
    assert compiled.use()


def test_python_loops_run_plain_for_a_one_off_input_and_compiled_for_a_large_one(fresh_rule):
    assert compiled.loops(match_kernel, compiled.LOOPS_LARGE_INPUT_TOKENS - 1) is match_kernel
    form = compiled.loops(match_kernel, compiled.LOOPS_LARGE_INPUT_TOKENS)
    assert form is not match_kernel and compiled.compile_loops(match_kernel) is form  # compiled once
    assert form.shared_key_matches.py_func.__code__ is match_kernel.shared_key_matches.__code__
    assert compiled.use() and compiled.loops(match_kernel, 1) is form  # the start is paid


def test_python_loops_follow_the_setting(fresh_rule):
    with compiled.preferring(False):
        assert compiled.loops(match_kernel, compiled.LOOPS_LARGE_INPUT_TOKENS) is match_kernel
    with compiled.preferring(True):
        assert compiled.loops(match_kernel, 1) is not match_kernel


@pytest.mark.parametrize("value,expected", [("1", True), ("0", False), ("auto", None), (" True ", True), ("", None)])
def test_the_environment_variable_sets_the_choice(fresh_rule, monkeypatch, value, expected):
    monkeypatch.setenv(compiled.ENV_VAR, value)
    assert compiled.setting() is expected
    if expected is not None:
        compiled.long_running()
        assert compiled.use(compiled.LARGE_INPUT_TOKENS) is expected and compiled.use() is expected


def test_prefer_wins_over_the_environment_and_preferring_restores_it(fresh_rule, monkeypatch):
    monkeypatch.setenv(compiled.ENV_VAR, "1")
    with compiled.preferring(False):
        assert not compiled.use(compiled.LARGE_INPUT_TOKENS)
    assert compiled.use()
    compiled.prefer(None)
    assert compiled.setting() is True


def test_bad_settings_are_refused_with_the_fix(fresh_rule, monkeypatch):
    with pytest.raises(TypeError, match="True, False or None"):
        compiled.prefer("yes")
    monkeypatch.setenv(compiled.ENV_VAR, "fast")
    with pytest.raises(ValueError, match="NGRAM_CORE_COMPILED='fast'.*1 \\(compiled\\), 0"):
        compiled.use()


@settings(max_examples=200, deadline=None)
@given(texts=st.lists(st.lists(st.integers(0, 40), max_size=12), max_size=10), seed=st.integers(0, 2**16))
def test_gather_first_appearance_in_numpy_is_the_kernels(texts, seed):
    rng = np.random.default_rng(seed)
    buffer, places, start = [], [], 0
    for ids in texts:  # stored in a shuffled order, with gaps, as the cache of recent texts may hold them
        buffer.extend(rng.integers(0, 41, rng.integers(0, 3)).tolist())
        places.append(len(buffer) << 32 | len(ids))
        buffer.extend(ids)
    buffer, places = np.array(buffer + [0], dtype=np.int64), np.array(places, dtype=np.int64)
    scratch = np.full(64, -1, dtype=np.int64)
    kernel = compiled.kernels().gather_first_appearance(buffer, places, scratch)
    arrays = gather_first_appearance(buffer, places, scratch)
    for a, b in zip(kernel, arrays):
        assert a.dtype == b.dtype and a.tolist() == b.tolist()
    assert (scratch == -1).all()


@pytest.mark.oracle
@pytest.mark.parametrize("n", [7, 300, 2037])
@pytest.mark.parametrize("metric,options", [("corpus_bleu", {}), ("corpus_bleu", {"return_segments": True}),
                                            ("corpus_nist", {}), ("corpus_nist", {"mteval_quirks": True})])
def test_compiled_and_array_code_give_the_same_scores_bit_for_bit(metric, options, n):
    folder = require_wmt() / "generaltest2022" / "en-de"
    hyps = read_lines(folder / "sys.Online-W.txt")[:n]
    refs = [[r] for r in read_lines(folder / "ref.A.txt")[:n]]
    score = getattr(ngram_core, metric)
    with compiled.preferring(True):
        kernel = score(hyps, refs, **options)
    with compiled.preferring(False):
        arrays = score(hyps, refs, **options)
    assert repr(kernel) == repr(arrays)


def test_a_call_its_size_alone_would_compile_runs_plain_while_the_cache_is_cold(fresh_rule, monkeypatch):
    """Issue 45 item 5: compiling the loops costs more than it saves on one test set, so a call of
    LOOPS_LARGE_INPUT_TOKENS .. LOOPS_COLD_CACHE_TOKENS words runs them plain until they are cached."""
    cache = {"warm": False}
    monkeypatch.setattr(compiled, "cached", lambda module: cache["warm"])
    monkeypatch.setattr(compiled, "_said_cold", True)
    test_set = compiled.LOOPS_LARGE_INPUT_TOKENS * 2
    with compiled.one_call(test_set, (match_kernel,)):
        assert not compiled.loops_compiled()
        assert compiled.loops_compiled(work=compiled.LOOPS_LARGE_INPUT_TOKENS)  # degenerate text still compiles
    with compiled.one_call(compiled.LOOPS_COLD_CACHE_TOKENS, (match_kernel,)):
        assert compiled.loops_compiled()  # large enough to pay for compiling
    cache["warm"] = True
    with compiled.one_call(test_set, (match_kernel,)):
        assert compiled.loops_compiled()  # cached: loading them pays
    cache["warm"] = False
    with compiled.one_call(test_set):
        assert compiled.loops_compiled()  # a call that names no kernels keeps the size rule
    with compiled.preferring(True), compiled.one_call(test_set, (match_kernel,)):
        assert compiled.loops_compiled()  # the setting decides


def test_the_cold_cache_rule_asks_numba_nothing_where_the_setting_or_the_size_decides(fresh_rule, monkeypatch):
    def refuse(module):
        raise AssertionError("the cache was consulted")

    monkeypatch.setattr(compiled, "cached", refuse)
    for tokens in (10, compiled.LOOPS_COLD_CACHE_TOKENS):
        with compiled.one_call(tokens, (match_kernel,)):
            pass
    with compiled.preferring(False), compiled.one_call(compiled.LOOPS_LARGE_INPUT_TOKENS, (match_kernel,)):
        assert not compiled.loops_compiled()
