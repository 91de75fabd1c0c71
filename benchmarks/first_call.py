"""The everyday invocation: one test set scored in a fresh process, ours against the peers.

    python benchmarks/first_call.py                    # every pair, 5 runs each (medians)
    python benchmarks/first_call.py --runs 9 --only bleu-cli bleu-script
    python benchmarks/first_call.py --evaluate-sacrebleu DIR   # + evaluate's own sacrebleu script
    python benchmarks/first_call.py --repo OTHER_CHECKOUT       # "before": another version's ngram_core

Every figure is a whole process (interpreter start, imports, reading the files, the
score), timed from outside: wall seconds and the peak resident memory of that process
(``os.wait4``'s accounting). The two commands of a pair run in turn, A B A B ..., after
one unmeasured run of each (the files and the disk cache warm); the table gives each
side's median and the median of the pairs' ratios, so a slow phase of the shared
machine hits both sides; and the median ratio of the pairs' CPU seconds (user + system,
the same accounting), which a loaded machine stretches less than the wall time. The
machine's load is printed with the table.

Pairs (one WMT test set: generaltest2022 en-de, 2,037 segments, reference A, system
Online-B; see ``../shared/data/wmt``):

- ``bleu-cli``: ``ngram-score REF -i SYS -m bleu -b`` against ``sacrebleu REF -i SYS -m bleu -b``;
- ``bleu-script``: a script calling ``ngram_core.corpus_bleu`` against one calling
  ``sacrebleu.corpus_bleu``;
- ``chrf-cli``: ``ngram-score REF -i SYS -m chrf -b`` against ``sacrebleu REF -i SYS -m chrf -b``
  (``chrfpp-cli``: the same with ``--chrf-word-order 2``);
- ``chrf-script``: a script calling ``ngram_core.corpus_chrf`` against one calling
  ``sacrebleu.corpus_chrf`` (``chrfpp-script``: ``word_order=2`` on both sides);
- ``nist-script``: ``ngram_core.corpus_nist`` against NLTK's ``corpus_nist`` on sacreBLEU's
  13a tokens (the tokenizing is in NLTK's process too);
- ``meteor-script``: ``ngram_core.meteor.compute_meteor`` (METEOR 1.5) against the METEOR
  1.5 jar (``java -Xmx2G -jar meteor-1.5.jar SYS REF -l en -norm``; pycocoevalcap ships it);
- ``evaluate-bleu``: ``evaluate.load("bleu_custom").compute`` against evaluate's own
  ``sacrebleu`` script (``--evaluate-sacrebleu``: a folder named ``sacrebleu`` holding a
  copy of ``metrics/sacrebleu/sacrebleu.py`` from github.com/huggingface/evaluate; both
  local, so nothing is downloaded);
- ``empty-cache-*``: 10 segments with an empty numba cache (a new ``NUMBA_CACHE_DIR`` for
  every run: a fresh install, a new container), BLEU, NIST and METEOR 1.5 against the
  same with the cache kept (the second run onwards of one ``NUMBA_CACHE_DIR``);
  ``empty-cache-meteor-compiled`` the same with ``NGRAM_CORE_COMPILED=1`` (what a
  long-running process's first METEOR 1.5 call pays once per machine);
- ``meteor-loops-N`` (N = 300, 1000, 2037 segments): METEOR 1.5's loops plain
  (``NGRAM_CORE_COMPILED=0``) against compiled (``=1``, cache kept), the measurement
  behind ``ngram_core.compiled.LOOPS_LARGE_INPUT_TOKENS``.

The measured checkout's ``ngram_core`` is byte-compiled first (``compileall``), as pip
compiles an installed package: both sides then load byte-code, whatever
``PYTHONDONTWRITEBYTECODE`` says.

Scores are compared within each pair (the same number, or the pair is flagged).
"""
from __future__ import annotations

import argparse
import compileall
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
WMT = REPO.parent / "shared" / "data" / "wmt" / "generaltest2022" / "en-de"
REF, SYS = WMT / "ref.A.txt", WMT / "sys.Online-B.txt"

_READ = (f"hyps = open({str(SYS)!r}, encoding='utf-8').read().splitlines()[:{{n}}]\n"
         f"refs = open({str(REF)!r}, encoding='utf-8').read().splitlines()[:{{n}}]\n")

