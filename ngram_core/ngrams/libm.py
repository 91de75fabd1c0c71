"""exp, log and pow of float64 arrays by the C library, as the tools we reproduce compute them.

sacreBLEU and NLTK call Python's ``math.exp``/``math.log`` and mteval calls Perl's,
all of which are the C library's (glibc's) functions. numpy's own ``np.exp``,
``np.log`` and ``np.power`` are not: on a CPU with AVX-512 numpy runs its SIMD
implementations, which differ from the C library's in the last bit for a few
percent of arguments (measured on an AVX-512 EPYC: 46,223 of 1,000,000 ``exp`` and
3,534 of 1,000,000 ``log`` results), and on other CPUs it calls the C library. Array
code that must give a tool's numbers to the last bit on every machine calls these
instead: Python's ``math`` over the elements, or, where
:func:`ngram_core.compiled.use` says so, compiled loops over the same ``math`` functions,
which numba lowers to the C library's (``tests/core/test_exp_and_log_equal_the_c_library.py`` checks both against
``math`` on a million arguments; numba would use Intel's SVML instead only with
``icc_rt`` installed, which the test would catch).
"""
from __future__ import annotations

import math
from typing import Callable

import numpy as np

from .. import compiled


# what the compiled loops (and numpy) give where Python's math raises instead
def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return math.inf


def _log(x: float) -> float:
    return math.log(x) if x > 0 else (-math.inf if x == 0 else math.nan)


def _pow(base: float, exponent: float) -> float:
    try:
        return math.pow(base, exponent)
    except OverflowError:
        return math.inf
    except ValueError:  # a negative base to a fractional power, 0 to a negative one
        return math.inf if base == 0 else math.nan


def _apply(function: Callable[..., float], kernel_name: str, *operands) -> np.ndarray:
    """``function`` (a ``math`` call) on every element of the operands, broadcast as numpy
    does: the compiled loop ``kernel_name`` of :mod:`ngram_core.ngrams.kernels` where
    :func:`ngram_core.compiled.use` says so, else Python over the elements."""
    shape = np.broadcast_shapes(*(np.shape(x) for x in operands))
    # writeable contiguous copies (a broadcast view makes numba's first type check warn)
    flat = [np.array(np.broadcast_to(np.asarray(x, dtype=np.float64), shape)).ravel() for x in operands]
    if compiled.use():
        out = getattr(compiled.kernels(), kernel_name)(*flat)
    else:
        out = np.fromiter(map(function, *(f.tolist() for f in flat)), dtype=np.float64, count=flat[0].size)
    return out.reshape(shape)


def exp(values) -> np.ndarray:
    """``math.exp`` of every element (float64, same shape)."""
    return _apply(_exp, "libm_exp", values)


def log(values) -> np.ndarray:
    """``math.log`` of every element (float64, same shape); -inf at 0 and nan below, as ``np.log``."""
    return _apply(_log, "libm_log", values)


def power(bases, exponents) -> np.ndarray:
    """``math.pow`` (C's ``pow``) elementwise, broadcasting as numpy does (float64)."""
    return _apply(_pow, "libm_pow", bases, exponents)
