# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's French stemmer: Snowball French before its prelude marked ë and ï.

Newer Snowball French (``snowballstemmer`` 2.x and 3.x) writes ë and ï as ``He`` and
``Hi`` in its prelude, so that they stop counting as vowels; the jar's version leaves
them alone: they are vowels throughout, a final ``ë`` goes only after ``gu`` in RV, and
it keeps 'moêivë', 'ûaër' and 'qûnôôùscmyïf' whole (newer: 'moêiv', 'ûa',
'qûnôôùscmy'). 3.x also strips elisions (``l'``, ``qu'``...), starts RV after ``ni``
and turns ``-oux`` into ``-ou``; the jar does none of that.

The steps work on the word as the prelude marks it: u and i between vowels, y before or
after a vowel and u after q are written U, I, Y (non-vowels from then on) and put back
in lower case at the end. Regions: RV (after the third letter when the word begins
with two vowels and has a third letter, or begins with col, par or tap; otherwise after
the first vowel that is not the first letter), R1 and R2 (the usual Snowball regions).
"""
from __future__ import annotations

from typing import Tuple

from .snowball import by_length, first_suffix, regions

_FR_VOWELS = frozenset("aeiouyâàëéêèïîôûù")
_FR_KEEP_WITH_S = frozenset("aiosuè")
_FR_RV_PREFIXES = ("col", "par", "tap")
_FR_POSTLUDE = str.maketrans({"I": "i", "U": "u", "Y": "y"})


def _plurals(*suffixes: str) -> Tuple[str, ...]:
    return suffixes + tuple(s + "s" for s in suffixes)


# step 1 (standard suffixes): what each rule does, by suffix
_FR_STEP1 = {
    **dict.fromkeys(_plurals("ance", "iqUe", "isme", "able", "iste") + ("eux",), "delete in R2"),
    **dict.fromkeys(_plurals("atrice", "ateur", "ation"), "ation"),
    **dict.fromkeys(_plurals("logie"), "logie"),
    **dict.fromkeys(_plurals("usion", "ution"), "ution"),
    **dict.fromkeys(_plurals("ence"), "ence"),
    **dict.fromkeys(_plurals("ement"), "ement"),
    **dict.fromkeys(_plurals("ité"), "ité"),
    **dict.fromkeys(("if", "ive", "ifs", "ives"), "if"),
    "eaux": "eaux",
    "aux": "aux",
    **dict.fromkeys(_plurals("euse"), "euse"),
    **dict.fromkeys(_plurals("issement"), "issement"),
    "amment": "amment",
    "emment": "emment",
    **dict.fromkeys(_plurals("ment"), "ment"),
}
_FR_STEP1_ORDER = by_length(_FR_STEP1)
_FR_AFTER_EMENT = by_length(("iv", "eus", "abl", "iqU", "ièr", "Ièr"))
_FR_AFTER_ITE = by_length(("abil", "ic", "iv"))
# step 2a: deleted after a non-vowel (both in RV)
_FR_I_VERB = by_length((
    "îmes", "ît", "îtes", "i", "ie", "ies", "ir", "ira", "irai", "iraIent", "irais", "irait", "iras", "irent",
    "irez", "iriez", "irions", "irons", "iront", "is", "issaIent", "issais", "issait", "issant", "issante",
    "issantes", "issants", "isse", "issent", "isses", "issez", "issiez", "issions", "issons", "it"))
# step 2b: ions in R2, the others anywhere in RV; after the second kind an e in RV goes too
_FR_VERB_DELETE = ("é", "ée", "ées", "és", "èrent", "er", "era", "erai", "eraIent", "erais", "erait", "eras",
                   "erez", "eriez", "erions", "erons", "eront", "ez", "iez")
_FR_VERB_DELETE_E = ("âmes", "ât", "âtes", "a", "ai", "aIent", "ais", "ait", "ant", "ante", "antes", "ants", "as",
                     "asse", "assent", "asses", "assiez", "assions")
_FR_VERB = by_length(("ions",) + _FR_VERB_DELETE + _FR_VERB_DELETE_E)
_FR_VERB_E = frozenset(_FR_VERB_DELETE_E)
# step 4 (residual suffixes), in RV
_FR_RESIDUAL = by_length(("ion", "ier", "ière", "Ier", "Ière", "e", "ë"))
_FR_UNDOUBLE = ("enn", "onn", "ett", "ell", "eill")


def _mark(word: str) -> str:
    """The prelude: u, i between vowels, y before or after a vowel, u after q as U, I, Y
    (left to right, each letter seeing the marks already made before it)."""
    chars = list(word)
    vowels = _FR_VOWELS
    for i in range(len(chars) - 1):
        c, after = chars[i], chars[i + 1]
        if c in vowels:
            if after in "ui" and i + 2 < len(chars) and chars[i + 2] in vowels:
                chars[i + 1] = after.upper()
                continue
            if after == "y":
                chars[i + 1] = "Y"
                continue
        if c == "y" and after in vowels:
            chars[i] = "Y"
        elif c == "q" and after == "u":
            chars[i + 1] = "U"
    return "".join(chars)


def _regions(w: str) -> Tuple[int, int, int]:
    """(start of RV, of R1, of R2)."""
    n = len(w)
    if n >= 3 and w[0] in _FR_VOWELS and w[1] in _FR_VOWELS or w.startswith(_FR_RV_PREFIXES):
        pv = 3
    else:
        i = 1
        while i < n and w[i] not in _FR_VOWELS:
            i += 1
        pv = i + 1 if i < n else n
    return (pv, *regions(w, _FR_VOWELS))


def _ic(w: str, p2: int) -> str:
    """A final ``ic``: deleted in R2, otherwise written ``iqU``."""
    return w[:-2] if len(w) - 2 >= p2 else w[:-2] + "iqU"


def _standard_suffix(w: str, pv: int, p1: int, p2: int) -> Tuple[str, bool]:
    """Step 1: (the word, whether the step counts as done). ``amment``, ``emment`` and
    ``ment`` change the word and still go on to step 2."""
    suffix = first_suffix(w, _FR_STEP1_ORDER)
    if suffix is None:
        return w, False
    start = len(w) - len(suffix)
    stem, rule = w[:start], _FR_STEP1[suffix]
    in_r2 = start >= p2
    if rule == "delete in R2":
        return (stem, True) if in_r2 else (w, False)
    if rule in ("logie", "ution", "ence"):
        return (stem + {"logie": "log", "ution": "u", "ence": "ent"}[rule], True) if in_r2 else (w, False)
    if rule == "ation":
        if not in_r2:
            return w, False
        return (_ic(stem, p2) if stem.endswith("ic") else stem), True
    if rule == "ement":
        if start < pv:
            return w, False
        inner = first_suffix(stem, _FR_AFTER_EMENT)
        if inner is None:
            return stem, True
        at = len(stem) - len(inner)
        if inner == "iv":
            if at >= p2:
                stem = stem[:at]
                if stem.endswith("at") and at - 2 >= p2:
                    stem = stem[:-2]
        elif inner == "eus":
            if at >= p2:
                stem = stem[:at]
            elif at >= p1:
                stem = stem[:at] + "eux"
        elif inner in ("abl", "iqU"):
            if at >= p2:
                stem = stem[:at]
        elif at >= pv:  # ièr, Ièr
            stem = stem[:at] + "i"
        return stem, True
    if rule == "ité":
        if not in_r2:
            return w, False
        inner = first_suffix(stem, _FR_AFTER_ITE)
        if inner is not None:
            at = len(stem) - len(inner)
            if at >= p2:
                stem = stem[:at]
            elif inner == "abil":
                stem = stem[:at] + "abl"
            elif inner == "ic":
                stem = stem[:at] + "iqU"
        return stem, True
    if rule == "if":
        if not in_r2:
            return w, False
        if stem.endswith("at") and start - 2 >= p2:
            stem = stem[:-2]
            if stem.endswith("ic"):
                stem = _ic(stem, p2)
        return stem, True
    if rule == "eaux":
        return stem + "eau", True
    if rule == "aux":
        return (stem + "al", True) if start >= p1 else (w, False)
    if rule == "euse":
        if in_r2:
            return stem, True
        return (stem + "eux", True) if start >= p1 else (w, False)
    if rule == "issement":
        if start >= p1 and w[start - 1] not in _FR_VOWELS:  # p1 >= 2 here
            return stem, True
        return w, False
    if rule in ("amment", "emment"):
        return (stem + rule[0] + "nt" if start >= pv else w), False
    # ment, ments: after a vowel in RV
    if start - 1 >= pv and w[start - 1] in _FR_VOWELS:
        return stem, False
    return w, False


def _i_verb_suffix(w: str, pv: int) -> Tuple[str, bool]:
    """Step 2a: an i-verb ending in RV after a non-vowel in RV."""
    rv = w[pv:]
    suffix = first_suffix(rv, _FR_I_VERB)
    if suffix is None:
        return w, False
    start = len(rv) - len(suffix)
    if start >= 1 and rv[start - 1] not in _FR_VOWELS:
        return w[: pv + start], True
    return w, False


def _verb_suffix(w: str, pv: int, p2: int) -> Tuple[str, bool]:
    """Step 2b: another verb ending in RV (``ions`` only in R2)."""
    suffix = first_suffix(w[pv:], _FR_VERB)
    if suffix is None:
        return w, False
    start = len(w) - len(suffix)
    if suffix == "ions" and start < p2:
        return w, False
    stem = w[:start]
    if suffix in _FR_VERB_E and stem.endswith("e") and start - 1 >= pv:
        stem = stem[:-1]
    return stem, True


def _residual_suffix(w: str, pv: int, p2: int) -> str:
    """Step 4: a final s (not after a, i, o, s, u, è), then one ending in RV."""
    if len(w) >= 2 and w[-1] == "s" and w[-2] not in _FR_KEEP_WITH_S:
        w = w[:-1]
    suffix = first_suffix(w[pv:], _FR_RESIDUAL)
    if suffix is None:
        return w
    start = len(w) - len(suffix)
    if suffix == "ion":
        if start >= p2 and start - 1 >= pv and w[start - 1] in "st":
            return w[:start]
    elif suffix == "e":
        return w[:start]
    elif suffix == "ë":
        if start - 2 >= pv and w[start - 2:start] == "gu":
            return w[:start]
    else:  # ier, ière, Ier, Ière
        return w[:start] + "i"
    return w


def french_stem(word: str) -> str:
    """The jar's French stem of ``word`` (Snowball French before ë and ï were marked in
    its prelude)."""
    w = _mark(word)
    pv, p1, p2 = _regions(w)
    w, done = _standard_suffix(w, pv, p1, p2)
    if not done:
        w, done = _i_verb_suffix(w, pv)
    if not done:
        w, done = _verb_suffix(w, pv, p2)
    if done:  # step 3
        if w.endswith("Y"):
            w = w[:-1] + "i"
        elif w.endswith("ç"):
            w = w[:-1] + "c"
    else:
        w = _residual_suffix(w, pv, p2)
    # step 5: undouble
    if w.endswith(_FR_UNDOUBLE):
        w = w[:-1]
    # step 6: a last é or è before one or more final non-vowels becomes e
    i = len(w)
    while i > 0 and w[i - 1] not in _FR_VOWELS:
        i -= 1
    if 0 < i < len(w) and w[i - 1] in "éè":
        w = w[: i - 1] + "e" + w[i:]
    return w.translate(_FR_POSTLUDE)
