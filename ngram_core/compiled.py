"""When the core runs its compiled (numba) kernels rather than numpy and Python.

Both give the same numbers to the last bit (``tests/core/test_compiled_kernels_equal_array_code.py``,
``tests/core/test_exp_and_log_equal_the_c_library.py``, ``tests/core/test_compiled_rule.py``); the choice is only about time.
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
   references), where the kernels' speed pays for their start; for a step whose plain
   form is Python loops, at least :data:`LOOPS_LARGE_INPUT_TOKENS` (a loop over rows of
   statistics: :data:`ROW_LOOPS_LARGE_INPUT_ROWS` rows);
4. otherwise the array code, or the Python loops.

Before the array code there is plain Python (:func:`plain`), where a metric offers it
(BLEU's and chrF's: ``Metric.plain_chars``; the road to a tokenized corpus,
:mod:`ngram_core.ngrams.corpora`, picks the layout): a call that the rule above does not run compiled is counted in
Python, without numpy or pyarrow (:mod:`ngram_core.ngrams.plain`), if its texts hold at
most :data:`PLAIN_INPUT_CHARS` characters while the array code's imports are still to
be paid (numpy or pyarrow not yet imported in this process: a one-off call), or at most
:data:`PLAIN_INPUT_CHARS_LOADED` once they are paid. ``NGRAM_CORE_PLAIN`` (``1``:
wherever offered, ``0``: never, ``auto`` or unset: this rule) and :func:`prefer_plain`
set it.

METEOR 1.5's matcher and beam (``ngram_core/meteor/jar/match_kernel.py``,
``beam_kernel.py``) are loops that numpy cannot express; they are written as plain
Python, which imports no numba, and :func:`loops` runs them as they are or compiled by
numba (:func:`compile_loops`): the same code, the same numbers
(``tests/meteor/test_meteor_plain_and_compiled_loops_agree.py``). Where they run plain, the paraphrase table is
searched by numpy instead of a compiled hash index (``meteor/jar/paraphrase.py``). So a
one-off METEOR 1.5 call on a small input imports no numba and compiles nothing, even
with an empty or read-only compile cache. A METEOR 1.5 call decides once for all its
steps (:func:`one_call`, by the words of its distinct texts), so that near the threshold
no step runs plain while another runs compiled; only where a step's own bound on its
loops, in words of real text (``work``: the matcher's candidates, the search's steps),
is above the threshold does it run compiled in a call the words leave plain (degenerate
input, a word repeated hundreds of times: real text never gets there first), and every
step after it then runs compiled, the start being paid.

A call that the loops' threshold alone would run compiled runs them plain where their machine code
is not yet in numba's cache and the call has fewer than :data:`LOOPS_COLD_CACHE_TOKENS` words
(:func:`one_call` with ``kernels``; the process's state and the setting still decide first):
compiling them costs more than it saves on one test set, so the first METEOR 1.5 run on a test
set with an empty cache does not compile (it says so in one line on stderr, with
``NGRAM_CORE_COMPILED=1``, which compiles and caches them for the runs after it).

Threads (:func:`threads`): a compiled step whose work is large splits it into parts that
run at once, one in the calling thread and the others in a pool shared by the process
(:func:`run_parts`): BLEU's clipped counts and NIST's clipped matches, by segments, and
the encoder's splitting and interning of a large corpus's texts and chunks (pyarrow's
kernels, which let go of the GIL; ``ngram_core/ngrams/arrow_encoding.py``). The
parts give the rows one call gives, in the same order, so the numbers are the same to the
last bit (``tests/core/test_threads_give_the_single_thread_numbers.py``). The rule, first match
wins:

1. a setting: :func:`set_threads` (``set_threads(1)``: one thread, the single-core
   figures; ``set_threads(None)`` goes back to the rule), else the environment variable
   ``NGRAM_CORE_THREADS`` (a number of threads, ``auto`` or unset: the rule);
2. as many threads as the cores this process may run on (``os.sched_getaffinity``) for
   a step on at least :data:`PARALLEL_INPUT_TOKENS` tokens (hypotheses and references);
3. otherwise one thread (the step runs as it is, in the calling thread).

What keeps this safe (issue 39: an earlier split crashed, a segfault and once an LLVM
assertion while compiling). That draft was never committed (``git log --all -S
run_parts`` finds only 08c2530, the split that replaced it; no commit reverts one), so
the crash cannot be replayed from the history: what the history shows is what 08c2530
made sure of, against the two causes its author found in the draft. (1) Out-of-bounds
writes: numba does not check indices, so a part that indexes the shared arrays with
wrong segment numbers writes outside its arrays and crashes the process later, far from
the bad write. The draft passed each part's segment range as ``lo``, ``hi``, the names
``clipped_counts`` reuses for each text's token bounds (``lo, hi = offsets[s],
offsets[s + 1]``), so inside the loop the range was overwritten and ``out[s - lo]``
wrote outside ``out`` (the segfault). (2) A dispatcher compiled in two threads at once:
the parts' first calls could compile or load the same kernel in a worker and in the
caller together (the suspected cause of the LLVM assertion; not reproduced). The
kernels now take the whole corpus and a range under their own names (``start``,
``stop``), read the inputs only, own every scratch array, and write only their own
segments' entries of a shared output. A dispatcher is never compiled, or
its cache loaded, from a worker: :func:`run_parts` makes sure in the calling thread,
under this module's lock, that the dispatcher has machine code for the arguments' types
(numba's own lock covers compiling; this also keeps two callers from starting the same
compile and keeps the worker threads to the nogil machine code). The inputs stay alive
(the caller holds them, and numpy views of arrow memory hold their arrow buffers) until
every part is done. A child process after ``fork`` starts its own pool.

The thresholds' measurements (plain, arrays and compiled, side by side, with the load) are in
``benchmarks/README.md``, section "Where the compiled kernels pay"; the threads' are
``benchmarks/run.py``'s and ``benchmarks/nist.py``'s ``_1_thread`` rows beside the default ones,
and ``benchmarks/threads.py`` (the calling thread's CPU time: what a shared machine does
not blur), section "Two cores".
"""
from __future__ import annotations

