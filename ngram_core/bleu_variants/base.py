"""What every BLEU variant shares: its option checks, and its input, one row of counts.

A variant is a scorer over :class:`~ngram_core.bleu.BleuStatistics`: the n-gram
counting is the core's, the same for every variant; a variant only picks a reference
length, smoothing and arithmetic. It scores one row at a time, on Python numbers
(:class:`Counts`), with Python's ``math`` and ``fractions``: the tools it reproduces
compute in Python (or Perl's C doubles) with ``math.log``, ``math.exp``, ``**``,
``math.fsum`` or ``sum``, and doing the same operations in the same order is what
gives their numbers to the last bit. The corpus score is the score of the summed
row; a segment score the score of the segment's own row (for every variant that is
what its tool computes for a one-segment corpus).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Sequence, Tuple, Union

import numpy as np

from ..inputs import check_choice
from ..signature import make_signature, nrefs_field
from ..tokenizers import TOKENIZERS


class Counts(NamedTuple):
    """One row of BLEU statistics as Python ints (a segment, or a corpus summed)."""

    hyp_len: int
    ref_len: int  # closest reference length (ties to the shorter)
    shortest_ref_len: int  # -1: not known
    matches: List[int]  # clipped n-gram matches, orders 1..N
    totals: List[int]  # hypothesis n-grams, orders 1..N
    short_hyps: List[int]  # per order: hypotheses with fewer than n tokens
    last_hyp_len: int  # the last segment's hypothesis length
    last_matches_5: int  # the last segment's clipped 5-gram matches; -1: not counted


def count_rows(stats) -> Iterator[Counts]:
    """Every row of ``stats`` (a :class:`~ngram_core.bleu.BleuStatistics`) as :class:`Counts`."""
    columns = (stats.hyp_len, stats.ref_len, stats.shortest_ref_len, stats.matches, stats.totals,
               stats.short_hyps, stats.last_hyp_len, stats.last_matches_5)
    return (Counts(*row) for row in zip(*(np.asarray(c).tolist() for c in columns)))


@dataclass(frozen=True)
class VariantOptions:
    """A variant's checked options (made by :meth:`BleuVariant.options`)."""

    variant: str
    max_order: int = 4
    weights: Optional[Tuple[float, ...]] = None
    smooth_method: str = ""
    smooth_value: Optional[Union[int, float]] = None  # the method's parameter, as given
    lowercase: Union[bool, str] = False
    tokenize: str = "13a"

    @property
    def order_weights(self) -> Tuple[float, ...]:
        """The weights, or 1/N for every order."""
        return self.weights if self.weights is not None else (1 / self.max_order,) * self.max_order


