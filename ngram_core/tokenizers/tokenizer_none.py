"""The ``none`` tokenizer: the text is already tokenized; split on whitespace."""
from __future__ import annotations

from typing import List, Sequence

from .base import BaseTokenizer


class TokenizerNone(BaseTokenizer):
    """No tokenization (``tok:none``): tokens are the whitespace-separated fields."""

    name = "none"
    chunk_local = True
    chunk_special = ""

    def __call__(self, line: str) -> str:
        return line

    def tokenize_batch(self, lines: Sequence[str]) -> List[str]:
        return list(lines)
