"""The METEOR 1.5 data we ship is what ``scripts/build_meteor_resources.py`` makes from the
jar and paraphrase table in pycocoevalcap's wheel: rebuilt here and compared byte for byte
(the build is deterministic), so the shipped files can always be traced to their source."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from helpers.data import REPO
from helpers.require import require
from helpers.jar_oracle import jar_paths

pytestmark = pytest.mark.oracle

DATA = REPO / "ngram_core" / "data"
LGPL = Path("/usr/share/common-licenses/LGPL-2.1")  # Debian's base-files
FILES = ("meteor15.txt.xz", "meteor15-paraphrase-en.bin.gz", "meteor15.LICENSE", "meteor15-wordnet.LICENSE")


def test_build_script_reproduces_the_shipped_meteor_resources(tmp_path: Path):
    jar, table = jar_paths()
    require(LGPL.is_file(), f"{LGPL} (the LGPL text the license file quotes) is missing: apt-get install base-files")
    subprocess.run([sys.executable, str(REPO / "scripts" / "build_meteor_resources.py"), "--jar", str(jar),
                    "--paraphrase", str(table), "--lgpl", str(LGPL), "--out", str(tmp_path)],
                   check=True, capture_output=True)
    different = [name for name in FILES if (tmp_path / name).read_bytes() != (DATA / name).read_bytes()]
    assert not different, f"rebuilt files differ from the shipped ones: {different}"


def test_shipped_meteor_resources_stay_small():
    sizes = {name: (DATA / name).stat().st_size for name in FILES}
    assert sizes["meteor15.txt.xz"] < 2_000_000 and sizes["meteor15-paraphrase-en.bin.gz"] < 25_000_000, sizes
