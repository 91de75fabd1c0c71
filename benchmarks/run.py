"""Speed and memory of our metrics next to their peers, in one run, as ratios.

    python benchmarks/run.py                 # everything (about 10-15 minutes on 2 cores)
    python benchmarks/run.py --repeats 5     # more runs per figure (medians)
    python benchmarks/run.py --only bleu     # one metric: bleu, nist, meteor or chrf
    python benchmarks/run.py --only batch    # small-batch latency (sentence-level BLEU as a reward)
    python benchmarks/run.py --only meteor-1.5   # METEOR 1.5 against the jar (whole processes)
    python benchmarks/run.py --only chrf-torchmetrics --input first_100   # variant='torchmetrics' / CHRFScore

Every time is the median of ``--repeats`` runs; within a repetition the tools run
one after the other in a rotating order, so a slow phase of the machine hits all of
them. Peak memory is measured in a fresh subprocess per (tool, input): the growth of
the resident set's high-water mark while the tool runs, over what the loaded input
already used. Scores are checked for agreement in the same run.

Rows named ``ours_via_evaluate_load_<metric>`` are our own metrics called through
``evaluate.load("<metric>_custom").compute`` (evaluate's overhead on top of ours), not
🤗 evaluate's own ``bleu``, ``nist_mt`` or ``meteor`` scripts.

Inputs (read from ../shared/data/wmt, see corpora.py): the all-systems corpus, the
same repeated 10x, its first 1,000 and first 100 segments (torchmetrics' chrF, ``--only
chrf-torchmetrics``), and the English targets (METEOR).

The batch-latency tables (``--only batch``) time one call on a batch of 1, 8, 64 and
512 real segments, as a training loop calls a reward: the median of many calls, the
tools alternating call by call (all five calls in turn, then ours and sacreBLEU's loop
alone in turn). "same batch" repeats one batch (every tool's caches warm, sacreBLEU's
tokenizer cache included); "new hypotheses" changes every hypothesis at every call (one
token appended), with the references repeating as in a training loop.
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, Dict, List, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "tests"))  # nltk_wordnet: NLTK's reader on Debian's WordNet files

import corpora  # noqa: E402


# --- the tools -------------------------------------------------------------------
def _streams(refs: List[List[str]]) -> List[List[str]]:
    width = max(len(r) for r in refs)
    return [[r[i] if i < len(r) else None for r in refs] for i in range(width)]


def ours_bleu(c):
    from ngram_core.bleu import corpus_bleu

    return corpus_bleu(c.hypotheses, c.references)["score"]


def _one_thread(tool):
    """``tool`` with the compiled steps on one thread (``compiled.set_threads(1)``): the
    single-core figure beside the default's (issue 39)."""

    def run_on_one_thread(c):
        from ngram_core import compiled

        compiled.set_threads(1)
        try:
            return tool(c)
        finally:
            compiled.set_threads(None)

    run_on_one_thread.__name__ = f"{tool.__name__}_1_thread"
    return run_on_one_thread


def ours_via_evaluate_load_bleu(c):
    return _evaluate_metric("bleu_custom").compute(predictions=c.hypotheses, references=c.references)["score"]


def sacrebleu_bleu(c):
    import sacrebleu

    return sacrebleu.BLEU().corpus_score(c.hypotheses, _streams(c.references)).score


def bleuscore_bleu(c):
    import bleuscore

    return 100 * bleuscore.compute(c.references, c.hypotheses, ref_len_method="closest")["bleu"]


def split_floor(c):
    """The least any tokenizing scorer does: touch every string and split it on whitespace."""
    n = sum(len(h.split()) for h in c.hypotheses)
    n += sum(len(r.split()) for refs in c.references for r in refs)
    return float(n)


def ours_chrf(c, word_order=0):
    from ngram_core.chrf import corpus_chrf

    return corpus_chrf(c.hypotheses, c.references, word_order=word_order)["score"]


def ours_via_evaluate_load_chrf(c, word_order=0):
    return _evaluate_metric("chrf_custom", word_order=word_order).compute(predictions=c.hypotheses,
                                                                          references=c.references)["score"]


