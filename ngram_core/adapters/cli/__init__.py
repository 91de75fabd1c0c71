"""``ngram-score``: BLEU, NIST and METEOR of system outputs from the shell, with
significance tests; sacreBLEU's interface wherever sacreBLEU has the same thing.

    ngram-score ref.txt -i system.txt                          # BLEU of one system (JSON)
    ngram-score ref.A.txt ref.B.txt -i sys.txt -m bleu nist meteor --confidence
    ngram-score ref.txt -i base.txt a.txt b.txt --paired-bs -f text
    ngram-score refs.tsv -nr 2 -i base.txt a.txt --paired-ar -m bleu meteor

Positional files are references (several files: several references per segment;
``-nr N``: N tab-separated references per line of one file); ``-i`` the systems
(the first is the baseline of paired tests; without ``-i``, tab-separated columns
of standard input). All metrics of ``-m`` share one tokenization where their
settings agree. Scales: BLEU 0-100, NIST in bits ([0, inf)), METEOR 0-1 (``METEOR``
is Python's ``meteor``: METEOR 1.5's from summed statistics, beside ``METEOR-mean``, the mean
of segment scores; the ``nltk`` variant's the mean, beside ``METEOR-corpus``).

Bad input (missing, unreadable or undecodable file, different line counts, unknown
option values) prints ``ngram-score: error: ...`` naming the file and the counts,
and exits with status 1. Long runs show a progress bar on standard error when it
is a terminal.
"""
from __future__ import annotations

import argparse
import os
import sys
import warnings
from typing import Any, Dict, List, Optional, Sequence, TextIO

from ... import __version__, registry
from ...options import OptionFix
from ...signature import short_signature, with_fields
from ...inputs import ReferenceLayoutWarning, check_predictions, check_references
from ...significance.settings import (
    DEFAULT_BOOTSTRAP_SAMPLES,
    DEFAULT_RANDOMIZATION_TRIALS,
    FROM_ENVIRONMENT,
    Result,
    parse_seed,
    resolve_seed,
    seed_field,
)
from ...suite import plain_results, split_options
from .files import InputError, read_inputs
from .flags import add_metric_flags, in_flags, metric_options
from .habits import add_sacrebleu_flags, notes, refusal
from .language import TOKENIZER_OF_TARGET, apply_language_pair
from .output import Report, render

PROG = "ngram-score"


