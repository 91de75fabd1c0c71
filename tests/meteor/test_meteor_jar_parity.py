"""METEOR 1.5 (``variant="meteor-1.5"``) against the jar itself, run live.

Each configuration runs the jar once (one JVM) on all of its segments: real WMT
English-target systems with one and with two references, generated text
(punctuation, contractions, numbers, repeated words, empty lines), ``-m exact``, German
and Russian targets with ``-m "exact stem"``; and pycocoevalcap's ``Meteor`` (the jar
through ``-stdio``) on caption-like input. Segment scores and the corpus score must be
within 1e-9 of the jar's. Inputs are sampled (seeded) to keep CI short.
"""
from __future__ import annotations

import random
from typing import List, Tuple

import numpy as np
import pytest

from helpers.parity import check
from helpers.require import require_module
from helpers.jar_scores import jar_scores
from helpers.meteor_samples import generated_segments, sampled_into
from ngram_core.meteor import compute_meteor

pytestmark = [pytest.mark.slow, pytest.mark.oracle]

TOLERANCE = 1e-9
def jar_oracle(jar: Tuple[List[float], float]) -> dict:
    """The jar's segment scores and Final score as the harness' oracle; the headline is its Final score."""
    segment, final = jar
    return {"segment_scores": list(segment), "meteor_corpus": final, "meteor": final,
            "meteor_mean": float(np.mean(segment)), "headline_is_final": True}


def _headline(out):
    return dict(out, headline_is_final=out["meteor"] == out["meteor_corpus"])


def check_jar(hyps, refs, jar, **options):
    check("meteor", jar_oracle(jar), hyps, refs, dict(options, return_segments=True), tolerance=TOLERANCE,
          view=_headline)


@pytest.fixture(scope="module")
def english_single():
    """WMT into English (first reference) and generated text, together: one jar run."""
    hyps, refs = sampled_into("en", 1)
    gen_hyps, gen_refs = generated_segments(300)
    hyps, refs = list(hyps) + gen_hyps, [list(r) for r in refs] + [[r] for r in gen_refs]
    return hyps, refs, jar_scores(hyps, refs, ["-l", "en", "-norm"])


def test_wmt_english_and_generated_text_equal_the_jar(english_single):
    hyps, refs, jar = english_single
    check_jar(hyps, refs, jar)


def test_generated_text_alone_equals_the_jar_segment_by_segment(english_single):
    hyps, refs, (segment, _) = english_single
    n = 300  # the generated part, at the end
    ours = compute_meteor(hyps[-n:], refs[-n:], return_segments=True)
    assert np.abs(np.array(ours["segment_scores"]) - np.array(segment[-n:])).max() <= TOLERANCE


def test_two_references_equal_the_jar():
    hyps, refs = sampled_into("en", 2)
    refs = [list(r) for r in refs]
    check_jar(hyps, refs, jar_scores(hyps, refs, ["-l", "en", "-norm", ]))


def test_exact_module_alone_equals_the_jar():
    hyps, refs = sampled_into("en", 1)
    refs = [list(r) for r in refs]
    check_jar(hyps, refs, jar_scores(hyps, refs, ["-l", "en", "-norm", "-m", "exact"]), stages="exact")


@pytest.mark.parametrize("language", ["de", "ru"])
def test_german_and_russian_targets_with_exact_and_stem_equal_the_jar(language):
    hyps, refs = sampled_into(language, 1)
    refs = [list(r) for r in refs]
    check_jar(hyps, refs, jar_scores(hyps, refs, ["-l", language, "-norm", "-m", "exact stem"]), language=language,
              stages=["exact", "stem"])


def test_function_words_are_the_english_list_for_every_language():
    # the jar's command line reads function/english.words whatever -l says
    hyps, refs = ["die Katze und der Hund , the cat and the dog"], [["die Katze und der Hund , the cat and a dog"]]
    for language in ("de", "ru", "fr"):
        jar = jar_scores(hyps, refs, ["-l", language, "-norm", "-m", "exact", "-p", "0.9 3 0.5 0.9", "-w", "1.0"])
        check_jar(hyps, refs, jar, language=language, stages=["exact"], alpha=0.9, beta=3.0, gamma=0.5, delta=0.9,
                  stage_weights=[1.0])


def test_pycocoevalcap_meteor_equals_meteor_corpus():
    meteor_module = require_module("pycocoevalcap.meteor.meteor")
    hyps, refs = _captions(120)
    res = {k: [h] for k, h in enumerate(hyps)}
    gts = {k: r for k, r in enumerate(refs)}
    scorer = meteor_module.Meteor()
    try:
        score, scores = scorer.compute_score(gts, res)
    finally:
        del scorer
    check("meteor", {"meteor_corpus": score, "segment_scores": list(scores)}, hyps, refs, {"return_segments": True},
          tolerance=TOLERANCE)


def test_pycocoevalcap_pipeline_equals_tokenize_coco():
    """COCO's METEOR as pycocoevalcap computes it (PTBTokenizer in Java, then the jar on
    its tokens) equals ``tokenize="coco"`` on the raw captions."""
    from helpers.coco_text import pycocoevalcap_lines

    require_module("ngram_core_coco")
    meteor_module = require_module("pycocoevalcap.meteor.meteor")
    hyps, refs = _captions(60)
    raw_hyps = [h[:1].upper() + h[1:] + "." for h in hyps]  # case and punctuation for the tokenizer
    flat = pycocoevalcap_lines(raw_hyps + [r for group in refs for r in group])
    tok_hyps, rest = flat[:len(hyps)], iter(flat[len(hyps):])
    tok_refs = [[next(rest) for _ in group] for group in refs]
    scorer = meteor_module.Meteor()
    try:
        score, scores = scorer.compute_score({k: r for k, r in enumerate(tok_refs)},
                                             {k: [h] for k, h in enumerate(tok_hyps)})
    finally:
        del scorer
    ours = check("meteor", {"meteor_corpus": score, "segment_scores": list(scores)}, raw_hyps, refs,
                 {"tokenize": "coco", "return_segments": True}, tolerance=TOLERANCE)
    assert "tok:coco" in ours["signature"]


def _captions(n: int) -> Tuple[List[str], List[List[str]]]:
    """Caption-like input: short English sentences with five references each (the
    beginnings of WMT English references and system outputs)."""
    hyps_all, refs_all = sampled_into("en", 1, per_system=20)
    rng = random.Random(7)
    hyps, refs = [], []
    for k in range(n):
        words = [w for w in refs_all[k % len(refs_all)][0].split()][:rng.randint(5, 14)]
        hyp = hyps_all[k % len(hyps_all)].split()[:rng.randint(5, 14)]
        others = [refs_all[(k + j * 17) % len(refs_all)][0].split()[:rng.randint(5, 14)] for j in range(1, 5)]
        hyps.append(" ".join(hyp).lower())
        refs.append([" ".join(words)] + [" ".join(o) for o in others])
    return hyps, refs


