# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The Snowball stemmers of ``meteor-1.5.jar``, as the jar has them (one module per language).

The jar carries 2015 Java builds of the Snowball stemmers (``org.tartarus.snowball``).
Snowball has changed since, so today's ``snowballstemmer`` gives other stems for most of
the jar's languages (measured against the jar):

- English: 3.x gives 46 other stems on the 61,243 lowercased WMT English word types (new
  ``-ogist`` rule, new region prefixes such as ``emerg``, ...); 2.x none;
- German: every version gives 35 other stems there (the ``-nisse`` rule is newer than
  the jar); 3.x 725;
- Russian: versions from 2.0 map ``ё`` to ``е`` first (11 other stems there);
- French (ë and ï in the prelude), Portuguese (``-ução``), Hungarian (ő and ű: the jar
  spells them õ and û): 2.x and 3.x differ on generated words; Danish, Norwegian,
  Swedish, Finnish and Romanian (cedilla ş ţ in its tables): 3.x differs.

So those eleven are written out here from the Snowball algorithms as the jar runs them,
a module per language, each checked word by word against the jar
(``tests/meteor/test_meteor_jar_stemmers.py``: the WMT vocabularies of English, German and
Russian, generated words in every language). Spanish, Italian, Turkish and Dutch are
``snowballstemmer``'s, which agrees with the jar on them (Dutch: its ``dutch_porter``
from 3.0 on, when ``dutch`` became another algorithm); the same test checks whichever
version is installed. Like the jar's Java, the stemmers work on UTF-16 code units: a
character above U+FFFF counts as two non-vowels.

A stemmer here is a function from one word to its stem; :func:`jar_stemmer` gives the
language's, with a bounded cache (stems are a pure function of the word).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from .danish import danish_stem
from .english import english_stem
from .finnish import finnish_stem
from .french import french_stem
from .german import german_stem
from .hungarian import hungarian_stem
from .norwegian import norwegian_stem
from .portuguese import portuguese_stem
from .romanian import romanian_stem
from .russian import russian_stem
from .swedish import swedish_stem

Stem = Callable[[str], str]

_OWN = {
    "english": english_stem, "german": german_stem, "russian": russian_stem, "french": french_stem,
    "portuguese": portuguese_stem, "hungarian": hungarian_stem, "danish": danish_stem, "norwegian": norwegian_stem,
    "swedish": swedish_stem, "finnish": finnish_stem, "romanian": romanian_stem,
}
# snowballstemmer's algorithm of each remaining language, first name it has wins
_SNOWBALL_NAMES = {"spanish": ("spanish",), "italian": ("italian",), "turkish": ("turkish",),
                   "dutch": ("dutch_porter", "dutch")}
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

        name = next(n for n in _SNOWBALL_NAMES[language] if n in snowballstemmer.algorithms())
        stem = snowballstemmer.stemmer(name).stemWord
    else:
        raise ValueError(f"METEOR 1.5 has no stemmer for language {language!r}; leave 'stem' out of the modules")
    return lru_cache(maxsize=_CACHE_SIZE)(_utf16_safe(stem))