class BleuVariant:
    """One tool's BLEU; subclasses set the class attributes and implement :meth:`score`."""

    name = ""  # the value of ``variant``
    tool = ""  # what it reproduces, for messages
    smooth_methods: Tuple[str, ...] = ()  # accepted ``smooth_method`` values; the first is the default
    smooth_parameters: Dict[str, Union[int, float]] = {}  # method -> default of the parameter smooth_value sets
    takes_weights = False
    lowercase_choices: Tuple[Any, ...] = (False, True)
    tokenizers: Optional[Tuple[str, ...]] = None  # accepted ``tokenize`` names; None: any registered one
    default_tokenize = "13a"

    # -- options ------------------------------------------------------------------------
    def options(self, tokenize: Optional[str] = None, lowercase: Union[bool, str] = False, max_order: int = 4,
                weights: Optional[Sequence[float]] = None, smooth_method: Optional[str] = None,
                smooth_value: Optional[Union[int, float]] = None,
                effective_order: Union[bool, str] = False) -> VariantOptions:
        """Check every option against what this variant uses: an option it does not use
        is a ``ValueError`` (it would silently do nothing)."""
        from ..bleu import BleuOptions  # the shared checks of max_order and weights

        if effective_order is not False:
            raise ValueError(
                f"effective_order is sacreBLEU's option; variant={self.name!r} ({self.tool}) has no such "
                "rule: leave it False, or use variant='sacrebleu'"
            )
        checked = BleuOptions.create(max_order, weights, "none")
        if weights is not None and not self.takes_weights:
            raise ValueError(f"variant={self.name!r} ({self.tool}) weighs every order 1/N: leave weights unset")
        if smooth_method is None:
            smooth_method = self.smooth_methods[0]
        if not self.smooth_methods[1:] and smooth_method != self.smooth_methods[0]:
            raise ValueError(f"variant={self.name!r} ({self.tool}) has one smoothing only; leave smooth_method unset")
        check_choice("smooth_method", smooth_method, self.smooth_methods)
        if smooth_value is not None:
            if smooth_method not in self.smooth_parameters:
                raise ValueError(
                    f"smooth_value is not used by variant={self.name!r} with smooth_method={smooth_method!r}; "
                    "leave it unset"
                    + (f" (it sets the parameter of {', '.join(self.smooth_parameters)})" if self.smooth_parameters else "")
                )
            if (isinstance(smooth_value, bool) or not isinstance(smooth_value, (int, float))
                    or not math.isfinite(smooth_value) or smooth_value <= 0):
                raise ValueError(f"smooth_value must be a positive number, got {smooth_value!r}")
        if tokenize is None:
            tokenize = self.default_tokenize
        check_choice("tokenize", tokenize, self.tokenizers or TOKENIZERS)
        if isinstance(lowercase, np.bool_):
            lowercase = bool(lowercase)
        if not any(lowercase is c or (isinstance(c, str) and lowercase == c) for c in self.lowercase_choices):
            raise ValueError(
                f"lowercase={lowercase!r} is not supported by variant={self.name!r}; use one of "
                f"{', '.join(map(repr, self.lowercase_choices))}"
            )
        return VariantOptions(self.name, checked.max_order, checked.weights, smooth_method, smooth_value,
                              lowercase, tokenize)

    def smooth_parameter(self, options: VariantOptions) -> Union[int, float, None]:
        """The smoothing method's parameter: ``smooth_value`` if given, else the tool's default."""
        if options.smooth_value is not None:
            return options.smooth_value
        return self.smooth_parameters.get(options.smooth_method)

    # -- what the statistics must hold ------------------------------------------------------
    def needs_5grams(self, options: VariantOptions) -> bool:
        """Whether :meth:`score` reads the last segment's 5-gram matches."""
        return False

    def prepare_texts(self, texts: List[str], options: VariantOptions) -> List[str]:
        """The texts as the tokenizer must see them (the tool's own steps before it)."""
        return texts

    def prepare_corpus(self, corpus, options: VariantOptions):
        """The tokenized corpus as the tool counts it (e.g. mteval's ASCII lowercasing)."""
        return corpus

    def lowercase_before_tokenizing(self, options: VariantOptions) -> bool:
        return options.lowercase is True

    # -- scores -----------------------------------------------------------------------------
    def score(self, counts: Counts, options: VariantOptions) -> Dict[str, Any]:
        """Scores of one row: ``bleu`` (0-1), ``precisions`` (0-1, as the tool uses them),
        ``brevity_penalty``, ``reference_length``, ``counts`` and ``totals`` (the tool's
        numerators and denominators), and any keys of the tool's own."""
        raise NotImplementedError

    def case_field(self, options: VariantOptions) -> str:
        return {False: "mixed", True: "lc", "ascii": "lc-ascii"}[options.lowercase]

    def smooth_field(self, options: VariantOptions) -> Optional[str]:
        value = self.smooth_parameter(options)
        return options.smooth_method + (f"[{value:g}]" if value is not None else "")

    def signature(self, options: VariantOptions, refs_per_segment, tokenizer_signature: str) -> str:
        """``BLEU|variant:NAME|nrefs:..|case:..|tok:..|smooth:..|order:N[|w:..]|version:..``."""
        fields = {
            "variant": self.name,
            "nrefs": nrefs_field(refs_per_segment),
            "case": self.case_field(options),
            "tok": tokenizer_signature,
        }
        smooth = self.smooth_field(options)
        if smooth is not None:
            fields["smooth"] = smooth
        fields["order"] = str(options.max_order)
        if options.weights is not None:
            fields["w"] = ",".join(f"{w:g}" for w in options.weights)
        return make_signature("BLEU", fields)

    def __repr__(self) -> str:
        return f"<BLEU variant {self.name!r}: {self.tool}>"
