"""Per-segment statistics as plain columns, and scores from those columns.

For ``datasets.Dataset.map(batched=True, num_proc=k)``: each worker turns its batch
into columns of ints, floats, lists and strings (what Arrow stores), one row per
segment; the corpus score is then computed from all rows at once, and equals
``score_all`` on the whole corpus (BLEU and METEOR to the last bit, NIST to
rounding of its float sums)::

    stats = ds.map(lambda b: segment_columns(b["hyp"], b["refs"]), batched=True,
                   num_proc=2, remove_columns=ds.column_names)
    results = score_columns(stats)

Columns, per segment (prefixed by the metric):
- BLEU: ``bleu_hyp_len``, ``bleu_ref_len`` (closest reference length; ties by the
  variant's rule, torchmetrics' to the first reference), ``bleu_matches``
  and ``bleu_totals`` (one int per order), ``bleu_n_refs``, and for the other variants
  ``bleu_shortest_ref_len``, ``bleu_short_hyps`` (one 0/1 per order: the hypothesis
  has fewer than n tokens) and ``bleu_matches_5`` (clipped 5-gram matches, -1 when
  not counted). They add: the sum of every column is BLEU's corpus statistics
  (NLTK's methods 5-7 also read the last row's 5-gram matches).
- METEOR 1.5 (the default variant): ``meteor_stats`` (the segment's row of
  :class:`~ngram_core.meteor.MeteorStatistics`, a list of numbers) and ``meteor_n_refs``.
  NLTK's variant: ``meteor_score``, ``meteor_hyp_len``, ``meteor_ref_len``,
  ``meteor_matches``, ``meteor_chunks``, ``meteor_n_refs`` (against the best
  reference). They add.
- NIST: ``nist_hyp_len``, ``nist_ref_words``, ``nist_n_refs``, ``nist_totals``, and,
  because NIST's information weights come from the reference n-gram counts of the
  *whole* corpus, the segment's reference n-grams (``nist_ref_ngrams``, tokens joined
  by a space; tokens never contain whitespace) with their counts over the segment's
  references (``nist_ref_counts``), and its matched n-grams (``nist_matches``) with
  their clipped counts (``nist_match_counts``). The reduction adds counts per n-gram
  text before computing the weights.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Sequence

import numpy as np

from .bleu import BleuStatistics
from .meteor.jar_statistics import MeteorStatistics
from .meteor.scoring import MeteorStats
from .nist import NgramTable, NistStatistics
from .ngrams import NgramIndex, TokenizedCorpus
from .suite import METRICS, MeteorSegments, check_metrics, results_from_statistics, split_options, statistics_and_corpora

BLEU_COLUMNS = ("bleu_hyp_len", "bleu_ref_len", "bleu_matches", "bleu_totals", "bleu_n_refs", "bleu_shortest_ref_len",
                "bleu_short_hyps", "bleu_matches_5")
METEOR_FIELDS = ("segments", "score_sum", "hyp_len", "ref_len", "matches", "chunks")
METEOR_COLUMNS = ("meteor_score", "meteor_hyp_len", "meteor_ref_len", "meteor_matches", "meteor_chunks", "meteor_n_refs")
NIST_COLUMNS = ("nist_hyp_len", "nist_ref_words", "nist_n_refs", "nist_totals", "nist_ref_ngrams", "nist_ref_counts",
                "nist_matches", "nist_match_counts")


def _by_segment(segment: np.ndarray, values: Sequence[np.ndarray], n_segments: int) -> List[List[list]]:
    """Split parallel arrays into one list per segment (rows in their given order)."""
    order = np.argsort(segment, kind="stable")
    cuts = np.cumsum(np.bincount(segment, minlength=n_segments))[:-1]
    return [[part.tolist() for part in np.split(np.asarray(v)[order], cuts)] for v in values]


def _ngram_texts(index: NgramIndex, n: int, wanted: np.ndarray, vocab: Sequence[str]) -> Dict[int, str]:
    """Text (tokens joined by spaces) of each order-n n-gram id in ``wanted``."""
    starts, grams = index.starts[n - 1], index.grams[n - 1]
    first = np.full(index.n_ngrams[n - 1], -1, dtype=np.int64)
    first[grams[::-1]] = starts[::-1]  # reversed: the first occurrence is written last
    ids = index.corpus.texts.ids
    return {int(g): " ".join(vocab[t] for t in ids[first[g]: first[g] + n]) for g in np.unique(wanted)}


def nist_columns(stats: NistStatistics, corpus: TokenizedCorpus, index: NgramIndex) -> Dict[str, list]:
    """NIST's per-segment columns (see the module docstring) of a corpus and its complete index."""
    S = corpus.n_segments
    vocab = list(corpus.texts.vocab)
    slot_segment, slot_col = np.nonzero(corpus.ref_table >= 0)
    slot_ref = corpus.ref_table[slot_segment, slot_col]
    segments, texts, counts = [], [], []
    for n in range(1, stats.max_order + 1):
        ref, gram, count = index.reference_counts(n)  # sorted by reference
        lo, hi = np.searchsorted(ref, slot_ref, "left"), np.searchsorted(ref, slot_ref, "right")
        lengths = hi - lo
        rows = np.arange(lengths.sum()) - np.repeat(np.cumsum(lengths) - lengths, lengths) + np.repeat(lo, lengths)
        text_of = _ngram_texts(index, n, gram[rows], vocab)
        segments.append(np.repeat(slot_segment, lengths))
        texts.append(np.array([text_of[g] for g in gram[rows].tolist()], dtype=object))
        counts.append(count[rows])
    ref_ngrams, ref_counts = _by_segment(np.concatenate(segments), [np.concatenate(texts), np.concatenate(counts)], S)
    table_texts = np.array(stats.table.texts(), dtype=object)
    matches, match_counts = _by_segment(stats.match_segment, [table_texts[stats.match_ngram], stats.match_count], S)
    return {
        "nist_hyp_len": stats.hyp_len.tolist(),
        "nist_ref_words": stats.ref_words.tolist(),
        "nist_n_refs": stats.n_refs.tolist(),
        "nist_totals": stats.totals.tolist(),
        "nist_ref_ngrams": ref_ngrams,
        "nist_ref_counts": ref_counts,
        "nist_matches": matches,
        "nist_match_counts": match_counts,
    }