def sacrebleu_chrf(c, word_order=0):
    import sacrebleu

    return sacrebleu.CHRF(word_order=word_order).corpus_score(c.hypotheses, _streams(c.references)).score


def ours_chrfpp(c):
    return ours_chrf(c, word_order=2)


def ours_via_evaluate_load_chrfpp(c):
    return ours_via_evaluate_load_chrf(c, word_order=2)


def sacrebleu_chrfpp(c):
    return sacrebleu_chrf(c, word_order=2)


def ours_chrf_torchmetrics(c, word_order=0):
    from ngram_core.chrf import corpus_chrf

    return corpus_chrf(c.hypotheses, c.references, variant="torchmetrics", word_order=word_order)["score"]


def torchmetrics_chrf(c, word_order=0):
    from torchmetrics.text import CHRFScore

    return 100 * float(CHRFScore(n_word_order=word_order)(c.hypotheses, c.references))


def ours_chrfpp_torchmetrics(c):
    return ours_chrf_torchmetrics(c, word_order=2)


def torchmetrics_chrfpp(c):
    return torchmetrics_chrf(c, word_order=2)


def ours_nist(c):
    from ngram_core.nist import corpus_nist

    return corpus_nist(c.hypotheses, c.references)["nist"]


def ours_via_evaluate_load_nist(c):
    return _evaluate_metric("nist_custom").compute(predictions=c.hypotheses, references=c.references)["nist"]


def nltk_nist(c):
    from nltk.translate.nist_score import corpus_nist

    from ngram_core.tokenizers import tokenize

    hyps = tokenize(c.hypotheses, "13a")  # sacreBLEU's 13a as in the oracle records
    flat = tokenize([r for refs in c.references for r in refs], "13a")
    refs, i = [], 0
    for segment in c.references:
        refs.append(flat[i : i + len(segment)])
        i += len(segment)
    return corpus_nist(refs, hyps, n=5)


def ours_meteor_nltk(c):
    from ngram_core.meteor import compute_meteor

    return compute_meteor(c.hypotheses, c.references, variant="nltk")["meteor"]


def ours_via_evaluate_load_meteor(c):
    return _evaluate_metric("meteor_custom", variant="nltk").compute(predictions=c.hypotheses, references=c.references)["meteor"]


def nltk_meteor(c):
    """evaluate's meteor: NLTK's meteor_score on its word_tokenize tokens (Punkt offline, WordNet from Debian)."""
    from nltk.translate.meteor_score import meteor_score

    from helpers.nltk_offline import nltk_word_tokenize
    from helpers.nltk_wordnet import nltk_wordnet

    wordnet, word_tokenize = nltk_wordnet(), nltk_word_tokenize()
    scores = []
    for hyp, refs in zip(c.hypotheses, c.references):
        scores.append(meteor_score([word_tokenize(r) for r in refs], word_tokenize(hyp), wordnet=wordnet))
    return sum(scores) / len(scores)


def ours_meteor15(c):
    from ngram_core.meteor import compute_meteor

    return compute_meteor(c.hypotheses, c.references)["meteor_corpus"]


def jar_path() -> Path:
    import importlib.util

    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None:
        raise SystemExit("pycocoevalcap is not installed (pip install pycocoevalcap==1.2: it ships meteor-1.5.jar)")
    return Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"


Measured = Tuple[float, float, float, float]  # (wall seconds, CPU seconds, peak resident MB, corpus score)


def _timed(command: List[str], **run) -> Tuple[float, float, float, str]:
    """Run ``command`` under ``/usr/bin/time``: (wall seconds, user + system CPU seconds,
    peak resident MB, stdout). The child's stderr must end with time's line."""
    done = subprocess.run(["/usr/bin/time", "-f", "%e %U %S %M", *command], capture_output=True, text=True,
                          encoding="utf-8", check=True, **run)
    wall, user, system, peak_kb = (float(x) for x in done.stderr.split()[-4:])
    return wall, user + system, peak_kb / 1024, done.stdout


