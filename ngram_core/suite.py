"""BLEU, NIST and METEOR of one corpus in one pass, through their statistics.

``score_all(predictions, references, metrics=("bleu", "nist", "meteor"))`` checks
the input once, tokenizes it once per distinct (tokenizer, lowercasing) setting and
finds the clipped n-gram matches once (``ngram_core.ngrams.match_ngrams``, of the
larger of their orders) for BLEU and NIST to share. It returns one result dictionary per metric, the same
dictionaries ``corpus_bleu``, ``corpus_nist`` and ``compute_meteor`` return.

The two steps are also public, for the adapters that move statistics around
(``reduce`` for ``datasets.map``, ``distributed`` for ``torch.distributed``):
``corpus_statistics`` returns each metric's per-segment statistics (each type adds
with ``+``: the statistics of the two corpora one after the other), and
``results_from_statistics`` turns (summed) statistics into the result dictionaries.

Options. ``tokenize`` and ``lowercase`` hold for every metric that reads them with its
variant (METEOR 1.5 tokenizes with the jar's ``-norm``, which lowercases); any other option
goes to the one metric that has it (``max_order`` to BLEU, ``n`` to NIST,
``alpha`` to METEOR...); a dictionary per metric (``meteor={"lowercase": False}``)
overrides both. Without ``lowercase``, each metric keeps its own default: BLEU and
NIST keep case, METEOR lowercases (as ``bleu_custom``, ``nist_custom`` and
``meteor_custom`` do).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Sequence, Tuple

import numpy as np

from . import bleu as bleu_core
from . import nist as nist_core
from .inputs import check_choice, check_corpus
from .options import OptionSet, closest_names
from .meteor import jar_metric
from .meteor import metric as meteor_metric
from .meteor.scoring import MeteorStats
from .ngrams import NgramIndex, NgramMatches, TokenizedCorpus, match_ngrams, tokenize_corpus
from .signature import nrefs_field
from .tokenizers import get_tokenizer

METRICS = ("bleu", "nist", "meteor")
SHARED_OPTIONS = ("tokenize", "lowercase", "return_segments")
# Each metric's one declaration of its options (name, default, checks, doc).
DECLARATIONS: Dict[str, OptionSet] = {"bleu": bleu_core.OPTIONS, "nist": nist_core.OPTIONS,
                                      "meteor": meteor_metric.OPTIONS}


@dataclass
class MeteorSegments:
    """METEOR's per-segment statistics (each against its best reference); adds with ``+``."""

    stats: List[MeteorStats]
    n_refs: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))  # (S,) references

    def __len__(self) -> int:
        return len(self.stats)

    def __add__(self, other: "MeteorSegments") -> "MeteorSegments":
        if not isinstance(other, MeteorSegments):
            return NotImplemented
        return MeteorSegments(self.stats + other.stats, np.concatenate([self.n_refs, other.n_refs]))

    def __getitem__(self, rows: slice) -> "MeteorSegments":
        """The statistics of a range of segments."""
        return MeteorSegments(self.stats[rows], self.n_refs[rows])

    def __radd__(self, other: Any) -> "MeteorSegments":
        return self if other == 0 else NotImplemented

    def total(self) -> MeteorStats:
        return MeteorStats.total(self.stats)


def check_metrics(metrics: Sequence[str]) -> Tuple[str, ...]:
    """The requested metric names, checked, in the order given."""
    if isinstance(metrics, str):
        metrics = (metrics,)
    metrics = tuple(metrics)
    if not metrics:
        raise ValueError(f"metrics is empty; choose one or more of {', '.join(METRICS)}")
    for name in metrics:
        check_choice("metrics", name, METRICS)
    if len(set(metrics)) != len(metrics):
        raise ValueError(f"metrics names a metric twice: {metrics!r}")
    return metrics


