"""One road from checked texts to a tokenized corpus (``ngram_core.ngrams.corpora``): it
picks the plain layout (token lists, no numpy) or the array layout, from what the metrics
say they count in plain Python (``Metric.plain_chars``), what the caller takes, and the
size rule (``compiled.plain_limit``); no metric's corpus function picks it. The numbers
are the same either way (``tests/bleu/test_plain_and_array_paths_agree.py``)."""
from __future__ import annotations

import math

from ngram_core import compiled, registry
from ngram_core.bleu import BleuStatistics
from ngram_core.ngrams.corpora import Corpora, TokenLists, tokenized_corpus
from ngram_core.ngrams.index import TokenizedCorpus
from ngram_core.suite import corpus_statistics, score_all, split_options

HYPS = ["the cat sat on the mat .", "a dog , barking ."]
REFS = [["the cat is on the mat ."], ["a dog barks .", "the dog is barking ."]]


def corpora(metrics, results_only=True, **options):
    per_metric = split_options(metrics, options)
    return Corpora.of(HYPS, REFS, [(registry.get(name), values) for name, values in per_metric.items()], results_only)


def test_the_road_picks_plain_only_where_every_metric_counts_so_and_the_caller_wants_results():
    with compiled.preferring_plain(True):
        assert corpora(("bleu",)).plain
        assert corpora(("bleu", "chrf")).plain
        assert not corpora(("bleu",), results_only=False).plain  # statistics to add, slice, send: arrays
        assert not corpora(("bleu", "nist")).plain  # NIST counts no plain Python: one layout for the call
        assert corpora(("bleu",), weights=[0.25] * 4).plain  # the one row body weighs orders too (bleu/row.py)
        assert not corpora(("chrf",), variant="torchmetrics").plain
        assert isinstance(corpora(("bleu",)).corpus("13a", False), TokenLists)
    with compiled.preferring_plain(False):
        assert not corpora(("bleu",)).plain
        assert isinstance(corpora(("bleu",)).corpus("13a", False), TokenizedCorpus)


def test_a_metrics_own_bound_holds_under_the_rule_and_a_setting_overrides_it():
    with compiled.preferring_plain(None):
        small = tokenized_corpus(HYPS, REFS, "13a", False, plain_chars=10)  # these texts hold more than 10 characters
        assert not small.plain
    with compiled.preferring_plain(True):
        assert tokenized_corpus(HYPS, REFS, "13a", False, plain_chars=10).plain
        assert not tokenized_corpus(HYPS, REFS, "13a", False).plain  # no plain form: arrays whatever the setting
        assert tokenized_corpus(HYPS, REFS, "13a", False, plain_chars=math.inf).refs_per_segment == [1, 2]


def test_statistics_stay_arrays_and_results_agree_across_layouts():
    with compiled.preferring_plain(True):
        assert isinstance(corpus_statistics(HYPS, REFS, metrics=("bleu",))["bleu"], BleuStatistics)
        in_python = score_all(HYPS, REFS, metrics=("bleu", "chrf"), return_segments=True)
        weighed_in_python = score_all(HYPS, REFS, metrics=("bleu",), weights=[0.4, 0.3, 0.2, 0.1])
    with compiled.preferring_plain(False):
        as_arrays = score_all(HYPS, REFS, metrics=("bleu", "chrf"), return_segments=True)
        weighed_as_arrays = score_all(HYPS, REFS, metrics=("bleu",), weights=[0.4, 0.3, 0.2, 0.1])
    assert in_python == as_arrays
    assert weighed_in_python == weighed_as_arrays
