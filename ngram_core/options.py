"""Each metric's options, declared once: name, default, allowed values, one line of doc.

A metric module declares its options as an :class:`OptionSet` (``bleu.OPTIONS``,
``nist.OPTIONS``, ``meteor.OPTIONS``). Everything that takes options reads that one
declaration: the core function (its signature, its docstring and its checks),
the evaluate script (load-time and compute-time checks, its documented arguments),
``score_all`` (which option belongs to which metric), the Space (one widget per
option), the command line (one flag per option) and the reproducibility signature
(each option says how it appears in it, :class:`Signed`; each metric the order of the
fields per variant; :meth:`OptionSet.signature_string` writes them).

Checks are strict about types, because a wrong type usually means a mistake that
would otherwise pass silently: ``lowercase="no"`` is truthy, ``alpha="0.9"`` is not
a number, ``max_order=4.0`` is not an order. Every error names the option and says
what it accepts; a misspelt name gets the closest option names.

``None`` as a default means "decided by another option" (for example the variant's
own smoothing, or METEOR 1.5's parameters for the language): such options are
``nullable``. An option that only some variants read names them in ``variants``;
setting it explicitly with another variant is an error, not a silent no-op.
"""
from __future__ import annotations

import inspect
import math
import sys
from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .inputs import shown
from .signature import make_signature
from .tokenizers import TOKENIZERS, get_tokenizer
from .tokenizers.casing import CHOICES, case_field, lowercases_always

KINDS = ("flag", "int", "float", "choice", "floats", "names")


def _type_name(value: Any) -> str:
    return type(value).__name__


def _numpy_types(*names: str) -> tuple:
    """numpy's scalar types ``names`` if numpy is imported, else none: a numpy value can
    only exist once numpy is imported, and a one-off call does not import it to check."""
    numpy = sys.modules.get("numpy")
    return () if numpy is None else tuple(getattr(numpy, name) for name in names)


def _is_bool(value: Any) -> bool:
    return isinstance(value, (bool, *_numpy_types("bool_")))


def _is_int(value: Any) -> bool:
    return isinstance(value, (int, *_numpy_types("integer"))) and not _is_bool(value)


def _same(a: Any, b: Any) -> bool:
    """Equality that keeps bools, numbers and strings apart (``1 == True`` in Python)."""
    if _is_bool(a) or _is_bool(b):
        return _is_bool(a) and _is_bool(b) and bool(a) == bool(b)
    return type(a) is type(b) and a == b


def is_number(value: Any) -> bool:
    """An int or float (numpy's too), not a bool."""
    return isinstance(value, (int, float, *_numpy_types("integer", "floating"))) and not _is_bool(value)


class Signed(NamedTuple):
    """How an option appears in the signature: the field ``key`` and its text, ``write(value)``
    (``write(value, values)`` with ``reads_values``: a text that also depends on other
    options, such as a smoothing method with its parameter); a text ``None`` leaves the
    field out."""

    key: str
    write: Callable[..., Optional[str]] = str
    reads_values: bool = False


