# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5's paraphrase table (``ParaphraseTransducer``) and where its phrases occur.

The table: 5,274,084 entries (phrase, paraphrase) of ``paraphrase-en.gz``, shipped as
``ngram_core/data/meteor15-paraphrase-en.bin.gz`` (20.9 MB, built by
``scripts/build_meteor_resources.py``; the jar ignores the probabilities, so they are
left out). :func:`paraphrase_table` loads it once per process, on first use: the
first process decompresses it (about 0.3-0.6 s of CPU) and keeps the arrays on disk
uncompressed (:mod:`.disk_cache`, 61 MB), which later processes map (a few
milliseconds). 43,139 words, 2,616,378 distinct phrases of 1-7 words (sorted by word ids),
430,639 of them with paraphrases.

The jar's transducer is a trie of the first-column phrases: from a position of a
sentence it follows the words as long as they continue some phrase, and at each depth
emits the entries whose phrase ends there, in file order (``getPaths``: shorter phrases
first). Words are the table's words by string equality (its own ``Hashtable``, not the
hash keys of the other modules); a word the table lacks stops every phrase.
:meth:`ParaphraseTable.occurrences` finds, for many token sequences at once, every
(start, length, phrase) where a phrase of the table (of either column) occurs: level by
level, the n-grams that are a proper prefix of some phrase grow by one word, and every
hit is checked word by word. An n-gram is looked up either in a hash index of the
phrases and their prefixes (:class:`_HashKeys`: built by compiled loops, 0.2-0.5 s,
by the first process, which keeps it on disk beside the table, 107 MB; then one probe
per n-gram; a hash collision can never make a match) or as the run of the sorted phrases that start with it
(:class:`PhraseRanges`: numpy binary searches, nothing to build, for a one-off call);
:func:`ngram_core.compiled.use` chooses, as for the matchers' loops. With the hash
index the levels run in one compiled pass, start after start
(:func:`.paraphrase_kernel.phrase_occurrences`: the same occurrences in the same order).
"""
from __future__ import annotations

import gzip
import hashlib
import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Optional, Sequence

import numpy as np

from ...data_folder import DATA
from ... import caches, compiled
from ...ngrams.encoded import offsets_from_counts
from . import disk_cache, paraphrase_kernel

RESOURCE = DATA / "meteor15-paraphrase-en.bin.gz"
MAGIC = b"ngram-core METEOR 1.5 paraphrase table v1\n"
MAX_PHRASE = 7
_MULTIPLIER = np.uint64(0x9E3779B97F4A7C15)  # odd: n-gram hash h' = h * M + (word id + 1), mod 2^64
_SLOT_MULTIPLIER = np.uint64(0xD6E8FEB86659FD93)  # odd: a key's slot is the top bits of key * this


@dataclass(frozen=True)
class Occurrences:
    """Phrases found in token sequences, sorted by (sequence, start, length)."""

    seq: np.ndarray
    start: np.ndarray
    length: np.ndarray
    phrase: np.ndarray


class _HashKeys:
    """The phrases and the proper prefixes of phrases as 64-bit hashes of their word ids
    in an open-addressing hash table (linear probing, load factor below 1/2), built and
    searched by compiled loops (:mod:`.paraphrase_kernel`). A lookup state is an n-gram's
    hash, one row; two equal keys (a hash collision of two phrases) are an error, never a
    silent wrong match."""

    def __init__(self, phrase_words: np.ndarray, source: Optional[Path] = None) -> None:
        self._kernel = compiled.compile_loops(paraphrase_kernel)
        self._n_phrases = phrase_words.shape[1]
        name = _cache_name(source, "index") if source is not None else None
        index = disk_cache.load(name, source) if name is not None else None
        if index is None:
            keys, phrase_len, continued = self._kernel.phrase_keys(phrase_words, _MULTIPLIER)
            bits = max(int(len(keys) * 2 - 1).bit_length(), 4)
            slot_keys, slot_index, ok = self._kernel.hash_insert(keys, bits, _SLOT_MULTIPLIER)
            if not ok:
                raise ValueError("two keys are equal, or a key is zero (the empty-slot mark)")
            index = {"slot_keys": slot_keys, "slot_index": slot_index, "phrase_len": phrase_len,
                     "continued": continued, "bits": np.array([bits], dtype=np.int64)}
            if name is not None:
                disk_cache.store(name, source, index)
        self._keys, self._index = index["slot_keys"], index["slot_index"]
        self._phrase_len, self._continued = index["phrase_len"], index["continued"]
        self._bits = int(index["bits"][0])

    def first(self, words: np.ndarray) -> np.ndarray:
        return (words.astype(np.uint64) + np.uint64(1))[None, :]

    def extend(self, state: np.ndarray, n: int, words: np.ndarray) -> np.ndarray:
        return state * _MULTIPLIER + (words + 1).astype(np.uint64)

    def look(self, state: np.ndarray, n: int):
        key = self._kernel.hash_find(self._keys, self._index, self._bits, _SLOT_MULTIPLIER,
                                     np.ascontiguousarray(state[0]))
        phrase = np.where((key >= 0) & (key < self._n_phrases), key, -1)
        phrase[phrase >= 0] = np.where(self._phrase_len[phrase[phrase >= 0]] == n, phrase[phrase >= 0], -1)
        continued = key >= 0
        continued[continued] = self._continued[key[continued]]
        return phrase, continued

    def scan(self, words: np.ndarray, end: np.ndarray, phrase_words: np.ndarray):
        """(start, length, phrase) of every occurrence, by start then length, in one
        compiled pass (:func:`.paraphrase_kernel.phrase_occurrences`): what the level-by-level
        search of :meth:`ParaphraseTable.occurrences` finds, without its numpy passes."""
        return self._kernel.phrase_occurrences(words, end, phrase_words, self._keys, self._index, self._bits,
                                               _SLOT_MULTIPLIER, _MULTIPLIER, self._n_phrases, self._phrase_len,
                                               self._continued)


class PhraseRanges:
    """The phrases found by ranges of the sorted phrase list, in numpy with nothing to
    build (what a one-off call uses, :func:`ngram_core.compiled.use`): the phrases that
    start with an n-gram are a run of consecutive columns of ``phrase_words`` (sorted by
    word ids, a phrase before its extensions), narrowed word by word by binary search.
    A lookup state is the run (first, end), two rows. The same answers as
    :class:`_HashKeys`."""

    def __init__(self, phrase_words: np.ndarray) -> None:
        self._words = phrase_words

    def first(self, words: np.ndarray) -> np.ndarray:
        row, target = self._words[0], (words + 1).astype(self._words.dtype)
        return np.stack([np.searchsorted(row, target, side="left"), np.searchsorted(row, target, side="right")])

    def extend(self, state: np.ndarray, n: int, words: np.ndarray) -> np.ndarray:
        row, target = self._words[n], words + 1
        lo = _bisect(row, state[0], state[1], target, right=False)
        return np.stack([lo, _bisect(row, lo, state[1], target, right=True)])

    def look(self, state: np.ndarray, n: int):
        lo, hi = state
        phrase = np.full(len(lo), -1, dtype=np.int64)
        found = hi > lo
        if n < MAX_PHRASE:  # the run's first phrase is the n-gram itself if it ends there
            found[found] = self._words[n, lo[found]] == 0
        phrase[found] = lo[found]
        return phrase, hi - lo > found


def _bisect(row: np.ndarray, lo: np.ndarray, hi: np.ndarray, target: np.ndarray, right: bool) -> np.ndarray:
    """For each i, the first position in ``row[lo[i]:hi[i]]`` (sorted) whose value is
    above ``target[i]`` (``right``) or at least ``target[i]``, as ``np.searchsorted`` on
    each slice."""
    lo, hi = lo.copy(), hi.copy()
    open_ = np.flatnonzero(lo < hi)
    while len(open_):
        a, b = lo[open_], hi[open_]
        mid = (a + b) // 2
        value, t = row[mid], target[open_]
        after = value <= t if right else value < t
        lo[open_] = np.where(after, mid + 1, a)
        hi[open_] = np.where(after, b, mid)
        open_ = open_[lo[open_] < hi[open_]]
    return lo


class ParaphraseTable:
    """The paraphrase table as arrays (see the module docstring)."""

    def __init__(self, arrays: Dict[str, np.ndarray], source: Optional[Path] = None) -> None:
        self._source = source  # the resource file (names the hash index's disk cache), if any
        self.words = arrays["words"].tobytes().decode("utf-8").split("\n")
        self._word_index = {w: k for k, w in enumerate(self.words)}
        # phrase_words[k, p]: word k of phrase p, as word id + 1 (0: the phrase is shorter); sorted
        self.phrase_words = arrays["phrase_words"].reshape(MAX_PHRASE, -1)
        n_phrases = self.phrase_words.shape[1]
        self._n_phrases = n_phrases
        # groups: the phrases with paraphrases, their entries in file order
        group_phrase = np.cumsum(arrays["group_phrase"].astype(np.int64))
        self.group_of_phrase = np.full(n_phrases, -1, dtype=np.int32)
        self.group_of_phrase[group_phrase] = np.arange(len(group_phrase))
        self.group_offsets = offsets_from_counts(arrays["group_size"].astype(np.int64))
        self.entry_paraphrase = arrays["entry_paraphrase"].astype(np.int32)
        self._finders: dict = {}  # by whether compiled: _HashKeys, PhraseRanges
        self._finder_lock = threading.Lock()

    def finder(self, compiled_loops: bool):
        """How phrases are looked up: the hash index (built once, by compiled loops) or
        ranges of the sorted phrases (numpy, nothing built)."""
        with self._finder_lock:
            if compiled_loops not in self._finders:
                self._finders[compiled_loops] = (_HashKeys(self.phrase_words, self._source) if compiled_loops
                                                 else PhraseRanges(self.phrase_words))
            return self._finders[compiled_loops]

    def word_ids(self, vocab: Sequence[str]) -> np.ndarray:
        """The table's id of each word of ``vocab`` (-1: not a word of the table)."""
        index = self._word_index
        return np.fromiter((index.get(w, -1) for w in vocab), dtype=np.int64, count=len(vocab))

    def occurrences(self, words: np.ndarray, offsets: np.ndarray) -> Occurrences:
        """Every occurrence of a phrase of the table in the sequences
        ``words[offsets[s]:offsets[s + 1]]`` (table word ids, -1 for other words)."""
        finder = self.finder(compiled.loops_compiled(len(words)))
        n_seq = len(offsets) - 1
        seq_of = np.repeat(np.arange(n_seq, dtype=np.int64), np.diff(offsets))
        end = offsets[1:][seq_of]
        if isinstance(finder, _HashKeys):  # compiled: one pass, start after start
            where, length, phrase = finder.scan(np.ascontiguousarray(words, dtype=np.int64), end, self.phrase_words)
            seq = seq_of[where]
            return Occurrences(seq, where - offsets[seq], length, phrase)
        start = np.flatnonzero(words >= 0)
        state = finder.first(words[start])
        found = []
        for n in range(1, MAX_PHRASE + 1):
            if not len(start):
                break
            phrase, continued = finder.look(state, n)
            hit = phrase >= 0
            if hit.any():
                phrase, where = phrase[hit], start[hit]
                same = np.ones(len(phrase), dtype=bool)
                for k in range(n):  # every word, so that a hash collision cannot pass
                    same &= self.phrase_words[k, phrase].astype(np.int64) == words[where + k] + 1
                found.append((where[same], np.full(int(same.sum()), n, dtype=np.int64), phrase[same]))
            # grow the n-grams that some phrase continues, by the next word if there is one
            grows = continued
            nxt = start + n
            grows &= nxt < end[start]
            grows[grows] &= words[nxt[grows]] >= 0
            start = start[grows]
            if n < MAX_PHRASE:
                state = finder.extend(state[:, grows], n, words[start + n])
        if not found:
            empty = np.zeros(0, dtype=np.int64)
            return Occurrences(empty, empty, empty, empty)
        where = np.concatenate([f[0] for f in found])
        length = np.concatenate([f[1] for f in found])
        phrase = np.concatenate([f[2] for f in found])
        order = np.lexsort((length, where))
        where, length, phrase = where[order], length[order], phrase[order]
        seq = seq_of[where]
        return Occurrences(seq, where - offsets[seq], length, phrase)