def segment_columns(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                    **options: Any) -> Dict[str, list]:
    """Every requested metric's per-segment statistics as plain columns (one row per segment).

    Options as for :func:`ngram_core.suite.score_all`.
    """
    stats, corpora = statistics_and_corpora(predictions, references, metrics, **options)
    per_metric = split_options(metrics, options)
    columns: Dict[str, list] = {}
    if "bleu" in stats:
        b = stats["bleu"]
        columns.update(zip(BLEU_COLUMNS, (b.hyp_len.tolist(), b.ref_len.tolist(), b.matches.tolist(),
                                          b.totals.tolist(), b.n_refs.tolist(), b.shortest_ref_len.tolist(),
                                          b.short_hyps.tolist(), b.last_matches_5.tolist())))
    if "meteor" in stats and isinstance(stats["meteor"], MeteorStatistics):  # meteor-1.5: the jar's statistics row
        m = stats["meteor"]
        columns.update({"meteor_stats": m.rows.tolist(), "meteor_n_refs": m.n_refs.tolist()})
    elif "meteor" in stats:
        m = stats["meteor"]
        columns.update({
            "meteor_score": [s.score_sum for s in m.stats],
            "meteor_hyp_len": [s.hyp_len for s in m.stats],
            "meteor_ref_len": [s.ref_len for s in m.stats],
            "meteor_matches": [s.matches for s in m.stats],
            "meteor_chunks": [s.chunks for s in m.stats],
            "meteor_n_refs": m.n_refs.tolist(),
        })
    if "nist" in stats:
        opts = per_metric["nist"]
        corpus = corpora.corpus(opts["tokenize"], opts["lowercase"])
        columns.update(nist_columns(stats["nist"], corpus, corpora.index(opts["tokenize"], opts["lowercase"])))
    return columns


def _ints(column) -> np.ndarray:
    return np.asarray(list(column), dtype=np.int64)


