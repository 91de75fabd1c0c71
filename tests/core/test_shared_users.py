"""``.ci/run`` reruns only the test files that read ``../shared`` without it (the list of
``tests/helpers/shared_users.py``): every file that reads the data, directly or through a
helper module, must be on that list, or its skip without the data would go unchecked."""
from __future__ import annotations

import re

from helpers.data import REPO
from helpers.shared_users import shared_users

DIRECT = re.compile(r"\b(require_wmt|oracle_records|load_system|WMT)\b")
LISTED = set(shared_users())
TEST_FILES = {str(path.relative_to(REPO)): path.read_text(encoding="utf-8")
              for path in sorted((REPO / "tests").rglob("test_*.py"))}


def test_every_file_that_reads_the_wmt_data_is_listed():
    direct = {name for name, text in TEST_FILES.items() if DIRECT.search(text)}
    assert direct and direct <= LISTED, sorted(direct - LISTED)


def test_importers_of_a_helper_that_reads_the_data_are_listed():
    # helpers.wmt_sample reads the WMT data; the files that use it never name it themselves
    importers = {name for name, text in TEST_FILES.items() if "wmt_sample" in text}
    assert importers and importers <= LISTED, sorted(importers - LISTED)


def test_files_that_never_touch_the_data_are_left_out():
    assert "tests/ways_in/test_cli.py" not in LISTED  # its own option parsing, no WMT file
    assert LISTED < set(TEST_FILES)
