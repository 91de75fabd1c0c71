"""Pairwise matrices, self-BLEU, rewards and METEOR pairs against the tools people use now.

    pip install -e '.[bench]' && pip install --no-deps mbrs   # mbrs's dependencies would replace numpy and pyarrow
    python benchmarks/pairwise.py > pairwise.log               # about 5 minutes; figures in benchmarks/README.md
    python benchmarks/pairwise.py --only-chrf                  # the chrF matrix and reward only

Inputs are real WMT sentences (``corpora.english_targets()``: system outputs into English).
Every figure is a median of repeated runs in one warm process (numba's kernels loaded,
as in a long-running job), except the slow baselines, run once; the load (``uptime``) is
printed with them. Parts:

1. BLEU matrix 512 x 512: ``ngram_core.pairwise("bleu", ...)`` against a loop of
   ``sacrebleu.sentence_bleu`` and ``mbrs``'s ``MetricBLEU.pairwise_scores`` (a process pool
   over sacreBLEU, ``num_workers`` = the machine's cores); peak memory of the call
   (``tracemalloc``: numpy's and numba's arrays) and of the process. Then 2,048 x 2,048.
   chrF 512 x 512 against a loop of ``sacrebleu.sentence_chrf`` and ``fastchrf.pairwise_chrf``
   (Rust, threads; not sacreBLEU's numbers: the gap is printed), and the chrF reward of 64
   fresh completions against the ``sentence_chrf`` loop.
2. Self-BLEU of 2,000 sentences: the sacreBLEU definition (a loop over ``sacrebleu.sentence_bleu``
   is timed on its first 50 texts and scaled to 2,000: each call costs the same, against 1,999
   references) and the Texygen definition against ``fast_bleu.SelfBLEU`` (C++, threads).
3. Rewards: batches of 1, 8, 64 and 512 *fresh* completions (sentences never scored before
   in the process) with their references, ``ngram_core.rewards.trl("bleu")`` called as TRL
   calls it, against a loop of ``sacrebleu.sentence_bleu`` on the same batches.
4. METEOR 1.5 pairs: ``pairwise("meteor", 40 x 40)`` (texts METEOR has not seen, once) against
   the jar scoring the same 1,600 pairs in one process (``java -jar meteor-1.5.jar HYP REF -l en -norm``, JVM start included).
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
import types
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import corpora  # noqa: E402
import numpy as np  # noqa: E402
import sacrebleu  # noqa: E402

import ngram_core  # noqa: E402
from ngram_core import rewards  # noqa: E402


def say(text: str) -> None:
    print(text, flush=True)


def load() -> str:
    return os.getloadavg().__repr__()


def median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def once(fn):
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def peak_traced(fn) -> float:
    """Peak MB allocated during ``fn()`` (tracemalloc: Python objects, numpy and numba arrays)."""
    tracemalloc.start()
    fn()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak / 2**20


def max_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def sentence_pool():
    """Distinct English sentences (outputs and references), in a fixed order."""
    corpus = corpora.english_targets()
    seen = dict.fromkeys(h for h in corpus.hypotheses if h.strip())
    refs = dict.fromkeys(r for refs in corpus.references for r in refs if r.strip())
    return list(seen), list(refs)


def mbrs_bleu(workers: int):
    """mbrs's MetricBLEU. Its metrics package imports every metric, and the neural ones fail
    under transformers 5: those modules are stubbed (BLEU uses none of them)."""
    neural = {"bertscore": "MetricBERTScore", "bleurt": "MetricBLEURT", "comet": "MetricCOMET",
              "cometkiwi": "MetricCOMETkiwi", "metricx": "MetricMetricX", "xcomet": "MetricXCOMET"}
    for module, name in neural.items():
        stub = types.ModuleType(f"mbrs.metrics.{module}")
        setattr(stub, name, None)
        sys.modules.setdefault(f"mbrs.metrics.{module}", stub)
    try:
        from mbrs.metrics import MetricBLEU
    except ImportError as err:
        say(f"  mbrs: not importable ({err}); skipped")
        return None
    return MetricBLEU(MetricBLEU.Config(num_workers=workers))


def matrices(hyps, refs) -> None:
    n = 512
    cands, pseudo = hyps[:n], refs[:n]
    ngram_core.pairwise("bleu", cands[:4], pseudo[:4])  # load the kernels
    ours = median_time(lambda: ngram_core.pairwise("bleu", cands, pseudo), 5)
    peak = peak_traced(lambda: ngram_core.pairwise("bleu", cands, pseudo))
    say(f"BLEU {n}x{n}: ngram_core {ours:.3f} s ({n * n / ours:,.0f} pairs/s), peak traced {peak:.0f} MB; load {load()}")
    loop, matrix = once(lambda: [[sacrebleu.sentence_bleu(c, [r]).score for r in pseudo] for c in cands])
    say(f"  sacrebleu.sentence_bleu loop {loop:.1f} s ({n * n / loop:,.0f} pairs/s): ngram_core is {loop / ours:.0f}x; "
        f"load {load()}")
    ours_matrix = ngram_core.pairwise("bleu", cands, pseudo)
    same = np.minimum(np.array(matrix), 100.0) / 100.0
    say(f"  entries equal to sacreBLEU's: {(ours_matrix == same).sum()} of {n * n}")
    metric = mbrs_bleu(os.cpu_count() or 1)
    if metric is not None:
        took, _ = once(lambda: metric.pairwise_scores(cands, pseudo))
        say(f"  mbrs MetricBLEU.pairwise_scores ({os.cpu_count()} workers) {took:.1f} s: ngram_core is "
            f"{took / ours:.0f}x; load {load()}")
    n = 2048
    cands, pseudo = hyps[:n], refs[:n]
    big = median_time(lambda: ngram_core.pairwise("bleu", cands, pseudo), 3)
    peak = peak_traced(lambda: ngram_core.pairwise("bleu", cands, pseudo))
    say(f"BLEU {n}x{n}: ngram_core {big:.2f} s ({n * n / big:,.0f} pairs/s), peak traced {peak:.0f} MB "
        f"(the result alone: {n * n * 8 / 2**20:.0f} MB), process max RSS {max_rss_mb():.0f} MB; load {load()}")


def chrf_matrix(hyps, refs) -> None:
    """chrF 512 x 512: ours against a loop of sacreBLEU's ``sentence_chrf`` and fastchrf's
    ``pairwise_chrf`` (Rust; its own chrF: how far its entries are from sacreBLEU's)."""
    n = 512
    cands, pseudo = hyps[:n], refs[:n]
    ngram_core.pairwise("chrf", cands[:4], pseudo[:4])  # load the kernels
    ours = median_time(lambda: ngram_core.pairwise("chrf", cands, pseudo), 5)
    say(f"chrF {n}x{n}: ngram_core {ours:.3f} s ({n * n / ours:,.0f} pairs/s); load {load()}")
    loop, matrix = once(lambda: [[sacrebleu.sentence_chrf(c, [r]).score for r in pseudo] for c in cands])
    say(f"  sacrebleu.sentence_chrf loop {loop:.1f} s: ngram_core is {loop / ours:.0f}x; load {load()}")
    theirs = np.array(matrix) / 100
    say(f"  entries equal to sacreBLEU's: {(ngram_core.pairwise('chrf', cands, pseudo) == theirs).sum()} of {n * n}")
    try:
        import fastchrf
    except ImportError:
        say("  fastchrf: not installed (pip install fastchrf==0.2.1); skipped")
        return
    fast = median_time(lambda: fastchrf.pairwise_chrf([cands], [pseudo]), 5)
    got = np.array(fastchrf.pairwise_chrf([cands], [pseudo])[0]) / 100
    gap = np.abs(got - theirs)
    say(f"  fastchrf.pairwise_chrf {fast:.3f} s: ngram_core is {fast / ours:.2f}x; its entries against sacreBLEU's "
        f"(0-1): {(gap == 0).sum()} of {n * n} equal, largest difference {gap.max():.3g}, mean {gap.mean():.3g}; "
        f"load {load()}")


def self_bleu(hyps) -> None:
    texts = hyps[:2000]
    ngram_core.self_bleu(texts[:3])
    ours = median_time(lambda: ngram_core.self_bleu(texts), 5)
    head = 50
    loop, _ = once(lambda: [sacrebleu.sentence_bleu(t, texts[:i] + texts[i + 1:]).score for i, t in
                            enumerate(texts[:head])])
    scaled = loop * len(texts) / head
    say(f"self-BLEU 2000 (sacreBLEU sentence BLEU): ngram_core {ours:.3f} s; sacreBLEU loop ~{scaled:.0f} s "
        f"({head} texts timed, scaled): {scaled / ours:.0f}x; load {load()}")
    tokens = [t.split() for t in texts]
    nltk_def = median_time(lambda: ngram_core.self_bleu(texts, variant="nltk", tokenize="none"), 5)
    try:
        import fast_bleu
    except ImportError:
        say("  fast-bleu not installed; skipped")
        return
    theirs = median_time(lambda: fast_bleu.SelfBLEU(tokens).get_score(), 3)
    ours_value = ngram_core.self_bleu(texts, variant="nltk", tokenize="none")
    their_value = float(np.mean(fast_bleu.SelfBLEU(tokens).get_score()[4]))
    say(f"self-BLEU 2000 (Texygen: NLTK method1, 4-gram): ngram_core {nltk_def:.3f} s, fast-bleu SelfBLEU "
        f"{theirs:.3f} s ({os.cpu_count()} threads): {theirs / nltk_def:.1f}x; values {ours_value!r} vs "
        f"{their_value!r}; load {load()}")


def reward_batches(hyps, refs, metric="bleu", sizes=((1, 101), (8, 51), (64, 21), (512, 7))) -> None:
    """``rewards.trl(metric)`` on fresh batches against a loop of sacreBLEU's ``sentence_<metric>``."""
    reward = rewards.trl(metric)
    sentence = getattr(sacrebleu, f"sentence_{metric}")
    pool = iter(range(len(hyps)))
    for size, repeats in sizes:
        batches = []
        for _ in range(repeats):
            rows = [next(pool) for _ in range(size)]
            batches.append(([hyps[k] for k in rows], [refs[k % len(refs)] for k in rows]))
        ours, theirs = [], []
        for completions, references in batches:  # fresh texts every call
            start = time.perf_counter()
            reward(prompts=["p"] * size, completions=completions, completion_ids=None, reference=references)
            ours.append(time.perf_counter() - start)
        for completions, references in batches:
            start = time.perf_counter()
            [sentence(c, [r]).score / 100 for c, r in zip(completions, references)]
            theirs.append(time.perf_counter() - start)
        a, b = statistics.median(ours), statistics.median(theirs)
        say(f"{metric} reward, {size} fresh completions: ngram_core {a * 1e3:.2f} ms, sacreBLEU loop {b * 1e3:.2f} ms: "
            f"{b / a:.1f}x (medians of {repeats}); load {load()}")


def meteor_pairs(hyps, refs) -> None:
    import importlib.util

    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None:
        say("METEOR: pycocoevalcap (the jar) not installed; skipped")
        return
    jar = Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"
    cands, pseudo = hyps[:40], refs[:40]
    ngram_core.pairwise("meteor", hyps[-2:], refs[-2:])  # load the tables (on other texts)
    ours, _ = once(lambda: ngram_core.pairwise("meteor", cands, pseudo))  # texts never seen by METEOR before
    with tempfile.TemporaryDirectory() as folder:
        hyp, ref = Path(folder) / "hyp", Path(folder) / "ref"
        hyp.write_text("".join(c + "\n" for c in cands for _ in pseudo), encoding="utf-8")
        ref.write_text("".join(r + "\n" for _ in cands for r in pseudo), encoding="utf-8")
        took, _ = once(lambda: subprocess.run(["java", "-Xmx2G", "-jar", str(jar), str(hyp), str(ref), "-l", "en",
                                               "-norm"], capture_output=True, check=True))
    pairs = len(cands) * len(pseudo)
    say(f"METEOR 1.5, {pairs} pairs: ngram_core {pairs / ours:,.0f} pairs/s ({ours:.2f} s), the jar "
        f"{pairs / took:,.0f} pairs/s ({took:.2f} s, one process): {took / ours:.1f}x; load {load()}")


def main() -> None:
    hyps, refs = sentence_pool()
    say(f"{len(hyps)} distinct outputs, {len(refs)} distinct references; {os.cpu_count()} cores; load {load()}")
    if "--only-chrf" in sys.argv:
        chrf_matrix(hyps, refs)
        reward_batches(hyps[4000:], refs, "chrf")
        return
    matrices(hyps, refs)
    chrf_matrix(hyps, refs)
    self_bleu(hyps)
    reward_batches(hyps[4000:], refs)
    reward_batches(hyps[4000:], refs, "chrf")
    meteor_pairs(hyps, refs)


if __name__ == "__main__":
    main()
