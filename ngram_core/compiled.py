"""When the core runs its compiled (numba) kernels rather than numpy and Python.

Both give the same numbers to the last bit (``tests/test_small_kernels.py``,
``tests/test_libm.py``, ``tests/test_compiled_rule.py``); the choice is only about time.
A compiled kernel costs a process about 0.5-0.8 s before its first result (numba's
import, which pulls in scipy, then the loading of the cached machine code; several
seconds more where nothing is cached yet: see :mod:`ngram_core.numba_cache`), and
microseconds per call after that. The array code costs nothing to start and a few
milliseconds per call (numpy's fixed cost per operation). So one test set scored in a
fresh process is fastest without numba, and a process that scores batch after batch
(RL rewards, pairwise comparisons) is fastest compiled.

The rule (:func:`use`), first match wins:

1. a setting: :func:`prefer` (``prefer(True)``, ``prefer(False)``; ``prefer(None)``
   goes back to the rule), else the environment variable ``NGRAM_CORE_COMPILED``
   (``1``: always compiled, ``0``: never, ``auto`` or unset: the rule);
2. compiled once the process is long-running: the kernels are already loaded in this
   process (their cost is paid), or it declared itself long-running
   (:func:`long_running`), or it has tokenized :data:`LONG_RUNNING_CALLS` corpora;
3. compiled for a large input: at least :data:`LARGE_INPUT_TOKENS` tokens (hypotheses and
   references), where the kernels' speed pays for their start;
4. otherwise the array code.

METEOR 1.5's matcher and beam (``ngram_core/meteor/jar/*_kernel.py``) have no array
form and are always compiled; ``prefer(False)`` leaves them so.

The thresholds were measured on the benchmark machine (2 shared cores, load about 3;
``benchmarks/README.md``): BLEU's clipped counts, the one step whose cost grows with the
input, take about 0.55 ms per 1,000 tokens as arrays and 0.12 ms compiled (WMT text,
8 to 1.9 million tokens), against 0.6-1.6 s to start numba with a warm cache, so the
kernels pay for themselves in one call from about 2 million tokens; a batch of 8
segments costs about 1.6 ms more as arrays than compiled, so a few hundred calls pay
for the start.
"""
from __future__ import annotations

import os
from contextlib import contextmanager
from types import ModuleType
from typing import Iterator, Optional

ENV_VAR = "NGRAM_CORE_COMPILED"
LARGE_INPUT_TOKENS = 2_000_000  # one call this large runs compiled
LONG_RUNNING_CALLS = 300  # after this many tokenized corpora the process is long-running

_preference: Optional[bool] = None
_long_running = False
_loaded = False  # the kernels module was loaded by kernels() in this process
_calls = 0


def prefer(compiled: Optional[bool]) -> None:
    """Always compiled (True), never (False), or back to the rule (None), for this process."""
    global _preference
    if compiled is not None and not isinstance(compiled, bool):
        raise TypeError(f"prefer(compiled={compiled!r}) takes True, False or None")
    _preference = compiled


@contextmanager
def preferring(compiled: Optional[bool]) -> Iterator[None]:
    """:func:`prefer` within a ``with`` block, then the setting before it again."""
    before = _preference
    prefer(compiled)
    try:
        yield
    finally:
        prefer(before)


def long_running() -> None:
    """Say that this process will score batch after batch: compile once, then run compiled.

    For loops that score many small batches (RL rewards, pairwise comparisons): from the
    next call on, every step runs compiled (a setting, :func:`prefer` or
    ``NGRAM_CORE_COMPILED``, still wins)."""
    global _long_running
    _long_running = True


def setting() -> Optional[bool]:
    """The setting in force: :func:`prefer`'s, else ``NGRAM_CORE_COMPILED``'s, else None (the rule)."""
    if _preference is not None:
        return _preference
    value = os.environ.get(ENV_VAR, "auto").strip().lower()
    if value in ("", "auto"):
        return None
    if value in ("1", "true", "yes"):
        return True
    if value in ("0", "false", "no"):
        return False
    raise ValueError(f"{ENV_VAR}={value!r} is not understood; set it to 1 (compiled), 0 (array code) or auto")


def use(tokens: int = 0) -> bool:
    """True if a step on an input of ``tokens`` tokens should run compiled (the rule above;
    steps that do not know the input's size pass nothing and follow the process's state)."""
    chosen = setting()
    if chosen is not None:
        return chosen
    return _loaded or _long_running or _calls >= LONG_RUNNING_CALLS or tokens >= LARGE_INPUT_TOKENS


def count_call() -> None:
    """Count one tokenized corpus toward :data:`LONG_RUNNING_CALLS`."""
    global _calls
    _calls += 1


def kernels() -> ModuleType:
    """:mod:`ngram_core.ngrams.kernels` (imports numba on first use; later calls of
    :func:`use` then answer True: the start is paid)."""
    global _loaded
    from .ngrams import kernels as ngram_kernels  # numba, compiled once per installation (cached)

    _loaded = True
    return ngram_kernels


def kernels_loaded() -> None:
    """Said by a caller that imported a kernel module of its own (``ngram_core.bleu.kernels``):
    numba's start is paid, so later calls of :func:`use` answer True."""
    global _loaded
    _loaded = True


def reset() -> None:
    """Forget the setting, the declaration and the count (not the loaded kernels): for tests."""
    global _preference, _long_running, _calls
    _preference, _long_running, _calls = None, False, 0
