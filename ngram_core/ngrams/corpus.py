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
chunk without any of them is its own single token and is not tokenized at all. The
other distinct chunks are tokenized together, by the tokenizer's pyarrow kernels
(``tokenize_arrow``; 13a has them) or else in Python (``tokenize_batch``). The
tokenized chunks, next to the plain ones, go through the same split and
``dictionary_encode``, which gives one vocabulary of tokens, and every occurrence of
a chunk is expanded into its tokens' ids by pyarrow's ``take`` on a list array: on
the 13a path no Python string is made per chunk or per token, only per vocabulary
entry.

Small inputs (at most ``SMALL_INPUT_TEXTS`` texts: a batch of sentence-level rewards,
a few segments in an interactive app) would spend most of their time in pyarrow's
fixed per-call costs. They are encoded in Python instead, through a bounded cache of
recently seen texts and chunks (:class:`RecentTokens`): a text seen before costs a
dictionary lookup, and a new text is split into chunks of which most have been seen
before. The tokens are the same either way.
"""
from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from . import arrow_arrays
from .. import caches, compiled
from ..tokenizers import for_case, get_tokenizer, preprocess


@dataclass(frozen=True)
class EncodedTexts:
    """Token ids of several texts: ``ids[offsets[i]:offsets[i + 1]]`` is text ``i``."""

    ids: np.ndarray  # int64 token ids (may be a read-only view of pyarrow memory)
    offsets: np.ndarray  # int64, one more than the number of texts
    vocab: list[str]  # token string of each id

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def __len__(self) -> int:
        return len(self.offsets) - 1

    def tokens(self, i: int) -> list[str]:
        """The tokens of text ``i`` as strings (for debugging and tests)."""
        return [self.vocab[j] for j in self.ids[self.offsets[i] : self.offsets[i + 1]]]


def offsets_from_counts(counts: np.ndarray) -> np.ndarray:
    """Start offsets of consecutive runs of the given lengths, and the total at the end."""
    offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    return offsets


# Whitespace other than ' ' as str.split() sees it: the characters for which
# str.isspace() is true (the same set since Unicode 6.3), as an RE2 class for pyarrow.
_OTHER_SPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
_OTHER_SPACE_RE2 = "[" + "".join(f"\\x{{{ord(ch):x}}}" for ch in _OTHER_SPACE) + "]"


def _single_spaced(arr: pa.Array, prepare=None) -> pa.Array:
    """``arr`` (pyarrow strings) with ``' '`` as its only whitespace, same ``str.split()`` fields.

    A line holding other whitespace becomes ``" ".join(prepare(line.rstrip()).split())``
    (``prepare`` sees the right-stripped line, as tokenizers do); every other line is
    kept as is (its trailing spaces make only empty fields, dropped later). Only the
    rewritten lines are converted to and from Python.
    """
    if not len(arr):
        return arr
    flagged = pc.match_substring_regex(arr, _OTHER_SPACE_RE2, memory_pool=arrow_arrays.pool())
    if not pc.any(flagged, memory_pool=arrow_arrays.pool()).as_py():
        return arr
    fixed = []
    for line in pc.filter(arr, flagged, memory_pool=arrow_arrays.pool()).to_pylist():
        line = line.rstrip()
        if prepare is not None:
            line = prepare(line)
        fixed.append(" ".join(line.split()))
    return pc.replace_with_mask(arr, flagged, arrow_arrays.strings(fixed, arr.type), memory_pool=arrow_arrays.pool())


def _split_encode(arr: pa.Array):
    """Split single-spaced lines (an arrow array) into fields and intern them.

    Returns (code of every non-empty field in order (int64), distinct fields as an
    arrow array, number of fields of each line). The distinct fields come in order of
    first appearance, except that the last one moves to the place of the dropped
    empty string.
    """
    lists = pc.split_pattern(arr, " ", memory_pool=arrow_arrays.pool())
    encoded = pc.dictionary_encode(lists.flatten(), memory_pool=arrow_arrays.pool())
    codes = arrow_arrays.to_numpy(encoded.indices).astype(np.int64, copy=False)
    dictionary = encoded.dictionary
    list_offsets = arrow_arrays.to_numpy(lists.offsets).astype(np.int64, copy=False)
    counts = np.diff(list_offsets)
    empty = pc.index(dictionary, arrow_arrays.string_scalar("", dictionary.type), memory_pool=arrow_arrays.pool()).as_py()
    if empty >= 0:
        # Drop the empty fields (runs of spaces make them) by position and give the
        # empty string's code to the last distinct field: cheaper than compressing all
        # codes through a mask and renumbering every code above the empty string's.
        at = np.flatnonzero(codes == empty)
        counts -= np.bincount(np.searchsorted(list_offsets, at, side="right") - 1, minlength=len(counts))
        codes = np.delete(codes, at)
        last = len(dictionary) - 1
        order = np.arange(last)
        if empty < last:
            codes[codes == last] = empty
            order[empty] = last
        dictionary = pc.take(dictionary, arrow_arrays.int64s(order), memory_pool=arrow_arrays.pool())
    return codes, dictionary, counts


def encode_space_separated(arr: pa.Array) -> EncodedTexts:
    """Texts (an arrow string array) whose fields are separated by ``' '`` alone, as
    token ids (no other whitespace is a separator)."""
    codes, dictionary, counts = _split_encode(arr)
    return EncodedTexts(ids=codes, offsets=offsets_from_counts(counts), vocab=dictionary.to_pylist())


def intern_strings(values: Iterable[str]) -> tuple[np.ndarray, list[str]]:
    """(integer code of each value, distinct values in order of first appearance)."""
    index: dict[str, int] = {}
    setdefault = index.setdefault
    codes = np.array([setdefault(v, len(index)) for v in values], dtype=np.int64)
    return codes, list(index)


def _encode_split(strings: list[str]) -> EncodedTexts:
    """Whitespace-separated fields of ``strings`` as token ids (no tokenizing)."""
    codes, dictionary, counts = _split_encode(_single_spaced(arrow_arrays.strings(strings)))
    return EncodedTexts(ids=codes, offsets=offsets_from_counts(counts), vocab=dictionary.to_pylist())


def _tokenize_chunks(tokenizer, chunks: pa.Array) -> pa.Array:
    """The tokens of each chunk, separated by spaces ``' '`` only; in pyarrow if the tokenizer can."""
    if len(chunks) == 0:  # (a blob tokenizer would return one empty string)
        return chunks
    tokenized = tokenizer.tokenize_arrow(chunks)
    if tokenized is None:
        tokenized = _single_spaced(arrow_arrays.strings(tokenizer.tokenize_batch(chunks.to_pylist()), chunks.type))
    # Leading and trailing spaces (13a pads every chunk) would only make empty fields
    # to drop after interning; trimming them first is cheaper.
    return pc.utf8_trim(tokenized, " ", memory_pool=arrow_arrays.pool())


SMALL_INPUT_TEXTS = 512  # up to this many texts, encode in Python through RecentTokens


class RecentTokens:
    """Token ids of recently encoded texts and chunks, in one vocabulary that only grows.

    ``texts[(tokenizer, lowercase)]`` maps a text to where its token ids lie in one
    contiguous buffer (``start << 32 | length``: a batch gathers its texts' ids from
    one array in one compiled pass, not from an array per text); ``chunks`` maps
    (tokenizer, chunk) to a chunk's token ids, for the tokenizers that tokenize chunk by
    chunk (``chunk_local``). When any table outgrows its limit, :func:`recent_tokens`
    starts a new, empty instance (ids mean something only within one instance), so
    memory stays bounded (about 2^16 texts, as sacreBLEU's tokenizer cache).
    """

    MAX_TEXTS = 1 << 16
    MAX_CHUNKS = 1 << 18
    MAX_WORDS = 1 << 20
    MAX_BUFFER = 1 << 25  # token ids (256 MB; caches.set_limit("recent_tokens", n_bytes))

    def __init__(self) -> None:
        self.index: dict[str, int] = {}  # token -> id
        self.words: list[str] = []  # id -> token
        self.texts: dict[tuple, dict[str, int]] = {}
        self.chunks: dict[tuple, tuple] = {}
        self.buffer = np.empty(1 << 12, dtype=np.int64)  # the token ids of every text in ``texts``
        self.used = 0
        self.lock = threading.Lock()  # one batch at a time reads and extends the tables and the buffer
        self._word_array = np.empty(0, dtype=object)  # ``words`` up to ``_filled``, for fancy indexing
        self._filled = 0

    @property
    def full(self) -> bool:
        return (sum(map(len, self.texts.values())) > self.MAX_TEXTS or len(self.chunks) > self.MAX_CHUNKS
                or len(self.words) > self.MAX_WORDS or self.used > self.MAX_BUFFER)

    def intern(self, tokens: Iterable[str]) -> tuple:
        index, words = self.index, self.words
        ids = []
        for token in tokens:
            found = index.get(token)
            if found is None:
                found = index[token] = len(words)
                words.append(token)
            ids.append(found)
        return tuple(ids)

    def word_array(self) -> np.ndarray:
        """``words`` as an object array (its capacity doubles as it grows: amortized O(1) per word)."""
        n = len(self.words)
        if len(self._word_array) < n:
            grown = np.empty(max(2 * len(self._word_array), n, 1024), dtype=object)
            grown[: self._filled] = self._word_array[: self._filled]
            self._word_array = grown
        if self._filled < n:
            self._word_array[self._filled : n] = self.words[self._filled : n]
            self._filled = n
        return self._word_array

    def store(self, ids: list) -> int:
        """Appends ``ids`` to the buffer: their place, ``start << 32 | length``."""
        start, length = self.used, len(ids)
        if start + length > len(self.buffer):
            grown = np.empty(max(2 * len(self.buffer), start + length), dtype=np.int64)
            grown[:start] = self.buffer[:start]
            self.buffer = grown
        self.buffer[start : start + length] = ids
        self.used = start + length
        return start << 32 | length

    def text_ids(self, tokenizer, lowercase: bool, text: str) -> list:
        """Token ids of one text, as sacreBLEU tokenizes it (lowercase, rstrip, tokenizer)."""
        line = text.lower() if lowercase else text
        if tokenizer.strip_lines:
            line = line.rstrip()
        if not tokenizer.chunk_local:
            return list(self.intern(tokenizer.tokenize_batch([line])[0].split()))
        name, chunks, ids = tokenizer.name, self.chunks, []
        for chunk in tokenizer.prepare_line(line).split():
            found = chunks.get((name, chunk))
            if found is None:
                found = chunks[(name, chunk)] = self.intern(tokenizer(chunk).split())
            ids.extend(found)
        return ids


_RECENT = RecentTokens()
_SCRATCH = threading.local()  # per thread (the kernel runs without the GIL): gather_first_appearance's scratch


def _renumber_scratch(n_words: int) -> np.ndarray:
    """This thread's scratch for :func:`gather_first_appearance`: -1 for each of ``n_words`` ids."""
    scratch = getattr(_SCRATCH, "new_id", None)
    if scratch is None or len(scratch) < n_words:
        scratch = _SCRATCH.new_id = np.full(max(n_words, 2 * (0 if scratch is None else len(scratch)), 4096), -1,
                                            dtype=np.int64)
    return scratch


def gather_first_appearance(buffer: np.ndarray, places: np.ndarray, new_id: np.ndarray):
    """:func:`ngram_core.ngrams.kernels.gather_first_appearance` in numpy (the same
    three arrays; ``new_id`` is not needed here and left as it is)."""
    lengths, starts = places & 0xFFFFFFFF, places >> 32
    offsets = offsets_from_counts(lengths)
    words = buffer[np.repeat(starts - offsets[:-1], lengths) + np.arange(offsets[-1])]
    distinct, first, inverse = np.unique(words, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # by first appearance
    rank = np.empty(len(order), dtype=np.int64)
    rank[order] = np.arange(len(order))
    return rank[inverse.reshape(-1)], offsets, distinct[order]


def recent_tokens() -> RecentTokens:
    """The cache of small inputs (a new one once the old one is full)."""
    global _RECENT
    if _RECENT.full:
        _RECENT = RecentTokens()
    return _RECENT


def _clear_recent_tokens() -> None:
    global _RECENT
    _RECENT = RecentTokens()  # a call under way keeps the instance it took


def _limit_recent_tokens(n_bytes: int) -> None:
    RecentTokens.MAX_BUFFER = n_bytes // np.dtype(np.int64).itemsize


caches.register(caches.Cache(
    "recent_tokens", "token ids of the texts of recent small calls (RecentTokens)",
    "2^16 texts, 2^18 chunks, 2^20 tokens, 256 MB of ids by default (set_limit)",
    _clear_recent_tokens, _limit_recent_tokens))


def _encode_small(texts: Sequence[str], tokenizer, lowercase: bool) -> EncodedTexts:
    """``encode_texts`` in Python, for a few texts: ids come from the cache of recent tokens."""
    recent = recent_tokens()  # one instance throughout, even if another call replaces it
    gather = compiled.kernels().gather_first_appearance if compiled.use() else gather_first_appearance

    with recent.lock:
        table = recent.texts.setdefault((tokenizer.name, lowercase), {})
        places = []
        for text in texts:
            place = table.get(text)
            if place is None:
                place = table[text] = recent.store(recent.text_ids(tokenizer, lowercase, text))
            places.append(place)
        # Renumber in order of first appearance in these texts: a function of the input
        # alone, not of what the cache saw before (NIST and METEOR sum floats in id order).
        local, offsets, distinct = gather(recent.buffer, np.array(places, dtype=np.int64),
                                                   _renumber_scratch(len(recent.words)))
        vocab = recent.word_array()[distinct].tolist()
    return EncodedTexts(ids=local, offsets=offsets, vocab=vocab)


def encode_texts(texts: Sequence[str], tokenize: str = "13a", lowercase: bool = False) -> EncodedTexts:
    """Tokenize ``texts`` (sacreBLEU's preprocessing and tokenizer) into integer ids."""
    tokenizer, lowercase = for_case(get_tokenizer(tokenize), lowercase)
    if len(texts) == 0:  # (a blob tokenizer would return one empty string)
        return EncodedTexts(ids=np.zeros(0, dtype=np.int64), offsets=np.zeros(1, dtype=np.int64), vocab=[])
    if len(texts) <= SMALL_INPUT_TEXTS:
        return _encode_small(texts, tokenizer, bool(lowercase))
    if not tokenizer.chunk_local:
        return _encode_split(tokenizer.tokenize_batch(preprocess(texts, lowercase, tokenizer.strip_lines)))
    # rstrip (preprocess) only matters to lines with other whitespace: _single_spaced does it
    lines = [text.lower() for text in texts] if lowercase else list(texts)
    arr = arrow_arrays.strings(lines)
    chunk_code, distinct, chunks_per_text = _split_encode(_single_spaced(arr, tokenizer.prepare_line))
    chunk_offsets = offsets_from_counts(chunks_per_text)
    # chunks that tokenizing can change are tokenized (once each); the others are a token each
    if tokenizer.chunk_special is None:
        tokenized = _tokenize_chunks(tokenizer, distinct)
    else:
        special = None
        if tokenizer.chunk_special:
            special = pc.match_substring_regex(distinct, tokenizer.chunk_special, memory_pool=arrow_arrays.pool())
        if special is None or not pc.any(special, memory_pool=arrow_arrays.pool()).as_py():
            # every chunk is a token: chunk codes are token ids
            return EncodedTexts(ids=chunk_code, offsets=chunk_offsets, vocab=distinct.to_pylist())
        pool = arrow_arrays.pool()
        changed = _tokenize_chunks(tokenizer, pc.filter(distinct, special, memory_pool=pool))
        tokenized = pc.replace_with_mask(distinct, special, changed, memory_pool=pool)
    # one vocabulary for the plain chunks and the tokens of the others, interned in arrow
    token_code, vocab, tokens_per_chunk = _split_encode(tokenized)
    # every occurrence of a chunk is expanded into its tokens
    tokens_of_chunk = pa.LargeListArray.from_arrays(arrow_arrays.int64s(offsets_from_counts(tokens_per_chunk)),
                                                    arrow_arrays.int64s(token_code), pool=arrow_arrays.pool())
    expanded = pc.take(tokens_of_chunk, arrow_arrays.int64s(chunk_code), memory_pool=arrow_arrays.pool())
    token_offsets = arrow_arrays.to_numpy(expanded.offsets)
    ids = arrow_arrays.to_numpy(expanded.flatten())
    return EncodedTexts(ids=ids, offsets=token_offsets[chunk_offsets] - token_offsets[0], vocab=vocab.to_pylist())
