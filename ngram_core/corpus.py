"""Texts as integer arrays: the step between tokenizers and n-gram statistics.

``encode_texts`` tokenizes a list of texts and returns every token as an integer id
in one flat array, with offsets marking where each text starts. Work is done per
distinct string wherever the result allows it: a chunk-local tokenizer (13a, char,
none) tokenizes each distinct whitespace-separated chunk once, and identical texts
(a reference shared by several systems, say) are encoded once by the callers.

Fields are split exactly as ``str.split()`` splits them (sacreBLEU's split), but in
pyarrow: the few texts holding whitespace other than ``' '`` (tabs, newlines,
no-break spaces, ...; ``str.isspace`` decides) are first rewritten in Python with
their fields joined by single spaces, then every text is split on ``' '`` and empty
fields are dropped. The split fields are interned by pyarrow's hash-based
``dictionary_encode`` (exact string equality), so no Python string is made per
field. (pyarrow's own whitespace split kernel is not used: on strings ending in
whitespace it returned a stray field, and its notion of whitespace is not Python's.)

Chunk-local tokenizers name the characters they can act on (``chunk_special``): a
chunk without any of them is its own single token and is not tokenized at all.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterable, List, Sequence, Tuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

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


# Whitespace other than ' ' as str.split() sees it: the characters for which
# str.isspace() is true (the same set since Unicode 6.3), as an RE2 class for pyarrow.
_OTHER_SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
_OTHER_SPACE_RE2 = "[" + "".join(f"\\x{{{ord(ch):x}}}" for ch in _OTHER_SPACE) + "]"


def _single_spaced(lines: List[str], prepare=None) -> pa.Array:
    """``lines`` whose only whitespace is ``' '``, each with the same ``str.split()`` fields.

    A line holding other whitespace becomes ``" ".join(prepare(line.rstrip()).split())``
    (``prepare`` sees the right-stripped line, as tokenizers do); every other line is
    returned as is (its trailing spaces make only empty fields, dropped later). The
    result is a pyarrow array.
    """
    arr = pa.array(lines, type=pa.large_string())
    if not lines:
        return arr
    flagged = pc.match_substring_regex(arr, _OTHER_SPACE_RE2)
    hits = np.flatnonzero(flagged.to_numpy(zero_copy_only=False))
    if not len(hits):
        return arr
    out = list(lines)
    for i in hits.tolist():
        line = out[i].rstrip()
        if prepare is not None:
            line = prepare(line)
        out[i] = " ".join(line.split())
    return pa.array(out, type=pa.large_string())


def _split_encode(arr: pa.Array):
    """Split single-spaced lines (an arrow array) into fields and intern them.

    Returns (code of every non-empty field in order (int64), distinct fields as an
    arrow array, number of fields of each line).
    """
    lists = pc.split_pattern(arr, " ")
    encoded = pc.dictionary_encode(lists.flatten())
    codes = encoded.indices.to_numpy(zero_copy_only=False).astype(np.int64, copy=False)
    dictionary = encoded.dictionary
    list_offsets = lists.offsets.to_numpy(zero_copy_only=False).astype(np.int64, copy=False)
    empty = pc.index(dictionary, "").as_py()
    if empty >= 0:
        kept = codes != empty
        kept_before = np.zeros(len(codes) + 1, dtype=np.int64)
        np.cumsum(kept, out=kept_before[1:])
        counts = kept_before[list_offsets[1:]] - kept_before[list_offsets[:-1]]
        # renumber without the empty string, keeping dictionary order
        codes = codes[kept]
        codes -= codes > empty
        dictionary = pc.filter(dictionary, pc.not_equal(dictionary, ""))
    else:
        counts = np.diff(list_offsets)
    return codes, dictionary, counts


def intern_strings(values: Iterable[str]) -> Tuple[np.ndarray, List[str]]:
    """(integer code of each value, distinct values in order of first appearance)."""
    index: Dict[str, int] = {}
    setdefault = index.setdefault
    codes = np.array([setdefault(v, len(index)) for v in values], dtype=np.int64)
    return codes, list(index)


def _encode_split(strings: List[str]) -> EncodedTexts:
    """Whitespace-separated fields of ``strings`` as token ids (no tokenizing)."""
    codes, dictionary, counts = _split_encode(_single_spaced(strings))
    return EncodedTexts(ids=codes, offsets=_offsets(counts), vocab=dictionary.to_pylist())


def encode_texts(texts: Sequence[str], tokenize: str = "13a", lowercase: bool = False) -> EncodedTexts:
    """Tokenize ``texts`` (sacreBLEU's preprocessing and tokenizer) into integer ids."""
    tokenizer = get_tokenizer(tokenize)
    if len(texts) == 0:  # (a blob tokenizer would return one empty string)
        return EncodedTexts(ids=np.zeros(0, dtype=np.int64), offsets=np.zeros(1, dtype=np.int64), vocab=[])
    if not tokenizer.chunk_local:
        return _encode_split(tokenizer.tokenize_batch(preprocess(texts, lowercase)))
    # rstrip (preprocess) only matters to lines with other whitespace: _single_spaced does it
    lines = [text.lower() for text in texts] if lowercase else list(texts)
    chunk_code, distinct, chunks_per_text = _split_encode(_single_spaced(lines, tokenizer.prepare_line))
    n_distinct = len(distinct)
    # chunks that tokenizing can change are tokenized (once each); the others are a token each
    if tokenizer.chunk_special is None:
        special = np.ones(n_distinct, dtype=bool)
    elif tokenizer.chunk_special == "":
        special = np.zeros(n_distinct, dtype=bool)
    else:
        special = pc.match_substring_regex(distinct, tokenizer.chunk_special).to_numpy(zero_copy_only=False)
    chunks = distinct.to_pylist()
    tokens_per_chunk = np.ones(n_distinct, dtype=np.int64)
    special_at = np.flatnonzero(special)
    vocab_index: Dict[str, int] = {}
    if len(special_at):
        plain_at = np.flatnonzero(~special)
        plain_chunks = [chunks[i] for i in plain_at.tolist()]
        vocab_index = dict(zip(plain_chunks, range(len(plain_chunks))))
        outputs = tokenizer.tokenize_batch([chunks[i] for i in special_at.tolist()])
        split = [out.split() for out in outputs]
        tokens_per_chunk[special_at] = np.fromiter(map(len, split), dtype=np.int64, count=len(split))
        setdefault = vocab_index.setdefault
        special_ids = np.array([setdefault(t, len(vocab_index)) for toks in split for t in toks], dtype=np.int64)
        chunk_start = _offsets(tokens_per_chunk)
        token_code = np.empty(int(chunk_start[-1]), dtype=np.int64)
        token_code[chunk_start[plain_at]] = np.arange(len(plain_at), dtype=np.int64)
        is_special_slot = np.repeat(special, tokens_per_chunk)
        token_code[is_special_slot] = special_ids
        vocab = list(vocab_index)
        chunk_start = chunk_start[:-1]
    else:
        # every chunk is a token: chunk codes are token ids
        return EncodedTexts(ids=chunk_code, offsets=_offsets(chunks_per_text), vocab=chunks)
    # every occurrence of a chunk is expanded into its tokens
    counts = tokens_per_chunk[chunk_code]
    total = _offsets(counts)
    out_start = total[:-1]
    gather = np.arange(int(total[-1]), dtype=np.int64) + np.repeat(chunk_start[chunk_code] - out_start, counts)
    chunk_offsets = _offsets(chunks_per_text)
    text_lengths = np.diff(total[chunk_offsets])
    return EncodedTexts(ids=token_code[gather], offsets=_offsets(text_lengths), vocab=vocab)
