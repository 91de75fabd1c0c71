"""Every tokenizer gives sacreBLEU 2.6.0's tokens, quirks included, on real and generated text."""
from __future__ import annotations

import pyarrow as pa
import pytest
from helpers.require import require_module
from hypothesis import given, settings
from hypothesis import strategies as st

from ngram_core.ngrams.corpus import encode_texts
from ngram_core.tokenizers import TOKENIZERS, get_tokenizer, tokenize
from ngram_core.tokenizers.tokenizer_zh import is_chinese_char
from helpers.tokens import EDGE_CASES, encoded_tokens, sacrebleu_tokens, wmt_lines



@pytest.mark.oracle
@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize(
    "name,targets",
    [("13a", ("en", "de", "ru", "cs")), ("intl", ("en", "de", "ru", "cs")), ("zh", ("zh", "en")),
     ("char", ("zh", "ja", "de")), ("none", ("en", "ru")), ("ja-mecab", ("ja",))],
)
def test_tokens_equal_sacrebleu_on_wmt_data(name, targets, lowercase):
    if name == "ja-mecab":
        require_module("MeCab")
    lines = wmt_lines(targets) + EDGE_CASES
    expected = sacrebleu_tokens(lines, name, lowercase)
    assert tokenize(lines, name, lowercase) == expected
    encoded = encode_texts(lines, name, lowercase)
    vocab = encoded.vocab
    ids, off = encoded.ids.tolist(), encoded.offsets.tolist()
    got = [[vocab[j] for j in ids[off[i]:off[i + 1]]] for i in range(len(lines))]
    assert got == expected


TEXT = st.lists(
    st.sampled_from(list("ab0129 .,-'\"&;<>()!?:/\n\t\u00a0\u3000中文字Σς-") + ["&amp;", "&quot;", "<skipped>", "-\n", "..."]),
    max_size=20,
).map("".join)


@pytest.mark.oracle
@settings(max_examples=300, deadline=None)
@given(lines=st.lists(TEXT, min_size=1, max_size=8), lowercase=st.booleans())
def test_tokens_equal_sacrebleu_on_generated_text(lines, lowercase):
    for name in ("13a", "intl", "zh", "char", "none"):
        assert tokenize(lines, name, lowercase) == sacrebleu_tokens(lines, name, lowercase), name


def test_zh_ranges_equal_sacrebleus_string_comparisons():
    zh = require_module("sacrebleu.tokenizers.tokenizer_zh")
    ranges = zh._UCODE_RANGES
    for code in range(0x110000):
        char = chr(code)
        assert is_chinese_char(char) == any(lo <= char <= hi for lo, hi in ranges), hex(code)


def test_unknown_tokenizer_is_a_clear_error():
    with pytest.raises(ValueError, match="tokenize='13b'.*13a"):
        get_tokenizer("13b")
    with pytest.raises(TypeError, match="tokenize must be a string"):
        get_tokenizer(None)
    assert set(TOKENIZERS) >= {"13a", "intl", "zh", "char", "none", "ja-mecab"}


def test_coco_without_its_distribution_names_the_package_and_the_way_around(monkeypatch):
    """tokenize="coco" lives in ngram-core-coco (GPL): with no entry point for it, every
    metric says what to install and that tokenize='none' on one's own tokens needs nothing."""
    from ngram_core import compute_meteor, corpus_bleu, corpus_nist
    from ngram_core import tokenizers

    monkeypatch.setattr(tokenizers, "entry_points", lambda **selection: [])
    get_tokenizer.cache_clear()
    try:
        for score in (corpus_bleu, corpus_nist, compute_meteor):
            with pytest.raises(tokenizers.TokenizerNotInstalled) as raised:
                score(["a b ."], [["a b ."]], tokenize="coco")
            message = str(raised.value)
            assert "ngram-core-coco" in message and "pip install -e plugins/ngram-core-coco" in message, message
            assert "tokenize='none'" in message and "GPL-3.0-or-later" in message, message
        own = ["a man rides a horse"]
        tokens = corpus_bleu(own, [own], variant="coco", tokenize="none")
        assert tokens["bleu"] > 0.99 and "tok:none" in tokens["signature"]
    finally:
        get_tokenizer.cache_clear()  # the real registry again for the tests after this one


# --- 13a's pyarrow path (tokenize_arrow, used by encode_texts) against its Python path





STRING_TYPES = (pa.string(), pa.large_string())


def assert_13a_paths_agree(lines, kinds=STRING_TYPES):
    """tokenize_arrow gives tokenize_batch's tokens, and so does encode_texts (which
    tokenizes chunk by chunk) with tokenize_arrow and with its Python fallback."""
    tok = get_tokenizer("13a")
    for lowercase in (False, True):
        prepared = [(line.lower() if lowercase else line).rstrip() for line in lines]
        expected = [out.split() for out in tok.tokenize_batch(prepared)]
        for kind in kinds:
            got = tok.tokenize_arrow(pa.array(prepared, type=kind))
            assert got.type == kind
            assert [out.split() for out in got.to_pylist()] == expected
        assert encoded_tokens(encode_texts(lines, "13a", lowercase)) == expected
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(tok, "tokenize_arrow", lambda chunks: None)  # the Python fallback
            assert encoded_tokens(encode_texts(lines, "13a", lowercase)) == expected


ARROW_TEXT = st.lists(
    st.one_of(
        st.sampled_from(
            list("ab0129 .,-'\"&;<>()!?:/\n\t\u00a0\u3000\u2028中文字Σς-İ")
            + ["&amp;", "&quot;", "&lt;", "&gt;", "&amp;lt;", "&am-\np;", "...", "1,000.5"]
            + ["<skipped>", "<skip", "ped>", "-\n", "<skip-\nped>", "<skip<skipped>ped>"]
        ),
        st.text(max_size=3),
    ),
    max_size=20,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(lines=st.lists(ARROW_TEXT, min_size=1, max_size=8))
def test_13a_arrow_path_equals_python_path_on_generated_text(lines):
    tok = get_tokenizer("13a")
    expected = [tok(line).split() for line in lines]
    assert [out.split() for out in tok.tokenize_batch(lines)] == expected
    assert [out.split() for out in tok.tokenize_arrow(pa.array(lines)).to_pylist()] == expected
    assert_13a_paths_agree(lines)


def test_13a_arrow_path_on_no_lines():
    assert get_tokenizer("13a").tokenize_arrow(pa.array([], type=pa.large_string())).to_pylist() == []


def test_13a_arrow_path_equals_python_path_on_wmt_data():
    assert_13a_paths_agree(wmt_lines(("en", "de", "ru", "cs"), every=2) + EDGE_CASES, kinds=(pa.large_string(),))


PERIODS_AND_DASHES = st.lists(st.sampled_from(list("a09.,.,- \n!")), max_size=30).map("".join)


@settings(max_examples=1000, deadline=None)
@given(text=PERIODS_AND_DASHES)
def test_13a_python_rules_give_the_strings_of_mtevals_expressions(text):
    # apply_rules searches rules 2 and 4 from '.', ',' and '-' (ngram_core's faster form);
    # the strings must be those of the expressions themselves, spaces included
    from ngram_core.tokenizers.tokenizer_13a import _RULES_13A, apply_rules

    expected = text
    for pattern, template in _RULES_13A:
        expected = pattern.sub(template, expected)
    assert apply_rules(text) == expected
