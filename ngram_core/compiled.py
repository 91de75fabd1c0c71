"""When the core runs its compiled (numba) kernels rather than numpy and Python.

numba costs a process about 0.8 s once: its import, then the first call, which loads
the cached machine code (measured here: 0.34 s + 0.50 s); after that a compiled call
costs microseconds. So the kernels are taken where they pay:

- always for small inputs (a reward computed batch after batch: the cost is paid once,
  and numpy's fixed cost per call would dominate every call) and for BLEU's clipped
  n-gram counts (several times faster than the array code on a whole corpus too);
- for the steps that take milliseconds either way (reference lengths, sacreBLEU's
  scores of rows, the C library's exp/log/pow over arrays), only once numba is loaded.

Either way the numbers are the same to the last bit (``tests/test_small_kernels.py``):
this only decides whether a one-off run, such as ``ngram-score`` on a large corpus
through the shared n-gram index, pays numba's start for nothing.
"""
from __future__ import annotations

import sys


def warm() -> bool:
    """True once numba is loaded in this process (a compiled kernel has run, or is about to)."""
    return "numba" in sys.modules
