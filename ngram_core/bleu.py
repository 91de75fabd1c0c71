"""BLEU: statistics per segment, then a score from summed statistics.

BLEU = BP * exp(sum_n w_n ln p_n) with p_n = M_n / T_n the clipped n-gram precision
summed over the corpus (micro-average), w_n = 1/N by default (N = ``max_order``,
default 4) and BP = 1 if c > r, exp(1 - r/c) if 0 < c <= r, 0 if c = 0, where c is
the hypothesis length and r the summed closest reference length (ties go to the
shorter reference). Scores are reported on 0-1 (``bleu``, as evaluate's ``bleu``)
and 0-100 (``score``, as sacreBLEU); the arithmetic follows sacreBLEU 2.6.0's
``BLEU.compute_bleu`` step by step so that scores agree to the last bits.

Smoothing (Chen & Cherry 2014), ``smooth_method``:
- ``"exp"`` (default, sacreBLEU's and mteval's): the k-th order with no match gets
  p_n = 1 / (2^k T_n);
- ``"floor"``: an order with no match gets p_n = smooth_value / T_n (default 0.1);
- ``"add-k"``: M_n + k and T_n + k for n >= 2 (default k = 1);
- ``"constant"``: the seed's rule, a small constant added to numerator and
  denominator of every order (default 0.1);
- ``"none"``: an order with no match makes BLEU 0.

Effective order, ``effective_order``: ``False``; ``True`` or ``"sacrebleu"`` (orders
with no hypothesis n-grams, T_n = 0, are left out: sentence-level BLEU); ``"seed"``
(the seed's sentence rule: N = the largest n with M_n > 0). Weights of the orders
kept are renormalized to sum to what they summed to before.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Optional, Sequence, Union

import numpy as np

from .inputs import check_corpus
from .ngrams import NgramMatches, TokenizedCorpus, match_ngrams, tokenize_corpus
from .signature import case_field, make_signature, nrefs_field
from .options import Option, OptionSet, flag, return_segments_option, tokenize_option
from .tokenizers import get_tokenizer

SMOOTH_METHODS = ("exp", "floor", "add-k", "constant", "none")
SMOOTH_DEFAULTS = {"exp": None, "floor": 0.1, "add-k": 1.0, "constant": 0.1, "none": None}
_LOG_ZERO = -9999999999.0  # sacreBLEU's my_log(0): keeps exp() finite and 0


@dataclass
class BleuStatistics:
    """BLEU's sufficient statistics, one row per segment; adds with ``+``.

    ``a + b`` is the statistics of the two corpora one after the other, so the
    corpus score of ``a + b`` is the score of the concatenated corpus; ``.sum()``
    reduces to a single row (what distributed evaluation exchanges).
    """

    hyp_len: np.ndarray  # (S,) hypothesis tokens
    ref_len: np.ndarray  # (S,) closest reference length
    matches: np.ndarray  # (S, N) clipped n-gram matches
    totals: np.ndarray  # (S, N) hypothesis n-grams
    n_refs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # (S,) references

    def __post_init__(self) -> None:
        if len(self.n_refs) != len(self.hyp_len):
            self.n_refs = np.zeros(len(self.hyp_len), dtype=np.int64)

    @property
    def max_order(self) -> int:
        return self.matches.shape[1]

    def __len__(self) -> int:
        return len(self.hyp_len)

    def __add__(self, other: "BleuStatistics") -> "BleuStatistics":
        if not isinstance(other, BleuStatistics):
            return NotImplemented
        if other.max_order != self.max_order:
            raise ValueError(f"cannot add BLEU statistics of max_order {self.max_order} and {other.max_order}")
        return BleuStatistics(
            *(np.concatenate([a, b]) for a, b in zip(self._arrays(), other._arrays()))
        )

    def __radd__(self, other: Any) -> "BleuStatistics":
        if other == 0:  # sum() starts from 0
            return self
        return NotImplemented

    def __getitem__(self, rows) -> "BleuStatistics":
        """The statistics of some segments (an index array, a slice or a mask)."""
        return BleuStatistics(*(a[rows] for a in self._arrays()))

    def _arrays(self):
        return (self.hyp_len, self.ref_len, self.matches, self.totals, self.n_refs)

    def sum(self) -> "BleuStatistics":
        """One row: the corpus totals (``n_refs`` keeps the segment count's maximum)."""
        return BleuStatistics(
            self.hyp_len.sum(keepdims=True),
            self.ref_len.sum(keepdims=True),
            self.matches.sum(axis=0, keepdims=True),
            self.totals.sum(axis=0, keepdims=True),
            self.n_refs.max(keepdims=True) if len(self.n_refs) else np.zeros(1, dtype=np.int64),
        )


def closest_ref_length(hyp_len: np.ndarray, ref_lens: np.ndarray) -> np.ndarray:
    """Per row, the reference length closest to the hypothesis length; ties to the shorter.

    ``ref_lens`` is (S, R) with -1 where a segment has fewer than R references.
    """
    diff = np.abs(ref_lens - hyp_len[:, None]).astype(np.int64)
    big = int(ref_lens.max(initial=0)) + 1
    key = np.where(ref_lens >= 0, diff * big + ref_lens, np.iinfo(np.int64).max)
    return ref_lens[np.arange(len(hyp_len)), np.argmin(key, axis=1)]


def bleu_statistics(corpus: TokenizedCorpus, max_order: int = 4,
                    matches: Optional[List[NgramMatches]] = None) -> BleuStatistics:
    """Per-segment BLEU statistics of a tokenized corpus (``matches``: ``match_ngrams``
    of the corpus, of at least ``max_order`` orders, when the caller has them)."""
    found = (matches if matches is not None else match_ngrams(corpus, max_order))[:max_order]
    if len(found) < max_order:
        raise ValueError(f"bleu_statistics(max_order={max_order}) needs matches of orders 1..{max_order}, got {len(found)}")
    S = corpus.n_segments
    hyp_len = corpus.hyp_lengths.astype(np.int64)
    matches = np.stack([m.per_segment(S) for m in found], axis=1)
    totals = np.stack([np.maximum(hyp_len - (n - 1), 0) for n in range(1, max_order + 1)], axis=1)
    return BleuStatistics(
        hyp_len=hyp_len,
        ref_len=closest_ref_length(hyp_len, corpus.ref_lengths()),
        matches=matches.astype(np.int64),
        totals=totals.astype(np.int64),
        n_refs=corpus.refs_per_segment.astype(np.int64),
    )


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    """Rules between options: one weight per order, smooth_value only where it is used."""
    if values["weights"] is not None:
        weights = values["weights"]
        if len(weights) != values["max_order"]:
            raise ValueError(
                f"weights has {len(weights)} {'entry' if len(weights) == 1 else 'entries'} but max_order is "
                f"{values['max_order']}: give one weight per order (and set max_order to match)"
            )
        if any(w < 0 for w in weights) or sum(weights) <= 0:
            raise ValueError(f"weights must be non-negative and not all zero, got {list(weights)!r}")
    if values["smooth_value"] is not None and SMOOTH_DEFAULTS[values["smooth_method"]] is None:
        raise ValueError(f"smooth_value is not used by smooth_method={values['smooth_method']!r}; leave it unset")
    if values["effective_order"] is True:
        values["effective_order"] = "sacrebleu"
    return values


OPTIONS = OptionSet("BLEU", [
    tokenize_option(),
    flag("lowercase", False, "lowercase (full Unicode str.lower()) before tokenizing"),
    Option("max_order", 4, "the largest n-gram order N", "int", low=1),
    Option("weights", None, "one weight per order; None: 1/N each", "floats", nullable=True),
    Option("smooth_method", "exp", "smoothing of orders with no match (see the module docstring)", "choice",
           choices=SMOOTH_METHODS),
    Option("smooth_value", None, "the value of floor (0.1), add-k (1) or constant (0.1); None: that default",
           "float", low=0, low_open=True, nullable=True),
    Option("effective_order", False, "True/'sacrebleu': leave out orders with no hypothesis n-grams (sentence "
           "BLEU); 'seed': N = the largest order with a match", "choice", choices=(False, True, "sacrebleu", "seed")),
    return_segments_option(),
], finalize=_finalize)


@dataclass(frozen=True)
class BleuOptions:
    """The scoring options (checked by :data:`OPTIONS`); see the module docstring."""

    max_order: int = 4
    weights: Optional[tuple] = None
    smooth_method: str = "exp"
    smooth_value: Optional[float] = None
    effective_order: Union[bool, str] = False

    @classmethod
    def create(cls, **options: Any) -> "BleuOptions":
        """Checked scoring options from keyword arguments (any of :data:`OPTIONS`)."""
        return cls.from_values(OPTIONS.resolve(options))

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> "BleuOptions":
        """The scoring options out of a resolved option dict."""
        return cls(values["max_order"], values["weights"], values["smooth_method"], values["smooth_value"],
                   values["effective_order"])

    @property
    def value(self) -> Optional[float]:
        return self.smooth_value if self.smooth_value is not None else SMOOTH_DEFAULTS[self.smooth_method]

    def signature(self, refs_per_segment: np.ndarray, lowercase: bool, tokenizer_signature: str) -> str:
        """sacreBLEU's fields in sacreBLEU's order, then ``order`` (and ``w`` for weights)."""
        smooth = self.smooth_method
        if self.value is not None:
            smooth += f"[{self.value:.2f}]"
        fields = {
            "nrefs": nrefs_field(refs_per_segment),
            "case": case_field(lowercase),
            "eff": {False: "no", "sacrebleu": "yes", "seed": "seed"}[self.effective_order],
            "tok": tokenizer_signature,
            "smooth": smooth,
            "order": str(self.max_order),
        }
        if self.weights is not None:
            fields["w"] = ",".join(f"{w:g}" for w in self.weights)
        return make_signature("BLEU", fields)


def bleu_from_statistics(stats: BleuStatistics, options: BleuOptions = BleuOptions()) -> Dict[str, np.ndarray]:
    """Scores of every row of ``stats`` (vectorized over rows).

    Returns arrays: ``score`` (0-100), ``precisions`` (0-100, smoothed as used),
    ``brevity_penalty``.
    """
    N = options.max_order
    sys_len = stats.hyp_len.astype(np.float64)
    ref_len = stats.ref_len.astype(np.float64)
    rows = len(sys_len)
    with np.errstate(divide="ignore", invalid="ignore"):
        bp = np.where(sys_len < ref_len, np.where(sys_len > 0, np.exp(1 - ref_len / np.where(sys_len > 0, sys_len, 1)), 0.0), 1.0)
    correct = stats.matches.astype(np.float64)
    total = stats.totals.astype(np.float64)
    value = options.value
    if options.smooth_method == "add-k":
        correct[:, 1:] += value
        total[:, 1:] += value
    elif options.smooth_method == "constant":
        correct += value
        total += value
    precisions = np.zeros((rows, N))
    alive = np.ones(rows, dtype=bool)  # sacreBLEU stops at the first order with no n-grams
    eff_order = np.full(rows, N, dtype=np.int64)
    if options.effective_order == "sacrebleu":
        eff_order[:] = 0
    halvings = np.ones(rows)
    safe_total = np.where(total > 0, total, 1.0)
    for n in range(N):
        alive &= total[:, n] != 0
        if options.effective_order == "sacrebleu":
            eff_order[alive] = n + 1
        zero = alive & (correct[:, n] == 0)
        hit = alive & ~zero
        precisions[hit, n] = 100.0 * correct[hit, n] / total[hit, n]
        if options.smooth_method == "exp":
            halvings = np.where(zero, halvings * 2, halvings)
            precisions[zero, n] = 100.0 / (halvings[zero] * safe_total[zero, n])
        elif options.smooth_method == "floor":
            precisions[zero, n] = 100.0 * value / safe_total[zero, n]
    if options.effective_order == "seed":
        has = stats.matches > 0
        eff_order = np.where(has.any(axis=1), N - np.argmax(has[:, ::-1], axis=1), N)
    eff_order = np.maximum(eff_order, 1)
    with np.errstate(divide="ignore"):
        logs = np.where(precisions > 0, np.log(np.where(precisions > 0, precisions, 1.0)), _LOG_ZERO)
    if options.weights is None:
        acc = np.zeros(rows)
        for n in range(N):  # left to right, as sacreBLEU's sum()
            acc = np.where(n < eff_order, acc + logs[:, n], acc)
        exponent = acc / eff_order
    else:
        # BLEU = BP * exp(sum_n w_n ln p_n) with p_n on 0-1 (NLTK's definition), whatever
        # the weights sum to; the 0-100 score is 100 times that.
        w = np.asarray(options.weights)
        kept = np.arange(N)[None, :] < eff_order[:, None]
        wk = np.where(kept, w[None, :], 0.0)
        wk = wk * (w.sum() / np.where(wk.sum(axis=1) > 0, wk.sum(axis=1), 1.0))[:, None]
        with np.errstate(divide="ignore"):
            unit_logs = np.where(precisions > 0, np.log(np.where(precisions > 0, precisions, 1.0) / 100.0), _LOG_ZERO)
        acc = np.zeros(rows)
        for n in range(N):
            acc = acc + np.where(wk[:, n] > 0, wk[:, n] * unit_logs[:, n], 0.0)
        exponent = acc + np.log(100.0)
    # exp(log(100)) can come out as 100.00000000000001; keep BLEU within its range
    score = np.minimum(bp * np.exp(exponent), 100.0)
    # sacreBLEU returns 0 before smoothing when nothing matches at all (#141)
    nothing = ~(stats.matches > 0).any(axis=1)
    score = np.where(nothing, 0.0, score)
    precisions = np.where(nothing[:, None], 0.0, precisions)
    return {"score": score, "precisions": precisions, "brevity_penalty": bp}


def bleu_result(stats: BleuStatistics, options: BleuOptions, tokenizer_signature: str, lowercase: bool,
                return_segments: bool = False) -> Dict[str, Any]:
    """The result dictionary of SPEC.md from per-segment statistics."""
    total = stats.sum()
    scored = bleu_from_statistics(total, options)
    score = float(scored["score"][0])
    sys_len, ref_len = int(total.hyp_len[0]), int(total.ref_len[0])
    result: Dict[str, Any] = {
        "bleu": score / 100.0,
        "score": score,
        "precisions": [float(p) / 100.0 for p in scored["precisions"][0]],
        "brevity_penalty": float(scored["brevity_penalty"][0]),
        "length_ratio": sys_len / ref_len if ref_len else 0.0,
        "translation_length": sys_len,
        "reference_length": ref_len,
        "counts": [int(c) for c in total.matches[0]],
        "totals": [int(t) for t in total.totals[0]],
        "signature": options.signature(stats.n_refs, lowercase, tokenizer_signature),
    }
    if return_segments:
        result["segment_scores"] = [float(s) / 100.0 for s in bleu_from_statistics(stats, options)["score"]]
    return result


@OPTIONS.entry_point
def corpus_bleu(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus BLEU of ``predictions`` against ``references`` (one string or list per prediction).

    The default settings give sacreBLEU 2.6.0's ``BLEU().corpus_score`` (13a, case
    kept, exp smoothing): ``bleu`` on 0-1 and ``score`` (sacreBLEU's number) on 0-100.
    ``return_segments=True`` adds ``segment_scores``: each segment's BLEU (0-1) with
    the same options (use ``effective_order=True`` for sentence-level BLEU as
    sacreBLEU recommends).
    """
    options_ = BleuOptions.from_values(options)
    hyps, refs = check_corpus(predictions, references)
    tokenizer = get_tokenizer(options["tokenize"])
    corpus = tokenize_corpus(hyps, refs, options["tokenize"], options["lowercase"])
    stats = bleu_statistics(corpus, options_.max_order)
    return bleu_result(stats, options_, tokenizer.signature(), options["lowercase"], options["return_segments"])
