"""13a's regular expressions and the numbering of their tokens, compiled (numba): the
small-input encoder's road for new texts once the kernels are loaded (:mod:`ngram_core.ngrams.corpus`).

:func:`tokenize_13a` takes the code points of the blob that ``Tokenizer13a.tokenize_batch``
builds (each line padded with a space on both sides, the lines joined by newlines, the
line joins and entities already applied in Python). 13a is chunk-local
(``Tokenizer13a.chunk_local``: a line's tokens are those of its whitespace-separated
chunks), so each chunk is taken alone: one without any character the rules read is one
token as it is; any other, padded with a space on both sides, goes through the four rules
of ``_RULES_13A`` (:mod:`ngram_core.tokenizers.tokenizer_13a`) as ``re.sub`` runs them: each
rule over the whole output of the one before, left to right, a match resuming the scan
after it (every pattern matches one or two characters, never nothing). Rule 1 pads
ASCII punctuation and symbols but ' - . , (the space too in mteval's class: padding a
space changes no token); rule 2 pairs a non-digit with the '.' or ',' after it, rule 3
a '.' or ',' with the non-digit after it, rule 4 a digit with the '-' after it. The
tokens are then the runs between Python's whitespace (``str.split()``'s characters), a
newline ending a line. Each token is looked up, by a hash of its code points and then
the code points themselves (no collision can merge two tokens), in a vocabulary that
only grows and keeps every token's code points: a token seen before gets its id, a new
one the next id. The tokens equal sacreBLEU's 13a (``tests/tokenization/test_kernel_13a.py``: edge
cases and every fifth WMT line; all 111,927 distinct lines of the shared WMT data, also
under ``NUMBA_BOUNDSCHECK=1``, when it was written).
"""
from __future__ import annotations

import numba
import numpy as np

from ..numba_cache import register

register()

# what a character adds to a chunk's bound in _tokens (255: whitespace, the chunk's end):
# 4 for '.' and ',' (rules 2 and 3), 2 for '-' (rule 4) and rule 1's characters, else 0
_BOUND_STEP = np.array([255 if chr(c).isspace() else 4 if chr(c) in ".," else
                        2 if c == 45 or 123 <= c <= 126 or 91 <= c <= 96 or 33 <= c <= 38 or 40 <= c <= 43
                        or 58 <= c <= 64 or c == 47 else 0 for c in range(128)], dtype=np.uint8)
_FNV_PRIME = np.uint64(0x100000001B3)
_FNV_BASIS = np.uint64(0xCBF29CE484222325)


@numba.njit(cache=True, nogil=True, inline="always")
def _space(c):
    """Whether ``chr(c).isspace()`` (str.split()'s whitespace; ``tests/tokenization/test_kernel_13a.py``
    checks every code point)."""
    if c < 128:
        return c == 32 or 9 <= c <= 13 or 28 <= c <= 31
    return (c == 133 or c == 160 or c == 5760 or 8192 <= c <= 8202 or c == 8232 or c == 8233 or c == 8239
            or c == 8287 or c == 12288)


@numba.njit(cache=True, nogil=True, inline="always")
def _rule1(c):
    """``[\\{-\\~\\[-\\`!-\\&\\(-\\+\\:-\\@\\/]``: ASCII punctuation and symbols but ' - . ,"""
    return (123 <= c <= 126 or 91 <= c <= 96 or 33 <= c <= 38 or 40 <= c <= 43 or 58 <= c <= 64
            or c == 47)


@numba.njit(cache=True, nogil=True, inline="always")
def _digit(c):
    return 48 <= c <= 57


@numba.njit(cache=True, nogil=True, inline="always")
def _period(c):
    return c == 46 or c == 44


@numba.njit(cache=True, nogil=True, inline="always")
def _pair_rule(src, n, dst, rule):
    r"""Rule 2, 3 or 4 (``rule``) on ``src[:n]`` into ``dst``: its length there. Each is a
    pair (a, b): rule 2 ``([^0-9])([\.,]) -> "\1 \2 "``, rule 3 ``([\.,])([^0-9]) -> " \1 \2"``,
    rule 4 ``([0-9])(-) -> "\1 \2 "``; a match resumes the scan after its pair."""
    k, i = 0, 0
    while i < n:
        if i + 1 < n:
            a, b = src[i], src[i + 1]
            if rule == 2:
                match = not _digit(a) and _period(b)
            elif rule == 3:
                match = _period(a) and not _digit(b)
            else:
                match = _digit(a) and b == 45
            if match:
                if rule == 3:
                    dst[k], dst[k + 1], dst[k + 2], dst[k + 3] = 32, a, 32, b
                else:
                    dst[k], dst[k + 1], dst[k + 2], dst[k + 3] = a, 32, b, 32
                k += 4
                i += 2
                continue
        dst[k] = src[i]
        k += 1
        i += 1
    return k