import math
import os
import sys
from contextlib import contextmanager
from contextvars import ContextVar
from threading import Lock
from types import FunctionType, ModuleType
from typing import Any, Callable, ContextManager, Dict, Iterator, List, Optional, Sequence

ENV_VAR = "NGRAM_CORE_COMPILED"
PLAIN_ENV_VAR = "NGRAM_CORE_PLAIN"
LARGE_INPUT_TOKENS = 2_000_000  # one call this large runs compiled
# the same for steps whose plain form is Python loops (METEOR 1.5's matcher and beam; measured above)
LOOPS_LARGE_INPUT_TOKENS = 30_000
# ... and from which the loops pay for compiling them where numba's cache does not hold them yet
LOOPS_COLD_CACHE_TOKENS = 400_000
# rows of statistics from which a loop over them (BLEU's reference lengths and row scores,
# ngram_core/bleu/row.py) runs compiled: a row takes about 4 us in Python, numba's start
# 0.5-0.6 s of CPU (30,000 rows: 116 ms plain, 570-620 ms compiled in a fresh process)
ROW_LOOPS_LARGE_INPUT_ROWS = 150_000
LONG_RUNNING_CALLS = 300  # after this many tokenized corpora the process is long-running
PLAIN_INPUT_CHARS = 1_000_000  # up to this many characters plain Python beats importing the array code (below)
PLAIN_INPUT_CHARS_LOADED = 30_000  # ... and beats the array code once numpy and pyarrow are imported (below)
THREADS_ENV_VAR = "NGRAM_CORE_THREADS"
# from this many tokens a compiled step splits over the cores: a part's work is then milliseconds
# (BLEU's clipped counts take about 40 ns a token), against tens of microseconds to hand it to a thread
PARALLEL_INPUT_TOKENS = 200_000

