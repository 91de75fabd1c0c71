"""The standard error of corpus BLEU inside the harnesses: their own bootstrap against ours.

    python benchmarks/harness_bootstrap.py                     # 2,000 segments: their 100 and 1,000, ours 100,000
    python benchmarks/harness_bootstrap.py --segments 14879    # every segment of ranked_systems (its 1,000: ~10 min)
    python benchmarks/harness_bootstrap.py --harnesses lighteval   # in lighteval's venv (.ci/run makes one)

Input: the first system of ``corpora.ranked_systems`` (the non-CJK WMT pairs one after the
other, first reference), the first ``--segments`` of them, as each harness's items. In one run,
one harness after the other (each where it imports; lm_eval 0.4.13 installs beside lighteval):

- lm-evaluation-harness: ``lm_eval.api.metrics.bootstrap_stderr(bleu, items, iters)``
  (sacreBLEU's ``corpus_bleu`` on each resample; ``DISABLE_MULTIPROC=1``: one process, as ours)
  at 100 resamples (the cap its evaluator puts on ``bleu``) and at 1,000;
- lighteval: ``lighteval.metrics.utils.stderr.bootstrap_stderr`` of its ``bleu`` (sacreBLEU's
  ``BLEU().corpus_score`` on each resample, in its pool of ``cpu_count()`` processes) at 100 and
  at 1,000 (its default ``bootstrap_iters``); its ``nltk.download("punkt_tab")`` before each
  corpus score (a network request, unused by the score) is made a no-op. It reports the
  standard deviation of the resampled scores over ``sqrt(resamples)``; the table gives that
  standard deviation, its figure times ``sqrt(resamples)``;

against the harness's adapter of ours at 100,000 resamples (lm_eval's default
``bootstrap_iters``), statistics of the items included. Medians of ``--repeats``; the corpus
scores are checked equal.
"""
from __future__ import annotations

import argparse
import importlib.util
import math
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


def lm_eval_rows(refs, hyps):
    from lm_eval.api import metrics as harness

    from ngram_core.adapters import lm_eval as ours
    items = [[r, h] for r, h in zip(refs, hyps)]
    assert ours.bleu(items) == harness.bleu(items), "corpus BLEU differs"
    return "lm_eval 0.4.13", harness.bleu(items), {
        100: lambda: harness.bootstrap_stderr(harness.bleu, items, iters=100),
        1000: lambda: harness.bootstrap_stderr(harness.bleu, items, iters=1000),
    }, lambda: ours.bleu.stderr(items, 100000)


def lighteval_rows(refs, hyps):
    import nltk
    from lighteval.metrics.metrics import Metrics
    from lighteval.metrics.sample_preparator import GenerativeCorpusMetricInput
    from lighteval.metrics.utils.stderr import bootstrap_stderr

    from ngram_core.adapters.lighteval import METRICS
    nltk.download = lambda *args, **kwargs: True  # see the docstring: a request per corpus score, unused
    items = [GenerativeCorpusMetricInput(golds=[r], preds=[h]) for r, h in zip(refs, hyps)]
    theirs, ours = Metrics.bleu.value.get_corpus_aggregations()["bleu"], METRICS["bleu"].corpus_level_fn
    assert ours.compute_corpus(items) == theirs(items), "corpus BLEU differs"
    return "lighteval 0.13.0", theirs(items), {
        n: (lambda n=n: bootstrap_stderr(theirs, items, number_experiments=n) * math.sqrt(n)) for n in (100, 1000)
    }, lambda: ours.stderr(items, 100000)


HARNESSES = {"lm_eval": lm_eval_rows, "lighteval": lighteval_rows}


def timed(function):
    start = time.perf_counter()
    value = function()
    return time.perf_counter() - start, value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--segments", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--harnesses", nargs="+", choices=sorted(HARNESSES), default=sorted(HARNESSES))
    args = parser.parse_args()
    missing = [name for name in args.harnesses if importlib.util.find_spec(name) is None]
    for name in missing:
        print(f"{name} is not installed here: no rows for it (lighteval lives in a venv of its own: see .ci/run)")
    refs, systems = corpora.ranked_systems(1)
    refs, hyps = refs[:args.segments], systems[0][:args.segments]
    print(f"{len(hyps)} segments; {platform.machine()}, {os.cpu_count()} cores; medians of {args.repeats}")
    print("| harness | what | resamples | seconds | per 1,000 resamples | standard error (BLEU points) | time / ours | load |")
    print("|---|---|---|---|---|---|---|---|")
    for name in args.harnesses:
        if name in missing:
            continue
        label, bleu, theirs, ours = HARNESSES[name](refs, hyps)
        calls = {("its own", n): call for n, call in theirs.items()}
        calls[("ours", 100000)] = ours
        runs = {key: [] for key in calls}
        errors, loads = {}, {}
        for _ in range(args.repeats):
            for key, call in calls.items():
                seconds, errors[key] = timed(call)
                runs[key].append(seconds)
                loads[key] = os.getloadavg()[0]
        ours_time = statistics.median(runs[("ours", 100000)])
        for (what, n), times in runs.items():
            median = statistics.median(times)
            print(f"| {label} (BLEU {bleu:.4f}, equal) | {what} | {n:,} | {median:.2f} | {1000 * median / n:.3f} | "
                  f"{errors[(what, n)]:.4f} | {median / ours_time:.2f}x | {loads[(what, n)]:.1f} |")


if __name__ == "__main__":
    main()