@dataclass(frozen=True)
class Option:
    """One option of a metric.

    ``kind`` is one of :data:`KINDS`: ``flag`` (True/False), ``int``, ``float``
    (``low``/``high`` bounds, inclusive unless ``low_open``), ``choice`` (one of
    ``choices``), ``floats`` (a sequence of numbers), ``names`` (a non-empty
    sequence of distinct ``choices``, or one string joining them with ``+`` or
    ``,``).
    """

    name: str
    default: Any
    doc: str
    kind: str
    choices: Tuple[Any, ...] = ()
    low: Optional[float] = None
    high: Optional[float] = None
    low_open: bool = False
    nullable: bool = False
    variants: Tuple[str, ...] = ()
    variant_choices: Tuple[Tuple[str, Tuple[Any, ...]], ...] = ()  # (variant, its choices): a subset each
    variant_defaults: Tuple[Tuple[str, Any], ...] = ()  # (variant, the value None stands for with it)
    retired: Tuple[Tuple[Any, str], ...] = ()  # (former choice, what to use instead)
    signature: Optional[Signed] = None  # its field in the signature (a (key, write) pair will do); None: none
    # A rule that settles its value from the other resolved values, after the checks and
    # before the metric's finalize: settle(values, given, option) (lowercase with coco).
    settle: Optional[Callable[[Dict[str, Any], Mapping[str, Any], "Option"], None]] = None

    def __post_init__(self) -> None:
        if self.signature is not None and not isinstance(self.signature, Signed):
            object.__setattr__(self, "signature", Signed(*self.signature))
        if self.kind not in KINDS:
            raise ValueError(f"option {self.name}: kind {self.kind!r} is not one of {KINDS}")
        if self.variant_defaults and (self.default is not None or not self.nullable):
            raise ValueError(f"option {self.name}: variant_defaults need default None (nullable): None stands "
                             "for the variant's default")

    def default_for(self, variant: Any) -> Any:
        """The value the option takes with ``variant`` when it is not given (or given as None)."""
        return dict(self.variant_defaults).get(variant, self.default)

    def choices_for(self, variant: Any) -> Tuple[Any, ...]:
        """The choices variant ``variant`` accepts (all of them unless ``variant_choices`` says)."""
        return dict(self.variant_choices).get(variant, self.choices)

    # -- checking one value ------------------------------------------------------------
    def check(self, value: Any) -> Any:
        """``value`` in its normal form (bools as ``bool``, numbers as ``int``/``float``,
        sequences as tuples); a ``TypeError`` for a wrong type, a ``ValueError`` for a
        value out of range or not among the choices, each naming the option."""
        if value is None:
            if self.nullable:
                return None
            raise TypeError(f"{self.name}=None is not allowed: {self.expects()}")
        check = getattr(self, f"_check_{self.kind}")
        return check(value)

    def expects(self) -> str:
        """What the option accepts, in words (for messages and documentation)."""
        if self.kind == "flag":
            text = "True or False"
        elif self.kind in ("int", "float"):
            text = ("an integer" if self.kind == "int" else "a number") + self._bounds()
        elif self.kind == "choice":
            text = "one of " + ", ".join(map(repr, self.choices))
        elif self.kind == "floats":
            text = "a list of numbers"
        else:
            text = "a list of one or more of " + ", ".join(map(repr, self.choices))
        return text + (", or None" if self.nullable else "")

    def _bounds(self) -> str:
        if self.low is not None and self.high is not None:
            return f" in {'(' if self.low_open else '['}{self.low:g}, {self.high:g}]"
        if self.low is not None:
            return f" {'>' if self.low_open else '>='} {self.low:g}"
        if self.high is not None:
            return f" <= {self.high:g}"
        return ""

    def _type_error(self, value: Any) -> TypeError:
        return TypeError(f"{self.name} must be {self.expects()}; got {shown(value, 60)} ({_type_name(value)})")

    def _check_flag(self, value: Any) -> bool:
        if not _is_bool(value):
            raise self._type_error(value)
        return bool(value)

    def _in_bounds(self, value: float) -> None:
        too_low = self.low is not None and (value <= self.low if self.low_open else value < self.low)
        too_high = self.high is not None and value > self.high
        if too_low or too_high or (isinstance(value, float) and not math.isfinite(value)):
            raise ValueError(f"{self.name}={value!r} is out of range: it must be {self.expects()}")

    def _check_int(self, value: Any) -> int:
        if not _is_int(value):
            raise self._type_error(value)
        self._in_bounds(int(value))
        return int(value)

    def _check_float(self, value: Any) -> float:
        if not is_number(value):
            raise self._type_error(value)
        self._in_bounds(float(value))
        return float(value)

    def _check_choice(self, value: Any) -> Any:
        for choice in self.choices:
            if _same(value, choice):
                return choice
        for former, instead in self.retired:
            if _same(value, former):
                raise ValueError(f"{self.name}={value!r} is no longer available: {instead}")
        # A wrong type is a TypeError, as for a flag: a value of a type no choice has (lowercase=1), or
        # any string where the choices hold booleans (lowercase="no" meant a bool, not a new choice)
        if not any(type(value) is type(c) or (is_number(value) and is_number(c)) for c in self.choices) or (
                isinstance(value, str) and any(isinstance(c, bool) for c in self.choices)):
            raise self._type_error(value)
        raise ValueError(f"{self.name}={shown(value, 60)} is not supported; use {self.expects()}")

    def _check_floats(self, value: Any) -> Tuple[float, ...]:
        if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
            raise self._type_error(value)
        items = tuple(value)
        if not all(is_number(v) for v in items):
            raise TypeError(f"{self.name} must be a list of numbers; got {shown(value, 60)}")
        floats = tuple(float(v) for v in items)
        if not all(math.isfinite(v) for v in floats):
            raise ValueError(f"{self.name}={shown(value, 60)} must hold finite numbers")
        for v in floats:  # low/high bound each number
            if (self.low is not None and v < self.low) or (self.high is not None and v > self.high):
                raise ValueError(f"{self.name}={shown(value, 60)} is out of range: each number must be{self._bounds()}")
        return floats

    def _check_names(self, value: Any) -> Tuple[str, ...]:
        if isinstance(value, str):
            value = [part for part in value.replace("+", ",").replace(" ", ",").split(",") if part]
        if isinstance(value, bytes) or not hasattr(value, "__iter__"):
            raise self._type_error(value)
        items = tuple(value)
        if not all(isinstance(v, str) for v in items):
            raise TypeError(f"{self.name} must be names (strings) out of {', '.join(self.choices)}; got {shown(value, 60)}")
        unknown = [v for v in items if v not in self.choices]
        if unknown or not items or len(set(items)) != len(items):
            raise ValueError(
                f"{self.name}={items!r} is not supported: give one or more distinct names out of "
                f"{', '.join(self.choices)}"
            )
        return items

    def describe(self, markdown: bool = False) -> str:
        """One line for documentation: ``name (default X): doc. Only for variant ...``; in
        ``markdown`` also what it accepts (the cards' option lists are made of these)."""
        used = f" Only for variant {' / '.join(self.variants)}." if self.variants else ""
        if markdown:
            return f"**{self.name}** (default `{self.default!r}`; {self.expects()}): {self.doc}.{used}"
        return f"{self.name} (default {self.default!r}): {self.doc}{used}"