_long_running = False
_loaded = False  # the kernels module was loaded by kernels() in this process
_calls = 0
_said_cold = False  # the cold-cache line was said in this process
_compiled_loops: Dict[str, ModuleType] = {}  # compile_loops's modules, by the plain module's name
_COMPILE_LOCK = Lock()


class _Setting:
    """A choice this process can fix: True, False, or None (the rule), and where it is
    not fixed, the environment variable ``env_var`` (``1``, ``0``, ``auto`` or unset)."""

    def __init__(self, function: str, argument: str, env_var: str, meaning: str) -> None:
        self.function, self.argument, self.env_var, self.meaning = function, argument, env_var, meaning
        self.value: Optional[bool] = None

    def prefer(self, value: Optional[bool]) -> None:
        if value is not None and not isinstance(value, bool):
            raise TypeError(f"{self.function}({self.argument}={value!r}) takes True, False or None")
        self.value = value

    @contextmanager
    def preferring(self, value: Optional[bool]) -> Iterator[None]:
        before = self.value
        self.prefer(value)
        try:
            yield
        finally:
            self.prefer(before)

    def get(self) -> Optional[bool]:
        if self.value is not None:
            return self.value
        value = os.environ.get(self.env_var, "auto").strip().lower()
        if value in ("", "auto"):
            return None
        if value in ("1", "true", "yes"):
            return True
        if value in ("0", "false", "no"):
            return False
        raise ValueError(f"{self.env_var}={value!r} is not understood; set it to {self.meaning} or auto")


_COMPILED = _Setting("prefer", "compiled", ENV_VAR, "1 (compiled), 0 (array code)")
_PLAIN = _Setting("prefer_plain", "plain", PLAIN_ENV_VAR, "1 (plain Python wherever offered), 0 (never)")


def prefer(compiled: Optional[bool]) -> None:
    """Always compiled (True), never (False), or back to the rule (None), for this process."""
    _COMPILED.prefer(compiled)


def preferring(compiled: Optional[bool]) -> ContextManager[None]:
    """:func:`prefer` within a ``with`` block, then the setting before it again."""
    return _COMPILED.preferring(compiled)


def long_running() -> None:
    """Say that this process will score batch after batch: compile once, then run compiled.

    For loops that score many small batches (RL rewards, pairwise comparisons): from the
    next call on, every step runs compiled (a setting, :func:`prefer` or
    ``NGRAM_CORE_COMPILED``, still wins)."""
    global _long_running
    _long_running = True


def prefer_plain(plain: Optional[bool]) -> None:
    """Plain Python wherever a metric offers it (True), never (False: the array code or
    compiled), or back to the rule (None), for this process."""
    _PLAIN.prefer(plain)


def preferring_plain(plain: Optional[bool]) -> ContextManager[None]:
    """:func:`prefer_plain` within a ``with`` block, then the setting before it again."""
    return _PLAIN.preferring(plain)


def setting() -> Optional[bool]:
    """The setting in force: :func:`prefer`'s, else ``NGRAM_CORE_COMPILED``'s, else None (the rule)."""
    return _COMPILED.get()


def plain_setting() -> Optional[bool]:
    """:func:`prefer_plain`'s setting, else ``NGRAM_CORE_PLAIN``'s, else None (the rule)."""
    return _PLAIN.get()


def arrays_loaded() -> bool:
    """Whether the array code's imports are paid: numpy and pyarrow are imported in this
    process (by an earlier call, or by anything else the process runs)."""
    return "numpy" in sys.modules and "pyarrow" in sys.modules


