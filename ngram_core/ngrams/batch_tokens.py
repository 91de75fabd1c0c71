"""Token ids of a batch of fresh texts, for the compiled reward roads
(:mod:`ngram_core.bleu.rewards`): a reward is called batch after batch on new text, where
each fixed cost of the general road (the small-input cache's dictionaries and strings,
numpy calls on tiny arrays at about 1 µs each) is paid again.

The texts as 13a's tokenizer is handed them (``rstrip``, the line joins and entities:
:meth:`~ngram_core.tokenizers.tokenizer_13a.Tokenizer13a.blob`), then 13a's rules and the
numbering of the tokens in one compiled pass (:mod:`ngram_core.ngrams.kernel_13a`) in a
vocabulary of the batch's own, made for it and dropped after it: nothing is kept between
calls, no lock is taken, and its tables stay small enough for the processor's caches (a
vocabulary kept from batch to batch grows, and its lookups miss them: 20% slower on
WMT batches of 64 and 1,024 completions). BLEU reads the ids alone; NIST gets them
renumbered in order of first appearance with their words as strings.
"""
from __future__ import annotations

from itertools import chain
from typing import Dict, List

from ..lazy import np
from ..tokenizers import tokenization
from .encoded import EncodedTexts, offsets_from_counts


def tokens_13a(texts: List[str], encoded: bool = False):
    """(int64 ids, int64 tokens per text) of ``texts`` as sacreBLEU's 13a tokenizes them;
    ``encoded``: as :class:`~ngram_core.ngrams.encoded.EncodedTexts` instead, the ids
    renumbered in order of first appearance and their words as strings, as the
    small-input encoder gives them (:func:`ngram_core.ngrams.corpus.encode_texts`)."""
    from .kernel_13a import Vocabulary13a, _points, first_appearance, tokenize_13a, words_of  # numba (cached)

    way = tokenization("13a", False)
    blob = way.tokenizer.blob(way.lines(texts))
    vocab = Vocabulary13a()  # the batch's own
    ids, lengths = vocab._run(tokenize_13a, _points(blob), blob.count("\n") + 1)
    if not encoded:
        return ids, lengths
    local, joined, count = first_appearance(ids, vocab.n_words, vocab.word_start, vocab.points)
    return EncodedTexts(ids=local, offsets=offsets_from_counts(lengths), vocab=words_of(joined, count))


def reference_table(references: List[List[str]]):
    """(the distinct references in order of first appearance, the table of each
    completion's references among them), as :func:`ngram_core.ngrams.index.tokenize_corpus`
    lays them out (:func:`~ngram_core.ngrams.index.reference_rows`)."""
    from .index import reference_rows

    counts = np.fromiter(map(len, references), dtype=np.int64, count=len(references))
    flat = list(chain.from_iterable(references)) if int(counts.max()) > 1 else [refs[0] for refs in references]
    index: Dict[str, int] = {}
    for text in flat:
        index.setdefault(text, len(index))
    codes = np.fromiter(map(index.__getitem__, flat), dtype=np.int64, count=len(flat))
    return list(index), reference_rows(codes, counts)
