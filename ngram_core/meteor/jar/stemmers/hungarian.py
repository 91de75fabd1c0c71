# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Hungarian stemmer: Snowball Hungarian from its ISO-8859-1 days.

The jar's build spelt the letters Latin-1 lacks, ő and ű, as their Latin-1 stand-ins
õ (U+00F5) and û (U+00FB). So in the jar:

- the vowels are a e i o u á é í ó õ ö ú û ü: ő and ű are consonants to it (they set
  the region R1 like any consonant), while õ and û are vowels;
- the case suffixes ``-ből -ről -től`` are ``-bõl -rõl -tõl``: a real ő-word keeps them.

Otherwise the rules are those of the Snowball Hungarian algorithm: R1 from the
vowel/consonant layout of the word's start, then, each once and in this order, the
instrumental, case, special case, other case, factive, owned, singular owner, plural
owner and plural suffixes, each removed (or its á/é made a/e) only when it lies in R1.
"""
from __future__ import annotations

from typing import Dict, Tuple

from .snowball import by_length, first_suffix

_HU_VOWELS = frozenset("aeiouáéíó\u00f5öú\u00fbü")
# the consonant letters of two or three characters that R1 steps over as a whole
_HU_DIGRAPHS = ("dzs", "cs", "gy", "ly", "ny", "sz", "ty", "zs")
# doubled consonants (a doubled digraph doubles its first letter only: ccs, ggy, ...)
_HU_DOUBLES = by_length(("bb", "cc", "ccs", "dd", "ff", "gg", "ggy", "jj", "kk", "ll", "lly", "mm", "nn", "nny",
                         "pp", "rr", "ss", "ssz", "tt", "tty", "vv", "zz", "zzs"))
_HU_INSTRUMENTAL = ("al", "el")
_HU_CASE = by_length(("ba", "be", "ra", "re", "nak", "nek", "val", "vel", "t\u00f3l", "t\u00f5l", "r\u00f3l",
                      "r\u00f5l", "b\u00f3l", "b\u00f5l", "hoz", "hez", "höz", "nál", "nél", "ig", "at", "et",
                      "ot", "öt", "ért", "ként", "anként", "enként", "onként", "kor", "képp", "képpen", "t",
                      "n", "an", "en", "on", "ön", "ban", "ben", "ul", "ül", "vá", "vé"))
_HU_FACTIVE = ("á", "é")
_HU_LONG_VOWEL = {"á": "a", "é": "e"}


def _rules(table: Dict[str, str]) -> Tuple[Tuple[str, ...], Dict[str, str]]:
    """A suffix table (suffix -> what replaces it) as (suffixes longest first, table)."""
    return by_length(table), table


_HU_CASE_SPECIAL = _rules({"án": "a", "én": "e", "ánként": "a"})
_HU_CASE_OTHER = _rules({"stul": "", "astul": "", "ástul": "a", "stül": "", "estül": "", "éstül": "e"})
_HU_OWNED = _rules({"éi": "", "áéi": "a", "ééi": "e", "é": "", "ké": "", "aké": "", "eké": "", "oké": "",
                    "áké": "a", "éké": "e", "öké": "", "éé": "e"})
_HU_SING_OWNER = _rules({"a": "", "e": "", "o": "", "á": "a", "é": "e", "ja": "", "je": "",
                         "d": "", "ad": "", "ed": "", "od": "", "öd": "", "ád": "a", "éd": "e",
                         "nk": "", "unk": "", "ünk": "", "ánk": "a", "énk": "e",
                         "uk": "", "ük": "", "juk": "", "jük": "", "ájuk": "a", "éjük": "e",
                         "m": "", "am": "", "em": "", "om": "", "ám": "a", "ém": "e"})
_HU_PLUR_OWNER = _rules({"i": "", "ai": "", "ei": "", "jai": "", "jei": "", "ái": "a", "éi": "e",
                         "id": "", "aid": "", "eid": "", "jaid": "", "jeid": "", "áid": "a", "éid": "e",
                         "ik": "", "aik": "", "eik": "", "jaik": "", "jeik": "", "áik": "a", "éik": "e",
                         "im": "", "aim": "", "eim": "", "jaim": "", "jeim": "", "áim": "a", "éim": "e",
                         "ink": "", "aink": "", "eink": "", "jaink": "", "jeink": "", "áink": "a", "éink": "e",
                         "itek": "", "eitek": "", "jeitek": "", "éitek": "e",
                         "aitok": "", "jaitok": "", "áitok": "a"})
_HU_PLURAL = _rules({"k": "", "ak": "", "ek": "", "ok": "", "ök": "", "ák": "a", "ék": "e"})


def _hu_r1(word: str) -> int:
    """Where R1 starts: after the first consonant (a digraph as a whole) that follows an
    initial vowel, or after the first vowel of a word that starts with a consonant; the
    word's length when there is no such place."""
    n = len(word)
    if n == 0:
        return 0
    if word[0] in _HU_VOWELS:
        i = 1
        while i < n and word[i] in _HU_VOWELS:
            i += 1
        if i == n:
            return n
        for digraph in _HU_DIGRAPHS:
            if word.startswith(digraph, i):
                return i + len(digraph)
        return i + 1
    i = 1
    while i < n and word[i] not in _HU_VOWELS:
        i += 1
    return i + 1 if i < n else n


def _hu_replace(word: str, p1: int, rules: Tuple[Tuple[str, ...], Dict[str, str]]) -> str:
    """``word`` with its longest suffix of ``rules`` replaced, if that suffix lies in R1."""
    ordered, table = rules
    suffix = first_suffix(word, ordered)
    if suffix is None or len(word) - len(suffix) < p1:
        return word
    return word[: len(word) - len(suffix)] + table[suffix]


def _hu_undoubled(word: str, p1: int, suffixes: Tuple[str, ...]) -> str:
    """``word`` without its suffix of ``suffixes`` (in R1, after a doubled consonant),
    the doubled consonant then made single."""
    suffix = first_suffix(word, suffixes)
    if suffix is None or len(word) - len(suffix) < p1:
        return word
    rest = word[: len(word) - len(suffix)]
    if not rest.endswith(_HU_DOUBLES):
        return word
    return rest[:-2] + rest[-1]  # the doubled letter is the one before the last: kk, ccs, ggy


def hungarian_stem(word: str) -> str:
    """The jar's Hungarian stem of ``word`` (Snowball Hungarian with õ/û for ő/ű, so
    ő and ű are consonants and ``-ből -ről -től`` are not case suffixes)."""
    p1 = _hu_r1(word)
    w = _hu_undoubled(word, p1, _HU_INSTRUMENTAL)
    # case: the suffix goes, then a final á/é (in R1) becomes a/e
    suffix = first_suffix(w, _HU_CASE)
    if suffix is not None and len(w) - len(suffix) >= p1:
        w = w[: len(w) - len(suffix)]
        if w and w[-1] in _HU_LONG_VOWEL and len(w) - 1 >= p1:
            w = w[:-1] + _HU_LONG_VOWEL[w[-1]]
    w = _hu_replace(w, p1, _HU_CASE_SPECIAL)
    w = _hu_replace(w, p1, _HU_CASE_OTHER)
    w = _hu_undoubled(w, p1, _HU_FACTIVE)
    w = _hu_replace(w, p1, _HU_OWNED)
    w = _hu_replace(w, p1, _HU_SING_OWNER)
    w = _hu_replace(w, p1, _HU_PLUR_OWNER)
    return _hu_replace(w, p1, _HU_PLURAL)
