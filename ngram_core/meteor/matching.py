"""Word matching for METEOR: which hypothesis words may align with which reference words.

Stages, in order, each on words not matched by an earlier stage: ``exact`` (same
token), ``stem`` (same stem), ``synonym`` (WordNet 3.0). :class:`Lexicon` gives stems
and WordNet answers from bounded caches (pure functions of a word), so each type is
stemmed and looked up once however often it occurs; :class:`Segment` holds a
segment's word positions and stems, built once per distinct segment of a call.

Two matchers, one per variant:

- :func:`nltk_matches`: NLTK 3.10's ``meteor_score`` matching, step for step: each
  stage walks the hypothesis right to left and takes the right-most free reference
  word that matches. Its quirks are kept: the stem stage replaces the words by their
  Porter stems, and the synonym stage then looks up those stems; a reference word
  matches when it equals one of the hypothesis word's WordNet lemma names.
- :func:`candidate_pairs`: every (hypothesis, reference) pair that matches, for the
  fewest-chunks alignment (:mod:`ngram_core.meteor.alignment`), as METEOR 1.5 collects
  them: a stage only considers words for which no earlier stage found any match.
  Stems are Snowball stems of the words; two words are synonyms when they share a
  WordNet synset (through their base forms), as in METEOR 1.5.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Dict, FrozenSet, Iterable, List, Sequence, Tuple

from .stemmers import get_stemmer
from .wordnet import get_wordnet

STAGES = ("exact", "stem", "synonym")

Pair = Tuple[int, int, int]  # (hypothesis position, reference position, stage index)


def check_stages(stages: Iterable[str]) -> Tuple[str, ...]:
    """``stages`` as a tuple in METEOR's order; raises on unknown or repeated names."""
    if isinstance(stages, str):
        stages = stages.replace("+", ",").split(",")
    stages = tuple(stages)
    unknown = [s for s in stages if s not in STAGES]
    if unknown or len(set(stages)) != len(stages) or not stages:
        raise ValueError(f"stages={stages!r}: give one or more distinct stages out of {', '.join(STAGES)}")
    return tuple(s for s in STAGES if s in stages)


# Caches that outlive a call hold only pure functions of one word (a stem, a WordNet
# answer): they can never give a wrong answer, only save work. Each is bounded
# (lru_cache maxsize), so a long-running process does not grow without limit.
_WORD_CACHE_SIZE = 1 << 17


@lru_cache(maxsize=None)
def _cached_stemmer(name: str) -> Callable[[str], str]:
    """``name``'s stemmer as a function of one word, with a bounded cache (pure function)."""
    stem_words = get_stemmer(name)
    return lru_cache(maxsize=_WORD_CACHE_SIZE)(lambda word: stem_words([word])[0])


@lru_cache(maxsize=_WORD_CACHE_SIZE)
def _synonyms(word: str) -> FrozenSet[str]:
    return get_wordnet().synonyms(word)


@lru_cache(maxsize=_WORD_CACHE_SIZE)
def _synsets(word: str) -> FrozenSet[int]:
    return get_wordnet().synset_ids(word)


class Lexicon:
    """Stems and WordNet answers per word type, computed once per type (bounded caches
    shared by every call: they are pure functions of the word)."""

    def __init__(self, stemmer: str) -> None:
        self.stem: Callable[[str], str] = _cached_stemmer(stemmer)
        self.synonyms: Callable[[str], FrozenSet[str]] = _synonyms
        self.synsets: Callable[[str], FrozenSet[int]] = _synsets

    def add_words(self, words: Iterable[str]) -> None:
        """Stem every new word type of ``words`` (kept for callers; stems are cached)."""
        stem = self.stem
        for word in set(words):
            stem(word)


class Segment:
    """One tokenized segment and the structures every matcher needs, built once per
    distinct segment of a call (a reference is usually shared by every system)."""

    __slots__ = ("words", "positions", "_lexicon", "_stems", "_stem_positions")

    def __init__(self, words: Sequence[str], lexicon: Lexicon) -> None:
        self.words = words
        positions: Dict[str, List[int]] = {}
        for i, word in enumerate(words):
            got = positions.get(word)
            if got is None:
                positions[word] = [i]
            else:
                got.append(i)
        self.positions = positions  # word -> ascending positions
        self._lexicon = lexicon
        self._stems = None
        self._stem_positions = None

    def __len__(self) -> int:
        return len(self.words)

    @property
    def stems(self) -> List[str]:
        if self._stems is None:
            stem = self._lexicon.stem
            by_word = {word: stem(word) for word in self.positions}
            self._stems = [by_word[word] for word in self.words]
        return self._stems

    @property
    def stem_positions(self) -> Dict[str, List[int]]:
        """stem -> ascending positions of the words with that stem."""
        if self._stem_positions is None:
            stem = self._lexicon.stem
            grouped: Dict[str, List[int]] = {}
            for word, where in self.positions.items():
                grouped.setdefault(stem(word), []).extend(where)
            for where in grouped.values():
                where.sort()
            self._stem_positions = grouped
        return self._stem_positions


def _as_segment(words, lexicon: Lexicon) -> Segment:
    return words if isinstance(words, Segment) else Segment(list(words), lexicon)


def _group(positions: Iterable[int], keys: Sequence[str]) -> Dict[str, List[int]]:
    grouped: Dict[str, List[int]] = {}
    for i in positions:
        grouped.setdefault(keys[i], []).append(i)
    return grouped


