"""``tokenize="nltk-nist"`` / ``"nltk-nist-nonwestern"`` give NLTK 3.10's ``NISTTokenizer.tokenize``
tokens (``western_lang`` True / False), with NLTK's ``lowercase`` (after unescaping), on real
and generated text, through every path a metric tokenizes by."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from helpers.nltk_offline import nltk_nist_tokenizer, tokenize_reads_no_table
from helpers.tokens import EDGE_CASES, encoded_tokens, wmt_lines

from ngram_core.ngrams.corpus import SMALL_INPUT_TEXTS, encode_texts
from ngram_core.tokenizers import tokenize

WESTERN = {"nltk-nist": True, "nltk-nist-nonwestern": False}

# NLTK lowercases after dropping <skipped> and unescaping, so their capitals stay text
NIST_EDGE_CASES = EDGE_CASES + [
    "<SKIPPED>x", "&AMP; &Lt; &apos;&#124;&#91;&#93;", "&amp;apos;", "a\u2028b", "<s\u212aipped>", "&\u212a;",
    "Good muffins cost $3.88 in New York.", "1,000.5-2 x-3 .5 5. a.b", "he's ' `x` ~ {y}",
]


def nltk_tokens(lines, western_lang, lowercase):
    tokenizer = nltk_nist_tokenizer()
    return [tokenizer.tokenize(line, lowercase=lowercase, western_lang=western_lang) for line in lines]


def check(lines, name, lowercase):
    expected = nltk_tokens(lines, WESTERN[name], lowercase and WESTERN[name])
    # NLTK ignores lowercase without western_lang; ours then lowercases at the same point
    if lowercase and not WESTERN[name]:
        expected = [[token.lower() for token in tokens] for tokens in expected]
    assert tokenize(lines, name, lowercase) == expected
    assert encoded_tokens(encode_texts(lines, name, lowercase)) == expected


def test_nltks_tokenize_reads_no_perluniprops_table():
    # so nothing of perluniprops is shipped: the tokenizer needs none of it
    assert tokenize_reads_no_table()


@pytest.mark.oracle
@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("name", list(WESTERN))
def test_tokens_equal_nltk_on_wmt_data(name, lowercase):
    lines = wmt_lines(("en", "de", "ru", "cs", "zh", "ja"), every=5) + NIST_EDGE_CASES
    assert len(lines) > SMALL_INPUT_TEXTS  # the corpus encoder's path for large inputs
    check(lines, name, lowercase)
    check(lines[:40], name, lowercase)  # and for small ones (the cache of recent tokens)


TEXT = st.lists(
    st.sampled_from(list("aAb0129 .,-'\"&;<>()!?:/$`~{}[]|\n\t\u00a0\u2028\u3000中Σς\u212aİ")
                    + ["&amp;", "&AMP;", "&quot;", "&apos;", "&#124;", "&#91;", "&#93;", "<skipped>", "<SKIPPED>",
                       "&lt;", "&gt;", "..."]),
    max_size=20,
).map("".join)


@pytest.mark.oracle
@settings(max_examples=300, deadline=None)
@given(lines=st.lists(TEXT, min_size=1, max_size=8), lowercase=st.booleans())
def test_tokens_equal_nltk_on_generated_text(lines, lowercase):
    for name in WESTERN:
        check(lines, name, lowercase)
