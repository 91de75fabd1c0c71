"""Texts as integer arrays: the step between tokenizers and n-gram statistics.

``encode_texts`` tokenizes a list of texts and returns every token as an integer id
in one flat array, with offsets marking where each text starts. Work is done per
distinct string wherever the result allows it: a chunk-local tokenizer (13a, char,
none) tokenizes each distinct whitespace-separated chunk once, and identical texts
(a reference shared by several systems, say) are encoded once by the callers.

Small inputs (at most ``SMALL_INPUT_TEXTS`` texts: a batch of sentence-level rewards,
a few segments in an interactive app) would spend most of their time in pyarrow's
fixed per-call costs. They are encoded in Python instead, through a bounded cache of
recently seen texts (:class:`RecentTokens`): a text seen before costs a dictionary
lookup, and the new texts of a call are tokenized together (the tokenizer's
``tokenize_batch``: 13a's rules run once over them all) and numbered by dictionaries
in C, not token by token in Python. Once the compiled kernels are loaded, 13a's new texts
are tokenized and numbered in one compiled pass instead (:mod:`ngram_core.ngrams.kernel_13a`),
and this road takes up to ``SMALL_INPUT_TEXTS_13A`` texts (:func:`small_input`). The tokens
are the same either way.
Larger inputs are encoded in pyarrow (:mod:`ngram_core.ngrams.arrow_encoding`, imported
then: a small call never imports pyarrow).
"""
from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import chain
from typing import Optional

from ..lazy import np

from .. import caches, compiled
from ..tokenizers import Case, Tokenization, tokenization
from ..tokenizers.tokenizer_13a import Tokenizer13a
from .encoded import EncodedTexts, offsets_from_counts


SMALL_INPUT_TEXTS = 512  # up to this many texts, encode in Python through RecentTokens
# ... and up to this many where 13a's rules run compiled (kernel_13a): 2,048 new WMT texts take
# about 4.5 ms there against pyarrow's 7.6 ms (benchmarks/README.md, "Rewards on fresh batches")
SMALL_INPUT_TEXTS_13A = 8192


def small_input(n_texts: int, tokenize: str) -> bool:
    """Whether ``n_texts`` texts are encoded through :class:`RecentTokens` rather than pyarrow."""
    return n_texts <= SMALL_INPUT_TEXTS or (n_texts <= SMALL_INPUT_TEXTS_13A and tokenize == "13a" and compiled.use())


class RecentTokens:
    """Token ids of recently encoded texts, in one vocabulary that only grows.

    ``texts[tokenization.key]`` maps a text to where its token ids lie in one
    contiguous buffer (``start << 32 | length``: a batch gathers its texts' ids from
    one array in one compiled pass, not from an array per text). When any table
    outgrows its limit, :func:`recent_tokens` starts a new, empty instance (ids mean
    something only within one instance), so memory stays bounded (about 2^16 texts, as
    sacreBLEU's tokenizer cache).
    """

    MAX_TEXTS = 1 << 16
    MAX_WORDS = 1 << 20
    MAX_BUFFER = 1 << 25  # token ids (256 MB; caches.set_limit("recent_tokens", n_bytes))

    def __init__(self) -> None:
        self.index: dict[str, int] = {}  # token -> id
        self.words: list[str] = []  # id -> token
        self.texts: dict[tuple, dict[str, int]] = {}
        self.buffer = np.empty(1 << 12, dtype=np.int64)  # the token ids of every text in ``texts``
        self.used = 0
        self.lock = threading.Lock()  # one batch at a time reads and extends the tables and the buffer
        self._word_array = np.empty(0, dtype=object)  # ``words`` up to ``_filled``, for fancy indexing
        self._filled = 0
        self.vocab_13a = None  # the compiled 13a road's copy of ``index`` (kernel_13a.Vocabulary13a), on first need

    @property
    def full(self) -> bool:
        return (sum(map(len, self.texts.values())) > self.MAX_TEXTS or len(self.words) > self.MAX_WORDS
                or self.used > self.MAX_BUFFER)

    def intern(self, tokens: list) -> np.ndarray:
        """The ids of ``tokens`` (new tokens get the next ids, in order of first appearance)."""
        index, words = self.index, self.words
        new = [token for token in dict.fromkeys(tokens) if token not in index]
        if new:
            index.update(zip(new, range(len(words), len(words) + len(new))))
            words.extend(new)
        return np.fromiter(map(index.__getitem__, tokens), dtype=np.int64, count=len(tokens))

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

    def store(self, ids: np.ndarray, lengths: list) -> list:
        """Appends the ids of texts of ``lengths`` tokens (one after the other) to the
        buffer: each text's place, ``start << 32 | length``."""
        start, total = self.used, len(ids)
        if start + total > len(self.buffer):
            grown = np.empty(max(2 * len(self.buffer), start + total), dtype=np.int64)
            grown[:start] = self.buffer[:start]
            self.buffer = grown
        self.buffer[start : start + total] = ids
        self.used = start + total
        ends = np.cumsum(np.array(lengths, dtype=np.int64)) + start
        return (((ends - lengths) << 32) | lengths).tolist()

    def add_texts(self, way: Tokenization, texts: list, kernels: bool = False) -> list:
        """Tokenizes distinct new ``texts`` together, as sacreBLEU tokenizes each
        (lowercase, rstrip, tokenizer): their places in the buffer. ``kernels``: the
        compiled kernels are loaded, and 13a's rules run compiled (:meth:`add_13a`)."""
        if kernels and type(way.tokenizer) is Tokenizer13a:
            return self.add_13a(way, texts)
        lists = [line.split() for line in way.tokenizer.tokenize_batch(way.lines(texts))]
        return self.store(self.intern(list(chain.from_iterable(lists))), list(map(len, lists)))

    def add_13a(self, way: Tokenization, texts: list) -> list:
        """:meth:`add_texts` through :mod:`ngram_core.ngrams.kernel_13a`: 13a's rules and
        the numbering in one compiled pass, in a vocabulary that mirrors ``index``
        (the same id for each word: words the Python road numbered are added first)."""
        if self.vocab_13a is None:
            from .kernel_13a import Vocabulary13a

            self.vocab_13a = Vocabulary13a()
        vocab, words = self.vocab_13a, self.words
        if vocab.n_words < len(words):
            vocab.add(words[vocab.n_words :])
        first = len(words)
        ids, lengths, new = vocab.tokenize(way.tokenizer.blob(way.lines(texts)))
        if new:
            self.index.update(zip(new, range(first, first + len(new))))
            words.extend(new)
        return self.store(ids, lengths)


