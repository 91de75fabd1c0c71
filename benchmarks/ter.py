"""TER against sacreBLEU 2.6.0, side by side in one run (results in benchmarks/README.md).

    python benchmarks/ter.py                    # every row; --segments N: the first N WMT segments
    python benchmarks/ter.py --only corpus      # corpus, process, reward or bound

- corpus: corpus TER of the WMT segments (every non-CJK system, every reference) in one
  process, through ``ngram_core.load("ter").compute`` (the evaluate path) and
  ``ngram_core.ter.corpus_ter``, against ``sacrebleu.metrics.TER().corpus_score``; the
  scores must be equal. The compiled kernel is loaded first (its start is a row of its own).
- process: one test set (newstest2021 de-en Online-A, reference A) as whole processes in
  turn: ``ngram-score REF -i SYS -m ter -b`` against ``sacrebleu REF -i SYS -m ter -b``.
- reward: 64 fresh completions per call (WMT segments against their first reference):
  ``ngram_core.rewards.trl("ter")`` against a ``sentence_ter`` loop (``1 - score / 100``).
- bound: seconds for a 1,000-word pair (``ngram_core.ter.MAX_WORDS``) of repeated words,
  repeated words (the search tries its 1,000 candidates) and shuffled text.
Prints the load (``os.getloadavg``) beside every row.
"""
from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from corpora import WMT, all_systems, head  # noqa: E402


def _load() -> str:
    return "load %.1f" % os.getloadavg()[0]


def _timed(function, repeats: int = 1):
    times, value = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        value = function()
        times.append(time.perf_counter() - start)
    return statistics.median(times), value


def corpus_row(segments: int) -> None:
    import ngram_core
    from ngram_core.ter import corpus_ter
    from sacrebleu.metrics import TER

    corpus = all_systems()
    if segments:
        corpus = head(corpus, segments)
    start, _ = _timed(lambda: corpus_ter(["a b"], [["b a"]]))  # (numba's start)
    ngram_core.compiled.prefer(True)
    start, _ = _timed(lambda: corpus_ter(["a b"], [["b a"]]))
    metric = ngram_core.load("ter")
    ours, score = _timed(lambda: corpus_ter(corpus.hypotheses, corpus.references)["score"])
    evaluate_path, via = _timed(lambda: metric.compute(predictions=corpus.hypotheses, references=corpus.references)["score"])
    J = max(map(len, corpus.references))
    streams = [[refs[j] if j < len(refs) else None for refs in corpus.references] for j in range(J)]
    theirs, their_score = _timed(lambda: TER().corpus_score(corpus.hypotheses, streams).score)
    assert score == via == their_score, (score, via, their_score)
    print(f"corpus TER, {len(corpus):,} segments ({_load()}): corpus_ter {ours:.2f} s, load('ter').compute "
          f"{evaluate_path:.2f} s, sacreBLEU TER().corpus_score {theirs:.2f} s: {theirs / ours:.1f}x / "
          f"{theirs / evaluate_path:.1f}x; score {score:.4f} both")


def process_row(repeats: int) -> None:
    pair = WMT / "newstest2021" / "de-en"
    ref, system = str(pair / "ref.A.txt"), str(pair / "sys.Online-A.txt")
    sacrebleu = shutil.which("sacrebleu")
    commands = {"ngram-score": [sys.executable, "-m", "ngram_core", ref, "-i", system, "-m", "ter", "-b"],
                "sacrebleu": [sacrebleu, ref, "-i", system, "-m", "ter", "-b"]}
    times = {name: [] for name in commands}
    outputs = {}
    for _ in range(repeats):  # in turn, so both see the same load
        for name, command in commands.items():
            start = time.perf_counter()
            outputs[name] = subprocess.run(command, capture_output=True, text=True, check=True).stdout.strip()
            times[name].append(time.perf_counter() - start)
    ours, theirs = statistics.median(times["ngram-score"]), statistics.median(times["sacrebleu"])
    assert outputs["ngram-score"] == outputs["sacrebleu"], outputs
    print(f"one test set as a process, newstest2021 de-en Online-A, 1,000 segments ({_load()}): ngram-score "
          f"{ours:.2f} s, sacrebleu {theirs:.2f} s: {theirs / ours:.1f}x; both print {outputs['sacrebleu']}")


def reward_row(calls: int) -> None:
    from ngram_core.rewards import trl
    from sacrebleu import sentence_ter

    corpus = all_systems()
    reward = trl("ter")  # (made once: the kernels load here)
    batches = [(corpus.hypotheses[k * 64:(k + 1) * 64], [r[0] for r in corpus.references[k * 64:(k + 1) * 64]])
               for k in range(calls)]
    ours, mine = _timed(lambda: [reward(prompts=None, completions=h, reference=r) for h, r in batches])
    theirs, other = _timed(lambda: [[1 - sentence_ter(c, [r]).score / 100 for c, r in zip(h, refs)]
                                    for h, refs in batches])
    assert mine == other
    print(f"rewards, {calls} calls of 64 fresh completions ({_load()}): trl('ter') {1000 * ours / calls:.2f} ms a call, "
          f"sentence_ter loop {1000 * theirs / calls:.1f} ms: {theirs / ours:.1f}x; equal rewards")


def bound_row() -> None:
    from ngram_core import compiled
    from ngram_core.ter import MAX_WORDS, corpus_ter

    compiled.prefer(True)
    corpus_ter(["a b"], ["b a"])
    rng = random.Random(3)
    words = [f"w{i}" for i in range(20)]
    ref = [rng.choice(words) for _ in range(MAX_WORDS)]
    shuffled = ref[:]
    for _ in range(MAX_WORDS // 4):
        i, j = rng.randrange(MAX_WORDS - 4), rng.randrange(MAX_WORDS - 4)
        shuffled[i:i + 3], shuffled[j:j + 3] = shuffled[j:j + 3], shuffled[i:i + 3]
    cases = {"repeated words": (" ".join(["a", "b", "c", "d"] * (MAX_WORDS // 4)),
                                " ".join(["d", "c", "b", "a"] * (MAX_WORDS // 4))),
             "shuffled text": (" ".join(shuffled), " ".join(ref))}
    for name, (hyp, reference) in cases.items():
        seconds, result = _timed(lambda: corpus_ter([hyp], [reference]), repeats=3)
        print(f"bound, a {MAX_WORDS:,}-word pair of {name} ({_load()}): {seconds:.2f} s compiled "
              f"({result['num_edits']} edits)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=["corpus", "process", "reward", "bound"])
    parser.add_argument("--segments", type=int, default=0, help="the first N WMT segments (0: all 59,516)")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.only in (None, "bound"):
        bound_row()
    if args.only in (None, "reward"):
        reward_row(20)
    if args.only in (None, "process"):
        process_row(args.repeats)
    if args.only in (None, "corpus"):
        corpus_row(args.segments)


if __name__ == "__main__":
    main()
