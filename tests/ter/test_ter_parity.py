"""TER equals sacreBLEU 2.6.0's ``TER``, run live: corpus scores, sentence scores, the
statistics behind them and signatures on real WMT systems (one and two references,
every option), on generated text (empty, punctuation only, repeated words, long lines
with many shifts, CJK), through every way in, in the paired tests, and with lower is
better wherever scores are ranked (MBR, rewards).

WMT sample: the first 80 segments of three language pairs (German, Chinese and Japanese
targets; one and two references). sacreBLEU's sentence scores are read from its segment
statistics (``_extract_corpus_statistics``, what its ``sentence_score`` scores), so each
option set costs one pass of its shift search. Every comparison is exact (``==``); the
largest difference seen is 0.
"""
from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from helpers.data import read_lines, require_wmt
from helpers.require import require_module
from helpers.parity import WAYS, check

import ngram_core
from ngram_core import compiled, mbr_select, pairwise
from ngram_core.rewards import trl
from ngram_core.ter import MAX_WORDS, corpus_ter, kernel
from ngram_core.ter.statistics import ter_statistics

metrics = require_module("sacrebleu.metrics")
pytestmark = [pytest.mark.oracle, pytest.mark.filterwarnings("ignore::ngram_core.inputs.ReferenceLayoutWarning")]

N_SEGMENTS = 80
PAIRS = {  # (test set, language pair): (system, references)
    ("newstest2021", "de-en"): ("Online-A", ("A", "B")),
    ("newstest2021", "en-zh"): ("Online-G", ("A", "B")),
    ("generaltest2022", "en-ja"): ("NT5", ("A",)),
}
OPTION_SETS = {
    "default": {}, "normalized": {"normalized": True}, "no_punct": {"no_punct": True},
    "case_sensitive": {"case_sensitive": True}, "asian,normalized": {"asian_support": True, "normalized": True},
    "asian,no_punct": {"asian_support": True, "no_punct": True},
    "all": {"normalized": True, "no_punct": True, "asian_support": True, "case_sensitive": True},
}


def _wmt(testset: str, langpair: str, system: str, refs):
    pair = require_wmt() / testset / langpair
    hyps = list(read_lines(pair / f"sys.{system}.txt"))[:N_SEGMENTS]
    streams = [list(read_lines(pair / f"ref.{r}.txt"))[:N_SEGMENTS] for r in refs]
    return hyps, streams


def _theirs(hyps, streams, options):
    """sacreBLEU's corpus score, per-segment statistics and sentence scores, and signature."""
    metric = metrics.TER(**options)
    stats = metric._extract_corpus_statistics(hyps, streams)
    corpus = metric._aggregate_and_compute(stats).score
    sentences = [metric._compute_score_from_stats(row).score for row in stats]
    return corpus, stats, sentences, str(metric.get_signature())


def _assert_equal(hyps, streams, options):
    corpus, stats, sentences, signature = _theirs(hyps, streams, options)
    refs = [list(r) for r in zip(*streams)]
    ours = corpus_ter(hyps, refs, return_segments=True, **options)
    assert ours["score"] == corpus
    assert ours["segment_scores"] == [t / 100 for t in sentences]  # sentence_score(...).score / 100, exactly
    mine = ter_statistics(hyps, refs, {**ngram_core.ter.OPTIONS.resolve(options)})
    assert mine.edits.tolist() == [row[0] for row in stats]
    assert mine.ref_length.tolist() == [row[1] for row in stats]
    assert ours["signature"] == "TER|" + signature.replace("version:2.6.0", f"version:ngram-core-{ngram_core.__version__}")
    assert ours["num_edits"] == int(sum(row[0] for row in stats))
    return ours


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
@pytest.mark.parametrize("pair", PAIRS, ids=lambda p: p[1])
def test_wmt_corpus_and_sentence_scores_equal_sacrebleu(pair, options):
    system, refs = PAIRS[pair]
    hyps, streams = _wmt(*pair, system, refs)
    for n in sorted({1, len(streams)}):
        _assert_equal(hyps, streams[:n], options)


