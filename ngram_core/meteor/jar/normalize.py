# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5's ``-norm``: the jar's tokenizer (``edu.cmu.meteor.util.Normalizer``), then lowercasing.

``-norm`` makes ``MeteorScorer`` run ``Normalizer.normalizeLine(line, language,
keepPunctuation=true)`` on every hypothesis and reference, then ``toLowerCase()``; the
aligner then splits the line on Java ``StringTokenizer`` delimiters (space, tab, LF,
CR, FF). The normalizer exists for English, Czech, French, Spanish, German and
Russian; for any other language the jar stops with "No normalizer for language", and
so do we (``ValueError``: pre-tokenize and use ``normalize=False``). Its steps, on the
line padded with a space on each side (a Moses tokenizer with METEOR's additions):

1. every character that is not a letter or digit of the jar's ranges (ASCII letters,
   Latin-1 and Latin Extended-A letters, Cyrillic, phonetic extensions), Java
   whitespace ``[ \\t\\n\\x0B\\f\\r]``, ``. ' ` , -`` or ``‘ ’`` gets a space on each side;
2. runs of two or more dots are escaped (``DOTMULTI``...) so they stay together;
3. a comma not between two ASCII digits gets a space on each side (three regex
   passes, non-overlapping as Java's ``replaceAll``);
4. quotes: `` ` ‘ ’ `` become ``'``; ``“ ” ''`` become `` " ``;
5. dashes: ``–`` becomes ``-``, then ``--`` becomes ``-``; a ``-`` between two
   letters/digits (or after a dot) becomes a space;
6. apostrophes: English splits contractions to the right (``don't`` -> ``don 't``,
   ``1990's`` -> ``1990 's``), French to the left (``l'homme`` -> ``l' homme``), the
   others split every apostrophe off;
7. the line is split on ``StringTokenizer`` delimiters; a word ending in ``.`` keeps
   its dot when it is a nonbreaking prefix of the language (the jar's lists), or
   when the next word starts with ``[a-z]``, or (prefixes marked
   ``#NUMERIC_ONLY#``) with ``[0-9]``; a dotted word with a letter and an inner dot
   loses all its dots (``U.S.`` -> ``US``); otherwise the dot is split off;
8. the dots of step 2 are restored, runs of the jar's spaces (space, U+00A0,
   U+2000-U+200A, U+202F, U+205F, U+3000) become one space, and the line is
   trimmed as Java's ``trim()`` does (every character up to U+0020 at either end).

Lowercasing is Java's ``String.toLowerCase()`` (:func:`.java_text.java_lower`).
"""
from __future__ import annotations

import re
from typing import Dict, Sequence

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from ... import arrow_arrays
from ...ngrams.arrow_encoding import encode_space_separated
from ...ngrams.encoded import EncodedTexts, offsets_from_counts
from .resources import nonbreaking_prefixes
from .settings import check_normalized_language
from ..java_text import java_lower

# The jar's letter ranges (Normalizer.alpha): ASCII, Latin-1 and Latin Extended-A
# letters, Cyrillic and Cyrillic Supplement, Cyrillic Extended-B, phonetic extensions.
_ALPHA = ("A-Za-z\u0160\u017d\u0161\u017e\u0178\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u017e"
          "\u0400-\u04ff\u0500-\u0527\ua640-\ua66e\ua67e-\ua697\u1d00-\u1d7f")
_ALNUM = "0-9" + _ALPHA
_JAVA_SPACE = "\\t\\n\\x0b\\f\\r "  # Java regex \s (no UNICODE_CHARACTER_CLASS), written for RE2
_DELIMITERS = "[ \\t\\n\\r\\f]+"  # java.util.StringTokenizer's default delimiters, for RE2
_NOT_ALPHA, _IS_ALPHA = f"[^{_ALPHA}]", f"[{_ALPHA}]"

# (RE2 pattern, replacement) steps, in the jar's order; pyarrow's replace_substring_regex
# replaces non-overlapping leftmost matches, as Java's replaceAll does.
_SEPARATE = (f"([^{_ALNUM}{_JAVA_SPACE}.'`,\\-\u2018\u2019])", " \\1 ")
_MULTI_DOT = ("\\.([.]+)", " DOTMULTI\\1")
_MULTI_DOT2 = ("DOTMULTI\\.([^.])", "DOTDOTMULTI \\1")
_COMMAS = (("([^0-9]),([^0-9])", "\\1 , \\2"), ("([0-9]),([^0-9])", "\\1 , \\2"), ("([^0-9]),([0-9])", "\\1 , \\2"))
_QUOTES = (("[`\u2018\u2019]", "'"), ("[\u201c\u201d]|''", ' " '))
_INNER_DASH = (f"([{_ALNUM}.])-([{_ALNUM}])", "\\1 \\2")
_CONTRACTIONS = {
    "english": (
        (f"({_NOT_ALPHA})'({_NOT_ALPHA})", "\\1 ' \\2"),
        (f"([^{_ALPHA}0-9])'({_IS_ALPHA})", "\\1 ' \\2"),
        (f"({_IS_ALPHA})'({_NOT_ALPHA})", "\\1 ' \\2"),
        (f"({_IS_ALPHA})'({_IS_ALPHA})", "\\1 '\\2"),
        ("([0-9])'(s)", "\\1 '\\2"),
    ),
    "french": (
        (f"({_NOT_ALPHA})'({_NOT_ALPHA})", "\\1 ' \\2"),
        (f"({_NOT_ALPHA})'({_IS_ALPHA})", "\\1 ' \\2"),
        (f"({_IS_ALPHA})'({_NOT_ALPHA})", "\\1 ' \\2"),
        (f"({_IS_ALPHA})'({_IS_ALPHA})", "\\1' \\2"),
    ),
}
# Runs of the jar's spaces become one space: a run of two or more, or one of the non-ASCII
# ones (a lone ' ' is left alone, which is the same and much faster).
_SPACES = " \u00a0\u2000-\u200a\u202f\u205f\u3000"
_WHITE = (f"[{_SPACES}]{{2,}}|[\u00a0\u2000-\u200a\u202f\u205f\u3000]", " ")
_JAVA_TRIM = "".join(chr(c) for c in range(0x21))  # String.trim(): every char <= U+0020


