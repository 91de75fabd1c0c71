"""What a new user's first hour found (issue 15), one test per item, through the core and evaluate.

Each test names the item it pins down. The property-based fuzz test over every metric,
variant and option is in ``test_any_input_gives_a_clear_error_or_a_score_in_range.py``; the fresh-venv install in ``test_install.py``.
"""
from __future__ import annotations

import math
import re
import subprocess
import sys

import numpy as np
import pytest

import ngram_core
from ngram_core.bleu import corpus_bleu
from ngram_core.meteor import compute_meteor
from ngram_core.meteor.jar.corpus import MAX_WORDS
from ngram_core.nist import corpus_nist
from ngram_core.suite import score_all

from helpers.data import REPO
from helpers.require import require_module

CORE = {"bleu": corpus_bleu, "nist": corpus_nist, "meteor": compute_meteor}
HEADLINE = {"bleu": "bleu", "nist": "nist", "meteor": "meteor"}


@pytest.fixture(scope="module", params=sorted(CORE))
def name(request):
    return request.param


@pytest.fixture(scope="module")
def metric(name):
    return ngram_core.load(name, keep_in_memory=True)


# -- item 1: weights that do not sum to 1 ------------------------------------------------------
@pytest.mark.parametrize("weights", [[0.5] * 4, [0.125] * 4, [0.1, 0.2, 0.3, 0.9], [1, 0, 0, 0], [0, 0, 0, 2.5]])
def test_item1_weighted_bleu_is_bp_times_exp_of_weighted_log_precisions_on_0_1(weights):
    nltk_bleu = require_module("nltk.translate.bleu_score")
    hyps = ["the cat sat on the mat with a hat", "a dog ran in the park today"]
    refs = [["the cat sat on a mat with a hat", "there is a cat on the mat"], ["a dog ran in the park"]]
    ours = corpus_bleu(hyps, refs, weights=weights, tokenize="none")
    expected = nltk_bleu.corpus_bleu([[r.split() for r in seg] for seg in refs], [h.split() for h in hyps], weights=weights)
    assert ours["bleu"] == pytest.approx(expected, rel=1e-12)
    assert ours["score"] == pytest.approx(100 * expected, rel=1e-12)
    # by hand: BP * exp(sum w ln p), p on 0-1
    by_hand = ours["brevity_penalty"] * math.exp(sum(w * math.log(p) for w, p in zip(weights, ours["precisions"])))
    assert ours["bleu"] == pytest.approx(by_hand, rel=1e-12)


def test_item1_weights_through_evaluate_load():
    metric = ngram_core.load("bleu", weights=[0.5] * 4, keep_in_memory=True)
    hyps, refs = ["the cat sat on the mat with a hat"], [["the cat sat on a mat with a hat"]]
    assert metric.compute(predictions=hyps, references=refs) == corpus_bleu(hyps, refs, weights=[0.5] * 4)
    assert 0 < metric.compute(predictions=hyps, references=refs)["bleu"] < 1


# -- item 2: iterators and generators as input -----------------------------------------------------
def _corpus():
    return ["the cat sat on the mat", "a dog ran"], [["the cat sat on a mat", "a cat sat"], ["a dog ran fast"]]


def test_item2_generators_in_compute_add_batch_and_add(name, metric):
    hyps, refs = _corpus()
    expected = CORE[name](hyps, refs)
    assert metric.compute(predictions=iter(hyps), references=(iter(r) for r in refs)) == expected
    metric.add_batch(predictions=(h for h in hyps), references=iter([tuple(r) for r in refs]))
    assert metric.compute() == expected
    for h, r in zip(hyps, refs):
        metric.add(prediction=h, reference=iter(r))
    assert metric.compute() == expected
    flat_refs = [r[0] for r in refs]  # one string per prediction, from a generator
    assert metric.compute(predictions=iter(hyps), references=(r for r in flat_refs)) == CORE[name](hyps, flat_refs)


def test_item2_the_core_accepts_generators_too(name):
    hyps, refs = _corpus()
    assert CORE[name](iter(hyps), (iter(r) for r in refs)) == CORE[name](hyps, refs)


# -- item 3: options given to evaluate.load are checked there, with compute's messages ------------
@pytest.mark.parametrize("name,options,error,match", [
    ("bleu", {"lower_case": True}, TypeError, r"unknown BLEU option 'lower_case' \(did you mean 'lowercase'\?\)"),
    ("meteor", {"alpah": 0.5}, TypeError, r"unknown METEOR option 'alpah' \(did you mean 'alpha'\?\)"),
    ("nist", {"order": 4}, TypeError, r"unknown NIST option 'order'"),
    ("bleu", {"max_order": 0}, ValueError, r"max_order=0 is out of range"),
    ("meteor", {"variant": "foo"}, ValueError, r"variant='foo' is not supported"),
    ("nist", {"n": 0}, ValueError, r"n=0 is out of range"),
    ("bleu", {"weights": [0.5, 0.5]}, ValueError, r"weights has 2 entries but max_order is 4"),
])
def test_item3_load_time_options_are_checked_at_load(name, options, error, match):
    with pytest.raises(error, match=match) as at_load:
        ngram_core.load(name, keep_in_memory=True, **options)
    with pytest.raises(error) as at_compute:
        ngram_core.load(name, keep_in_memory=True).compute(predictions=["a"], references=["a"], **options)
    with pytest.raises(error) as in_core:
        CORE[name](["a"], ["a"], **options)
    assert str(at_load.value) == str(at_compute.value) == str(in_core.value)


