"""METEOR 1.5's loops (``ngram_core/meteor/jar/*_kernel.py``) run as plain Python or
compiled by numba (``ngram_core.compiled.loops``), and the paraphrase table is searched
by the compiled hash index or by numpy ranges: the scores are the same to the last bit
either way, on real text and on the jar parity sample. (That those scores are the
jar's: ``test_meteor_jar_parity.py``, run with ``NGRAM_CORE_COMPILED=0`` and ``=1``.)"""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from helpers.data import read_lines, require_wmt
from helpers.meteor_samples import generated_segments, sampled_into
from ngram_core import compiled
from ngram_core.meteor import compute_meteor
from ngram_core.meteor.jar import beam_kernel, match_kernel
from ngram_core.meteor.jar.paraphrase import MAX_PHRASE, PhraseRanges, paraphrase_table


@pytest.fixture(autouse=True)
def keep_the_rule(monkeypatch):
    """Compiling here must not make the rest of the session's tests run compiled."""
    monkeypatch.setattr(compiled, "_loaded", compiled._loaded)


def both_ways(hyps, refs, **options):
    with compiled.preferring(True):
        kernel = compute_meteor(hyps, refs, return_segments=True, **options)
    with compiled.preferring(False):
        plain = compute_meteor(hyps, refs, return_segments=True, **options)
    return kernel, plain


@pytest.mark.oracle
@pytest.mark.parametrize("n", [10, 300])
def test_compiled_and_plain_loops_give_the_same_scores_on_a_wmt_test_set(n):
    folder = require_wmt() / "generaltest2022" / "zh-en"
    hyps = read_lines(folder / "sys.Online-W.txt")[:n]
    refs = [[r] for r in read_lines(folder / "ref.A.txt")[:n]]
    kernel, plain = both_ways(hyps, refs)
    assert repr(kernel) == repr(plain)


@pytest.mark.oracle
@pytest.mark.slow
def test_compiled_and_plain_loops_give_the_same_scores_on_the_jar_parity_sample():
    hyps, refs = sampled_into("en", 2)
    gen_hyps, gen_refs = generated_segments(300)
    hyps, refs = list(hyps) + gen_hyps, [list(r) for r in refs] + [[r] for r in gen_refs]
    kernel, plain = both_ways(hyps, refs)
    assert repr(kernel) == repr(plain)
    kernel, plain = both_ways(hyps, refs, stages=["exact", "stem"], beam=3)
    assert repr(kernel) == repr(plain)


@pytest.fixture(scope="module")
def table():
    return paraphrase_table()


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 2_616_377), st.integers(0, MAX_PHRASE), st.integers(-1, 60)),
                         max_size=6), min_size=1, max_size=5))
def test_phrase_ranges_find_what_the_hash_index_finds(table, sequences):
    """Token sequences made of the table's phrases (some cut short), frequent words and
    words the table lacks: every occurrence is found the same way by both lookups."""
    words, offsets = [], [0]
    for pieces in sequences:
        for phrase, cut, extra in pieces:
            column = table.phrase_words[:, phrase].astype(np.int64)
            words += (column[column > 0] - 1)[:cut or None].tolist()
            words.append(extra)  # -1: a word the table lacks; else one of its first words
        offsets.append(len(words))
    words, offsets = np.array(words, dtype=np.int64), np.array(offsets, dtype=np.int64)
    with compiled.preferring(True):
        hashed = table.occurrences(words, offsets)
    with compiled.preferring(False):
        ranged = table.occurrences(words, offsets)
    assert isinstance(table.finder(False), PhraseRanges)
    for field in ("seq", "start", "length", "phrase"):
        assert getattr(hashed, field).tolist() == getattr(ranged, field).tolist()


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 6), st.integers(0, 9)), max_size=40),
       st.integers(1, 5), st.integers(1, 130))
def test_beam_helpers_compiled_are_the_plain_functions(spans, limit, n_bits):
    """The beam's small loops, compiled and plain, on the same arrays."""
    hyp_start = np.array([s for s, _, _ in spans], dtype=np.int64)
    hyp_len = np.array([n for _, n, _ in spans], dtype=np.int64)
    step = np.array([t for _, _, t in spans], dtype=np.int64)
    n_words = int((hyp_start + hyp_len).max(initial=0))
    bit_of_word = np.arange(n_words, dtype=np.int64) % n_bits
    groups = np.unique(np.concatenate([[0, len(spans)], np.flatnonzero(step[1:] < step[:-1]) + 1])).astype(np.int64)
    compiled_form = compiled.compile_loops(beam_kernel)
    for name, args in (("contested_steps", (hyp_start, hyp_len, step, n_words)),
                       ("slot_masks", (hyp_start, hyp_len, bit_of_word)),
                       ("nearest_in_groups", (groups, step, limit))):
        plain = getattr(beam_kernel, name)(*args)
        kernel = getattr(compiled_form, name)(*args)
        for a, b in zip(plain if isinstance(plain, tuple) else (plain,), kernel if isinstance(kernel, tuple) else (kernel,)):
            assert a.dtype == b.dtype and a.tolist() == b.tolist()