def split_options(metrics: Sequence[str], options: Mapping[str, Any]) -> Dict[str, Dict[str, Any]]:
    """Every metric's full, checked option set: its defaults, then shared options, then its own.

    A flat option goes to every requested metric that declares it; a dictionary per
    metric (``meteor={...}``) overrides. An option no metric has is a ``TypeError``
    (with the closest names); one that belongs only to metrics not requested is an
    error too (it would silently do nothing).
    """
    metrics = check_metrics(metrics)
    per_metric = {name: dict(options[name]) for name in METRICS if name in options and options[name] is not None}
    flat = {k: v for k, v in options.items() if k not in METRICS}
    given: Dict[str, Dict[str, Any]] = {name: {} for name in metrics}
    for key, value in flat.items():
        owners = [name for name in METRICS if key in DECLARATIONS[name]]
        if not owners:
            known = sorted({k for d in DECLARATIONS.values() for k in d})
            close = closest_names(str(key), known)
            hint = f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""
            raise TypeError(f"unknown option {key!r}{hint}; options are {', '.join(known)} "
                            "(or a dict per metric: bleu=..., nist=..., meteor=...)")
        targets = [name for name in owners if name in given]
        if not targets:
            raise ValueError(f"option {key!r} belongs to {' and '.join(owners)}, which is not among metrics={metrics!r}")
        for name in targets:
            if key in SHARED_OPTIONS and len(targets) > 1:
                # a shared option goes to the metrics whose variant reads it (METEOR 1.5
                # tokenizes with the jar's -norm, not with tokenize)
                context = {k: v for k, v in flat.items() if k in DECLARATIONS[name]} | per_metric.get(name, {})
                if not DECLARATIONS[name].reads(key, context):
                    continue
            given[name][key] = value
    for name, own in per_metric.items():
        if name not in given:
            raise ValueError(f"options given for {name!r}, which is not among metrics={metrics!r}")
        given[name].update(own)
    return {name: DECLARATIONS[name].resolve(given[name]) for name in metrics}


class _Corpora:
    """Tokenized corpora, n-gram matches and indexes, each built once per (tokenizer, case) setting."""

    def __init__(self, hyps: List[str], refs: List[List[str]], orders: Dict[Tuple[str, Any], int]) -> None:
        self.hyps, self.refs, self.orders = hyps, refs, orders
        self._corpora: Dict[Tuple[str, Any], TokenizedCorpus] = {}
        self._indexes: Dict[Tuple[str, Any], NgramIndex] = {}
        self._matches: Dict[Tuple[str, Any], List[NgramMatches]] = {}

    def corpus(self, tokenize: str, lowercase: Any) -> TokenizedCorpus:
        key = (tokenize, "ascii" if lowercase == "ascii" else bool(lowercase))
        if key not in self._corpora:
            if key[1] == "ascii":
                self._corpora[key] = nist_core.ascii_lowercase(self.corpus(tokenize, False))
            else:
                self._corpora[key] = tokenize_corpus(self.hyps, self.refs, tokenize, key[1])
        return self._corpora[key]

    def index(self, tokenize: str, lowercase: Any) -> NgramIndex:
        key = (tokenize, "ascii" if lowercase == "ascii" else bool(lowercase))
        if key not in self._indexes:
            self._indexes[key] = NgramIndex(self.corpus(tokenize, lowercase), self.orders[key],
                                            self.matches(tokenize, lowercase))
        return self._indexes[key]

    def matches(self, tokenize: str, lowercase: Any) -> List[NgramMatches]:
        key = (tokenize, "ascii" if lowercase == "ascii" else bool(lowercase))
        if key not in self._matches:
            self._matches[key] = match_ngrams(self.corpus(tokenize, lowercase), self.orders[key])
        return self._matches[key]


def _ngram_key(opts: Mapping[str, Any]) -> Tuple[str, Any]:
    lowercase = opts["lowercase"]
    return opts["tokenize"], "ascii" if lowercase == "ascii" else bool(lowercase)


def corpus_statistics(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                      **options: Any) -> Dict[str, Any]:
    """Per-segment statistics of each metric: ``{"bleu": BleuStatistics, "nist": NistStatistics,
    "meteor": MeteorSegments}`` (only those requested); see the module docstring for options."""
    return statistics_and_corpora(predictions, references, metrics, **options)[0]


