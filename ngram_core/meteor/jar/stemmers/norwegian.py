# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Norwegian stemmer: Snowball Norwegian (bokmål) as of about 2015.

Later Snowball releases changed the algorithm (``snowballstemmer`` 3.x deletes a
plural ``-s`` after ``r`` only when no ``e`` precedes it, keeps ``-ers`` after endings
such as ``-v``, ``-kk``, ``-ind``, treats ``ê ò ó ô`` as vowels, handles apostrophes,
...), so ``paers``, ``ters`` and ``ndvodoislovers`` stem to ``paer``, ``ter`` and
``ndvodoi`` only here. The jar's version, reproduced rule by rule:

- R1 starts after the first non-vowel that follows a vowel, but not before the
  fourth letter; R1 is empty in a word of fewer than three letters or without such
  a non-vowel;
- step 1: the longest suffix of the main table lying in R1 is deleted; ``-s`` only
  after one of ``b c d f g h j l m n o p r t v y z`` or after ``k`` that follows a
  non-vowel (the letter before may be outside R1); ``-erte``/``-ert`` become ``-er``;
- step 2: ``-dt``/``-vt`` in R1 lose their ``t``;
- step 3: the longest of ``-leg -eleg -ig -eig -lig -elig -els -lov -elov -slov
  -hetslov`` lying in R1 is deleted (once).

Each step looks for its suffix inside R1 only (Snowball ``setlimit tomark p1``), so a
suffix that reaches in front of R1 yields to the longest shorter one that does not.
"""
from __future__ import annotations

from .snowball import by_length, first_suffix, r1_from_fourth_letter

_NO_VOWELS = frozenset("aeiouyæåø")
_NO_S_ENDING = frozenset("bcdfghjlmnoprtvyz")
_NO_MAIN = by_length(("a", "e", "ede", "ande", "ende", "ane", "ene", "hetene", "erte", "en", "heten", "ar", "er",
                      "heter", "s", "as", "es", "edes", "endes", "enes", "hetenes", "ens", "hetens", "ers", "ets",
                      "et", "het", "ert", "ast"))
_NO_TO_ER = frozenset(("erte", "ert"))
_NO_CONSONANT_PAIRS = ("dt", "vt")
_NO_OTHER = by_length(("leg", "eleg", "ig", "eig", "lig", "elig", "els", "lov", "elov", "slov", "hetslov"))


def norwegian_stem(word: str) -> str:
    """The jar's Norwegian stem of ``word`` (Snowball Norwegian as of about 2015)."""
    p1 = r1_from_fourth_letter(word, _NO_VOWELS)
    w = word
    # step 1: main suffixes (in R1)
    suffix = first_suffix(w[p1:], _NO_MAIN)
    if suffix is not None:
        start = len(w) - len(suffix)
        if suffix == "s":
            before = w[start - 1] if start >= 1 else ""
            if before in _NO_S_ENDING or (before == "k" and start >= 2 and w[start - 2] not in _NO_VOWELS):
                w = w[:start]
        elif suffix in _NO_TO_ER:
            w = w[:start] + "er"
        else:
            w = w[:start]
    # step 2: dt, vt (in R1) -> d, v
    if w[p1:].endswith(_NO_CONSONANT_PAIRS):
        w = w[:-1]
    # step 3: other suffixes (in R1)
    suffix = first_suffix(w[p1:], _NO_OTHER)
    if suffix is not None:
        w = w[: len(w) - len(suffix)]
    return w
