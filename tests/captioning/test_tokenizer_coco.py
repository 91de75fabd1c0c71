"""The ``coco`` tokenizer without Java: its shortcuts against its own rules, and its place in the pipeline.

``test_tokenizer_coco_parity.py`` holds the comparisons with the live tool; the examples
below are pycocoevalcap's output (checked against the jar there too).
"""
from __future__ import annotations

import pytest
from helpers.coco_text import EXAMPLES, captions
from helpers.require import require_module
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ngram_core.ngrams.corpus import encode_texts
from ngram_core.tokenizers import TOKENIZERS, get_tokenizer, tokenize

plugin = require_module("ngram_core_coco")  # its own distribution (GPL): skips here with the install hint

from ngram_core_coco.tokenizer import (  # noqa: E402
    _filtered,
    _jar_token,
    _jar_units,
    caption_tokens,
    jar_lines,
    lex,
)



def test_registered_under_coco_with_its_signature():
    assert "coco" in TOKENIZERS
    tokenizer = get_tokenizer("coco")
    assert type(tokenizer) is plugin.TokenizerCoco  # found through the plugin's entry point
    assert tokenizer.name == "coco" and tokenizer.signature() == "coco"


@pytest.mark.parametrize("caption,expected", list(EXAMPLES.items()))
def test_examples(caption, expected):
    tokenizer = get_tokenizer("coco")
    assert tokenizer(caption) == expected
    assert tokenizer.tokenize_batch([caption]) == [expected]
    assert " ".join(caption_tokens(caption)) == expected


def test_tokenize_and_encode_texts_split_as_pycocoevalcap_bleu_does():
    # pycocoevalcap's scorers split the tokenized caption on whitespace: a token that
    # holds U+00A0 (1 1/2, phone numbers) counts as its parts there, and here
    texts = list(EXAMPLES)
    expected = [line.split() for line in EXAMPLES.values()]
    assert tokenize(texts, "coco") == expected
    encoded = encode_texts(texts, tokenize="coco")
    assert [encoded.tokens(i) for i in range(len(texts))] == expected


def test_empty_batch():
    assert get_tokenizer("coco").tokenize_batch([]) == []
    assert jar_lines([]) == [""]


def _by_rules(caption: str) -> str:
    """The caption scanned whole with the rules alone: no pieces, no shortcuts."""
    return _filtered([_jar_token(t) for t in lex(_jar_units(caption.replace("\n", " ")) + "\n", shortcuts=False)])


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.lists(captions(), min_size=1, max_size=20))
def test_pieces_and_shortcuts_change_no_token(batch):
    # the cut at safe spaces, the cache and the word shortcuts against the plain rules
    expected = [_by_rules(c) for c in batch]
    assert get_tokenizer("coco").tokenize_batch(batch) == expected
    assert [get_tokenizer("coco")(c) for c in batch] == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["U.S.", "plan B.", "fig.", "x", "The end", "3 cats", "", " ", "A b"]), min_size=1, max_size=6))
def test_whole_file_differs_only_where_the_next_caption_is_read(batch):
    # jar_lines keeps pycocoevalcap's context between captions; each caption alone
    # (followed by nothing) is what the tokenizer gives
    ours = get_tokenizer("coco").tokenize_batch(batch)
    assert ours == [jar_lines([caption, ""])[0] for caption in batch]


# -- coco in the metrics: it lowercases its own tokens, after tokenizing ------------------------
def test_coco_lowercases_after_tokenizing_and_the_signatures_say_so():
    from ngram_core.bleu import corpus_bleu
    from ngram_core.meteor import compute_meteor
    from ngram_core.nist import corpus_nist

    hyps, refs = ["Mr. Smith saw TWO dogs."], [["Mr. Smith saw two dogs in the park."]]
    for result in (corpus_bleu(hyps, refs, tokenize="coco"), corpus_nist(hyps, refs, tokenize="coco"),
                   compute_meteor(hyps, refs, tokenize="coco"),
                   compute_meteor(hyps, refs, tokenize="coco", variant="nltk")):
        assert "case:lc" in result["signature"] and "tok:coco" in result["signature"]
    # lowercase=True (METEOR nltk's default) is the tokenizer's own: the text is not lowercased first
    assert corpus_bleu(hyps, refs, tokenize="coco", lowercase=True)["score"] == corpus_bleu(hyps, refs, tokenize="coco")["score"]


@pytest.mark.parametrize("variant", ["meteor-1.5", "nltk"])
def test_coco_with_lowercase_false_is_an_error_where_false_is_not_the_default(variant):
    from ngram_core.bleu import corpus_bleu
    from ngram_core.meteor import compute_meteor
    from ngram_core.nist import corpus_nist

    extra = {"normalize": False} if variant == "meteor-1.5" else {}
    with pytest.raises(ValueError, match="lowercase=False with tokenize='coco'"):
        compute_meteor(["a b"], ["a b"], tokenize="coco", lowercase=False, variant=variant, **extra)
    # BLEU's and NIST's default, sent explicitly (as a form sends every field), sets nothing
    assert "case:lc" in corpus_bleu(["A b"], ["a b"], tokenize="coco", lowercase=False)["signature"]
    assert "case:lc" in corpus_nist(["A b"], ["a b"], tokenize="coco", lowercase=False)["signature"]


def test_meteor15_takes_coco_and_no_other_tokenizer():
    from ngram_core.meteor import compute_meteor

    with pytest.raises(ValueError, match="it takes 'coco'"):
        compute_meteor(["a b"], ["a b"], tokenize="intl")
    assert compute_meteor(["a b"], ["a b"], tokenize=None)["meteor"] == compute_meteor(["a b"], ["a b"])["meteor"]
