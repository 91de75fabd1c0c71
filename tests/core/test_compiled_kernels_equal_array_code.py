"""The compiled kernels (``ngram_core.ngrams.kernels``, and BLEU's row rules
``ngram_core.bleu.row`` compiled by numba) give, bit for bit, what the plain code gives
(the clipped counts are compared with ``match_ngrams`` in
test_small_inputs_equal_general_paths.py; both are compared with sacreBLEU live in the BLEU
tests). Which of the two runs is the rule of ``ngram_core.compiled.loops``: each row rule
is run here both ways, float64 and float32 statistics (a bootstrap's), with and without
weights."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from ngram_core import compiled
from ngram_core.bleu.row import reference_lengths_of
from ngram_core.bleu.statistics import BleuStatistics, reference_lengths
from ngram_core.bleu import OPTIONS
from ngram_core.bleu.variants.sacrebleu import SMOOTH_DEFAULTS, SMOOTH_METHODS, bleu_from_statistics
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


def both_ways(function, *args):
    """``function(*args)`` compiled and in plain Python (``compiled.preferring``)."""
    with compiled.preferring(True):
        kernel = function(*args)
    with compiled.preferring(False):
        plain = function(*args)
    return kernel, plain


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), max_order=st.integers(1, 6), smooth=st.sampled_from(SMOOTH_METHODS),
       effective_order=st.sampled_from([False, "sacrebleu", "seed"]), custom_value=st.booleans(),
       float32=st.booleans(), weighted=st.booleans())
def test_compiled_rows_equal_the_plain_rows_bit_for_bit(seed, max_order, smooth, effective_order, custom_value,
                                                        float32, weighted):
    stats = random_statistics(seed, 300, max_order)
    if float32:  # a bootstrap's resampled sums
        stats = BleuStatistics(*(a.astype(np.float32) * 37 for a in stats._arrays()[:4]))
    value = 0.37 if custom_value and SMOOTH_DEFAULTS[smooth] is not None else None
    weights = tuple(np.random.default_rng(seed).random(max_order) + 0.01) if weighted else None
    options = resolved(max_order=max_order, smooth_method=smooth, smooth_value=value, effective_order=effective_order,
                       weights=weights)
    kernel, plain = both_ways(bleu_from_statistics, stats, options)
    for name in ("score", "precisions", "brevity_penalty"):
        assert kernel[name].dtype == plain[name].dtype == np.float64
        assert kernel[name].tobytes() == plain[name].tobytes(), name


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rows=st.integers(0, 40), width=st.integers(0, 4), first_ties=st.booleans())
def test_reference_lengths_compiled_equal_the_plain_rule(seed, rows, width, first_ties):
    rng = np.random.default_rng(seed)
    hyp = rng.integers(0, 30, rows)
    refs = np.where(rng.random((rows, width)) < 0.3, -1, rng.integers(0, 30, (rows, width)))
    refs[:, :1] = np.abs(refs[:, :1])  # most rows have a reference; a row of -1s has none
    refs[rng.random(rows) < 0.1] = -1
    kernel, arrays = both_ways(reference_lengths, hyp, refs, first_ties)
    assert [a.tolist() for a in arrays] == [k.tolist() for k in kernel]
    if rows:  # the rule's own body, row after row
        plain = [reference_lengths_of(h, r, first_ties) for h, r in zip(hyp.tolist(), refs.tolist())]
        assert [list(column) for column in zip(*plain)] == [a.tolist() for a in arrays]
    assert all(a.dtype == np.int64 for a in arrays)


def test_float32_rows_score_in_float32():
    """sacreBLEU's arithmetic on float32 sums (numpy 2): precisions rounded to float32, not float64."""
    stats = BleuStatistics(np.array([7.0]), np.array([9.0]), np.array([[3.0, 1.0]]), np.array([[7.0, 6.0]]))
    as32 = BleuStatistics(stats.hyp_len, stats.ref_len, stats.matches.astype(np.float32), stats.totals.astype(np.float32))
    for runs_compiled in (True, False):
        with compiled.preferring(runs_compiled):
            p64 = bleu_from_statistics(stats, resolved(max_order=2))["precisions"][0]
            p32 = bleu_from_statistics(as32, resolved(max_order=2))["precisions"][0]
        assert p32.tolist() == [float(np.float32(100.0) * np.float32(3) / np.float32(7)),
                                float(np.float32(100.0) * np.float32(1) / np.float32(6))]
        assert p64.tolist() == [100.0 * 3 / 7, 100.0 / 6] != p32.tolist()
