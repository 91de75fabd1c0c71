"""Reading the command line's text files as sacreBLEU does, with errors that name the file.

One segment per line: lines end at ``\\n`` only (a ``\\r`` or form feed inside a
line stays in it), trailing whitespace is stripped (sacreBLEU's ``line.rstrip()``),
a final newline does not start another segment. ``.gz`` files are read through
gzip. Problems (missing, unreadable or undecodable file, different line counts,
a wrong number of tab-separated references) raise :class:`InputError`, whose
message names the file, the line or the counts.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import BinaryIO, List, Optional, Sequence


class InputError(Exception):
    """Input the command line cannot use; the message says which file and why."""


def decode_lines(data: bytes, name: str, encoding: str = "utf-8", info=lambda message: None) -> List[str]:
    """The segments of ``data`` (the contents of ``name``).

    A UTF-8 byte-order mark stays in the first segment, as sacreBLEU reads it (so the
    numbers stay sacreBLEU's), with a message: ``-e utf-8-sig`` drops it.
    """
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as err:
        line = data[:err.start].count(b"\n") + 1
        raise InputError(f"{name}: cannot decode line {line} as {encoding} (byte 0x{data[err.start]:02x} at offset "
                         f"{err.start}); give the file's encoding with -e/--encoding") from None
    except LookupError:
        raise InputError(f"unknown encoding {encoding!r} (-e/--encoding); e.g. utf-8, latin-1") from None
    if text.startswith("\ufeff"):
        info(f"{name} starts with a UTF-8 byte-order mark (U+FEFF); it stays part of the first word, as sacreBLEU "
             "reads it; -e utf-8-sig drops it")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return [line.rstrip() for line in lines]


def read_lines(path: str, encoding: str = "utf-8", info=lambda message: None) -> List[str]:
    """The segments of the file at ``path``."""
    try:
        if path.endswith(".gz"):
            import gzip  # (on first need: most inputs are plain text)

            with gzip.open(path, "rb") as handle:
                data = handle.read()
        else:
            with open(path, "rb") as handle:
                data = handle.read()
    except FileNotFoundError:
        raise InputError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise InputError(f"{path}: is a directory, not a text file") from None
    except (OSError, EOFError) as err:
        raise InputError(f"{path}: cannot read it ({err.strerror if getattr(err, 'strerror', None) else err})") from None
    return decode_lines(data, path, encoding, info)


@dataclass
class Inputs:
    """What the files hold: references per segment, the systems' outputs and their names."""

    references: List[List[str]]  # one list of references per segment
    systems: List[List[str]]
    names: List[str]
    n_refs: int


def read_references(paths: Sequence[str], num_refs: int = 1, encoding: str = "utf-8",
                    info=lambda message: None) -> List[List[str]]:
    """One list of references per segment: one file per reference, or ``num_refs``
    tab-separated references per line of a single file (``-nr``)."""
    if not paths:
        raise InputError("no reference file given: put the reference file(s) before -i, e.g. "
                         "ngram-score ref.txt -i system.txt")
    if num_refs < 1:
        raise InputError(f"-nr/--num-refs must be 1 or more, got {num_refs}")
    if num_refs > 1:
        if len(paths) > 1:
            raise InputError(f"-nr/--num-refs {num_refs} reads tab-separated references from one file, "
                             f"but {len(paths)} reference files were given")
        segments = []
        for number, line in enumerate(read_lines(paths[0], encoding, info), 1):
            fields = line.split("\t", num_refs - 1)
            if len(fields) != num_refs:
                raise InputError(f"{paths[0]}: line {number} has {len(fields)} tab-separated field(s) but "
                                 f"-nr/--num-refs is {num_refs}")
            segments.append(fields)
        return segments
    streams = [read_lines(path, encoding, info) for path in paths]
    for path, stream in zip(paths[1:], streams[1:]):
        if len(stream) != len(streams[0]):
            raise InputError(f"{path} has {len(stream)} lines but {paths[0]} has {len(streams[0])}: every "
                             "reference file must have one line per segment")
    return [list(segment) for segment in zip(*streams)]


def read_systems(paths: Optional[Sequence[str]], paired: bool, encoding: str = "utf-8",
                 stdin: Optional[BinaryIO] = None, info=lambda message: None):
    """(outputs, names) of the systems: one file each (``-i``), or tab-separated
    columns of standard input. In a paired test a file given again as the baseline
    is skipped, as sacreBLEU does; any other repeated name is an error."""
    if paths is None:
        stream = stdin if stdin is not None else sys.stdin.buffer
        rows = [line.split("\t") for line in decode_lines(stream.read(), "<stdin>", encoding, info)]
        if not rows:
            raise InputError("<stdin> is empty: give system outputs with -i FILE or on standard input")
        width = len(rows[0])
        for number, row in enumerate(rows, 1):
            if len(row) != width:
                raise InputError(f"<stdin>: line {number} has {len(row)} tab-separated field(s) but line 1 has "
                                 f"{width} (one column per system)")
        outputs = [[row[j].rstrip() for row in rows] for j in range(width)]
        names = [f"System {j + 1}" for j in range(width)]
        return outputs, names
    if not paths:
        raise InputError("-i/--input needs at least one system file")
    outputs, names = [], []
    for path in paths:
        if path in names:
            if paired and path == names[0]:
                info(f"ignoring {path!r}: it is also the baseline")
                continue
            raise InputError(f"{path} is given twice: give every system once")
        outputs.append(read_lines(path, encoding, info))
        names.append(path)
    return outputs, names


def check_line_counts(references: List[List[str]], reference_name: str, outputs: List[List[str]],
                      names: List[str]) -> None:
    """Every system must have one line per reference segment, and there must be segments."""
    for name, output in zip(names, outputs):
        if len(output) != len(references):
            raise InputError(f"{name} has {len(output)} lines but {reference_name} has {len(references)}: a "
                             "system needs one line per reference segment")
    if not references:
        raise InputError(f"{reference_name} is empty: there is nothing to score")


def read_inputs(ref_paths: Sequence[str], system_paths: Optional[Sequence[str]], num_refs: int = 1,
                encoding: str = "utf-8", paired: bool = False, stdin: Optional[BinaryIO] = None,
                info=lambda message: None) -> Inputs:
    """References and systems from the command line's files, checked."""
    references = read_references(ref_paths, num_refs, encoding, info)
    outputs, names = read_systems(system_paths, paired, encoding, stdin, info)
    check_line_counts(references, ref_paths[0] if ref_paths else "the references", outputs, names)
    return Inputs(references, outputs, names, max(len(r) for r in references))
