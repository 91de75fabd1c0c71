"""The compiled kernels (``ngram_core.ngrams.kernels``) give, bit for bit, what the
array code they stand in for gives (the clipped counts are compared with
``match_ngrams`` in test_small_inputs_equal_general_paths.py; both are compared with sacreBLEU live in the
BLEU tests). Which of the two runs is the rule of
``ngram_core.compiled.use``: the array code is checked here with that switch both
ways, since the C library's exp and log it calls also come in two forms."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from ngram_core import compiled
from ngram_core.bleu import row
from ngram_core.bleu.row import reference_lengths_of
from ngram_core.bleu.statistics import BleuStatistics, reference_lengths
from ngram_core.bleu import OPTIONS
from ngram_core.bleu.variants.sacrebleu import SMOOTH_DEFAULTS, SMOOTH_METHODS, _array_rows, _compiled_rows, bleu_from_statistics
from ngram_core.options import OptionValues


def resolved(**given) -> OptionValues:
    """BLEU's options as the scoring code reads them."""
    return OptionValues(OPTIONS.resolve(given))


def random_statistics(seed: int, rows: int, max_order: int) -> BleuStatistics:
    rng = np.random.default_rng(seed)
    hyp = rng.integers(0, 12, rows)
    ref = rng.integers(0, 12, rows)
    totals = np.stack([np.maximum(hyp - n, 0) for n in range(max_order)], axis=1)
    matches = (totals * rng.random((rows, max_order)) ** 2).astype(np.int64) * (rng.random((rows, max_order)) > 0.3)
    return BleuStatistics(hyp, ref, matches, totals)


@pytest.fixture(params=[True, False], ids=["numba loaded", "numba not loaded"])
def numba_loaded(request, monkeypatch):
    monkeypatch.setattr(compiled, "use", lambda tokens=0: request.param)
    return request.param


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])  # (one switch)
@given(seed=st.integers(0, 2**32 - 1), max_order=st.integers(1, 6), smooth=st.sampled_from(SMOOTH_METHODS),
       effective_order=st.sampled_from([False, "sacrebleu", "seed"]), custom_value=st.booleans())
def test_compiled_rows_equal_the_array_code_bit_for_bit(numba_loaded, seed, max_order, smooth, effective_order,
                                                        custom_value):
    stats = random_statistics(seed, 300, max_order)
    value = 0.37 if custom_value and SMOOTH_DEFAULTS[smooth] is not None else None
    options = resolved(max_order=max_order, smooth_method=smooth, smooth_value=value, effective_order=effective_order)
    kernel, arrays = _compiled_rows(stats, options), _array_rows(stats, options)
    for name in ("score", "precisions", "brevity_penalty"):
        assert kernel[name].tobytes() == arrays[name].tobytes(), name


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rows=st.integers(0, 40), width=st.integers(0, 4), first_ties=st.booleans())
def test_reference_lengths_of_the_array_code_are_the_kernels(seed, rows, width, first_ties):
    rng = np.random.default_rng(seed)
    hyp = rng.integers(0, 30, rows)
    refs = np.where(rng.random((rows, width)) < 0.3, -1, rng.integers(0, 30, (rows, width)))
    refs[:, :1] = np.abs(refs[:, :1])  # most rows have a reference; a row of -1s has none
    refs[rng.random(rows) < 0.1] = -1
    kernel = np.zeros(rows, np.int64), np.zeros(rows, np.int64)
    compiled.compile_loops(row).reference_lengths(hyp, refs.reshape(rows, width), first_ties, *kernel)
    compiled.use, real = (lambda tokens=0: False), compiled.use
    try:
        arrays = reference_lengths(hyp, refs, first_ties)
    finally:
        compiled.use = real
    assert [a.tolist() for a in arrays] == [k.tolist() for k in kernel]
    if rows:  # the rule's own body, row after row
        plain = [reference_lengths_of(h, r, first_ties) for h, r in zip(hyp.tolist(), refs.tolist())]
        assert [list(column) for column in zip(*plain)] == [a.tolist() for a in arrays]
    assert all(a.dtype == np.int64 for a in arrays)


def test_float32_and_weighted_rows_keep_the_array_code():
    stats = random_statistics(1, 50, 4)
    as32 = BleuStatistics(stats.hyp_len, stats.ref_len, stats.matches.astype(np.float32),
                          stats.totals.astype(np.float32))
    options = resolved(effective_order="sacrebleu")
    assert bleu_from_statistics(as32, options)["score"].tobytes() == _array_rows(as32, options)["score"].tobytes()
    weighted = resolved(weights=(0.4, 0.3, 0.2, 0.1))
    assert bleu_from_statistics(stats, weighted)["score"].tobytes() == _array_rows(stats, weighted)["score"].tobytes()
