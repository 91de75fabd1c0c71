"""The variants' own rules on hand-made cases (where no tool runs in the tests: evaluate's Hub
script, mteval's Perl), their options and signatures, their defined values where the tools
fail, and their statistics adding up like sacreBLEU's."""
from __future__ import annotations

import math
import os
import subprocess
import sys

import numpy as np
import pytest

from helpers.data import REPO
from ngram_core.bleu import bleu_statistics
from ngram_core.bleu import OPTIONS, corpus_bleu, result_from_statistics
from ngram_core.bleu.variants import VARIANTS, get_variant
from ngram_core.bleu.variants.evaluate import evaluate_13a_text
from ngram_core.ngrams.index import tokenize_corpus
from ngram_core.tokenizers import tokenize


# -- evaluate (tensorflow/nmt compute_bleu) -----------------------------------------------------
def test_evaluate_docstring_example():
    # evaluate's bleu card: BLEU 1.0, 7 hypothesis tokens against the shortest references 3 + 3
    out = corpus_bleu(["hello there general kenobi", "foo bar foobar"],
                       [["hello there general kenobi", "hello there!"], ["foo bar foobar"]], variant="evaluate")
    assert out["bleu"] == 1.0 and out["precisions"] == [1.0, 1.0, 1.0, 1.0]
    assert out["translation_length"] == 7 and out["reference_length"] == 6
    assert out["length_ratio"] == 7 / 6 and out["brevity_penalty"] == 1.0


def test_evaluate_takes_the_shortest_reference_where_sacrebleu_takes_the_closest():
    hyp, refs = ["a b c d e f"], [["a b c", "a b c d e f g"]]  # 6 tokens; references of 3 and 7
    ours = corpus_bleu(hyp, refs, variant="evaluate", max_order=2)
    assert ours["reference_length"] == 3 and ours["brevity_penalty"] == 1.0
    assert ours["bleu"] == math.exp(0.5 * math.log(6 / 6) + 0.5 * math.log(5 / 5))
    nltk = corpus_bleu(hyp, refs, variant="nltk", max_order=2)
    assert nltk["reference_length"] == 7 and nltk["brevity_penalty"] == math.exp(1 - 7 / 6)
    short = corpus_bleu(["a b c d"], [["a b c d e f"]], variant="evaluate", max_order=1)
    assert short["brevity_penalty"] == math.exp(1 - 1 / (4 / 6))  # exp(1 - 1/ratio), not exp(1 - r/c)


def test_evaluate_add_one_smoothing_includes_the_first_order():
    out = corpus_bleu(["a b x"], [["a b c"]], variant="evaluate", smooth_method="add-one")
    p = [(2 + 1) / (3 + 1), (1 + 1) / (2 + 1), (0 + 1) / (1 + 1), (0 + 1) / (0 + 1)]
    assert out["precisions"] == p
    assert out["bleu"] == math.exp(sum(0.25 * math.log(x) for x in p))
    assert corpus_bleu(["a b x"], [["a b c"]], variant="evaluate")["bleu"] == 0.0  # no smoothing: p3 = 0


def test_evaluate_defines_what_compute_bleu_divides_by_zero():
    empty = corpus_bleu([""], [["a b"]], variant="evaluate", smooth_method="add-one")
    assert empty["bleu"] == 0.0 and empty["brevity_penalty"] == 0.0 and empty["length_ratio"] == 0.0
    no_refs = corpus_bleu(["a"], [[""]], variant="evaluate", smooth_method="add-one")
    assert no_refs["brevity_penalty"] == 1.0 and no_refs["length_ratio"] == 0.0
    assert no_refs["bleu"] == math.exp(sum(0.25 * math.log(x) for x in [1 / 2, 1, 1, 1]))


def test_evaluate_13a_joins_a_final_hyphenated_line_break():
    # evaluate's 13a copy does not rstrip() first: "well-\n" joins to "well"; sacreBLEU keeps "well-"
    assert tokenize(["well-\n"], "13a") == [["well-"]]
    assert tokenize([evaluate_13a_text("well-\n")], "13a") == [["well"]]
    assert tokenize([evaluate_13a_text("a-<skipped>\n x")], "13a") == [["a", "x"]]
    assert tokenize([evaluate_13a_text("<skip-\nped> x")], "13a") == [["<", "skipped", ">", "x"]]
    assert evaluate_13a_text("no line break-") == "no line break-"
    hyp = corpus_bleu(["well-\n"], [["well"]], variant="evaluate", max_order=1)
    assert hyp["bleu"] == 1.0
    assert corpus_bleu(["well-\n"], [["well"]], variant="nltk", max_order=1)["bleu"] == 0.0