def _java(jar_args: List[str]) -> List[str]:
    return ["java", "-Xmx2G", "-jar", str(jar_path()), *jar_args, "-l", "en", "-norm"]


def _final_score(stdout: str) -> float:
    return float(next(line for line in stdout.splitlines() if line.startswith("Final score:")).split()[-1])


def _jar_files(corpus_name: str, folder: Path) -> Dict[str, List[Path]]:
    """The corpus as the jar's input files, written once into ``folder``:
    ``plaintext``: one hypothesis per line and ``-r 2`` references (two lines per
    segment; a segment with one reference has it written twice, which scores the same,
    the jar keeping the first best reference); ``sgml``: one test set whose segments
    with one reference and with two are two documents, the second reference set
    holding only the second (``-sgml``: each segment is scored against the references
    that have it, so the jar aligns exactly the corpus's references)."""
    paths = {"plaintext": [folder / "hyp.txt", folder / "ref.txt"], "sgml": [folder / "tst.sgm", folder / "ref.sgm"]}
    if all(p.is_file() for ps in paths.values() for p in ps):
        return paths
    corpus = INPUTS[corpus_name]()
    if max(len(r) for r in corpus.references) > 2:
        raise SystemExit("the jar benchmark writes at most two references per segment")
    folder.mkdir(parents=True, exist_ok=True)
    write = lambda path, lines: path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")  # noqa: E731
    write(paths["plaintext"][0], corpus.hypotheses)
    write(paths["plaintext"][1], [r for refs in corpus.references for r in (refs * 2)[:2]])

    def escape(text):  # what the jar's Normalizer.unescapeSGML undoes
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")

    def document(name, rows, texts):  # (the jar fails on an empty document)
        return ([f'<doc docid="{name}">'] + [f'<seg id="{i + 1}"> {escape(texts(i))} </seg>' for i in rows]
                + ["</doc>"]) if rows else []

    one = [i for i, refs in enumerate(corpus.references) if len(refs) == 1]
    two = [i for i, refs in enumerate(corpus.references) if len(refs) == 2]
    hyp = lambda i: corpus.hypotheses[i]  # noqa: E731
    first, second = (lambda i: corpus.references[i][0]), (lambda i: corpus.references[i][1])  # noqa: E731
    # the jar takes a segment's references in its Hashtable's order of reference ids, which for
    # "A" and "B" is A, B: the corpus's order (a tie between references goes to the first)
    header = '<{kind}set setid="wmt" srclang="any" trglang="en" {id}="{name}">'
    write(paths["sgml"][0], [header.format(kind="tst", id="sysid", name="system")] + document("one", one, hyp)
          + document("two", two, hyp) + ["</tstset>"])
    refs = [header.format(kind="ref", id="refid", name="A")] + document("one", one, first) + document(
        "two", two, first) + ["</refset>"]
    if two:
        refs += [header.format(kind="ref", id="refid", name="B")] + document("two", two, second) + ["</refset>"]
    write(paths["sgml"][1], refs)
    return paths


def jar_meteor15_plaintext(corpus_name: str, folder: Path) -> Measured:
    """``java -jar meteor-1.5.jar HYP REF -l en -norm -r 2``: the jar's file mode, one process."""
    hyp, ref = _jar_files(corpus_name, folder)["plaintext"]
    wall, cpu, peak, out = _timed(_java([str(hyp), str(ref), "-r", "2"]))
    return wall, cpu, peak, _final_score(out)


def jar_meteor15_sgml(corpus_name: str, folder: Path) -> Measured:
    """``java -jar meteor-1.5.jar TST.sgm REF.sgm -l en -norm -sgml``: one process, each
    segment against exactly its own references."""
    tst, ref = _jar_files(corpus_name, folder)["sgml"]
    wall, cpu, peak, out = _timed(_java([str(tst), str(ref), "-sgml", "-f", str(folder / "sgml")]), cwd=folder)
    return wall, cpu, peak, _final_score(out)


