"""The tokenizer protocol shared by every named tokenizer.

A tokenizer turns raw segments into strings whose whitespace-separated fields are
the tokens, exactly the tokens of sacreBLEU 2.6.0's tokenizer of the same name. Each one
offers two entry points:

- ``__call__(line)``: one segment, the reference behaviour;
- ``tokenize_batch(lines)``: a whole corpus at once; the default loops over
  ``__call__``, the regular-expression tokenizers override it to run each
  expression once over the whole corpus, which is where their speed comes from.
"""
from __future__ import annotations

from typing import List, Sequence


class BaseTokenizer:
    """A named tokenizer; subclasses set ``name`` and implement ``__call__``."""

    name: str = ""
    # True when tokenizing a line equals tokenizing each of its whitespace-separated
    # chunks on its own (after ``prepare_line``); the corpus encoder then tokenizes
    # each distinct chunk once instead of every line.
    chunk_local: bool = False
    # Only when chunk_local: a regular expression (ASCII character class, for pyarrow's
    # RE2 and Python's re alike) that finds every character tokenizing can act on
    # inside a chunk. A chunk without any is its own single token and is not
    # tokenized. "" when tokenizing changes no chunk; None when there is no such class.
    chunk_special = None

    def prepare_line(self, line: str) -> str:
        """The part of tokenization that spans whitespace; only used when chunk_local."""
        return line

    def signature(self) -> str:
        """The string that names this tokenizer in a metric's signature."""
        return self.name

    def __call__(self, line: str) -> str:
        raise NotImplementedError

    def tokenize_batch(self, lines: Sequence[str]) -> List[str]:
        """Tokenize every line; one string per line, tokens separated by whitespace."""
        return [self(line) for line in lines]

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