def statistics_and_corpora(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                           **options: Any):
    """``corpus_statistics`` and what it was computed from: (statistics, tokenized corpora).

    The second item's ``corpus(tokenize, lowercase)`` and ``index(tokenize, lowercase)``
    return the corpus and n-gram index a metric used (for adapters that need more
    than the statistics, such as ``reduce``'s per-segment NIST columns).
    """
    per_metric = split_options(metrics, options)
    hyps, refs = check_corpus(predictions, references)
    orders: Dict[Tuple[str, Any], int] = {}
    for name, key in (("bleu", "max_order"), ("nist", "n")):
        if name in per_metric:
            ngram_key = _ngram_key(per_metric[name])
            orders[ngram_key] = max(orders.get(ngram_key, 1), int(per_metric[name][key]))
    corpora = _Corpora(hyps, refs, orders)
    stats: Dict[str, Any] = {}
    for name, opts in per_metric.items():
        tokenize, lowercase = opts["tokenize"], opts["lowercase"]
        corpus = None if name == "meteor" and opts["variant"] == "meteor-1.5" else corpora.corpus(tokenize, lowercase)
        if name == "bleu":
            changed = bleu_core.changed_texts(hyps, refs, opts)
            if changed is None:  # the shared corpus and matches
                stats[name] = bleu_core.statistics_for(corpus, opts, corpora.matches(tokenize, lowercase))
            else:  # a variant whose tool sees other texts (evaluate's 13a joins line breaks)
                stats[name] = bleu_core.statistics_for(bleu_core.tokenize_for_bleu(hyps, refs, opts), opts)
        elif name == "nist":
            if opts["variant"] == "nltk":
                raise ValueError("NIST variant='nltk' (NLTK's corpus_nist) chooses one reference per segment and order "
                                 "with weights of the whole corpus, which NIST's mergeable statistics do not carry: "
                                 "compute it with corpus_nist or the nist_custom metric (score_all, the reducers, "
                                 "significance tests and ngram-score take variant='mteval')")
            stats[name] = nist_core.nist_statistics(corpus, opts["n"], corpora.index(tokenize, lowercase))
        elif opts["variant"] == "meteor-1.5":  # the jar's own tokens, from the texts
            stats[name] = jar_metric.jar_statistics(hyps, refs, meteor_metric.settings_of(opts)).stats
        else:
            segments = meteor_metric.corpus_segment_statistics(corpus, opts["stages"], opts["alpha"], opts["beta"],
                                                               opts["gamma"])
            stats[name] = MeteorSegments(segments, corpus.refs_per_segment.astype(np.int64))
    return stats, corpora


def meteor_result(stats, opts: Mapping[str, Any]) -> Dict[str, Any]:
    """METEOR's result dictionary (the keys of ``compute_meteor``) from its statistics
    (:class:`MeteorStatistics` for ``meteor-1.5``, :class:`MeteorSegments` for ``nltk``)."""
    if opts["variant"] == "meteor-1.5":
        return jar_metric.statistics_result(stats, meteor_metric.settings_of(opts), bool(opts["return_segments"]))
    total = stats.total()
    stages = opts["stages"]
    result: Dict[str, Any] = {
        "meteor": total.mean_score(),
        "meteor_corpus": total.corpus_score(opts["alpha"], opts["beta"], opts["gamma"]),
        "matches": total.matches,
        "chunks": total.chunks,
        "translation_length": total.hyp_len,
        "reference_length": total.ref_len,
        "signature": meteor_metric.signature(opts["variant"], stages, opts["alpha"], opts["beta"], opts["gamma"],
                                             opts["tokenize"], bool(opts["lowercase"]), nrefs_field(stats.n_refs)),
    }
    if opts["return_segments"]:
        result["segment_scores"] = [s.score_sum for s in stats.stats]
    return result


def results_from_statistics(stats: Mapping[str, Any], **options: Any) -> Dict[str, Dict[str, Any]]:
    """Each metric's result dictionary from its (per-segment or summed) statistics.

    ``options`` must be those the statistics were computed with (``lowercase``
    and ``tokenize`` go into the signatures).
    """
    per_metric = split_options(tuple(stats), options)
    results: Dict[str, Dict[str, Any]] = {}
    for name, opts in per_metric.items():
        if name == "bleu":
            results[name] = bleu_core.result_from_statistics(stats[name], opts)
        elif name == "nist":
            results[name] = nist_core.nist_result(stats[name], nist_core.NistOptions.from_values(opts),
                                                  get_tokenizer(opts["tokenize"]).signature(), bool(opts["return_segments"]))
        else:
            results[name] = meteor_result(stats[name], opts)
    return results


def score_all(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
              **options: Any) -> Dict[str, Dict[str, Any]]:
    """``{"bleu": {...}, "nist": {...}, "meteor": {...}}`` of one corpus, tokenized once.

    Each dictionary is what the metric's own function returns with the same options
    (``bleu`` 0-1 and ``score`` 0-100; ``nist`` in [0, inf); ``meteor``, the mean of
    segment scores, and ``meteor_corpus``, both 0-1).
    """
    return results_from_statistics(corpus_statistics(predictions, references, metrics, **options), **options)


def headline_scores(results: Mapping[str, Mapping[str, Any]]) -> Dict[str, float]:
    """One number per metric, flat (for loggers): ``bleu`` (0-1), ``nist``, ``meteor`` (0-1)."""
    return {name: float(result[name]) for name, result in results.items()}