def nist_from_columns(columns: Mapping[str, Any]) -> NistStatistics:
    """NIST statistics of all rows, with reference n-gram counts added per n-gram."""
    totals = _ints(columns["nist_totals"])
    row_of: Dict[str, int] = {}
    token_of: Dict[str, int] = {}
    order: List[int] = []
    parent: List[int] = []
    token: List[int] = []

    def row(text: str) -> int:
        found = row_of.get(text)
        if found is not None:
            return found
        head, _, last = text.rpartition(" ")
        up = row(head) if head else -1  # the prefix of a reference n-gram is one too
        row_of[text] = len(order)
        order.append(order[up] + 1 if up >= 0 else 1)
        parent.append(up)
        token.append(token_of.setdefault(last, len(token_of)))
        return row_of[text]

    ref_rows, ref_counts = [], []
    for texts, counts in zip(columns["nist_ref_ngrams"], columns["nist_ref_counts"]):
        ref_rows.extend(row(t) for t in texts)
        ref_counts.extend(counts)
    count = np.zeros(len(order), dtype=np.int64)
    np.add.at(count, np.asarray(ref_rows, dtype=np.int64), np.asarray(ref_counts, dtype=np.int64))
    match_segment, match_ngram, match_count = [], [], []
    for s, (texts, counts) in enumerate(zip(columns["nist_matches"], columns["nist_match_counts"])):
        match_segment.extend([s] * len(texts))
        match_ngram.extend(row_of[t] for t in texts)
        match_count.extend(counts)
    table = NgramTable(vocab=list(token_of), order=np.asarray(order, dtype=np.int64),
                       parent=np.asarray(parent, dtype=np.int64), token=np.asarray(token, dtype=np.int64), count=count)
    return NistStatistics(
        hyp_len=_ints(columns["nist_hyp_len"]),
        ref_words=_ints(columns["nist_ref_words"]),
        n_refs=_ints(columns["nist_n_refs"]),
        totals=totals.reshape(len(totals), -1),
        match_segment=np.asarray(match_segment, dtype=np.int64),
        match_ngram=np.asarray(match_ngram, dtype=np.int64),
        match_count=np.asarray(match_count, dtype=np.int64),
        table=table,
    )


def statistics_from_columns(columns: Mapping[str, Any], metrics: Sequence[str] = None) -> Dict[str, Any]:
    """The statistics objects of every metric whose columns are present (or of ``metrics``)."""
    names = set(columns.column_names if hasattr(columns, "column_names") else columns)
    if metrics is None:
        metrics = [m for m in METRICS if f"{m}_hyp_len" in names or f"{m}_stats" in names]
    stats: Dict[str, Any] = {}
    for name in check_metrics(metrics):
        if name == "bleu":
            hyp_len, ref_len, matches, totals, n_refs = (_ints(columns[c]) for c in BLEU_COLUMNS[:5])
            S = len(hyp_len)
            # columns written before the other variants' ones existed are derived or marked unknown
            extra = [_ints(columns[c]) if c in names else np.zeros(0, dtype=np.int64) for c in BLEU_COLUMNS[5:]]
            shortest, short_hyps, matches_5 = extra
            stats[name] = BleuStatistics(hyp_len, ref_len, matches.reshape(S, -1), totals.reshape(S, -1), n_refs,
                                         shortest, short_hyps.reshape(S, -1) if len(short_hyps) else np.zeros((0, 0)),
                                         hyp_len, matches_5)
        elif name == "meteor" and "meteor_stats" in names:
            rows = np.asarray(list(columns["meteor_stats"]), dtype=np.float64)
            stats[name] = MeteorStatistics(rows.reshape(len(rows), -1), None, _ints(columns["meteor_n_refs"]))
        elif name == "meteor":
            scores = [float(v) for v in columns["meteor_score"]]
            ints = [_ints(columns[c]).tolist() for c in METEOR_COLUMNS[1:5]]
            stats[name] = MeteorSegments([MeteorStats(1, score, *rest) for score, *rest in zip(scores, *ints)],
                                         _ints(columns["meteor_n_refs"]))
        else:
            stats[name] = nist_from_columns(columns)
    return stats


def score_columns(columns: Mapping[str, Any], metrics: Sequence[str] = None, **options: Any) -> Dict[str, Dict[str, Any]]:
    """Result dictionaries (as ``score_all``'s) from the columns of :func:`segment_columns`.

    ``columns`` is a mapping of column name to values: a dict of lists, or a
    ``datasets.Dataset`` (e.g. the output of ``map``). ``options`` must be those the
    columns were computed with (they go into the signatures and the scoring).
    """
    return results_from_statistics(statistics_from_columns(columns, metrics), **options)
