"""Word matching for METEOR: which hypothesis words may align with which reference words.

Stages, in order, each on words not matched by an earlier stage: ``exact`` (same
token), ``stem`` (same stem), ``synonym`` (WordNet 3.0). The matcher works on every
distinct (hypothesis, reference) pair of a corpus at once, on the token tables of
:mod:`.tables`; a stage is a join on (pair, key), so Python only sees the word types
(to stem them or look them up in WordNet, once per type) and the few pairs the
synonym stage of the ``nltk`` variant has to walk word by word.

- :func:`nltk_matches`: NLTK 3.10's ``meteor_score`` matching. Each stage walks the
  hypothesis right to left and takes the right-most free reference word that matches.
  For the exact and stem stages the words of one key compete only with each other,
  which :func:`.tables.ranked_join` does for all pairs at once. The synonym stage,
  where keys interact, is NLTK's loop itself, run only on the pairs where some
  remaining hypothesis word has a synonym among the remaining reference words. Its
  quirks are kept: the stem stage replaces the words by their Porter stems, and the
  synonym stage then looks up those stems; a reference word matches when it equals one
  of the hypothesis word's WordNet lemma names.

It returns one row per match: (hypothesis row, reference row, stage index), rows of
the :class:`.tables.Side` tables. (METEOR 1.5's matching is :mod:`.jar_matching`.)
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Dict, FrozenSet, List, Sequence, Tuple

import numpy as np

from ... import caches
from .stemmers import get_word_stemmer
from ..tables import Side, combined, contains, csr, distinct, expand_csr, ranked_join
from .wordnet import get_wordnet

Matches = Tuple["np.ndarray", "np.ndarray", "np.ndarray"]  # (hypothesis rows, reference rows, stage indices)


# Caches that outlive a call hold only pure functions of one word (a stem, a WordNet
# answer): they can never give a wrong answer, only save work. Each is bounded
# (lru_cache maxsize), so a long-running process does not grow without limit.
_WORD_CACHE_SIZE = 1 << 17


@lru_cache(maxsize=None)
def _cached_stemmer(name: str) -> Callable[[str], str]:
    """``name``'s stemmer as a function of one word, with a bounded cache (pure function;
    the cache wraps the stemmer's own function, no Python call in between)."""
    return lru_cache(maxsize=_WORD_CACHE_SIZE)(get_word_stemmer(name))


@lru_cache(maxsize=_WORD_CACHE_SIZE)
def _synonyms(word: str) -> FrozenSet[str]:
    return get_wordnet().synonyms(word)


def _clear_word_caches() -> None:
    _cached_stemmer.cache_clear()  # (each stemmer's own word cache goes with it)
    _synonyms.cache_clear()


caches.register(caches.Cache("meteor_word_caches", "stems and WordNet synonym sets of words (variant='nltk')",
                             f"{_WORD_CACHE_SIZE} words each (LRU)", _clear_word_caches))


class Lexicon:
    """Stems of the token types of one call, as ids: each type is stemmed once, and
    only when a stage needs it (the bounded caches above are shared by every call)."""

    def __init__(self, stemmer: str, vocab: Sequence[str]) -> None:
        self.vocab = vocab
        self._stem = _cached_stemmer(stemmer)
        self._stem_of = np.full(len(vocab), -1, dtype=np.int64)  # stem id of each token id; -1: not yet
        self._stem_index: Dict[str, int] = {}
        self.stems: List[str] = []  # the string of each stem id

    def stem_ids(self, tokens: np.ndarray) -> np.ndarray:
        """The stem id of each of ``tokens`` (token ids)."""
        stem_of = self._stem_of
        new = distinct(tokens, len(stem_of))
        new = new[stem_of[new] < 0]
        if len(new):
            stem, index, vocab = self._stem, self._stem_index, self.vocab
            stem_of[new] = [index.setdefault(stem(vocab[t]), len(index)) for t in new.tolist()]
            self.stems = list(index)
        return stem_of[tokens]


def _rows_of_pairs(side: Side, rows: np.ndarray, pairs: np.ndarray) -> List[np.ndarray]:
    """For each of ``pairs``: the entries of ``rows`` (ascending row numbers) in that pair."""
    bounds = np.searchsorted(rows, side.start[np.stack([pairs, pairs + 1])])
    return [rows[a:b] for a, b in zip(bounds[0].tolist(), bounds[1].tolist())]