def jar_meteor15_stdio(corpus_name: str, folder: Path) -> Measured:
    """The jar as pycocoevalcap drives it (``-stdio``): a ``SCORE ||| ref ||| ... ||| hyp``
    line per segment (each with its own references), then one ``EVAL`` line of all
    statistics (the corpus score)."""
    import threading

    corpus = INPUTS[corpus_name]()
    lines = ["SCORE ||| " + " ||| ".join(refs) + " ||| " + hyp for hyp, refs in zip(corpus.hypotheses, corpus.references)]
    command = ["/usr/bin/time", "-f", "%e %U %S %M", *_java(["-", "-", "-stdio"])]
    stats: List[str] = []
    done = threading.Event()
    proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, encoding="utf-8")

    def read():
        for _ in lines:
            stats.append(proc.stdout.readline().strip())
        done.set()

    reader = threading.Thread(target=read)
    reader.start()
    for line in lines:
        proc.stdin.write(line + "\n")
    proc.stdin.flush()
    done.wait()
    proc.stdin.write("EVAL ||| " + " ||| ".join(stats) + "\n")
    proc.stdin.close()
    out = proc.stdout.read().split()
    err = proc.stderr.read().split()
    proc.wait()
    wall, user, system, peak_kb = (float(x) for x in err[-4:])
    return wall, user + system, peak_kb / 1024, float(out[-1])


def ours_meteor15_process(corpus_name: str, folder: Path) -> Measured:
    """Ours as one whole process: ``python -c`` reading the corpus and calling METEOR 1.5."""
    code = ("import sys; sys.path.insert(0, 'benchmarks'); import corpora, run; "
            "from ngram_core.meteor import compute_meteor; "
            f"c = run.INPUTS[{corpus_name!r}](); print(repr(compute_meteor(c.hypotheses, c.references)['meteor_corpus']))")
    wall, cpu, peak, out = _timed([sys.executable, "-c", code], cwd=REPO)
    return wall, cpu, peak, float(out.split()[-1])


_JAR_PROCESSES = {
    "jar, file mode (java -jar meteor-1.5.jar HYP REF -l en -norm -r 2)": jar_meteor15_plaintext,
    "jar, SGML files (-sgml: each segment its own references)": jar_meteor15_sgml,
    "jar, -stdio (as pycocoevalcap runs it)": jar_meteor15_stdio,
}
_OURS_PROCESS = "ours (python -c, compute_meteor, meteor-1.5)"


def compare_processes(title: str, corpus_name: str, repeats: int, jar_modes: List[str] = None) -> str:
    """The jar (in each of ``jar_modes``: keys of :data:`_JAR_PROCESSES`, all by default)
    and ours as whole processes, the tools in a rotating order within each repetition,
    medians of ``repeats`` runs; every tool's corpus score is shown (they must agree)."""
    import tempfile

    tools = {name: _JAR_PROCESSES[name] for name in (jar_modes or list(_JAR_PROCESSES))}
    tools[_OURS_PROCESS] = ours_meteor15_process
    runs: Dict[str, List[Measured]] = {name: [] for name in tools}
    loads = []
    with tempfile.TemporaryDirectory(prefix="meteor15-bench-") as tmp:
        folder = Path(tmp)
        _jar_files(corpus_name, folder)
        ours_meteor15_process(corpus_name, folder)  # numba's compiled code cached, files in the page cache
        names = list(tools)
        for rep in range(repeats):
            for name in names[rep % len(names):] + names[: rep % len(names)]:
                loads.append(os.getloadavg()[0])
                runs[name].append(tools[name](corpus_name, folder))
    ours_wall = statistics.median(r[0] for r in runs[_OURS_PROCESS])
    rows = []
    for name, results in runs.items():
        wall = statistics.median(r[0] for r in results)
        rows.append([name, f"{wall:.2f}", f"{statistics.median(r[1] for r in results):.2f}",
                     f"{wall / ours_wall:.2f}x", f"{statistics.median(r[2] for r in results):.0f}",
                     f"{results[-1][3]:.12f}"])
    corpus = INPUTS[corpus_name]()
    return table(f"{title}: {len(corpus):,} segments, {repeats} runs each, load {min(loads):.1f}-{max(loads):.1f} "
                 f"(1 min) during the runs", rows,
                 ["tool", "wall s (median, whole process)", "CPU s (user+sys)", "wall / ours", "peak resident MB",
                  "corpus score"])