def test_sentence_scores_equal_sacrebleus_sentence_score():
    hyps, streams = _wmt("newstest2021", "de-en", "Online-A", ("A", "B"))
    metric = metrics.TER(normalized=True)
    refs = [list(r) for r in zip(*streams)]
    ours = corpus_ter(hyps[:20], refs[:20], normalized=True, return_segments=True)["segment_scores"]
    assert ours == [metric.sentence_score(h, r).score / 100 for h, r in zip(hyps[:20], refs[:20])]


EDGE_TEXTS = ["", " ", "...", "! ? .", "the", "the the the the the", "the cat the cat the cat", "a b c d e f",
              "f e d c b a", "中文字符测试。", "中文测试字符，", "ひらがな カタカナ", "ＡＢＣ！", "&quot;hi&quot; &amp; 3.5-4",
              "It's John's, isn't it?", "Hello\nworld\n-ing", "UPPER lower MiXeD"]


@pytest.mark.parametrize("options", OPTION_SETS.values(), ids=OPTION_SETS.keys())
def test_edge_texts_equal_sacrebleu(options):
    pairs = [(h, r) for h in EDGE_TEXTS for r in EDGE_TEXTS]
    hyps, streams = [h for h, _ in pairs], [[r for _, r in pairs]]
    _assert_equal(hyps, streams, options)
    for h, r in pairs[:40]:  # one-segment corpora: sacreBLEU's sentence_score itself
        assert corpus_ter([h], [r], **options)["score"] == metrics.TER(**options).sentence_score(h, [r]).score


def test_empty_texts_score_as_sacrebleu_and_the_card_says():
    assert corpus_ter([""], [""])["score"] == 0.0
    assert corpus_ter(["a b"], [""])["score"] == 100.0
    assert corpus_ter([""], ["a b"])["score"] == 100.0
    assert corpus_ter(["a b c d"], ["a"])["score"] == 300.0  # over 100: more edits than reference words
    for h, r in [("", ""), ("a b", ""), ("", "a b"), ("a b c d", "a")]:
        assert corpus_ter([h], [r])["score"] == metrics.TER().sentence_score(h, [r]).score


words = st.sampled_from(["a", "b", "c", "the", "cat", ",", ".", "中", "文", "Ab", "'s"])
texts = st.lists(words, max_size=30).map(" ".join)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(texts, texts, texts), min_size=1, max_size=6), st.sampled_from(sorted(OPTION_SETS)))
@example([("a b c a b c", "c b a c b a", "a")], "default")
def test_generated_text_equals_sacrebleu(rows, option_set):
    hyps = [h for h, _, _ in rows]
    streams = [[r for _, r, _ in rows], [r for _, _, r in rows]]
    _assert_equal(hyps, streams, OPTION_SETS[option_set])


