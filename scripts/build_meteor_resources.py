#!/usr/bin/env python
"""Build METEOR 1.5's offline resources from ``meteor-1.5.jar`` (pycocoevalcap's wheel).

Usage (``pip install pycocoevalcap==1.2``, which ships the jar and the English
paraphrase table)::

    python scripts/build_meteor_resources.py [--jar PATH] [--out ngram_core/data]

Writes ``meteor15.txt.xz``, the jar's word lists exactly as the jar reads them: the lines
of ``function/<language>.words`` (function words), ``nonbreaking/<language>.prefixes``
(the normalizer's nonbreaking prefixes) and ``synonym/english.exceptions`` and
``synonym/english.synsets`` (the synonym module's WordNet 3.0 data; ``english.relations``
is never loaded by the jar, so it is left out). Lines are split as Java's ``readLine``
splits them (LF, CR or CR LF); each file becomes a section ``@<kind> <language> <number
of lines>`` followed by its lines. The licenses go beside it: ``meteor15.LICENSE``
(METEOR's, the GNU LGPL, whose text is read from ``--lgpl``) and
``meteor15-wordnet.LICENSE`` (the jar's ``synonym/COPYING.WORDNET``).

It also writes ``meteor15-paraphrase-en.bin.gz``, the English paraphrase table
(``data/paraphrase-en.gz`` next to the jar: 5,274,084 entries of probability, phrase,
paraphrase) as arrays, see :func:`paraphrase_arrays`. The probabilities are left out:
the jar does not read them (``ParaphraseTransducer`` skips the line; every paraphrase
match has ``prob = 1``).

The output is deterministic (xz preset 9 and gzip level 9, no timestamps), so a test can rebuild it and
compare bytes.
"""
from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import lzma
import re
import sys
import zipfile
from pathlib import Path
from typing import Dict, List, Tuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
from ngram_core.meteor.jar.paraphrase import MAGIC as PARAPHRASE_MAGIC, MAX_PHRASE, ParaphraseTable  # noqa: E402
TEXT_RESOURCE = "meteor15.txt.xz"
PARAPHRASE_RESOURCE = "meteor15-paraphrase-en.bin.gz"

LICENSE = "meteor15.LICENSE"
WORDNET_LICENSE = "meteor15-wordnet.LICENSE"
FUNCTION_LANGUAGES = ("english", "czech", "french", "spanish", "german", "russian", "portuguese", "danish",
                      "romanian", "hungarian", "turkish", "finnish", "dutch", "italian", "norwegian", "swedish",
                      "other", "arabic-buckwalter-reduced")
NONBREAKING_LANGUAGES = ("english", "czech", "french", "spanish", "german", "russian")
_JAVA_LINES = re.compile("\r\n|\r|\n")

LICENSE_HEADER = """\
METEOR 1.5 data (function words, nonbreaking prefixes, synonym files{paraphrase}),
converted by ngram-core's scripts/build_meteor_resources.py from meteor-1.5.jar{table}
as distributed in the pycocoevalcap 1.2 wheel.

METEOR: Michael Denkowski and Alon Lavie, Carnegie Mellon University,
https://github.com/cmu-mtlab/meteor. Its source files state: "This software is
distributed under the terms of the GNU Lesser General Public License"; the project's
repository has been licensed under the GNU LGPL v2.1 since 2015, whose text follows.
The nonbreaking prefix lists come from the Moses tokenizer (LGPL). The synonym files
are WordNet 3.0 data under WordNet's own license: see meteor15-wordnet.LICENSE.

"""


def java_lines(data: bytes) -> List[str]:
    """The lines Java's ``BufferedReader.readLine`` gives for UTF-8 ``data``."""
    text = data.decode("utf-8")
    lines = _JAVA_LINES.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def default_jar() -> Path:
    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None:
        raise SystemExit("pycocoevalcap is not installed: pip install pycocoevalcap==1.2, or give --jar")
    return Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"


def text_sections(jar: zipfile.ZipFile) -> List[Tuple[str, str, List[str]]]:
    sections = []
    for language in FUNCTION_LANGUAGES:
        sections.append(("function", language, java_lines(jar.read(f"function/{language}.words"))))
    for language in NONBREAKING_LANGUAGES:
        sections.append(("nonbreaking", language, java_lines(jar.read(f"nonbreaking/{language}.prefixes"))))
    for kind in ("exceptions", "synsets"):
        sections.append((f"synonym-{kind}", "english", java_lines(jar.read(f"synonym/english.{kind}"))))
    return sections


