"""Java's string semantics where METEOR 1.5's numbers depend on them.

- Hashes: the jar compares words by ``String.hashCode()``, the int32 value
  ``sum_k c_k * 31^(n-1-k)`` (mod 2^32) over the n UTF-16 code units ``c_k`` of the
  word. Two different words with the same hash ("Aa" and "BB", say) are the same word
  to every matcher, so we compute exactly that number, for a whole vocabulary at once
  (:func:`string_hashes`).
- Lowercasing: ``-norm`` lowercases with ``String.toLowerCase()`` (Java 17, a locale
  other than tr/az/lt). :func:`java_lower` is Python's ``str.lower()`` but for two
  things: characters whose case pair is newer than Java 17's Unicode 13.0 stay as they
  are, and a capital sigma becomes final ``ς`` by the JDK's rule (a cased letter before
  it and none after it within its word, words as ``java.text.BreakIterator`` finds
  them), not by Unicode's Final_Sigma context that Python uses.
"""
from __future__ import annotations

from functools import lru_cache
from typing import List, Sequence

import regex

import numpy as np

from ..ngrams.encoded import offsets_from_counts


def utf16_units(strings: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """(UTF-16 code units of all ``strings`` concatenated, as uint16; offsets of each string).

    A character outside the Basic Multilingual Plane is two code units (a surrogate
    pair), as in a Java string.
    """
    units = np.frombuffer("".join(strings).encode("utf-16-le", "surrogatepass"), dtype="<u2")
    # code units per string: 1 per character, 2 per character above U+FFFF
    chars = np.fromiter((len(s) for s in strings), dtype=np.int64, count=len(strings))
    offsets = offsets_from_counts(chars)
    if len(units) != offsets[-1]:  # some astral characters: count them per string
        wide = np.frombuffer("".join(strings).encode("utf-32-le", "surrogatepass"), dtype="<u4") > 0xFFFF
        per_string = np.add.reduceat(wide, offsets[:-1]) if len(wide) else np.zeros(0, dtype=np.int64)
        per_string = np.where(chars > 0, per_string, 0)  # reduceat gives the next entry for empty strings
        offsets = offsets_from_counts(chars + per_string)
    return units, offsets


def string_hashes(strings: Sequence[str]) -> np.ndarray:
    """Java's ``String.hashCode()`` of each of ``strings``, as int64 values in the int32 range."""
    units, offsets = utf16_units(strings)
    lengths = np.diff(offsets)
    if not len(units):
        return np.zeros(len(strings), dtype=np.int64)
    # unit k of a string of length n weighs 31^(n-1-k); all arithmetic mod 2^64 (uint64
    # wraps), whose low 32 bits are the Java int arithmetic mod 2^32
    owner = np.repeat(np.arange(len(lengths)), lengths)
    power = offsets[owner + 1] - 1 - np.arange(len(units))
    powers = np.ones(int(lengths.max()), dtype=np.uint64)
    powers[1:] = np.cumprod(np.full(len(powers) - 1, 31, dtype=np.uint64))
    terms = units.astype(np.uint64) * powers[power]
    sums = np.zeros(len(strings), dtype=np.uint64)
    nonempty = lengths > 0
    sums[nonempty] = np.add.reduceat(terms, offsets[:-1][nonempty])
    return (sums & np.uint64(0xFFFFFFFF)).astype(np.uint32).view(np.int32).astype(np.int64)


# Characters Python lowercases but Java 17 does not: case pairs newer than Java 17's
# Unicode 13.0 (Unicode 14: U+2C2F, U+A7C0, U+A7D0, U+A7D6, U+A7D8, Vithkuqi
# U+10570-U+10595; Unicode 16, for Pythons that have it: U+A7CB, U+A7CC, U+A7DA,
# U+A7DC, Garay U+10D50-U+10D65). To Java they are unassigned (neither cased nor
# anything else), so lowering the text between them gives Java's result.
_NEWER_THAN_JAVA = "\u2c2f\ua7c0\ua7cb\ua7cc\ua7d0\ua7d6\ua7d8\ua7da\ua7dc\U00010570-\U00010595\U00010d50-\U00010d65"
_SPECIAL = regex.compile(f"([{_NEWER_THAN_JAVA}\u03a3])")
_SIGMA = "\u03a3"


def java_lower(text: str) -> str:
    """Java 17's ``text.toLowerCase()`` (see the module docstring)."""
    if text.isascii() or not _SPECIAL.search(text):
        return text.lower()
    pieces = _SPECIAL.split(text)  # odd entries: a special character each
    final = _final_sigmas(text) if _SIGMA in text else ()
    out, at, sigma = [], 0, 0
    for k, piece in enumerate(pieces):
        if k % 2 == 0:
            out.append(piece.lower())  # no capital sigma inside: no context to lose
        elif piece == _SIGMA:
            out.append("\u03c2" if final[sigma] else "\u03c3")
            sigma += 1
        else:
            out.append(piece)
        at += len(piece)
    return "".join(out)


def _is_cased(c: str) -> bool:
    """The JDK's ``ConditionalSpecialCasing.isCased``: Lu, Ll, Lt, and a few
    Other_Lowercase/Other_Uppercase ranges."""
    if regex.match(r"[\p{Lu}\p{Ll}\p{Lt}]", c):
        return True
    o = ord(c)
    return (0x02B0 <= o <= 0x02B8 or 0x02C0 <= o <= 0x02C1 or 0x02E0 <= o <= 0x02E4 or o in (0x0345, 0x037A)
            or 0x1D2C <= o <= 0x1D61 or 0x2160 <= o <= 0x217F or 0x24B6 <= o <= 0x24E9)


def _final_sigmas(text: str) -> List[bool]:
    """For each capital sigma of ``text``: whether Java lowers it to final sigma."""
    boundaries = set(java_word_boundaries(text))
    finals = []
    for index, c in enumerate(text):
        if c != _SIGMA:
            continue
        final = False
        i = index
        while i > 0 and i not in boundaries:  # the nearest cased letter before, within the word
            if _is_cased(text[i - 1]):
                j = index + 1
                final = True
                while j < len(text) and j not in boundaries:  # and none after it
                    if _is_cased(text[j]):
                        final = False
                        break
                    j += 1
                break
            i -= 1
        finals.append(final)
    return finals


@lru_cache(maxsize=None)
def _word_rules() -> regex.Pattern:
    """The JDK's word ``BreakIterator`` rules (``sun.text.resources.BreakIteratorRules``,
    "WordBreakRules") as one regular expression; with POSIX (leftmost-longest) matching
    a match is the segment the rule-based iterator takes from a position."""
    enclosing = r"[\p{Mn}\p{Me}]"
    cjk = r"\u3005\u4e00-\u9fa5\uf900-\ufa2d\u30a1-\u30fa\u30fd\u30fe\u3041-\u3094\u309d\u309e\u3099-\u309c\u30fb\u30fc"
    letter = f"(?:[[\\p{{L}}\\p{{Mc}}]--[{cjk}]]{enclosing}*)"
    digit = f"(?:\\p{{N}}{enclosing}*)"
    mid_word = r"[\p{Pd}\p{Pc}\u00ad\u2027\"'.]"
    mid_number = r"[\"',\u066b.]"
    word = f"(?:{letter}+(?:{mid_word}{letter}+)*[\u0964\u0965]?)"
    number = f"(?:{digit}+(?:{mid_number}{digit}+)*)"
    pre_number = r"[[\p{Sc}#.]--[\u00a2]]"
    post_number = r"[%&\u00a2\u066a\u2030\u2031]"
    space = f"(?:[\\p{{Zs}}\\t]{enclosing}*)"
    base = r"[^\p{Mn}\p{Me}\p{Cc}\p{Cf}\p{Zl}\p{Zp}]"
    rules = [
        ".",
        f"{word}?(?:{number}{word})*(?:{number}{post_number}?)?",
        f"{pre_number}(?:{number}{word})*(?:{number}{post_number}?)?",
        f"{space}*\\r?[\\n\\x0c\\u2028\\u2029]?",
        r"[\u30a1-\u30fa\u30fd\u30fe\u3099-\u309c\u30fb\u30fc]*",
        r"[\u3041-\u3094\u309d\u309e\u3099-\u309c\u30fb\u30fc]*",
        r"[\u3005\u4e00-\u9fa5\uf900-\ufa2d]*",
        f"{base}{enclosing}+",
    ]
    return regex.compile("|".join(f"(?:{r})" for r in rules), flags=regex.V1 | regex.POSIX | regex.DOTALL)


def java_word_boundaries(text: str) -> List[int]:
    """The boundaries ``BreakIterator.getWordInstance()`` finds in ``text`` (Java 17's
    rule-based iterator), as code point positions, 0 and ``len(text)`` included.
    Format characters (Cf) are transparent to it (never a boundary before one), but for
    the soft hyphen U+00AD, which its rules also name as word-inner punctuation and so
    acts as that (checked against the JVM)."""
    kept = [k for k, c in enumerate(text) if not regex.match(r"[\p{Cf}--[\u00ad]]", c, flags=regex.V1)]
    stripped = "".join(text[k] for k in kept)
    rules = _word_rules()
    boundaries = [0]
    at = 0
    while at < len(stripped):
        match = rules.match(stripped, at)
        at += max(match.end() - at, 1)
        boundaries.append(kept[at] if at < len(kept) else len(text))
    return boundaries
