# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Finnish stemmer: Snowball Finnish as the jar's Java build runs it.

The jar's generated Java checks the conditions of four case endings, ``-siin``, ``-den``,
``-tten`` (a vowel other than y, then i, before them) and ``-seen`` (a long vowel
before it), by calling a private method through reflection, which always fails; so the
jar never takes these endings as such and treats them as the ending ``-n``
('taloisiin' -> 'talois', 'taloiden' -> 'taloid'; ``snowballstemmer`` 3.x: 'talo'). And
``-han``, ``-hen``, ``-hin``, ``-hon``, ``-hän``, ``-hön`` go only after their own
vowel: after another letter the case ending step does nothing, where
``snowballstemmer`` 3.x takes the ending as ``-n`` ('övjmpihon' stays whole; 3.x:
'övjmpiho').

Regions: R1 and R2 (the usual Snowball regions, vowels a e i o u y ä ö). Like the
jar's Java, the stemmer sees UTF-16 code units (the package gives it a character above
U+FFFF as its two surrogates, which are then never a doubled consonant).
"""
from __future__ import annotations

from .snowball import by_length, first_suffix, regions

_FI_VOWELS = frozenset("aeiouyäö")
_FI_PARTICLE_END = frozenset("aeinotuyäö")
_FI_AEI = frozenset("aeiä")
_FI_LONG = ("aa", "ee", "ii", "oo", "uu", "ää", "öö")

# particles (in R1): after a vowel, n or t; -sti in R2
_FI_PARTICLES = by_length(("kin", "kaan", "kään", "ko", "kö", "han", "hän", "pa", "pä", "sti"))
# possessive suffixes (in R1)
_FI_POSSESSIVES = by_length(("si", "ni", "nsa", "nsä", "mme", "nne", "an", "än", "en"))
_FI_BEFORE_POSSESSIVE = {
    "an": ("lla", "na", "ssa", "ta", "lta", "sta"),
    "än": ("llä", "nä", "ssä", "tä", "ltä", "stä"),
    "en": ("lle", "ine"),
}
# case endings (in R1): what each goes after (None: anything)
_FI_CASE = {
    **dict.fromkeys(("lla", "na", "ssa", "ta", "lta", "sta", "llä", "nä", "ssä", "tä", "ltä", "stä", "lle", "ine",
                     "ksi"), None),
    "han": "a", "hen": "e", "hin": "i", "hon": "o", "hän": "ä", "hön": "ö",
    "tta": "e", "ttä": "e",
    "a": "vowel after a non-vowel", "ä": "vowel after a non-vowel",
    "n": "n",  # also takes the letter before it after a long vowel or ie
}
_FI_CASE_ORDER = by_length(_FI_CASE)
# other endings (in R2): the plain ones not after po
_FI_OTHER = by_length(("mma", "mpa", "mmi", "mpi", "mmä", "mpä", "imma", "impa", "immi", "impi", "immä", "impä",
                       "eja", "ejä"))
_FI_OTHER_NOT_AFTER_PO = frozenset(("mma", "mpa", "mmi", "mpi", "mmä", "mpä"))


def finnish_stem(word: str) -> str:
    """The jar's Finnish stem of ``word`` (Snowball Finnish without its ``-siin``,
    ``-den``, ``-tten`` and ``-seen`` case endings, which the jar never reaches)."""
    w = word
    p1, p2 = regions(w, _FI_VOWELS)
    # particles
    suffix = first_suffix(w[p1:], _FI_PARTICLES)
    if suffix is not None:
        start = len(w) - len(suffix)
        allowed = start >= p2 if suffix == "sti" else w[start - 1] in _FI_PARTICLE_END
        if allowed:
            w = w[:start]
    # possessive suffixes
    suffix = first_suffix(w[p1:], _FI_POSSESSIVES)
    if suffix is not None:
        start = len(w) - len(suffix)
        if suffix == "si":
            if w[start - 1] != "k":
                w = w[:start]
        elif suffix == "ni":
            w = w[:start]
            if w.endswith("kse"):
                w = w[:-1] + "i"
        elif suffix in _FI_BEFORE_POSSESSIVE:
            if w[:start].endswith(_FI_BEFORE_POSSESSIVE[suffix]):
                w = w[:start]
        else:
            w = w[:start]
    # case endings
    ending_removed = False
    suffix = first_suffix(w[p1:], _FI_CASE_ORDER)
    if suffix is not None:
        start = len(w) - len(suffix)
        before = _FI_CASE[suffix]
        if before is None:
            ok = True
        elif before == "n":
            ok = True
            if w[:start].endswith(_FI_LONG) or w[:start].endswith("ie"):
                start -= 1
        elif before == "vowel after a non-vowel":
            ok = start >= 2 and w[start - 1] in _FI_VOWELS and w[start - 2] not in _FI_VOWELS
        else:
            ok = w[start - 1] == before
        if ok:
            w = w[:start]
            ending_removed = True
    # other endings
    suffix = first_suffix(w[p2:], _FI_OTHER)
    if suffix is not None:
        start = len(w) - len(suffix)
        if suffix not in _FI_OTHER_NOT_AFTER_PO or not w[:start].endswith("po"):
            w = w[:start]
    # plurals: i or j in R1 after a case ending, else t after a vowel (both in R1), then
    # -mma/-imma in R2
    if ending_removed:
        if w[p1:].endswith(("i", "j")):
            w = w[:-1]
    elif w[p1:].endswith("t") and len(w) - 2 >= p1 and w[-2] in _FI_VOWELS:
        w = w[:-1]
        suffix = first_suffix(w[p2:], ("imma", "mma"))
        if suffix == "imma" or (suffix == "mma" and not w[:-3].endswith("po")):
            w = w[: len(w) - len(suffix)]
    # tidying up in R1: a long vowel, a/e/i/ä after a non-vowel, oj/uj and jo lose their
    # last letter
    region = w[p1:]
    if region.endswith(_FI_LONG):
        region = region[:-1]
    if len(region) >= 2 and region[-1] in _FI_AEI and region[-2] not in _FI_VOWELS:
        region = region[:-1]
    if region.endswith(("oj", "uj")):
        region = region[:-1]
    if region.endswith("jo"):
        region = region[:-1]
    w = w[:p1] + region
    # then anywhere: the last non-vowel goes when the letter before it is the same
    k = len(w) - 1
    while k >= 0 and w[k] in _FI_VOWELS:
        k -= 1
    if k >= 1 and w[k - 1] == w[k]:
        w = w[:k] + w[k + 1:]
    return w
