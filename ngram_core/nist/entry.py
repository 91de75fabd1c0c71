"""NIST as the registry sees it (:class:`ngram_core.metric.Metric`): its statistics on the
shared corpus, its columns, its reduction across ranks, its significance scores.

Columns, per segment: ``nist_hyp_len``, ``nist_ref_words``, ``nist_n_refs``,
``nist_totals``, and, because NIST's information weights come from the reference
n-gram counts of the *whole* corpus, the segment's reference n-grams
(``nist_ref_ngrams``, tokens joined by a space; tokens never contain whitespace) with
their counts over the segment's references (``nist_ref_counts``), and its matched
n-grams (``nist_matches``) with their clipped counts (``nist_match_counts``). The
reduction adds counts per n-gram text before computing the weights.

Across ranks NIST is *not* reducible by a fixed-size sum: its information weights need
the reference n-gram counts of the whole corpus, keyed by n-gram, and each rank sees
different n-grams. Its statistics (per-rank reference n-gram counts and matches, no
texts) are gathered and added with ``+`` in rank order.

Significance, columns ``[info_1..N, totals_1..N, hyp_len, ref_len]``: ``info_n`` is
the information (bits) of the segment's matched n-grams of order n, with the weights of
the *whole* reference corpus; ``ref_len`` the segment's reference words over its number
of references. The weights stay fixed while segments are resampled (resampling the
weights too would change what is being measured, and NIST as defined takes them from
the evaluation corpus). NIST = BP(sum hyp_len, sum ref_len) * sum_n info_n /
max(totals_n, 1), the summed-statistics formula of :mod:`ngram_core.nist`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Sequence

from ..lazy import np

from .. import compiled, nist as nist_core
from ..metric import Adapter, Corpora, Metric, Wire, int_column
from ..presentation import Presentation
from . import length_penalty

if TYPE_CHECKING:
    from ..ngrams.index import NgramIndex, TokenizedCorpus
    from .statistics import NistStatistics

def _statistics():
    from . import statistics  # (the array code: imported when statistics are built)

    return statistics


COLUMNS = ("nist_hyp_len", "nist_ref_words", "nist_n_refs", "nist_totals", "nist_ref_ngrams", "nist_ref_counts",
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


def nist_from_columns(columns: Mapping[str, Any]) -> NistStatistics:
    """NIST statistics of all rows, with reference n-gram counts added per n-gram."""
    totals = int_column(columns["nist_totals"])
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
    table = _statistics().NgramTable(vocab=list(token_of), order=np.asarray(order, dtype=np.int64),
                       parent=np.asarray(parent, dtype=np.int64), token=np.asarray(token, dtype=np.int64), count=count)
    return nist_core.NistStatistics(
        hyp_len=int_column(columns["nist_hyp_len"]),
        ref_words=int_column(columns["nist_ref_words"]),
        n_refs=int_column(columns["nist_n_refs"]),
        totals=totals.reshape(len(totals), -1),
        match_segment=np.asarray(match_segment, dtype=np.int64),
        match_ngram=np.asarray(match_ngram, dtype=np.int64),
        match_count=np.asarray(match_count, dtype=np.int64),
        table=table,
    )


def nist_rows(stats: NistStatistics, mteval_quirks: bool = False) -> np.ndarray:
    """``[info_1..N, totals_1..N, hyp_len, ref_len]`` per segment, float64.

    The information weights are those of all of ``stats``' references. Each
    segment's bits of one order are added in increasing order of value, so the
    rows do not depend on how the matches happen to be ordered (the statistics of
    shards added with ``+`` give the same rows as those of the whole corpus).
    """
    N, S = stats.max_order, len(stats)
    info = stats.table.information(int(stats.ref_words.sum()), mteval_quirks)
    bits = info[stats.match_ngram] * stats.match_count
    order = stats.table.order[stats.match_ngram] - 1
    cell = stats.match_segment * N + order
    canonical = np.lexsort((bits, cell))
    per_cell = np.bincount(cell[canonical], weights=bits[canonical], minlength=S * N).reshape(S, N)
    ref_len = stats.ref_words / np.maximum(stats.n_refs, 1)
    return np.column_stack([per_cell, stats.totals, stats.hyp_len, ref_len]).astype(np.float64)


def nist_adapter(n: int, mteval_quirks: bool) -> Adapter:
    """NIST (bits, [0, inf)) of order ``n`` from summed rows."""

    def scores(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        info, totals = sums[:, :n], sums[:, n:2 * n]
        precision = np.zeros(len(sums))
        for k in range(n):  # left to right, as mteval's cumulative sum
            precision = precision + info[:, k] / np.maximum(totals[:, k], 1)
        return precision * length_penalty(sums[:, 2 * n], sums[:, 2 * n + 1])

    return Adapter("NIST", lambda stats: nist_rows(stats, mteval_quirks), scores)


def nist_compact(stats: NistStatistics) -> NistStatistics:
    """The same corpus in one row per distinct reference count, matches added per n-gram:
    what crosses a wire. Its corpus score is that of ``stats`` (the information sums and,
    when the reference count varies, the average reference length to float rounding)."""
    if not len(stats):
        return stats
    n_refs, row = np.unique(stats.n_refs, return_inverse=True)
    rows = len(n_refs)

    def per_row(values: np.ndarray) -> np.ndarray:
        out = np.zeros((rows,) + values.shape[1:], dtype=np.int64)
        np.add.at(out, row, values)
        return out

    width = max(len(stats.table), 1)
    cells, cell = np.unique(row[stats.match_segment] * width + stats.match_ngram, return_inverse=True)
    match_count = np.zeros(len(cells), dtype=np.int64)
    np.add.at(match_count, cell, stats.match_count)
    return nist_core.NistStatistics(per_row(stats.hyp_len), per_row(stats.ref_words), n_refs.astype(np.int64),
                          per_row(stats.totals), cells // width, cells % width, match_count, stats.table)


def nist_within(stats: NistStatistics, corpus: NistStatistics) -> NistStatistics:
    """``stats``' segments with the reference n-gram counts of ``corpus`` (a corpus they
    are part of), and one extra, empty last segment carrying the rest of ``corpus``'s
    reference words: the information weights of the whole corpus, for segment scores."""
    table, corpus_rows, rows = corpus.table.merge(stats.table)
    count = np.zeros(len(table), dtype=np.int64)
    count[corpus_rows] = corpus.table.count  # corpus holds every n-gram of stats: its counts alone
    rest = int(corpus.ref_words.sum()) - int(stats.ref_words.sum())
    return nist_core.NistStatistics(
        hyp_len=np.append(stats.hyp_len, 0), ref_words=np.append(stats.ref_words, rest),
        n_refs=np.append(stats.n_refs, 1), totals=np.vstack([stats.totals, np.zeros((1, stats.max_order), np.int64)]),
        match_segment=stats.match_segment, match_ngram=rows[stats.match_ngram], match_count=stats.match_count,
        table=_statistics().NgramTable(table.vocab, table.order, table.parent, table.token, count),
    )


# -- METEOR ------------------------------------------------------------------------------
def nist_part(stats: NistStatistics, start: int, stop: int, copies: int) -> NistStatistics:
    """Segments start..stop of NIST statistics of ``copies`` systems on the same references,
    as the statistics of that system alone (reference counts divided by ``copies``)."""
    keep = (stats.match_segment >= start) & (stats.match_segment < stop)
    table = stats.table
    return nist_core.NistStatistics(
        hyp_len=stats.hyp_len[start:stop], ref_words=stats.ref_words[start:stop], n_refs=stats.n_refs[start:stop],
        totals=stats.totals[start:stop], match_segment=stats.match_segment[keep] - start,
        match_ngram=stats.match_ngram[keep], match_count=stats.match_count[keep],
        table=_statistics().NgramTable(table.vocab, table.order, table.parent, table.token, table.count // copies),
    )


class Nist(Metric):
    """NIST (:mod:`ngram_core.nist`). Its statistics are not a declared
    :class:`~ngram_core.statistics.Statistics`: the information weights need the reference
    n-gram counts of the whole corpus keyed by n-gram (a table, not one row per segment),
    so its columns, reduction (a gather) and parts are its own (see the module docstring)."""

    name = "nist"
    OPTIONS = nist_core.OPTIONS
    headline = "nist"

    def reward_road(self, values: Mapping[str, Any]):
        from .rewards import road

        return road(self, values)

    def ngram_order(self, options: Mapping[str, Any]) -> int:
        return int(options["n"])

    def statistics(self, corpora: Corpora, options: Mapping[str, Any]) -> NistStatistics:
        if options["variant"] == "nltk":
            raise ValueError("NIST variant='nltk' (NLTK's corpus_nist) chooses one reference per segment and order "
                             "with weights of the whole corpus, which NIST's mergeable statistics do not carry: "
                             "compute it with corpus_nist or the nist_custom metric (score_all, the reducers, "
                             "significance tests and ngram-score take variant='mteval')")
        tokenize, lowercase = options["tokenize"], options["lowercase"]
        corpus = corpora.corpus(tokenize, lowercase)
        # the compiled kernels number the n-grams themselves; the array code reads the shared index
        index = None if compiled.use(len(corpus.texts.ids)) else corpora.index(tokenize, lowercase)
        return nist_core.nist_statistics(corpus, options["n"], index)

    def empty_statistics(self, options: Mapping[str, Any]) -> NistStatistics:
        empty = np.zeros(0, dtype=np.int64)
        table = _statistics().NgramTable(vocab=[], order=empty, parent=empty, token=empty, count=empty)
        return nist_core.NistStatistics(empty, empty, empty, np.zeros((0, options["n"]), dtype=np.int64), empty, empty, empty,
                              table)

    def result(self, stats: NistStatistics, options: Mapping[str, Any]) -> Dict[str, Any]:
        return nist_core.nist_result(stats, options)

    def columns(self, stats: NistStatistics, corpora: Corpora, options: Mapping[str, Any]) -> Dict[str, list]:
        tokenize, lowercase = options["tokenize"], options["lowercase"]
        return nist_columns(stats, corpora.corpus(tokenize, lowercase), corpora.index(tokenize, lowercase))

    def from_columns(self, columns: Mapping[str, Any], names: Sequence[str]) -> NistStatistics:
        return nist_from_columns(columns)

    def reduce(self, stats: NistStatistics, wire: Wire) -> NistStatistics:
        return sum(wire.gather(nist_compact(stats)))

    segment_scores_need_corpus = True  # the information weights of the whole corpus

    def within_corpus(self, stats: NistStatistics, corpus: NistStatistics) -> NistStatistics:
        return nist_within(stats, corpus)

    def part(self, stats: NistStatistics, start: int, stop: int, copies: int) -> NistStatistics:
        return nist_part(stats, start, stop, copies)

    def scores(self, options: Mapping[str, Any]) -> List[Adapter]:
        return [nist_adapter(int(options["n"]), bool(options["mteval_quirks"]))]


def details(result: Mapping[str, Any]) -> str:
    """The command line's verbose part of a corpus score."""
    info = "/".join(f"{v:.3f}" for v in result["info_per_ngram"])
    return (f"{info} (BP = {result['brevity_penalty']:.3f} ratio = {result['length_ratio']:.3f} "
            f"hyp_len = {result['translation_length']:d} ref_len = {_length(result['reference_length'])})")


def _length(words: float) -> str:
    """A reference length: a count as an integer; a mean over several references as mteval's
    fractional one, to 1 decimal."""
    return f"{int(words):d}" if float(words).is_integer() else f"{words:.1f}"


NIST = Nist()
PRESENTATION = Presentation(width=4, segment_score_doc="segment NIST (the corpus' information weights)",
                            details=details, left_out_choices={"variant": {"nltk": (
                                "NLTK's corpus_nist has no mergeable statistics to test or merge: compute it in "
                                "Python, ngram_core.nist.corpus_nist(predictions, references, variant='nltk')")}})
