"""BLEU of a one-off call in plain Python (:mod:`ngram_core.ngrams.plain`): each segment's
row of :class:`~ngram_core.bleu.variants.Counts`, summed, scored by the variant's own
row scorer. The same rows as :func:`ngram_core.bleu.statistics.bleu_statistics` gives
(``tests/bleu/test_plain_and_array_paths_agree.py``), with no numpy and no pyarrow imported.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping

from .. import compiled
from ..ngrams import plain
from ..options import OptionValues
from .row import reference_lengths_of
from .variants import BleuVariant, Counts


def applies(variant: BleuVariant, hypotheses: List[str], references: List[List[str]],
            values: Mapping[str, Any]) -> bool:
    """Whether this call runs here: ``variant`` (that of ``values``) scores rows in Python
    with these options, and :func:`ngram_core.compiled.plain` says so for an input of this size."""
    return variant.scores_counts(OptionValues.of(values)) and plain.within(hypotheses, references,
                                                                           compiled.plain_limit())


def rows(variant: BleuVariant, hypotheses: List[str], references: List[List[str]],
         values: Mapping[str, Any]) -> List[Counts]:
    """Each segment's statistics as the variant reads them (its texts, its tokens, its
    reference-length ties, the 5-gram matches where its smoothing reads them)."""
    compiled.count_call()  # (a process that scores corpus after corpus is long-running)
    hyp_tokens, ref_tokens = plain.tokenized(*variant.texts(hypotheses, references, values), values["tokenize"],
                                             values["lowercase"])
    N = values["max_order"]
    orders = max(N, 5) if variant.needs_5grams(values) else N
    first_ties = variant.reference_ties == "first"
    out = []
    for hyp, refs in zip(hyp_tokens, ref_tokens):
        c = len(hyp)
        closest, shortest = reference_lengths_of(c, [len(ref) for ref in refs], first_ties)
        matches = plain.clipped_matches(hyp, refs, orders)
        totals = [max(c - n, 0) for n in range(N)]
        out.append(Counts(c, closest, shortest, matches[:N], totals, [int(t == 0) for t in totals], c,
                          matches[4] if orders >= 5 else -1))
    return out


def summed(segments: List[Counts]) -> Counts:
    """The corpus row: sums, and the last segment's own values (as ``BleuStatistics.sum``)."""
    last = segments[-1]
    return Counts(sum(r.hyp_len for r in segments), sum(r.ref_len for r in segments),
                  sum(r.shortest_ref_len for r in segments),
                  [sum(column) for column in zip(*(r.matches for r in segments))],
                  [sum(column) for column in zip(*(r.totals for r in segments))],
                  [sum(column) for column in zip(*(r.short_hyps for r in segments))],
                  last.last_hyp_len, last.last_matches_5)


def result(variant: BleuVariant, hypotheses: List[str], references: List[List[str]], values: Mapping[str, Any],
           signature: str) -> Dict[str, Any]:
    """``corpus_bleu``'s result dictionary (``signature`` as ``OPTIONS.signature_string``
    writes it for these references)."""
    options = OptionValues.of(values)
    segments = rows(variant, hypotheses, references, values)
    return variant.result_of_counts(
        summed(segments), iter(segments) if options.return_segments else None, options, signature)
