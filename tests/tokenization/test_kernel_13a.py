"""The compiled 13a road of the small-input encoder (``ngram_core/ngrams/kernel_13a.py``)
gives sacreBLEU's 13a tokens, and shares its ids with the Python road in one cache."""
from __future__ import annotations

import sys

import pytest

from helpers.tokens import EDGE_CASES, encoded_tokens, sacrebleu_tokens, wmt_lines

from ngram_core import caches, compiled
from ngram_core.ngrams.corpus import encode_texts, recent_tokens

kernel_13a = pytest.importorskip("ngram_core.ngrams.kernel_13a")

MORE_CASES = [
    "Hello, world.", "1.5-2", "a...b", "..,.", "3,000.00 $ -5", "x-\ny", "&amp;quot; &lt;tag&gt;", "e.g. U.S.A.",
    "tab\there\u00a0nbsp\u3000ideo", "\ud800 lone surrogate", "a--b 1--2 1-2-3", "end.", ".start", "1,2,3.4.5",
    "'quote' \"dq\" [br] {c} ~t `b`", "a\u2028b\x1cc\x85d", "ñandú, café.", "x.1 1.x x,x 1,1", "....", ",.,.,",
    "9-", "-9", "9--9", "a.-b", "1.-2", "x" * 300 + ".," * 200,
]


def _compiled_tokens(lines, lowercase=False):
    with compiled.preferring(True):
        return encoded_tokens(encode_texts(lines, "13a", lowercase))


def test_space_is_str_split_whitespace():
    space = kernel_13a._space.py_func
    assert [c for c in range(0x3001) if space(c)] == [c for c in range(0x3001) if chr(c).isspace()]
    assert not any(chr(c).isspace() for c in range(0x3001, sys.maxunicode + 1))


@pytest.mark.parametrize("lowercase", [False, True])
def test_edge_cases_give_sacrebleu_tokens(lowercase):
    caches.clear()
    lines = EDGE_CASES + MORE_CASES
    assert _compiled_tokens(lines, lowercase) == sacrebleu_tokens(lines, "13a", lowercase)


def test_python_and_compiled_roads_share_one_vocabulary():
    caches.clear()
    first, second, third = EDGE_CASES[:20], MORE_CASES + EDGE_CASES[20:], ["Hello again, world.", "1.5 - 2 ."]
    with compiled.preferring(False):
        assert encoded_tokens(encode_texts(first)) == sacrebleu_tokens(first, "13a", False)
    assert _compiled_tokens(second + first) == sacrebleu_tokens(second + first, "13a", False)
    with compiled.preferring(False):
        assert encoded_tokens(encode_texts(third + second)) == sacrebleu_tokens(third + second, "13a", False)
    recent = recent_tokens()
    assert recent.vocab_13a.n_words < len(recent.words) == len(set(recent.words))  # (added on the next compiled call)
    assert _compiled_tokens(["a new one."] + third) == sacrebleu_tokens(["a new one."] + third, "13a", False)
    assert recent.vocab_13a.words(0) == recent.words


def test_wmt_lines_give_sacrebleu_tokens():
    lines = list(dict.fromkeys(wmt_lines({"en", "de", "ru", "zh", "ja", "cs", "uk", "hr", "liv", "sah", "fr", "is",
                                          "ha"}, every=5)))
    for start in range(0, len(lines), 400):
        caches.clear() if start % 4000 == 0 else None
        chunk = lines[start:start + 400]
        assert _compiled_tokens(chunk) == sacrebleu_tokens(chunk, "13a", False), start


def test_bound_steps_follow_the_rules():
    rule1, period = kernel_13a._rule1.py_func, kernel_13a._period.py_func
    for c in range(128):
        step = 255 if chr(c).isspace() else 4 if period(c) else 2 if c == 45 or rule1(c) else 0
        assert kernel_13a._BOUND_STEP[c] == step, c
