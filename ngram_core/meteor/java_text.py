"""Java's string semantics where METEOR 1.5's numbers depend on them.

The jar compares words by ``String.hashCode()``: the int32 value
``sum_k c_k * 31^(n-1-k)`` (mod 2^32) over the n UTF-16 code units ``c_k`` of the
word. Two different words with the same hash ("Aa" and "BB", say) are the same word
to every matcher, so we compute exactly that number, for a whole vocabulary at once
(:func:`string_hashes`).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..corpus import offsets_from_counts


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
