# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""The jar's Russian stemmer: Snowball Russian before it mapped ё to е."""
from __future__ import annotations

from typing import Optional, Tuple

from .snowball import by_length, first_suffix, region_after

_RU_VOWELS = frozenset("аеиоуыэюя")
_RU_GERUND_AFTER_A = ("вшись", "вши", "в")
_RU_GERUND = ("ившись", "ывшись", "ивши", "ывши", "ив", "ыв")
_RU_ADJECTIVE = by_length(("ее", "ие", "ые", "ое", "ими", "ыми", "ей", "ий", "ый", "ой", "ем", "им", "ым", "ом",
                            "его", "ого", "ему", "ому", "их", "ых", "ую", "юю", "ая", "яя", "ою", "ею"))
_RU_PARTICIPLE_AFTER_A = ("ем", "нн", "вш", "ющ", "щ")
_RU_PARTICIPLE = ("ивш", "ывш", "ующ")
_RU_VERB_AFTER_A = ("ла", "на", "ете", "йте", "ли", "й", "л", "ем", "н", "ло", "но", "ет", "ют", "ны", "ть", "ешь",
                    "нно")
_RU_VERB = ("ила", "ыла", "ена", "ейте", "уйте", "ите", "или", "ыли", "ей", "уй", "ил", "ыл", "им", "ым", "ен",
            "ило", "ыло", "ено", "ят", "ует", "уют", "ит", "ыт", "ены", "ить", "ыть", "ишь", "ую", "ю")
_RU_NOUN = by_length(("а", "ев", "ов", "ие", "ье", "е", "иями", "ями", "ами", "еи", "ии", "и", "ией", "ей", "ой",
                       "ий", "й", "иям", "ям", "ием", "ем", "ам", "ом", "о", "у", "ах", "иях", "ях", "ы", "ь", "ию",
                       "ью", "ю", "ия", "ья", "я"))


def _ru_ending(s: str, endings: Tuple[Tuple[str, ...], Tuple[str, ...]]) -> Optional[str]:
    """Snowball ``[substring] among(...)`` on ``s`` for endings of two kinds: those that
    must follow а or я and the others (``endings``: the first kind, then all, longest
    first); the remaining string, or None when the longest ending found may not go
    (or there is none)."""
    after_a, ordered = endings
    suffix = first_suffix(s, ordered)
    if suffix is None:
        return None
    start = len(s) - len(suffix)
    if suffix in after_a and not (start >= 1 and s[start - 1] in "ая"):
        return None
    return s[:start]


def _ru_kinds(after_a, plain) -> Tuple[Tuple[str, ...], Tuple[str, ...]]:
    return after_a, by_length((*after_a, *plain))


_RU_GERUNDS = _ru_kinds(_RU_GERUND_AFTER_A, _RU_GERUND)
_RU_PARTICIPLES = _ru_kinds(_RU_PARTICIPLE_AFTER_A, _RU_PARTICIPLE)
_RU_VERBS = _ru_kinds(_RU_VERB_AFTER_A, _RU_VERB)


def russian_stem(word: str) -> str:
    """The jar's Russian stem of ``word`` (Snowball Russian before it mapped ё to е)."""
    n = len(word)
    rv_start = p2 = n
    i = 0
    while i < n and word[i] not in _RU_VOWELS:
        i += 1
    if i < n:
        rv_start = i + 1
        # p2: after the first non-vowel, then a vowel, then a non-vowel
        j = rv_start
        while j < n and word[j] in _RU_VOWELS:
            j += 1
        if j < n:
            after = region_after(word, j + 1, _RU_VOWELS)
            if after >= 0:
                p2 = after
    # every ending lies in RV, the part after the first vowel
    head, s = word[:rv_start], word[rv_start:]
    p2 -= rv_start
    rest = _ru_ending(s, _RU_GERUNDS)
    if rest is not None:
        s = rest
    else:
        reflexive = first_suffix(s, ("ся", "сь"))
        if reflexive is not None:
            s = s[:-2]
        adjective = first_suffix(s, _RU_ADJECTIVE)
        if adjective is not None:
            s = s[: len(s) - len(adjective)]
            rest = _ru_ending(s, _RU_PARTICIPLES)
            if rest is not None:
                s = rest
        else:
            rest = _ru_ending(s, _RU_VERBS)
            if rest is not None:
                s = rest
            else:
                noun = first_suffix(s, _RU_NOUN)
                if noun is not None:
                    s = s[: len(s) - len(noun)]
    if s.endswith("и"):
        s = s[:-1]
    derivational = first_suffix(s, ("ость", "ост"))
    if derivational is not None and len(s) - len(derivational) >= p2:
        s = s[: len(s) - len(derivational)]
    tidy = first_suffix(s, ("ейше", "ейш", "н", "ь"))
    if tidy in ("ейше", "ейш"):
        s = s[: len(s) - len(tidy)]
        if s.endswith("нн"):
            s = s[:-1]
    elif tidy == "н":
        if s.endswith("нн"):
            s = s[:-1]
    elif tidy == "ь":
        s = s[:-1]
    return head + s
