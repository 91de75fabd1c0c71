"""Statistics that declare how each field combines (``ngram_core.statistics``), and the
protocol written once (``ngram_core.metric``).

For every registered metric whose statistics are declared, the derived operations give
the whole corpus's result: shards added with ``+``, slices, plain columns and back, and
the reduction over simulated ranks (threads over one in-memory wire) all equal the
statistics of the concatenated corpus, for any split (hypothesis).
"""
from __future__ import annotations

import threading
from typing import Any, List

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from helpers.toy_metric import HYPS, REFS, Toy
from ngram_core import registry
from ngram_core.metric import REQUIRED, Corpora, Metric, members, missing_members
from ngram_core.statistics import LocalWire, Statistics, declared_reductions, segment_field
from ngram_core.suite import split_options

TEXTS = HYPS + ["a dog ran in the house", "the mat is red", "one two three four five six", "the the cat"]
REFERENCES = REFS + [["a dog ran into the house", "the dog ran"], ["the mat is red"], ["one two three four"],
                     ["the cat", "a cat", "cats"]]

# each metric with declared statistics, under each of its statistics types' settings
CASES = [("bleu", {}), ("bleu", {"variant": "nltk", "smooth_method": "method7"}), ("meteor", {}),
         ("meteor", {"variant": "nltk"}), ("chrf", {"word_order": 2}), ("ter", {"normalized": True}), ("toy", {})]


@pytest.fixture(scope="module", autouse=True)
def toy():
    registry.register(Toy())
    yield
    registry.unregister("toy")


def _statistics(name: str, options: dict, hyps: List[str], refs: List[List[str]]):
    metric = registry.get(name)
    values = split_options((name,), {name: options})[name]
    return metric, values, metric.statistics(Corpora.of(hyps, refs, [(metric, values)]), values)


class ThreadWire:
    """One rank of an in-memory wire: every rank's thread meets at each collective."""

    def __init__(self, rank: int, board: "Board") -> None:
        self.rank, self.board = rank, board

    def _meet(self, value: Any) -> List[Any]:
        return self.board.meet(self.rank, value)

    def sum(self, values):
        return np.sum(np.stack(self._meet(np.asarray(values))), axis=0)

    def max(self, values):
        return np.max(np.stack(self._meet(np.asarray(values))), axis=0)

    def gather(self, value):
        return self._meet(value)


class Board:
    def __init__(self, ranks: int) -> None:
        self.ranks, self.barrier, self.slots = ranks, threading.Barrier(ranks), [None] * ranks

    def meet(self, rank: int, value: Any) -> List[Any]:
        self.slots[rank] = value
        self.barrier.wait()
        out = list(self.slots)
        self.barrier.wait()
        return out


def _reduce_over_ranks(metric, shards):
    board, out = Board(len(shards)), [None] * len(shards)

    def run(rank):
        out[rank] = metric.reduce(shards[rank], ThreadWire(rank, board))

    threads = [threading.Thread(target=run, args=(rank,)) for rank in range(len(shards))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return out


def _same(got: dict, expected: dict) -> bool:
    return got.keys() == expected.keys() and all(
        got[k] == pytest.approx(v, rel=1e-12) if isinstance(v, float) else got[k] == v for k, v in expected.items())


def _split(n: int, cuts: List[int]) -> List[slice]:
    points = sorted({0, n, *[c % (n + 1) for c in cuts]})
    return [slice(a, b) for a, b in zip(points, points[1:])] + [slice(n, n)]  # an empty shard too


@pytest.mark.parametrize("name,options", CASES, ids=[f"{n}-{o.get('variant', 'default')}" for n, o in CASES])
@settings(max_examples=15, deadline=None)
@given(cuts=st.lists(st.integers(0, 40), max_size=3))
def test_the_derived_operations_give_the_whole_corpus_result(name, options, cuts):
    metric, values, whole = _statistics(name, options, TEXTS, REFERENCES)
    assert isinstance(whole, Statistics)
    expected = metric.result(whole, values)
    parts = _split(len(TEXTS), cuts)
    shards = [_statistics(name, options, TEXTS[p], REFERENCES[p])[2] for p in parts]
    assert metric.result(sum(shards), values) == expected  # + and sum() of shards
    assert metric.result(sum(whole[p] for p in parts), values) == expected  # slices
    # one row of totals (its nrefs is the most references of a segment: no "var")
    assert metric.result(whole.sum(), values)[metric.headline] == expected[metric.headline]
    corpora = Corpora.of(TEXTS, REFERENCES, [(metric, values)])
    columns = metric.columns(whole, corpora, values)
    assert metric.result(metric.from_columns(columns, list(columns)), values) == expected
    for reduced in _reduce_over_ranks(metric, shards):  # every rank holds the whole corpus
        # float fields are summed per rank, then across ranks: the last bit may differ
        # (as before this change, and as in any all-reduce); integers are exact
        assert _same(metric.result(reduced, values), expected)
    assert metric.result(metric.reduce(whole, LocalWire()), values) == expected
    assert len(metric.empty_statistics(values)) == 0


def test_each_field_declares_one_reduction():
    for stats_type in {t for metric in registry.metrics() for t in metric.statistics_types}:
        reductions = declared_reductions(stats_type)
        assert reductions and set(reductions.values()) <= {"sum", "sum_known", "last", "refs", "constant"}
    with pytest.raises(ValueError, match="reduce='mean' is not one of sum, sum_known, last, refs"):
        segment_field("mean")


def test_statistics_of_other_settings_do_not_add():
    _, _, four = _statistics("bleu", {}, TEXTS, REFERENCES)
    _, _, two = _statistics("bleu", {"max_order": 2}, TEXTS, REFERENCES)
    with pytest.raises(ValueError, match="cannot add BleuStatistics whose matches rows differ in width"):
        four + two
    _, _, jar = _statistics("meteor", {}, TEXTS, REFERENCES)
    _, _, other = _statistics("meteor", {"alpha": 0.5}, TEXTS, REFERENCES)
    with pytest.raises(ValueError, match="cannot add MeteorStatistics of different params"):
        jar + other


# -- the protocol, once --------------------------------------------------------------------------
def test_the_protocol_is_read_off_one_class():
    assert set(REQUIRED) <= set(members())
    # nothing the command line or the Space prints is the metric's
    assert not {"width", "shown", "shown_decimals", "flag_aliases", "details", "printed_scores", "segment_details",
                "segment_score_doc"} & set(members())
    for metric in registry.metrics():
        assert isinstance(metric, Metric) and missing_members(metric) == []


def test_a_metric_lacking_a_required_member_is_refused_with_its_name():
    class Half(Metric):
        name, headline, OPTIONS = "half", "half", Toy.OPTIONS

        def statistics(self, corpora, values):
            return None

    with pytest.raises(TypeError, match=r"lacks result, scores \(see ngram_core.metric.Metric\)"):
        registry.register(Half())
    assert "half" not in registry.names()