SCRIPTS = {
    "ours_bleu": "import ngram_core\n{read}print(round(ngram_core.corpus_bleu(hyps, [[r] for r in refs])['score'], 4))",
    "sacrebleu_bleu": "import sacrebleu\n{read}print(round(sacrebleu.corpus_bleu(hyps, [refs]).score, 4))",
    "ours_chrf": ("import ngram_core\n{read}"
                  "print(round(ngram_core.corpus_chrf(hyps, [[r] for r in refs], word_order={nw})['score'], 4))"),
    "sacrebleu_chrf": "import sacrebleu\n{read}print(round(sacrebleu.corpus_chrf(hyps, [refs], word_order={nw}).score, 4))",
    "ours_nist": "import ngram_core\n{read}print(round(ngram_core.corpus_nist(hyps, [[r] for r in refs])['nist'], 4))",
    "nltk_nist": ("from nltk.translate.nist_score import corpus_nist\n"
                  "from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a\n{read}tok = Tokenizer13a()\n"
                  "print(round(corpus_nist([[tok(r).split()] for r in refs], [tok(h).split() for h in hyps], 5), 4))"),
    "ours_meteor": ("from ngram_core.meteor import compute_meteor\n{read}"
                    "print(round(compute_meteor(hyps, [[r] for r in refs])['meteor_corpus'], 4))"),
    "ours_evaluate_bleu": ("import evaluate\n{read}m = evaluate.load({metric!r})\n"
                           "print(round(m.compute(predictions=hyps, references=[[r] for r in refs])['score'], 4))"),
}


def script(name: str, n: Optional[int] = None, **fields) -> List[str]:
    read = _READ.format(n=n)
    return [sys.executable, "-c", SCRIPTS[name].format(read=read, **fields)]


