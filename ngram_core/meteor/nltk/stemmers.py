"""Stemmers for the ``nltk`` variant's stem stage, by name (METEOR 1.5's are :mod:`.jar_stemmers`).

- ``porter``: NLTK's ``PorterStemmer()`` (NLTK_EXTENSIONS mode, lowercases its input),
  as NLTK's ``meteor_score`` uses; the ``nltk`` variant's stemmer. It is pure code, no
  data, but needs ``pip install nltk``; it is imported on first use only.

A stemmer is a function from a list of words to the list of their stems
(:func:`get_stemmer`), or from one word to its stem (:func:`get_word_stemmer`).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable, List, Sequence

Stemmer = Callable[[Sequence[str]], List[str]]
STEMMERS = ("porter",)


@lru_cache(maxsize=None)
def get_word_stemmer(name: str) -> Callable[[str], str]:
    """The stemmer called ``name`` (one of :data:`STEMMERS`) as a function of one word
    (for ``porter``, ``PorterStemmer().stem`` itself: a cache wrapped around it calls it
    with no Python frame in between)."""
    if name == "porter":
        try:
            from nltk.stem.porter import PorterStemmer
        except ImportError as err:
            raise ImportError(
                "METEOR variant='nltk' uses NLTK's Porter stemmer: pip install nltk "
                "(no NLTK data is needed), or use variant='meteor-1.5'"
            ) from err
        return PorterStemmer().stem
    raise ValueError(f"unknown stemmer {name!r}; use one of {', '.join(STEMMERS)}")


@lru_cache(maxsize=None)
def get_stemmer(name: str) -> Stemmer:
    """The stemmer called ``name`` (one of :data:`STEMMERS`), on a list of words."""
    stem = get_word_stemmer(name)
    return lambda words: [stem(word) for word in words]
