"""The standard error of corpus BLEU in lm-evaluation-harness: its own bootstrap against ours.

    python benchmarks/harness_bootstrap.py                     # 2,000 segments: its 100 and 1,000, ours 100,000
    python benchmarks/harness_bootstrap.py --segments 14879    # every segment of ranked_systems (its 1,000: ~10 min)

Input: the first system of ``corpora.ranked_systems`` (the non-CJK WMT pairs one after the
other, first reference) as the harness's ``[gold, prediction]`` items, the first
``--segments`` of them. In one run, one process, alternating: the harness's
``lm_eval.api.metrics.bootstrap_stderr(bleu, items, iters)`` (sacreBLEU's ``corpus_bleu`` on
each resample; ``DISABLE_MULTIPROC=1``: one process, as ours) at 100 resamples (the cap its
evaluator puts on ``bleu``) and at 1,000, and ``ngram_core.adapters.lm_eval`` at 100,000 (the
harness's default ``bootstrap_iters``), statistics of the items included. Medians of
``--repeats``; the corpus scores are checked equal, the standard errors printed.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ["DISABLE_MULTIPROC"] = "1"

import corpora  # noqa: E402
from lm_eval.api import metrics as harness  # noqa: E402

from ngram_core.adapters import lm_eval as ours  # noqa: E402


def timed(function, *args):
    start = time.perf_counter()
    value = function(*args)
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    refs, systems = corpora.ranked_systems(1)
    items = [[r, h] for r, h in zip(refs, systems[0])][:args.segments]
    assert ours.bleu(items) == harness.bleu(items), "corpus BLEU differs"
    runs = {"harness 100": [], "harness 1,000": [], "ours 100,000": []}
    errors = {}
    for _ in range(args.repeats):
        for name, call in (("harness 100", lambda: harness.bootstrap_stderr(harness.bleu, items, iters=100)),
                           ("harness 1,000", lambda: harness.bootstrap_stderr(harness.bleu, items, iters=1000)),
                           ("ours 100,000", lambda: ours.bleu.stderr(items, 100000))):
            seconds, errors[name] = timed(call)
            runs[name].append(seconds)
    load = os.getloadavg()[0]
    print(f"{len(items)} segments, BLEU {harness.bleu(items):.4f} (equal); {platform.machine()}, "
          f"{os.cpu_count()} cores, load {load:.1f}; medians of {args.repeats}")
    print("| what | resamples | seconds | per 1,000 resamples | standard error (BLEU points) | time / ours |")
    print("|---|---|---|---|---|---|")
    ours_time = statistics.median(runs["ours 100,000"])
    for name, times in runs.items():
        n = int(name.split()[-1].replace(",", ""))
        median = statistics.median(times)
        print(f"| {name.split()[0]} | {n:,} | {median:.2f} | {1000 * median / n:.3f} | {errors[name]:.4f} | "
              f"{median / ours_time:.2f}x |")


if __name__ == "__main__":
    main()
