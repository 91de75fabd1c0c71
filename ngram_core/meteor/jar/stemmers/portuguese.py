# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Portuguese stemmer: Snowball Portuguese as the jar's Java build has it.

The jar's version is older than ``snowballstemmer``'s (2.x and 3.x): among its standard
suffixes it has the Spanish ``-ución``/``-uciones`` (-> ``u``) where newer versions have
``-ução``/``-uções`` ('evolución' -> 'evolu'; newer: 'evolución'). So the jar does not
shorten ``-ução`` to ``u``: only the residual ``-o`` goes ('ujnçlxavamução' ->
'ujnçlxavamuçã'; newer: 'ujnçlxavamu').

The steps work on the word as the prelude writes it: ã and õ as ``a~`` and ``o~`` (the
``~`` a non-vowel), turned back at the end; the postlude turns every ``a~``/``o~``,
also one the word had from the start, into ã/õ ('a~o' -> 'ão'). Regions: RV (after the
next vowel when the second letter is a consonant, after the next consonant when the
word begins with two vowels, otherwise after the third letter), R1 and R2 (the usual
Snowball regions). Like the jar's Java, the stemmer sees UTF-16 code units (the
package gives it a character above U+FFFF as its two surrogates).
"""
from __future__ import annotations

from .snowball import by_length, first_suffix, regions

_PT_VOWELS = frozenset("aeiouáâéêíóôú")

# step 1 (standard suffixes): what each rule does, by suffix
_PT_STANDARD = {
    **dict.fromkeys(("eza", "ezas", "ico", "ica", "icos", "icas", "ismo", "ismos", "ável", "ível", "ista", "istas",
                     "oso", "osa", "osos", "osas", "amento", "amentos", "imento", "imentos", "adora", "ador",
                     "aça~o", "adoras", "adores", "aço~es", "ante", "antes", "ância"), "delete in R2"),
    **dict.fromkeys(("logía", "logías"), "log"),
    **dict.fromkeys(("ución", "uciones"), "u"),
    **dict.fromkeys(("ência", "ências"), "ente"),
    "amente": "amente",
    "mente": "mente",
    **dict.fromkeys(("idade", "idades"), "idade"),
    **dict.fromkeys(("iva", "ivo", "ivas", "ivos"), "iv"),
    **dict.fromkeys(("ira", "iras"), "ira"),
}
_PT_STANDARD_ORDER = by_length(_PT_STANDARD)
_PT_AFTER_AMENTE = ("ic", "ad", "os", "iv")
_PT_AFTER_MENTE = by_length(("ante", "avel", "ível"))
_PT_AFTER_IDADE = by_length(("ic", "abil", "iv"))
# step 2 (verb suffixes), in RV
_PT_VERB = by_length((
    "ada", "ida", "ia", "aria", "eria", "iria", "ará", "ara", "erá", "era", "irá", "ava", "asse", "esse", "isse",
    "aste", "este", "iste", "ei", "arei", "erei", "irei", "am", "iam", "ariam", "eriam", "iriam", "aram", "eram",
    "iram", "avam", "em", "arem", "erem", "irem", "assem", "essem", "issem", "ado", "ido", "ando", "endo", "indo",
    "ara~o", "era~o", "ira~o", "ar", "er", "ir", "as", "adas", "idas", "ias", "arias", "erias", "irias", "arás",
    "aras", "erás", "eras", "irás", "iras", "avas", "es", "ardes", "erdes", "irdes", "ares", "eres", "ires", "asses", "esses",
    "isses", "astes", "estes", "istes", "is", "ais", "eis", "íeis", "aríeis", "eríeis", "iríeis", "áreis", "areis",
    "éreis", "ereis", "íreis", "ireis", "ásseis", "ésseis", "ísseis", "áveis", "ados", "idos", "ámos", "amos",
    "íamos", "aríamos", "eríamos", "iríamos", "áramos", "éramos", "íramos", "ávamos", "emos", "aremos", "eremos",
    "iremos", "ássemos", "êssemos", "íssemos", "imos", "armos", "ermos", "irmos", "eu", "iu", "ou", "ira"))
# step 4 (residual suffixes), in RV
_PT_RESIDUAL = by_length(("os", "a", "i", "o", "á", "í", "ó"))


def _pt_rv(w: str) -> int:
    """Where RV begins in ``w`` (its length when there is no RV)."""
    n = len(w)
    if n < 2:
        return n
    if w[1] not in _PT_VOWELS:  # after the next vowel
        for i in range(2, n):
            if w[i] in _PT_VOWELS:
                return i + 1
        return n
    if w[0] in _PT_VOWELS:  # two vowels: after the next consonant
        for i in range(2, n):
            if w[i] not in _PT_VOWELS:
                return i + 1
        return n
    return min(3, n)  # consonant, vowel: after the third letter


def _pt_standard(w: str, rv: int, p1: int, p2: int):
    """Step 1 on ``w``: the word it leaves, or None when no rule applies."""
    suffix = first_suffix(w, _PT_STANDARD_ORDER)
    if suffix is None:
        return None
    start = len(w) - len(suffix)
    rule = _PT_STANDARD[suffix]
    if rule == "amente":
        if start < p1:
            return None
        w = w[:start]
        inner = first_suffix(w, _PT_AFTER_AMENTE)
        if inner is not None and len(w) - 2 >= p2:
            w = w[:-2]
            if inner == "iv" and w.endswith("at") and len(w) - 2 >= p2:
                w = w[:-2]
        return w
    if rule == "ira":  # -eira(s) -> -eir
        if start < rv or not w[:start].endswith("e"):
            return None
        return w[:start] + "ir"
    if start < p2:
        return None
    w = w[:start]
    if rule in ("log", "u", "ente"):
        return w + rule
    if rule in ("mente", "idade"):
        inner = first_suffix(w, _PT_AFTER_MENTE if rule == "mente" else _PT_AFTER_IDADE)
        if inner is not None and len(w) - len(inner) >= p2:
            w = w[: len(w) - len(inner)]
    elif rule == "iv" and w.endswith("at") and len(w) - 2 >= p2:
        w = w[:-2]
    return w


def portuguese_stem(word: str) -> str:
    """The jar's Portuguese stem of ``word`` (the jar's older Snowball Portuguese, with
    ``-ución`` where newer versions have ``-ução``)."""
    w = word.replace("ã", "a~").replace("õ", "o~")
    n = len(w)
    rv = _pt_rv(w)
    p1, p2 = regions(w, _PT_VOWELS)
    # steps 1 and 2: a standard suffix, else a verb suffix in RV; then -ci -> -c in RV
    rest = _pt_standard(w, rv, p1, p2)
    if rest is None:
        verb = first_suffix(w[rv:], _PT_VERB)
        if verb is not None:
            rest = w[: n - len(verb)]
    if rest is not None:
        w = rest
        if w.endswith("ci") and len(w) - 1 >= rv:
            w = w[:-1]
    else:  # step 4: residual suffixes in RV
        residual = first_suffix(w, _PT_RESIDUAL)
        if residual is not None and n - len(residual) >= rv:
            w = w[: n - len(residual)]
    # step 5: -e/-é/-ê in RV (and then the u of -gu or the i of -ci, in RV); -ç -> -c
    if w.endswith(("e", "é", "ê")) and len(w) - 1 >= rv:
        w = w[:-1]
        if w.endswith(("gu", "ci")) and len(w) - 1 >= rv:
            w = w[:-1]
    elif w.endswith("ç"):
        w = w[:-1] + "c"
    return w.replace("a~", "ã").replace("o~", "õ")