def nltk_matches(hyp, ref, stages: Sequence[str], lexicon: Lexicon) -> List[Pair]:
    """NLTK's greedy staged matching; pairs sorted by hypothesis position.

    NLTK walks the hypothesis right to left and gives each word the right-most free
    reference word with the same key. For the exact and stem stages the words of one
    key compete only with each other, so this is the same as pairing, per key, the
    key's free hypothesis positions and free reference positions from the right:
    done here per key on precomputed position lists (the words shared by both
    sentences come from one set intersection). The synonym stage, where keys
    interact, is NLTK's loop itself, on the few words left.
    """
    hyp, ref = _as_segment(hyp, lexicon), _as_segment(ref, lexicon)
    pairs: List[Pair] = []
    hyp_groups = hyp.positions  # key -> ascending free hypothesis positions
    ref_used: set = set()
    stemmed = False
    stem = lexicon.stem
    n_ref = len(ref.words)
    for stage_index, stage in enumerate(stages):
        if not hyp_groups or len(ref_used) == n_ref:
            break
        if stage == "stem" and not stemmed:
            stemmed = True
            regrouped: Dict[str, List[int]] = {}
            for key, where in hyp_groups.items():
                key = stem(key)
                got = regrouped.get(key)
                if got is None:
                    regrouped[key] = where
                else:
                    regrouped[key] = sorted(got + where)
            hyp_groups = regrouped
        if stage == "synonym":
            ref_keys = ref.stems if stemmed else ref.words
            free_refs = [j for j in range(n_ref - 1, -1, -1) if j not in ref_used]
            free_keys = {ref_keys[j] for j in free_refs}
            free_hyp = sorted(((i, key) for key, where in hyp_groups.items() for i in where), reverse=True)
            synonyms = lexicon.synonyms
            for i, key in free_hyp:
                names = synonyms(key)
                if names.isdisjoint(free_keys):
                    continue
                for index, j in enumerate(free_refs):
                    if ref_keys[j] in names:
                        del free_refs[index]
                        pairs.append((i, j, stage_index))
                        ref_used.add(j)
                        break
                if not free_refs:
                    break
                free_keys = {ref_keys[j] for j in free_refs}
            break  # the last stage
        ref_groups = ref.stem_positions if stemmed else ref.positions
        left: Dict[str, List[int]] = {}
        for key, hyp_where in hyp_groups.items():
            ref_where = ref_groups.get(key)
            if ref_where is None:
                left[key] = hyp_where
                continue
            if ref_used:
                ref_where = [j for j in ref_where if j not in ref_used]
            n_h, n_r = len(hyp_where), len(ref_where)
            if n_h == 1 and n_r >= 1:
                j = ref_where[-1]
                pairs.append((hyp_where[0], j, stage_index))
                ref_used.add(j)
                continue
            k = n_h if n_h < n_r else n_r
            for t in range(1, k + 1):
                j = ref_where[-t]
                pairs.append((hyp_where[-t], j, stage_index))
                ref_used.add(j)
            if k < n_h:
                left[key] = hyp_where[: n_h - k]
        hyp_groups = left
    pairs.sort()
    return pairs


def candidate_pairs(hyp, ref, stages: Sequence[str], lexicon: Lexicon) -> List[List[Tuple[int, int]]]:
    """Per hypothesis position, the (reference position, stage index) pairs it may align
    with, sorted by reference position.

    As in METEOR 1.5, a stage only looks at words that no earlier stage found a match
    for (a word with an exact match elsewhere is not offered to the stem stage).
    """
    hyp, ref = _as_segment(hyp, lexicon), _as_segment(ref, lexicon)
    n_hyp, n_ref = len(hyp.words), len(ref.words)
    found: List[List[Tuple[int, int]]] = [[] for _ in range(n_hyp)]
    hyp_free = None  # None: every position
    ref_covered: set = set()
    for stage_index, stage in enumerate(stages):
        if (hyp_free is not None and not hyp_free) or len(ref_covered) == n_ref:
            break
        covered_hyp = set()
        covered_ref = set()
        if stage == "synonym":
            ref_words, hyp_words = ref.words, hyp.words
            synsets = lexicon.synsets
            by_synset: Dict[int, List[int]] = {}
            for j in range(n_ref):
                if j not in ref_covered:
                    for synset in synsets(ref_words[j]):
                        by_synset.setdefault(synset, []).append(j)
            if not by_synset:
                break
            shared = by_synset.keys()
            for i in hyp_free if hyp_free is not None else range(n_hyp):
                common = synsets(hyp_words[i]) & shared
                if common:
                    js = sorted({j for synset in common for j in by_synset[synset]})
                    found[i].extend((j, stage_index) for j in js)
                    covered_hyp.add(i)
                    covered_ref.update(js)
        else:
            use_stems = stage == "stem"
            if hyp_free is None:
                hyp_groups = hyp.stem_positions if use_stems else hyp.positions
            else:
                hyp_groups = _group(hyp_free, hyp.stems if use_stems else hyp.words)
            ref_groups = ref.stem_positions if use_stems else ref.positions
            for key, hyp_where in hyp_groups.items():
                js = ref_groups.get(key)
                if js is None:
                    continue
                if ref_covered:
                    js = [j for j in js if j not in ref_covered]
                    if not js:
                        continue
                row = [(j, stage_index) for j in js]
                for i in hyp_where:
                    found[i].extend(row)
                covered_hyp.update(hyp_where)
                covered_ref.update(js)
        if covered_hyp:
            ref_covered |= covered_ref
            if hyp_free is None:
                hyp_free = [i for i in range(n_hyp) if i not in covered_hyp]
            else:
                hyp_free = [i for i in hyp_free if i not in covered_hyp]
        elif hyp_free is None:
            hyp_free = list(range(n_hyp))
    return found
