"""What every BLEU variant shares: its option rules, its input (one row of counts), its result.

A variant is a scorer over :class:`~ngram_core.bleu.statistics.BleuStatistics`: the
n-gram counting is the core's, the same for every variant; a variant only picks a
reference length, smoothing and arithmetic. The variants other than sacreBLEU score
one row at a time, on Python numbers (:class:`Counts`), with Python's ``math`` and
``fractions``: the tools they reproduce compute in Python (or Perl's C doubles) with
``math.log``, ``math.exp``, ``**``, ``math.fsum`` or ``sum``, and doing the same
operations in the same order is what gives their numbers to the last bit. The corpus
score is the score of the summed row; a segment score the score of the segment's own
row (for every variant that is what its tool computes for a one-segment corpus).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

from ...options import OptionValues

if TYPE_CHECKING:
    import numpy as np


class Counts(NamedTuple):
    """One row of BLEU statistics as Python ints (a segment, or a corpus summed)."""

    hyp_len: int
    ref_len: int  # closest reference length (ties by the variant's reference_ties)
    shortest_ref_len: int  # -1: not known
    matches: List[int]  # clipped n-gram matches, orders 1..N
    totals: List[int]  # hypothesis n-grams, orders 1..N
    short_hyps: List[int]  # per order: hypotheses with fewer than n tokens
    last_hyp_len: int  # the last segment's hypothesis length
    last_matches_5: int  # the last segment's clipped 5-gram matches; -1: not counted


def count_rows(stats) -> Iterator[Counts]:
    """Every row of ``stats`` (a :class:`~ngram_core.bleu.statistics.BleuStatistics`) as :class:`Counts`."""
    columns = (stats.hyp_len, stats.ref_len, stats.shortest_ref_len, stats.matches, stats.totals,
               stats.short_hyps, stats.last_hyp_len, stats.last_matches_5)
    return (Counts(*row) for row in zip(*(c.tolist() for c in columns)))


def order_weights(options: OptionValues) -> Tuple[float, ...]:
    """The weights of the orders: ``weights``, or 1/N for every order."""
    return options.weights if options.weights is not None else (1 / options.max_order,) * options.max_order


class BleuVariant:
    """One tool's BLEU; subclasses set the class attributes and implement :meth:`score`."""

    name = ""  # the value of ``variant``
    tool = ""  # what it reproduces, for messages
    smooth_methods: Tuple[str, ...] = ()  # accepted ``smooth_method`` values; the first is the default
    smooth_parameters: Dict[str, Union[int, float]] = {}  # method -> default of the parameter smooth_value sets
    zero_smooth_parameters: Tuple[str, ...] = ()  # methods whose tool accepts smooth_value=0 (no smoothing)
    takes_weights = False
    lowercase_choices: Tuple[Any, ...] = (False, True)
    tokenizers: Optional[Tuple[str, ...]] = None  # accepted ``tokenize`` names; None: any
    default_tokenizer = "13a"  # what ``tokenize=None`` (not given) means with this variant
    reference_ties = "shorter"  # which of two equally close references gives ref_len: "shorter" or "first"
    # the signature's fields, in order (each written by its option in ngram_core.bleu.OPTIONS, or nrefs)
    signature_fields: Tuple[str, ...] = ("variant", "nrefs", "case", "tok", "smooth", "order", "w")
    smooth_value_format = "g"  # how the signature writes the smoothing parameter: smooth:method1[0.1]

    # -- options ------------------------------------------------------------------------
    def finalize(self, values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
        """This variant's rules between options, after ``ngram_core.bleu.OPTIONS`` checked
        each one (its smoothing methods, tokenizers and lowercasing are declared there,
        from this class's attributes, and so is its default method, the first of
        ``smooth_methods``): a smoothing parameter only goes with a method that has one,
        and is 0 only where the tool accepts 0 (``zero_smooth_parameters``)."""
        method = values["smooth_method"]
        if values["smooth_value"] is not None and method not in self.smooth_parameters:
            raise ValueError(f"smooth_value is not used by smooth_method={method!r}; leave it unset"
                             + (f" (it sets the parameter of {', '.join(self.smooth_parameters)})"
                                if self.smooth_parameters else ""))
        if values["smooth_value"] == 0 and method not in self.zero_smooth_parameters:
            raise ValueError(f"smooth_value=0 is not accepted by variant={self.name!r} with smooth_method={method!r}; "
                             "give a positive value" + (f" (0 is accepted with {' or '.join(map(repr, self.zero_smooth_parameters))}, "
                                                         f"as {self.tool} accepts it)" if self.zero_smooth_parameters else ""))
        return values

    def smooth_parameter(self, options: OptionValues) -> Union[int, float, None]:
        """The smoothing method's parameter: ``smooth_value`` if given, else the tool's default."""
        if options.smooth_value is not None:
            return options.smooth_value
        return self.smooth_parameters.get(options.smooth_method)

    # -- what the statistics must be counted from -----------------------------------------
    def needs_5grams(self, values: Mapping[str, Any]) -> bool:
        """Whether the scores read the last segment's 5-gram matches."""
        return False

    def changed_texts(self, hypotheses: List[str], references: List[List[str]],
                      values: Mapping[str, Any]) -> Optional[Tuple[List[str], List[List[str]]]]:
        """The texts as the tool's tokenizer would see them, or None if they are unchanged."""
        return None

    def texts(self, hypotheses: List[str], references: List[List[str]],
              values: Mapping[str, Any]) -> Tuple[List[str], List[List[str]]]:
        """The texts the tool tokenizes: :meth:`changed_texts`, or the texts as given."""
        changed = self.changed_texts(hypotheses, references, values)
        return (hypotheses, references) if changed is None else changed

    # -- scores -----------------------------------------------------------------------------
    def scores_counts(self, options: OptionValues) -> bool:
        """Whether :meth:`score` scores rows with these options (Python numbers, no arrays):
        every variant does, with every option (a variant that could not would say False)."""
        return True

    def score(self, counts: Counts, options: OptionValues) -> Dict[str, Any]:
        """Scores of one row: ``bleu`` (0-1), ``precisions`` (0-1, as the tool uses them),
        ``brevity_penalty``, ``reference_length``, ``counts`` and ``totals`` (the tool's
        numerators and denominators), and any keys of the tool's own."""
        raise NotImplementedError

    def result(self, stats, values: Mapping[str, Any], signature: str) -> Dict[str, Any]:
        """The result dictionary from per-segment (or summed) statistics.

        Keys: ``bleu`` (0-1, the tool's number), ``score`` (100 x ``bleu``), ``precisions``
        (0-1), ``brevity_penalty``, ``length_ratio``, ``translation_length``,
        ``reference_length`` (by the variant's rule), ``counts`` and ``totals`` (the
        tool's numerators and denominators), ``signature``, the variant's own keys, and
        with ``return_segments`` ``segment_scores`` (0-1; each segment scored as a
        one-segment corpus, e.g. NLTK's ``sentence_bleu``). ``signature``: the
        signature string of these options and statistics.
        """
        options = OptionValues.of(values)
        rows = count_rows(stats) if options.return_segments else None
        return self.result_of_counts(next(count_rows(stats.sum())), rows, options, signature)

    def result_of_counts(self, total: Counts, rows: Optional[Iterator[Counts]], options: OptionValues,
                         signature: str) -> Dict[str, Any]:
        """:meth:`result` from the summed row ``total`` and, with ``return_segments``, the
        segment rows ``rows`` (Python numbers: :mod:`ngram_core.bleu.plain` counts them so)."""
        scored = self.score(total, options)
        c, r = total.hyp_len, scored["reference_length"]
        result: Dict[str, Any] = {
            "bleu": scored["bleu"],
            "score": scored.get("score", 100.0 * scored["bleu"]),
            "precisions": scored["precisions"],
            "brevity_penalty": scored["brevity_penalty"],
            "length_ratio": scored.get("length_ratio", c / r if r else 0.0),
            "translation_length": c,
            "reference_length": r,
            "counts": scored["counts"],
            "totals": scored["totals"],
            "signature": signature,
        }
        result.update({k: v for k, v in scored.items() if k not in result})
        if options.return_segments:
            result.update(self.segment_results([self.score(row, options) for row in rows], options))
        return result

    def segment_scores(self, stats, values: Mapping[str, Any]) -> np.ndarray:
        """Each row's score (0-1) as a one-segment corpus: the ``segment_scores`` of
        :meth:`result` with ``return_segments``, as a float64 array."""
        import numpy as np

        options = OptionValues.of(values)
        return np.asarray([self.score(row, options)["bleu"] for row in count_rows(stats)], dtype=np.float64)

    def segment_results(self, per_segment: Sequence[Dict[str, Any]], options: OptionValues) -> Dict[str, Any]:
        return {"segment_scores": [s["bleu"] for s in per_segment]}

    def smooth_text(self, options: OptionValues) -> Optional[str]:
        """The signature's ``smooth`` field: the method, with its parameter if it has one."""
        value = self.smooth_parameter(options)
        return options.smooth_method + (f"[{value:{self.smooth_value_format}}]" if value is not None else "")

    def __repr__(self) -> str:
        return f"<BLEU variant {self.name!r}: {self.tool}>"
