"""Word matching for METEOR: which hypothesis words may align with which reference words.

Stages, in order, each on words not matched by an earlier stage: ``exact`` (same
token), ``stem`` (same stem), ``synonym`` (WordNet 3.0). :class:`Lexicon` caches stems
and WordNet answers per word type for one call, so each type is stemmed and looked up
once however often it occurs.

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

from typing import Dict, FrozenSet, Iterable, List, Sequence, Tuple

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


class Lexicon:
    """Stems and WordNet answers per word type, computed once per type."""

    def __init__(self, stemmer: str) -> None:
        self._stem_words = get_stemmer(stemmer)
        self._stems: Dict[str, str] = {}
        self._synonyms: Dict[str, FrozenSet[str]] = {}
        self._synsets: Dict[str, FrozenSet[int]] = {}

    def add_words(self, words: Iterable[str]) -> None:
        """Stem every new word type of ``words`` in one batch."""
        new = list({w for w in words if w not in self._stems})
        self._stems.update(zip(new, self._stem_words(new)))

    def stem(self, word: str) -> str:
        stem = self._stems.get(word)
        if stem is None:
            self.add_words([word])
            stem = self._stems[word]
        return stem

    def synonyms(self, word: str) -> FrozenSet[str]:
        names = self._synonyms.get(word)
        if names is None:
            names = self._synonyms[word] = get_wordnet().synonyms(word)
        return names

    def synsets(self, word: str) -> FrozenSet[int]:
        ids = self._synsets.get(word)
        if ids is None:
            ids = self._synsets[word] = get_wordnet().synset_ids(word)
        return ids


def nltk_matches(hyp: Sequence[str], ref: Sequence[str], stages: Sequence[str], lexicon: Lexicon) -> List[Pair]:
    """NLTK's greedy staged matching; pairs sorted by hypothesis position."""
    hyp_keys, ref_keys = list(hyp), list(ref)
    hyp_free, ref_free = list(range(len(hyp))), list(range(len(ref)))
    pairs: List[Pair] = []
    for stage_index, stage in enumerate(stages):
        if not hyp_free or not ref_free:
            break
        if stage == "stem":
            stem = lexicon.stem
            for i in hyp_free:
                hyp_keys[i] = stem(hyp_keys[i])
            for j in ref_free:
                ref_keys[j] = stem(ref_keys[j])
        positions: Dict[str, List[int]] = {}
        for j in ref_free:
            positions.setdefault(ref_keys[j], []).append(j)
        matched_hyp, matched_ref = set(), set()
        for i in reversed(hyp_free):
            if stage == "synonym":
                synonyms = lexicon.synonyms(hyp_keys[i])
                best_j, best_key = -1, None
                for key, free in positions.items():
                    if free and free[-1] > best_j and key in synonyms:
                        best_j, best_key = free[-1], key
                if best_key is None:
                    continue
                j = positions[best_key].pop()
            else:
                free = positions.get(hyp_keys[i])
                if not free:
                    continue
                j = free.pop()
            matched_hyp.add(i)
            matched_ref.add(j)
            pairs.append((i, j, stage_index))
        if matched_hyp:
            hyp_free = [i for i in hyp_free if i not in matched_hyp]
            ref_free = [j for j in ref_free if j not in matched_ref]
    pairs.sort()
    return pairs


def candidate_pairs(
    hyp: Sequence[str], ref: Sequence[str], stages: Sequence[str], lexicon: Lexicon
) -> List[List[Tuple[int, int]]]:
    """Per hypothesis position, the (reference position, stage index) pairs it may align
    with, sorted by reference position.

    As in METEOR 1.5, a stage only looks at words that no earlier stage found a match
    for (a word with an exact match elsewhere is not offered to the stem stage).
    """
    found: List[List[Tuple[int, int]]] = [[] for _ in hyp]
    hyp_free, ref_free = list(range(len(hyp))), list(range(len(ref)))
    for stage_index, stage in enumerate(stages):
        if not hyp_free or not ref_free:
            break
        covered_hyp, covered_ref = set(), set()
        if stage == "synonym":
            by_synset: Dict[int, List[int]] = {}
            for j in ref_free:
                for synset in lexicon.synsets(ref[j]):
                    by_synset.setdefault(synset, []).append(j)
            if not by_synset:
                break
            shared = by_synset.keys()
            for i in hyp_free:
                js = {j for synset in lexicon.synsets(hyp[i]) & shared for j in by_synset[synset]}
                if js:
                    found[i].extend((j, stage_index) for j in js)
                    covered_hyp.add(i)
                    covered_ref.update(js)
        else:
            key = lexicon.stem if stage == "stem" else None
            positions: Dict[str, List[int]] = {}
            for j in ref_free:
                positions.setdefault(key(ref[j]) if key else ref[j], []).append(j)
            for i in hyp_free:
                js = positions.get(key(hyp[i]) if key else hyp[i])
                if js:
                    found[i].extend((j, stage_index) for j in js)
                    covered_hyp.add(i)
                    covered_ref.update(js)
        if covered_hyp:
            hyp_free = [i for i in hyp_free if i not in covered_hyp]
            ref_free = [j for j in ref_free if j not in covered_ref]
    for pairs in found:
        pairs.sort()
    return found