def _s(text: str) -> pa.Scalar:
    return arrow_arrays.string_scalar(text)


def _sub(text: pa.Array, step) -> pa.Array:
    pattern, replacement = step
    return pc.replace_substring_regex(text, pattern, replacement)


def _lines_containing(text: pa.Array, needles: Sequence[str]) -> np.ndarray:
    """Whether each line of ``text`` (a string or large_string array) contains one of
    ``needles``, as a numpy mask: each needle searched once in the array's whole data
    buffer (the lines end to end; a hit across two lines is dropped), then its hits
    mapped to lines, several times faster than ``pc.match_substring`` a needle when,
    as here, hits are few."""
    offset_type = np.int64 if pa.types.is_large_string(text.type) else np.int32
    validity, offsets_buffer, data_buffer = text.buffers()
    if validity is not None and text.null_count:
        raise ValueError("_lines_containing reads arrays without nulls")
    offsets = np.frombuffer(offsets_buffer, dtype=offset_type)[text.offset:text.offset + len(text) + 1]
    first, last = int(offsets[0]), int(offsets[-1])
    data = memoryview(data_buffer)[first:last] if data_buffer is not None else memoryview(b"")
    starts = []
    for needle in needles:
        pattern = needle.encode()
        if len(pattern) == 1:  # (a byte is never across two lines)
            at = np.flatnonzero(np.frombuffer(data, dtype=np.uint8) == pattern[0])
        else:
            at = np.asarray(_starts(re.compile(re.escape(pattern)), data), dtype=np.int64)
        if len(at):
            at = at + first
            line = np.searchsorted(offsets, at, side="right") - 1
            if len(pattern) > 1:
                line = line[line == np.searchsorted(offsets, at + len(pattern) - 1, side="right") - 1]
            starts.append(line)
    mask = np.zeros(len(text), dtype=bool)
    for line in starts:
        mask[line] = True
    return mask


