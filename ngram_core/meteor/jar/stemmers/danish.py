# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Danish stemmer: Snowball Danish as the jar's Java build runs it.

The jar's undoubling step takes off the last letter of a word ending in any doubled
non-vowel (v, w, x, a digit, a hyphen ... as well as b d f g k l m n p r s t) whose
last letter is in R1 ('ivuvv' -> 'ivuv', 'bilwww' -> 'bilww'; ``snowballstemmer`` 3.x
undoubles only b d f g k l m n p r s t and keeps 'ivuvv'). The ending -s goes only
after a b c d f g h j k l m n o p r t v y z å (not after an apostrophe, unlike 3.x).
The suffix steps search their endings inside R1 only: the longest ending lying wholly
in R1 goes ('bhedens', R1 'ens' -> 'bhed').

Regions: R1 only (after the first non-vowel that follows a vowel, but not before the
fourth letter; vowels a e i o u y æ å ø). Like the jar's Java, the stemmer sees UTF-16
code units (the package gives it a character above U+FFFF as its two surrogates).
"""
from __future__ import annotations

from .snowball import by_length, first_suffix, r1_from_fourth_letter

_DA_VOWELS = frozenset("aeiouyæåø")
_DA_S_ENDING = frozenset("abcdfghjklmnoprtvyzå")
# main suffixes (in R1): deleted; s only after a valid s-ending
_DA_MAIN = by_length(("hed", "ethed", "ered", "e", "erede", "ende", "erende", "ene", "erne", "ere", "en", "heden",
                      "eren", "er", "heder", "erer", "s", "heds", "es", "endes", "erendes", "enes", "ernes", "eres",
                      "ens", "hedens", "erens", "ers", "ets", "erets", "et", "eret"))
_DA_CONSONANT_PAIRS = ("gd", "dt", "gt", "kt")
# other suffixes (in R1): løst -> løs, the others deleted (then the consonant pair step)
_DA_OTHER = by_length(("ig", "lig", "elig", "els", "løst"))


def _da_consonant_pair(w: str, p1: int) -> str:
    """Drop the last letter of a final gd, dt, gt or kt lying in R1."""
    if w[p1:].endswith(_DA_CONSONANT_PAIRS):
        return w[:-1]
    return w


def danish_stem(word: str) -> str:
    """The jar's Danish stem of ``word`` (Snowball Danish, undoubling a final doubled
    non-vowel whose last letter is in R1)."""
    w = word
    p1 = r1_from_fourth_letter(w, _DA_VOWELS)
    # main suffix: the longest ending lying in R1
    suffix = first_suffix(w[p1:], _DA_MAIN)
    if suffix is not None:
        start = len(w) - len(suffix)
        if suffix != "s" or w[start - 1] in _DA_S_ENDING:
            w = w[:start]
    w = _da_consonant_pair(w, p1)
    # other suffixes: igst -> ig first (anywhere), then the longest of the others in R1
    if w.endswith("igst"):
        w = w[:-2]
    suffix = first_suffix(w[p1:], _DA_OTHER)
    if suffix == "løst":
        w = w[:-1]
    elif suffix is not None:
        w = _da_consonant_pair(w[: len(w) - len(suffix)], p1)
    # undouble: a final non-vowel in R1 repeating the letter before it
    if len(w) > p1 and len(w) >= 2 and w[-1] not in _DA_VOWELS and w[-1] == w[-2]:
        w = w[:-1]
    return w
