# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
# The jar's stemmers are Snowball's (BSD-3-Clause), ported here as the jar runs them.
"""What the Snowball algorithms share: suffixes (``among``) and regions (R1, R2, RV)."""
from __future__ import annotations

from typing import Optional, Tuple


def by_length(suffixes) -> Tuple[str, ...]:
    return tuple(sorted(suffixes, key=len, reverse=True))


def first_suffix(word: str, ordered: Tuple[str, ...]) -> Optional[str]:
    """The longest suffix of ``word`` in ``ordered`` (sorted longest first)."""
    if not word.endswith(ordered):  # one call for the common case: none of them
        return None
    for suffix in ordered:
        if word.endswith(suffix):
            return suffix
    return None


def region_after(word: str, start: int, vowels) -> int:
    """Snowball ``gopast v gopast non-v`` from ``start``: the index after the first
    non-vowel that follows a vowel, or -1 if there is none."""
    n = len(word)
    i = start
    while i < n and word[i] not in vowels:
        i += 1
    while i < n and word[i] in vowels:
        i += 1
    return i + 1 if i < n else -1


def regions(word: str, vowels) -> Tuple[int, int]:
    """Snowball's R1 and R2: R1 after the first non-vowel that follows a vowel, R2 the same
    again from R1's start; ``len(word)`` (empty) where there is none."""
    n = len(word)
    p1 = region_after(word, 0, vowels)
    if p1 < 0:
        return n, n
    p2 = region_after(word, p1, vowels)
    return p1, (p2 if p2 >= 0 else n)


def r1_from_fourth_letter(word: str, vowels) -> int:
    """R1 of the Scandinavian algorithms: after the first non-vowel that follows a vowel,
    but not before the fourth letter; ``len(word)`` (empty) if there is no such
    non-vowel or the word has fewer than three letters."""
    n = len(word)
    found = region_after(word, 0, vowels) if n >= 3 else -1
    return max(found, 3) if found >= 0 else n