def measure(command: List[str], env: Dict[str, str]) -> Tuple[float, float, str, float]:
    """(wall seconds, peak resident MiB, stdout, CPU seconds: user + system) of one whole process."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(command, stdout=out, stderr=err, env=env, cwd=Side.repo)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        out.seek(0), err.seek(0)
        text, errors = out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace")
    if code != 0:
        raise RuntimeError(f"{command[0]} ... exited with {code}: {errors.strip().splitlines()[-1:]}")
    return wall, usage.ru_maxrss / 1024, text, usage.ru_utime + usage.ru_stime


def last_number(text: str) -> str:
    lines = [line for line in text.splitlines() if line.strip()]
    final = [line for line in lines if line.startswith("Final score:")]
    return (final or lines or ["?"])[-1].split()[-1]


def same_score(a: str, b: str) -> bool:
    """Equal to the 4 decimals the scripts print (the jar prints more)."""
    try:
        return round(float(a), 4) == round(float(b), 4)
    except ValueError:
        return a == b


class Side:
    repo = REPO  # the checkout whose ngram_core (and metric folders) are measured: --repo

    def __init__(self, label: str, command: List[str], env: Optional[Dict[str, str]] = None, fresh_cache=False):
        self.label, self.command, self.fresh_cache = label, command, fresh_cache
        self.env = {**os.environ, "PYTHONPATH": str(self.repo), **(env or {})}

    def run(self) -> Tuple[float, float, str, float]:
        if not self.fresh_cache:
            return measure(self.command, self.env)
        with tempfile.TemporaryDirectory(prefix="numba-cache-") as cache:
            return measure(self.command, {**self.env, "NUMBA_CACHE_DIR": cache})


def pair(title: str, a: Side, b: Side, runs: int) -> str:
    a.run(), b.run()  # unmeasured
    rows: Dict[str, List[Tuple[float, float, str, float]]] = {"a": [], "b": []}
    for _ in range(runs):
        rows["a"].append(a.run())
        rows["b"].append(b.run())
    wall = {k: [r[0] for r in v] for k, v in rows.items()}
    peak = {k: statistics.median(r[1] for r in v) for k, v in rows.items()}
    ratio = statistics.median(x / y for x, y in zip(wall["a"], wall["b"]))
    cpu = statistics.median(x[3] / y[3] for x, y in zip(rows["a"], rows["b"]))
    scores = {k: last_number(v[-1][2]) for k, v in rows.items()}
    same = "" if same_score(scores["a"], scores["b"]) else f" (scores differ: {scores['a']} vs {scores['b']})"
    return (f"| {title} | {a.label}: {statistics.median(wall['a']):.2f} s, {peak['a']:.0f} MiB "
            f"| {b.label}: {statistics.median(wall['b']):.2f} s, {peak['b']:.0f} MiB | {ratio:.2f}{same} | {cpu:.2f} |")


def console_script(name: str) -> Optional[str]:
    """The installed console script ``name`` beside this interpreter (not a version
    manager's shim on PATH, whose own start would be timed too), else on PATH."""
    beside = Path(sys.executable).parent / name
    return str(beside) if beside.is_file() else shutil.which(name)


def ngram_score() -> List[str]:
    found = console_script("ngram-score")
    return [found] if found else [sys.executable, "-m", "ngram_core"]


def jar() -> List[str]:
    import importlib.util

    spec = importlib.util.find_spec("pycocoevalcap")
    if spec is None or shutil.which("java") is None:
        return []
    path = Path(list(spec.submodule_search_locations)[0]) / "meteor" / "meteor-1.5.jar"
    return ["java", "-Xmx2G", "-jar", str(path)]


def pairs(args) -> Dict[str, Tuple[str, Side, Side]]:
    found: Dict[str, Tuple[str, Side, Side]] = {
        "bleu-cli": ("BLEU, command line",
                     Side("ngram-score", [*ngram_score(), str(REF), "-i", str(SYS), "-m", "bleu", "-b"]),
                     Side("sacrebleu", [console_script("sacrebleu") or "sacrebleu", str(REF), "-i", str(SYS), "-m", "bleu", "-b"])),
        "bleu-script": ("BLEU, a script", Side("ngram_core.corpus_bleu", script("ours_bleu")),
                        Side("sacrebleu.corpus_bleu", script("sacrebleu_bleu"))),
        **{f"{name}-cli": (f"{title}, command line",
                           Side("ngram-score", [*ngram_score(), str(REF), "-i", str(SYS), "-m", "chrf", "-b", *flags]),
                           Side("sacrebleu", [console_script("sacrebleu") or "sacrebleu", str(REF), "-i", str(SYS), "-m",
                                              "chrf", "-b", *flags]))
           for name, title, flags in (("chrf", "chrF", []), ("chrfpp", "chrF++", ["--chrf-word-order", "2"]))},
        **{f"{name}-script": (f"{title}, a script", Side("ngram_core.corpus_chrf", script("ours_chrf", nw=nw)),
                              Side("sacrebleu.corpus_chrf", script("sacrebleu_chrf", nw=nw)))
           for name, title, nw in (("chrf", "chrF", 0), ("chrfpp", "chrF++", 2))},
        "nist-script": ("NIST, a script", Side("ngram_core.corpus_nist", script("ours_nist")),
                        Side("NLTK corpus_nist", script("nltk_nist"))),
    }
    if args.evaluate_sacrebleu:
        found["evaluate-bleu"] = (
            "BLEU, evaluate.load(...).compute",
            Side("bleu_custom", script("ours_evaluate_bleu", metric=str(Side.repo / "bleu_custom"))),
            Side("evaluate's sacrebleu", script("ours_evaluate_bleu", metric=str(Path(args.evaluate_sacrebleu)))))
    java = jar()
    if java:
        found["meteor-script"] = ("METEOR 1.5", Side("compute_meteor", script("ours_meteor")),
                                  Side("meteor-1.5.jar", [*java, str(SYS), str(REF), "-l", "en", "-norm"]))
    for name, title, env in (("bleu", "ours_bleu", {}), ("nist", "ours_nist", {}), ("meteor", "ours_meteor", {}),
                             ("meteor-compiled", "ours_meteor", {"NGRAM_CORE_COMPILED": "1"})):
        found[f"empty-cache-{name}"] = (
            f"{name.upper()}, 10 segments, empty numba cache vs kept",
            Side("empty cache", script(title, 10), env, fresh_cache=True),
            Side("cache kept", script(title, 10), env))
    for n in (300, 1000, 2037):
        found[f"meteor-loops-{n}"] = (
            f"METEOR 1.5, {n} segments, loops plain vs compiled",
            Side("plain", script("ours_meteor", n), {"NGRAM_CORE_COMPILED": "0"}),
            Side("compiled", script("ours_meteor", n), {"NGRAM_CORE_COMPILED": "1"}))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5, help="measured runs of each side (medians)")
    parser.add_argument("--only", nargs="+", help="pair names (default: all)")
    parser.add_argument("--evaluate-sacrebleu", metavar="DIR",
                        help="a folder named sacrebleu with a copy of evaluate's metrics/sacrebleu/sacrebleu.py")
    parser.add_argument("--repo", type=Path, default=REPO, help="the checkout to measure (default: this one)")
    args = parser.parse_args()
    Side.repo = args.repo.resolve()
    if not (Side.repo / "ngram_core").is_dir():
        raise SystemExit(f"--repo {args.repo}: no ngram_core folder there; give a checkout of this project")
    if args.runs < 1:
        raise SystemExit(f"--runs={args.runs}: give at least 1")
    # Byte-code of the measured checkout, as pip writes it for every installed package: where
    # PYTHONDONTWRITEBYTECODE is set (this machine's environment sets it) an editable
    # checkout's modules would otherwise be compiled from source in every process (about
    # 45 ms of the command line's start), while the peers' installed packages have theirs.
    compileall.compile_dir(str(Side.repo / "ngram_core"), quiet=1)
    table = pairs(args)
    unknown = sorted(set(args.only or []) - set(table))
    if unknown:
        raise SystemExit(f"--only: unknown pair(s) {', '.join(unknown)}; choose from {', '.join(table)}")
    print(f"# {time.strftime('%Y-%m-%d %H:%M')}, ngram_core of {Side.repo}, {os.cpu_count()} cores, load at start "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}; median of {args.runs} whole processes per side")
    print("| pair | A | B | A/B wall (median of pairs) | A/B CPU |\n|---|---|---|---|---|")
    for name in args.only or table:
        try:
            print(pair(*table[name], args.runs), flush=True)
        except RuntimeError as error:
            print(f"| {table[name][0]} | not measured: {error} | | | |", flush=True)
    print(f"# load at end {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
