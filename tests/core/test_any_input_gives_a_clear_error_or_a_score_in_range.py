"""Fuzzing every metric, variant and documented option on adversarial text (issue 15).

Options are drawn from each metric's one declaration (``OPTIONS``), so a variant or
option added there is fuzzed without touching this file. Whatever the input, only a
``TypeError`` or ``ValueError`` may escape, and every score is finite and within its
documented range: BLEU 0-1 (``score`` 0-100), NIST >= 0, METEOR 0-1. Options are
drawn valid (their declared kinds and ranges, cross-option rules respected), so a
valid draw must score; text with a lone surrogate (not valid Unicode) must be a
``ValueError`` that says so.
"""
from __future__ import annotations

import math

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from ngram_core.bleu import OPTIONS as BLEU_OPTIONS, corpus_bleu
from ngram_core.bleu.variants import get_variant
from ngram_core.meteor import OPTIONS as METEOR_OPTIONS, compute_meteor
from ngram_core.nist import OPTIONS as NIST_OPTIONS, corpus_nist
from ngram_core.tokenizers import get_tokenizer

METRICS = {"bleu": (BLEU_OPTIONS, corpus_bleu), "nist": (NIST_OPTIONS, corpus_nist),
           "meteor": (METEOR_OPTIONS, compute_meteor)}
# (key, low, high) of the numbers each result documents; segment scores share the headline's range
RANGES = {"bleu": [("bleu", 0, 1), ("score", 0, 100)], "nist": [("nist", 0, math.inf)],
          "meteor": [("meteor", 0, 1), ("meteor_corpus", 0, 1)]}


def _available(tokenizer: str) -> bool:
    try:
        get_tokenizer(tokenizer)("a")
        return True
    except (ImportError, FileNotFoundError):  # an optional extra (ko-mecab) or a SentencePiece model this machine lacks
        return False


ADVERSARIAL = st.sampled_from([
    "the", "The", "cat", ",", ".", "-", "'s", "n't", "&amp;", "&quot;", "<skipped>", "0", "3.14", "1,000", "U.S.",
    "\u00e9", "e\u0301", "\u0301", "\u200b", "\u00a0", "\u3000", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x85",
    "\u2028", "\x00", "\x7f", "\U0001F600", "\u4e2d\u6587", "\u65e5\u672c\u8a9e", "\ud800", "\udfff",
    "x" * 300, "aaaa-bbbb", "--", "...", "(", ")", "\"", "`", "''", "`` ``", "big", "large", "car", "auto",
])
TEXT = st.one_of(
    st.lists(ADVERSARIAL, max_size=12).map(" ".join),
    st.lists(ADVERSARIAL, max_size=12).map("".join),
    st.text(max_size=40),
    st.sampled_from(["", " ", "   \t ", "\n"]),
    st.integers(1, 300).map(lambda k: " ".join(["the"] * k)),
)


@st.composite
def corpora(draw):
    n = draw(st.integers(1, 4))
    hyps = draw(st.lists(TEXT, min_size=n, max_size=n))
    if draw(st.booleans()):
        refs = draw(st.lists(TEXT, min_size=n, max_size=n))
    else:
        refs = draw(st.lists(st.lists(TEXT, min_size=1, max_size=3), min_size=n, max_size=n))
    return hyps, refs


def _value(draw, option, values):
    kind = option.kind
    if kind == "flag":
        return draw(st.booleans())
    if kind == "int":
        low = int(option.low if option.low is not None else 0)
        return draw(st.integers(low, low + 5))
    if kind == "float":
        low = option.low if option.low is not None else -10.0
        high = option.high if option.high is not None else low + 10.0
        return draw(st.floats(low, high, exclude_min=option.low_open, allow_nan=False))
    if kind == "choice":
        choices = [c for c in option.choices if option.name != "tokenize" or _available(c)]
        return draw(st.sampled_from(choices))
    if kind == "floats":
        size = values.get("max_order", 4)
        low = option.low if option.low is not None else 0.0
        high = option.high if option.high is not None else 2.0
        return draw(st.lists(st.floats(low, high, allow_nan=False), min_size=size, max_size=size))
    if kind == "names":
        return draw(st.lists(st.sampled_from(option.choices), min_size=1, max_size=len(option.choices), unique=True))
    raise AssertionError(kind)


