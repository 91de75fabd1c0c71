"""Texts as integer arrays: the step between tokenizers and n-gram statistics.

``encode_texts`` tokenizes a list of texts and returns every token as an integer id
in one flat array, with offsets marking where each text starts. Work is done per
distinct string wherever the result allows it: a chunk-local tokenizer (13a, char,
none) tokenizes each distinct whitespace-separated chunk once, and identical texts
(a reference shared by several systems, say) are encoded once by the callers.
Splitting on whitespace and interning strings use pyarrow's compute kernels, whose
whitespace set is Python's ``str.split()`` one (checked over every code point in the
tests).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .tokenizers import get_tokenizer, preprocess


@dataclass(frozen=True)
class EncodedTexts:
    """Token ids of several texts: ``ids[offsets[i]:offsets[i + 1]]`` is text ``i``."""

    ids: np.ndarray  # int64 token ids
    offsets: np.ndarray  # int64, one more than the number of texts
    vocab: pa.Array  # token string of each id

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def tokens(self, i: int) -> List[str]:
        """The tokens of text ``i`` as strings (for debugging and tests)."""
        return self.vocab.take(pa.array(self.ids[self.offsets[i] : self.offsets[i + 1]])).to_pylist()


def _split(strings: Sequence[str]):
    """(flat chunks, index of the string each chunk came from)."""
    lists = pc.utf8_split_whitespace(pa.array(strings, type=pa.large_string()))
    flat, parent = lists.flatten(), pc.list_parent_indices(lists)
    # the kernel splits at every whitespace character; str.split() drops the empty
    # fields that runs of whitespace and the ends leave
    keep = pc.not_equal(pc.utf8_length(flat), 0)
    return flat.filter(keep), parent.filter(keep).to_numpy()


def _intern(values: pa.Array):
    """(integer code of each value, distinct values in order of first appearance)."""
    encoded = pc.dictionary_encode(values)
    if isinstance(encoded, pa.ChunkedArray):
        encoded = encoded.combine_chunks()
    return encoded.indices.to_numpy(zero_copy_only=False).astype(np.int64), encoded.dictionary


def _offsets(counts: np.ndarray) -> np.ndarray:
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return offsets


def encode_texts(texts: Sequence[str], tokenize: str = "13a", lowercase: bool = False) -> EncodedTexts:
    """Tokenize ``texts`` (sacreBLEU's preprocessing and tokenizer) into integer ids."""
    tokenizer = get_tokenizer(tokenize)
    lines = preprocess(texts, lowercase)
    n = len(lines)
    if tokenizer.chunk_local:
        lines = [tokenizer.prepare_line(line) for line in lines]
        chunks, chunk_text = _split(lines)
        chunk_code, distinct_chunks = _intern(chunks)
        # tokens of each distinct chunk
        tokens, token_chunk = _split(tokenizer.tokenize_batch(distinct_chunks.to_pylist()))
        token_code, vocab = _intern(tokens)
        per_chunk = np.bincount(token_chunk, minlength=len(distinct_chunks))
        chunk_start = _offsets(per_chunk)[:-1]
        # expand every chunk occurrence into its tokens
        counts = per_chunk[chunk_code]
        out_start = _offsets(counts)[:-1]
        total = int(counts.sum())
        gather = np.arange(total, dtype=np.int64) + np.repeat(chunk_start[chunk_code] - out_start, counts)
        ids = token_code[gather]
        text_lengths = np.bincount(chunk_text, weights=counts, minlength=n).astype(np.int64)
    else:
        tokens, token_text = _split(tokenizer.tokenize_batch(lines))
        ids, vocab = _intern(tokens)
        text_lengths = np.bincount(token_text, minlength=n).astype(np.int64)
    return EncodedTexts(ids=ids, offsets=_offsets(text_lengths), vocab=vocab)
