"""``ngram_core.bleu.score_statistics``: BLEU from summed counts, as sacreBLEU's
``BLEU.compute_bleu(correct, total, sys_len, ref_len, ...)`` (live), and for every variant
the number ``corpus_bleu`` gives for the corpus those counts come from."""
from __future__ import annotations

import pytest

from helpers.require import require_module
from helpers.wmt_sample import wmt_sample
from ngram_core.bleu import corpus_bleu, score_statistics

SMOOTHING = [("exp", None), ("floor", 0.1), ("add-k", 1), ("none", None)]


@pytest.mark.parametrize("smooth_method,smooth_value", SMOOTHING)
@pytest.mark.parametrize("effective_order", [False, True])
def test_sacrebleus_compute_bleu_number_for_number(smooth_method, smooth_value, effective_order):
    BLEU = require_module("sacrebleu.metrics").BLEU
    hyps, refs, _, _ = wmt_sample()
    for rows in (slice(0, 120), slice(120, 240), slice(1, 4), slice(1, 2)):  # two systems, short and empty ones
        ours = corpus_bleu(hyps[rows], refs[rows])
        counts = (ours["counts"], ours["totals"], ours["translation_length"], ours["reference_length"])
        theirs = BLEU.compute_bleu(list(counts[0]), list(counts[1]), *counts[2:], smooth_method=smooth_method,
                                   smooth_value=smooth_value, effective_order=effective_order)  # (add-k adds in place)
        options = {"smooth_method": smooth_method, "effective_order": effective_order}
        if smooth_value is not None:
            options["smooth_value"] = smooth_value
        mine = score_statistics(*counts, **options)
        assert mine["score"] == theirs.score
        assert [100 * p for p in mine["precisions"]] == pytest.approx(theirs.precisions, abs=0, rel=1e-15)
        assert mine["brevity_penalty"] == theirs.bp


@pytest.mark.parametrize("variant,options", [("sacrebleu", {}), ("nltk", {"smooth_method": "method3"}),
                                             ("evaluate", {}), ("mteval", {}), ("coco", {})])
def test_every_variant_scores_the_counts_as_the_corpus(variant, options):
    hyps, refs, _, _ = wmt_sample()
    from ngram_core.bleu import OPTIONS, statistics_for
    from ngram_core.bleu.variants import get_variant
    from ngram_core.ngrams.index import tokenize_corpus

    values = OPTIONS.resolve({"variant": variant, **options})
    texts = get_variant(variant).texts(hyps, refs, values)
    stats = statistics_for(tokenize_corpus(*texts, values["tokenize"], values["lowercase"]), values)
    total = stats.sum()
    mine = score_statistics(total.matches[0].tolist(), total.totals[0].tolist(), int(total.hyp_len[0]),
                            int(total.ref_len[0]), n_refs=int(total.n_refs[0]),
                            shortest_ref_len=int(total.shortest_ref_len[0]), short_hyps=total.short_hyps[0].tolist(),
                            variant=variant, **options)
    whole = corpus_bleu(hyps, refs, variant=variant, **options)
    assert mine["bleu"] == whole["bleu"] and mine["score"] == whole["score"]


def test_bad_counts_name_the_argument():
    with pytest.raises(ValueError, match="correct has 4 orders but total has 3"):
        score_statistics([1, 1, 1, 1], [2, 2, 2], 2, 2)
    with pytest.raises(ValueError, match="max_order=2"):
        score_statistics([1, 1, 1, 1], [2, 2, 2, 2], 2, 2, max_order=2)
    with pytest.raises(TypeError, match="correct must be a list of counts"):
        score_statistics(3, [2], 2, 2)
    with pytest.raises(ValueError, match="sys_len must be a whole number >= 0"):
        score_statistics([1], [2], -2, 2)
    with pytest.raises(ValueError, match="variant='evaluate' needs the shortest reference lengths"):
        score_statistics([1], [2], 2, 2, variant="evaluate")
