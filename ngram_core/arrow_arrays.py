"""pyarrow arrays of strings and integers built from their buffers, without pandas.

``pa.array`` and ``Array.to_numpy`` import pandas whenever pandas is installed,
whatever they are given (pyarrow's conversion layer looks pandas up once, for its
missing-value sentinels): about 0.15-0.2 s and 100 MiB, most of what a one-off
``corpus_bleu`` in a fresh process spent on imports. The core's arrays are plain
strings, integers and booleans without nulls, so they are built from, and read as,
their buffers here, which needs nothing but pyarrow and numpy
(``tests/core/test_first_call.py`` pins that scoring a corpus leaves pandas unimported).

Encoding the strings one by one in Python costs about 0.1 us a string more than
``pa.array``'s C loop (7.3 against 2.6 ms for the 50,770 distinct texts of METEOR 1.5's
benchmark corpus, 22 against 8 ms for 152,310), against 0.17-0.36 s for pandas' import,
so ``pa.array`` is used from :data:`PYARROW_CONVERTS_FROM` strings on, or once pandas is
imported anyway. The arrays are the same either way.

Every pyarrow call of the core allocates from :func:`pool`, the C library's allocator,
not from pyarrow's default pool (mimalloc), which keeps its freed pages: a one-off
``corpus_bleu`` of one test set (2,037 segments) peaked at 122 MiB with the default pool
and 96 MiB with this one, in the same time (``benchmarks/README.md``). The choice is
per call: the process's default pool is left as it is.
"""
from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np
import pyarrow as pa

_OFFSET_TYPE = {pa.string(): np.int32, pa.large_string(): np.int64}
PYARROW_CONVERTS_FROM = 2_000_000  # strings: from here on, pa.array builds them


def pool() -> pa.MemoryPool:
    """The memory pool the core's pyarrow calls allocate from (``memory_pool=pool()``)."""
    return pa.system_memory_pool()


def strings(values: Sequence[str], type: pa.DataType = pa.large_string()) -> pa.Array:
    """``pa.array(values, type=type)`` for Python strings (``type``: string or large_string)."""
    offset_type = _OFFSET_TYPE.get(type)
    if offset_type is None:
        raise TypeError(f"type={type} is not supported; use pa.string() or pa.large_string()")
    if len(values) >= PYARROW_CONVERTS_FROM or (len(values) > 1000 and "pandas" in sys.modules):
        return pa.array(values, type=type, memory_pool=pool())
    encoded = list(map(str.encode, values))  # (UTF-8)
    offsets = np.zeros(len(encoded) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, encoded), dtype=np.int64, count=len(encoded)), out=offsets[1:])
    if offset_type is np.int32 and offsets[-1] > np.iinfo(np.int32).max:
        raise ValueError(f"{offsets[-1]} bytes of text do not fit pa.string()'s 32-bit offsets; use pa.large_string()")
    return pa.Array.from_buffers(type, len(encoded), [None, pa.py_buffer(offsets.astype(offset_type, copy=False)),
                                                      pa.py_buffer(b"".join(encoded))])


def string_scalar(value: str, type: pa.DataType = pa.large_string()) -> pa.Scalar:
    """``pa.scalar(value, type)`` for a Python string (which would import pandas too)."""
    return strings([value], type)[0]


def int64s(values) -> pa.Array:
    """``pa.array(values, type=pa.int64())`` for a numpy array or list of integers."""
    data = np.ascontiguousarray(values, dtype=np.int64)
    return pa.Array.from_buffers(pa.int64(), len(data), [None, pa.py_buffer(data)])


def booleans(values) -> pa.Array:
    """``pa.array(values, type=pa.bool_())`` for a numpy array or list of booleans."""
    data = np.ascontiguousarray(values, dtype=bool)
    return pa.Array.from_buffers(pa.bool_(), len(data), [None, pa.py_buffer(np.packbits(data, bitorder="little"))])


def to_numpy(array: pa.Array) -> np.ndarray:
    """``array.to_numpy(zero_copy_only=False)`` for integers or booleans without nulls
    (integers: a read-only view of the arrow memory; booleans: a new bool array)."""
    if array.null_count:
        raise ValueError(f"to_numpy reads arrays without nulls; this one has {array.null_count}")
    kind = array.type
    data = array.buffers()[1]
    if pa.types.is_boolean(kind):
        bits = np.frombuffer(data, dtype=np.uint8) if data is not None else np.zeros(0, dtype=np.uint8)
        return np.unpackbits(bits, bitorder="little")[array.offset : array.offset + len(array)].astype(bool)
    if not pa.types.is_integer(kind):
        raise TypeError(f"to_numpy reads integer or boolean arrays, not {kind}")
    dtype = np.dtype(str(kind))
    if data is None:
        return np.zeros(0, dtype=dtype)
    return np.frombuffer(data, dtype=dtype, count=len(array), offset=array.offset * dtype.itemsize)
