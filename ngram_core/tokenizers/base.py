"""The tokenizer protocol shared by every named tokenizer.

A tokenizer turns raw segments into strings whose whitespace-separated fields are
the tokens, exactly the tokens of sacreBLEU 2.6.0's tokenizer of the same name. Each one
offers two entry points, and may offer a third:

- ``__call__(line)``: one segment, the reference behaviour;
- ``tokenize_batch(lines)``: a whole corpus at once; the default loops over
  ``__call__``, the regular-expression tokenizers override it to run each
  expression once over the whole corpus, which is where their speed comes from;
- ``tokenize_arrow(lines)``: the same on a pyarrow string array, in pyarrow's
  kernels, with no Python string per line; ``None`` (the default) where a tokenizer
  has no such form. The corpus encoder uses it on the distinct chunks.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa


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
    # sacreBLEU right-strips every line before tokenizing. A tokenizer whose reference
    # tool sees the line as it is (pycocoevalcap) sets this False.
    strip_lines: bool = True

    def lowercasing(self) -> BaseTokenizer | None:
        """The tokenizer that lowercases at its tool's own point inside tokenizing (NLTK's
        NISTTokenizer lowercases after unescaping entities); ``self`` where the tool
        lowercases its tokens whatever it is asked (pycocoevalcap's PTBTokenizer
        ``-lowerCase``: its rules read case, so lowercase=True is left to it); None (the
        default): lowercasing comes before tokenizing, as sacreBLEU's preprocessing has it
        (:mod:`ngram_core.tokenizers.casing`)."""
        return None

    def prepare_line(self, line: str) -> str:
        """The part of tokenization that spans whitespace; only used when chunk_local.

        The chunks of the result are then tokenized one by one, so the result must be
        such that this gives the line's tokens.
        """
        return line

    def signature(self) -> str:
        """The string that names this tokenizer in a metric's signature."""
        return self.name

    def __call__(self, line: str) -> str:
        raise NotImplementedError

    def tokenize_batch(self, lines: Sequence[str]) -> list[str]:
        """Tokenize every line; one string per line, tokens separated by whitespace."""
        return [self(line) for line in lines]

    def tokenize_arrow(self, lines: pa.Array) -> pa.Array | None:
        """``tokenize_batch`` on a pyarrow string array (same type out), or None if not offered.

        A line whose only whitespace is ``' '`` must come out with no other whitespace
        either: the corpus encoder splits the results on ``' '`` alone.
        """
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"
