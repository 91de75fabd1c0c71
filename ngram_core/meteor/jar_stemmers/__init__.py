"""The Snowball stemmers of ``meteor-1.5.jar``, as the jar has them (one module per language).

The jar carries 2015 Java builds of the Snowball stemmers (``org.tartarus.snowball``).
Snowball has changed since, so today's ``snowballstemmer`` gives other stems:

- English: ``snowballstemmer`` 3.x gives 46 other stems on the 61,243 lowercased WMT
  English word types (new ``-ogist`` rule, new region prefixes such as ``emerg``, no
  undoubling in ``added`` -> ``ad``, ...); 2.x gives none;
- German: every version gives 35 other stems there (the ``-nisse`` rule, which deletes
  the s of ``-niss`` after ``-e``/``-en``/``-es``, is newer than the jar); 3.x 725;
- Russian: versions from 2.0 map ``ё`` to ``е`` first (11 other stems there).

So the English, German and Russian stemmers are written out here from the Snowball
algorithms as the jar runs them (Porter2 with the region prefixes gener/commun/arsen;
German without the ``-nisse`` rule; Russian without the ``ё`` mapping) and checked
word by word against the jar (``tests/test_meteor_jar_stemmers.py``). Like the jar's
Java, they work on UTF-16 code units: a character above U+FFFF counts as two
non-vowels. The jar's other stemming languages use ``snowballstemmer``'s stemmer of
that language (not checked against the jar: no data).

A stemmer here is a function from one word to its stem; :func:`jar_stemmer` gives the
language's, with a bounded cache (stems are a pure function of the word).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from .english import english_stem
from .german import german_stem
from .russian import russian_stem

Stem = Callable[[str], str]

_OWN = {"english": english_stem, "german": german_stem, "russian": russian_stem}
_SNOWBALL_NAMES = {
    "french": "french", "spanish": "spanish", "portuguese": "portuguese", "danish": "danish",
    "romanian": "romanian", "hungarian": "hungarian", "turkish": "turkish", "finnish": "finnish",
    "dutch": "dutch", "italian": "italian", "norwegian": "norwegian", "swedish": "swedish",
}
_CACHE_SIZE = 1 << 18


def _as_utf16_units(word: str) -> str:
    """``word`` with each character above U+FFFF written as its two surrogates."""
    return "".join(c if ord(c) <= 0xFFFF else chr(0xD7C0 + (ord(c) >> 10)) + chr(0xDC00 + (ord(c) & 0x3FF)) for c in word)


def _utf16_safe(stem: Stem) -> Stem:
    """``stem`` applied to Java's view of a word: each character above U+FFFF as its two
    UTF-16 surrogates (two non-letters to the algorithm), joined again afterwards."""
    def on_units(word: str) -> str:
        if all(ord(c) <= 0xFFFF for c in word):
            return stem(word)
        return stem(_as_utf16_units(word)).encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")
    return on_units


@lru_cache(maxsize=None)
def jar_stemmer(language: str) -> Stem:
    """The jar's stemmer of ``language`` (a name of ``Constants.normLanguageName``:
    "english", "german", ...), as a cached function of one word."""
    if language in _OWN:
        stem = _OWN[language]
    elif language in _SNOWBALL_NAMES:
        import snowballstemmer

        stem = snowballstemmer.stemmer(_SNOWBALL_NAMES[language]).stemWord
    else:
        raise ValueError(f"METEOR 1.5 has no stemmer for language {language!r}; leave 'stem' out of the modules")
    return lru_cache(maxsize=_CACHE_SIZE)(_utf16_safe(stem))

