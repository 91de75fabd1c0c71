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

The output is deterministic (xz preset 9, no timestamps), so a test can rebuild it and
compare bytes.
"""
from __future__ import annotations

import argparse
import importlib.util
import lzma
import re
import zipfile
from pathlib import Path
from typing import List, Tuple

REPO = Path(__file__).resolve().parents[1]
TEXT_RESOURCE = "meteor15.txt.xz"
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


def compress(data: bytes) -> bytes:
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC64, preset=9 | lzma.PRESET_EXTREME)


def build(jar_path: Path, out: Path, lgpl: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(jar_path) as jar:
        text = render_text(text_sections(jar))
        (out / TEXT_RESOURCE).write_bytes(compress(text))
        (out / WORDNET_LICENSE).write_bytes(jar.read("synonym/COPYING.WORDNET"))
    header = LICENSE_HEADER.format(paraphrase="", table="")
    (out / LICENSE).write_text(header + lgpl.read_text(encoding="utf-8"), encoding="utf-8")
    print(f"{out / TEXT_RESOURCE}: {len(text)} bytes of text, {(out / TEXT_RESOURCE).stat().st_size} compressed")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--jar", type=Path, default=None, help="meteor-1.5.jar (default: pycocoevalcap's)")
    parser.add_argument("--lgpl", type=Path, default=Path("/usr/share/common-licenses/LGPL-2.1"),
                        help="the text of the GNU LGPL v2.1")
    parser.add_argument("--out", type=Path, default=REPO / "ngram_core" / "data")
    args = parser.parse_args()
    build(args.jar or default_jar(), args.out, args.lgpl)


if __name__ == "__main__":
    main()