def nltk_matches(hyp: Side, ref: Side, stages: Sequence[str], lexicon: Lexicon) -> Matches:
    """NLTK's greedy staged matching of every pair (see the module docstring)."""
    hyp_free = np.ones(len(hyp), dtype=bool)
    ref_free = np.ones(len(ref), dtype=bool)
    hyp_key, ref_key = hyp.tok, ref.tok  # the key of each row: token id, then stem id
    key_names: Sequence[str] = lexicon.vocab
    found: List[Matches] = []
    for stage_index, stage in enumerate(stages):
        hyp_rows, ref_rows = np.flatnonzero(hyp_free), np.flatnonzero(ref_free)
        if not len(hyp_rows) or not len(ref_rows):
            break
        if stage == "stem":
            hyp_key, ref_key = hyp_key.copy(), ref_key.copy()
            hyp_key[hyp_rows] = lexicon.stem_ids(hyp.tok[hyp_rows])
            ref_key[ref_rows] = lexicon.stem_ids(ref.tok[ref_rows])
            key_names = lexicon.stems
        if stage == "synonym":
            h, r = _nltk_synonym_matches(hyp, ref, hyp_rows, ref_rows, hyp_key, ref_key, key_names, stage_index > 0)
        else:
            n_keys = len(key_names)
            h, r = ranked_join(combined(hyp.pair[hyp_rows], hyp_key[hyp_rows], n_keys),
                               combined(ref.pair[ref_rows], ref_key[ref_rows], n_keys))
            h, r = hyp_rows[h], ref_rows[r]
        hyp_free[h] = False
        ref_free[r] = False
        found.append((h, r, np.full(len(h), stage_index, dtype=np.int64)))
    return _concat(found)


def _nltk_synonym_matches(hyp: Side, ref: Side, hyp_rows, ref_rows, hyp_key, ref_key, key_names,
                          after_join: bool) -> Tuple[np.ndarray, np.ndarray]:
    """NLTK's synonym stage on the free rows: (hypothesis rows, reference rows) matched.

    A hypothesis key ``a`` may take a reference key ``b`` when ``b``'s string is in
    NLTK's synonym set of ``a``'s string (its WordNet names and the string itself).
    These (a, b) are found once per key type; ``a`` itself is left out when a join on
    the same keys ran before (``after_join``), as that join left no key free on both
    sides of a pair. The pairs of sentences holding such an (a, b) among their free
    words are found for all pairs at once, and only they are walked with NLTK's loop,
    on the words that may take a word there.
    """
    hyp_keys, ref_keys = hyp_key[hyp_rows], ref_key[ref_rows]
    n_keys = len(key_names)
    id_of_name = {key_names[b]: b for b in distinct(ref_keys, n_keys).tolist()}
    names_present = id_of_name.keys()
    takes: Dict[int, FrozenSet[int]] = {}  # hypothesis key -> reference keys it may take
    for a in distinct(hyp_keys, n_keys).tolist():
        common = names_present & _synonyms(key_names[a])
        if common:
            may_take = frozenset(id_of_name[name] for name in common)
            if after_join:
                may_take -= {a}
            if may_take:
                takes[a] = may_take
    if not takes:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    # the free hypothesis rows with a key they may take among the free reference rows of their pair
    types = sorted(takes)
    offsets, flat = csr([sorted(takes[a]) for a in types])
    type_index = np.full(n_keys, -1, dtype=np.int64)
    type_index[types] = np.arange(len(types))
    has = np.flatnonzero(type_index[hyp_keys] >= 0)
    rows, wanted = expand_csr(has, type_index[hyp_keys[has]], offsets, flat)
    present = contains(combined(ref.pair[ref_rows], ref_keys, n_keys), combined(hyp.pair[hyp_rows[rows]], wanted, n_keys))
    live = hyp_rows[distinct(rows[present], len(hyp_rows))]
    pairs = distinct(hyp.pair[live], len(hyp.start) - 1)
    matched_hyp: List[int] = []
    matched_ref: List[int] = []
    for pair_hyp, pair_ref in zip(_rows_of_pairs(hyp, live, pairs), _rows_of_pairs(ref, ref_rows, pairs)):
        # NLTK: each hypothesis word from the right takes the right-most free reference word it may take
        right_to_left = pair_hyp[::-1]
        words = list(zip(right_to_left.tolist(), [takes[a] for a in hyp_key[right_to_left].tolist()]))
        wanted_here = frozenset().union(*(may_take for _, may_take in words))
        right_to_left = pair_ref[::-1]
        free = [(j, b) for j, b in zip(right_to_left.tolist(), ref_key[right_to_left].tolist()) if b in wanted_here]
        for i, may_take in words:
            for index, (j, b) in enumerate(free):
                if b in may_take:
                    del free[index]
                    matched_hyp.append(i)
                    matched_ref.append(j)
                    break
    return np.array(matched_hyp, dtype=np.int64), np.array(matched_ref, dtype=np.int64)


def _concat(found: List[Matches]) -> Matches:
    if not found:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, empty
    return tuple(np.concatenate(column) for column in zip(*found))
