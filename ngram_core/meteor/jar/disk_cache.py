# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""Arrays derived from a shipped resource, kept on disk uncompressed so that a later
process maps them instead of computing them again (METEOR 1.5's paraphrase table: its
decompressed arrays, 0.3-0.6 s of CPU to inflate, and its hash index, 0.2-0.5 s to build;
mapped, a few milliseconds).

A cache file is written by the first process that computes the arrays and read by the
processes after it, for the same resource file (its size and modification time, and
this module's :data:`VERSION`, are in the file's header: a rebuilt or reinstalled
resource makes a new cache file). Nothing downloads: the arrays come from the shipped
files. Where the file goes, first writable wins:

1. ``NGRAM_CORE_CACHE_DIR``, if set (empty, ``0`` or ``off``: no disk cache at all, every
   process computes the arrays as before);
2. ``$XDG_CACHE_HOME/ngram-core``, else ``~/.cache/ngram-core``;
3. ``<temporary directory>/ngram-core-<user id>`` (a read-only home).

Safe for processes that start together: each writes its own temporary file in the
folder and renames it onto the cache file's name (``os.replace``, atomic), so a reader
sees a whole file or none; a file that does not match its header (truncated, another
version, another resource) is ignored and written again. Where no folder is writable the
arrays are simply computed in every process. A cache file is mapped copy-on-write
(``mmap.ACCESS_COPY``): the arrays are writable, as computed ones, and nothing written
to them reaches the file.
"""
from __future__ import annotations

import json
import mmap
import os
import tempfile
from pathlib import Path
from typing import Dict, Iterator, Optional

import numpy as np

ENV_VAR = "NGRAM_CORE_CACHE_DIR"
VERSION = 1
MAGIC = b"ngram-core cached arrays\n"
_ALIGN = 64  # every array starts at a multiple of this many bytes


def folders() -> Iterator[Path]:
    """Where cache files may be, in the order tried (see the module docstring)."""
    chosen = os.environ.get(ENV_VAR)
    if chosen is not None:
        if chosen.strip().lower() not in ("", "0", "off"):
            yield Path(chosen)
        return
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        yield Path(xdg) / "ngram-core"
    else:
        try:
            yield Path.home() / ".cache" / "ngram-core"
        except RuntimeError:  # no home directory
            pass
    user = os.getuid() if hasattr(os, "getuid") else os.environ.get("USERNAME", "user")
    yield Path(tempfile.gettempdir()) / f"ngram-core-{user}"


def _identity(name: str, source: Path) -> dict:
    stat = source.stat()
    return {"name": name, "version": VERSION, "source_size": stat.st_size, "source_mtime_ns": stat.st_mtime_ns}


def _aligned(n: int) -> int:
    return -(-n // _ALIGN) * _ALIGN


def _file_name(name: str) -> str:
    return f"{name}.v{VERSION}.arrays"


def load(name: str, source: Path) -> Optional[Dict[str, np.ndarray]]:
    """The arrays cached as ``name`` from ``source`` (a resource file), or None where no
    folder holds a cache file that matches ``source`` as it is now."""
    identity = _identity(name, source)
    for folder in folders():
        path = folder / _file_name(name)
        try:
            with open(path, "rb") as f:
                mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_COPY)
        except (OSError, ValueError):  # missing, unreadable, or empty (ValueError: cannot map)
            continue
        arrays = _parse(mapped, identity)
        if arrays is not None:
            return arrays
    return None


def _parse(mapped: mmap.mmap, identity: dict) -> Optional[Dict[str, np.ndarray]]:
    if mapped[:len(MAGIC)] != MAGIC:
        return None
    end = mapped.find(b"\n", len(MAGIC))
    try:
        header = json.loads(bytes(mapped[len(MAGIC):end])) if end >= 0 else None
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("identity") != identity or header.get("size") != len(mapped):
        return None
    arrays = {}
    for field, dtype, shape, offset in header["arrays"]:
        dtype = np.dtype(dtype)
        count = int(np.prod(shape, dtype=np.int64))
        if offset + count * dtype.itemsize > len(mapped):
            return None
        arrays[field] = np.frombuffer(mapped, dtype=dtype, count=count, offset=offset).reshape(shape)
    return arrays


def store(name: str, source: Path, arrays: Dict[str, np.ndarray]) -> Optional[Path]:
    """Write ``arrays`` as the cache ``name`` of ``source`` in the first writable folder
    (a temporary file renamed onto the cache file); the path written, or None where no
    folder could take it (the arrays are then computed again by the next process)."""
    identity = _identity(name, source)
    arrays = {field: np.ascontiguousarray(a) for field, a in arrays.items()}
    # the offsets are written in the header: lay the arrays out after room for it (the
    # header without offsets, and 40 digits per number that grows)
    bare = json.dumps({"identity": identity, "size": 0, "arrays": [[f, a.dtype.str, list(a.shape), 0]
                                                                  for f, a in arrays.items()]})
    header_room = _aligned(len(MAGIC) + len(bare) + 40 * (len(arrays) + 1) + 1)
    layout, at = [], header_room
    for field, a in arrays.items():
        layout.append([field, a.dtype.str, list(a.shape), at])
        at += _aligned(a.nbytes)
    head = MAGIC + json.dumps({"identity": identity, "size": at, "arrays": layout}).encode() + b"\n"
    head += b" " * (header_room - len(head))
    size = at
    for folder in folders():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder)
        except OSError:
            continue
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(head)
                for (field, dtype, shape, offset), a in zip(layout, arrays.values()):
                    f.seek(offset)
                    f.write(a.reshape(-1).view(np.uint8))
                f.truncate(size)
            path = folder / _file_name(name)
            os.replace(tmp, path)
            return path
        except OSError:
            try:
                os.unlink(tmp)
            except OSError:
                pass
    return None
