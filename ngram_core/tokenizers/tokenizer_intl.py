"""The ``intl`` tokenizer: mteval-v14's international rules on Unicode classes.

No entity unescaping and no padding: a number followed by a final period keeps the
period (``2019.`` stays one token), a quirk of mteval-v14 that sacreBLEU keeps.
"""
from __future__ import annotations

from typing import List, Sequence

import regex

from .base import BaseTokenizer

_RULES_INTL = (
    # punctuation preceded by a non-digit
    (regex.compile(r"(\P{N})(\p{P})"), r"\1 \2 "),
    # punctuation followed by a non-digit
    (regex.compile(r"(\p{P})(\P{N})"), r" \1 \2"),
    # symbols
    (regex.compile(r"(\p{S})"), r" \1 "),
)

# Joins segments in a blob. Its outer characters are digits (\p{N}): no rule can
# match a digit as \P{N}, \p{P} or \p{S}, so each segment's first and last
# characters see the separator exactly as they see the start and end of a string.
_SEPARATOR = "0\n0"


def _apply(text: str) -> str:
    for pattern, replacement in _RULES_INTL:
        text = pattern.sub(replacement, text)
    return text


class TokenizerIntl(BaseTokenizer):
    """mteval-v14 international tokenization (``tok:intl``)."""

    name = "intl"

    def __call__(self, line: str) -> str:
        return " ".join(_apply(line).split())

    def tokenize_batch(self, lines: Sequence[str]) -> List[str]:
        # A newline inside a segment is whitespace to every rule (\P{N}, not P or S),
        # like the space it is replaced by, so the separator's newline stays unique.
        prepared = [line.replace("\n", " ") if "\n" in line else line for line in lines]
        return _apply(_SEPARATOR.join(prepared)).split(_SEPARATOR)