_METRICS: Dict[Tuple[str, tuple], object] = {}


def _evaluate_metric(folder, **options):
    key = (folder, tuple(sorted(options.items())))
    if key not in _METRICS:
        import evaluate

        _METRICS[key] = evaluate.load(str(REPO / folder), **options)
    return _METRICS[key]


TOOLS: Dict[str, Callable] = {f.__name__: f for f in [
    ours_bleu, ours_via_evaluate_load_bleu, sacrebleu_bleu, bleuscore_bleu, split_floor, ours_nist, ours_via_evaluate_load_nist, nltk_nist,
    ours_meteor_nltk, ours_meteor15, ours_via_evaluate_load_meteor, nltk_meteor, ours_chrf, ours_via_evaluate_load_chrf,
    sacrebleu_chrf, ours_chrfpp, ours_via_evaluate_load_chrfpp, sacrebleu_chrfpp, ours_chrf_torchmetrics, torchmetrics_chrf,
    ours_chrfpp_torchmetrics, torchmetrics_chrfpp, _one_thread(ours_bleu), _one_thread(ours_nist)]}
INPUTS = {
    "all": corpora.all_systems,
    "all_x10": lambda: corpora.repeat(corpora.all_systems(), 10),
    "first_1000": lambda: corpora.head(corpora.all_systems(), 1000),
    "first_100": lambda: corpora.head(corpora.all_systems(), 100),  # (torchmetrics' CHRFScore: about 60 ms a segment)
    "english": corpora.english_targets,
    "english_500": lambda: corpora.head(corpora.english_targets(), 500),
}


# --- measuring ---------------------------------------------------------------------
def time_interleaved(tools: List[str], corpus, repeats: int) -> Dict[str, Tuple[float, object, float]]:
    """Per tool (median wall seconds, score, median CPU seconds of the process: user +
    system, every thread); the load average (1 min) during the runs in ``LOADS``."""
    times: Dict[str, List[float]] = {t: [] for t in tools}
    cpu: Dict[str, List[float]] = {t: [] for t in tools}
    scores: Dict[str, object] = {}
    for tool in tools:  # warm-up: imports, WordNet loading, evaluate's module cache
        scores[tool] = TOOLS[tool](corpora.head(corpus, 50))
    for rep in range(repeats):
        order = tools[rep % len(tools):] + tools[: rep % len(tools)]
        for tool in order:
            gc.collect()
            LOADS.append(os.getloadavg()[0])
            start, start_cpu = time.perf_counter(), time.process_time()
            scores[tool] = TOOLS[tool](corpus)
            times[tool].append(time.perf_counter() - start)
            cpu[tool].append(time.process_time() - start_cpu)
    return {t: (statistics.median(times[t]), scores[t], statistics.median(cpu[t])) for t in tools}


LOADS: List[float] = []


def _status_mb(field: str) -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    raise RuntimeError(f"{field} not in /proc/self/status")


def memory_probe(tool: str, input_name: str) -> None:
    """Run in a subprocess: print the tool's peak memory growth over the loaded input."""
    corpus = INPUTS[input_name]()
    TOOLS[tool](corpora.head(corpus, 50))  # imports and lazy resources are not the tool's peak
    gc.collect()
    with open("/proc/self/clear_refs", "w") as f:  # reset the high-water mark (VmHWM) to now
        f.write("5")
    before = _status_mb("VmRSS")
    TOOLS[tool](corpus)
    peak = _status_mb("VmHWM")
    print(json.dumps({"peak_growth_mb": peak - before, "peak_mb": peak, "input_mb": before}))


