"""Paired significance tests from the shell: ``ngram-score`` next to ``sacrebleu``, as whole processes.

    python benchmarks/significance.py                  # --paired-bs, 3 runs each (about 4 minutes on 2 cores)
    python benchmarks/significance.py --ar             # also --paired-ar (sacreBLEU's 10,000 trials take long)
    python benchmarks/significance.py --all-metrics    # also ours with -m bleu nist meteor (no peer has NIST or METEOR tests)
    python benchmarks/significance.py --repeats 5

Input: four systems of about 15,000 segments each (``corpora.ranked_systems``: the
i-th system of every pair with a non-CJK target, one pair after the other, against
the pair's first reference), written to a temporary directory. Each command runs in
a fresh process (interpreter start, imports, reading the files, statistics and the
test all included), the tools alternating within each repetition; every figure is
the median. The BLEU results of the two tools are checked for equality (score,
p-value, mean, interval, full precision) in the same run.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import corpora  # noqa: E402


def write_inputs(directory: Path):
    refs, systems = corpora.ranked_systems(4)
    ref = directory / "ref.txt"
    ref.write_text("".join(line + "\n" for line in refs), encoding="utf-8")
    paths = []
    for i, output in enumerate(systems, 1):
        path = directory / f"system{i}.txt"
        path.write_text("".join(line + "\n" for line in output), encoding="utf-8")
        paths.append(str(path))
    return str(ref), paths, len(refs)


def timed(command: List[str], env: Dict[str, str]):
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    return time.perf_counter() - start, out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--ar", action="store_true", help="also time --paired-ar (10,000 trials)")
    parser.add_argument("--all-metrics", action="store_true", help="also time ours on -m bleu nist meteor")
    args = parser.parse_args()
    sacrebleu = shutil.which("sacrebleu")
    if sacrebleu is None:
        raise SystemExit("sacrebleu is not installed: pip install -e '.[bench]'")
    env = {k: v for k, v in os.environ.items() if k not in ("SACREBLEU_SEED", "NGRAM_CORE_SEED")}
    ours = [sys.executable, "-m", "ngram_core"]
    print(f"# Significance benchmark {time.strftime('%Y-%m-%d %H:%M')}: {platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    with tempfile.TemporaryDirectory() as tmp:
        ref, systems, n = write_inputs(Path(tmp))
        cases = [("--paired-bs", ["--paired-bs"], True)]
        if args.ar:
            cases.append(("--paired-ar", ["--paired-ar"], True))
        if args.all_metrics:
            cases.append(("--paired-bs -m bleu nist meteor (ours only)", ["--paired-bs", "-m", "bleu", "nist", "meteor"],
                          False))
        for title, flags, with_peer in cases:
            tools = {"ngram-score": ours + [ref, "-i", *systems, *flags, "-q"]}
            if with_peer:
                tools["sacrebleu"] = [sacrebleu, ref, "-i", *systems, *flags, "-q"]
            times: Dict[str, List[float]] = {t: [] for t in tools}
            outputs: Dict[str, str] = {}
            for rep in range(args.repeats):
                names = list(tools)
                for tool in names[rep % len(names):] + names[:rep % len(names)]:
                    seconds, outputs[tool] = timed(tools[tool], env)
                    times[tool].append(seconds)
            medians = {t: statistics.median(v) for t, v in times.items()}
            agree = ""
            if with_peer:
                mine = [row["BLEU"] for row in json.loads(outputs["ngram-score"])]
                theirs = [row["BLEU"] for row in json.loads(outputs["sacrebleu"])]
                agree = "identical" if mine == theirs else "DIFFERENT"
            print(f"\n### {title}: 4 systems x {n:,} segments, 1 reference, {args.repeats} runs\n")
            print("| tool | seconds (median) | time / ngram-score | BLEU results |")
            print("|---|---|---|---|")
            for tool, seconds in medians.items():
                print(f"| {tool} | {seconds:.2f} | {seconds / medians['ngram-score']:.1f}x | "
                      f"{agree if with_peer else '-'} |")


if __name__ == "__main__":
    main()
