# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5's languages and data files, offline.

Languages are named as the jar names them (``Constants.normLanguageName``): "en" or
"english" -> "english", "cz"/"cs" -> "czech", "se"/"sv" -> "swedish", "xx" -> "other",
..., case-insensitive. :func:`language_name` does that mapping and raises on a name the
jar does not know.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, List, Tuple

from ...data_folder import DATA
from ... import caches

# full name -> the short names the jar accepts for it (besides the full name)
_ALIASES: Dict[str, Tuple[str, ...]] = {
    "english": ("en",),
    "czech": ("cz", "cs"),
    "french": ("fr",),
    "german": ("de",),
    "spanish": ("es",),
    "arabic-buckwalter-reduced": ("ar-bw-red",),
    "portuguese": ("pt",),
    "russian": ("ru",),
    "danish": ("da",),
    "romanian": ("ro",),
    "hungarian": ("hu",),
    "turkish": ("tr",),
    "finnish": ("fi",),
    "dutch": ("nl",),
    "italian": ("it",),
    "norwegian": ("no",),
    "swedish": ("se", "sv"),
    "other": ("xx",),
}
_BY_NAME = {alias: name for name, aliases in _ALIASES.items() for alias in (name, *aliases)}
LANGUAGES = tuple(_ALIASES)

# the languages with the jar's own tokenizer (-norm) and parameters (Constants.isSupported)
NORMALIZED_LANGUAGES = ("english", "czech", "french", "spanish", "german", "russian")


def language_name(language: str) -> str:
    """The jar's name of ``language`` ("en" -> "english"); ValueError for one it does not know."""
    if not isinstance(language, str):
        raise TypeError(f"language must be a string such as 'en', not {type(language).__name__}")
    name = _BY_NAME.get(language.lower())
    if name is None:
        known = ", ".join(f"{aliases[0]} ({name})" for name, aliases in _ALIASES.items())
        raise ValueError(f"language={language!r}: METEOR 1.5 knows {known}")
    return name


# ---------------------------------------------------------------- the jar's word lists

DATA = DATA
TEXT_RESOURCE = DATA / "meteor15.txt.xz"
_BUILD_HINT = ("it is built from meteor-1.5.jar by scripts/build_meteor_resources.py "
               "(pip install pycocoevalcap==1.2 for the jar); reinstall ngram-core to get it back")


def _missing(path: Path) -> FileNotFoundError:
    return FileNotFoundError(f"METEOR 1.5 resource {path} is missing: {_BUILD_HINT}")


@lru_cache(maxsize=None)
def _sections() -> Dict[Tuple[str, str], List[str]]:
    """{(kind, language): lines} of the word-list resource (read once per process)."""
    if not TEXT_RESOURCE.is_file():
        raise _missing(TEXT_RESOURCE)
    import lzma  # (on first need: the command line imports this module for its language names)

    lines = lzma.decompress(TEXT_RESOURCE.read_bytes()).decode("utf-8").split("\n")
    sections: Dict[Tuple[str, str], List[str]] = {}
    at = 1  # after the comment line
    while at < len(lines) and lines[at].startswith("@"):
        kind, language, count = lines[at][1:].split(" ")
        sections[(kind, language)] = lines[at + 1: at + 1 + int(count)]
        at += 1 + int(count)
    return sections


def function_words(language: str) -> FrozenSet[str]:
    """The jar's function words of ``language`` (``function/<language>.words``; empty for
    most languages). The scorer weighs words whose lowercase form is in it by delta."""
    return frozenset(_sections()[("function", language_name(language))])


@lru_cache(maxsize=None)
def nonbreaking_prefixes(language: str) -> Dict[str, bool]:
    """The normalizer's nonbreaking prefixes of ``language``: {prefix: numeric only?},
    read as ``Normalizer.nbpList`` reads the file (first token of each line; lines
    without tokens or starting with ``#`` skipped; ``#NUMERIC_ONLY#`` as second token)."""
    name = language_name(language)
    prefixes: Dict[str, bool] = {}
    for line in _sections().get(("nonbreaking", name), ()):
        tokens = _java_tokens(line)
        if not tokens or tokens[0].startswith("#"):
            continue
        prefixes[tokens[0]] = len(tokens) > 1 and tokens[1] == "#NUMERIC_ONLY#"
    return prefixes


