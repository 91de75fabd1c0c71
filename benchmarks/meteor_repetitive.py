"""METEOR 1.5 on repetitive text: seconds per segment, ours against the jar (and another checkout).

    python benchmarks/meteor_repetitive.py                      # sizes 500 1000 2000, 3 runs each
    python benchmarks/meteor_repetitive.py --sizes 300 --runs 5 --repo /path/to/other/checkout
    python benchmarks/meteor_repetitive.py --warm               # one process, the kernels loaded

Every input is one pair (hypothesis, reference) of one shape of degenerate text, n words a
side: ``the`` x n against itself and against ``the`` x (n - 1), two alternating words
against themselves and swapped, a repeated phrase against another, 17 related words
(every module) at random. Each figure is a whole process (interpreter start, imports, the
resources, the score; ``compute_meteor``), the median of ``--runs``, sides in turn; with
``--warm``, the median of calls within one process after a warm-up (what the Space's
worker pays per request). The jar (``java -Xmx2G -jar meteor-1.5.jar HYP REF -l en -norm``,
pycocoevalcap's) runs once per input with ``--jar-timeout`` seconds; its score is printed
next to ours (the 128-candidate cap may make ours differ where the jar looks at every
candidate: meteor_custom/README.md). The machine's load is printed with the table.
"""
from __future__ import annotations

import argparse
import importlib.util
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

REPO = Path(__file__).resolve().parents[1]

_ONE = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
from meteor_repetitive import shapes
from ngram_core.meteor import compute_meteor
hyp, ref = shapes(int(sys.argv[2]))[sys.argv[3]]
warm = len(sys.argv) > 4
if warm:
    compute_meteor([hyp[:50]], [[ref[:50] + " x"]])  # resources and kernels loaded
    times = []
    for _ in range(int(sys.argv[4])):
        t = time.perf_counter()
        score = compute_meteor([hyp], [[ref]])["meteor"]
        times.append(time.perf_counter() - t)
    print(score, sorted(times)[len(times) // 2])
else:
    print(compute_meteor([hyp], [[ref]])["meteor"])
"""


def shapes(n: int) -> Dict[str, Tuple[str, str]]:
    """The inputs of n words a side, by name."""
    rng = random.Random(0)
    the = " ".join(["the"] * n)
    ab, ba = " ".join("ab"[k % 2] for k in range(n)), " ".join("ba"[k % 2] for k in range(n))
    phrase = " ".join((["the", "cat", "sat", "on", "the", "mat", "."] * (n // 7 + 1))[:n])
    other = " ".join((["the", "cats", "sit", "on", "a", "rug", "."] * (n // 7 + 1))[:n])
    related = "run runs running ran car cars automobile auto vehicle big large huge small little tiny quick fast".split()
    mixed = lambda: " ".join(rng.choice(related) for _ in range(n))  # noqa: E731
    return {"the = the": (the, the), "the / the-1": (the, " ".join(["the"] * (n - 1))), "ab = ab": (ab, ab),
            "ab / ba": (ab, ba), "phrase = phrase": (phrase, phrase), "phrase / other": (phrase, other),
            "17 related": (mixed(), mixed())}


def ours(repo: Path, n: int, name: str, warm_calls: int = 0) -> Tuple[float, str]:
    """(seconds, score): a whole process, or with ``warm_calls`` the median call inside one."""
    env = {**os.environ, "PYTHONPATH": str(repo)}
    argv = [sys.executable, "-c", _ONE, str(Path(__file__).parent), str(n), name]
    if warm_calls:
        argv.append(str(warm_calls))
    start = time.perf_counter()
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=True, cwd=tempfile.gettempdir())
    took = time.perf_counter() - start
    fields = done.stdout.split()
    return (float(fields[1]) if warm_calls else took), fields[0]


def jar(n: int, name: str, timeout: float) -> Tuple[Optional[float], str]:
    """(seconds, segment score) of the jar on the input, (None, why) when it does not finish."""
    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None:
        return None, "no pycocoevalcap"
    path = Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"
    hyp, ref = shapes(n)[name]
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "h").write_text(hyp + "\n", encoding="utf-8")
        (Path(folder) / "r").write_text(ref + "\n", encoding="utf-8")
        start = time.perf_counter()
        try:
            done = subprocess.run(["java", "-Xmx2G", "-jar", str(path), "h", "r", "-l", "en", "-norm"], cwd=folder,
                                  capture_output=True, text=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return None, f"> {timeout:.0f} s"
        took = time.perf_counter() - start
    for line in done.stdout.splitlines():
        if line.startswith("Segment 1 score:"):
            return took, line.split()[-1]
    return None, "failed: " + (done.stderr.strip().splitlines() or ["?"])[-1][:40]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[500, 1000, 2000])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--repo", type=Path, help="another checkout's ngram_core, measured in turn with this one")
    parser.add_argument("--warm", action="store_true", help="calls within one warm process, not whole processes")
    parser.add_argument("--no-jar", action="store_true")
    parser.add_argument("--jar-timeout", type=float, default=120)
    args = parser.parse_args()
    sides = [("this checkout", REPO)] + ([("--repo", args.repo)] if args.repo else [])
    print(f"load before: {os.getloadavg()[0]:.2f}; {'median call in a warm process' if args.warm else 'whole processes'}, "
          f"median of {args.runs}")
    head = "| words a side | input | " + " | ".join(f"{label} s (s / 1,000 words)" for label, _ in sides)
    print(head + " | score | the jar s | the jar's score |")
    print("|" + "---|" * (head.count("|") + 2))
    for n in args.sizes:
        for name in shapes(n):
            times: Dict[str, List[float]] = {label: [] for label, _ in sides}
            score = ""
            for _ in range(1 if args.warm else args.runs):
                for label, repo in sides:
                    took, score = ours(repo, n, name, args.runs if args.warm else 0)
                    times[label].append(took)
            cells = [f"{statistics.median(t):.2f} ({statistics.median(t) / n * 1000:.2f})" for t in times.values()]
            jar_took, jar_score = (None, "-") if args.no_jar else jar(n, name, args.jar_timeout)
            print(f"| {n:,} | {name} | " + " | ".join(cells) + f" | {float(score):.6f} | "
                  f"{'-' if jar_took is None else f'{jar_took:.1f}'} | {jar_score} |", flush=True)
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
