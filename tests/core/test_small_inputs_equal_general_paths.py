"""Small inputs take their own paths (Python encoding through a cache of recent tokens), and
BLEU counts clipped matches with its own kernel (``clipped_match_counts``); these must give
exactly what the general paths (``match_ngrams``) give."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from helpers.data import read_lines, require_wmt
from helpers.require import require_module
from helpers.tokens import EDGE_CASES, sacrebleu_tokens

import ngram_core.bleu as bleu_module
import ngram_core.ngrams.corpus as corpus_module
import ngram_core.ngrams.index as ngrams_module
from ngram_core.bleu import corpus_bleu
from ngram_core.ngrams.corpus import SMALL_INPUT_TEXTS, RecentTokens, encode_texts
from ngram_core import compiled
from ngram_core.ngrams.index import match_ngrams, tokenize_corpus


def clipped_match_counts(tokenized, max_order):
    """The compiled kernel's counts (``ngrams.clipped_match_counts`` runs the array code
    in a fresh process: :mod:`ngram_core.compiled`)."""
    with compiled.preferring(True):
        return ngrams_module.clipped_match_counts(tokenized, max_order)


def tokens_of(encoded):
    ids, off, vocab = encoded.ids.tolist(), encoded.offsets.tolist(), encoded.vocab
    return [[vocab[j] for j in ids[off[i]:off[i + 1]]] for i in range(len(off) - 1)]


def wmt_batches(targets, size=200, every=97):
    wmt = require_wmt()
    lines = []
    for path in sorted(wmt.glob("*/*/*.txt")):
        if path.parent.name.split("-")[1] in targets:
            lines.extend(read_lines(path)[::every])
    return [lines[i:i + size] for i in range(0, len(lines), size)]


@pytest.mark.oracle
@pytest.mark.parametrize("lowercase", [False, True])
@pytest.mark.parametrize("name,targets", [("13a", ("en", "de", "ru", "cs")), ("intl", ("en", "ru")), ("zh", ("zh",)),
                                          ("char", ("ja", "de")), ("none", ("en",)), ("ja-mecab", ("ja",))])
def test_small_batches_give_sacrebleu_tokens(name, targets, lowercase):
    if name == "ja-mecab":
        require_module("MeCab")
    for batch in wmt_batches(targets) + [EDGE_CASES, EDGE_CASES]:  # the second time from the cache
        assert len(batch) <= SMALL_INPUT_TEXTS
        assert tokens_of(encode_texts(batch, name, lowercase)) == sacrebleu_tokens(batch, name, lowercase)


def test_a_full_cache_starts_over_with_the_same_tokens(monkeypatch):
    monkeypatch.setattr(RecentTokens, "MAX_TEXTS", 3)
    lines = ["a b.", "c, d", "e-f 5-6", "x", "a b.", "Hello world!"]
    expected = tokens_of(encode_texts(lines * 100, "13a"))  # more than SMALL_INPUT_TEXTS: pyarrow
    for _ in range(3):
        assert tokens_of(encode_texts(lines, "13a")) == expected[: len(lines)]
    assert sum(map(len, corpus_module.recent_tokens().texts.values())) <= 4 + len(lines)


def test_ids_do_not_depend_on_what_the_cache_saw_before(monkeypatch):
    lines = ["b a c.", "a d", "e a-b"]
    monkeypatch.setattr(corpus_module, "_RECENT", RecentTokens())
    first = encode_texts(lines, "13a")
    monkeypatch.setattr(corpus_module, "_RECENT", RecentTokens())
    encode_texts(["c a b z"], "13a")  # the same words enter the cache first, in another order
    again = encode_texts(lines, "13a")
    assert again.ids.tolist() == first.ids.tolist() and again.vocab == first.vocab
    assert first.vocab[:3] == ["b", "a", "c"]  # first appearance


TEXT = st.lists(st.sampled_from(["a", "b", "c", "a.", "b,", "-", "5-6", "&amp;", "x\ty", "\n", ""]), max_size=8).map(" ".join)


@st.composite
def corpora(draw):
    n = draw(st.integers(1, 8))
    hyps = draw(st.lists(TEXT, min_size=n, max_size=n))
    refs = [draw(st.lists(TEXT, min_size=1, max_size=3)) for _ in range(n)]
    return hyps, refs


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(corpus=corpora(), max_order=st.integers(1, 5))
def test_clipped_match_counts_equal_match_ngrams(corpus, max_order):
    tokenized = tokenize_corpus(*corpus)
    fast = clipped_match_counts(tokenized, max_order)
    general = np.stack([m.per_segment(tokenized.n_segments) for m in match_ngrams(tokenized, max_order)], axis=1)
    assert fast.tolist() == general.tolist()


@pytest.mark.oracle
def test_clipped_match_counts_equal_match_ngrams_on_real_data():
    from helpers.wmt_sample import wmt_sample

    hyps, refs = wmt_sample()[:2]
    tokenized = tokenize_corpus(hyps, refs)
    general = np.stack([m.per_segment(tokenized.n_segments) for m in match_ngrams(tokenized, 6)], axis=1)
    assert clipped_match_counts(tokenized, 6).tolist() == general.tolist()


def test_clipped_match_counts_of_long_repetitive_segments():
    # one segment much longer than the others (the kernel's scratch is sized by it),
    # repeated n-grams (clipping) and a vocabulary larger than the segments
    hyps = [" ".join(["a b"] * 300 + [f"w{i}" for i in range(500)]), "a a a a", ""]
    refs = [["a b a b " * 7 + "w3 w4 w5", " ".join(f"w{i}" for i in range(400))], ["a a", "a a a"], ["x"]]
    tokenized = tokenize_corpus(hyps, refs)
    general = np.stack([m.per_segment(tokenized.n_segments) for m in match_ngrams(tokenized, 4)], axis=1)
    assert clipped_match_counts(tokenized, 4).tolist() == general.tolist()


@pytest.mark.oracle
@pytest.mark.parametrize("n", [1, 8, 64, 300])
def test_small_path_scores_are_bit_identical_to_the_general_path(n, monkeypatch):
    from helpers.wmt_sample import wmt_sample

    hyps, refs = wmt_sample()[:2]
    hyps, refs = hyps[:n], refs[:n]
    options = dict(effective_order=True, return_segments=True)
    small = corpus_bleu(hyps, refs, **options)
    monkeypatch.setattr(corpus_module, "SMALL_INPUT_TEXTS", 0)
    monkeypatch.setattr(ngrams_module, "SMALL_INPUT_TEXTS", 0)
    # and the clipped counts from match_ngrams, as the shared suite passes them
    real = bleu_module.statistics_for
    monkeypatch.setattr(bleu_module, "statistics_for", lambda corpus, values: real(
        corpus, values, match_ngrams(corpus, values["max_order"])))
    assert corpus_bleu(hyps, refs, **options) == small


def test_threads_sharing_the_cache_get_the_sequential_results(monkeypatch):
    """The cache of recent tokens is shared by every thread (a reward computed in a thread
    pool): with its lock, concurrent batches, including ones that fill the cache and start a
    new one, get exactly what each batch gets alone."""
    from concurrent.futures import ThreadPoolExecutor

    rng = np.random.default_rng(7)
    words = [f"w{i}" for i in range(300)] + ["a", "b.", "c,", "d-e", "5-6", "Hello!"]
    def sentence():
        return " ".join(rng.choice(words, size=int(rng.integers(0, 400))).tolist())
    batches = [([sentence() for _ in range(n)], [[sentence(), sentence()] for _ in range(n)])
               for n in (1, 8, 64, 200) for _ in range(3)]
    options = dict(effective_order=True, return_segments=True)

    def score(batch):
        result = corpus_bleu(batch[0], batch[1], **options)
        return result["score"], list(result["segment_scores"])

    expected = [score(batch) for batch in batches]
    monkeypatch.setattr(corpus_module, "_RECENT", RecentTokens())
    monkeypatch.setattr(RecentTokens, "MAX_TEXTS", 150)  # a new cache every few batches
    with ThreadPoolExecutor(max_workers=4) as pool:
        for _ in range(5):
            order = rng.permutation(len(batches)).tolist()
            got = list(pool.map(lambda i: (i, score(batches[i])), order))
            assert all(result == expected[i] for i, result in got)
