"""NIST against NLTK's ``corpus_nist`` (and our BLEU) on the 59,516 WMT segments, in one process.

    python benchmarks/nist.py [--repeats N] [--repo CHECKOUT] [--no-nltk]

The process declares itself long-running (``compiled.long_running()``, as ``run.py``
does), so our metrics run their compiled kernels. Each repetition times ``ours_nist``,
``ours_bleu`` (their compiled steps on the cores, the default for this input:
``ngram_core.compiled.threads``), the same on one thread (``_1_thread``: the single-core
figures) and ``nltk_nist`` (``run.py``'s: NLTK on our 13a tokens, tokenizing
included) in a rotating order, after one unmeasured call of ours; every figure is a
median, of wall and of CPU time (user + system of this process: on a shared machine less
disturbed by the other jobs than the wall time), and the load average (1 min) is printed. ``--repo`` imports
``ngram_core`` from another checkout (an export of an older commit, say: the "before"
of a change), with this checkout's benchmark scripts. Then the phases of our NIST call
(tokenizing, the statistics, the score) are timed on their own.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--repo", help="import ngram_core from this checkout")
    parser.add_argument("--no-nltk", action="store_true", help="ours only (NLTK takes about 20 s a call)")
    args = parser.parse_args()
    if args.repo:
        sys.path.insert(0, str(Path(args.repo).resolve()))
    sys.path.insert(0, str(HERE))
    import corpora
    import run
    from ngram_core import compiled

    compiled.long_running()
    corpus = corpora.all_systems()
    tools = {name: run.TOOLS[name] for name in ("ours_nist", "ours_nist_1_thread", "ours_bleu", "ours_bleu_1_thread")}
    if not args.no_nltk:
        tools["nltk_nist"] = run.nltk_nist
    scores = {name: tool(corpus) for name, tool in tools.items() if name != "nltk_nist"}  # compiled, warm
    times = {name: [] for name in tools}
    cpu = {name: [] for name in tools}
    loads = []
    names = list(tools)
    for rep in range(args.repeats):
        for name in names[rep % len(names):] + names[: rep % len(names)]:
            loads.append(os.getloadavg()[0])
            start, start_cpu = time.perf_counter(), time.process_time()
            scores[name] = tools[name](corpus)
            times[name].append(time.perf_counter() - start)
            cpu[name].append(time.process_time() - start_cpu)
    import ngram_core

    print(f"ngram_core from {Path(ngram_core.__file__).parent}; {len(corpus):,} segments; {args.repeats} runs each; "
          f"load {min(loads):.1f}-{max(loads):.1f}")
    ours, ours_cpu = statistics.median(times["ours_nist"]), statistics.median(cpu["ours_nist"])
    for name in names:
        median, median_cpu = statistics.median(times[name]), statistics.median(cpu[name])
        print(f"{name:10s} wall {median:7.3f} s ({median / ours:5.2f}x ours_nist; runs "
              f"{', '.join(f'{t:.2f}' for t in times[name])})  CPU {median_cpu:7.3f} s ({median_cpu / ours_cpu:5.2f}x)"
              f"  score {scores[name]:.6f}")
    phases(corpus, args.repeats)


def phases(corpus, repeats: int) -> None:
    """Medians of the steps of one NIST call: tokenizing, the statistics, the score."""
    from ngram_core.ngrams.index import tokenize_corpus
    from ngram_core.nist import nist_scores, nist_statistics

    steps = {"tokenize": [], "statistics": [], "score": []}
    for _ in range(repeats):
        start = time.perf_counter()
        tokenized = tokenize_corpus(corpus.hypotheses, corpus.references)
        steps["tokenize"].append(time.perf_counter() - start)
        start = time.perf_counter()
        stats = nist_statistics(tokenized, 5)
        steps["statistics"].append(time.perf_counter() - start)
        start = time.perf_counter()
        nist_scores(stats)
        steps["score"].append(time.perf_counter() - start)
    print("phases of ours_nist (medians): " + ", ".join(f"{k} {statistics.median(v):.3f} s" for k, v in steps.items())
          + f"; load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
