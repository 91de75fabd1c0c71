# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's German stemmer: Snowball German before its ``-nisse`` rule."""
from __future__ import annotations

from .snowball import first_suffix, regions

_DE_VOWELS = frozenset("aeiouyäöü")
_DE_S_ENDING = frozenset("bdfghklmnrt")
_DE_ST_ENDING = _DE_S_ENDING - {"r"}
_DE_POSTLUDE = str.maketrans({"Y": "y", "U": "u", "ä": "a", "ö": "o", "ü": "u"})


def german_stem(word: str) -> str:
    """The jar's German stem of ``word`` (Snowball German before its ``-nisse`` rule)."""
    chars = list(word.replace("ß", "ss"))
    for i in range(1, len(chars) - 1):  # u and y between vowels are consonants
        if chars[i] in "uy" and chars[i - 1] in _DE_VOWELS and chars[i + 1] in _DE_VOWELS:
            chars[i] = chars[i].upper()
    w = "".join(chars)
    p1, p2 = regions(w, _DE_VOWELS)
    p1 = min(max(p1, 3), len(w))  # R1 starts at 3 at the earliest; R2 was searched from the unmoved mark
    # step 1 (R1)
    suffix = first_suffix(w, ("ern", "em", "en", "er", "es", "e", "s"))
    if suffix is not None and len(w) - len(suffix) >= p1:
        start = len(w) - len(suffix)
        if suffix != "s" or (start >= 1 and w[start - 1] in _DE_S_ENDING):
            w = w[:start]
    # step 2 (R1)
    suffix = first_suffix(w, ("est", "en", "er", "st"))
    if suffix is not None and len(w) - len(suffix) >= p1:
        start = len(w) - len(suffix)
        if suffix != "st" or (start >= 4 and w[start - 1] in _DE_ST_ENDING):
            w = w[:start]
    # step 3 (R2)
    suffix = first_suffix(w, ("lich", "isch", "heit", "keit", "end", "ung", "ig", "ik"))
    if suffix is not None and len(w) - len(suffix) >= p2:
        start = len(w) - len(suffix)
        before_e = start >= 1 and w[start - 1] == "e"
        if suffix in ("end", "ung"):
            w = w[:start]
            if w.endswith("ig") and not w.endswith("eig") and len(w) - 2 >= p2:
                w = w[:-2]
        elif suffix in ("ig", "ik", "isch"):
            if not before_e:
                w = w[:start]
        elif suffix in ("lich", "heit"):
            w = w[:start]
            if w.endswith(("er", "en")) and len(w) - 2 >= p1:
                w = w[:-2]
        else:  # keit
            w = w[:start]
            inner = first_suffix(w, ("lich", "ig"))
            if inner is not None and len(w) - len(inner) >= p2:
                w = w[: len(w) - len(inner)]
    return w.translate(_DE_POSTLUDE)
