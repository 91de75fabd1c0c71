"""Speed of ``tokenize="coco"`` next to pycocoevalcap's PTBTokenizer (Java), on every English WMT line.

    python benchmarks/coco_tokenizer.py [--repeats 3]

Input: the 63,137 English lines of ../shared/data/wmt (references and systems of *-en
pairs, sources of en-* pairs), tokenized as one batch. Each figure is the median of
``--repeats`` runs, the two tools alternating:

- ``whole process``: a fresh ``python`` that reads the lines and tokenizes them, start-up
  and imports included: ours builds its lexer, pycocoevalcap writes its file and runs
  the jar in a JVM. Wall time, and CPU time of the process and its children (the JVM
  uses more than one core).
- ``in process, warm``: ours called again in a process that has tokenized once (rules
  compiled); the time a caller with a loaded tokenizer pays.

The outputs are compared: ours gives each caption alone, so lines that pycocoevalcap
reads into the next caption (see ``plugins/ngram-core-coco/ngram_core_coco/tokenizer.py``) may differ.
Needs the plugin: ``pip install -e plugins/ngram-core-coco``.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "tests"))  # coco_text: the WMT lines, as the parity tests read them

_OURS = """
import json, sys
from ngram_core.tokenizers import get_tokenizer
lines = json.load(open(sys.argv[1], encoding="utf-8"))
out = get_tokenizer("coco").tokenize_batch(lines)
json.dump(out, open(sys.argv[2], "w", encoding="utf-8"))
"""
_PYCOCOEVALCAP = """
import json, sys
from pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer
lines = json.load(open(sys.argv[1], encoding="utf-8"))
res = PTBTokenizer().tokenize({i: [{"caption": c}] for i, c in enumerate(lines)})
json.dump([res[i][0] for i in range(len(lines))], open(sys.argv[2], "w", encoding="utf-8"))
"""


def run_process(code: str, lines_path: str, out_path: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds of the process and its children) of one fresh ``python``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code, lines_path, out_path], check=True, stderr=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": str(REPO)})
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    from helpers.coco_text import wmt_english_lines

    lines = wmt_english_lines()
    times = {"ours": [], "pycocoevalcap": []}
    with tempfile.TemporaryDirectory() as tmp:
        lines_path = os.path.join(tmp, "lines.json")
        with open(lines_path, "w", encoding="utf-8") as f:
            json.dump(lines, f)
        outputs = {}
        for repeat in range(args.repeats):
            order = [("ours", _OURS), ("pycocoevalcap", _PYCOCOEVALCAP)]
            for name, code in order if repeat % 2 == 0 else order[::-1]:
                out_path = os.path.join(tmp, f"{name}.json")
                times[name].append(run_process(code, lines_path, out_path))
                with open(out_path, encoding="utf-8") as f:
                    outputs[name] = json.load(f)

    sys.path.insert(0, str(REPO))
    from ngram_core.tokenizers import get_tokenizer

    tokenizer = get_tokenizer("coco")
    tokenizer.tokenize_batch(lines)
    warm = []
    for _ in range(args.repeats):
        start = time.perf_counter()
        tokenizer.tokenize_batch(lines)
        warm.append(time.perf_counter() - start)

    differ = sum(a != b for a, b in zip(outputs["ours"], outputs["pycocoevalcap"]))
    print(f"{len(lines)} lines, {sum(len(line) for line in lines)} characters; "
          f"{differ} lines differ (context between captions); load average {os.getloadavg()[0]:.1f}")
    print("| tool | whole process, wall (s) | whole process, CPU (s) | in process, warm (s) |")
    print("|---|---|---|---|")
    for name in times:
        wall = statistics.median(t[0] for t in times[name])
        cpu = statistics.median(t[1] for t in times[name])
        warm_cell = f"{statistics.median(warm):.2f}" if name == "ours" else "-"
        print(f"| {name} | {wall:.2f} | {cpu:.2f} | {warm_cell} |")


if __name__ == "__main__":
    main()