def _starts(regex: "re.Pattern[bytes]", data: memoryview) -> list:
    """Where ``regex`` (a literal) occurs in ``data``, overlapping hits too (a hit across
    two lines must not hide one just after it)."""
    found = []
    hit = regex.search(data)
    while hit is not None:
        found.append(hit.start())
        hit = regex.search(data, hit.start() + 1)
    return found


def _sub_where(text: pa.Array, needles: Sequence[str], steps) -> pa.Array:
    """``steps`` applied to the lines containing one of ``needles`` (literals without
    which no step can match), the other lines kept."""
    has = _lines_containing(text, needles)
    if not has.any():
        return text
    part = text.filter(arrow_arrays.booleans(has))
    for step in steps:
        part = step(part) if callable(step) else _sub(part, step)
    return pc.replace_with_mask(text, arrow_arrays.booleans(has), part)


def _while_contains(text: pa.Array, needle: str, step) -> pa.Array:
    """Apply ``step`` (a function of an array) to the lines containing ``needle`` until none does."""
    while True:
        has = _lines_containing(text, (needle,))
        if not has.any():
            return text
        mask = arrow_arrays.booleans(has)
        text = pc.replace_with_mask(text, mask, step(text.filter(mask)))


def _dots(text: pa.Array) -> pa.Array:
    """Step 2 on lines with a run of dots: the run escaped as DOTMULTI... (the loop of
    the jar's ``while (line.contains("DOTMULTI."))``)."""
    text = _sub(text, _MULTI_DOT)
    return _while_contains(text, "DOTMULTI.", lambda t: pc.replace_substring(_sub(t, _MULTI_DOT2), "DOTMULTI.",
                                                                            "DOTDOTMULTI"))


def _restore_dots(text: pa.Array) -> pa.Array:
    """Step 8's first part on lines with DOTMULTI: the escaped dots put back."""
    text = _while_contains(text, "DOTDOTMULTI", lambda t: pc.replace_substring(t, "DOTDOTMULTI", "DOTMULTI."))
    return pc.replace_substring(text, "DOTMULTI", ".")


def normalize_lines(lines: Sequence[str], language: str = "english") -> pa.Array:
    """``Normalizer.normalizeLine(line, language, keepPunctuation=true)`` of each line
    (case kept), for all lines at once (pyarrow's RE2 kernels)."""
    name = check_normalized_language(language)
    text = arrow_arrays.strings(lines)
    if not len(text):
        return text
    text = _sub(pc.binary_join_element_wise(_s(" "), text, _s(" "), _s("")), _SEPARATE)
    text = _sub_where(text, ("..", "DOTMULTI."), (_dots,))  # (a line may say DOTMULTI. itself)
    text = _sub_where(text, (",",), _COMMAS)
    text = _sub_where(text, ("`", "\u2018", "\u2019"), _QUOTES[:1])
    text = _sub_where(text, ("\u201c", "\u201d", "''"), _QUOTES[1:])
    text = _sub_where(text, ("\u2013", "--"), (lambda t: pc.replace_substring(pc.replace_substring(t, "\u2013", "-"),
                                                                                 "--", "-"),))
    text = _sub_where(text, ("-",), (_INNER_DASH,))
    if name in _CONTRACTIONS:
        text = _sub_where(text, ("'",), _CONTRACTIONS[name])
    else:
        text = pc.replace_substring(text, "'", " ' ")
    text = _nonbreaking(text, nonbreaking_prefixes(name))
    text = _sub_where(text, ("DOTMULTI",), (_restore_dots,))
    return pc.utf8_trim(_sub(text, _WHITE), _JAVA_TRIM)


def normalize_line(line: str, language: str = "english") -> str:
    """:func:`normalize_lines` of one line."""
    return normalize_lines([line], language)[0].as_py()


