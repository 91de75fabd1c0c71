"""METEOR 1.5's paraphrase table (``ParaphraseTransducer``) and where its phrases occur.

The table: 5,274,084 entries (phrase, paraphrase) of ``paraphrase-en.gz``, shipped as
``ngram_core/data/meteor15-paraphrase-en.bin.gz`` (20.9 MB, built by
``scripts/build_meteor_resources.py``; the jar ignores the probabilities, so they are
left out). :func:`paraphrase_table` loads it once per process, on first use (about a
second): 43,139 words, 2,616,378 distinct phrases of 1-7 words, 430,639 of them with
paraphrases, each phrase keyed by a 64-bit hash of its word ids.

The jar's transducer is a trie of the first-column phrases: from a position of a
sentence it follows the words as long as they continue some phrase, and at each depth
emits the entries whose phrase ends there, in file order (``getPaths``: shorter phrases
first). Words are the table's words by string equality (its own ``Hashtable``, not the
hash keys of the other modules); a word the table lacks stops every phrase.
:meth:`ParaphraseTable.occurrences` finds, for many token sequences at once, every
(start, length, phrase) where a phrase of the table (of either column) occurs: level by
level, the n-grams that are a proper prefix of some phrase grow by one word, n-gram
hashes are looked up in sorted hash arrays, and every hit is checked word by word (so
a hash collision can never make a match).
"""
from __future__ import annotations

import gzip
import json
import threading
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Dict, Optional, Sequence

import numpy as np

from ..corpus import offsets_from_counts

RESOURCE = Path(__file__).resolve().parents[1] / "data" / "meteor15-paraphrase-en.bin.gz"
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


class _HashIndex:
    """An open-addressing hash table of distinct nonzero uint64 keys (linear probing),
    built and searched with whole-array numpy operations: ``find`` gives, for each
    query, the position of that key in the key array, or -1."""

    def __init__(self, keys: np.ndarray, verify: bool = True) -> None:
        bits = max(int(len(keys) * 2 - 1).bit_length(), 4)  # load factor below 1/2
        self._shift = np.uint64(64 - bits)
        self._mask = (1 << bits) - 1
        self._keys = np.zeros(1 << bits, dtype=np.uint64)
        self._index = np.full(1 << bits, -1, dtype=np.int32)
        if np.any(keys == 0):
            raise ValueError("a zero key (the empty-slot mark)")
        pending = np.arange(len(keys), dtype=np.int64)
        slot = self._home(keys)
        while len(pending):
            at = slot[pending]
            free = self._keys[at] == 0
            candidates, where = pending[free], at[free]
            self._index[where] = candidates  # of several keys wanting one slot, one wins
            won = self._index[where] == candidates
            self._keys[where[won]] = keys[candidates[won]]
            left = np.ones(len(pending), dtype=bool)
            left[np.flatnonzero(free)[won]] = False
            pending, at = pending[left], at[left]
            slot[pending] = (at + 1) & self._mask  # their slot is taken now: probe on
        # every key must find itself: two equal keys would leave one unreachable
        if verify and len(keys) and not np.array_equal(self.find(keys), np.arange(len(keys))):
            raise ValueError("two keys are equal")

    def _home(self, keys: np.ndarray) -> np.ndarray:
        return ((keys * _SLOT_MULTIPLIER) >> self._shift).astype(np.int64)

    def find(self, queries: np.ndarray) -> np.ndarray:
        result = np.full(len(queries), -1, dtype=np.int64)
        slot = self._home(queries)
        active = np.arange(len(queries), dtype=np.int64)
        while len(active):
            at = slot[active]
            key = self._keys[at]
            hit = key == queries[active]
            result[active[hit]] = self._index[at[hit]]
            active = active[(key != 0) & ~hit]
            slot[active] = (slot[active] + 1) & self._mask
        return result


