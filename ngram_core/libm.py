"""exp, log and pow of float64 arrays by the C library, as the tools we reproduce compute them.

sacreBLEU and NLTK call Python's ``math.exp``/``math.log`` and mteval calls Perl's,
all of which are the C library's (glibc's) functions. numpy's own ``np.exp``,
``np.log`` and ``np.power`` are not: on a CPU with AVX-512 numpy runs its SIMD
implementations, which differ from the C library's in the last bit for a few
percent of arguments (measured on an AVX-512 EPYC: 46,223 of 1,000,000 ``exp`` and
3,534 of 1,000,000 ``log`` results), and on other CPUs it calls the C library. Array
code that must give a tool's numbers to the last bit on every machine calls these
instead: plain compiled loops over ``math`` functions, which numba lowers to the C
library's (without Intel's SVML, which numba uses only when ``icc_rt`` is installed;
``tests/test_libm.py`` checks them against ``math`` on a million arguments).

numba is imported with this module: import it inside the functions that need it.
"""
from __future__ import annotations

import math

import numba
import numpy as np


@numba.njit(cache=True, nogil=True)
def _exp(values):
    out = np.empty_like(values)
    for i in range(len(values)):
        out[i] = math.exp(values[i])
    return out


@numba.njit(cache=True, nogil=True)
def _log(values):
    out = np.empty_like(values)
    for i in range(len(values)):
        out[i] = math.log(values[i]) if values[i] > 0 else (-math.inf if values[i] == 0 else math.nan)
    return out


@numba.njit(cache=True, nogil=True)
def _pow(bases, exponents):
    out = np.empty_like(bases)
    for i in range(len(bases)):
        out[i] = math.pow(bases[i], exponents[i])
    return out


def _float64(values) -> np.ndarray:
    return np.asarray(values, dtype=np.float64)  # not ascontiguousarray: it turns 0-d into 1-d


def exp(values) -> np.ndarray:
    """``math.exp`` of every element (float64, same shape)."""
    x = _float64(values)
    return _exp(x.ravel()).reshape(x.shape)


def log(values) -> np.ndarray:
    """``math.log`` of every element (float64, same shape); -inf at 0 and nan below, as ``np.log``."""
    x = _float64(values)
    return _log(x.ravel()).reshape(x.shape)


def power(bases, exponents) -> np.ndarray:
    """``math.pow`` (C's ``pow``) elementwise, broadcasting as numpy does (float64)."""
    b, e = np.broadcast_arrays(_float64(bases), _float64(exponents))
    shape = b.shape
    return _pow(b.ravel(), e.ravel()).reshape(shape)  # ravel: contiguous copies of broadcast views