def peak_memory(tool: str, input_name: str) -> Dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--memory-probe", tool, input_name],
                         capture_output=True, text=True, check=True, cwd=REPO)
    return json.loads(out.stdout.strip().splitlines()[-1])


def import_seconds(module: str) -> float:
    code = f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    runs = [float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout)
            for _ in range(3)]
    return statistics.median(runs)


# --- the report ----------------------------------------------------------------------
def table(title: str, rows: List[List[str]], header: List[str]) -> str:
    lines = [f"\n### {title}\n", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def compare(title: str, corpus, ours: str, tools: List[str], repeats: int, memory_input: str = None,
            agree_with: Dict[str, float] = None) -> str:
    LOADS.clear()
    result = time_interleaved(tools, corpus, repeats)
    base_time, base_score, base_cpu = result[ours]
    rows = []
    for tool in tools:
        seconds, score, cpu = result[tool]
        ratio = seconds / base_time
        row = [tool, f"{seconds:.3f}", f"{ratio:.2f}x", f"{cpu:.3f}", f"{cpu / base_cpu:.2f}x",
               f"{score:.6f}" if isinstance(score, float) else str(score)]
        if memory_input:
            row.append(f"{peak_memory(tool, memory_input)['peak_growth_mb']:.0f}")
        rows.append(row)
    header = (["tool", "seconds (median)", f"time / {ours}", "CPU s (median)", f"CPU / {ours}", "score"]
              + (["peak MB over input"] if memory_input else []))
    n_tok = sum(len(h.split()) for h in corpus.hypotheses)
    return table(f"{title}: {len(corpus):,} segments, {n_tok:,} hypothesis tokens, load {min(LOADS):.1f}-"
                 f"{max(LOADS):.1f} (1 min) during the runs", rows, header)


# --- small batches ------------------------------------------------------------------
def _median_call_ms(calls: Dict[str, Callable[[int], object]], n_calls: int) -> Dict[str, float]:
    """Median milliseconds per call of each tool, the tools alternating call by call."""
    times: Dict[str, List[float]] = {name: [] for name in calls}
    for name, call in calls.items():
        call(-1)  # warm-up: imports, caches
    for i in range(n_calls):
        for name, call in calls.items():
            start = time.perf_counter()
            call(i)
            times[name].append(time.perf_counter() - start)
    return {name: 1e3 * statistics.median(t) for name, t in times.items()}


def batch_latency(full, sizes=(1, 8, 64, 512), budget_s: float = 6.0) -> str:
    import sacrebleu
    from nltk.translate.bleu_score import SmoothingFunction, corpus_bleu as nltk_corpus_bleu, sentence_bleu

    from ngram_core.bleu import corpus_bleu
    from ngram_core.tokenizers import tokenize

    out = []
    rows_bleu, rows_variants = [], []
    for size in sizes:
        batch = corpora.head(full, size)
        hyps, refs = batch.hypotheses, batch.references
        streams = _streams(refs)
        sentence = sacrebleu.BLEU(effective_order=True)
        corpus_level = sacrebleu.BLEU()

        def fresh(i):  # hypotheses never seen before (references repeat)
            return [f"{h} x{i}" for h in hyps] if i >= 0 else hyps

        calls = {
            "ours": lambda i: corpus_bleu(hyps, refs, effective_order=True, return_segments=True),
            "sacreBLEU loop": lambda i: [sentence.sentence_score(h, r) for h, r in zip(hyps, refs)],
            "sacreBLEU corpus": lambda i: corpus_level.corpus_score(hyps, streams),
            "ours, new hypotheses": lambda i: corpus_bleu(fresh(i), refs, effective_order=True, return_segments=True),
            "sacreBLEU loop, new hypotheses": lambda i: [sentence.sentence_score(h, r) for h, r in zip(fresh(i), refs)],
        }
        n_calls = max(15, min(400, int(budget_s / (0.0002 * size * len(calls) + 0.002))))
        ms = _median_call_ms(calls, n_calls)
        # the same two alone, alternating call by call (a reward call between other work, not four other scorers)
        pair = _median_call_ms({k: calls[k] for k in ("ours", "sacreBLEU loop")}, n_calls)
        rows_bleu.append([str(size)] + [f"{ms[k]:.3f}" for k in calls]
                         + [f"{ms['sacreBLEU loop'] / ms['ours']:.1f}x",
                            f"{ms['sacreBLEU loop, new hypotheses'] / ms['ours, new hypotheses']:.1f}x",
                            f"{pair['ours']:.3f} / {pair['sacreBLEU loop']:.3f} = "
                            f"{pair['sacreBLEU loop'] / pair['ours']:.1f}x"])
        # the variants next to their tools (the tools on tokens made beforehand: their time excludes tokenizing)
        hyp_tokens, ref_tokens = tokenize(hyps, "13a"), [tokenize(r, "13a") for r in refs]
        ptb_hyps = [" ".join(t) for t in hyp_tokens]
        ptb_refs = [[" ".join(t) for t in r] for r in ref_tokens]
        method1 = SmoothingFunction().method1

        def coco(i):
            from pycocoevalcap.bleu.bleu import Bleu

            return Bleu(4).compute_score({k: r for k, r in enumerate(ptb_refs)},
                                         {k: [h] for k, h in enumerate(ptb_hyps)}, verbose=0)

        variant_calls = {
            "ours nltk": lambda i: corpus_bleu(hyps, refs, variant="nltk", smooth_method="method1", return_segments=True),
            "NLTK corpus + sentence": lambda i: (nltk_corpus_bleu(ref_tokens, hyp_tokens, smoothing_function=method1),
                                                 [sentence_bleu(r, h, smoothing_function=method1)
                                                  for h, r in zip(hyp_tokens, ref_tokens)]),
            "ours coco": lambda i: corpus_bleu(ptb_hyps, ptb_refs, variant="coco", tokenize="none", return_segments=True),
            "pycocoevalcap Bleu(4)": coco,
        }
        ms = _median_call_ms(variant_calls, max(15, n_calls // 2))
        rows_variants.append([str(size)] + [f"{ms[k]:.3f}" for k in variant_calls]
                             + [f"{ms['NLTK corpus + sentence'] / ms['ours nltk']:.1f}x",
                                f"{ms['pycocoevalcap Bleu(4)'] / ms['ours coco']:.1f}x"])
    out.append(table("Batch latency: sentence-level BLEU of a batch, milliseconds per call (median)", rows_bleu,
                     ["segments", "ours", "sacreBLEU loop", "sacreBLEU corpus", "ours, new hypotheses",
                      "sacreBLEU loop, new hypotheses", "loop / ours", "loop / ours, new hypotheses",
                      "the two alone: ours / loop ms"]))
    out.append(table("Batch latency of the variants next to their tools (corpus and per-segment scores; the "
                     "tools on tokens made beforehand), milliseconds per call (median)", rows_variants,
                     ["segments", "ours nltk", "NLTK corpus + sentence", "ours coco", "pycocoevalcap Bleu(4)",
                      "NLTK / ours", "pycocoevalcap / ours"]))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--only", choices=["bleu", "nist", "meteor", "meteor-1.5", "batch", "chrf", "chrf-torchmetrics"],
                        help="one table; chrf-torchmetrics (not in the default run: it needs torch and torchmetrics) "
                             "times chrF variant='torchmetrics' against torchmetrics' CHRFScore")
    parser.add_argument("--meteor-input", default="english", choices=["english", "english_500"],
                        help="the corpus of the METEOR 1.5 comparison with the jar")
    parser.add_argument("--jar-modes", nargs="+", choices=["plaintext", "sgml", "stdio"],
                        help="the jar's modes in the METEOR 1.5 comparison (default: all three)")
    parser.add_argument("--no-memory", action="store_true", help="skip the per-tool memory subprocesses")
    parser.add_argument("--input", default="all", choices=list(INPUTS),
                        help="the corpus of --only chrf-torchmetrics (default: all)")
    parser.add_argument("--memory-probe", nargs=2, metavar=("TOOL", "INPUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    # Every figure here is of a warm process (each tool runs many times): the core runs
    # its compiled kernels, as a long-running process does (ngram_core.compiled; the
    # one-off call in a fresh process is benchmarks/first_call.py's).
    from ngram_core import compiled

    compiled.long_running()
    if args.memory_probe:
        memory_probe(*args.memory_probe)
        return
    mem = None if args.no_memory else "all"
    print(f"# Benchmark {time.strftime('%Y-%m-%d %H:%M')}: {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, Python {platform.python_version()}, load {os.getloadavg()[0]:.1f}")
    print(f"import ngram_core.bleu: {import_seconds('ngram_core.bleu'):.3f} s; import sacrebleu: "
          f"{import_seconds('sacrebleu'):.3f} s (separate processes, not in the times below)")
    full = corpora.all_systems()
    if args.only in (None, "bleu"):
        print(compare("BLEU (13a, exp smoothing), all systems", full, "ours_bleu",
                      ["ours_bleu", "ours_bleu_1_thread", "ours_via_evaluate_load_bleu", "sacrebleu_bleu", "bleuscore_bleu",
                       "split_floor"], args.repeats, mem))
        print(compare("BLEU, first 1,000 segments", corpora.head(full, 1000), "ours_bleu",
                      ["ours_bleu", "ours_via_evaluate_load_bleu", "sacrebleu_bleu", "bleuscore_bleu"], max(args.repeats, 5)))
        print(compare("BLEU, all systems x10", corpora.repeat(full, 10), "ours_bleu",
                      ["ours_bleu", "sacrebleu_bleu"], max(1, args.repeats // 2), None if args.no_memory else "all_x10"))
    if args.only in (None, "batch"):
        print(batch_latency(full))
    if args.only in (None, "nist"):
        print(compare("NIST (n=5, 13a), all systems", full, "ours_nist",
                      ["ours_nist", "ours_nist_1_thread", "ours_via_evaluate_load_nist", "nltk_nist"], args.repeats, mem))
    if args.only in (None, "chrf"):
        for label, suffix in (("chrF (sacreBLEU's CHRF)", "chrf"), ("chrF++ (sacreBLEU's CHRF, word_order=2)", "chrfpp")):
            print(compare(f"{label}, all systems", full, f"ours_{suffix}",
                          [f"ours_{suffix}", f"ours_via_evaluate_load_{suffix}", f"sacrebleu_{suffix}"], args.repeats, mem))
    if args.only == "chrf-torchmetrics":
        for label, suffix in (("chrF, variant='torchmetrics' against its CHRFScore(n_word_order=0)", "chrf"),
                              ("chrF++, variant='torchmetrics' against its CHRFScore()", "chrfpp")):
            print(compare(f"{label}, {args.input}", INPUTS[args.input](), f"ours_{suffix}_torchmetrics",
                          [f"ours_{suffix}_torchmetrics", f"torchmetrics_{suffix}"], args.repeats,
                          None if args.no_memory else args.input))
    if args.only in (None, "meteor"):
        print(compare("METEOR, English targets", corpora.english_targets(), "ours_meteor_nltk",
                      ["ours_meteor_nltk", "ours_via_evaluate_load_meteor", "nltk_meteor"], args.repeats,
                      None if args.no_memory else "english"))
    if args.only in (None, "meteor", "meteor-1.5"):
        modes = {"plaintext": 0, "sgml": 1, "stdio": 2}
        jar_modes = [list(_JAR_PROCESSES)[modes[m]] for m in args.jar_modes] if args.jar_modes else None
        print(compare_processes("METEOR 1.5 (-l en -norm, all modules), English targets", args.meteor_input,
                                args.repeats, jar_modes))
        print(compare("METEOR 1.5 in process (warm), English targets", INPUTS[args.meteor_input](), "ours_meteor15",
                      ["ours_meteor15"], args.repeats, None if args.no_memory else args.meteor_input))


if __name__ == "__main__":
    main()
