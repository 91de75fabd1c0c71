"""The ``char`` tokenizer: every non-whitespace character is a token."""
from __future__ import annotations

from .base import BaseTokenizer


class TokenizerChar(BaseTokenizer):
    """Character tokenization (``tok:char``); whitespace characters are dropped."""

    name = "char"
    chunk_local = True

    def __call__(self, line: str) -> str:
        return " ".join(line)
