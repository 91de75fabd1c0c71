"""Case: what ``lowercase`` does to a text, written once, and the one place it meets a tokenizer.

A metric's ``lowercase`` option (BLEU's and NIST's ``False``/``True``/``"ascii"``, METEOR's
flag once resolved, chrF's flag) names a :class:`Case`:

- ``Case.KEEP`` (``False``): the text as it is;
- ``Case.LOWER`` (``True``): full Unicode ``str.lower()``, before tokenizing as sacreBLEU's
  preprocessing has it, or at the tokenizer's own point where its tool lowercases there
  (:meth:`~ngram_core.tokenizers.base.BaseTokenizer.lowercasing`);
- ``Case.ASCII`` (``"ascii"``): A-Z only, in the tokens (mteval-v13a without ``-c``: it
  lowercases after unescaping entities, and its 13a rules never split on letters, so
  lowercasing the tokens is its ``tr/A-Z/a-z/``).

:func:`ngram_core.tokenizers.tokenization` turns a tokenizer's name and a ``lowercase`` value into a
:class:`Tokenization`: the tokenizer to run, the case of the text before it and the case
of the tokens after it. Every road from text to tokens (plain Python, the small-input
cache, pyarrow) reads that one value.
"""
from __future__ import annotations

import string
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Any, List, Sequence

from .base import BaseTokenizer

_ASCII_LOWER = str.maketrans(string.ascii_uppercase, string.ascii_lowercase)  # A-Z only


class Case(Enum):
    """A text's case as a metric's ``lowercase`` option asks for it (the value is the option's)."""

    KEEP = False
    LOWER = True
    ASCII = "ascii"

    @classmethod
    def of(cls, lowercase: Any) -> "Case":
        """The case of a resolved ``lowercase`` value: ``False``, ``True`` or ``"ascii"``
        (a :class:`Case` as it is)."""
        if isinstance(lowercase, Case):
            return lowercase
        if lowercase is True or lowercase is False or lowercase == "ascii":
            return cls(lowercase)
        raise ValueError(f"lowercase={lowercase!r}: use False (keep case), True (full Unicode lowercasing) "
                         "or 'ascii' (A-Z only)")

    @property
    def field(self) -> str:
        """The signature's ``case`` field: ``mixed``, ``lc`` or ``lc-ascii``."""
        return _FIELDS[self]

    def text(self, text: str) -> str:
        """``text`` in this case."""
        if self is Case.KEEP:
            return text
        return text.lower() if self is Case.LOWER else text.translate(_ASCII_LOWER)

    def texts(self, texts: Sequence[str]) -> List[str]:
        """Each of ``texts`` in this case (a new list)."""
        if self is Case.KEEP:
            return list(texts)
        if self is Case.LOWER:
            return [text.lower() for text in texts]
        return [text.translate(_ASCII_LOWER) for text in texts]


_FIELDS = {Case.KEEP: "mixed", Case.LOWER: "lc", Case.ASCII: "lc-ascii"}
CHOICES = tuple(case.value for case in Case)  # the option values: False, True, "ascii"


def case_field(lowercase: Any) -> str:
    """The signature's ``case`` field of a ``lowercase`` value (:attr:`Case.field`)."""
    return Case.of(lowercase).field


def lowercases_always(tokenizer: BaseTokenizer) -> bool:
    """Whether ``tokenizer`` lowercases its tokens whatever ``lowercase`` says (``coco``:
    pycocoevalcap's PTBTokenizer ``-lowerCase``): its lowercasing form is itself."""
    return tokenizer.lowercasing() is tokenizer


@dataclass(frozen=True)
class Tokenization:
    """A tokenizer with a case, as run: ``before`` (``KEEP`` or ``LOWER``) on the raw text,
    sacreBLEU's ``rstrip()`` where the tokenizer's tool strips lines, the tokenizer, then
    ``after`` (``KEEP`` or ``ASCII``) on its tokens."""

    tokenizer: BaseTokenizer
    before: Case = Case.KEEP
    after: Case = Case.KEEP

    @property
    def key(self) -> tuple:
        """What the tokens before ``after`` depend on (a cache key)."""
        return self.tokenizer.name, self.before.value

    def line(self, text: str) -> str:
        """One text as the tokenizer is handed it."""
        text = self.before.text(text)
        return text.rstrip() if self.tokenizer.strip_lines else text

    def lines(self, texts: Sequence[str]) -> List[str]:
        """Every text as the tokenizer is handed it (sacreBLEU's preprocessing)."""
        if self.before is not Case.KEEP:
            texts = self.before.texts(texts)
        return [text.rstrip() for text in texts] if self.tokenizer.strip_lines else list(texts)

    def strings(self, texts: Sequence[str]) -> List[str]:
        """The tokens of each text, one whitespace-separated string per text."""
        lines = self.tokenizer.tokenize_batch(self.lines(texts))
        return lines if self.after is Case.KEEP else self.after.texts(lines)

    @staticmethod
    @lru_cache(maxsize=None)
    def of(tokenizer: BaseTokenizer, case: Case) -> "Tokenization":
        """How ``tokenizer`` is run for ``case``: lowercasing before it, at its tool's own
        point (:meth:`~ngram_core.tokenizers.base.BaseTokenizer.lowercasing`: nltk,
        nltk-nist, coco), or A-Z in its tokens after it."""
        if case is not Case.LOWER:
            return Tokenization(tokenizer, Case.KEEP, case)
        inside = tokenizer.lowercasing()
        return Tokenization(tokenizer, Case.LOWER) if inside is None else Tokenization(inside)

__all__ = ["CHOICES", "Case", "Tokenization", "case_field", "lowercases_always"]