# -- mteval-v13a ------------------------------------------------------------------------------------
def test_mteval_smooths_orders_without_matches_geometrically():
    # mteval's comment: two unigram and one bigram matches; orders 3 and 4 get 1/2 and 1/4 counts
    out = corpus_bleu(["a b c d"], [["a b x y"]], variant="mteval")
    logs = [math.log(2 / 4), math.log(1 / 3), math.log(1 / (2 * 2)), math.log(1 / (4 * 1))]
    score = 0.0
    for value in logs:
        score += value
    assert out["bleu"] == math.exp(score / 4) * 1.0
    assert out["precisions"] == [math.exp(v) for v in logs]


def test_mteval_smooths_a_corpus_without_any_match_where_sacrebleu_gives_zero():
    # T = 2, 1, 0, 0: orders 1 and 2 get 1/(2*2) and 1/(4*1); orders 3, 4 add log 1 but count in the 1/4
    out = corpus_bleu(["a b"], [["c d"]], variant="mteval")
    assert out["bleu"] == math.exp((math.log(1 / 4) + math.log(1 / 4)) / 4) == 0.5
    assert corpus_bleu(["a b"], [["c d"]], variant="sacrebleu")["bleu"] == 0.0
    assert corpus_bleu(["a b"], [["c d"]], variant="mteval", smooth_method="none")["bleu"] == 0.0


def test_mteval_closest_length_and_penalty():
    # mteval's brevity_penalty_closest example: 7 tokens, references of 11, 8, 6, 7 -> 7; of 11, 8 -> 8
    seven = "a a a a a a a"
    refs = [" ".join(["a"] * n) for n in (11, 8, 6, 7)]
    assert corpus_bleu([seven], [refs], variant="mteval")["reference_length"] == 7
    two = corpus_bleu([seven], [refs[:2]], variant="mteval")
    assert two["reference_length"] == 8 and two["brevity_penalty"] == math.exp(min(0, 1 - 8 / 7))
    assert corpus_bleu([""], [["a"]], variant="mteval")["bleu"] == 0.0


def test_mteval_without_smoothing_adds_the_penalty_to_the_exponent():
    out = corpus_bleu(["a b c"], [["a b c d e"]], variant="mteval", smooth_method="none", max_order=2)
    assert out["bleu"] == math.exp((math.log(3 / 3) + math.log(2 / 2)) / 2 + (1 - 5 / 3))


def test_mteval_ascii_lowercasing_keeps_other_letters():
    out = corpus_bleu(["ÄBC abc"], [["Äbc ABC"]], variant="mteval", lowercase="ascii", max_order=1)
    assert out["counts"] == [2]  # "Äbc" and "abc" match; "Ä" stays upper case
    assert corpus_bleu(["ÄBC"], [["äbc"]], variant="mteval", lowercase="ascii", max_order=1)["counts"] == [0]
    assert "case:lc-ascii" in out["signature"]


# -- pycocoevalcap ----------------------------------------------------------------------------------
def test_coco_cumulative_orders_with_its_constants():
    out = corpus_bleu(["a b c d"], [["a b c x"]], variant="coco", tokenize="none")
    expected, q = [], 1.0
    for n, (m, t) in enumerate([(3, 4), (2, 3), (1, 2), (0, 1)], start=1):
        q *= (m + 1e-15) / (t + 1e-9)
        expected.append(q ** (1 / n))
    # equal lengths still give a penalty: (4 + 1e-15) / (4 + 1e-9) < 1
    ratio = (4 + 1e-15) / (4 + 1e-9)
    expected = [value * math.exp(1 - 1 / ratio) for value in expected]
    assert out["brevity_penalty"] < 1
    assert [out[f"bleu_{n}"] for n in range(1, 5)] == expected
    assert out["bleu"] == expected[-1] > 0  # no 4-gram match, yet not 0
    empty = corpus_bleu([""], [["a"]], variant="coco", tokenize="none", return_segments=True)
    assert empty["bleu"] == 0.0 and empty["segment_scores"] == [0.0]


# -- torchmetrics (BLEUScore; live against torchmetrics in test_bleu_variants_torchmetrics.py) ------------
def test_torchmetrics_gives_ties_of_reference_length_to_the_first_reference():
    hyp = ["a b c"]  # 3 tokens, references of 2 and 4: equally close
    first_short = corpus_bleu(hyp, [["a b", "a b c d"]], variant="torchmetrics", max_order=1)
    first_long = corpus_bleu(hyp, [["a b c d", "a b"]], variant="torchmetrics", max_order=1)
    assert first_short["reference_length"] == 2 and first_short["brevity_penalty"] == 1.0
    assert first_long["reference_length"] == 4
    assert first_long["brevity_penalty"] == float(np.float32(math.exp(np.float32(1) - np.float32(4) / np.float32(3))))
    for refs in ([["a b", "a b c d"]], [["a b c d", "a b"]]):  # sacreBLEU: the shorter either way
        assert corpus_bleu(hyp, refs, max_order=1)["reference_length"] == 2


