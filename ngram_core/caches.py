"""What the process keeps between calls: each cache, its bound, and how to clear it.

Every cache the core keeps beyond one call is registered here by the module that owns
it, when that module is imported (a cache of a module never imported holds nothing)::

    >>> from ngram_core import caches
    >>> [c.name for c in caches.registered()]            # doctest: +SKIP
    ['recent_tokens', 'meteor_word_stems', ...]
    >>> caches.clear()                                   # all of them
    >>> caches.clear("recent_tokens")                    # one
    >>> caches.set_limit("recent_tokens", 64 << 20)      # bytes, where a cache can be sized

Caches only save work: each holds pure functions of its key (token ids of a text, the
stem of a word, a resource file's contents), so clearing one never changes a number,
only the time of the next call. The bounds, in the order of their size:

- ``recent_tokens`` (:mod:`ngram_core.ngrams.corpus`): token ids of the texts of small calls
  (up to ``SMALL_INPUT_TEXTS`` texts per call), for the next call that sees them again
  (a reward computed batch after batch, an evaluate metric called per step). At most
  2^16 texts, 2^18 chunks, 2^20 distinct tokens and, by default, 2^25 token ids
  (256 MB of int64 ids; :func:`set_limit` sizes it); when a limit is passed the cache
  starts over empty at the next call. Its id buffer doubles as it grows, so up to twice
  the limit can be allocated.
- ``plain_references`` (:mod:`ngram_core.ngrams.plain`): the tokens of the distinct
  references of the last BLEU call counted in plain Python, for the next call on the
  same references (systems scored one after the other). One set of references, at most
  ``compiled.PLAIN_INPUT_CHARS`` characters.
- METEOR 1.5's resources (:mod:`ngram_core.meteor`): the paraphrase table (about
  150 MB, memory-mapped from the installed file where possible), the synonym
  dictionary and the word lists: loaded once, on first need, never grown.
- METEOR's per-word caches: stems and WordNet synonym sets, 2^17 words each (LRU).

Per-call memory (a call's own arrays) is not cached and is freed when the call returns.
"""
from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Dict, List, Optional


@dataclass(frozen=True)
class Cache:
    """One process cache: ``clear()`` empties it; ``set_limit(n_bytes)`` sizes it where
    it can be sized (None: fixed bound); ``bound`` says what keeps it bounded."""

    name: str
    holds: str
    bound: str
    clear: Callable[[], None]
    set_limit: Optional[Callable[[int], None]] = None


_CACHES: Dict[str, Cache] = {}
_LOCK = threading.Lock()


def register(cache: Cache) -> Cache:
    """Called by the module that owns ``cache``, at its import."""
    with _LOCK:
        _CACHES[cache.name] = cache
    return cache


def registered() -> List[Cache]:
    """The caches of the modules imported so far."""
    with _LOCK:
        return list(_CACHES.values())


def _get(name: str) -> Cache:
    if not isinstance(name, str):
        raise TypeError(f"name must be a cache's name (a string), one of {', '.join(_CACHES)}; got {name!r}")
    if name not in _CACHES:
        raise ValueError(f"name={name!r} is not a cache of this process; use one of {', '.join(_CACHES) or '(none yet)'}")
    return _CACHES[name]


def clear(name: Optional[str] = None) -> None:
    """Empty the cache called ``name``, or every registered cache (``name=None``).

    Numbers do not change; the next call that needs a cleared resource loads it again."""
    for cache in registered() if name is None else [_get(name)]:
        cache.clear()


def set_limit(name: str, n_bytes: int) -> None:
    """Bound the cache called ``name`` to ``n_bytes`` (only caches that can be sized)."""
    cache = _get(name)
    if cache.set_limit is None:
        raise ValueError(f"the cache {name!r} has a fixed bound ({cache.bound}); it can be cleared, not sized")
    if isinstance(n_bytes, bool) or not isinstance(n_bytes, int):
        raise TypeError(f"n_bytes must be an int (bytes), e.g. 64 << 20 for 64 MB; got {n_bytes!r}")
    if n_bytes < 1 << 16:
        raise ValueError(f"n_bytes must be at least 65536 (64 KB); got {n_bytes}")
    cache.set_limit(n_bytes)
