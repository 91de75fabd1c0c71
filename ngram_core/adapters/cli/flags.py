"""The metrics' command-line flags, generated from each metric's option declaration.

Every declared option of every registered metric (``bleu.OPTIONS``, ``nist.OPTIONS``,
``meteor.OPTIONS``, read through ``registry.DECLARATIONS``) gets one flag
``--<metric>-<option>``, e.g. ``--bleu-max-order``, ``--nist-mteval-quirks``,
``--meteor-alpha``; the options all metrics share get sacreBLEU's spelling once for
every metric (``-tok/--tokenize``, ``-lc/--lowercase``: each metric that reads it takes
it, the others keep their own and a line on stderr says so), and a metric's
``flag_aliases`` add spellings (BLEU's smoothing keeps sacreBLEU's ``-s`` and ``-sv``).
The flag's type, choices and help come from the declaration (kind, choices, doc and
default), and the value goes to the core unconverted beyond the command line's
text (the declaration checks it, with its own messages). ``return_segments`` has
no flag: ``--sentence-level`` prints segment scores.
"""
from __future__ import annotations

import argparse
import os
from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional, Sequence, Tuple

from ... import registry
from ...options import Option, OptionFix, OptionSet
from .. import option_text

SHARED = {"tokenize": ("--tokenize", "-tok"), "lowercase": ("--lowercase", "-lc")}  # sacreBLEU's spellings
NO_FLAG = frozenset({"return_segments"})
READERS_NOTE = ("for each metric of -m that takes it (one that tokenizes its own way, METEOR 1.5 with its -norm, "
                "keeps its own, and a line on stderr says so)")


@dataclass(frozen=True)
class Flag:
    metric: Optional[str]  # None: every metric that declares the option
    option: Option
    spellings: Tuple[str, ...]

    @property
    def dest(self) -> str:
        return f"{self.metric or 'all'}__{self.option.name}"


def _parser(option: Option, kind: str, choices: Sequence[Any] = (), left_out: Mapping[Any, str] = {}):
    """Command-line text -> a value of ``kind`` (:func:`ngram_core.adapters.option_text.parse`); a
    choice the command line leaves out is refused with why (``left_out``: choice -> the line)."""
    nullable = option.nullable and kind == option.kind

    def parse(text: str):
        try:
            return option_text.parse(text, kind, choices, nullable)
        except option_text.TextError as err:
            why = {option_text.show(choice).lower(): line for choice, line in left_out.items()}.get(text.lower())
            if why:
                raise argparse.ArgumentTypeError(f"{text!r} is not offered on the command line: {why}") from None
            raise argparse.ArgumentTypeError(str(err)) from None

    return parse


def _argparse_kwargs(option: Option, left_out: Mapping[Any, str] = {}) -> Dict[str, Any]:
    """argparse's keywords for ``option``'s flag, less the choices ``left_out`` (choice -> why)."""
    default = f" (default: {option_text.show(option.default)})" if option.default is not None else ""
    kwargs: Dict[str, Any] = {"help": option.doc + default}
    if option.kind == "flag":
        kwargs["action"] = argparse.BooleanOptionalAction
    elif option.kind in ("int", "float"):
        kwargs.update(type=_parser(option, option.kind), metavar=option.kind.upper())
    elif option.kind == "choice":
        choices = [c for c in option.choices if c not in left_out]
        kwargs.update(type=_parser(option, "choice", choices, left_out),
                      metavar="{" + ",".join(map(option_text.show, choices)) + "}")
    elif option.kind == "floats":  # one number an argument
        kwargs.update(nargs="+", type=_parser(option, "float"), metavar="W")
    else:  # names
        kwargs.update(nargs="+", choices=option.choices)
    return kwargs


def own_flag(metric: str, option: str) -> str:
    """A metric's own spelling of an option: ``--bleu-max-order``."""
    return f"--{metric}-{option.replace('_', '-')}"


def metric_flags(declarations: Optional[Mapping[str, OptionSet]] = None) -> List[Flag]:
    """Every flag: the shared ones, then each metric's own, in declaration order
    (``declarations``: metric name -> options; default: every registered metric's)."""
    declarations = registry.DECLARATIONS if declarations is None else declarations
    flags: List[Flag] = []
    for name, spellings in SHARED.items():
        declared = [d[name] for d in declarations.values() if name in d]
        if declared:
            flags.append(Flag(None, declared[0], spellings))
    for metric, declaration in declarations.items():
        for option in declaration.values():
            if option.name in NO_FLAG:
                continue
            own = own_flag(metric, option.name)
            aliases = registry.presentation(metric).flag_aliases.get(option.name, ()) if metric in registry.names() else ()
            flags.append(Flag(metric, option, (own,) + tuple(aliases)))
    return flags