_RECENT: Optional[RecentTokens] = None  # made by the first small call
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
    if _RECENT is None or _RECENT.full:
        _RECENT = RecentTokens()
    return _RECENT


def _clear_recent_tokens() -> None:
    global _RECENT
    _RECENT = None  # a call under way keeps the instance it took


def _limit_recent_tokens(n_bytes: int) -> None:
    RecentTokens.MAX_BUFFER = n_bytes // np.dtype(np.int64).itemsize


caches.register(caches.Cache(
    "recent_tokens", "token ids of the texts of recent small calls (RecentTokens)",
    "2^16 texts, 2^20 tokens, 256 MB of ids by default (set_limit)",
    _clear_recent_tokens, _limit_recent_tokens))


def _encode_small(texts: Sequence[str], way: Tokenization) -> EncodedTexts:
    """``encode_texts`` in Python, for a few texts: ids come from the cache of recent tokens."""
    recent = recent_tokens()  # one instance throughout, even if another call replaces it
    gather = compiled.kernels().gather_first_appearance if compiled.use() else gather_first_appearance

    with recent.lock:
        table = recent.texts.setdefault(way.key, {})
        new = [text for text in dict.fromkeys(texts) if text not in table]
        if new:
            table.update(zip(new, recent.add_texts(way, new, gather is not gather_first_appearance)))
        places = list(map(table.__getitem__, texts))
        # Renumber in order of first appearance in these texts: a function of the input
        # alone, not of what the cache saw before (NIST and METEOR sum floats in id order).
        local, offsets, distinct = gather(recent.buffer, np.array(places, dtype=np.int64),
                                                   _renumber_scratch(len(recent.words)))
        vocab = recent.word_array()[distinct].tolist()
    return EncodedTexts(ids=local, offsets=offsets, vocab=vocab)


def encode_texts(texts: Sequence[str], tokenize: str = "13a", lowercase=False) -> EncodedTexts:
    """Tokenize ``texts`` (sacreBLEU's preprocessing and tokenizer) into integer ids;
    ``lowercase``: ``False``, ``True`` or ``"ascii"`` (:func:`ngram_core.tokenizers.tokenization`)."""
    way = tokenization(tokenize, lowercase)
    if len(texts) == 0:  # (a blob tokenizer would return one empty string)
        return EncodedTexts(ids=np.zeros(0, dtype=np.int64), offsets=np.zeros(1, dtype=np.int64), vocab=[])
    if small_input(len(texts), tokenize):
        encoded = _encode_small(texts, way)
    else:
        from .arrow_encoding import encode_arrow  # (pyarrow: on first need)

        encoded = encode_arrow(texts, way)
    return encoded if way.after is Case.KEEP else encoded.in_case(way.after)  # A-Z in the tokens