def _read_arrays(path: Path) -> Dict[str, np.ndarray]:
    blob = gzip.decompress(path.read_bytes())
    if not blob.startswith(MAGIC):
        raise ValueError(f"{path} is not an ngram-core METEOR 1.5 paraphrase table")
    header_end = blob.index(b"\n", len(MAGIC))
    header = json.loads(blob[len(MAGIC):header_end])
    arrays, at = {}, header_end + 1
    for name, dtype, size in header:
        dtype = np.dtype(dtype)
        arrays[name] = np.frombuffer(blob, dtype=dtype, count=size, offset=at)
        at += dtype.itemsize * size
    return arrays


_LOCK = threading.Lock()


def _cache_name(source: Path, part: str) -> str:
    """The disk cache's name for ``part`` of the table in ``source`` (its resolved path's hash:
    two tables never share a name)."""
    return f"meteor15-paraphrase-{part}-{hashlib.sha1(str(source).encode()).hexdigest()[:16]}"


@lru_cache(maxsize=None)
def _load(path: str) -> ParaphraseTable:
    source = Path(path)
    name = _cache_name(source, "table")
    arrays = disk_cache.load(name, source)
    if arrays is None:
        arrays = _read_arrays(source)
        disk_cache.store(name, source, arrays)
    return ParaphraseTable(arrays, source)


caches.register(caches.Cache("meteor_paraphrase_table", "METEOR 1.5's English paraphrase table, as loaded",
                             "one table per file (loaded once, never grown)", _load.cache_clear))


def paraphrase_table(path: Optional[Path] = None) -> ParaphraseTable:
    """The English paraphrase table, loaded once per process (thread-safe)."""
    path = Path(path) if path is not None else RESOURCE
    if not path.is_file():
        raise FileNotFoundError(
            f"METEOR 1.5's paraphrase table {path} is missing: reinstall ngram-core, or rebuild it with "
            "scripts/build_meteor_resources.py (pip install pycocoevalcap==1.2 for the jar's paraphrase-en.gz)")
    with _LOCK:
        return _load(str(path.resolve()))