@numba.njit(cache=True, nogil=True, inline="always")
def _apply_rules(text, n, out, work):
    """The four rules on ``text[:n]``: the result's length, in ``work`` (``out``: scratch;
    both hold the longest result, 2 more per character of rule 1 or '-', 4 per '.' or ',')."""
    m = 0
    for i in range(n):  # rule 1: " \1 "
        c = text[i]
        if _rule1(c):
            out[m], out[m + 1], out[m + 2] = 32, c, 32
            m += 3
        else:
            out[m] = c
            m += 1
    m = _pair_rule(out, m, work, 2)
    m = _pair_rule(work, m, out, 3)
    return _pair_rule(out, m, work, 4)


@numba.njit(cache=True, nogil=True)
def _rehashed(word_hash, n_words, size):
    slots = np.full(size, -1, np.int64)
    mask = size - 1
    for w in range(n_words):
        h = np.int64(word_hash[w] & np.uint64(mask))
        while slots[h] != -1:
            h = (h + 1) & mask
        slots[h] = w
    return slots


@numba.njit(cache=True, nogil=True, inline="always")
def _lookup(text, i, j, slots, word_hash, word_start, points, n_words):
    """The id of the token ``text[i:j]``: found by its hash and then its code points, or
    ``n_words`` (added then: code points, hash, slot; the caller counts it). The arrays
    have room for it."""
    h = _FNV_BASIS
    for k in range(i, j):
        h = (h ^ np.uint64(text[k])) * _FNV_PRIME
    h ^= h >> np.uint64(29)
    length = j - i
    mask = len(slots) - 1
    s = np.int64(h & np.uint64(mask))
    while slots[s] != -1:
        w = slots[s]
        if word_hash[w] == h and word_start[w + 1] - word_start[w] == length:
            base = word_start[w]
            k = 0
            while k < length and points[base + k] == text[i + k]:
                k += 1
            if k == length:
                return w
        s = (s + 1) & mask
    base = word_start[n_words]
    for k in range(length):
        points[base + k] = text[i + k]
    word_start[n_words + 1] = base + length
    word_hash[n_words] = h
    slots[s] = n_words
    return n_words


@numba.njit(cache=True, nogil=True)
def _tokens(text, rules, state, ids, lengths, slots, word_hash, word_start, points):
    """The tokens of ``text``'s lines (whitespace-separated chunks; a newline ends a line),
    where ``rules``, each chunk with 13a's rules applied (a chunk without any character
    the rules read is one token as it is), numbered into ``ids`` and counted per line in
    ``lengths``, from where ``state`` (position, tokens, line, words, slots needed) says.
    ``word_hash``, ``word_start`` and ``points`` have room for every token being new;
    where a chunk could take ``slots`` above half load, the call stops before it, with
    the slots it needs in ``state[4]`` (they are grown outside: growing them here, a
    reassigned array, costs reference counting on every token, 2.5x the time)."""
    m = len(text)
    i, t, line, n_words = state[0], state[1], state[2], state[3]
    state[4] = 0
    # scratch for a chunk: its n characters and 2 spaces, 4 more a '.' or ',', 2 more a '-' or rule 1's
    chunk = np.empty(16, np.uint32)
    out = np.empty(16, np.uint32)
    work = np.empty(16, np.uint32)
    while i < m:
        c = text[i]
        if c == 10 and rules:
            line += 1
            i += 1
            continue
        if _space(c):
            i += 1
            continue
        j = i
        bound = 2
        while j < m:
            d = text[j]
            if d < 128:
                step = _BOUND_STEP[d]
                if step == 255:
                    break
                bound += step
            elif _space(d):
                break
            j += 1
        size = j - i + bound
        if 2 * (n_words + size) > len(slots):  # (a chunk has fewer tokens than ``size``)
            state[4] = 2 * (n_words + size)
            break
        if size > len(chunk):
            longest = max(size, 2 * len(chunk))
            chunk = np.empty(longest, np.uint32)
            out = np.empty(longest, np.uint32)
            work = np.empty(longest, np.uint32)
        if not rules or bound == 2:  # one token as it is
            w = _lookup(text, i, j, slots, word_hash, word_start, points, n_words)
            n_words += w == n_words
            ids[t] = w
            lengths[line] += 1
            t += 1
            i = j
            continue
        chunk[0] = 32
        chunk[1 : j - i + 1] = text[i:j]
        chunk[j - i + 1] = 32
        k = _apply_rules(chunk, j - i + 2, out, work)
        a = 0
        while a < k:
            if work[a] == 32:
                a += 1
                continue
            b = a + 1
            while b < k and work[b] != 32:
                b += 1
            w = _lookup(work, a, b, slots, word_hash, word_start, points, n_words)
            n_words += w == n_words
            ids[t] = w
            lengths[line] += 1
            t += 1
            a = b
        i = j
    state[0], state[1], state[2], state[3] = i, t, line, n_words