def test_torchmetrics_is_exactly_zero_when_an_order_has_no_match_even_smoothed():
    # the 4-gram "a b c d" does not match: 0, where NLTK gives a tiny number and sacreBLEU smooths
    hyps, refs = ["a b c d"], [["a b c x d"]]
    for smooth in ("none", "add-one"):
        assert corpus_bleu(hyps, refs, variant="torchmetrics", smooth_method=smooth)["bleu"] == 0.0
    assert 0 < corpus_bleu(hyps, refs, variant="nltk")["bleu"] < 1e-70
    assert corpus_bleu(hyps, refs)["bleu"] > 0.1
    # add-one smooths the orders 2..N that have a match; the first order stays M_1 / T_1
    out = corpus_bleu(["a b c d"], [["a b c d x"]], variant="torchmetrics", smooth_method="add-one", max_order=2)
    assert out["precisions"] == [1.0, 1.0] and out["bleu"] == float(np.float32(math.exp(np.float32(1) - np.float32(5 / 4))))


def test_torchmetrics_variant_computes_without_importing_torch(tmp_path):
    script = ("import sys\n"
              "from ngram_core.bleu import corpus_bleu\n"
              "out = corpus_bleu(['the cat is on the mat'], [['there is a cat on the mat', 'a cat is on the mat']],\n"
              "                  variant='torchmetrics', tokenize='none')\n"
              "assert 'torch' not in sys.modules and 'torchmetrics' not in sys.modules, sorted(sys.modules)\n"
              "print(round(out['bleu'], 4))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH", "")])))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "0.7598"  # torchmetrics' docstring example: tensor(0.7598)


# -- options and signatures -------------------------------------------------------------------------
@pytest.mark.parametrize("variant,options,message", [
    ("nltk", {"effective_order": True}, "effective_order"),
    ("nltk", {"smooth_method": "floor"}, "not offered"),
    ("nltk", {"smooth_method": "exp"}, "smooth_method"),
    ("nltk", {"lowercase": "ascii"}, "lowercase"),
    ("nltk", {"smooth_method": "method6", "max_order": 2}, "max_order >= 3"),
    ("nltk", {"smooth_method": "method3", "smooth_value": 1.0}, "smooth_value"),
    ("nltk", {"smooth_method": "method1", "smooth_value": -1}, "out of range"),
    ("nltk", {"smooth_method": "method1", "smooth_value": 0}, "smooth_value=0 is not accepted"),
    ("sacrebleu", {"smooth_method": "constant", "smooth_value": 0}, "0 is accepted with 'floor' or 'add-k'"),
    ("evaluate", {"weights": [0.5, 0.5, 0, 0]}, "weights"),
    ("evaluate", {"smooth_method": "add-k"}, "smooth_method"),
    ("evaluate", {"smooth_value": 0.1}, "smooth_value"),
    ("mteval", {"tokenize": "intl"}, "tokenize"),
    ("mteval", {"smooth_method": "floor"}, "smooth_method"),
    ("coco", {"smooth_method": "exp"}, "not offered by BLEU variant='coco'"),
    ("coco", {"effective_order": True}, "effective_order"),
    ("torchmetrics", {"smooth_method": "exp"}, "not offered by BLEU variant='torchmetrics'"),
    ("torchmetrics", {"smooth_value": 1.0}, "smooth_value"),
    ("torchmetrics", {"effective_order": True}, "effective_order"),
    ("bleurt", {}, "variant"),
])
def test_options_a_variant_does_not_use_are_errors(variant, options, message):
    with pytest.raises(ValueError, match=message):
        corpus_bleu(["a b"], [["a b"]], variant=variant, **options)


