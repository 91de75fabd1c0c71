# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Romanian stemmer: Snowball Romanian as the jar's Java build runs it.

The jar's suffix tables are written with the cedilla letters ş (U+015F) and ţ (U+0163);
the comma-below letters ș (U+0219) and ț (U+021B) are ordinary non-vowels to it, never
part of a suffix ('şoouidăg' stays whole; ``snowballstemmer`` 3.x maps ş, ţ to ș, ț
first: 'șoouidăg'), so 'bărbaților' -> 'bărbaț' where 'bărbaţilor' -> 'bărb'. A word
whose longest ending of a step lies outside that step's region keeps it (no shorter
ending is tried), except in the verb step, which searches inside RV only.

Regions: RV, R1 and R2 (vowels a e i o u â î ă). Before them, an i or u between two
vowels (the one before it as changed so far, left to right) is a consonant, I or U,
lowered again at the end (as is any I or U of the word); so the step-0 endings -aua and
-iua can never be found (their u is always U). Like the jar's Java, the stemmer sees
UTF-16 code units (the package gives it a character above U+FFFF as its two surrogates).
"""
from __future__ import annotations

from .snowball import by_length, first_suffix, regions

_RO_VOWELS = frozenset("aeiouâîă")
_RO_POSTLUDE = str.maketrans({"I": "i", "U": "u"})

# step 0 (in R1): plural and article endings, and what each becomes (None: -ile, to i
# but not after ab)
_RO_STEP0 = {
    "ul": "", "ului": "",
    "aua": "a",
    "ea": "e", "ele": "e", "elor": "e",
    "ii": "i", "iua": "i", "iei": "i", "iile": "i", "iilor": "i", "ilor": "i",
    "ile": None,
    "atei": "at",
    "aţie": "aţi", "aţia": "aţi",
}
_RO_STEP0_ORDER = by_length(_RO_STEP0)

# combined suffixes (in R1, repeatedly): what each becomes
_RO_COMBO = {
    **dict.fromkeys(("abilitate", "abilitati", "abilităi", "abilităţi"), "abil"),
    "ibilitate": "ibil",
    **dict.fromkeys(("ivitate", "ivitati", "ivităi", "ivităţi"), "iv"),
    **dict.fromkeys(("icitate", "icitati", "icităi", "icităţi", "icator", "icatori", "iciv", "iciva", "icive",
                     "icivi", "icivă", "ical", "icala", "icale", "icali", "icală"), "ic"),
    **dict.fromkeys(("ativ", "ativa", "ative", "ativi", "ativă", "aţiune", "ator", "atori", "ătoare", "ător",
                     "ători", "atoare"), "at"),
    **dict.fromkeys(("itiv", "itiva", "itive", "itivi", "itivă", "iţiune", "itor", "itori", "itoare"), "it"),
}
_RO_COMBO_ORDER = by_length(_RO_COMBO)

# standard suffixes (in R2): deleted; -iune/-iuni only after ţ (ţiune, ţiuni -> t);
# the -ism/-ist family -> ist
_RO_STANDARD_DELETE = ("ica", "abila", "ibila", "oasa", "ata", "ita", "anta", "uta", "iva", "ic", "ice", "abile",
                       "ibile", "oase", "ate", "itate", "ite", "ante", "ute", "ive", "ici", "abili", "ibili",
                       "atori", "osi", "ati", "itati", "iti", "anti", "uti", "ivi", "ităi", "oşi", "ităţi", "abil",
                       "ibil", "ator", "os", "at", "it", "ant", "ut", "iv", "ică", "abilă", "ibilă", "oasă", "ată",
                       "ită", "antă", "ută", "ivă")
_RO_STANDARD_IUNE = ("iune", "iuni")
_RO_STANDARD_IST = ("ista", "isme", "iste", "isti", "işti", "ism", "ist", "istă")
_RO_STANDARD_ORDER = by_length((*_RO_STANDARD_DELETE, *_RO_STANDARD_IUNE, *_RO_STANDARD_IST))

# verb suffixes (in RV): deleted; the first kind only after a non-vowel or u (in RV)
_RO_VERB_AFTER_CONSONANT = ("are", "ere", "ire", "âre", "ind", "ând", "indu", "ându", "eze", "ească", "ez", "ezi",
                            "ează", "esc", "ăsc", "ea", "ia", "eai", "iai", "ai", "ui", "âi", "eşte", "ăşte",
                            "eşti", "ăşti", "aşi", "işi", "uşi", "âşi", "eaţi", "iaţi", "ară", "ură", "iră", "âră",
                            "arăţi", "urăţi", "irăţi", "ârăţi", "arăm", "urăm", "irăm", "ârăm", "am", "eam",
                            "iam", "au", "eau", "iau", "ase", "ise", "use", "âse", "aseşi", "iseşi", "useşi",
                            "âseşi", "aseră", "iseră", "useră", "âseră", "aserăţi", "iserăţi", "userăţi",
                            "âserăţi", "aserăm", "iserăm", "userăm", "âserăm", "asem", "isem", "usem",
                            "âsem")
_RO_VERB_ANYWHERE = ("ăm", "em", "im", "âm", "aţi", "eţi", "iţi", "âţi", "se", "sese", "sei", "seşi", "seseşi",
                     "seră", "seseră", "serăţi", "seserăţi", "serăm", "seserăm", "sesem")
_RO_VERB_ORDER = by_length((*_RO_VERB_AFTER_CONSONANT, *_RO_VERB_ANYWHERE))
_RO_VERB_AFTER_CONSONANT_SET = frozenset(_RO_VERB_AFTER_CONSONANT)

# vowel suffixes (in RV): deleted
_RO_VOWEL_SUFFIXES = by_length(("a", "e", "i", "ie", "ă"))


def _ro_mark_consonants(word: str) -> str:
    """i and u between vowels as I and U, left to right (so an I or U made just before
    counts as a non-vowel)."""
    chars = list(word)
    for i in range(1, len(chars) - 1):
        if chars[i] in "iu" and chars[i - 1] in _RO_VOWELS and chars[i + 1] in _RO_VOWELS:
            chars[i] = chars[i].upper()
    return "".join(chars)


def _ro_rv(w: str) -> int:
    """The start of RV in ``w`` (len(w) if there is none)."""
    n = len(w)
    if n < 2:
        return n
    if w[0] in _RO_VOWELS:
        if w[1] not in _RO_VOWELS:  # after the next vowel
            i = 2
            while i < n and w[i] not in _RO_VOWELS:
                i += 1
        else:  # after the next non-vowel
            i = 2
            while i < n and w[i] in _RO_VOWELS:
                i += 1
        return i + 1 if i < n else n
    if w[1] not in _RO_VOWELS:  # after the next vowel
        i = 2
        while i < n and w[i] not in _RO_VOWELS:
            i += 1
        return i + 1 if i < n else n
    return min(3, n)  # consonant, vowel: after the third letter


def romanian_stem(word: str) -> str:
    """The jar's Romanian stem of ``word`` (Snowball Romanian with the cedilla letters
    ş, ţ in its suffixes; the comma-below ș, ț are ordinary letters)."""
    w = _ro_mark_consonants(word) if ("i" in word or "u" in word) else word
    pv = _ro_rv(w)
    p1, p2 = regions(w, _RO_VOWELS)
    # step 0: the longest ending, if in R1
    suffix = first_suffix(w, _RO_STEP0_ORDER)
    if suffix is not None and len(w) - len(suffix) >= p1:
        start = len(w) - len(suffix)
        into = _RO_STEP0[suffix]
        if into is not None:
            w = w[:start] + into
        elif not w[:start].endswith("ab"):
            w = w[:start] + "i"
    # combined suffixes: again and again while the longest one lies in R1
    removed = False
    while True:
        suffix = first_suffix(w, _RO_COMBO_ORDER)
        if suffix is None or len(w) - len(suffix) < p1:
            break
        w = w[: len(w) - len(suffix)] + _RO_COMBO[suffix]
        removed = True
    # standard suffixes: the longest one, if in R2
    suffix = first_suffix(w, _RO_STANDARD_ORDER)
    if suffix is not None and len(w) - len(suffix) >= p2:
        start = len(w) - len(suffix)
        if suffix in _RO_STANDARD_IUNE:
            if start >= 1 and w[start - 1] == "ţ":
                w = w[: start - 1] + "t"
                removed = True
        elif suffix in _RO_STANDARD_IST:
            w = w[:start] + "ist"
            removed = True
        else:
            w = w[:start]
            removed = True
    # verb suffixes, when no standard suffix went: the longest ending lying in RV
    if not removed:
        suffix = first_suffix(w[pv:], _RO_VERB_ORDER)
        if suffix is not None:
            start = len(w) - len(suffix)
            if suffix not in _RO_VERB_AFTER_CONSONANT_SET or (
                    start - 1 >= pv and (w[start - 1] not in _RO_VOWELS or w[start - 1] == "u")):
                w = w[:start]
    # vowel suffix: the longest one, if in RV
    suffix = first_suffix(w, _RO_VOWEL_SUFFIXES)
    if suffix is not None and len(w) - len(suffix) >= pv:
        w = w[: len(w) - len(suffix)]
    return w.translate(_RO_POSTLUDE)