@numba.njit(cache=True, nogil=True)
def tokenize_13a(blob, state, ids, lengths, slots, word_hash, word_start, points):
    """:func:`_tokens` of the lines of ``blob`` (uint32 code points, see the module
    docstring) with 13a's rules, in the vocabulary of :class:`Vocabulary13a`'s arrays."""
    _tokens(blob, True, state, ids, lengths, slots, word_hash, word_start, points)


@numba.njit(cache=True, nogil=True)
def intern_words(text, state, ids, lengths, slots, word_hash, word_start, points):
    """:func:`_tokens` of ``text`` (code points of tokens separated by spaces) without
    13a's rules: words the Python encoder numbered."""
    _tokens(text, False, state, ids, lengths, slots, word_hash, word_start, points)


class Vocabulary13a:
    """The compiled vocabulary: slots (open addressing, -1 empty) of ids, each id's hash
    and the start of its code points in ``points``; ``n_words`` ids 0.. in use."""

    def __init__(self) -> None:
        self.slots = np.full(1 << 12, -1, np.int64)
        self.word_hash = np.zeros(1 << 11, np.uint64)
        self.word_start = np.zeros(1 << 11, np.int64)
        self.points = np.zeros(1 << 14, np.uint32)
        self.n_words = 0

    def _run(self, kernel, points, n_lines):
        # room for every token (at most one a character) being new
        words, chars = self.n_words + len(points) + 2, int(self.word_start[self.n_words]) + len(points)
        if words > len(self.word_hash):
            self.word_hash, self.word_start = _grown(self.word_hash, words), _grown(self.word_start, words)
        if chars > len(self.points):
            self.points = _grown(self.points, chars)
        ids, lengths = np.empty(len(points) + 1, np.int64), np.zeros(n_lines, np.int64)
        state = np.array([0, 0, 0, self.n_words, 0], np.int64)
        while True:
            kernel(points, state, ids, lengths, self.slots, self.word_hash, self.word_start, self.points)
            if not state[4]:
                break
            size = 2 * len(self.slots)
            while size < state[4]:
                size *= 2
            self.slots = _rehashed(self.word_hash, int(state[3]), size)
        self.n_words = int(state[3])
        return ids[: state[1]], lengths

    def tokenize(self, blob: str):
        """(ids, tokens per line, the new words in id order) of ``blob``'s lines."""
        before = self.n_words
        ids, lengths = self._run(tokenize_13a, _points(blob), blob.count("\n") + 1)
        return ids, lengths, self.words(before)

    def add(self, words) -> None:
        """Numbers ``words`` (tokens the Python encoder numbered, in its id order)."""
        if words:
            self._run(intern_words, _points(" ".join(words)), 1)

    def words(self, start: int) -> list:
        """The words of ids ``start``.. as strings."""
        if self.n_words == start:
            return []
        count = self.n_words - start
        first, last = int(self.word_start[start]), int(self.word_start[self.n_words])
        joined = np.full(last - first + count - 1, 32, np.uint32)  # one space between words
        lengths = np.diff(self.word_start[start : self.n_words + 1])
        joined[np.arange(last - first) + np.repeat(np.arange(count), lengths)] = self.points[first:last]
        return joined.tobytes().decode("utf-32-le", "surrogatepass").split(" ")


def _points(text: str) -> np.ndarray:
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)



def _grown(array: np.ndarray, need: int) -> np.ndarray:
    bigger = np.zeros(max(2 * len(array), need), array.dtype)
    bigger[: len(array)] = array
    return bigger


@numba.njit(cache=True, nogil=True)
def first_appearance(ids, n_words, word_start, points):
    """``ids`` renumbered 0.. in order of first appearance, and the code points of those
    words in that order, one space after each (tokens hold no whitespace): the input of
    :func:`words_of`."""
    new_id = np.full(n_words, -1, np.int64)
    local = np.empty(len(ids), np.int64)
    distinct = np.empty(len(ids), np.int64)
    k = 0
    chars = 0
    for t in range(len(ids)):
        w = ids[t]
        if new_id[w] < 0:
            new_id[w] = k
            distinct[k] = w
            k += 1
            chars += word_start[w + 1] - word_start[w] + 1
        local[t] = new_id[w]
    joined = np.empty(chars, np.uint32)
    at = 0
    for d in range(k):
        w = distinct[d]
        for q in range(word_start[w], word_start[w + 1]):
            joined[at] = points[q]
            at += 1
        joined[at] = 32
        at += 1
    return local, joined, k


def words_of(joined: np.ndarray, count: int) -> list:
    """The words :func:`first_appearance` joined, as strings."""
    if not count:
        return []
    return joined[:-1].tobytes().decode("utf-32-le", "surrogatepass").split(" ")
