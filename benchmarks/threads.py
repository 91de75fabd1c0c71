"""Two cores, measured where the machine is shared: the CPU time of the calling thread
(the serial path plus its own share of the parts; on an idle machine the call's wall
time cannot be less) and of the whole process, for ``corpus_bleu`` and ``corpus_nist`` on
all WMT segments, on one thread (``compiled.set_threads(1)``) and by the threads rule.

    python benchmarks/threads.py               # medians of 5 calls after 2 warm ones
    python benchmarks/threads.py --repeats 9

"Before" figures: the same command with ``PYTHONPATH`` at an older checkout.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import corpora  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    import ngram_core
    from ngram_core import compiled
    from ngram_core.bleu import corpus_bleu
    from ngram_core.nist import corpus_nist

    c = corpora.all_systems()
    print(f"# {ngram_core.__file__}, {len(c)} segments, load {os.getloadavg()[0]:.1f}")
    print("| call | threads | calling-thread CPU s | process CPU s | wall s |\n|---|---|---|---|---|")
    for name, call in [("BLEU", lambda: corpus_bleu(c.hypotheses, c.references)),
                       ("NIST", lambda: corpus_nist(c.hypotheses, c.references))]:
        for setting in (1, None):
            compiled.set_threads(setting)
            try:
                call(), call()
                rows = []
                for _ in range(args.repeats):
                    thread, process, wall = time.thread_time(), time.process_time(), time.perf_counter()
                    call()
                    rows.append((time.thread_time() - thread, time.process_time() - process,
                                 time.perf_counter() - wall))
            finally:
                compiled.set_threads(None)
            medians = [statistics.median(row[i] for row in rows) for i in range(3)]
            n_threads = setting or compiled.threads(10 ** 9)
            print(f"| {name} | {n_threads} | " + " | ".join(f"{m:.3f}" for m in medians) + " |")
    print(f"# load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
