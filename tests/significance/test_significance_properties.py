"""Properties of the significance tests on generated corpora (hypothesis), for all three metrics."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ngram_core.bleu import corpus_bleu
from ngram_core.meteor import compute_meteor
from ngram_core.nist import corpus_nist
from ngram_core.significance import SystemRows, adapters_for, paired_bootstrap, paired_randomization, score_systems
from ngram_core.significance.resampling import _bootstrap_scores
from ngram_core.suite import corpus_statistics, split_options

METRICS = ("bleu", "nist", "meteor")
WORDS = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "home", "0", "it", ",", ".", "is", "big", "red",
         "blue", "house", "tree", "and", "of", "to", "in", "was", "he", "she", "they", "went", "saw", "small"]
SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

sentence = st.lists(st.sampled_from(WORDS), min_size=0, max_size=12).map(" ".join)


@st.composite
def corpora(draw, n_systems=st.integers(2, 3), segments=st.integers(2, 12)):
    """(systems, references): 2-3 systems of the same S segments, 1-2 references each."""
    S, k = draw(segments), draw(n_systems)
    refs = [draw(st.lists(sentence, min_size=1, max_size=2)) for _ in range(S)]
    systems = [[draw(sentence) for _ in range(S)] for _ in range(k)]
    return systems, refs


def _all_results(systems):
    return {"bs": systems.paired_bootstrap(200, seed=1), "ar": systems.paired_randomization(300, 50, seed=1)}


@settings(max_examples=25, **SETTINGS)
@given(corpora())
def test_p_values_are_in_zero_one(corpus):
    systems = score_systems(*corpus, metrics=METRICS)
    for test, results in _all_results(systems).items():
        assert all(r.p_value is None for r in results[0].values())
        for row in results[1:]:
            for name, result in row.items():
                assert 0 < result.p_value <= 1, (test, name)
                assert np.isfinite(result.score) and np.isfinite(result.mean) and result.ci >= 0


@settings(max_examples=20, **SETTINGS)
@given(corpora(n_systems=st.just(1)))
def test_a_system_compared_with_itself_is_not_significant(corpus):
    (output,), refs = corpus
    systems = score_systems([output, list(output)], refs, metrics=METRICS)
    for test, results in _all_results(systems).items():
        for name, result in results[1].items():
            assert result.p_value == 1.0, (test, name)
            assert result.score == results[0][name].score


@st.composite
def longer_corpora(draw):
    S = draw(st.integers(30, 50))
    word = st.sampled_from(WORDS)
    long_sentence = st.lists(word, min_size=4, max_size=14).map(" ".join)
    refs = [draw(long_sentence) for _ in range(S)]
    systems = [[draw(long_sentence) for _ in range(S)] for _ in range(2)]
    return systems, refs


@settings(max_examples=10, **SETTINGS)
@given(longer_corpora(), st.integers(0, 2 ** 32 - 1), st.integers(0, 2 ** 32 - 1))
def test_results_repeat_for_a_seed_and_change_with_it(corpus, seed, other):
    assume(seed != other)
    systems = score_systems(*corpus, metrics=("bleu", "nist"))
    table = systems.rows()
    spread = _bootstrap_scores(table, [0], np.random.default_rng(seed).choice(table.n_segments, (200, table.n_segments)))
    assume(all(len(np.unique(s)) > 20 for s in spread.values()))  # scores that vary from resample to resample
    for run in (lambda s: systems.paired_bootstrap(200, seed=s), lambda s: systems.paired_randomization(200, 200, seed=s),
                lambda s: systems.confidence(200, seed=s)):
        first, again, changed = run(seed), run(seed), run(other)
        as_dicts = lambda results: [{k: v.as_dict() for k, v in row.items()} for row in results]  # noqa: E731
        assert as_dicts(first) == as_dicts(again)
        assert as_dicts(first) != as_dicts(changed)


def _rows_of(statistics, options):
    """{score name: rows} of one system's statistics."""
    out = {}
    for metric, stats in statistics.items():
        for adapter in adapters_for(metric, options[metric]):
            out[adapter.name] = (adapter, adapter.rows(stats))
    return out


def _table(per_system_rows):
    names = list(per_system_rows[0])
    return SystemRows(tuple(f"s{j}" for j in range(len(per_system_rows))),
                      tuple(per_system_rows[0][n][0] for n in names),
                      tuple(np.stack([rows[n][1] for rows in per_system_rows]) for n in names))


@settings(max_examples=20, **SETTINGS)
@given(corpora(segments=st.integers(3, 12)), st.data())
def test_nist_and_meteor_tests_on_shards_equal_the_whole_corpus(corpus, data):
    systems, refs = corpus
    cut = data.draw(st.integers(1, len(refs) - 1))
    options = split_options(("nist", "meteor"), {})
    whole, shards = [], []
    for output in systems:
        stats = corpus_statistics(output, refs, ("nist", "meteor"))
        a = corpus_statistics(output[:cut], refs[:cut], ("nist", "meteor"))
        b = corpus_statistics(output[cut:], refs[cut:], ("nist", "meteor"))
        whole.append(_rows_of(stats, options))
        shards.append(_rows_of({m: a[m] + b[m] for m in a}, options))
        for name in whole[-1]:
            assert np.array_equal(whole[-1][name][1], shards[-1][name][1]), name
    whole_table, shard_table = _table(whole), _table(shards)
    for test in (lambda t: paired_bootstrap(t, 200, seed=3), lambda t: paired_randomization(t, 200, 100, seed=3)):
        assert [{k: v.as_dict() for k, v in row.items()} for row in test(whole_table)] == \
               [{k: v.as_dict() for k, v in row.items()} for row in test(shard_table)]
    # one pass over all systems gives every system's own rows
    one_pass = score_systems(systems, refs, metrics=("nist", "meteor")).rows()
    for a, rows in zip(one_pass.adapters, one_pass.rows):
        assert np.array_equal(rows, np.stack([w[a.name][1] for w in whole])), a.name