def test_item3_evaluates_own_arguments_still_pass_through(tmp_path):
    metric = ngram_core.load("bleu", experiment_id="x", cache_dir=str(tmp_path), tokenize="intl")
    assert metric.experiment_id == "x" and metric.options()["tokenize"] == "intl"


# -- item 4: booleans that are not booleans ---------------------------------------------------
@pytest.mark.parametrize("option", ["return_segments", "lowercase"])
@pytest.mark.parametrize("value", ["no", "False", 0, 1, None])
def test_item4_a_flag_takes_only_true_or_false(name, metric, option, value):
    if name == "meteor" and option == "lowercase" and value is None:
        # None is METEOR's documented "the variant's own" (METEOR 1.5's follows normalize)
        assert "meteor" in CORE[name](["a"], ["a"], lowercase=None)
        return
    # NIST's and BLEU's lowercase is a choice of False, True and "ascii" (BLEU: variant mteval), METEOR's
    # a flag: "no", 0 or None is a TypeError for all three alike (it was a ValueError for BLEU and NIST)
    with pytest.raises(TypeError, match=option):
        CORE[name](["a"], ["a"], **{option: value})
    with pytest.raises(TypeError, match=option):
        metric.compute(predictions=["a"], references=["a"], **{option: value})


def test_item4_numpy_bools_are_bools(name):
    assert "segment_scores" in CORE[name](["a"], ["a"], return_segments=np.bool_(True))


# -- item 5: degenerate long input stays bounded (time and memory about linear) -----------------
LONG_INPUTS = {
    "one word 20,000 times": (" ".join(["the"] * 20000), " ".join(["the"] * 19000)),
    # METEOR 1.5's stem, synonym and paraphrase modules pair every "running" with every "runs"
    "two related words, 20,000 each": (" ".join(["running"] * 20000), " ".join(["runs"] * 20000)),
    "two words alternating, 20,000": (" ".join(["a", "b"] * 10000), " ".join(["b", "a"] * 10000)),
    "200,000 tokens, 5,000 types": (" ".join(f"w{i % 5000}" for i in range(200000)),
                                    " ".join(f"w{(i * 7) % 5000}" for i in range(150000))),
}


@pytest.mark.slow
@pytest.mark.parametrize("label", sorted(LONG_INPUTS))
def test_item5_long_and_repetitive_segments_are_scored(name, label):
    hyp, ref = LONG_INPUTS[label]
    variants = CORE_VARIANTS.get(name, [{}])
    for options in variants:
        if name == "meteor" and options.get("variant") == "meteor-1.5" and len(hyp.split()) > MAX_WORDS:
            # issue 28: over the limit, METEOR 1.5 refuses (its alignment would take gigabytes)
            with pytest.raises(ValueError, match=rf"segment 0 has a prediction of .* limit of {MAX_WORDS:,} words"):
                CORE[name]([hyp, "short one"], [[ref], ["short one"]], **options)
            continue
        result = CORE[name]([hyp, "short one"], [[ref], ["short one"]], return_segments=True, **options)
        assert all(math.isfinite(s) for s in result["segment_scores"]), options
        assert math.isfinite(result[HEADLINE[name]])


def _meteor_variants():
    from ngram_core.meteor import OPTIONS

    return [{"variant": v} for v in OPTIONS["variant"].choices]


CORE_VARIANTS = {"meteor": _meteor_variants()}


# -- item 6: lone surrogates -------------------------------------------------------------------
@pytest.mark.parametrize("hyps,refs,where", [
    (["fine", "a \ud800 b"], ["fine", "a b"], r"predictions\[1\]"),
    (["fine"], [["fine", "x\udfff"]], r"references\[0\]\[1\]"),
    (["fine", "ok"], ["fine", "\udc80"], r"references\[1\]"),
])
def test_item6_a_lone_surrogate_is_a_value_error_naming_the_segment(name, metric, hyps, refs, where):
    with pytest.raises(ValueError, match=where + ".*lone surrogate"):
        CORE[name](hyps, refs)
    with pytest.raises(ValueError, match=where + ".*lone surrogate"):
        metric.compute(predictions=hyps, references=refs)
    with pytest.raises(ValueError, match=where + ".*lone surrogate"):
        score_all(hyps, refs, metrics=(name,))


# -- item 7: a failed compute leaves evaluate's cache untouched ----------------------------------
def test_item7_bad_options_fail_before_evaluate_takes_its_cache_lock(name, metric):
    bad = {"bleu": {"max_order": 0}, "nist": {"n": 0}, "meteor": {"alpha": 2.0}}[name]
    with pytest.raises(ValueError):
        metric.compute(predictions=["a b"], references=["a b"], **bad)
    assert metric.writer is None and metric.filelock is None  # nothing was written or locked
    metric.add_batch(predictions=["a b"], references=["a b"])
    with pytest.raises(ValueError):
        metric.compute(**bad)
    assert metric.compute() == CORE[name](["a b"], ["a b"])  # the batch is still there