def plain_limit() -> float:
    """The most characters a call may hold and still run in plain Python (where its
    metric offers it): by a setting (:func:`plain_setting`) infinite or -1; else -1 where
    the rule runs compiled (a setting, or a long-running process), :data:`PLAIN_INPUT_CHARS`,
    or :data:`PLAIN_INPUT_CHARS_LOADED` once :func:`arrays_loaded`."""
    chosen = plain_setting()
    if chosen is not None:
        return math.inf if chosen else -1
    if use():
        return -1
    return PLAIN_INPUT_CHARS_LOADED if arrays_loaded() else PLAIN_INPUT_CHARS


def plain(chars: int) -> bool:
    """True if a call on texts of ``chars`` characters should run in plain Python (:func:`plain_limit`)."""
    return chars <= plain_limit()


def use(tokens: int = 0, large: int = LARGE_INPUT_TOKENS) -> bool:
    """True if a step on an input of ``tokens`` tokens should run compiled (the rule above;
    steps that do not know the input's size pass nothing and follow the process's state).
    ``large``: the step's own size from which one call runs compiled
    (:data:`LARGE_INPUT_TOKENS`, or :data:`LOOPS_LARGE_INPUT_TOKENS` for Python loops)."""
    chosen = setting()
    if chosen is not None:
        return chosen
    return _loaded or _long_running or _calls >= LONG_RUNNING_CALLS or tokens >= large


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


# The size of the call under way (one_call), which every step that weighs its input weighs
# instead of its own; None outside one_call. A context variable: a thread the call hands
# work to sees it when the work runs in the call's context (contextvars.copy_context()).
_call_tokens: ContextVar[Optional[int]] = ContextVar("ngram_core_call_tokens", default=None)


@contextmanager
def one_call(tokens: int, kernels: Sequence[ModuleType] = ()) -> Iterator[None]:
    """Within the block, :func:`loops` and :func:`loops_compiled` weigh ``tokens`` (the
    whole call's input) instead of the size each step passes: a call whose steps weigh
    different things (METEOR 1.5's matcher, search and paraphrase finder) runs them all
    plain or all compiled, as the process's state allows. ``kernels``: the modules of loops
    the call runs; where only its size would compile them and none is in numba's cache
    (:func:`cached`), a call below :data:`LOOPS_COLD_CACHE_TOKENS` weighs as a small one."""
    if kernels and _cold_cache_runs_plain(tokens, kernels):
        tokens = 0
    reset = _call_tokens.set(tokens)
    try:
        yield
    finally:
        _call_tokens.reset(reset)


def _cold_cache_runs_plain(tokens: int, kernels: Sequence[ModuleType]) -> bool:
    global _said_cold
    if (not LOOPS_LARGE_INPUT_TOKENS <= tokens < LOOPS_COLD_CACHE_TOKENS or setting() is not None
            or use(0, LOOPS_LARGE_INPUT_TOKENS)):  # the setting or the process's state decides
        return False
    if any(cached(module) for module in kernels):
        return False
    if not _said_cold:
        _said_cold = True
        import logging

        logging.getLogger("ngram_core").warning(
            f"ngram-core: {tokens:,} words run in plain Python: the compiled loops are not in numba's cache on this "
            "machine yet, and compiling them (about 10 s) costs more than it saves here; NGRAM_CORE_COMPILED=1 "
            "compiles and caches them once, for faster runs after it.")
    return True


def cached(module: ModuleType) -> bool:
    """Whether numba's cache holds machine code of ``module``'s loops for their present source
    (imports numba, compiles nothing); True where numba's cache cannot be read this way."""
    with _COMPILE_LOCK:
        if module.__name__ not in _compiled_loops:
            _compiled_loops[module.__name__] = _njit_module(module)
        compiled_module = _compiled_loops[module.__name__]
    try:
        return any(bool(function._cache._cache_file._load_index()) for function in vars(compiled_module).values()
                   if hasattr(function, "_cache"))
    except Exception:  # numba's cache internals (numba.core.caching) moved: compile as before  # noqa: BLE001
        return True


