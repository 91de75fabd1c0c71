"""The benchmark inputs, read from the shared WMT data (never copied into the repo).

- ``all_systems()``: every system output of every pair whose target is not Chinese
  or Japanese, each segment with all of its pair's references (1-3);
- ``english_targets()``: the same restricted to pairs into English (METEOR);
- ``repeat(corpus, k)`` and ``head(corpus, n)`` for the scaled and small inputs.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import List, Tuple

REPO = Path(__file__).resolve().parents[1]
WMT = Path(os.environ.get("NGRAM_CORE_SHARED", REPO.parent / "shared")) / "data" / "wmt"
CJK = ("zh", "ja", "ko")


@dataclass
class Corpus:
    name: str
    hypotheses: List[str]
    references: List[List[str]]  # one list of references per hypothesis

    def __len__(self) -> int:
        return len(self.hypotheses)

    @property
    def n_tokens(self) -> int:
        return sum(len(h.split()) for h in self.hypotheses)


def _lines(path: Path) -> List[str]:
    lines = path.read_text(encoding="utf-8").split("\n")
    return lines[:-1] if lines and lines[-1] == "" else lines


def _pairs(target_filter):
    if not WMT.is_dir():
        raise FileNotFoundError(f"shared WMT data not found at {WMT}; set NGRAM_CORE_SHARED")
    for pair in sorted(WMT.glob("*/*-*")):
        if target_filter(pair.name.split("-")[1]):
            yield pair


def _collect(name: str, target_filter) -> Corpus:
    hyps: List[str] = []
    refs: List[List[str]] = []
    for pair in _pairs(target_filter):
        streams = [_lines(p) for p in sorted(pair.glob("ref.*.txt"))]
        segment_refs = [list(seg) for seg in zip(*streams)]
        for system in sorted(pair.glob("sys.*.txt")):
            hyps.extend(_lines(system))
            refs.extend([list(r) for r in segment_refs])
    return Corpus(name, hyps, refs)


def all_systems() -> Corpus:
    return _collect("all systems", lambda tgt: tgt not in CJK)


def english_targets() -> Corpus:
    return _collect("English targets", lambda tgt: tgt == "en")


def repeat(corpus: Corpus, k: int) -> Corpus:
    return Corpus(f"{corpus.name} x{k}", corpus.hypotheses * k, corpus.references * k)


def head(corpus: Corpus, n: int) -> Corpus:
    return Corpus(f"first {n} of {corpus.name}", corpus.hypotheses[:n], corpus.references[:n])


def ranked_systems(k: int = 4) -> Tuple[List[str], List[List[str]]]:
    """(references, k systems) for paired tests: system i is the i-th system (by name) of
    every pair with a non-CJK target, one pair after the other, against that pair's
    first reference. About 15,000 segments per system."""
    refs: List[str] = []
    systems: List[List[str]] = [[] for _ in range(k)]
    for pair in _pairs(lambda tgt: tgt not in CJK):
        outputs = sorted(pair.glob("sys.*.txt"))[:k]
        if len(outputs) < k:
            continue
        refs.extend(_lines(sorted(pair.glob("ref.*.txt"))[0]))
        for i, path in enumerate(outputs):
            systems[i].extend(_lines(path))
    return refs, systems
