"""The test files that read ``../shared`` (the WMT data, ``oracle.json``), directly or through a
helper module: the ones whose behaviour changes when a contributor's clone has no ``../shared``.

``.ci/run`` runs these (and only these) a second time without the shared data, to check that
they skip with their reason instead of failing; every other test file runs the same with or
without it, so running it twice would only cost CI time.

    python tests/helpers/shared_users.py     # one path a line, relative to the repository

A file counts when its text names the shared data's entry points of :mod:`helpers.data`
(``SHARED``, ``WMT``, ``require_wmt``, ``have_wmt``, ``oracle_records``, ``load_system``,
``record_id``), the ``NGRAM_CORE_SHARED`` variable, a benchmarks module (they read
``../shared``) or the word ``shared`` in a path, or when it imports a helper module that
counts. Erring towards more files is safe: an extra file only runs twice.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
REPO = TESTS.parent
# helpers.data and helpers.require define these names; a file that uses them reads the data
DEFINERS = {"data", "require"}
READS_SHARED = re.compile(
    r"\b(SHARED|WMT|require_wmt|have_wmt|oracle_records|load_system|record_id|NGRAM_CORE_SHARED|benchmarks)\b"
    r"|[\"'/]shared\b")
HELPER_IMPORT = re.compile(r"\bhelpers\.(\w+)|\bfrom helpers import ([\w, ()\n]+)")


def helper_modules(text: str) -> set:
    """The names of the helper modules a file imports."""
    names = set()
    for dotted, listed in HELPER_IMPORT.findall(text):
        if dotted:
            names.add(dotted)
        else:
            names.update(re.findall(r"\w+", listed))
    return names


def shared_users() -> list:
    sources = {path: path.read_text(encoding="utf-8") for path in TESTS.rglob("*.py")}
    helpers = {path.stem: path for path in (TESTS / "helpers").glob("*.py")}
    direct = {path for path, text in sources.items()
              if path.stem not in DEFINERS and READS_SHARED.search(text)}
    users = set(direct)
    changed = True
    while changed:  # a helper module that counts makes its importers count
        changed = False
        counting = {stem for stem, path in helpers.items() if path in users}
        for path, text in sources.items():
            if path not in users and helper_modules(text) & counting:
                users.add(path)
                changed = True
    return sorted(str(path.relative_to(REPO)) for path in users
                  if path.name.startswith("test_"))


if __name__ == "__main__":
    files = shared_users()
    if not files:
        sys.exit("no test file reads ../shared: the rule in tests/helpers/shared_users.py is broken")
    print("\n".join(files))
