"""Tokenizers, by name: the first layer of the pipeline.

``tokenize(texts, "13a", lowercase=False)`` applies sacreBLEU's preprocessing
(optional full-Unicode ``str.lower()``, then ``rstrip()``, which ``coco`` skips:
pycocoevalcap tokenizes captions unstripped) and the named tokenizer, and returns one
list of tokens per text; ``lowercase`` is a :class:`~ngram_core.tokenizers.casing.Case`
value (``False``, ``True`` or ``"ascii"``), applied with the tokenizer in one place,
:func:`tokenization`. ``get_tokenizer(name)`` returns the
tokenizer object itself (it carries the name used in signatures).

Tokenizers under a licence other than ngram-core's live in distributions of their own
(:data:`PLUGINS`), found by name in the entry point group ``ngram_core.tokenizers``:
``coco`` (pycocoevalcap's PTBTokenizer, a port of Stanford CoreNLP's GPL lexer) is
``ngram-core-coco``, in ``plugins/ngram-core-coco/`` of this repository. Without it
``tokenize="coco"`` raises :class:`TokenizerNotInstalled`, which says what to install.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from typing import Any, Callable, Dict, List, Sequence, Tuple

from .base import BaseTokenizer
from .casing import Case, Tokenization


ENTRY_POINT_GROUP = "ngram_core.tokenizers"


@dataclass(frozen=True)
class Plugin:
    """A tokenizer that ships as a distribution of its own (another licence)."""

    distribution: str
    folder: str  # where it lives in this repository
    licence: str
    what: str


PLUGINS: Dict[str, Plugin] = {
    "coco": Plugin("ngram-core-coco", "plugins/ngram-core-coco", "GPL-3.0-or-later",
                   "pycocoevalcap's PTBTokenizer, a port of Stanford CoreNLP 3.4.1's lexer"),
}


class TokenizerNotInstalled(ImportError):
    """``tokenize=name`` names a tokenizer whose distribution is not installed."""


def entry_points(**selection):
    """``importlib.metadata.entry_points``, imported when a plugin is first asked for (10 ms)."""
    from importlib import metadata

    return metadata.entry_points(**selection)


def _plugin(name: str) -> Callable[[], BaseTokenizer]:
    """The factory of plugin tokenizer ``name``, from its entry point (imported on first use)."""
    found = entry_points(group=ENTRY_POINT_GROUP, name=name)
    if not found:
        plugin = PLUGINS[name]
        raise TokenizerNotInstalled(
            f"tokenize={name!r} ({plugin.what}) is in the separate distribution {plugin.distribution} "
            f"({plugin.licence}), which is not installed: pip install -e {plugin.folder} from a clone of "
            f"ngram-core. Without it, tokenize='none' on tokens you made yourself (joined by spaces) works.")
    return next(iter(found)).load()


# name -> (module, factory): a tokenizer's module is imported when it is first asked
# for (``regex``, NLTK's rules and ``xml.sax`` cost a one-off 13a call 30 ms otherwise).
_REGISTRY: Dict[str, Tuple[str, str]] = {
    "13a": ("tokenizer_13a", "Tokenizer13a"),
    "intl": ("tokenizer_intl", "TokenizerIntl"),
    "zh": ("tokenizer_zh", "TokenizerZh"),
    "char": ("tokenizer_char", "TokenizerChar"),
    "none": ("tokenizer_none", "TokenizerNone"),
    "ja-mecab": ("tokenizer_mecab", "TokenizerJaMecab"),
    "ko-mecab": ("tokenizer_mecab", "TokenizerKoMecab"),
    "flores101": ("tokenizer_spm", "flores101"),
    "flores200": ("tokenizer_spm", "flores200"),
    "spBLEU-1K": ("tokenizer_spm", "spbleu_1k"),
    "spm": ("tokenizer_spm", "spm"),
    "nltk": ("tokenizer_nltk", "TokenizerNltk"),
    "nltk-nist": ("tokenizer_nltk_nist", "TokenizerNltkNist"),
    "nltk-nist-nonwestern": ("tokenizer_nltk_nist", "nonwestern"),
}


def _built_in(name: str) -> Callable[[], BaseTokenizer]:
    module, factory = _REGISTRY[name]
    return getattr(import_module(f"{__name__}.{module}"), factory)

TOKENIZERS = tuple(_REGISTRY) + tuple(PLUGINS)
DEFAULT_TOKENIZER = "13a"


@lru_cache(maxsize=None)
def get_tokenizer(name: str = DEFAULT_TOKENIZER) -> BaseTokenizer:
    """The tokenizer registered as ``name`` (one shared instance per name)."""
    if not isinstance(name, str):
        raise TypeError(f"tokenize must be a string, one of {', '.join(TOKENIZERS)}; got {name!r}")
    if name not in TOKENIZERS:
        raise ValueError(f"tokenize={name!r} is not a known tokenizer; use one of {', '.join(TOKENIZERS)}")
    return (_built_in(name) if name in _REGISTRY else _plugin(name))()


def tokenization(name: str = DEFAULT_TOKENIZER, lowercase: Any = False) -> Tokenization:
    """How tokenizer ``name`` runs with ``lowercase`` (``False``, ``True`` or ``"ascii"``):
    the one place a case meets a tokenizer (:meth:`Tokenization.of`)."""
    return Tokenization.of(get_tokenizer(name), Case.of(lowercase))


def tokenize_strings(texts: Sequence[str], name: str = DEFAULT_TOKENIZER, lowercase: Any = False) -> List[str]:
    """Preprocess and tokenize ``texts``; one whitespace-separated string per text."""
    return tokenization(name, lowercase).strings(texts)


def tokenize(texts: Sequence[str], name: str = DEFAULT_TOKENIZER, lowercase: Any = False) -> List[List[str]]:
    """Preprocess and tokenize ``texts``; one list of tokens per text."""
    return [line.split() for line in tokenize_strings(texts, name, lowercase)]


__all__ = [
    "BaseTokenizer",
    "Case",
    "DEFAULT_TOKENIZER",
    "PLUGINS",
    "TOKENIZERS",
    "TokenizerNotInstalled",
    "Tokenization",
    "get_tokenizer",
    "tokenize",
    "tokenization",
    "tokenize_strings",
]