def render_text(sections) -> bytes:
    out = ["# METEOR 1.5 word lists from meteor-1.5.jar (see meteor15.LICENSE); built by scripts/build_meteor_resources.py"]
    for kind, language, lines in sections:
        out.append(f"@{kind} {language} {len(lines)}")
        out.extend(lines)
    return ("\n".join(out) + "\n").encode("utf-8")


def paraphrase_arrays(raw: bytes) -> Dict[str, np.ndarray]:
    """The paraphrase table (the uncompressed bytes of ``paraphrase-*.gz``) as arrays.

    The file is triples of lines: a probability, a phrase, a paraphrase of it; the jar
    splits phrases with ``StringTokenizer`` and, for each phrase, emits its paraphrases
    in file order. Arrays:

    - ``words``: the distinct words, sorted (UTF-8, one per line); a word's id is its index;
    - ``phrase_words`` (uint16, 7 x number of phrases, row by row): every distinct phrase
      or paraphrase as a column of word id + 1, 0-padded; phrases sorted by word ids (a
      phrase before its extensions), which makes the rows compress well;
    - ``group_phrase`` (uint32, as increments), ``group_size`` (uint16): each distinct
      phrase of the first column with the number of its entries, in file order (the
      file keeps a phrase's entries together);
    - ``entry_paraphrase`` (uint32): the paraphrase of each entry, in file order.
    """
    data = np.frombuffer(raw, dtype=np.uint8)
    if np.any(data == 13) or np.any(data == 9) or np.any(data == 12):
        raise ValueError("unexpected CR, tab or form feed in the paraphrase table: extend the reader")
    ends = np.flatnonzero(data == 10)
    if len(data) and data[-1] != 10:
        ends = np.append(ends, len(data))
    starts = np.concatenate([[0], ends[:-1] + 1])
    if len(starts) % 3:
        raise ValueError(f"{len(starts)} lines: not triples of probability, phrase, paraphrase")
    # every phrase line as a row of (word id + 1), 0-padded; words numbered as first seen
    first_seen: Dict[str, int] = {}
    rows = [_phrase_rows(data, starts[k:k + _CHUNK], ends[k:k + _CHUNK], first_seen)
            for k in range(0, len(starts), _CHUNK)]
    matrix = np.concatenate(rows)
    del rows
    words = sorted(first_seen)
    rank = np.zeros(len(words) + 1, dtype=np.uint16)  # first-seen id + 1 -> sorted id + 1
    rank[np.array([first_seen[w] for w in words]) + 1] = np.arange(1, len(words) + 1)
    matrix = rank[matrix]
    # distinct phrases, sorted by word ids (a phrase before its extensions): two 64-bit keys
    hi = np.zeros(len(matrix), dtype=np.uint64)
    lo = np.zeros(len(matrix), dtype=np.uint64)
    for column in range(MAX_PHRASE):
        key = hi if column < 4 else lo
        key <<= np.uint64(16)
        key |= matrix[:, column].astype(np.uint64)
    lo <<= np.uint64(16)
    order = np.lexsort((lo, hi))
    new = np.ones(len(order), dtype=bool)
    new[1:] = (hi[order][1:] != hi[order][:-1]) | (lo[order][1:] != lo[order][:-1])
    inverse = np.empty(len(order), dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    table = matrix[order[new]]
    ref_phrase, paraphrase = inverse[0::2], inverse[1::2]
    new_group = np.concatenate([[True], ref_phrase[1:] != ref_phrase[:-1]])
    group_phrase = ref_phrase[new_group]
    if np.any(np.diff(group_phrase) <= 0):
        raise ValueError("the entries of a phrase are not kept together in increasing phrase order")
    group_size = np.diff(np.append(np.flatnonzero(new_group), len(ref_phrase)))
    return {
        "words": np.frombuffer("\n".join(words).encode("utf-8"), dtype=np.uint8),
        "phrase_words": np.ascontiguousarray(table.T).ravel(),
        "group_phrase": np.diff(group_phrase, prepend=0).astype(np.uint32),
        "group_size": group_size.astype(np.uint16),
        "entry_paraphrase": paraphrase.astype(np.uint32),
    }


_CHUNK = 3 * 200_000  # lines per block: a block's words are found with a few arrays of its size


def _phrase_rows(data: np.ndarray, starts: np.ndarray, ends: np.ndarray, first_seen: Dict[str, int]) -> np.ndarray:
    """The phrase lines (the 2nd and 3rd of each triple) of one block of lines as rows of
    word id + 1 (``first_seen`` numbering, extended with the new words), 0-padded."""
    lo, hi = starts[0], ends[-1]
    block = data[lo:hi]
    phrase_line = np.arange(len(starts)) % 3 != 0
    # a byte is in a word if it is in a phrase line and is not a space (lines end before their LF)
    in_line = np.repeat(np.stack([phrase_line, np.zeros(len(starts), dtype=bool)], axis=1).ravel(),
                        np.stack([ends - starts, np.append(starts[1:] - ends[:-1], 0)], axis=1).ravel())
    is_word = in_line & (block != 32)
    edge = np.diff(is_word.view(np.int8), prepend=np.int8(0), append=np.int8(0))
    word_start = np.flatnonzero(edge == 1)
    word_length = np.flatnonzero(edge == -1) - word_start
    offsets = np.zeros(len(word_start) + 1, dtype=np.int64)
    np.cumsum(word_length, out=offsets[1:])
    packed = pa.LargeStringArray.from_buffers(len(word_start), pa.py_buffer(offsets), pa.py_buffer(block[is_word].tobytes()))
    encoded = pc.dictionary_encode(packed)
    ids = np.array([first_seen.setdefault(w, len(first_seen)) for w in encoded.dictionary.to_pylist()], dtype=np.int64)
    word_id = ids[encoded.indices.to_numpy()]
    lines = np.flatnonzero(phrase_line)
    word_line = np.searchsorted(starts[lines] - lo, word_start, side="right") - 1
    per_line = np.bincount(word_line, minlength=len(lines))
    if per_line.min() < 1 or per_line.max() > MAX_PHRASE:
        raise ValueError(f"phrases of {per_line.min()}..{per_line.max()} words; expected 1..{MAX_PHRASE}")
    first = np.concatenate([[0], np.cumsum(per_line)[:-1]])
    rows = np.zeros((len(lines), MAX_PHRASE), dtype=np.uint16)
    rows[word_line, np.arange(len(word_id)) - first[word_line]] = word_id + 1
    return rows


def pack_arrays(arrays: Dict[str, np.ndarray]) -> bytes:
    """The arrays in one blob: a magic line, a JSON line [[name, dtype, length], ...],
    then the little-endian bytes of each array in that order."""
    header = [[name, array.dtype.str, int(array.size)] for name, array in arrays.items()]
    body = b"".join(np.ascontiguousarray(array).astype(array.dtype.newbyteorder("<")).tobytes() for array in arrays.values())
    return PARAPHRASE_MAGIC + json.dumps(header).encode("ascii") + b"\n" + body


def compress(data: bytes) -> bytes:
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64, preset=9 | lzma.PRESET_EXTREME)


