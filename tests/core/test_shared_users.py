"""``.ci/run`` reruns only the test files that read ``../shared`` without it (the list of
``tests/helpers/shared_users.py``): every file that reads the data, directly or through a
helper module, must be on that list, or its skip without the data would go unchecked."""
from __future__ import annotations

import re

from helpers.data import REPO
from helpers.shared_users import shared_users

DIRECT = re.compile(r"\b(require_wmt|oracle_records|load_system|WMT)\b")


def test_every_file_that_reads_the_wmt_data_is_listed():
    listed = set(shared_users())
    tests = sorted((REPO / "tests").rglob("test_*.py"))
    direct = {str(path.relative_to(REPO)) for path in tests if DIRECT.search(path.read_text(encoding="utf-8"))}
    assert direct and direct <= listed, sorted(direct - listed)


def test_importers_of_a_helper_that_reads_the_data_are_listed():
    # helpers.wmt_sample reads the WMT data; the files that use it never name it themselves
    importers = {str(path.relative_to(REPO)) for path in sorted((REPO / "tests").rglob("test_*.py"))
                 if "wmt_sample" in path.read_text(encoding="utf-8")}
    assert importers and importers <= set(shared_users()), sorted(importers - set(shared_users()))


def test_files_that_never_touch_the_data_are_left_out():
    listed = set(shared_users())
    assert "tests/ways_in/test_cli.py" not in listed  # its own option parsing, no WMT file
    assert len(listed) < len(list((REPO / "tests").rglob("test_*.py")))