class ParaphraseTable:
    """The paraphrase table as arrays (see the module docstring)."""

    def __init__(self, arrays: Dict[str, np.ndarray], verify: bool = True) -> None:
        """``verify``: check that no two phrases or prefixes share a hash (a pass over
        all of them; done when the shipped table is built and tested, so loading it
        skips it)."""
        self.words = arrays["words"].tobytes().decode("utf-8").split("\n")
        self._word_index = {w: k for k, w in enumerate(self.words)}
        # phrase_words[k, p]: word k of phrase p, as word id + 1 (0: the phrase is shorter)
        self.phrase_words = arrays["phrase_words"].reshape(MAX_PHRASE, -1)
        n_phrases = self.phrase_words.shape[1]
        self.phrase_len = np.count_nonzero(self.phrase_words, axis=0).astype(np.int64)
        # the number of leading words a phrase shares with the one before it (sorted order)
        same = np.ones(n_phrases - 1, dtype=bool)
        lcp = np.zeros(n_phrases, dtype=np.int64)
        for column in range(MAX_PHRASE):
            same &= self.phrase_words[column, 1:] == self.phrase_words[column, :-1]
            same &= self.phrase_words[column, 1:] > 0
            lcp[1:] += same
        # one hash table for the phrases and the proper prefixes of phrases: a phrase is
        # a proper prefix iff the next phrase in sorted order starts with it; the other
        # prefixes are those longer than what a phrase shares with the one before it
        hashes = np.zeros(n_phrases, dtype=np.uint64)
        prefixes = []
        for column in range(MAX_PHRASE):
            word = self.phrase_words[column].astype(np.uint64)
            hashes = np.where(word > 0, hashes * _MULTIPLIER + word, hashes)
            n = column + 1
            prefixes.append(hashes[(self.phrase_len > n) & (n > lcp)])
        prefixes = np.concatenate(prefixes)
        self._index = _HashIndex(np.concatenate([hashes, prefixes]), verify)
        self._n_phrases = n_phrases
        next_lcp = np.append(lcp[1:], 0)
        self._continued = np.concatenate([next_lcp == self.phrase_len, np.ones(len(prefixes), dtype=bool)])
        # groups: the phrases with paraphrases, their entries in file order
        group_phrase = np.cumsum(arrays["group_phrase"].astype(np.int64))
        self.group_of_phrase = np.full(n_phrases, -1, dtype=np.int64)
        self.group_of_phrase[group_phrase] = np.arange(len(group_phrase))
        self.group_offsets = offsets_from_counts(arrays["group_size"].astype(np.int64))
        self.entry_paraphrase = arrays["entry_paraphrase"].astype(np.int32)

    def word_ids(self, vocab: Sequence[str]) -> np.ndarray:
        """The table's id of each word of ``vocab`` (-1: not a word of the table)."""
        index = self._word_index
        return np.fromiter((index.get(w, -1) for w in vocab), dtype=np.int64, count=len(vocab))

    def occurrences(self, words: np.ndarray, offsets: np.ndarray) -> Occurrences:
        """Every occurrence of a phrase of the table in the sequences
        ``words[offsets[s]:offsets[s + 1]]`` (table word ids, -1 for other words)."""
        n_seq = len(offsets) - 1
        seq_of = np.repeat(np.arange(n_seq, dtype=np.int64), np.diff(offsets))
        end = offsets[1:][seq_of]
        start = np.flatnonzero(words >= 0)
        hashes = words[start].astype(np.uint64) + np.uint64(1)
        found = []
        for n in range(1, MAX_PHRASE + 1):
            if not len(start):
                break
            key = self._index.find(hashes)
            hit = (key >= 0) & (key < self._n_phrases)
            if hit.any():
                phrase, where = key[hit], start[hit]
                same = self.phrase_len[phrase] == n
                for k in range(n):  # every word, so that a hash collision cannot pass
                    same &= self.phrase_words[k, phrase].astype(np.int64) == words[where + k] + 1
                found.append((where[same], np.full(int(same.sum()), n, dtype=np.int64), phrase[same]))
            # grow the n-grams that some phrase continues, by the next word if there is one
            grows = key >= 0
            grows[grows] = self._continued[key[grows]]
            nxt = start + n
            grows &= nxt < end[start]
            grows[grows] &= words[nxt[grows]] >= 0
            start = start[grows]
            hashes = hashes[grows] * _MULTIPLIER + (words[start + n] + 1).astype(np.uint64)
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


@lru_cache(maxsize=None)
def _load(path: str) -> ParaphraseTable:
    # the shipped table's hashes were checked when it was built (and by its test)
    return ParaphraseTable(_read_arrays(Path(path)), verify=Path(path) != RESOURCE.resolve())


def paraphrase_table(path: Optional[Path] = None) -> ParaphraseTable:
    """The English paraphrase table, loaded once per process (thread-safe)."""
    path = Path(path) if path is not None else RESOURCE
    if not path.is_file():
        raise FileNotFoundError(
            f"METEOR 1.5's paraphrase table {path} is missing: reinstall ngram-core, or rebuild it with "
            "scripts/build_meteor_resources.py (pip install pycocoevalcap==1.2 for the jar's paraphrase-en.gz)")
    with _LOCK:
        return _load(str(path.resolve()))
