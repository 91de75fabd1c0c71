"""Distinct (hypothesis, reference) pairs as flat token tables, and the joins on them.

METEOR compares every hypothesis with each of its references. Instead of looping over
the pairs in Python, the matchers (:mod:`.matching`) work on one table per side: a row
per token of every pair, holding the pair's index, the token's position in its
sentence and a key (the token id, its stem id, ...), the rows of a pair contiguous and
in position order. A stage of matching is then a join of the two tables on
(pair, key), done for the whole corpus with a few sorts:

- :func:`ranked_join`: NLTK's greedy rule (``_match_enums``). Walking the hypothesis
  right to left, each word takes the right-most free reference word with its key, so
  within a pair and a key the t-th hypothesis word from the right pairs with the t-th
  reference word from the right;

Keys are combined with the pair index into one int64 (``pair * n_keys + key``);
:func:`combined` checks that it fits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Tuple

import numpy as np

from ..ngrams.encoded import offsets_from_counts

_INT64_LIMIT = 1 << 62
_NONE = np.zeros(0, dtype=np.int64)


@dataclass(frozen=True)
class Segments:
    """Distinct tokenized segments: ``tokens[offsets[s]:offsets[s + 1]]`` are segment s's token ids."""

    tokens: np.ndarray  # int64
    offsets: np.ndarray  # int64, one more than the number of segments
    vocab: list  # the string of each token id

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)


@dataclass(frozen=True)
class Side:
    """One side (hypotheses or references) of a set of pairs: a row per token."""

    pair: np.ndarray  # pair index of each row
    pos: np.ndarray  # position of the token in its sentence
    tok: np.ndarray  # token id
    start: np.ndarray  # first row of each pair (one more entry than pairs)

    @classmethod
    def expand(cls, segments: Segments, seg: np.ndarray) -> "Side":
        """The rows of segments ``seg[p]`` for each pair p, in pair then position order."""
        lengths = segments.lengths[seg]
        start = offsets_from_counts(lengths)
        pair = np.repeat(np.arange(len(seg), dtype=np.int64), lengths)
        pos = np.arange(start[-1], dtype=np.int64) - start[pair]
        tok = segments.tokens[segments.offsets[seg][pair] + pos]
        return cls(pair, pos, tok, start)

    def __len__(self) -> int:
        return len(self.pair)


def combined(pair: np.ndarray, key: np.ndarray, n_keys: int) -> np.ndarray:
    """``pair * n_keys + key`` as int64 (one sortable number per (pair, key))."""
    n_pairs = int(pair.max()) + 1 if len(pair) else 0
    if n_pairs * max(n_keys, 1) >= _INT64_LIMIT:  # beyond any real corpus; be loud, never wrong
        raise OverflowError(f"{n_pairs} pairs x {n_keys} keys do not fit one int64 key; score the corpus in parts")
    return pair * np.int64(n_keys) + key


def distinct(values: np.ndarray, size: int) -> np.ndarray:
    """The distinct values (sorted) of ``values``, integers in [0, ``size``): one pass over a mask."""
    seen = np.zeros(size, dtype=bool)
    seen[values] = True
    return np.flatnonzero(seen)


def _runs(sorted_keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(start, end) of each run of equal values in ``sorted_keys``."""
    n = len(sorted_keys)
    if n == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty
    new = np.empty(n, dtype=bool)
    new[0] = True
    np.not_equal(sorted_keys[1:], sorted_keys[:-1], out=new[1:])
    start = np.flatnonzero(new)
    end = np.empty_like(start)
    end[:-1] = start[1:]
    end[-1] = n
    return start, end


class KeyIndex:
    """Combined keys sorted (stably: rows of one key stay in position order), with the
    runs of equal keys: the side of a join that is looked up."""

    def __init__(self, keys: np.ndarray) -> None:
        self.order = np.argsort(keys, kind="stable")
        self.sorted = keys[self.order]
        self.start, self.end = _runs(self.sorted)
        self.keys = self.sorted[self.start]

    def find(self, keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
        """For each of ``keys``: (index of its run, whether it has one); not for an empty table."""
        at = np.searchsorted(self.keys, keys)
        np.minimum(at, len(self.keys) - 1, out=at)
        return at, self.keys[at] == keys


def ranked_join(hyp_keys: np.ndarray, ref_keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """NLTK's greedy matching for every pair at once: (hypothesis rows, reference rows).

    ``hyp_keys`` and ``ref_keys`` are combined (pair, key) numbers of the rows taking
    part, each side in pair then position order; the results index those arrays.
    Within a key, the t-th hypothesis row from the right matches the t-th reference
    row from the right, if there is one.
    """
    if not len(hyp_keys) or not len(ref_keys):
        return _NONE, _NONE
    hyp, ref = KeyIndex(hyp_keys), KeyIndex(ref_keys)
    # rank of each sorted hypothesis row from the right of its run
    run = np.repeat(np.arange(len(hyp.start)), hyp.end - hyp.start)
    rank = hyp.end[run] - 1 - np.arange(len(hyp.sorted))
    at, found = ref.find(hyp.sorted)
    ok = found & (rank < ref.end[at] - ref.start[at])
    return hyp.order[ok], ref.order[ref.end[at[ok]] - 1 - rank[ok]]


def contains(keys: np.ndarray, queries: np.ndarray) -> np.ndarray:
    """Whether each of ``queries`` is one of ``keys``."""
    if not len(keys):
        return np.zeros(len(queries), dtype=bool)
    return KeyIndex(keys).find(queries)[1]


def csr(lists) -> Tuple[np.ndarray, np.ndarray]:
    """(offsets, flat values) of a list of integer lists."""
    lengths = np.fromiter((len(v) for v in lists), dtype=np.int64, count=len(lists))
    offsets = offsets_from_counts(lengths)
    flat = np.fromiter((x for v in lists for x in v), dtype=np.int64, count=int(offsets[-1]))
    return offsets, flat


def expand_csr(rows: np.ndarray, owner: np.ndarray, offsets: np.ndarray, flat: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """For rows whose values are ``flat[offsets[o]:offsets[o + 1]]`` (o = ``owner`` of
    the row): (the row of each value, the value)."""
    counts = offsets[owner + 1] - offsets[owner]
    out_rows = np.repeat(rows, counts)
    first = offsets_from_counts(counts)
    within = np.arange(first[-1], dtype=np.int64) - np.repeat(first[:-1], counts)
    return out_rows, flat[np.repeat(offsets[owner], counts) + within]
