# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's English stemmer: Porter2 (Snowball English) with the region prefixes
gener/commun/arsen, as the jar's 2015 Java build runs it."""
from __future__ import annotations

from .snowball import by_length, first_suffix, region_after

_EN_VOWELS = frozenset("aeiouy")
_EN_DOUBLES = frozenset(("bb", "dd", "ff", "gg", "mm", "nn", "pp", "rr", "tt"))
_EN_LI_ENDINGS = frozenset("cdeghkmnrt")
_EN_REGION_PREFIXES = ("gener", "commun", "arsen")
_EN_WHOLE_WORDS = {
    "skis": "ski", "skies": "sky", "dying": "die", "lying": "lie", "tying": "tie",
    "idly": "idl", "gently": "gentl", "ugly": "ugli", "early": "earli", "only": "onli", "singly": "singl",
    "sky": "sky", "news": "news", "howe": "howe", "atlas": "atlas", "cosmos": "cosmos", "bias": "bias", "andes": "andes",
}
_EN_AFTER_1A = frozenset(("inning", "outing", "canning", "herring", "earring", "proceed", "exceed", "succeed"))
_EN_STEP2 = {
    "tional": "tion", "enci": "ence", "anci": "ance", "abli": "able", "entli": "ent",
    "izer": "ize", "ization": "ize", "ational": "ate", "ation": "ate", "ator": "ate",
    "alism": "al", "aliti": "al", "alli": "al", "fulness": "ful", "ousli": "ous", "ousness": "ous",
    "iveness": "ive", "iviti": "ive", "biliti": "ble", "bli": "ble", "ogi": "og", "fulli": "ful",
    "lessli": "less", "li": "",
}
_EN_STEP3 = {"tional": "tion", "ational": "ate", "alize": "al", "icate": "ic", "iciti": "ic", "ical": "ic",
             "ful": "", "ness": "", "ative": ""}
_EN_STEP4 = ("al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent", "ism", "ate",
             "iti", "ous", "ive", "ize", "ion")

_EN_STEP2_ORDER = by_length(_EN_STEP2)
_EN_STEP3_ORDER = by_length(_EN_STEP3)
_EN_STEP4_ORDER = by_length(_EN_STEP4)


def _en_region_after(word: str, start: int) -> int:
    """Snowball ``gopast v gopast non-v`` from ``start``: the index after the first
    non-vowel that follows a vowel, or len(word) if there is none."""
    found = region_after(word, start, _EN_VOWELS)
    return found if found >= 0 else len(word)


def _en_short_syllable(word: str) -> bool:
    """Snowball English ``shortv`` at the end of ``word``."""
    n = len(word)
    if n >= 3 and word[-1] not in _EN_VOWELS and word[-1] not in "wxY" and word[-2] in _EN_VOWELS \
            and word[-3] not in _EN_VOWELS:
        return True
    return n == 2 and word[1] not in _EN_VOWELS and word[0] in _EN_VOWELS


def english_stem(word: str) -> str:
    """The jar's English (Porter2) stem of ``word``."""
    if word in _EN_WHOLE_WORDS:
        return _EN_WHOLE_WORDS[word]
    if len(word) < 3:
        return word
    # prelude: one leading apostrophe goes; a y that starts the word or follows a vowel is a consonant (Y)
    if word[0] == "'":
        word = word[1:]
    if not word:
        return word
    chars = list(word)
    if chars[0] == "y":
        chars[0] = "Y"
    for i in range(1, len(chars)):
        if chars[i] == "y" and chars[i - 1] in _EN_VOWELS:
            chars[i] = "Y"
    w = "".join(chars)
    y_found = w != word  # the postlude lowers every Y, a Y of the input too, only then
    # regions
    n = len(w)
    prefix = next((p for p in _EN_REGION_PREFIXES if w.startswith(p)), None)
    if prefix is not None:
        p1 = len(prefix)
        p2 = _en_region_after(w, p1)
    else:
        p1 = _en_region_after(w, 0)
        p2 = _en_region_after(w, p1) if p1 < n else n
    w = _en_step_1a(w)
    if w not in _EN_AFTER_1A:
        w = _en_step_1b(w, p1)
        # step 1c: a final y after a non-vowel that is not the first letter becomes i
        if len(w) >= 3 and w[-1] in "yY" and w[-2] not in _EN_VOWELS:
            w = w[:-1] + "i"
        w = _en_step_2(w, p1)
        w = _en_step_3(w, p1, p2)
        w = _en_step_4(w, p2)
        w = _en_step_5(w, p1, p2)
    return w.replace("Y", "y") if y_found else w


def _en_step_1a(w: str) -> str:
    for suffix in ("'s'", "'s", "'"):
        if w.endswith(suffix):
            w = w[: -len(suffix)]
            break
    if w.endswith("sses"):
        return w[:-2]
    if w.endswith(("ied", "ies")):
        return w[:-3] + ("i" if len(w) - 3 >= 2 else "ie")
    if w.endswith(("ss", "us")):
        return w
    if w.endswith("s"):
        # delete when a vowel comes before the letter that precedes the s
        if len(w) >= 2 and any(c in _EN_VOWELS for c in w[:-2]):
            return w[:-1]
    return w


def _en_step_1b(w: str, p1: int) -> str:
    suffix = first_suffix(w, ("eedly", "ingly", "edly", "eed", "ing", "ed"))
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if suffix in ("eed", "eedly"):
        return w[:start] + "ee" if start >= p1 else w
    if not any(c in _EN_VOWELS for c in w[:start]):
        return w
    w = w[:start]
    if w.endswith(("at", "bl", "iz")):
        return w + "e"
    if w[-2:] in _EN_DOUBLES:
        return w[:-1]
    if len(w) == p1 and _en_short_syllable(w):
        return w + "e"
    return w


def _en_step_2(w: str, p1: int) -> str:
    suffix = first_suffix(w, _EN_STEP2_ORDER)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if start < p1:
        return w
    if suffix == "ogi" and not (start >= 1 and w[start - 1] == "l"):
        return w
    if suffix == "li" and not (start >= 1 and w[start - 1] in _EN_LI_ENDINGS):
        return w
    return w[:start] + _EN_STEP2[suffix]


def _en_step_3(w: str, p1: int, p2: int) -> str:
    suffix = first_suffix(w, _EN_STEP3_ORDER)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if start < p1 or (suffix == "ative" and start < p2):
        return w
    return w[:start] + _EN_STEP3[suffix]


def _en_step_4(w: str, p2: int) -> str:
    suffix = first_suffix(w, _EN_STEP4_ORDER)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if start < p2:
        return w
    if suffix == "ion" and not (start >= 1 and w[start - 1] in "st"):
        return w
    return w[:start]


def _en_step_5(w: str, p1: int, p2: int) -> str:
    if w.endswith("e"):
        start = len(w) - 1
        if start >= p2 or (start >= p1 and not _en_short_syllable(w[:start])):
            return w[:start]
    elif w.endswith("l"):
        start = len(w) - 1
        if start >= p2 and start >= 1 and w[start - 1] == "l":
            return w[:start]
    return w
