"""Texts as integer arrays: the step between tokenizers and n-gram statistics.

``encode_texts`` tokenizes a list of texts and returns every token as an integer id
in one flat array, with offsets marking where each text starts. Work is done per
distinct string wherever the result allows it: a chunk-local tokenizer (13a, char,
none) tokenizes each distinct whitespace-separated chunk once, and identical texts
(a reference shared by several systems, say) are encoded once by the callers.
Fields are split with ``str.split()``, as sacreBLEU does (pyarrow's whitespace
split kernel was both slower and, on strings ending in whitespace, wrong).
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Dict, Iterable, List, Sequence, Tuple

import numpy as np

from .tokenizers import get_tokenizer, preprocess


@dataclass(frozen=True)
class EncodedTexts:
    """Token ids of several texts: ``ids[offsets[i]:offsets[i + 1]]`` is text ``i``."""

    ids: np.ndarray  # int64 token ids
    offsets: np.ndarray  # int64, one more than the number of texts
    vocab: List[str]  # token string of each id

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def tokens(self, i: int) -> List[str]:
        """The tokens of text ``i`` as strings (for debugging and tests)."""
        return [self.vocab[j] for j in self.ids[self.offsets[i] : self.offsets[i + 1]]]


def _offsets(counts: np.ndarray) -> np.ndarray:
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return offsets


def _split(strings: Sequence[str]):
    """(all whitespace-separated fields in order, number of fields of each string)."""
    fields = [s.split() for s in strings]
    counts = np.fromiter(map(len, fields), dtype=np.int64, count=len(fields))
    return list(chain.from_iterable(fields)), counts


def intern_strings(values: Iterable[str]) -> Tuple[np.ndarray, List[str]]:
    """(integer code of each value, distinct values in order of first appearance)."""
    index: Dict[str, int] = {}
    setdefault = index.setdefault
    codes = np.array([setdefault(v, len(index)) for v in values], dtype=np.int64)
    return codes, list(index)


def encode_texts(texts: Sequence[str], tokenize: str = "13a", lowercase: bool = False) -> EncodedTexts:
    """Tokenize ``texts`` (sacreBLEU's preprocessing and tokenizer) into integer ids."""
    tokenizer = get_tokenizer(tokenize)
    lines = preprocess(texts, lowercase)
    if not tokenizer.chunk_local:
        tokens, text_lengths = _split(tokenizer.tokenize_batch(lines))
        ids, vocab = intern_strings(tokens)
        return EncodedTexts(ids=ids, offsets=_offsets(text_lengths), vocab=vocab)
    chunks, chunks_per_text = _split([tokenizer.prepare_line(line) if "\n" in line else line for line in lines])
    chunk_code, distinct_chunks = intern_strings(chunks)
    # each distinct chunk is tokenized once ...
    tokens, tokens_per_chunk = _split(tokenizer.tokenize_batch(distinct_chunks))
    token_code, vocab = intern_strings(tokens)
    chunk_start = _offsets(tokens_per_chunk)[:-1]
    # ... and every occurrence of it is expanded into those tokens
    counts = tokens_per_chunk[chunk_code]
    out_start = _offsets(counts)[:-1]
    gather = np.arange(int(counts.sum()), dtype=np.int64) + np.repeat(chunk_start[chunk_code] - out_start, counts)
    chunk_text = np.repeat(np.arange(len(lines), dtype=np.int64), chunks_per_text)
    text_lengths = np.bincount(chunk_text, weights=counts, minlength=len(lines)).astype(np.int64)
    return EncodedTexts(ids=token_code[gather], offsets=_offsets(text_lengths), vocab=vocab)