def test_long_lines_with_many_shifts_equal_sacrebleu():
    rng = random.Random(7)
    vocabulary = [f"w{i}" for i in range(12)]
    hyps, refs = [], []
    for n in (40, 90, 130):  # sacreBLEU's search takes seconds on these
        ref = [rng.choice(vocabulary) for _ in range(n)]
        hyp = ref[:]
        for _ in range(n // 4):
            i, j = rng.randrange(n - 4), rng.randrange(n - 4)
            hyp[i:i + 3], hyp[j:j + 3] = hyp[j:j + 3], hyp[i:i + 3]
        hyps.append(" ".join(hyp))
        refs.append(" ".join(ref))
    hyps.append(" ".join(["the"] * 120))  # repeated words: the candidate cap ends the search
    refs.append(" ".join(["the"] * 60 + ["cat"] + ["the"] * 60))
    _assert_equal(hyps, [refs], {})


def test_the_plain_and_the_compiled_kernel_give_the_same_statistics():
    hyps, streams = _wmt("newstest2021", "de-en", "Online-A", ("A", "B"))
    refs = [list(r) for r in zip(*streams)]
    values = ngram_core.ter.OPTIONS.resolve({"normalized": True})
    plain = ter_statistics(hyps[:30], refs[:30], values, loops=kernel)
    fast = ter_statistics(hyps[:30], refs[:30], values, loops=compiled.compile_loops(kernel))
    assert plain.edits.tolist() == fast.edits.tolist() and plain.ref_length.tolist() == fast.ref_length.tolist()


def test_a_text_over_the_limit_is_refused_naming_the_segment_and_the_limit():
    with pytest.raises(ValueError, match=rf"segment 1 has a reference 0 of {MAX_WORDS + 1} words.*limit of {MAX_WORDS}"):
        corpus_ter(["a", "b"], ["a", " ".join(["w"] * (MAX_WORDS + 1))])
    with pytest.raises(ValueError, match="segment 0 has a hypothesis"):
        corpus_ter([" ".join(["w"] * (MAX_WORDS + 1))], ["a"])
    assert corpus_ter([" ".join(["w"] * MAX_WORDS)], ["w"])["num_edits"] == MAX_WORDS - 1


def test_every_way_in_gives_the_same_numbers():
    hyps, streams = _wmt("newstest2021", "de-en", "Online-A", ("A", "B"))
    refs = [list(r) for r in zip(*streams)]
    for options in ({"return_segments": True}, {"normalized": True, "no_punct": True}):
        corpus_options = {k: v for k, v in options.items() if k != "return_segments"}
        check("ter", {"score": _theirs(hyps, streams, corpus_options)[0]}, hyps, refs, options, ways=WAYS)


# -- lower is better where scores are ranked --------------------------------------------------
def test_mbr_selects_the_lowest_expected_ter_and_rewards_rise_as_ter_falls():
    candidates = ["the cat sat on the mat", "a dog ran", "the cat sat on a mat"]
    references = ["the cat sat on the mat", "the cat sat on the mat today"]
    matrix = pairwise("ter", candidates, references)
    selection = mbr_select("ter", candidates, references)
    assert selection.index == int(np.argmin(matrix.mean(axis=1))) == 0
    reward = trl("ter")
    rewards = reward(prompts=["p"] * 3, completions=candidates, reference=[references[0]] * 3)
    sentence = [metrics.TER().sentence_score(c, [references[0]]).score / 100 for c in candidates]
    assert rewards == [1 - s for s in sentence]
    assert rewards[0] == 1.0 and rewards[0] > rewards[2] > rewards[1]
    assert ngram_core.registry.get("ter").higher_is_better is False


# -- significance: sacreBLEU's paired tests, bit for bit ------------------------------------------
SYSTEMS = ("Online-A", "happypoet", "VolcTrans-GLAT")


@pytest.mark.parametrize("refs", [("A",), ("A", "B")], ids=["one-ref", "two-refs"])
@pytest.mark.parametrize("options", [{}, {"normalized": True}], ids=["default", "normalized"])
def test_paired_tests_equal_sacrebleu_api(refs, options, monkeypatch):
    """Scores, p-values, means and intervals of both paired tests (first 150 segments): sacreBLEU's
    rows are [edits, average length], floats with two references (its AR: float64 matrix products)."""
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    significance = require_module("sacrebleu.significance")
    from ngram_core.significance import score_systems

    pair = require_wmt() / "newstest2021" / "de-en"
    systems = [list(read_lines(pair / f"sys.{name}.txt"))[:150] for name in SYSTEMS]
    streams = [list(read_lines(pair / f"ref.{r}.txt"))[:150] for r in refs]
    ours = score_systems(systems, [list(r) for r in zip(*streams)], metrics=("ter",), **options)
    for test, n, mine in (("bs", 1000, ours.paired_bootstrap(1000, seed=12345)),
                          ("ar", 2000, ours.paired_randomization(2000, seed=12345))):
        metric = metrics.TER(references=streams, **options)
        _, theirs = significance.PairedTest(list(zip(SYSTEMS, systems)), {"TER": metric}, None, test_type=test,
                                            n_samples=n)()
        assert [r["TER"].as_dict() for r in mine] == [vars(r) for r in theirs["TER"]], test


def test_confidence_equals_sacrebleu_api(monkeypatch):
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
    from ngram_core.significance import score_systems

    pair = require_wmt() / "newstest2021" / "de-en"
    system = list(read_lines(pair / "sys.Online-A.txt"))[:150]
    streams = [list(read_lines(pair / f"ref.{r}.txt"))[:150] for r in ("A", "B")]
    result = score_systems([system], [list(r) for r in zip(*streams)], metrics=("ter",)).confidence(seed=12345)[0]
    theirs = metrics.TER().corpus_score(system, streams, n_bootstrap=1000)
    assert (result["TER"].score, result["TER"].mean, result["TER"].ci) == (theirs.score, theirs._mean, theirs._ci)
