"""chrF ``variant="torchmetrics"`` against torchmetrics 1.9 run live (CPU torch): ``chrf_score``
and ``CHRFScore`` (corpus and sentence-level scores), chrF and chrF++, ``lowercase``,
``whitespace``, ``beta``, ``n_char_order``, on real WMT systems (one, two and three references)
and on generated text (tabs, line breaks, Unicode spaces, empty strings, references scoring 0).

Its arithmetic has no ln or exp (divisions, products, a maximum and sums, each correctly rounded
in float32 by torch and by numpy alike), so every comparison is exact (``==``, bit for bit).
"""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

from helpers.data import read_lines, require_wmt
from helpers.parity import check
from helpers.require import require, require_module
from ngram_core.chrf import corpus_chrf

torchmetrics = require_module("torchmetrics")
require(torchmetrics.__version__.startswith("1.9."), f"torchmetrics 1.9 is the oracle, found {torchmetrics.__version__}; "
        "pip install 'torchmetrics==1.9.0'")
from torchmetrics.functional.text import chrf_score  # noqa: E402
from torchmetrics.text import CHRFScore  # noqa: E402

N_SEGMENTS = 100  # torchmetrics counts with one tensor per n-gram: the slow part
SYSTEMS = [("newstest2021", "de-en", "Online-A", ("A", "B")), ("newstest2021", "en-de", "Online-W", ("A", "C", "D")),
           ("generaltest2022", "en-ja", "NT5", ("A",))]
OPTION_SETS = {"default": {}, "chrF++": {"word_order": 2}, "lowercase": {"lowercase": True},
               "whitespace": {"whitespace": True}, "beta=1": {"beta": 1}, "char_order=4,chrF++": {"char_order": 4,
                                                                                              "word_order": 2}}


def _theirs_options(options):
    return {"n_char_order": options.get("char_order", 6), "n_word_order": options.get("word_order", 0),
            "beta": float(options.get("beta", 2)), "lowercase": options.get("lowercase", False),
            "whitespace": options.get("whitespace", False)}


def _theirs(hyps, refs, options):
    corpus, sentences = chrf_score(hyps, refs, return_sentence_level_score=True, **_theirs_options(options))
    return corpus.item(), sentences.tolist()


def check_torchmetrics(hyps, refs, options, ways=("plain", "arrays"), segments=True):
    """Ours (``variant="torchmetrics"``) against ``chrf_score`` (the oracle), bit for bit, through ``ways``."""
    def oracle(h, r):
        corpus, sentences = _theirs(h, r, options)
        return {"chrf": corpus, **({"segment_scores": sentences} if segments else {})}

    return check("chrf", oracle, hyps, refs, dict(options, variant="torchmetrics", return_segments=segments),
                 ways=ways, key="chrf")


def _wmt(testset, langpair, system, refs):
    pair = require_wmt() / testset / langpair
    hyps = list(read_lines(pair / f"sys.{system}.txt"))[:N_SEGMENTS]
    streams = [list(read_lines(pair / f"ref.{r}.txt"))[:N_SEGMENTS] for r in refs]
    return hyps, [list(r) for r in zip(*streams)]


@pytest.mark.parametrize("name", OPTION_SETS)
@pytest.mark.parametrize("system", SYSTEMS, ids=lambda s: f"{s[1]}-{s[2]}-{len(s[3])}refs")
def test_wmt_corpus_and_sentences_equal_torchmetrics(system, name):
    hyps, refs = _wmt(*system)
    ours = check_torchmetrics(hyps, refs, OPTION_SETS[name])
    assert ours["score"] == 100 * ours["chrf"]
    check_torchmetrics(hyps, [r[:1] for r in refs], OPTION_SETS[name])  # one reference


def test_wmt_compiled_kernel_and_class_in_batches():
    """The compiled counting gives the same numbers; ``CHRFScore`` updated batch by batch is
    ``chrf_score`` of the whole (its states add) and ours."""
    hyps, refs = _wmt(*SYSTEMS[1])
    options = {"word_order": 2}
    metric = CHRFScore(return_sentence_level_score=True, **_theirs_options(options))
    for at in range(0, len(hyps), 32):
        metric.update(hyps[at:at + 32], refs[at:at + 32])
    corpus, sentences = metric.compute()
    check("chrf", {"chrf": corpus.item(), "segment_scores": sentences.tolist()}, hyps, refs,
          dict(options, variant="torchmetrics", return_segments=True), ways=("compiled",), key="chrf")


def test_signature_and_options():
    out = corpus_chrf(["a b"], ["a b"], variant="torchmetrics", word_order=2)
    assert out["signature"].startswith("chrF2++|variant:torchmetrics|nrefs:1|case:mixed|nc:6|nw:2|space:no|version:")
    assert corpus_chrf(["a b"], ["a b"])["signature"].startswith("chrF2|nrefs:1|case:mixed|eff:yes|")
    with pytest.raises(ValueError, match="eps_smoothing is only used by variant='sacrebleu'"):
        corpus_chrf(["a"], ["a"], variant="torchmetrics", eps_smoothing=True)
    with pytest.raises(ValueError, match="char_order >= 1"):
        corpus_chrf(["a"], ["a"], variant="torchmetrics", char_order=0, word_order=2)