def add_metric_flags(parser: argparse.ArgumentParser, flags: Sequence[Flag] = ()) -> List[Flag]:
    """One argument group per metric; every flag's default is "not given" (the metric's default holds)."""
    flags = list(flags) or metric_flags()
    groups: Dict[Optional[str], Any] = {}
    shown: Dict[str, str] = {}  # an option's doc -> the flag whose help printed it (said once, then referred to)
    for flag in flags:
        if flag.metric not in groups:
            title = "options of every metric" if flag.metric is None else f"{flag.metric.upper()} options"
            groups[flag.metric] = parser.add_argument_group(title)
        left_out = registry.presentation(flag.metric).left_out_choices.get(flag.option.name, {}) \
            if flag.metric in registry.names() else {}
        kwargs = _argparse_kwargs(flag.option, left_out)
        if flag.metric is None:
            kwargs["help"] = f"{READERS_NOTE}: {flag.option.doc}"
            if flag.option.kind == "flag":
                kwargs = {"help": kwargs["help"], "action": "store_const", "const": True}
            elif flag.option.name == "lowercase":  # sacreBLEU's -lc: a switch that takes no value
                kwargs = {"action": "store_const", "const": True,
                          "help": f"{READERS_NOTE}: lowercase (full Unicode) before tokenizing; a switch, it takes no "
                                  "value (A-Z only, as mteval-v13a: --bleu-lowercase ascii, --nist-lowercase ascii)"}
        else:  # another metric's option of the same doc (-tok's list of tokenizers): said once, then referred to
            kwargs["help"] = _referred(flag, kwargs["help"], shown)
        shown.setdefault(flag.option.doc, flag.spellings[0])
        groups[flag.metric].add_argument(*flag.spellings, dest=flag.dest, default=None, **kwargs)
    return flags


SAID_ONCE = 200  # characters of a doc that another flag's help already printed, from which it is referred to


def _referred(flag: Flag, text: str, shown: Mapping[str, str]) -> str:
    """``text``, a metric's flag's help, with the part an earlier flag's help printed (a
    shared start of ``SAID_ONCE`` characters or more, up to a clause) replaced by a pointer to it."""
    doc = flag.option.doc
    for earlier, spelling in shown.items():
        common = os.path.commonprefix([doc, earlier])
        if common == doc == earlier:
            return f"{flag.metric.upper()}'s own: as {spelling}" + text[len(doc):]
        if len(common) >= SAID_ONCE and "; " in common:
            return f"{flag.metric.upper()}'s own: as {spelling}, but " + text[common.rindex("; ") + 2:]
    return text


def metric_options(args: argparse.Namespace, metrics: Sequence[str], flags: Sequence[Flag] = (),
                   ignored: Optional[List[str]] = None) -> Dict[str, Dict[str, Any]]:
    """The given flags as core options, in a dict per metric.

    A shared flag (``-tok``, ``-lc``) goes to each metric of ``-m`` whose variant reads it,
    unless that metric's own flag (``--bleu-tokenize``) is given too; a metric that
    tokenizes its own way (METEOR 1.5 with its ``-norm``) keeps it, with one or several
    metrics alike, and a line for stderr saying so is appended to ``ignored``. A metric's
    own flag given while that metric is not among ``-m`` is an error (it would do nothing).
    """
    flags = list(flags) or metric_flags()
    options: Dict[str, Dict[str, Any]] = {}
    shared = []
    for flag in flags:
        value = getattr(args, flag.dest)
        if value is None:
            continue
        if flag.metric is None:
            shared.append((flag, value))
        elif flag.metric not in metrics:
            raise ValueError(f"{flag.spellings[0]} is a {flag.metric.upper()} option but -m is {' '.join(metrics)}; "
                             f"add -m {flag.metric}")
        else:
            options.setdefault(flag.metric, {})[flag.option.name] = value
    given_shared = {flag.option.name: value for flag, value in shared}
    for flag, value in shared:
        applied, skipped = [], []
        for metric in metrics:
            declaration = registry.DECLARATIONS[metric]
            own = options.get(metric, {})
            context = {**{k: v for k, v in given_shared.items() if k in declaration}, **own}
            if flag.option.name in own or flag.option.name not in declaration:
                continue  # the metric's own flag wins
            if declaration.reads(flag.option.name, context) and \
                    flag.option.name not in registry.presentation(metric).own_flags_only:
                options.setdefault(metric, {})[flag.option.name] = value
                applied.append(metric.upper())
            else:
                variant = {**declaration.defaults(), **context}.get("variant")
                skipped.append(f"{metric.upper()} (variant {variant})" if variant else metric.upper())
        if skipped and ignored is not None:
            shown = flag.spellings[-1] + ("" if value is True else f" {option_text.show(value)}")
            ignored.append(f"{shown} applies to {', '.join(applied) if applied else 'none of the metrics'}; "
                           f"{', '.join(skipped)} keep{'s' if len(skipped) == 1 else ''} its own tokenizer and case "
                           "and ignore" + ("s" if len(skipped) == 1 else "") + " it")
    return options


def in_flags(err: OptionFix) -> str:
    """An :class:`OptionFix` in the command line's words: ``--meteor-stages exact stem``,
    ``--no-meteor-normalize``."""
    def spell(name: str, value: Any) -> str:
        flag = own_flag(err.metric, name)
        if isinstance(value, bool):  # BooleanOptionalAction's pair
            return flag if value else flag.replace("--", "--no-", 1)
        return f"{flag} {option_text.show(value)}"

    return err.in_words(spell)
