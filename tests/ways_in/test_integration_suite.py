"""score_all: every metric of one corpus in one pass, equal to each metric alone."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "integration_scripts"))
from corpus import make_corpus  # noqa: E402

from ngram_core.bleu import corpus_bleu  # noqa: E402
from ngram_core.meteor import compute_meteor  # noqa: E402
from ngram_core.nist import corpus_nist  # noqa: E402
from ngram_core.adapters.datasets import score_columns, segment_columns  # noqa: E402
from ngram_core.suite import corpus_statistics, score_all  # noqa: E402

HYPS, REFS = make_corpus(50)


def test_default_results_equal_each_metric_alone():
    results = score_all(HYPS, REFS)
    assert results["bleu"] == corpus_bleu(HYPS, REFS)
    assert results["nist"] == corpus_nist(HYPS, REFS)
    assert results["meteor"] == compute_meteor(HYPS, REFS)


def test_shared_and_routed_options_reach_the_right_metric():
    results = score_all(HYPS, REFS, tokenize="intl", lowercase=True, max_order=3, smooth_method="floor", n=4,
                        mteval_quirks=True, alpha=0.8, return_segments=True)
    assert results["bleu"] == corpus_bleu(HYPS, REFS, tokenize="intl", lowercase=True, max_order=3,
                                          smooth_method="floor", return_segments=True)
    assert results["nist"] == corpus_nist(HYPS, REFS, tokenize="intl", lowercase=True, n=4, mteval_quirks=True,
                                          return_segments=True)
    # METEOR 1.5 tokenizes with the jar's -norm (which lowercases): the shared tokenize
    # and lowercase are not its options
    meteor = compute_meteor(HYPS, REFS, alpha=0.8, return_segments=True)
    assert results["meteor"]["segment_scores"] == meteor["segment_scores"]
    assert results["meteor"]["meteor"] == meteor["meteor"]
    torchmetrics = score_all(HYPS, REFS, tokenize="none", bleu={"variant": "torchmetrics", "smooth_method": "add-one"},
                             return_segments=True)
    assert torchmetrics["bleu"] == corpus_bleu(HYPS, REFS, variant="torchmetrics", tokenize="none", smooth_method="add-one",
                                               return_segments=True)
    nltk = score_all(HYPS, REFS, tokenize="intl", lowercase=True, alpha=0.8, variant="nltk", metrics=("meteor",))
    assert nltk["meteor"] == compute_meteor(HYPS, REFS, variant="nltk", tokenize="intl", lowercase=True, alpha=0.8)


def test_each_metric_keeps_its_own_case_default_unless_told():
    results = score_all(HYPS, REFS, nist={"lowercase": "ascii"})
    assert "case:mixed" in results["bleu"]["signature"] and "case:lc" in results["meteor"]["signature"]
    assert results["nist"] == corpus_nist(HYPS, REFS, lowercase="ascii")


def test_bleu_and_nist_share_one_complete_ngram_index():
    stats = corpus_statistics(HYPS, REFS, metrics=("bleu", "nist"), max_order=2, n=5)
    assert stats["bleu"].max_order == 2 and stats["nist"].max_order == 5


@pytest.mark.parametrize("options, error, match", [
    ({"smoothing": "exp"}, TypeError, "unknown option"),
    ({"n": 4, "metrics": ("bleu",)}, ValueError, "belongs to nist"),
    ({"metrics": ("bleu", "rouge")}, ValueError, "rouge"),
    ({"metrics": ()}, ValueError, "empty"),
    ({"bleu": {"n": 4}}, TypeError, "unknown BLEU option"),
    ({"max_order": 0}, ValueError, "max_order"),
])
def test_bad_options_are_clear_errors(options, error, match):
    with pytest.raises(error, match=match):
        score_all(HYPS, REFS, **options)


def test_columns_of_shards_reduce_to_the_corpus_results():
    columns = {}
    for start in range(0, len(HYPS), 13):
        for key, values in segment_columns(HYPS[start:start + 13], REFS[start:start + 13]).items():
            columns.setdefault(key, []).extend(values)
    reduced, expected = score_columns(columns), score_all(HYPS, REFS)
    assert reduced["bleu"] == expected["bleu"] and reduced["meteor"] == expected["meteor"]
    assert reduced["nist"]["nist"] == pytest.approx(expected["nist"]["nist"], rel=1e-12)
    assert reduced["nist"]["counts"] == expected["nist"]["counts"]