class _Parser(argparse.ArgumentParser):
    """argparse with a usage error in one line and where to look, not the usage wall before it."""

    def error(self, message: str):
        self.exit(2, f"{self.prog}: error: {message} ({self.prog} --help lists the flags)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog=PROG, formatter_class=argparse.RawDescriptionHelpFormatter,
        description="BLEU, NIST and METEOR of system outputs, with bootstrap confidence and paired significance "
                    "tests (sacreBLEU's interface).\n"
                    "  ngram-score ref.txt -i base.txt a.txt b.txt -m bleu nist meteor --paired-bs",
        epilog="Seed: NGRAM_CORE_SEED, else SACREBLEU_SEED, else 12345 ('none': fresh entropy); --seed overrides.\n"
               "Flags are spelled out in full (no abbreviations: -t is not -tok). sacreBLEU's -t/--test-set (its "
               "test-set download)\nis not offered: give the reference file(s) as arguments.",
        allow_abbrev=False)
    parser.add_argument("refs", nargs="*", default=[], help="reference file(s): several files, several references")
    parser.add_argument("--input", "-i", nargs="*", default=None,
                        help="system output file(s), one segment per line (default: tab-separated columns of stdin)")
    parser.add_argument("--num-refs", "-nr", type=int, default=1,
                        help="N tab-separated references per line of a single reference file (default: 1)")
    parser.add_argument("--encoding", "-e", default="utf-8", help="encoding of all files (default: utf-8)")
    parser.add_argument("--metrics", "-m", nargs="+", choices=registry.names(), default=["bleu"],
                        help="metrics to compute (default: bleu)")
    parser.add_argument("--sentence-level", "-sl", action="store_true",
                        help="one score per segment (one system, one metric); BLEU with effective order")
    add_metric_flags(parser)
    tests = parser.add_argument_group("confidence and paired significance tests")
    tests.add_argument("--confidence", "-ci", action="store_true",
                       help="95%% bootstrap interval of each system's score (with --paired-ar: of every system)")
    tests.add_argument("--confidence-n", "-cin", type=int, default=DEFAULT_BOOTSTRAP_SAMPLES,
                       help="bootstrap resamples for --confidence (default: %(default)s)")
    pair = tests.add_mutually_exclusive_group()
    pair.add_argument("--paired-bs", "-pbs", action="store_true",
                      help="paired bootstrap resampling of every system against the first")
    pair.add_argument("--paired-ar", "-par", action="store_true",
                      help="paired approximate randomization of every system against the first")
    tests.add_argument("--paired-bs-n", "-pbsn", type=int, default=DEFAULT_BOOTSTRAP_SAMPLES,
                       help="resamples of --paired-bs (default: %(default)s)")
    tests.add_argument("--paired-ar-n", "-parn", type=int, default=DEFAULT_RANDOMIZATION_TRIALS,
                       help="trials of --paired-ar (default: %(default)s)")
    tests.add_argument("--seed", default=None,
                       help="random seed, an integer or 'none' (default: from the environment, see below)")
    report = parser.add_argument_group("output")
    report.add_argument("--format", "-f", choices=("json", "text", "latex"), default=None,
                        help="output format (default: json; --sentence-level: one text line per segment)")
    report.add_argument("--width", "-w", type=int, default=None,
                        help="decimals (default: BLEU 1, NIST and METEOR 4)")
    report.add_argument("--score-only", "-b", action="store_true", help="print only the score(s)")
    report.add_argument("--short", "-sh", action="store_true",
                        help="sacreBLEU's short signatures (#:1|c:mixed|e:no|...) in text and LaTeX; JSON keeps the names")
    report.add_argument("--quiet", "-q", action="store_true", help="no messages or progress bar on stderr")
    parser.add_argument("--version", "-V", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument("--language-pair", "-l", dest="language_pair", default=None, metavar="SRC-TGT",
                        help="the files' language pair, as sacreBLEU reads it with local files: the target's tokenizer "
                             f"where -tok is not given ({', '.join(f'{k}: {v}' for k, v in TOKENIZER_OF_TARGET.items())}, "
                             "else 13a) and METEOR 1.5's language (cs: cz, an unknown one: other)")
    add_sacrebleu_flags(parser)
    return parser


class _Messages:
    """Messages and the progress bar on stderr (the bar only on a terminal)."""

    def __init__(self, stream: TextIO, quiet: bool) -> None:
        self.stream, self.quiet = stream, quiet

    def info(self, message: str) -> None:
        if not self.quiet:
            print(f"{PROG}: {message}", file=self.stream)

    def progress(self, iterable, total: int, description: str):
        if self.quiet or total < 4 or not getattr(self.stream, "isatty", lambda: False)():
            return iterable
        from tqdm import tqdm

        return tqdm(iterable, total=total, desc=description, file=self.stream, leave=False)


def _sentence_lines(systems, metric: str, args) -> List[str]:
    """One line per segment: ``SIGNATURE = score [details]``, the score alone with -b, a JSON object with -f json."""
    import json

    entry, shown = registry.get(metric), registry.presentation(metric)
    width = args.width if args.width is not None else shown.width
    signature = systems.results(0, **entry.sentence_options)[metric]["signature"]  # what segment_scores use
    if args.short and args.format != "json":
        signature = short_signature(signature, shown.short_names)
    scores = systems.segment_scores(metric, 0)
    details = shown.segment_lines(systems.statistics_of(metric, 0), systems.options[metric])
    name = metric.upper()
    lines = []
    for score, detail in zip(scores, details):
        text = f"{score:.{width}f}"
        if args.score_only:
            lines.append(text)
        elif args.format == "json":
            lines.append(json.dumps({"name": name, "score": float(text), "signature": signature}, ensure_ascii=False))
        else:
            lines.append(f"{signature} = {text}" + (f" {detail}" if detail else ""))
    return lines


def run(argv: Optional[Sequence[str]] = None, stdin=None, stdout: Optional[TextIO] = None,
        stderr: Optional[TextIO] = None) -> int:
    """The command line; returns the exit status (0, or 1 with a message on stderr)."""
    stdout = stdout if stdout is not None else sys.stdout
    stderr = stderr if stderr is not None else sys.stderr
    parser = build_parser()
    args = parser.parse_args(argv)
    messages = _Messages(stderr, args.quiet)
    refused = refusal(args)
    if refused:
        print(f"{PROG}: error: {refused}", file=stderr)
        return 1
    try:
        with warnings.catch_warnings():  # the files' layout is known: one line per segment
            warnings.simplefilter("ignore", ReferenceLayoutWarning)
            text = _run(args, messages, stdin)
    except OptionFix as err:  # the fix as flags, not as Python
        print(f"{PROG}: error: {in_flags(err)}", file=stderr)
        return 1
    except (InputError, ValueError, TypeError) as err:
        print(f"{PROG}: error: {err}", file=stderr)
        return 1
    except (ImportError, FileNotFoundError) as err:  # an extra or a model file (SpmModelNotFound) not here
        print(f"{PROG}: error: {err}", file=stderr)
        return 1
    print(text, file=stdout)
    return 0


def _run(args: argparse.Namespace, messages: _Messages, stdin) -> str:
    paired = "bs" if args.paired_bs else "ar" if args.paired_ar else None
    metrics = list(dict.fromkeys(args.metrics))
    if args.sentence_level:
        if len(metrics) > 1:
            raise InputError(f"--sentence-level takes one metric (-m {', '.join(registry.names())})")
        if paired or args.confidence:
            raise InputError("--sentence-level scores segments; the tests (--confidence, --paired-*) need a corpus")
    for flag, value in (("--confidence-n", args.confidence_n), ("--paired-bs-n", args.paired_bs_n),
                        ("--paired-ar-n", args.paired_ar_n), ("--width", args.width if args.width is not None else 0)):
        if value < 0 or (value == 0 and flag != "--width"):
            raise InputError(f"{flag} must be {'0 or more' if flag == '--width' else 'a positive integer'}, got {value}")
    seed = FROM_ENVIRONMENT if args.seed is None else parse_seed(args.seed, "--seed")
    resolve_seed(seed)  # a bad NGRAM_CORE_SEED fails before any work
    ignored: List[str] = []
    options = metric_options(args, metrics, ignored=ignored)
    if args.language_pair is not None:
        apply_language_pair(args.language_pair, metrics, options, args.all__tokenize is not None, messages.info)
    for message in ignored + notes(args):
        messages.info(message)
    per_metric = split_options(metrics, options)  # option values are checked before the files are read
    inputs = read_inputs(args.refs, args.input, args.num_refs, args.encoding, paired is not None, stdin, messages.info)
    if paired and len(inputs.systems) < 2:
        raise InputError("paired tests compare two or more systems: give them with -i BASELINE SYSTEM [SYSTEM ...]")
    if args.sentence_level and len(inputs.systems) > 1:
        raise InputError("--sentence-level scores one system; give a single file with -i")
    if not args.score_only:  # sacreBLEU's -b prints the score and nothing else
        messages.info(f"{len(inputs.systems)} system(s), {len(inputs.references)} segments, "
                      f"{inputs.n_refs} reference(s) per segment; computing {', '.join(metrics)}")
    if not (paired or args.confidence or args.sentence_level):
        plain = _plain_scores(inputs, per_metric)
        if plain is not None:  # a one-off run in plain Python: no numpy, no pyarrow
            return _report(args, inputs.names, *plain, {}, None, None)
    from ...significance.systems import systems_of  # (the array code: numpy, on first need)

    systems = systems_of(inputs.systems, inputs.references, per_metric, options, names=inputs.names)
    if args.sentence_level:
        return "\n".join(_sentence_lines(systems, metrics[0], args))

    resolved = resolve_seed(seed)
    fields: Dict[str, Any] = {}
    progress = messages.progress
    if paired == "bs":
        results, n = systems.paired_bootstrap(args.paired_bs_n, seed, progress), args.paired_bs_n
        fields = {"bs": n, "seed": seed_field(resolved)}
    elif paired == "ar":
        n_confidence = args.confidence_n if args.confidence else -1
        results, n = systems.paired_randomization(args.paired_ar_n, n_confidence, seed, progress), args.paired_ar_n
        fields = {"bs": n_confidence, "ar": n} if args.confidence else {"ar": n}
        fields["seed"] = seed_field(resolved)
    elif args.confidence:
        results, n = systems.confidence(args.confidence_n, seed, progress), None
        fields = {"bs": args.confidence_n, "seed": seed_field(resolved)}
    else:
        results = [{name: Result(score) for name, score in scores.items()} for scores in systems.scores()]
        n = None
    return _report(args, inputs.names, results, systems.results(0), systems.score_metrics(), systems.widths(), fields,
                   paired, n)


def _plain_scores(inputs, per_metric: Dict[str, Dict[str, Any]]):
    """Every system's scores, its first system's results, each score's metric and width,
    computed in plain Python (:func:`ngram_core.suite.plain_results`), or None unless
    every metric has that form for these inputs."""
    references = check_references(inputs.references, len(inputs.references))
    outputs = [check_predictions(system) for system in inputs.systems]
    every = []
    for output in outputs:
        found = plain_results(output, references, per_metric)
        if found is None:
            return None
        every.append(found)
    printed = [{name: Result(score) for metric, result in found.items()
                for name, score in registry.presentation(metric).printed_scores(registry.get(metric), result).items()}
               for found in every]
    metric_of = {name: metric for metric, result in every[0].items()
                 for name in registry.presentation(metric).printed_scores(registry.get(metric), result)}
    widths = {name: registry.presentation(metric).width for name, metric in metric_of.items()}
    return printed, every[0], metric_of, widths


def _report(args: argparse.Namespace, names: Sequence[str], results, first: Dict[str, Dict[str, Any]],
            metric_of: Dict[str, str], widths: Dict[str, int], fields: Dict[str, Any], paired: Optional[str],
            n: Optional[int]) -> str:
    """The output: ``results`` (each system's scores), the signatures and details of
    ``first`` (the first system's result dictionaries; signatures are every system's),
    ``metric_of`` (each score's metric)."""
    signatures = {}
    for name, metric in metric_of.items():
        signature = first[metric]["signature"]
        if name != metric.upper():  # METEOR-mean / -corpus: the same settings, another statistic
            signature = name + signature[signature.index("|"):]
        signature = with_fields(signature, fields) if fields else signature
        short = args.short and (args.format or "json") != "json"  # sacreBLEU's JSON keeps the long names
        signatures[name] = short_signature(signature, registry.presentation(metric).short_names) if short else signature
    details = [{name: registry.presentation(metric).details(first[metric]) for name, metric in metric_of.items()}]
    names = list(names)
    if paired:  # sacreBLEU's names: "Baseline: FILE", or on stdin "Baseline", "System 1", ...
        names = [f"Baseline: {names[0]}"] + names[1:] if args.input is not None else \
            ["Baseline"] + [f"System {j}" for j in range(1, len(names))]
    report = Report(names, results, signatures, details if len(names) == 1 else [], args.width, paired, n, widths)
    fmt = args.format or "json"
    return render(report, fmt, args.score_only)


def main() -> None:
    """Entry point of the ``ngram-score`` console script.

    A reader that stops early (``ngram-score ... | head -1``) closes the pipe: exit quietly
    with 141 (128 + SIGPIPE), as sacreBLEU and other Unix tools do, not with a traceback.
    """
    try:
        status = run()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python flushes stdout again at exit; point it at devnull so that flush cannot fail too
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        status = 141
    sys.exit(status)