@settings(max_examples=25, **SETTINGS)
@given(corpora())
def test_scores_of_summed_rows_are_the_metrics_scores(corpus):
    outputs, refs = corpus
    scores = score_systems(outputs, refs, metrics=METRICS).scores()
    for output, score in zip(outputs, scores):
        assert score["BLEU"] == corpus_bleu(output, refs)["score"]
        assert score["NIST"] == pytest.approx(corpus_nist(output, refs)["nist"], rel=1e-12, abs=1e-12)
        meteor = compute_meteor(output, refs)
        assert score["METEOR"] == meteor["meteor"] == meteor["meteor_corpus"]
        assert score["METEOR-mean"] == pytest.approx(meteor["meteor_mean"], rel=1e-12, abs=1e-15)


@settings(max_examples=15, **SETTINGS)
@given(corpora(n_systems=st.just(2)), st.sampled_from(METRICS))
def test_comparison_of_two_systems_is_the_paired_tests_and_segment_differences(corpus, metric):
    from ngram_core.significance.comparison import compare_two

    (baseline, system), refs = corpus
    comparison = compare_two(baseline, system, refs, metric, n_samples=100, n_trials=200, seed=5)
    systems = score_systems([baseline, system], refs, metrics=(metric,))
    bootstrap, randomization = systems.paired_bootstrap(100, seed=5), systems.paired_randomization(200, seed=5)
    assert comparison.bootstrap_p == {name: r.p_value for name, r in bootstrap[1].items()}
    assert comparison.randomization_p == {name: r.p_value for name, r in randomization[1].items()}
    assert np.array_equal(comparison.differences, systems.segment_scores(metric, 1) - systems.segment_scores(metric, 0))
    same = compare_two(baseline, list(baseline), refs, metric, n_samples=100, n_trials=200, seed=5)
    assert not same.differences.any() and set(same.bootstrap_p.values()) == set(same.randomization_p.values()) == {1.0}
    if metric == "bleu":  # sacreBLEU's sentence BLEU
        expected = corpus_bleu(system, refs, effective_order=True, return_segments=True)["segment_scores"]
        assert systems.segment_scores("bleu", 1) == pytest.approx([100 * s for s in expected], abs=1e-9)


BLEU_VARIANTS = [("nltk", {}), ("nltk", {"smooth_method": "method4"}), ("evaluate", {}),
                 ("evaluate", {"smooth_method": "add-one"}), ("mteval", {}), ("coco", {}), ("torchmetrics", {}),
                 ("torchmetrics", {"smooth_method": "add-one", "weights": [0.4, 0.3, 0.2, 0.1]})]


@settings(max_examples=15, **SETTINGS)
@given(corpora(), st.sampled_from(BLEU_VARIANTS))
def test_bleu_variants_summed_rows_are_the_variants_scores(corpus, case):
    """Every BLEU variant resamples its own statistics: its corpus score is corpus_bleu's,
    and a system compared with itself is not significant."""
    outputs, refs = corpus
    variant, extra = case
    systems = score_systems(outputs, refs, metrics=["bleu"], variant=variant, **extra)
    for output, score in zip(outputs, systems.scores()):
        assert score["BLEU"] == pytest.approx(corpus_bleu(output, refs, variant=variant, **extra)["score"],
                                              rel=1e-12, abs=1e-12)
    same = score_systems([outputs[0], outputs[0]], refs, metrics=["bleu"], variant=variant, **extra)
    result = same.paired_bootstrap(100, seed=1)[1]["BLEU"]
    assert result.p_value == 1.0 and 0 <= result.mean <= 100


@pytest.mark.parametrize("method", ["method5", "method6", "method7"])
def test_nltk_methods_reading_the_last_segment_are_refused_by_significance(method):
    with pytest.raises(ValueError, match="last segment"):
        score_systems([["a b c d e f"], ["a b c"]], ["a b c d e f"], metrics=["bleu"], variant="nltk",
                      smooth_method=method).paired_bootstrap(10)


def test_bootstrap_standard_errors_draw_every_resample_in_chunks_as_one_draw():
    """A chunk at a time (here 3 chunks of 1,024 resamples) is the same stream of draws as one
    (B, S) draw: the standard error is that of all B resample scores, divisor B - 1."""
    from ngram_core.significance.resampling import bootstrap_indices, bootstrap_standard_errors

    rng = np.random.default_rng(7)
    hyps = [" ".join(rng.choice(["a", "b", "c", "d"], size=6)) for _ in range(2048)]
    refs = [" ".join(rng.choice(["a", "b", "c", "d"], size=6)) for _ in range(2048)]
    table = score_systems([hyps], refs, metrics=("bleu", "chrf")).rows()
    got = bootstrap_standard_errors(table, 3000, seed=5)[0]
    scores = _bootstrap_scores(table, [0], bootstrap_indices(np.random.default_rng(5), 2048, 3000))
    for a, adapter in enumerate(table.adapters):
        assert got[adapter.name] == pytest.approx(float(np.std(scores[a, 0].astype(np.float64), ddof=1)), rel=1e-12)
    with pytest.raises(ValueError, match="at least 2"):
        bootstrap_standard_errors(table, 1)