@st.composite
def option_sets(draw, declaration):
    """Some of the declared options, each with a value its declaration allows."""
    values = {}
    if "variant" in declaration:
        values["variant"] = draw(st.sampled_from(declaration["variant"].choices))
    for name, option in declaration.items():
        if name == "variant" or not draw(st.booleans()):
            continue
        if option.variants and values.get("variant", declaration["variant"].default if "variant" in declaration else None) not in option.variants:
            continue
        if option.nullable and draw(st.booleans()):
            values[name] = None
            continue
        values[name] = _value(draw, option, values)
    if declaration is BLEU_OPTIONS:
        _bleu_variant_rules(draw, values)
    if values.get("weights") is not None and (len(values["weights"]) != values.get("max_order", 4) or not sum(values["weights"])):
        del values["weights"]
    try:  # the other cross-option rules (METEOR 1.5's modules and tasks by language, ...) refuse a draw
        declaration.resolve(values)
    except ValueError:
        assume(False)
    return values


def _bleu_variant_rules(draw, values) -> None:
    """The rules each BLEU variant adds (tested in test_bleu_variants_rules.py): its own
    smoothing methods, a smoothing parameter only where its method has one, mteval's
    tokenizer and ASCII lowercasing, NLTK method6's three orders."""
    scorer = get_variant(values["variant"])
    if values.get("smooth_method") is not None and values["smooth_method"] not in scorer.smooth_methods:
        values["smooth_method"] = draw(st.sampled_from(scorer.smooth_methods))
    method = values.get("smooth_method") or scorer.smooth_methods[0]
    if method not in scorer.smooth_parameters:
        values.pop("smooth_value", None)  # a value for a method that has none is an error
    elif values.get("smooth_value") == 0 and method not in scorer.zero_smooth_parameters:
        values.pop("smooth_value")  # 0 only where the tool accepts it
    if scorer.tokenizers is not None and "tokenize" in values:
        values["tokenize"] = draw(st.sampled_from(scorer.tokenizers))
    if values.get("lowercase") not in scorer.lowercase_choices:
        values["lowercase"] = draw(st.sampled_from(scorer.lowercase_choices))
    if method == "method6":
        values["max_order"] = max(values.get("max_order", 4), 3)
        if values.get("weights") is not None and len(values["weights"]) != values["max_order"]:
            del values["weights"]


def _unbounded(metric: str, options: dict) -> bool:
    """NLTK's methods 5 to 7 average or interpolate precisions and can exceed 1, as NLTK's do."""
    return metric == "bleu" and options.get("variant") == "nltk" and options.get("smooth_method") in (
        "method5", "method6", "method7")


def _check_ranges(metric: str, result: dict, unbounded: bool = False) -> None:
    if unbounded:
        values = [result["bleu"], *result.get("segment_scores", [])]
        assert all(math.isfinite(v) and v >= 0 for v in values), values
        return
    for key, low, high in RANGES[metric]:
        assert math.isfinite(result[key]) and low <= result[key] <= high, (key, result[key])
    low, high = RANGES[metric][0][1:]
    for score in result.get("segment_scores", []):
        assert math.isfinite(score) and low <= score <= high, score


@pytest.mark.parametrize("metric", sorted(METRICS))
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                             HealthCheck.filter_too_much])
@given(data=st.data())
def test_any_input_gives_a_score_in_range_or_a_type_or_value_error(metric, data):
    declaration, function = METRICS[metric]
    hyps, refs = data.draw(corpora())
    options = data.draw(option_sets(declaration))
    texts = hyps + [r for segment in refs for r in ([segment] if isinstance(segment, str) else segment)]
    if any(0xD800 <= ord(c) <= 0xDFFF for text in texts for c in text):
        with pytest.raises(ValueError, match="lone surrogate"):
            function(hyps, refs, **options)
        return
    _check_ranges(metric, function(hyps, refs, **options), _unbounded(metric, options))


@pytest.mark.parametrize("call", [
    lambda: __import__("ngram_core").load("bleu").compute(predictions=[list(range(300))], references=[["a"]]),
    lambda: __import__("ngram_core").load("bleu").compute(predictions=["a"], references=[[list(range(300))]]),
    lambda: __import__("ngram_core").load("bleu").compute(predictions=["a"], references=[b"x" * 300]),
    lambda: corpus_bleu(["a"], [["a"]], max_order=list(range(300))),
    lambda: corpus_nist(["a"], [["a"]], n=[1.5] * 300),
    lambda: compute_meteor(["a"], [["a"]], alpha="y" * 300),
])
def test_a_refused_value_is_shown_whole_or_cut_with_an_ellipsis(call):
    """A long value in a message is cut, and says so ("...") rather than stopping mid-token."""
    with pytest.raises((TypeError, ValueError)) as raised:
        call()
    message = str(raised.value)
    shown = [part.split(")")[0].strip() if part.startswith(("[", "(", "b'", "'")) else part
             for part in message.replace("got ", "(").split("(")[1:]]
    cut = [value for value in shown if value[:1] in "[b'" and len(value) >= 30]
    assert cut, message
    assert all(value.endswith(("]", "'", "...")) for value in cut), message