def compress_fast(data: bytes) -> bytes:
    """gzip without a timestamp: 30% larger than xz here, but it decompresses in a
    tenth of the time (the paraphrase table must load in well under 3 s)."""
    return gzip.compress(data, compresslevel=9, mtime=0)


def build(jar_path: Path, table_path: Path, out: Path, lgpl: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(jar_path) as jar:
        text = render_text(text_sections(jar))
        (out / TEXT_RESOURCE).write_bytes(compress(text))
        (out / WORDNET_LICENSE).write_bytes(jar.read("synonym/COPYING.WORDNET"))
    print(f"{out / TEXT_RESOURCE}: {len(text)} bytes of text, {(out / TEXT_RESOURCE).stat().st_size} compressed")
    arrays = paraphrase_arrays(gzip.decompress(table_path.read_bytes()))
    ParaphraseTable(arrays)  # no two phrases or prefixes share a hash (or it raises)
    blob = pack_arrays(arrays)
    (out / PARAPHRASE_RESOURCE).write_bytes(compress_fast(blob))
    print(f"{out / PARAPHRASE_RESOURCE}: {len(blob)} bytes of arrays, {(out / PARAPHRASE_RESOURCE).stat().st_size} compressed")
    header = LICENSE_HEADER.format(paraphrase=", the English paraphrase table", table=" and data/paraphrase-en.gz")
    (out / LICENSE).write_text(header + lgpl.read_text(encoding="utf-8"), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jar", type=Path, default=None, help="meteor-1.5.jar (default: pycocoevalcap's)")
    parser.add_argument("--paraphrase", type=Path, default=None,
                        help="paraphrase-en.gz (default: data/paraphrase-en.gz next to the jar)")
    parser.add_argument("--lgpl", type=Path, default=Path("/usr/share/common-licenses/LGPL-2.1"),
                        help="the text of the GNU LGPL v2.1")
    parser.add_argument("--out", type=Path, default=REPO / "ngram_core" / "data")
    args = parser.parse_args()
    jar = args.jar or default_jar()
    build(jar, args.paraphrase or jar.parent / "data" / "paraphrase-en.gz", args.out, args.lgpl)


if __name__ == "__main__":
    main()
