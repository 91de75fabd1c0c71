"""sacreBLEU 2.6.0's flags that have no work to do here, so that its scripts and habits run.

- its test-set questions, ``-t/--test-set``, ``--echo``, ``--list``, ``--citation/--cite``
  (sacreBLEU downloads WMT test sets to answer them): refused with one line saying what to
  do instead (:func:`refusal`);
- its switches with nothing to switch here, ``-d/--detail`` (subsets by original language,
  from a test set's metadata), ``-nc/--no-color`` (nothing is coloured), ``--force`` (no
  tokenized-input warning to silence) and ``-j/--paired-jobs N`` (the paired tests are
  vectorised in one process): accepted, the numbers unchanged, with one line on stderr
  where the flag asks for something that does not happen (:func:`notes`).
"""
from __future__ import annotations

import argparse
from typing import List, Optional

_GET_FILES = ("get the files once, e.g. `sacrebleu -t wmt22 -l en-de --echo ref > ref.txt`, then give them as "
              "arguments: ngram-score ref.txt -i system.txt")


def add_sacrebleu_flags(parser: argparse.ArgumentParser) -> None:
    """sacreBLEU's flags of test sets and of its own display, in a group of their own."""
    group = parser.add_argument_group("sacreBLEU's flags that change nothing here (accepted so its scripts run)")
    group.add_argument("--detail", "-d", action="store_true",
                       help="sacreBLEU's scores by original language need its test sets' metadata: whole-file scores")
    group.add_argument("--no-color", "-nc", action="store_true", help="nothing is coloured here")
    group.add_argument("--force", action="store_true", help="there is no tokenized-input warning to silence")
    group.add_argument("--paired-jobs", "-j", type=int, default=None, metavar="N",
                       help="not needed: the paired tests are vectorised in one process")
    # test-set questions: refused with what to do instead (see refusal)
    parser.add_argument("--test-set", "-t", dest="test_set", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--echo", nargs="+", default=None, help=argparse.SUPPRESS)
    parser.add_argument("--list", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--citation", "--cite", action="store_true", help=argparse.SUPPRESS)


def refusal(args: argparse.Namespace) -> Optional[str]:
    """The one line for a sacreBLEU flag that asks about its test sets, or None."""
    if args.test_set is not None:
        given = [f"{flag} {value}" for flag, value in (("-t", args.test_set), ("-l", args.language_pair))
                 if value is not None]
        return (f"{' '.join(given)}: ngram-score does not download test sets (sacreBLEU's -t/--test-set and "
                f"-l/--language-pair); {_GET_FILES}. (-tok is the tokenizer, -lc lowercases.)")
    if args.echo is not None:
        return f"--echo {' '.join(args.echo)}: ngram-score has no test sets to print; {_GET_FILES}"
    if args.list:
        return "--list: ngram-score has no test sets, it scores the files it is given; `sacrebleu --list` lists sacreBLEU's"
    if args.citation:
        return ("--citation: ngram-score has no test sets to cite; cite the test set where you got it, and this "
                "library as its README's Citation section says")
    return None


def notes(args: argparse.Namespace) -> List[str]:
    """Lines for stderr about accepted flags that ask for something that does not happen here."""
    said = []
    if args.detail:
        said.append("-d/--detail: no subsets by original language (they come from sacreBLEU's test sets); "
                    "the scores are of the whole files")
    if args.paired_jobs is not None:
        said.append(f"--paired-jobs {args.paired_jobs}: not needed here, the paired tests are vectorised in one process")
    return said
