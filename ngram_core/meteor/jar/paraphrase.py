# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
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

from ...data_folder import DATA
from ... import caches
from ...ngrams.corpus import offsets_from_counts

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


class _HashIndex:
    """An open-addressing hash table of distinct nonzero uint64 keys (linear probing,
    load factor below 1/2), built and searched by compiled loops
    (:mod:`._jar_match_kernel`): ``find`` gives, for each query, the position of that
    key in the key array, or -1. Two equal keys (a hash collision of two phrases) are
    an error, never a silent wrong match."""

    def __init__(self, keys: np.ndarray) -> None:
        from .match_kernel import hash_insert

        self._bits = max(int(len(keys) * 2 - 1).bit_length(), 4)
        self._keys, self._index, ok = hash_insert(np.ascontiguousarray(keys, dtype=np.uint64), self._bits,
                                                  _SLOT_MULTIPLIER)
        if not ok:
            raise ValueError("two keys are equal, or a key is zero (the empty-slot mark)")

    def find(self, queries: np.ndarray) -> np.ndarray:
        from .match_kernel import hash_find

        return hash_find(self._keys, self._index, self._bits, _SLOT_MULTIPLIER,
                         np.ascontiguousarray(queries, dtype=np.uint64))


class ParaphraseTable:
    """The paraphrase table as arrays (see the module docstring)."""

    def __init__(self, arrays: Dict[str, np.ndarray]) -> None:
        from .match_kernel import phrase_keys

        self.words = arrays["words"].tobytes().decode("utf-8").split("\n")
        self._word_index = {w: k for k, w in enumerate(self.words)}
        # phrase_words[k, p]: word k of phrase p, as word id + 1 (0: the phrase is shorter)
        self.phrase_words = arrays["phrase_words"].reshape(MAX_PHRASE, -1)
        n_phrases = self.phrase_words.shape[1]
        # one hash table for the phrases and the proper prefixes of phrases (each once)
        keys, self.phrase_len, self._continued = phrase_keys(self.phrase_words, _MULTIPLIER)
        self._index = _HashIndex(keys)
        del keys
        self._n_phrases = n_phrases
        # groups: the phrases with paraphrases, their entries in file order
        group_phrase = np.cumsum(arrays["group_phrase"].astype(np.int64))
        self.group_of_phrase = np.full(n_phrases, -1, dtype=np.int32)
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
    return ParaphraseTable(_read_arrays(Path(path)))


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