class OptionValues(Mapping[str, Any]):
    """Resolved options, read-only: ``values["max_order"]``, or ``values.max_order`` (a plain
    attribute read, for code that reads options once per row). One class for every metric."""

    def __init__(self, values: Mapping[str, Any]) -> None:
        object.__setattr__(self, "__dict__", dict(values))

    @classmethod
    def of(cls, values: Mapping[str, Any]) -> "OptionValues":
        """``values`` as :class:`OptionValues` (itself if it is one)."""
        return values if isinstance(values, cls) else cls(values)

    def __getitem__(self, name: str) -> Any:
        return self.__dict__[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.__dict__)

    def __len__(self) -> int:
        return len(self.__dict__)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"resolved options are read-only (setting {name})")

    def __repr__(self) -> str:
        return f"OptionValues({self.__dict__!r})"


class OptionFix(ValueError):
    """Options that cannot go together, and the values that would work (``fix``: option name
    -> value). ``str()`` says it in Python's words (``give stages=['exact', 'stem']``); each
    other surface says the same fix in its own words through :meth:`in_words` (the command
    line as flags, the Space as its widgets)."""

    def __init__(self, metric: str, problem: str, fix: Mapping[str, Any]) -> None:
        self.metric, self.problem, self.fix = metric, problem, dict(fix)
        super().__init__(self.in_words(lambda name, value: f"{name}={value!r}"))

    def in_words(self, spell: Callable[[str, Any], str]) -> str:
        """The message with each part of the fix spelled by ``spell(option, value)``."""
        return f"{self.problem}: give {' and '.join(spell(name, value) for name, value in self.fix.items())}"


def closest_names(name: str, known: Sequence[str]) -> List[str]:
    """Up to two known names a misspelt ``name`` probably meant."""
    import difflib  # (only for a misspelt name)

    close = difflib.get_close_matches(name, known, n=2, cutoff=0.5)
    close += [k for k in known if len(name) >= 4 and k.startswith(name[:5]) and k not in close]
    return close[:2]