def test_signatures_name_the_variant_and_its_options():
    hyps, refs = ["a b c"], [["a b c", "a b"]]
    version = corpus_bleu(hyps, refs, variant="nltk")["signature"].rsplit("|", 1)[1]
    assert corpus_bleu(hyps, refs, variant="nltk", smooth_method="method3")["signature"] == \
        f"BLEU|variant:nltk|nrefs:2|case:mixed|tok:13a|smooth:method3|order:4|{version}"
    assert corpus_bleu(hyps, refs, variant="nltk", smooth_method="method1", weights=[0.5, 0.5], max_order=2)["signature"] == \
        f"BLEU|variant:nltk|nrefs:2|case:mixed|tok:13a|smooth:method1[0.1]|order:2|w:0.5,0.5|{version}"
    assert corpus_bleu(hyps, refs, variant="evaluate", smooth_method="add-one", lowercase=True)["signature"] == \
        f"BLEU|variant:evaluate|nrefs:2|case:lc|tok:13a|smooth:add-one|order:4|{version}"
    assert corpus_bleu(hyps, refs, variant="mteval", lowercase="ascii")["signature"] == \
        f"BLEU|variant:mteval|nrefs:2|case:lc-ascii|tok:13a|smooth:exp|order:4|{version}"
    assert corpus_bleu(hyps, refs, variant="coco", tokenize="none")["signature"] == \
        f"BLEU|variant:coco|nrefs:2|case:mixed|tok:none|order:4|{version}"
    # the default variant is sacreBLEU's signature, unchanged
    assert corpus_bleu(hyps, refs)["signature"] == f"BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|order:4|{version}"
    assert corpus_bleu(hyps, refs, variant="torchmetrics", smooth_method="add-one", weights=[0.5, 0.5], max_order=2)["signature"] == \
        f"BLEU|variant:torchmetrics|nrefs:2|case:mixed|tok:none|smooth:add-one|order:2|w:0.5,0.5|{version}"
    # (its default tokenizer is BLEUScore's whitespace split; SacreBLEUScore is tokenize="13a")
    assert corpus_bleu(hyps, refs, variant="torchmetrics", tokenize="13a")["signature"] == \
        f"BLEU|variant:torchmetrics|nrefs:2|case:mixed|tok:13a|smooth:none|order:4|{version}"
    assert VARIANTS == ("sacrebleu", "nltk", "evaluate", "mteval", "coco", "torchmetrics")


def test_every_variant_scores_empty_and_tiny_input_without_nan():
    hyps = ["", "a", "a b", "", "x"]
    refs = [[""], ["a"], ["b a", ""], ["a b c"], ["y z"]]
    for variant in VARIANTS[1:]:
        for smooth in get_variant(variant).smooth_methods:
            tok = "13a" if variant == "mteval" else "none"
            out = corpus_bleu(hyps, refs, variant=variant, smooth_method=smooth, tokenize=tok, return_segments=True)
            values = [out["bleu"], out["brevity_penalty"], *out["segment_scores"]]
            assert all(math.isfinite(v) and v >= 0 for v in values), (variant, smooth, out)
    assert corpus_bleu([""], [[""]], variant="nltk", return_segments=True)["segment_scores"] == [0.0]


# -- statistics: one layer for every variant ----------------------------------------------------------
def _stats(hyps, refs, count_5grams=True, ties="shorter"):
    return bleu_statistics(tokenize_corpus(hyps, [[r] if isinstance(r, str) else r for r in refs]), 4,
                           count_5grams=count_5grams, ties=ties)


CASES = [
    ("nltk", {"smooth_method": "method5"}), ("nltk", {"smooth_method": "method6"}), ("nltk", {"smooth_method": "method7"}),
    ("nltk", {}), ("evaluate", {}), ("evaluate", {"smooth_method": "add-one"}), ("mteval", {}), ("coco", {}),
    ("torchmetrics", {}), ("torchmetrics", {"smooth_method": "add-one"}),
]


@pytest.mark.parametrize("variant,options", CASES, ids=[f"{v}-{o.get('smooth_method', '')}" for v, o in CASES])
def test_added_and_selected_statistics_score_as_their_corpus(variant, options):
    hyps = ["the cat sat on the mat today", "a b c d e f", "x", "the the the cat"]
    refs = [["the cat sat on a mat today", "a cat sat"], ["a b c d e f g"], ["y"], ["the cat"]]
    values = OPTIONS.resolve(dict(options, variant=variant))
    ties = get_variant(variant).reference_ties
    whole = result_from_statistics(_stats(hyps, refs, ties=ties), values)
    added = _stats(hyps[:2], refs[:2], ties=ties) + _stats(hyps[2:], refs[2:], ties=ties)
    assert result_from_statistics(added, values) == whole
    assert result_from_statistics(added.sum(), values)["bleu"] == whole["bleu"]
    assert whole == corpus_bleu(hyps, refs, variant=variant, **options)
    rows = np.array([1, 3])
    assert result_from_statistics(_stats(hyps, refs, ties=ties)[rows], values)["bleu"] == \
        corpus_bleu([hyps[i] for i in rows], [refs[i] for i in rows], variant=variant, **options)["bleu"]


def test_statistics_sum_keeps_the_last_segment_that_nltk_reads():
    stats = _stats(["a b c d e f", "a b c d e"], ["a b c d e f", "a b c d e"])
    total = stats.sum()
    assert total.last_hyp_len.tolist() == [5] and total.last_matches_5.tolist() == [1]
    assert total.shortest_ref_len.tolist() == [11] and total.short_hyps.tolist() == [[0, 0, 0, 0]]
    without = _stats(["a b"], ["a b"], count_5grams=False)
    assert without.last_matches_5.tolist() == [-1]
    with pytest.raises(ValueError, match="5-gram"):
        result_from_statistics(without, OPTIONS.resolve({"variant": "nltk", "smooth_method": "method5"}))
