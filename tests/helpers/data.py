"""Where the repository and the shared WMT data live, and the oracle records read from it.

``../shared`` (or ``NGRAM_CORE_SHARED``) holds the WMT systems and ``oracle.json``;
:func:`require_wmt` skips (locally) or fails (in CI) without it.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

from helpers.require import require

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("NGRAM_CORE_SHARED", REPO.parent / "shared"))
WMT = SHARED / "data" / "wmt"


def require_wmt() -> Path:
    require(have_wmt(), f"shared WMT data not found at {WMT} (set NGRAM_CORE_SHARED)")
    return WMT


def have_wmt() -> bool:
    return (WMT / "oracle.json").is_file()


@lru_cache(maxsize=None)
def oracle_records() -> tuple:
    return tuple(json.loads((require_wmt() / "oracle.json").read_text(encoding="utf-8")))


@lru_cache(maxsize=None)
def read_lines(path: Path) -> tuple:
    """One segment per line, exactly as stored (no stripping)."""
    text = Path(path).read_text(encoding="utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return tuple(lines)


def load_system(record: dict):
    """(hypotheses, references as one list per segment) for an oracle record."""
    pair = require_wmt() / record["testset"] / record["langpair"]
    hyps = list(read_lines(pair / f"sys.{record['system']}.txt"))
    streams = [read_lines(pair / f"ref.{r}.txt") for r in record["refs"]]
    refs = [list(segment) for segment in zip(*streams)]
    return hyps, refs


def record_id(record: dict) -> str:
    settings = ",".join(f"{k}={v}" for k, v in sorted(record.get("settings", {}).items()) if k in ("tokenize", "lowercase", "flags"))
    return f"{record['testset']}/{record['langpair']}/{record['system']}/refs={''.join(record['refs'])}/{settings}"