# -- item 8: loading after a pip install; help names the entry points -------------------------------
def test_item8_load_finds_the_bundled_scripts_and_help_names_the_entry_points():
    import pydoc

    assert ngram_core.load("nist", keep_in_memory=True).name == "nist_custom"
    text = pydoc.render_doc(ngram_core, renderer=pydoc.plaintext)
    for entry in ("load", "corpus_bleu", "corpus_nist", "compute_meteor", "score_all"):
        assert entry in text and callable(getattr(ngram_core, entry))
    with pytest.raises(ValueError, match="no metric named 'rouge'"):
        ngram_core.load("rouge")


def test_item8_import_of_one_metric_stays_light():
    out = subprocess.run([sys.executable, "-c", "import sys, ngram_core.bleu; print('evaluate' in sys.modules, "
                          "'ngram_core.meteor' in sys.modules)"], capture_output=True, text=True, check=True, cwd=REPO)
    assert out.stdout.split() == ["False", "False"]


# -- item 9: what a documented option needs comes with the install -------------------------------------
def test_item9_the_nltk_variant_needs_nothing_beyond_install_requires():
    import configparser

    config = configparser.ConfigParser()
    config.read(REPO / "setup.cfg")
    required = {re.split(r"[<>=!~ ]", line.strip())[0] for line in config["options"]["install_requires"].splitlines() if line.strip()}
    assert "nltk" in required
    assert compute_meteor(["a cat"], ["a cat"], variant="nltk")["meteor"] > 0.9


# -- item 10: the first output says the scale of every number -------------------------------------
def test_item10_quickstart_names_the_scale_of_every_number_and_explains_the_signature():
    out = subprocess.run([sys.executable, str(REPO / "examples" / "quickstart.py")], capture_output=True, text=True,
                         check=True, env={**__import__("os").environ, "HF_EVALUATE_OFFLINE": "1"}).stdout
    number = re.compile(r"\d+\.\d{4}")
    for line in out.splitlines():
        if number.search(line) and "|" not in line:
            assert re.search(r"\(0-1|\(0-100|0 and up", line), f"no scale on: {line}"
    assert "nrefs:var means" in out and "Signatures" in out


# -- item 11: clearer messages ---------------------------------------------------------------------
@pytest.mark.parametrize("call,error,match", [
    (lambda: corpus_bleu(["a"], [[b"a"]]), TypeError, r"references\[0\]\[0\] is bytes .*decode it"),
    (lambda: corpus_bleu([b"a"], ["a"]), TypeError, r"predictions\[0\] is bytes .*decode it"),
    (lambda: corpus_bleu(["a"], [b"a"]), TypeError, r"references\[0\] is bytes"),
    (lambda: compute_meteor(["a"], ["a"], alpha="0.9"), TypeError,
     r"alpha must be a number in \[0, 1\](, or None)?; got '0.9' \(str\)"),
    (lambda: corpus_bleu(["a", "b"], [["a"]]), ValueError, r"references has 1 entry but predictions has 2"),
    (lambda: corpus_bleu(["a", "b", "c"], [["a"], ["b"]]), ValueError, r"references has 2 entries"),
    (lambda: corpus_nist(["a"], ["a"], n=2.0), TypeError, r"n must be an integer >= 1; got 2.0 \(float\)"),
    (lambda: corpus_bleu(["a"], [[None]]), TypeError, r"references\[0\]\[0\] is None.*drop missing references"),
])
def test_item11_messages_say_what_is_wrong(call, error, match):
    with pytest.raises(error, match=match):
        call()


# -- add() and add_batch() as users call them ----------------------------------------------------
def test_add_with_add_batchs_argument_names_says_which_names_add_takes(metric):
    with pytest.raises(TypeError, match=r"add\(\) takes reference=, not references="):
        metric.add(prediction="a b", references=["a b"])
    with pytest.raises(TypeError, match=r"add_batch\(\) takes predictions=, not prediction="):
        metric.add_batch(prediction="a b", references=["a b"])


def test_batches_of_plain_strings_and_of_lists_mix_in_one_metric(name):
    metric = ngram_core.load(name, keep_in_memory=True)
    hyps = ["the cat sat on the mat", "a dog ran", "it rained all day", "the sun came out", "we went home"]
    refs = [["the cat sat on a mat", "a cat sat"], ["a dog ran fast"], ["it rained the whole day", "rain all day"],
            ["the sun was out"], ["we went home", "we walked home"]]
    metric.add_batch(predictions=hyps[:3], references=[r[0] for r in refs[:3]])  # one string per prediction
    metric.add_batch(predictions=hyps[3:], references=refs[3:])  # lists of references
    metric.add(prediction=hyps[0], reference=refs[0][0])
    expected = CORE[name](hyps + hyps[:1], [r[:1] for r in refs[:3]] + refs[3:] + [refs[0][:1]])
    assert metric.compute() == expected
