"""``variant="torchmetrics"`` against torchmetrics 1.9 run live (CPU torch): ``BLEUScore`` and
``bleu_score`` on whitespace tokens, ``SacreBLEUScore`` on its tokenizers, ``n_gram`` 1-4, ``smooth``
both, on real WMT systems (one and three references) and on generated text.

torchmetrics computes in float32 with torch's ln and exp (SLEEF, within 1 ulp); ours does the same
float32 operations with correctly rounded ln and exp. So the numbers are equal to the last bit in most
cases and otherwise within :func:`float32_bound` (see ``ngram_core/bleu/variants/torchmetrics.py``);
0 (its zero rule) is compared exactly. Locally the module skips without torch and says how to get it.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.data import load_system, require_wmt
from helpers.parity import check
from helpers.require import require, require_module
from ngram_core.bleu import corpus_bleu

torchmetrics = require_module("torchmetrics")
require(torchmetrics.__version__.startswith("1.9."), f"torchmetrics 1.9 is the oracle, found {torchmetrics.__version__}; "
        "pip install 'torchmetrics==1.9.0'")
from torchmetrics.functional.text import bleu_score  # noqa: E402
from torchmetrics.text import BLEUScore, SacreBLEUScore  # noqa: E402

SMOOTH = {False: "none", True: "add-one"}
# one and several references, three language pairs
SYSTEMS = [("newstest2021", "en-de", "Online-W", ["A", "C", "D"]), ("newstest2021", "ru-en", "Online-Y", ["A"]),
           ("newstest2021", "de-en", "NVIDIA-NeMo", ["A", "B"])]


def float32_bound(ours, weights) -> float:
    """How far torchmetrics' float32 BLEU may be from ours: each of its N logs may be 1 ulp off the
    correctly rounded one (moving the exponent by up to 2^-23 w_n |ln p_n|), each of its two exps
    1 ulp (2^-23 relative), and the products round; twice that, for margin."""
    terms = sum(w * abs(math.log(p)) for w, p in zip(weights, ours["precisions"]) if p > 0)
    return ours["bleu"] * 2.0 ** -23 * (2 * terms + 6)


def check_bleu(hyps, refs, theirs: float, n_gram, smooth, weights=None, **options) -> dict:
    """Ours (``variant="torchmetrics"``) against torchmetrics' number ``theirs`` (the oracle) within
    :func:`float32_bound`; 0 (its zero rule) exactly."""
    def bound(ours, expected):
        if expected["bleu"] == 0.0 or ours["bleu"] == 0.0:  # the zero rule is exact
            return 0.0
        return float32_bound(ours, weights or [1 / n_gram] * n_gram)

    return check("bleu", {"bleu": theirs}, hyps, refs, dict(options, variant="torchmetrics", max_order=n_gram,
                 smooth_method=SMOOTH[smooth], weights=weights, return_segments=True), tolerance=bound, key="bleu")


def check_segments(hyps, refs, n_gram, smooth, weights=None, **options) -> int:
    """Each segment as a one-segment corpus against torchmetrics; ours per segment equal our
    ``segment_scores``. Returns how many segments torchmetrics scored exactly 0."""
    scores = corpus_bleu(hyps, refs, variant="torchmetrics", max_order=n_gram, smooth_method=SMOOTH[smooth],
                         weights=weights, return_segments=True, **options)["segment_scores"]
    zeros = 0
    for h, r, score in zip(hyps, refs, scores):
        theirs = bleu_score([h], [r], n_gram=n_gram, smooth=smooth, weights=weights).item()
        assert check_bleu([h], [r], theirs, n_gram, smooth, weights, **options)["bleu"] == score
        zeros += theirs == 0.0
    return zeros


@lru_cache(maxsize=None)
def system(testset, pair, name, refs):
    require_wmt()
    return load_system({"testset": testset, "langpair": pair, "system": name, "refs": list(refs)})


@pytest.mark.oracle
@pytest.mark.parametrize("smooth", [False, True], ids=["plain", "smooth"])
@pytest.mark.parametrize("n_gram", [1, 2, 3, 4])
@pytest.mark.parametrize("testset,pair,name,refs", SYSTEMS, ids=[f"{p}-{len(r)}refs" for _, p, _, r in SYSTEMS])
def test_bleu_score_on_real_systems(testset, pair, name, refs, n_gram, smooth):
    hyps, references = system(testset, pair, name, tuple(refs))
    check_bleu(hyps, references, bleu_score(hyps, references, n_gram=n_gram, smooth=smooth).item(), n_gram, smooth,
               tokenize="none")
    # sentence level: each segment as a one-segment corpus (a sample: torchmetrics takes ~1 ms a call)
    rows = random.Random(n_gram).sample(range(len(hyps)), 150)
    zeros = check_segments([hyps[i] for i in rows], [references[i] for i in rows], n_gram, smooth, tokenize="none")
    assert n_gram == 1 or zeros > 0  # the zero rule was exercised


@pytest.mark.oracle
@pytest.mark.parametrize("testset,pair,name,refs", SYSTEMS[:2], ids=[f"{p}-{len(r)}refs" for _, p, _, r in SYSTEMS[:2]])
def test_bleu_score_class_updated_in_batches_with_weights(testset, pair, name, refs):
    hyps, references = system(testset, pair, name, tuple(refs))
    weights = [0.4, 0.3, 0.2, 0.1]
    metric = BLEUScore(n_gram=4, smooth=True, weights=weights)
    for start in range(0, len(hyps), 256):  # its float32 state adds up batch after batch
        metric.update(hyps[start:start + 256], references[start:start + 256])
    check_bleu(hyps, references, metric.compute().item(), 4, True, weights=weights, tokenize="none")


@pytest.mark.oracle
@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("tokenize", ["13a", "none"])
@pytest.mark.parametrize("testset,pair,name,refs", SYSTEMS, ids=[f"{p}-{len(r)}refs" for _, p, _, r in SYSTEMS])
def test_sacrebleuscore_on_real_systems(testset, pair, name, refs, tokenize, lowercase):
    hyps, references = system(testset, pair, name, tuple(refs))
    theirs = SacreBLEUScore(tokenize=tokenize, lowercase=lowercase)(hyps, references).item()
    check_bleu(hyps, references, theirs, 4, False, tokenize=tokenize, lowercase=lowercase)


# -- generated text ---------------------------------------------------------------------------------
WORDS = ["a", "b", "c", "the", "cat", "Cat", "İ", "x-", "well-\n", "a.b", "&amp;", "\u00a0", "\t"]
SEGMENT = st.lists(st.sampled_from(WORDS), max_size=9).map(" ".join)


@st.composite
def corpora(draw):
    n = draw(st.integers(1, 5))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = [draw(st.lists(SEGMENT, min_size=1, max_size=3)) for _ in range(n)]
    return hyps, refs


WEIGHTS = st.none() | st.lists(st.floats(0.05, 1.0), min_size=4, max_size=4)


@pytest.mark.oracle
@pytest.mark.parametrize("smooth", [False, True], ids=["plain", "smooth"])
@pytest.mark.parametrize("n_gram", [1, 2, 3, 4])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora(), weights=WEIGHTS)
def test_bleu_score_on_generated_text(n_gram, smooth, corpus, weights):
    hyps, refs = corpus
    weights = weights[:n_gram] if weights else None
    check_bleu(hyps, refs, bleu_score(hyps, refs, n_gram=n_gram, smooth=smooth, weights=weights).item(), n_gram, smooth,
               weights, tokenize="none")
    check_segments(hyps, refs, n_gram, smooth, weights, tokenize="none")


@pytest.mark.oracle
@pytest.mark.parametrize("tokenize", ["13a", "none"])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora(), lowercase=st.booleans(), smooth=st.booleans(), n_gram=st.integers(1, 4))
def test_sacrebleuscore_on_generated_text(tokenize, corpus, lowercase, smooth, n_gram):
    hyps, refs = corpus
    theirs = SacreBLEUScore(n_gram=n_gram, smooth=smooth, tokenize=tokenize, lowercase=lowercase)(hyps, refs).item()
    check_bleu(hyps, refs, theirs, n_gram, smooth, tokenize=tokenize, lowercase=lowercase)
