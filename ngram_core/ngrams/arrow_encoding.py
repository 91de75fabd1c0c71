"""``encode_texts`` (:mod:`ngram_core.ngrams.corpus`) for more than ``SMALL_INPUT_TEXTS``
texts, in pyarrow (imported with this module, on first need).

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
"""
from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from .. import arrow_arrays, compiled
from ..tokenizers import Tokenization
from .encoded import EncodedTexts, offsets_from_counts

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


def _fields(arr: pa.Array, prepare=False):
    """(the dictionary-encoded fields of ``arr``'s lines split on ``' '``, the lists'
    offsets); with ``prepare`` (not False) the lines are made single-spaced first
    (:func:`_single_spaced` with that ``prepare``)."""
    if prepare is not False:
        arr = _single_spaced(arr, prepare)
    lists = pc.split_pattern(arr, " ", memory_pool=arrow_arrays.pool())
    return pc.dictionary_encode(lists.flatten(), memory_pool=arrow_arrays.pool()), lists.offsets


def _split_encode(arr: pa.Array, prepare=False):
    """Split single-spaced lines (an arrow array; ``prepare`` as for :func:`_fields`) into
    fields and intern them.

    Returns (code of every non-empty field in order (int64), distinct fields as an
    arrow array, number of fields of each line). The distinct fields come in order of
    first appearance, except that the last one moves to the place of the dropped
    empty string.

    A large array (``ngram_core.compiled.threads`` of its tokens, counted as its bytes /
    :data:`PARALLEL_BYTES_PER_TOKEN`) is split and encoded in parts at once (pyarrow's
    kernels run without the GIL), then the parts' dictionaries are unified: the first
    part's dictionary, then each later part's new fields in its order, which is the order
    of first appearance over the whole array, so the codes and the dictionary are those of
    one call.
    """
    bounds = _part_bounds(arr)
    if len(bounds) == 2:
        encoded, offsets = _fields(arr, prepare)
        codes = arrow_arrays.to_numpy(encoded.indices).astype(np.int64, copy=False)
        dictionary = encoded.dictionary
        list_offsets = arrow_arrays.to_numpy(offsets).astype(np.int64, copy=False)
    else:
        parts = compiled.run_in_threads(lambda start, stop: _fields(arr.slice(start, stop - start), prepare),
                                        list(zip(bounds, bounds[1:])))
        unified = pa.chunked_array([encoded for encoded, _ in parts]).unify_dictionaries(
            memory_pool=arrow_arrays.pool())
        codes = np.concatenate([arrow_arrays.to_numpy(chunk.indices).astype(np.int64) for chunk in unified.chunks])
        dictionary = unified.chunks[0].dictionary
        pieces, at = [np.zeros(1, np.int64)], 0
        for _, offsets in parts:
            offsets = arrow_arrays.to_numpy(offsets).astype(np.int64)
            pieces.append(offsets[1:] - offsets[0] + at)
            at = int(pieces[-1][-1]) if len(pieces[-1]) else at
        list_offsets = np.concatenate(pieces)
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


PARALLEL_BYTES_PER_TOKEN = 6  # (the WMT benchmark corpus: 2,090,215 13a tokens in 12.4 MB of distinct lines)


def _tokens_of(arr: pa.Array) -> int:
    """About how many tokens the lines ``arr`` hold, for ``compiled.threads``: its bytes of
    text / :data:`PARALLEL_BYTES_PER_TOKEN`."""
    data = arr.buffers()[2]
    return (data.size if data is not None else 0) // PARALLEL_BYTES_PER_TOKEN


def _part_bounds(arr: pa.Array) -> list:
    """Where to cut the lines ``arr`` into parts of about equal length, one a thread
    (``ngram_core.compiled.threads`` of its tokens): ``[0, len(arr)]`` for one part."""
    n_parts = min(compiled.threads(_tokens_of(arr)), len(arr)) if len(arr) > 1 else 1
    return [len(arr) * k // n_parts for k in range(n_parts + 1)]


def _line_by_line(function, arr: pa.Array) -> pa.Array:
    """``function(arr)`` for a ``function`` whose every output line depends on that input
    line alone (pyarrow's string kernels, a tokenizer's ``tokenize_arrow``); a large
    ``arr`` in parts on threads (:func:`_part_bounds`), the parts' outputs concatenated:
    the same lines in the same order."""
    bounds = _part_bounds(arr)
    if len(bounds) == 2:
        return function(arr)
    parts = compiled.run_in_threads(lambda start, stop: function(arr.slice(start, stop - start)),
                                    list(zip(bounds, bounds[1:])))
    return pa.concat_arrays(parts, memory_pool=arrow_arrays.pool())


def encode_space_separated(arr: pa.Array) -> EncodedTexts:
    """Texts (an arrow string array) whose fields are separated by ``' '`` alone, as
    token ids (no other whitespace is a separator)."""
    codes, dictionary, counts = _split_encode(arr)
    return EncodedTexts(ids=codes, offsets=offsets_from_counts(counts), vocab=dictionary.to_pylist())




def _encode_split(strings: list[str]) -> EncodedTexts:
    """Whitespace-separated fields of ``strings`` as token ids (no tokenizing)."""
    codes, dictionary, counts = _split_encode(_single_spaced(arrow_arrays.strings(strings)))
    return EncodedTexts(ids=codes, offsets=offsets_from_counts(counts), vocab=dictionary.to_pylist())


def _tokenize_chunks(tokenizer, chunks: pa.Array) -> pa.Array:
    """The tokens of each chunk, separated by spaces ``' '`` only; in pyarrow if the tokenizer can."""
    if len(chunks) == 0:  # (a blob tokenizer would return one empty string)
        return chunks
    tokenized = tokenizer.tokenize_arrow(chunks[:0])
    if tokenized is not None:  # (a tokenizer in pyarrow: line by line, so in parts where large)
        tokenized = _line_by_line(tokenizer.tokenize_arrow, chunks)
    else:
        tokenized = _single_spaced(arrow_arrays.strings(tokenizer.tokenize_batch(chunks.to_pylist()), chunks.type))
    # Leading and trailing spaces (13a pads every chunk) would only make empty fields
    # to drop after interning; trimming them first is cheaper.
    return pc.utf8_trim(tokenized, " ", memory_pool=arrow_arrays.pool())


def encode_arrow(texts: Sequence[str], way: Tokenization) -> EncodedTexts:
    """``encode_texts`` in pyarrow, up to ``way.after`` (which ``encode_texts`` applies)."""
    tokenizer = way.tokenizer
    if not tokenizer.chunk_local:
        return _encode_split(tokenizer.tokenize_batch(way.lines(texts)))
    # rstrip (way.lines) only matters to lines with other whitespace: _single_spaced does it
    arr = arrow_arrays.strings(way.before.texts(texts))
    chunk_code, distinct, chunks_per_text = _split_encode(arr, tokenizer.prepare_line)
    chunk_offsets = offsets_from_counts(chunks_per_text)
    # chunks that tokenizing can change are tokenized (once each); the others are a token each
    if tokenizer.chunk_special is None:
        tokenized = _tokenize_chunks(tokenizer, distinct)
    else:
        special = None
        if tokenizer.chunk_special:
            special = _line_by_line(lambda part: pc.match_substring_regex(part, tokenizer.chunk_special,
                                                                          memory_pool=arrow_arrays.pool()), distinct)
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
