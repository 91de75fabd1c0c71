"""The ``zh`` tokenizer: every Chinese character is a token, the rest is 13a-tokenized.

sacreBLEU tests ``start <= char <= end`` against a table of ranges in which two
entries are written as five-digit ``\\u`` escapes (``'\\u20000'``, ``'\\u2f800'``).
Python reads those as two-character strings, so the ranges that actually take effect
are different from the ones the comments name; ``_CHINESE_RANGES`` lists the ranges
in effect (derived by evaluating sacreBLEU's comparisons over every code point), and
the test suite checks the table against that comparison.
"""
from __future__ import annotations

import re
from typing import List, Sequence

from .base import BaseTokenizer
from .tokenizer_13a import apply_rules

_CHINESE_RANGES = (
    (0x2001, 0x2A6D), (0x2E80, 0x2FDF), (0x2FF0, 0x303F), (0x3100, 0x312F),
    (0x31A0, 0x31EF), (0x3200, 0x4DB5), (0x4E00, 0x9FBB), (0xF900, 0xFA2D),
    (0xFA30, 0xFA6A), (0xFA70, 0xFAD9), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F),
    (0xFF00, 0xFFEF),
)
_CHINESE_CHAR = re.compile(
    "([" + "".join(f"{chr(lo)}-{chr(hi)}" for lo, hi in _CHINESE_RANGES) + "])"
)

# The 13a rules run here without padding. Joined by this separator, a segment's
# first '.'/',' is preceded by a digit and its last one followed by a digit, so
# neither is split, exactly as at the ends of a lone string. The one rule a
# leading digit can still fire is "digit then '-'", so segments that start with
# '-' are tokenized on their own.
_SEPARATOR = "0\n0"


def is_chinese_char(char: str) -> bool:
    """Whether sacreBLEU's ``zh`` tokenizer makes ``char`` a token of its own."""
    code = ord(char)
    return any(lo <= code <= hi for lo, hi in _CHINESE_RANGES)


def _space_chinese(line: str) -> str:
    return _CHINESE_CHAR.sub(r" \1 ", line.strip())


class TokenizerZh(BaseTokenizer):
    """Chinese tokenization (``tok:zh``)."""

    name = "zh"

    def __call__(self, line: str) -> str:
        return " ".join(apply_rules(_space_chinese(line)).split())

    def tokenize_batch(self, lines: Sequence[str]) -> List[str]:
        spaced = [_space_chinese(line.replace("\n", " ")) for line in lines]
        alone = {i for i, line in enumerate(spaced) if line.startswith("-")}
        batch = [("" if i in alone else line) for i, line in enumerate(spaced)]
        out = apply_rules(_SEPARATOR.join(batch)).split(_SEPARATOR)
        for i in alone:
            out[i] = apply_rules(spaced[i])
        return out
