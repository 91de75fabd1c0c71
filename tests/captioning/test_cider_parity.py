"""CIDEr-D equals pycocoevalcap 1.2's ``Cider().compute_score``, run live, per image and
corpus, on generated caption sets (PTB-like and raw text, five and varying references, a
one-image corpus) and on WMT text (150 segments, two and three references); statistics of
shards added with ``+`` score as the whole corpus (the document frequencies are counted
from all the images once they are added). Every comparison is exact (``==``).
"""
from __future__ import annotations

import pytest

from helpers.require import require_module
from helpers.caption_sets import as_coco, caption_set, parity_cases
from helpers.parity import check

from ngram_core.cider import cider_result, cider_statistics, corpus_cider

cider = require_module("pycocoevalcap.cider.cider")

DEFAULTS = {"sigma": 6.0, "return_segments": True}
SETS = {
    "ptb-5refs": dict(images=500, captions=5, seed=11),
    "ptb-varying": dict(images=300, captions=6, seed=12, vary_refs=True),
    "raw-5refs": dict(images=300, captions=5, seed=13, raw=True),
    "one-image": dict(images=1, captions=5, seed=14),
    "two-images": dict(images=2, captions=1, seed=15),
}
WAYS = ("function", "load", "score_all")


def pycocoevalcap(**options):
    """pycocoevalcap's ``Cider(**options)`` live as the harness' oracle: corpus and per-image scores."""
    def oracle(hyps, refs):
        score, scores = cider.Cider(**options).compute_score(*as_coco(hyps, refs))
        return {"cider": score, "segment_scores": scores.tolist()}

    return oracle


@pytest.mark.parametrize("corpus", list(parity_cases(SETS)))
def test_cider_is_pycocoevalcaps_cider_per_image_and_corpus(corpus):
    hyps, refs = corpus()
    check("cider", pycocoevalcap(), hyps, refs, {"return_segments": True}, ways=WAYS)


@pytest.mark.parametrize("sigma", [3.0, 0.5])
def test_sigma_is_pycocoevalcaps_sigma(sigma):
    hyps, refs = caption_set(200, seed=16)
    check("cider", pycocoevalcap(sigma=sigma), hyps, refs, {"return_segments": True, "sigma": sigma}, ways=WAYS)


def test_shards_added_score_as_the_whole_corpus_not_as_their_own_corpora():
    hyps, refs = caption_set(300, seed=17)
    whole = corpus_cider(hyps, refs, return_segments=True)
    shards = [cider_statistics(hyps[a:a + 70], refs[a:a + 70]) for a in range(0, 300, 70)]
    added = cider_result(sum(shards), DEFAULTS)
    assert (added["cider"], added["segment_scores"]) == (whole["cider"], whole["segment_scores"])
    alone = cider_result(shards[0], DEFAULTS)["segment_scores"]
    assert alone != whole["segment_scores"][:70]  # a shard's own frequencies are not the corpus's


def test_statistics_of_different_orders_do_not_add():
    with pytest.raises(ValueError, match="max_order"):
        cider_statistics(["a"], [["a"]], 4) + cider_statistics(["a"], [["a"]], 2)


def test_bad_input_is_refused_by_name():
    with pytest.raises(ValueError, match=r"references\[0\]"):
        corpus_cider(["a dog"], [[]])
    with pytest.raises(ValueError, match="sigma"):
        corpus_cider(["a"], [["a"]], sigma=0)
    with pytest.raises(TypeError, match="max_order"):
        corpus_cider(["a"], [["a"]], max_order=2)  # pycocoevalcap's n: fixed at 4 (see MAX_ORDER)


# -- through the registry ---------------------------------------------------------------------
class _Ranks:
    """A Wire whose gather hands back every rank's statistics (the ranks simulated in turn)."""

    def __init__(self, everyone, rank):
        self.everyone, self.rank = everyone, rank

    def gather(self, value):
        return list(self.everyone)


def test_every_way_in_gives_the_corpus_score_with_the_whole_corpus_frequencies():
    from ngram_core import registry
    from ngram_core.suite import score_all

    hyps, refs = caption_set(240, seed=18)
    whole = corpus_cider(hyps, refs, return_segments=True)
    metric = registry.get("cider")
    values = metric.OPTIONS.resolve({"return_segments": True})
    assert score_all(hyps, refs, metrics=("cider",), cider={"return_segments": True})["cider"] == whole
    stats = cider_statistics(hyps, refs)
    columns = metric.columns(stats, None, values)
    assert metric.result(metric.from_columns(columns, list(columns)), values) == whole
    shards = [cider_statistics(hyps[a:a + 100], refs[a:a + 100]) for a in range(0, 240, 100)]
    for rank in range(len(shards)):
        assert metric.result(metric.reduce(shards[rank], _Ranks(shards, rank)), values) == whole
    placed = metric.within_corpus(shards[1], stats)
    assert metric.segment_scores(placed, values).tolist() == whole["segment_scores"][100:200]
    with pytest.raises(ValueError, match="within a corpus"):
        placed + shards[0]
    adapter, = metric.scores(values)
    rows = adapter.rows(stats)
    assert adapter.scores(rows.sum(axis=0, keepdims=True))[0] == pytest.approx(whole["cider"], rel=1e-14)