def loops_compiled(tokens: int = 0, work: int = 0) -> bool:
    """Whether a step whose plain form is Python loops runs compiled: :func:`use` with
    :data:`LOOPS_LARGE_INPUT_TOKENS`, weighing the call's size within :func:`one_call`,
    or ``work`` if that is more: the step's own bound on its loops, counted in words of
    real text, where degenerate input makes far more of them than it has words
    (METEOR 1.5's matcher and search on a line of one word repeated: ``the`` x 2,000
    against ``the`` x 1,999 took 8 s plain, 0.1 s compiled)."""
    call = _call_tokens.get()
    return use(max(tokens if call is None else call, work), LOOPS_LARGE_INPUT_TOKENS)


def loops(module: ModuleType, tokens: int = 0, work: int = 0) -> ModuleType:
    """``module``, a module of plain-Python loops over numpy arrays (no numba import), or
    the same functions compiled by numba (:func:`compile_loops`) where
    :func:`loops_compiled` says so for an input of ``tokens`` tokens (and ``work``)."""
    if loops_compiled(tokens, work):
        return compile_loops(module)
    return module


def compile_loops(module: ModuleType) -> ModuleType:
    """The functions of ``module`` compiled by numba (``njit(cache=True, nogil=True)``,
    machine code cached on disk: :mod:`ngram_core.numba_cache`), once per process, as a
    module of the same names; in it the functions call each other compiled (the names
    in ``module.COMPILE_INLINE`` are inlined into their callers, and each name of the
    mapping ``module.COMPILED_AS`` is the compiled function it maps to: the allocations
    of loops that run plain on Python lists and compiled on arrays). Later calls of
    :func:`use` then answer True: the start is paid."""
    global _loaded
    with _COMPILE_LOCK:
        if module.__name__ not in _compiled_loops:
            _compiled_loops[module.__name__] = _njit_module(module)
        _loaded = True
        return _compiled_loops[module.__name__]


def _njit_module(module: ModuleType) -> ModuleType:
    import numba  # the compiled path only

    from . import numba_cache

    numba_cache.register()
    inline = set(getattr(module, "COMPILE_INLINE", ()))
    compiled_as = dict(getattr(module, "COMPILED_AS", {}))
    functions = {name: f for name, f in vars(module).items()
                 if isinstance(f, FunctionType) and f.__module__ == module.__name__}
    # the same code under globals in which the module's functions are the compiled ones
    namespace = dict(vars(module))
    compiled_module = ModuleType(f"{module.__name__}[compiled]", module.__doc__)
    for name, f in functions.items():
        if name in compiled_as:
            continue
        copy = FunctionType(f.__code__, namespace, f.__name__, f.__defaults__, f.__closure__)
        copy.__qualname__, copy.__module__, copy.__doc__ = f.__qualname__, f.__module__, f.__doc__
        options = {"inline": "always"} if name in inline else {}
        namespace[name] = numba.njit(cache=True, nogil=True, **options)(copy)
        setattr(compiled_module, name, namespace[name])
    for name, target in compiled_as.items():
        namespace[name] = namespace[target]
        setattr(compiled_module, name, namespace[target])
    return compiled_module


_threads: Optional[int] = None  # set_threads' setting
_pool: Any = None  # the process's worker threads (concurrent.futures.ThreadPoolExecutor), made on first need
_pool_size = 0
_POOL_LOCK = Lock()


def set_threads(n: Optional[int]) -> None:
    """Split large compiled steps over ``n`` threads (1: never split), or back to the rule
    (None), for this process (:func:`threads`)."""
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 1):
        raise TypeError(f"set_threads(n={n!r}) takes a number of threads >= 1, or None (the rule)")
    global _threads
    _threads = n


