"""BLEU of a one-off call in plain Python (:mod:`ngram_core.ngrams.plain`): each segment's
row of :class:`~ngram_core.bleu.variants.Counts`, summed, scored by the variant's own
row scorer, from the plain layout of the tokenized corpus (:class:`~ngram_core.ngrams.corpora.TokenLists`,
which :mod:`ngram_core.ngrams.corpora` chooses). The same rows as :func:`ngram_core.bleu.statistics.bleu_statistics` gives
(``tests/bleu/test_plain_and_array_paths_agree.py``), with no numpy and no pyarrow imported.
"""
from __future__ import annotations

from typing import Any, Dict, Mapping

from ..ngrams.corpora import TokenLists
from ..ngrams.plain import SegmentRows, clipped_matches
from ..options import OptionValues
from .row import reference_lengths_of
from .variants import Counts, get_variant


def rows(corpus: TokenLists, values: Mapping[str, Any]) -> SegmentRows:
    """Each segment's statistics as the variant of ``values`` reads them (its tokens, in
    ``corpus``; its reference-length ties, the 5-gram matches where its smoothing reads them)."""
    variant = get_variant(values["variant"])
    N = values["max_order"]
    orders = max(N, 5) if variant.needs_5grams(values) else N
    first_ties = variant.reference_ties == "first"
    out = []
    for hyp, refs in zip(corpus.hyps, corpus.refs):
        c = len(hyp)
        closest, shortest = reference_lengths_of(c, [len(ref) for ref in refs], first_ties)
        matches = clipped_matches(hyp, refs, orders)
        totals = [max(c - n, 0) for n in range(N)]
        out.append(Counts(c, closest, shortest, matches[:N], totals, [int(t == 0) for t in totals], c,
                          matches[4] if orders >= 5 else -1))
    return SegmentRows(out, corpus.refs_per_segment)


def summed(segments: SegmentRows) -> Counts:
    """The corpus row: sums, and the last segment's own values (as ``BleuStatistics.sum``)."""
    last = segments[-1]
    return Counts(sum(r.hyp_len for r in segments), sum(r.ref_len for r in segments),
                  sum(r.shortest_ref_len for r in segments),
                  [sum(column) for column in zip(*(r.matches for r in segments))],
                  [sum(column) for column in zip(*(r.totals for r in segments))],
                  [sum(column) for column in zip(*(r.short_hyps for r in segments))],
                  last.last_hyp_len, last.last_matches_5)


def result(segments: SegmentRows, values: Mapping[str, Any], signature: str) -> Dict[str, Any]:
    """``corpus_bleu``'s result dictionary from :func:`rows` (``signature`` as
    ``OPTIONS.signature_string`` writes it for these references)."""
    options = OptionValues.of(values)
    return get_variant(options.variant).result_of_counts(
        summed(segments), iter(segments) if options.return_segments else None, options, signature)
