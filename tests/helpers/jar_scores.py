"""METEOR 1.5's scores from the jar itself: ``java -jar meteor-1.5.jar HYP REF [options]``.

:func:`jar_scores` writes the segments to files, runs the jar once on all of them (one
JVM) and reads its "Segment N score:" lines and its "Final score:". The jar reads its
files with ``BufferedReader.readLine``, so a segment must not contain a line break
(``\\n``, ``\\r``); with ``-r N`` the references file holds N lines per segment.
"""
from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import List, Sequence, Tuple

from helpers.require import require
from helpers.jar_oracle import jar_paths

_SEGMENT = re.compile(r"^Segment (\d+) score:\t(\S+)$", re.M)
_FINAL = re.compile(r"^Final score:\s+(\S+)$", re.M)


def jar_scores(hypotheses: Sequence[str], references: Sequence[Sequence[str]], options: Sequence[str]
               ) -> Tuple[List[float], float]:
    """(segment scores, final score) of the jar run with ``options`` (e.g. ``-l en -norm``);
    every segment needs the same number of references."""
    require(shutil.which("java") is not None, "java is needed for the METEOR jar oracle: apt-get install default-jre-headless")
    jar, _ = jar_paths()
    n_refs = {len(r) for r in references}
    assert len(n_refs) == 1, "the jar's plain-text mode needs the same number of references for every segment"
    for text in [*hypotheses, *(r for refs in references for r in refs)]:
        assert "\n" not in text and "\r" not in text, f"a segment with a line break: {text!r}"
    with tempfile.TemporaryDirectory(prefix="meteor-jar-") as folder:
        hyp_file, ref_file = Path(folder) / "hyp", Path(folder) / "ref"
        hyp_file.write_text("".join(h + "\n" for h in hypotheses), encoding="utf-8")
        ref_file.write_text("".join(r + "\n" for refs in references for r in refs), encoding="utf-8")
        command = ["java", "-Xmx2G", "-Dfile.encoding=UTF-8", "-jar", str(jar), str(hyp_file), str(ref_file),
                   *options, "-r", str(n_refs.pop())]
        done = subprocess.run(command, capture_output=True, text=True, encoding="utf-8", check=False)
    if done.returncode != 0:
        raise RuntimeError(f"the METEOR jar failed ({done.returncode}): {done.stderr[-2000:]}")
    found = [(int(n), float(v)) for n, v in _SEGMENT.findall(done.stdout)]
    assert [n for n, _ in found] == list(range(1, len(hypotheses) + 1)), done.stdout[-2000:]
    final = _FINAL.search(done.stdout)
    assert final is not None, done.stdout[-2000:]
    return [v for _, v in found], float(final.group(1))