def threads_setting() -> Optional[int]:
    """:func:`set_threads`' setting, else ``NGRAM_CORE_THREADS``'s, else None (the rule)."""
    if _threads is not None:
        return _threads
    value = os.environ.get(THREADS_ENV_VAR, "auto").strip().lower()
    if value in ("", "auto"):
        return None
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"{THREADS_ENV_VAR}={value!r} is not understood; set it to a number of threads (1: one "
                         "thread, the single-core figures) or auto")
    return int(value)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except AttributeError:  # (not on every platform)
        return max(os.cpu_count() or 1, 1)


def threads(tokens: int = 0) -> int:
    """How many threads a compiled step on ``tokens`` tokens splits over (the rule in the
    module docstring): a setting, else :func:`cores` from :data:`PARALLEL_INPUT_TOKENS`
    tokens on, else 1."""
    chosen = threads_setting()
    if chosen is not None:
        return chosen
    return cores() if tokens >= PARALLEL_INPUT_TOKENS else 1


def _forget_pool() -> None:  # in a child after fork: the parent's worker threads are not there
    global _pool, _pool_size
    _pool, _pool_size = None, 0


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pool)


def _workers(n: int):
    """The process's pool, with at least ``n`` worker threads."""
    global _pool, _pool_size
    with _POOL_LOCK:
        if _pool is None or _pool_size < n:
            from concurrent.futures import ThreadPoolExecutor

            old = _pool
            _pool, _pool_size = ThreadPoolExecutor(n, thread_name_prefix="ngram_core"), n
            if old is not None:
                old.shutdown(wait=False)  # (its queued parts still run)
        return _pool


def ready(kernel: Any, args: Sequence[Any]) -> None:
    """Make sure the numba dispatcher ``kernel`` has machine code for ``args``' types,
    compiling or loading it from the cache here, in the calling thread, under this
    module's lock: so no worker thread ever compiles."""
    types = tuple(kernel.typeof_pyval(a) for a in args)
    if types not in kernel.overloads:
        with _COMPILE_LOCK:
            if types not in kernel.overloads:
                kernel.compile(types)


def run_in_threads(function: Callable[..., Any], parts: Sequence[Sequence[Any]]) -> List[Any]:
    """``[function(*args) for args in parts]``, the parts at once: the first in the calling
    thread, the others in the process's worker threads (concurrent callers share them; a
    part never waits for another). ``function`` must let go of the GIL for the parts to
    overlap (a nogil kernel, pyarrow's compute functions) and the parts must not write the
    same memory."""
    if len(parts) == 1:
        return [function(*parts[0])]
    pool = _workers(len(parts) - 1)
    futures = [pool.submit(function, *args) for args in parts[1:]]
    try:
        first = function(*parts[0])
    finally:
        rest = [future.result() for future in futures]  # (every part done before the inputs may go)
    return [first] + rest


def run_parts(kernel: Callable[..., Any], parts: Sequence[Sequence[Any]]) -> List[Any]:
    """:func:`run_in_threads` for a nogil numba dispatcher ``kernel``, made ready first
    for every part's arguments (:func:`ready`)."""
    if len(parts) == 1:  # (in this thread: no need to type the arguments first, 0.1 ms on a small call)
        return [kernel(*parts[0])]
    for args in parts:
        ready(kernel, args)
    return run_in_threads(kernel, parts)


def split_points(weights: Any, parts: int) -> List[int]:
    """``parts + 1`` bounds 0 = b0 <= b1 <= ... = len(weights) that cut ``weights`` (an
    int64 array of each item's work) into runs of about equal work."""
    from .lazy import np

    total = np.cumsum(weights)
    whole = int(total[-1]) if len(total) else 0
    inner = [int(np.searchsorted(total, whole * k // parts, side="left")) for k in range(1, parts)]
    return [0] + inner + [len(weights)]


def reset() -> None:
    """Forget the setting, the declaration and the count (not the loaded kernels): for tests."""
    global _long_running, _calls
    _COMPILED.prefer(None)
    _long_running, _calls = False, 0
    set_threads(None)
