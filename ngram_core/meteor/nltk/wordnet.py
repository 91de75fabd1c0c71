"""WordNet 3.0 offline: synonym sets for METEOR's synonym stage.

The data is ``ngram_core/data/wordnet30.txt.xz`` (about 1.4 MB), built from Debian's
``wordnet-base`` by ``scripts/build_wordnet_resource.py``; WordNet's license is in
``wordnet30.LICENSE`` next to it. It is read on first use (about a quarter of a second),
never downloaded.

Lookups follow NLTK 3.10's ``WordNetCorpusReader.synsets(word)`` exactly: the word is
lowercased, and for each part of speech (noun, verb, adjective, adverb) its base forms
are the word itself plus either its exception-list entries (``*.exc``) or, when it has
none, the forms given by one application of the suffix rules ("morphy"); the base forms
found in that part of speech's index give the synsets.
"""
from __future__ import annotations

import lzma
import threading
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Dict, FrozenSet, List, Mapping, Tuple

from ...data_folder import DATA
from ... import caches

RESOURCE = DATA / "wordnet30.txt.xz"
PARTS_OF_SPEECH = ("n", "v", "a", "r")
_NO_ENTRY: Mapping[str, Tuple[int, ...]] = MappingProxyType({})  # a form that is not a lemma (read-only, shared)

# WordNet's morphological suffix rules (NLTK's MORPHOLOGICAL_SUBSTITUTIONS), per part of speech.
SUBSTITUTIONS: Dict[str, Tuple[Tuple[str, str], ...]] = {
    "n": (("s", ""), ("ses", "s"), ("ves", "f"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y")),
    "v": (("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", "")),
    "a": (("er", ""), ("est", ""), ("er", "e"), ("est", "e")),
    "r": (),
}
# The same rules keyed by the suffix's last letter, (pos, old, new) in each part of speech's
# order: a word is tried only against the rules whose suffix can end it.
_RULES_BY_LAST: Dict[str, Tuple[Tuple[str, str, str], ...]] = {}
for _pos in PARTS_OF_SPEECH:
    for _old, _new in SUBSTITUTIONS[_pos]:
        _RULES_BY_LAST[_old[-1]] = _RULES_BY_LAST.get(_old[-1], ()) + ((_pos, _old, _new),)


class WordNet:
    """The WordNet 3.0 synonym resource; one shared instance: :func:`get_wordnet`."""

    def __init__(self, path: Path = RESOURCE) -> None:
        text = lzma.decompress(Path(path).read_bytes()).decode("utf-8")
        lines = text.split("\n")
        start = {line.split()[0]: i for i, line in enumerate(lines) if line.startswith("@")}
        self._synsets: List[str] = lines[start["@synsets"] + 1 : start["@index"]]
        # lemma -> "n:1,2 v:3" (parsed on first use: most lemmas are never asked for)
        self._index: Dict[str, str] = dict(line.split(" ", 1) for line in lines[start["@index"] + 1 : start["@exceptions"]])
        self._exceptions: Dict[str, Dict[str, List[str]]] = {pos: {} for pos in PARTS_OF_SPEECH}
        # form -> {pos: its base forms}: the parts of speech where the form is an exception
        self._exceptions_of: Dict[str, Dict[str, List[str]]] = {}
        for line in lines[start["@exceptions"] + 1 :]:
            if line:
                pos, form, *bases = line.split(" ")
                self._exceptions[pos][form] = bases
                self._exceptions_of.setdefault(form, {})[pos] = bases
        self._entries: Dict[str, Dict[str, Tuple[int, ...]]] = {}

    def __len__(self) -> int:
        return len(self._index)

    def lemmas(self) -> List[str]:
        """Every lemma of the index (multi-word lemmas joined with ``_``)."""
        return list(self._index)

    def exception_forms(self) -> List[str]:
        """Every inflected form listed in the exception files."""
        return sorted({form for table in self._exceptions.values() for form in table})

    def _entry(self, lemma: str) -> Mapping[str, Tuple[int, ...]]:
        """``lemma``'s synset ids per part of speech (empty when it is not in the index).
        Parsed entries are kept, one per lemma of the index at most: a form that is not a
        lemma is not stored, so the store cannot grow with the words asked about."""
        entry = self._entries.get(lemma)
        if entry is None:
            raw = self._index.get(lemma)
            if raw is None:
                return _NO_ENTRY
            entry = {field[0]: tuple(int(i) for i in field[2:].split(",")) for field in raw.split(" ")}
            self._entries[lemma] = entry
        return entry

    def synset_ids(self, word: str) -> FrozenSet[int]:
        """Ids of every synset of ``word`` through its base forms, all parts of speech.

        The union, over the parts of speech, of the synsets of ``word`` itself and of its
        base forms there (NLTK's ``_morphy``): its exception-list bases in that part of
        speech or, where it has none, the forms of the suffix rules that end it. One pass
        over all parts of speech (the rules are looked up by the word's last letter; the
        order of the forms cannot change a union)."""
        word = word.lower()
        entry = self._entry
        ids = set()
        for pos_ids in entry(word).values():
            ids.update(pos_ids)
        exceptions = self._exceptions_of.get(word)
        for pos, old, new in _RULES_BY_LAST.get(word[-1:], ()):
            if (exceptions is None or pos not in exceptions) and word.endswith(old):
                pos_ids = entry(word[: -len(old)] + new).get(pos)
                if pos_ids:
                    ids.update(pos_ids)
        if exceptions is not None:
            for pos, bases in exceptions.items():
                for form in bases:
                    pos_ids = entry(form).get(pos)
                    if pos_ids:
                        ids.update(pos_ids)
        return frozenset(ids)

    def synonyms(self, word: str) -> FrozenSet[str]:
        """NLTK ``meteor_score``'s synonym set: ``word`` plus the one-word lemma names
        (case kept) of every synset of ``word``."""
        names = {word}
        for i in self.synset_ids(word):
            line = self._synsets[i]
            if line:
                names.update(line.split(" "))
        return frozenset(names)


_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def _shared() -> WordNet:
    return WordNet()


caches.register(caches.Cache("wordnet", "WordNet 3.0 as read from the installed files (variant='nltk')",
                             "one instance, never grown", _shared.cache_clear))


def get_wordnet() -> WordNet:
    """The shared :class:`WordNet`, loaded on first call."""
    with _LOCK:
        return _shared()
