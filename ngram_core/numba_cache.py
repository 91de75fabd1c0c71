"""Where numba keeps the compiled kernels' machine code, so they compile once per machine.

The kernels (``ngram_core/ngrams/kernels.py``, ``ngram_core/ngrams/kernel_13a.py``,
``ngram_core/bleu/*kernels.py``, and
METEOR 1.5's loops ``ngram_core/meteor/jar/*_kernel.py`` where
:func:`ngram_core.compiled.loops` compiles them) are declared ``cache=True``: the first
process that runs them compiled compiles them (seconds: about 3.5 s for BLEU's, 10 s
for METEOR 1.5's on the benchmark machine) and writes the machine code to disk; every
later process loads it (a fraction of a second). A one-off call on a small input runs
none of them (:mod:`ngram_core.compiled`), so it needs no cache at all, and METEOR 1.5 on one
test set runs its loops plain until they are cached (``compiled.LOOPS_COLD_CACHE_TOKENS``). numba looks for a place to
write in this order (``numba.core.caching``):

1. ``NUMBA_CACHE_DIR``, if set (numba's own setting, for every numba user in the process);
2. ``__pycache__`` next to the kernels' source, if writable (an editable or a user install);
3. the user's cache directory, ``$XDG_CACHE_HOME/numba`` or ``~/.cache/numba`` (a
   read-only site-packages, as in most containers, with a writable home);
4. this module adds one more, for ngram-core's kernels only:
   ``<temporary directory>/ngram-core-numba-<user id>`` (``tempfile.gettempdir()``:
   ``$TMPDIR``, else ``/tmp``): a read-only install with a read-only or missing home
   (``docker run --read-only --tmpfs /tmp``, a sandboxed service user) compiles once per
   container or boot instead of failing with numba's "cannot cache function ...: no
   locator available".

The first compile in a process says so in one line on stderr (:class:`CompileNotice`, the
``ngram_core`` logger's warning: ``logging.getLogger("ngram_core").setLevel(logging.ERROR)``
silences it); a process that loads cached code says nothing.

Where none of these is writable numba still refuses to load the kernels; set
``NUMBA_CACHE_DIR`` to a writable directory. To compile once per image, run any metric
once at build time (``python -c "from ngram_core import compiled; compiled.prefer(True);
import ngram_core; ngram_core.corpus_bleu(['a'], [['a']])"``) with ``NUMBA_CACHE_DIR``
pointing into the image.

:func:`register` is called by each kernel module before its first ``@numba.njit``
(and by :func:`ngram_core.compiled.compile_loops`).
"""
from __future__ import annotations

import logging
import os
import tempfile
from pathlib import Path

from numba.core import caching, event

PACKAGE = Path(__file__).resolve().parent
# (numba 0.59-0.60 named them with a leading underscore)
_USER_WIDE = getattr(caching, "UserWideCacheLocator", None) or caching._UserWideCacheLocator
_CACHE_IMPL = getattr(caching, "CacheImpl", None) or caching._CacheImpl


def fallback_dir() -> Path:
    """The last place tried: a per-user folder of the temporary directory."""
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    return Path(tempfile.gettempdir()) / f"ngram-core-numba-{user}"


class TemporaryDirCacheLocator(_USER_WIDE):
    """numba's user-wide locator, rooted in :func:`fallback_dir`, for this package's files only."""

    def __init__(self, py_func, py_file):
        super().__init__(py_func, py_file)
        self._cache_path = str(fallback_dir() / self.get_suitable_cache_subpath(py_file))

    @classmethod
    def from_function(cls, py_func, py_file):
        if not Path(py_file).resolve().is_relative_to(PACKAGE):
            return None
        return super().from_function(py_func, py_file)


class CompileNotice(event.Listener):
    """Says once per process, on stderr (the ``ngram_core`` logger's warning), that one of
    ngram-core's kernels is being compiled: numba's ``numba:compile`` event, which it
    fires only where the machine code is not cached (a cache hit compiles nothing)."""

    said = False

    def on_start(self, ev) -> None:
        dispatcher = ev.data.get("dispatcher") if isinstance(ev.data, dict) else None
        source = getattr(getattr(dispatcher, "py_func", None), "__code__", None)
        if self.said or source is None or not Path(source.co_filename).resolve().is_relative_to(PACKAGE):
            return
        type(self).said = True
        where = getattr(getattr(dispatcher, "_cache", None), "_cache_path", None)
        logging.getLogger("ngram_core").warning(
            "ngram-core: compiling its numba kernels for this machine, once (about 10-20 s; later processes "
            "load them%s). NGRAM_CORE_COMPILED=0 runs without them.", f" from {where}" if where else "")

    def on_end(self, ev) -> None:
        pass


_NOTICE = CompileNotice()


def register() -> None:
    """Add :class:`TemporaryDirCacheLocator` after numba's own locators, and
    :class:`CompileNotice` to numba's compile events (once)."""
    locators = _CACHE_IMPL._locator_classes
    if TemporaryDirCacheLocator not in locators:
        locators.append(TemporaryDirCacheLocator)
        event.register("numba:compile", _NOTICE)