class OptionSet(Mapping[str, Option]):
    """The options of one metric, in order; checks a whole set of given options.

    ``finalize(values, given)`` checks rules that involve several options and fills
    in defaults that depend on other options (``values`` holds every option,
    ``given`` the names the caller set); it returns the final dict.

    ``signature_fields`` gives, per variant (the key ``None`` for a metric without a
    ``variant`` option), the signature's fields in order: an option's field key (its
    :class:`Signed`) or a field of the data (``nrefs``...), which :meth:`signature_string`
    is given.
    """

    def __init__(self, metric: str, options: Iterable[Option], *,
                 finalize: Optional[Callable[[Dict[str, Any], frozenset], Dict[str, Any]]] = None,
                 reads: Optional[Callable[[str, Mapping[str, Any]], bool]] = None,
                 signature_fields: Optional[Mapping[Optional[str], Tuple[str, ...]]] = None) -> None:
        self.metric = metric
        self._reads = reads
        self._options: Dict[str, Option] = {}
        for option in options:
            if option.name in self._options:
                raise ValueError(f"{metric} declares option {option.name} twice")
            self._options[option.name] = option
        self._finalize = finalize
        self._signed = {o.signature.key: o for o in self._options.values() if o.signature is not None}
        self.signature_fields = dict(signature_fields or {})
        variants = self._options["variant"].choices if "variant" in self._options else (None,)
        if self.signature_fields and set(self.signature_fields) != set(variants):
            raise ValueError(f"{metric}: signature_fields must give the fields of every variant ({variants}), "
                             f"not of {tuple(self.signature_fields)}")

    # -- Mapping ---------------------------------------------------------------------
    def __getitem__(self, name: str) -> Option:
        return self._options[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._options)

    def __len__(self) -> int:
        return len(self._options)

    def __repr__(self) -> str:
        return f"OptionSet({self.metric}: {', '.join(self._options)})"

    def defaults(self) -> Dict[str, Any]:
        """Every option's declared default (``None`` for those decided by other options)."""
        return {name: option.default for name, option in self._options.items()}

    def reads(self, name: str, given: Mapping[str, Any]) -> bool:
        """Whether the metric, with the options ``given`` so far, uses option ``name``
        (declared, and read by the chosen variant): ``score_all`` gives a shared option
        only to the metrics that read it."""
        option = self._options.get(name)
        if option is None:
            return False
        variant = given.get("variant", self._options["variant"].default if "variant" in self._options else None)
        if option.variants and variant not in option.variants:
            return False
        return self._reads is None or self._reads(name, {**self.defaults(), **given})

    # -- checking --------------------------------------------------------------------
    def check_names(self, names: Iterable[str], accepted: Sequence[str] = ()) -> None:
        """A ``TypeError`` naming every unknown name (and the closest known ones)."""
        known = list(self._options) + list(accepted)
        unknown = [name for name in names if name not in self._options and name not in accepted]
        if not unknown:
            return
        hints = []
        for name in unknown:
            close = closest_names(str(name), known)
            hints.append(f"{name!r}" + (f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""))
        raise TypeError(
            f"unknown {self.metric} option {', '.join(hints)}; its options are {', '.join(self._options)}"
        )

    def resolve(self, given: Mapping[str, Any]) -> Dict[str, Any]:
        """Every option's value: the given ones checked, the others their defaults, then
        the cross-option rules. Raises before any work is done."""
        self.check_names(given)
        values = self.defaults()
        for name, value in given.items():
            values[name] = self._options[name].check(value)
        variant = values.get("variant")
        for name, option in self._options.items():
            if option.variant_defaults and values[name] is None:
                values[name] = option.default_for(variant)
        for name in given:
            option, value = self._options[name], values[name]
            # (its default, given explicitly, sets nothing: a form that sends every field is fine)
            if option.variants and variant not in option.variants and value is not None \
                    and not _same(value, option.default):
                users = " or ".join(repr(v) for v in option.variants)
                raise ValueError(
                    f"{self.metric} option {name} is only used by variant={users}; "
                    f"variant={variant!r} would ignore it: leave it out or change the variant"
                )
            if option.variant_choices and value is not None and \
                    not any(_same(value, c) for c in option.choices_for(variant)):
                raise ValueError(
                    f"{name}={value!r} is not offered by {self.metric} variant={variant!r}; it takes "
                    + ", ".join(map(repr, option.choices_for(variant)))
                )
        for option in self._options.values():
            if option.settle is not None:
                option.settle(values, given, option)
        if self._finalize is not None:
            values = self._finalize(values, frozenset(given))
        return values

    # -- the reproducibility signature ---------------------------------------------------
    def signature_string(self, values: Mapping[str, Any], **data: str) -> str:
        """``METRIC|key:text|...|version:ngram-core-X``: the fields of ``signature_fields``
        for the variant of ``values`` (resolved options), each written by its option or
        taken from ``data`` (what is not an option: ``nrefs``...); a text ``None`` is left out."""
        fields: Dict[str, str] = {}
        for key in self.signature_fields[values.get("variant")]:
            option = self._signed.get(key)
            if option is None:
                if key not in data:
                    raise TypeError(f"the {self.metric} signature needs the field {key!r} from the data; got {sorted(data)}")
                text = data[key]
            else:
                signed, value = option.signature, values[option.name]
                text = signed.write(value, values) if signed.reads_values else signed.write(value)
            if text is not None:
                fields[key] = text
        return make_signature(self.metric, fields)

    # -- the public function of a metric ------------------------------------------------
    def signature(self) -> inspect.Signature:
        """``(predictions, references, *, option=default, ...)``, for ``help()`` and tools."""
        params = [inspect.Parameter("predictions", inspect.Parameter.POSITIONAL_OR_KEYWORD),
                  inspect.Parameter("references", inspect.Parameter.POSITIONAL_OR_KEYWORD)]
        params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=option.default)
                   for name, option in self._options.items()]
        return inspect.Signature(params)

    def doc_lines(self, indent: str = "    ") -> List[str]:
        """The options as documentation lines: ``name (default): doc. Accepts: ...``."""
        return [indent + option.describe() for option in self._options.values()]

    def entry_point(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """Decorator for a metric's public function ``f(predictions, references, **options)``:
        the options are checked with :meth:`resolve` before ``function`` sees them, and
        the signature and docstring list every option with its default."""
        declared = self

        def public(predictions: Any, references: Any, **options: Any) -> Any:
            return function(predictions, references, **declared.resolve(options))

        public.__name__ = function.__name__
        public.__qualname__ = function.__qualname__
        public.__module__ = function.__module__
        public.__wrapped_core__ = function
        public.__signature__ = self.signature()
        public.__doc__ = (inspect.cleandoc(function.__doc__ or "") + "\n\nOptions:\n" + "\n".join(self.doc_lines())).strip()
        return public


def flag(name: str, default: bool, doc: str, **kwargs: Any) -> Option:
    return Option(name, default, doc, "flag", **kwargs)


def return_segments_option() -> Option:
    return flag("return_segments", False, "also return segment_scores, one per segment")


def _case_of_the_tokenizer(values: Dict[str, Any], given: Mapping[str, Any], option: Option) -> None:
    """A tokenizer that lowercases its own tokens (``coco``) makes ``lowercase`` True, so
    the signature says ``case:lc``; an explicit ``lowercase=False`` with it is an error
    where that is not the default."""
    name = values.get("tokenize")
    if name is None or not lowercases_always(get_tokenizer(name)):
        return
    # (the default given explicitly, as a form sends every field, sets nothing)
    if option.name in given and values[option.name] is False and option.default is not False:
        raise ValueError(f"lowercase=False with tokenize={name!r}: that tokenizer lowercases its tokens (as "
                         "pycocoevalcap's PTBTokenizer -lowerCase does); leave lowercase out or choose another tokenizer")
    values[option.name] = True


LOWERCASE_CHOICES = CHOICES  # False, True, "ascii" (A-Z only, as mteval-v13a without -c): a Case's values


def lowercase_option(default: Any, doc: str, kind: str = "choice", **kwargs: Any) -> Option:
    """The ``lowercase`` option: a :class:`~ngram_core.tokenizers.casing.Case` value
    (``kind="choice"``: ``False``, ``True``, ``"ascii"``; a ``flag``: the first two), the
    signature's ``case`` field, and True with a tokenizer that lowercases its own tokens."""
    if kind == "choice":
        kwargs.setdefault("choices", CHOICES)
    return Option("lowercase", default, doc, kind, signature=("case", case_field), settle=_case_of_the_tokenizer,
                  **kwargs)
TOKENIZE_DOC = ("the tokenizer, by name: sacreBLEU 2.6.0's token for token (13a, intl, zh, char, none; ja-mecab "
                "after pip install 'ngram-core[ja]', ko-mecab after '[ko]'; flores101, flores200, spBLEU-1K and spm (= flores101), "
                "spBLEU's SentencePiece pieces, after '[spm]', with the model file sacreBLEU downloads, never downloaded here: "
                "looked for in $NGRAM_CORE_SPM_DIR, then sacreBLEU's cache $SACREBLEU/models or ~/.sacrebleu/models); nltk (NLTK 3.10's word_tokenize: Punkt's English "
                "parameters, then the Treebank rules; lowercase after tokenizing), nltk-nist and nltk-nist-nonwestern "
                "(NLTK's NISTTokenizer, western_lang True / False; lowercase after unescaping, as NLTK); or coco "
                "(pycocoevalcap's caption tokens, lowercased by the tokenizer; the GPL plugin: pip install -e "
                "plugins/ngram-core-coco)")


def tokenizer_signature(name: str) -> str:
    """The tokenizer's own signature (``13a``, ``intl``, ``ja-mecab-0.996-IPA``...)."""
    return get_tokenizer(name).signature()


def tokenize_option(default: str = "13a", doc: str = "", signature: Any = ("tok", tokenizer_signature),
                    **kwargs: Any) -> Option:
    """The ``tokenize`` option; ``doc`` is said after :data:`TOKENIZE_DOC`; in the signature
    ``tok:`` and the tokenizer's signature, unless ``signature`` says otherwise."""
    return Option("tokenize", default, TOKENIZE_DOC + (f"; {doc}" if doc else ""), "choice", choices=TOKENIZERS,
                  signature=signature, **kwargs)
