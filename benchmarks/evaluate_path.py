"""The evaluate path against the core function, every metric, in one process (issue 39).

    python benchmarks/evaluate_path.py                  # every metric, 9 rounds (TER, METEOR: 3)
    python benchmarks/evaluate_path.py --only bleu ter  # some rows; --repeats N; --segments N

For each row, on the same Python lists: the core function (``bleu.corpus_bleu``...), the
metric script through ``evaluate.load("<repo>/<name>_custom", **options).compute(...)``
and through ``ngram_core.load(name, **options).compute(...)``, the three calls in turn
(the order rotates each round), one warm call each first (imports, numba's compiled code,
WordNet). The ratio is the median over the rounds of (path / core) in the same round;
the seconds are medians; "(CPU)" is the same ratio of the process's CPU seconds (user +
system, every thread). The scores must be equal (asserted).

Inputs: the WMT corpus of ``run.py`` (``corpora.all_systems``: every non-CJK system,
59,516 segments) for BLEU, NIST, chrF, chrF++ and TER; its English targets
(``corpora.english_targets``, 39,344 segments) for both METEORs; for CIDEr-D and ROUGE-L
the captioning benchmark's set (``caption_sets.caption_set(5000, captions=5, seed=44,
raw=True)``: the raw captions, each metric's own default tokenizing; the PTB tokenizer is a
plugin). The load average (1 min)
is printed at the start and the end of every row.
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # caption_sets, as captioning.py

import corpora  # noqa: E402


def _captions():
    from helpers.caption_sets import caption_set

    return caption_set(5000, captions=5, seed=44, raw=True)


def _wmt():
    corpus = corpora.all_systems()
    return corpus.hypotheses, corpus.references


def _english():
    corpus = corpora.english_targets()
    return corpus.hypotheses, corpus.references


# row: (metric name in the registry, options, the score's key, the corpus)
ROWS = {
    "bleu": ("bleu", {}, "score", _wmt),
    "nist": ("nist", {}, "score", _wmt),
    "chrf": ("chrf", {}, "score", _wmt),
    "chrf++": ("chrf", {"word_order": 2}, "score", _wmt),
    "ter": ("ter", {}, "score", _wmt),
    "meteor-nltk": ("meteor", {"variant": "nltk"}, "meteor", _english),
    "meteor-1.5": ("meteor", {}, "meteor_corpus", _english),
    "cider": ("cider", {}, "score", _captions),
    "rouge_l": ("rouge_l", {}, "score", _captions),
}


SLOW = ("ter", "meteor-nltk", "meteor-1.5")  # several seconds a call: 3 rounds unless --repeats


def _load() -> float:
    return os.getloadavg()[0]


def _score(result, key):
    return result[key] if key in result else result


def measure(row: str, repeats: int, segments: int, inputs_cache: dict):
    import evaluate
    import ngram_core

    name, options, key, inputs = ROWS[row]
    if inputs not in inputs_cache:
        inputs_cache[inputs] = inputs()
    hyps, refs = inputs_cache[inputs]
    if segments:
        hyps, refs = hyps[:segments], refs[:segments]
    from ngram_core.adapters.space.card import metric_script

    # the script's own file: a folder evaluate does not find would be looked up on the Hub (a download)
    script = evaluate.load(str(metric_script(REPO / f"{name}_custom")), **options)
    core_function = type(script).corpus_function
    packaged = ngram_core.load(name, **options)
    calls = {
        "core": lambda h, r: core_function(h, r, **options),
        "evaluate.load": lambda h, r: script.compute(predictions=h, references=r),
        "ngram_core.load": lambda h, r: packaged.compute(predictions=h, references=r),
    }
    for call in calls.values():  # warm: imports, compiled code, lazy resources
        call(hyps[:50], refs[:50])
    times = {path: [] for path in calls}
    cpu = {path: [] for path in calls}
    scores = {}
    load_before = _load()
    order = list(calls)
    for round_ in range(repeats):
        for path in order[round_ % 3:] + order[:round_ % 3]:
            gc.collect()
            start, start_cpu = time.perf_counter(), time.process_time()
            scores[path] = _score(calls[path](hyps, refs), key)
            times[path].append(time.perf_counter() - start)
            cpu[path].append(time.process_time() - start_cpu)
    load_after = _load()
    assert scores["core"] == scores["evaluate.load"] == scores["ngram_core.load"], (row, scores)

    def ratio(series, path):
        return statistics.median(t / c for t, c in zip(series[path], series["core"]))

    return {"row": row, "segments": len(hyps), "seconds": {p: statistics.median(t) for p, t in times.items()},
            "ratios": {p: ratio(times, p) for p in calls}, "cpu_ratios": {p: ratio(cpu, p) for p in calls},
            "score": scores["core"], "load": (load_before, load_after),
            "function": f"{core_function.__module__}.{core_function.__name__}"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", nargs="+", choices=list(ROWS), default=list(ROWS))
    parser.add_argument("--repeats", type=int, default=0, help="rounds (0: 9, or 3 for the rows of SLOW)")
    parser.add_argument("--segments", type=int, default=0, help="the first N segments only (0: all)")
    args = parser.parse_args()
    from ngram_core import compiled

    compiled.prefer(True)  # the compiled kernels, as a long-running process has them
    print(f"{time.strftime('%Y-%m-%d %H:%M', time.gmtime())} UTC, load {_load():.1f}, {os.cpu_count()} CPUs")
    print("| metric | segments | core function s | `evaluate.load(...).compute` s | ratio (CPU) | "
          "`ngram_core.load(...).compute` s | ratio (CPU) | rounds | load (start-end) |")
    print("|---|---|---|---|---|---|---|---|---|")
    cache: dict = {}
    for row in args.only:
        repeats = args.repeats or (3 if row in SLOW else 9)
        m = measure(row, repeats, args.segments, cache)
        s, r, c = m["seconds"], m["ratios"], m["cpu_ratios"]
        print(f"| {row} (`{m['function']}`) | {m['segments']:,} | {s['core']:.3f} | {s['evaluate.load']:.3f} | "
              f"{r['evaluate.load']:.2f}x ({c['evaluate.load']:.2f}x) | {s['ngram_core.load']:.3f} | "
              f"{r['ngram_core.load']:.2f}x ({c['ngram_core.load']:.2f}x) | {repeats} | "
              f"{m['load'][0]:.1f}-{m['load'][1]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