def test_its_rules_differ_from_sacrebleu():
    """What the card says: a segment whose references all score 0 adds no reference n-grams
    (recall inflated), and whitespace other than " " inside a text is a character."""
    hyps, refs, no_ref = ["abcdefgh", "xyz"], [["abcdefgh"], ["qqqqqq"]], [["abcdefgh"], [""]]
    scored = corpus_chrf(hyps, refs, variant="torchmetrics")["chrf"]
    assert scored == _theirs(hyps, refs, {})[0] == corpus_chrf(hyps, no_ref, variant="torchmetrics")["chrf"]
    assert corpus_chrf(hyps, refs)["chrf"] < scored  # sacreBLEU counts the reference "qqqqqq"
    tabbed = corpus_chrf(["a\tb"], ["ab"], variant="torchmetrics")
    assert tabbed["chrf"] == _theirs(["a\tb"], [["ab"]], {})[0] < 1 == corpus_chrf(["a\tb"], ["ab"])["chrf"]


TEXT = st.text(st.sampled_from(list("ab ,.()\t\n\u00a0\u2003xyZ")), max_size=14)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(TEXT, st.lists(TEXT, min_size=1, max_size=3)), min_size=1, max_size=5),
       st.sampled_from(sorted(OPTION_SETS)))
@example([("", [""]), (" ", ["a"]), ("a", ["", " "])], "default")
@example([("ab.", ["ab.", "ab ."]), ("x\u00a0y z", ["x y\tz"])], "chrF++")
def test_generated_text_equals_torchmetrics(pairs, name):
    hyps, refs = [h for h, _ in pairs], [r for _, r in pairs]
    check_torchmetrics(hyps, refs, OPTION_SETS[name])


def test_nltk_chrf_is_the_default_variants_segment_scores_and_their_mean():
    """What the card says of NLTK (no variant for it): ``sentence_chrf`` is our segment score with
    ``beta=3, eps_smoothing=True`` and ``corpus_chrf`` their mean, within float64 reordering."""
    nltk_chrf = require_module("nltk.translate.chrf_score")
    hyps, refs = _wmt(*SYSTEMS[1])
    hyps, refs = hyps + ["", "a", " ", "x y"], [r[0] for r in refs] + ["a", "", "q", "x\ty"]
    ours = corpus_chrf(hyps, refs, beta=3, eps_smoothing=True, return_segments=True)
    for score, h, r in zip(ours["segment_scores"], hyps, refs):
        assert score == pytest.approx(nltk_chrf.sentence_chrf(r, h), abs=1e-15)
    mean = sum(ours["segment_scores"]) / len(hyps)
    assert mean == pytest.approx(nltk_chrf.corpus_chrf(refs, hyps), abs=1e-15) != ours["chrf"]


def test_every_way_in_gives_its_numbers():
    """``load("chrf")``, ``score_all`` and the pairwise matrix (sentence scores) with the variant."""
    from ngram_core.pairwise_scores import pairwise

    hyps, refs = _wmt(*SYSTEMS[0])
    hyps, refs = hyps[:20], refs[:20]
    check_torchmetrics(hyps, refs, {"word_order": 2}, ways=("load", "score_all"), segments=False)
    matrix = pairwise("chrf", hyps[:4], [r[0] for r in refs[:3]], variant="torchmetrics")
    assert matrix.tolist() == [[_theirs([h], [[r[0]]], {})[0] for r in refs[:3]] for h in hyps[:4]]


@pytest.mark.parametrize("path", ["arrays", "compiled"])
def test_inner_whitespace_on_both_counting_paths(path):
    """Texts with tabs, line breaks and Unicode spaces inside: characters counted on its
    character text, words on the text as given, by the array code and the compiled kernel."""
    hyps = ["a\tb c.", "x\u00a0y  z", " lead\ntrail ", "(q)\u2003r"]
    refs = [["a b c", "ab\tc."], ["x y z"], ["lead trail"], ["(q) r", "q\u2003r"]]
    for options in ({}, {"word_order": 2}, {"word_order": 2, "lowercase": True}):
        check_torchmetrics(hyps, refs, options, ways=(path,))


def test_paired_bootstrap_scores_its_number():
    """The paired tests score each system (and each resample) by its rule: a system's score
    is torchmetrics' corpus chrF x 100 (torchmetrics has no significance test to compare)."""
    from ngram_core.significance import score_systems

    hyps, refs = _wmt(*SYSTEMS[0])
    systems = [hyps[:60], [h[::-1] for h in hyps[:60]]]
    tested = score_systems(systems, refs[:60], metrics=("chrf",), variant="torchmetrics").paired_bootstrap(50, seed=1)
    for system, row in zip(systems, tested):
        assert row["CHRF"].score == 100 * _theirs(system, refs[:60], {})[0]
