"""Tokenizers, by name: the first layer of the pipeline.

``tokenize(texts, "13a", lowercase=False)`` applies sacreBLEU's preprocessing
(optional full-Unicode ``str.lower()``, then ``rstrip()``, which ``coco`` skips:
pycocoevalcap tokenizes captions unstripped) and the named tokenizer, and returns one
list of tokens per text. ``get_tokenizer(name)`` returns the
tokenizer object itself (it carries the name used in signatures).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, Dict, List, Sequence

from .base import BaseTokenizer
from .tokenizer_13a import Tokenizer13a
from .tokenizer_char import TokenizerChar
from .tokenizer_intl import TokenizerIntl
from .tokenizer_mecab import TokenizerJaMecab, TokenizerKoMecab
from .tokenizer_none import TokenizerNone
from .tokenizer_zh import TokenizerZh


def _coco() -> BaseTokenizer:
    # imported on first use: its rule table takes about 0.1 s to build
    from .tokenizer_coco import TokenizerCoco

    return TokenizerCoco()


_REGISTRY: Dict[str, Callable[[], BaseTokenizer]] = {
    "13a": Tokenizer13a,
    "intl": TokenizerIntl,
    "zh": TokenizerZh,
    "char": TokenizerChar,
    "none": TokenizerNone,
    "ja-mecab": TokenizerJaMecab,
    "ko-mecab": TokenizerKoMecab,
    "coco": _coco,
}

TOKENIZERS = tuple(_REGISTRY)
DEFAULT_TOKENIZER = "13a"


@lru_cache(maxsize=None)
def get_tokenizer(name: str = DEFAULT_TOKENIZER) -> BaseTokenizer:
    """The tokenizer registered as ``name`` (one shared instance per name)."""
    if not isinstance(name, str):
        raise TypeError(f"tokenize must be a string, one of {', '.join(TOKENIZERS)}; got {name!r}")
    if name not in _REGISTRY:
        raise ValueError(f"tokenize={name!r} is not a known tokenizer; use one of {', '.join(TOKENIZERS)}")
    return _REGISTRY[name]()


def preprocess(texts: Sequence[str], lowercase: bool = False, strip: bool = True) -> List[str]:
    """sacreBLEU's preprocessing before any tokenizer: lowercase, then ``rstrip()`` (if ``strip``)."""
    if lowercase:
        texts = [text.lower() for text in texts]
    return [text.rstrip() for text in texts] if strip else list(texts)


def tokenize_strings(texts: Sequence[str], name: str = DEFAULT_TOKENIZER, lowercase: bool = False) -> List[str]:
    """Preprocess and tokenize ``texts``; one whitespace-separated string per text."""
    tokenizer = get_tokenizer(name)
    return tokenizer.tokenize_batch(preprocess(texts, lowercase and not tokenizer.lowercases, tokenizer.strip_lines))


def tokenize(texts: Sequence[str], name: str = DEFAULT_TOKENIZER, lowercase: bool = False) -> List[List[str]]:
    """Preprocess and tokenize ``texts``; one list of tokens per text."""
    return [line.split() for line in tokenize_strings(texts, name, lowercase)]


__all__ = [
    "BaseTokenizer",
    "DEFAULT_TOKENIZER",
    "TOKENIZERS",
    "get_tokenizer",
    "preprocess",
    "tokenize",
    "tokenize_strings",
]