def _split_words(text: pa.Array):
    """(words of all lines, flat, as StringTokenizer gives them; words per line)."""
    # (the other delimiters are rare: spaces first, then a plain split, much faster than a regex split)
    lists = pc.split_pattern(pc.replace_substring_regex(text, "[\\t\\n\\r\\f]", " "), " ")
    words = lists.flatten()
    keep = pc.not_equal(words, _s(""))
    owner = np.repeat(np.arange(len(lists)), np.diff(arrow_arrays.to_numpy(lists.offsets)))
    counts = np.bincount(owner[arrow_arrays.to_numpy(keep)], minlength=len(lists))
    return words.filter(keep), counts


def _nonbreaking(text: pa.Array, prefixes: Dict[str, bool]) -> pa.Array:
    """Step 7: split the line into words, split the final dot off the words that do not
    keep it, join the words with spaces again (one after each word, as the jar)."""
    words, counts = _split_words(text)
    offsets = offsets_from_counts(counts)
    dotted = np.flatnonzero(arrow_arrays.to_numpy(pc.and_(pc.ends_with(words, "."),
                                                          pc.greater(pc.binary_length(words), arrow_arrays.int64s([1])[0]))))
    if len(dotted):
        owner = np.searchsorted(offsets, dotted, side="right") - 1
        has_next = dotted + 1 < offsets[owner + 1]
        word = words.take(arrow_arrays.int64s(dotted))
        pre = pc.utf8_slice_codeunits(word, 0, -1)
        following = words.take(arrow_arrays.int64s(np.where(has_next, dotted + 1, dotted)))
        any_prefix = pc.is_in(pre, value_set=arrow_arrays.strings([p for p, numeric in prefixes.items() if not numeric]))
        numeric_prefix = pc.is_in(pre, value_set=arrow_arrays.strings([p for p, numeric in prefixes.items() if numeric]))
        as_numpy = arrow_arrays.to_numpy
        lower_next = as_numpy(pc.match_substring_regex(following, "^[a-z]")) & has_next
        digit_next = as_numpy(pc.match_substring_regex(following, "^[0-9]")) & has_next
        mixed = as_numpy(pc.match_substring(pre, ".")) & as_numpy(pc.match_substring_regex(pre, _IS_ALPHA))
        keep = ~mixed & (as_numpy(any_prefix) | lower_next | (as_numpy(numeric_prefix) & digit_next))
        split = ~mixed & ~keep
        new = pc.if_else(arrow_arrays.booleans(mixed), pc.replace_substring(word, ".", ""),
                         pc.if_else(arrow_arrays.booleans(split), pc.binary_join_element_wise(pre, _s(" ."), _s("")),
                                    word))
        mask = np.zeros(len(words), dtype=bool)
        mask[dotted] = True
        words = pc.replace_with_mask(words, arrow_arrays.booleans(mask), new)
    lists = pa.LargeListArray.from_arrays(arrow_arrays.int64s(offsets), words)
    trailing = arrow_arrays.strings([" " if c else "" for c in counts.tolist()])
    return pc.binary_join_element_wise(pc.binary_join(lists, _s(" ")), trailing, _s(""))


def jar_tokens(lines: Sequence[str], language: str = "english", normalize: bool = True,
               lowercase: bool = True) -> EncodedTexts:
    """The words the jar aligns for each of ``lines``, as token ids: ``-norm``
    (``normalize``: the jar's tokenizer, then lowercasing), ``-lower`` (``lowercase``
    only, whitespace tokens) or neither; words are split as ``StringTokenizer`` splits."""
    if normalize:
        text = normalize_lines(lines, language)
    else:
        text = pc.replace_substring_regex(arrow_arrays.strings(lines), _DELIMITERS, " ")
    if normalize or lowercase:
        ascii_only = pc.string_is_ascii(text)
        lowered = pc.utf8_lower(text)  # Java's for ASCII lines; the others below
        others = pc.invert(ascii_only)
        if pc.any(others).as_py():
            lowered = pc.replace_with_mask(lowered, others, arrow_arrays.strings(
                [java_lower(line) for line in text.filter(others).to_pylist()]))
        text = lowered
    return encode_space_separated(text)


def release_arrow_memory() -> None:
    """Give pyarrow's freed buffers back to the system (its pool keeps them for reuse;
    after tokenizing a corpus they would stay in the process's memory for nothing)."""
    pa.default_memory_pool().release_unused()
