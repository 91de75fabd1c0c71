"""METEOR 1.5's jar as a live oracle: ``java`` running the jar from pycocoevalcap's wheel.

:func:`jar_probe` asks the jar's own classes (through ``tests/jar/JarProbe.java``, our
probe, compiled against the jar with ``javac`` once per session into a temporary
folder) for hashes, normalized lines, stems, synsets and match candidates: one JVM for
a whole batch of requests. Tests call it with a batch; without ``java``, ``javac`` or
pycocoevalcap it skips locally and fails in CI (:func:`helpers.require.require`).
"""
from __future__ import annotations

import base64
import importlib.util
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Iterable, List, Sequence, Tuple

from helpers.require import require

PROBE_SOURCE = Path(__file__).resolve().parents[1] / "jar" / "JarProbe.java"


def jar_paths() -> Tuple[Path, Path]:
    """(meteor-1.5.jar, paraphrase-en.gz) of the installed pycocoevalcap; skips without them."""
    spec = importlib.util.find_spec("pycocoevalcap")
    require(spec is not None, "pycocoevalcap is not installed: pip install pycocoevalcap==1.2 (it ships meteor-1.5.jar)")
    root = Path(list(spec.submodule_search_locations)[0]) / "meteor"  # a namespace package: no __file__
    jar, table = root / "meteor-1.5.jar", root / "data" / "paraphrase-en.gz"
    require(jar.is_file() and table.is_file(), f"meteor-1.5.jar or its paraphrase table missing under {root}")
    return jar, table


@lru_cache(maxsize=None)
def _compiled() -> Tuple[str, str]:
    """(jar, folder of the compiled probe)."""
    require(shutil.which("java") is not None and shutil.which("javac") is not None,
            "java and javac are needed for the METEOR jar oracle: apt-get install default-jdk-headless")
    jar, _ = jar_paths()
    out = tempfile.mkdtemp(prefix="jarprobe-")
    subprocess.run(["javac", "-nowarn", "-cp", str(jar), "-d", out, str(PROBE_SOURCE)], check=True,
                   capture_output=True)
    return str(jar), out


def encode(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def decode(field: str) -> str:
    return base64.b64decode(field).decode("utf-8")


def jar_probe(requests: Iterable[Sequence[str]], language: str = "en") -> List[str]:
    """The probe's answer line for each request ``(command, arg, ...)`` (arguments as text)."""
    jar, classes = _compiled()
    lines = ["\t".join([command, *(encode(a) for a in args)]) for command, *args in requests]
    done = subprocess.run(["java", "-Xmx3G", "-Dfile.encoding=UTF-8", "-cp", f"{jar}:{classes}", "JarProbe",
                           language], input="\n".join(lines) + "\n", capture_output=True,
                          text=True, encoding="utf-8", check=False)
    if done.returncode != 0:
        raise RuntimeError(f"JarProbe failed ({done.returncode}): {done.stderr[-2000:]}")
    answers = done.stdout.split("\n")[: len(lines)]
    assert len(answers) == len(lines), done.stderr[-2000:]
    return answers


def parse_match(answer: str):
    """A ``match`` answer as (candidates [(j, len, i, mlen, module)], hyp coverage, ref coverage)."""
    matches, coverage = answer.split("|")
    candidates = [tuple(int(x) for x in m.split(":")) for m in matches.split()]
    hyp_cov, ref_cov = coverage.split(" ")
    to_ints = lambda s: [int(x) for x in s.split(",")] if s else []  # noqa: E731
    return candidates, to_ints(hyp_cov), to_ints(ref_cov)