def _java_tokens(line: str) -> List[str]:
    """``java.util.StringTokenizer`` tokens: split on space, tab, LF, CR, FF only."""
    return [t for t in re.split("[ \t\n\r\f]+", line) if t]


# ---------------------------------------------------------------- the synonym dictionary

# SynonymDictionary.morph: (suffix, replacement) in the jar's order (noun, verb, adjective
# endings of WordNet's morphology; the jar's list has no "ves" -> "f")
_MORPH_RULES = (
    ("s", ""), ("ses", "s"), ("xes", "x"), ("zes", "z"), ("ches", "ch"), ("shes", "sh"), ("men", "man"), ("ies", "y"),
    ("s", ""), ("ies", "y"), ("es", "e"), ("es", ""), ("ed", "e"), ("ed", ""), ("ing", "e"), ("ing", ""),
    ("er", ""), ("est", ""), ("er", "e"), ("est", "e"),
)


_SYNSET_CACHE_SIZE = 1 << 18


class JarSynonyms:
    """The jar's ``SynonymDictionary`` (``synonym/english.*``, WordNet 3.0 as METEOR
    ships it): a word's synsets are those of the word itself plus those of its base
    forms, the bases being the word's entries in the exception list if it has any,
    else the first of the jar's suffix rules (:data:`_MORPH_RULES`) whose result is a
    word of the dictionary (a word ending in "ss" or of at most 2 UTF-16 units is its
    own base; no rule applying gives no base)."""

    def __init__(self) -> None:
        sections = _sections()
        synsets = sections[("synonym-synsets", "english")]
        # word -> its line of synset numbers (a later entry replaces an earlier one, as Hashtable.put)
        self._lines: Dict[str, str] = dict(zip(synsets[0::2], synsets[1::2]))
        self._bases: Dict[str, List[str]] = {}
        self._cache: Dict[str, FrozenSet[int]] = {}
        exceptions = sections[("synonym-exceptions", "english")]
        for base, forms in zip(exceptions[0::2], exceptions[1::2]):
            for form in _java_tokens(forms):
                self._bases.setdefault(form, []).append(base)

    def _synsets(self, word: str) -> FrozenSet[int]:
        line = self._lines.get(word)
        return frozenset(int(x) for x in _java_tokens(line)) if line is not None else frozenset()

    def _morph(self, word: str) -> str:
        if word.endswith("ss") or len(word.encode("utf-16-le")) <= 4:
            return word
        for suffix, replacement in _MORPH_RULES:
            if word.endswith(suffix):
                base = word[: len(word) - len(suffix)] + replacement
                if base in self._lines:
                    return base
        return ""

    def synsets(self, word: str) -> FrozenSet[int]:
        """What ``SynonymMatcher`` compares for ``word``: ``getSynSets(word)`` and
        ``getStemSynSets(word)`` together (cached: a pure function of the word)."""
        found = self._cache.get(word)
        if found is None:
            if len(self._cache) >= _SYNSET_CACHE_SIZE:
                self._cache.clear()
            found = self._cache[word] = self._lookup(word)
        return found

    def _lookup(self, word: str) -> FrozenSet[int]:
        found = self._synsets(word)
        bases = self._bases.get(word)
        if bases is not None:
            return found.union(*(self._synsets(base) for base in bases))
        return found | self._synsets(self._morph(word))


@lru_cache(maxsize=None)
def jar_synonyms() -> JarSynonyms:
    """The synonym dictionary, read once per process on first use."""
    return JarSynonyms()


def _clear_resources() -> None:
    for cached in (_sections, nonbreaking_prefixes, jar_synonyms):
        cached.cache_clear()


caches.register(caches.Cache("meteor_jar_resources", "METEOR 1.5's word lists and synonym dictionary",
                             "read once, never grown (one entry per language)", _clear_resources))
