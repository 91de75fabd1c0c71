"""BLEU as the registry sees it (:class:`ngram_core.metric.Metric`): its statistics on the
shared corpus, its columns, its reduction across ranks, its significance scores.

Columns, per segment: ``bleu_hyp_len``, ``bleu_ref_len`` (closest reference length),
``bleu_matches`` and ``bleu_totals`` (one int per order), ``bleu_n_refs``, and for the
other variants ``bleu_shortest_ref_len``, ``bleu_short_hyps`` (one 0/1 per order: the
hypothesis has fewer than n tokens) and ``bleu_matches_5`` (clipped 5-gram matches, -1
when not counted). They add: the sum of every column is BLEU's corpus statistics
(NLTK's methods 5-7 also read the last row's 5-gram matches).

Across ranks: one int64 vector, the summed statistics, is summed; then the last
segment's hypothesis length and 5-gram matches (NLTK's methods 5-7), from the last
rank that has segments.

Significance, columns ``[hyp_len, ref_len, matches_1..N, totals_1..N]``: sacreBLEU's
own layout, scored by :func:`ngram_core.bleu.bleu_from_statistics`, which is sacreBLEU
2.6.0's arithmetic: float64 on integer sums (the corpus score and the approximate-
randomization trials), float32 precisions on float32 sums (the bootstrap resamples, as
sacreBLEU sums them): ``sum_dtype`` says which. The other variants (``variant="nltk"``,
``"evaluate"``, ``"mteval"``, ``"coco"``), columns ``[hyp_len, ref_len,
shortest_ref_len, matches_1..N, totals_1..N, short_hyps_1..N]``, summed in float64 and
scored row by row by the variant's own scorer (:mod:`ngram_core.bleu.variants`),
0-100. NLTK's smoothing methods 5-7 read the corpus's *last* segment, which a
resampled corpus does not define: they are refused with a ``ValueError``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Dict, List, Mapping, Optional, Sequence

from ..lazy import np

from .. import bleu as bleu_core
from . import OPTIONS, bleu_from_statistics, plain as bleu_plain
from .variants import DEFAULT_VARIANT, Counts, get_variant
from ..options import OptionValues
from ..metric import Adapter, Corpora, MetricBase, Wire, global_n_refs, int_column

if TYPE_CHECKING:
    from .statistics import BleuStatistics

COLUMNS = ("bleu_hyp_len", "bleu_ref_len", "bleu_matches", "bleu_totals", "bleu_n_refs", "bleu_shortest_ref_len",
           "bleu_short_hyps", "bleu_matches_5")

# sacreBLEU scores each bootstrap resample from a float32 row with scalar arithmetic;
# ``100. * np.float32(x)`` is float32 under numpy 2 and float64 under numpy 1, so the
# arithmetic that reproduces it follows the installed numpy.
def _scalar_float32_arithmetic() -> type:
    return type(100.0 * np.float32(1.0))


def _pairs():
    from . import pairs  # (the compiled pair counts: imported when sentence or pair scores are asked for)

    return pairs


def bleu_rows(stats: BleuStatistics) -> np.ndarray:
    """``[hyp_len, ref_len, matches_1..N, totals_1..N]`` per segment, int64."""
    return np.column_stack([stats.hyp_len, stats.ref_len, stats.matches, stats.totals]).astype(np.int64)


def bleu_adapter(values: Optional[Mapping[str, Any]] = None) -> Adapter:
    """BLEU (0-100) with the resolved options ``values`` (None: the defaults); sacreBLEU's
    numbers for sacreBLEU's options."""
    options = OptionValues(OPTIONS.resolve({}) if values is None else values)
    N = options.max_order

    def scores(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums)
        if sums.dtype == np.float32 and _scalar_float32_arithmetic() is not np.float32:
            sums = sums.astype(np.float64)  # numpy 1: sacreBLEU's scalar arithmetic is float64
        stats = bleu_core.BleuStatistics(hyp_len=sums[:, 0], ref_len=sums[:, 1], matches=sums[:, 2:2 + N],
                               totals=sums[:, 2 + N:2 + 2 * N])
        return bleu_from_statistics(stats, options)["score"]

    return Adapter("BLEU", bleu_rows, scores, sum_dtype=np.float32)


def bleu_variant_adapter(values: Mapping[str, Any]) -> Adapter:
    """BLEU (0-100) of ``values["variant"]`` (not sacreBLEU's) with its resolved options."""
    variant, options = get_variant(values["variant"]), OptionValues(values)
    if variant.needs_5grams(values) or (values["variant"] == "nltk" and options.smooth_method == "method6"):
        raise ValueError(f"smooth_method={options.smooth_method!r} reads the corpus's last segment, which a "
                         "resampled corpus does not define: significance tests take method0-method4")
    N = options.max_order

    def rows(stats: BleuStatistics) -> np.ndarray:
        return np.column_stack([stats.hyp_len, stats.ref_len, stats.shortest_ref_len, stats.matches, stats.totals,
                                stats.short_hyps]).astype(np.int64)

    def scores(sums: np.ndarray) -> np.ndarray:
        out = []
        for row in np.rint(np.asarray(sums, dtype=np.float64)).astype(np.int64).tolist():
            counts = Counts(row[0], row[1], row[2], row[3:3 + N], row[3 + N:3 + 2 * N], row[3 + 2 * N:3 + 3 * N],
                            0, -1)
            out.append(100.0 * float(variant.score(counts, options)["bleu"]))
        return np.asarray(out)

    return Adapter("BLEU", rows, scores)


def sentence_bleu(stats: BleuStatistics, options: Mapping[str, Any]) -> Dict[str, np.ndarray]:
    """Each segment's BLEU as sacreBLEU's sentence BLEU (effective order on): ``score``
    (0-100), ``precisions`` (0-100), ``brevity_penalty``, one row per segment."""
    return bleu_from_statistics(stats, {**options, "effective_order": "sacrebleu"})


def _details(precisions: Sequence[float], brevity_penalty: float, hyp_len: int, ref_len: int, ratio: float) -> str:
    """sacreBLEU's verbose part of a score (precisions 0-1)."""
    text = "/".join(f"{100 * p:.1f}" for p in precisions)
    return f"{text} (BP = {brevity_penalty:.3f} ratio = {ratio:.3f} hyp_len = {hyp_len:d} ref_len = {ref_len:d})"


def _last_segment(stats: BleuStatistics, total: BleuStatistics, wire: Wire) -> np.ndarray:
    """(hypothesis length, clipped 5-gram matches) of the corpus's last segment: the last
    one of the last rank that has segments (NLTK's smoothing methods 5-7 read them)."""
    last_rank = wire.max(np.array([wire.rank if len(stats) else -1], dtype=np.int64))[0]
    mine = [total.last_hyp_len[0], total.last_matches_5[0]] if wire.rank == last_rank else [0, 0]
    return wire.sum(np.array(mine, dtype=np.int64))


class Bleu(MetricBase):
    """BLEU, every variant (:mod:`ngram_core.bleu`)."""

    name = "bleu"
    OPTIONS = bleu_core.OPTIONS
    headline = "bleu"
    width = 1  # sacreBLEU's -w 1 on 0-100
    shown, shown_decimals = "score", 2  # the Space shows BLEU on 0-100 as the CLI, to 2 decimals as sacreBLEU's str()
    sentence_options = {"effective_order": True}
    segment_score_doc = "sentence BLEU (effective order), 0-100"
    flag_aliases = {"smooth_method": ("--smooth-method", "-s"), "smooth_value": ("--smooth-value", "-sv")}

    def ngram_order(self, options: Mapping[str, Any]) -> int:
        return int(options["max_order"])

    def statistics(self, corpora: Corpora, options: Mapping[str, Any]) -> BleuStatistics:
        if bleu_core.changed_texts(corpora.hyps, corpora.refs, options) is None:  # the shared corpus and matches
            tokenize, lowercase = options["tokenize"], options["lowercase"]
            return bleu_core.statistics_for(corpora.corpus(tokenize, lowercase), options,
                                            corpora.matches(tokenize, lowercase))
        # a variant whose tool sees other texts (evaluate's 13a joins line breaks)
        return bleu_core.statistics_for(bleu_core.tokenize_for_bleu(corpora.hyps, corpora.refs, options), options)

    def empty_statistics(self, options: Mapping[str, Any]) -> BleuStatistics:
        empty, N = np.zeros(0, dtype=np.int64), options["max_order"]
        return bleu_core.BleuStatistics(empty, empty, np.zeros((0, N), dtype=np.int64), np.zeros((0, N), dtype=np.int64), empty)

    def result(self, stats: BleuStatistics, options: Mapping[str, Any]) -> Dict[str, Any]:
        return bleu_core.result_from_statistics(stats, options)

    def columns(self, stats: BleuStatistics, corpora: Corpora, options: Mapping[str, Any]) -> Dict[str, list]:
        return dict(zip(COLUMNS, (stats.hyp_len.tolist(), stats.ref_len.tolist(), stats.matches.tolist(),
                                  stats.totals.tolist(), stats.n_refs.tolist(), stats.shortest_ref_len.tolist(),
                                  stats.short_hyps.tolist(), stats.last_matches_5.tolist())))

    def from_columns(self, columns: Mapping[str, Any], names: Sequence[str]) -> BleuStatistics:
        hyp_len, ref_len, matches, totals, n_refs = (int_column(columns[c]) for c in COLUMNS[:5])
        S = len(hyp_len)
        # columns written before the other variants' ones existed are derived or marked unknown
        shortest, short_hyps, matches_5 = [int_column(columns[c]) if c in names else np.zeros(0, dtype=np.int64)
                                           for c in COLUMNS[5:]]
        return bleu_core.BleuStatistics(hyp_len, ref_len, matches.reshape(S, -1), totals.reshape(S, -1), n_refs, shortest,
                              short_hyps.reshape(S, -1) if len(short_hyps) else np.zeros((0, 0)), hyp_len, matches_5)

    def reduce(self, stats: BleuStatistics, wire: Wire) -> BleuStatistics:
        total = stats.sum()
        N = stats.max_order
        vector = np.concatenate([total.hyp_len, total.ref_len, total.matches[0], total.totals[0],
                                 total.short_hyps[0], total.shortest_ref_len]).astype(np.int64)
        summed = wire.sum(vector)
        # the shortest reference length is unknown (-1) if it is unknown on any rank
        unknown = wire.max(np.array([int(total.shortest_ref_len[0] < 0)], dtype=np.int64))[0]
        n_refs = global_n_refs(stats.n_refs, wire)
        last_hyp_len, last_matches_5 = _last_segment(stats, total, wire)
        rows = max(len(n_refs), 1)
        # row 0 carries the sums; a second, all-zero row only carries the other
        # reference count, so that the signature says ``nrefs:var`` when it should
        hyp_len = np.zeros(rows, dtype=np.int64)
        ref_len = np.zeros(rows, dtype=np.int64)
        matches = np.zeros((rows, N), dtype=np.int64)
        totals = np.zeros((rows, N), dtype=np.int64)
        short_hyps = np.zeros((rows, N), dtype=np.int64)
        shortest = np.zeros(rows, dtype=np.int64)
        hyp_len[0], ref_len[0] = summed[0], summed[1]
        matches[0], totals[0], short_hyps[0] = summed[2: 2 + N], summed[2 + N: 2 + 2 * N], summed[2 + 2 * N: 2 + 3 * N]
        shortest[0] = -1 if unknown else summed[-1]
        # the last segment's values sit in the last row, which is the one sum() keeps
        last = np.zeros(rows, dtype=np.int64)
        last_5 = np.zeros(rows, dtype=np.int64)
        last[-1], last_5[-1] = last_hyp_len, last_matches_5
        return bleu_core.BleuStatistics(hyp_len, ref_len, matches, totals, n_refs if len(n_refs) else np.zeros(1, dtype=np.int64),
                              shortest, short_hyps, last, last_5)

    def scores(self, options: Mapping[str, Any]) -> List[Adapter]:
        if options.get("variant", DEFAULT_VARIANT) != DEFAULT_VARIANT:
            return [bleu_variant_adapter(options)]
        return [bleu_adapter(options)]

    def segment_scores(self, stats: BleuStatistics, options: Mapping[str, Any]) -> np.ndarray:
        return sentence_bleu(stats, options)["score"]

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        options: Mapping[str, Any]) -> np.ndarray:
        return _pairs().sentence_scores(hypotheses, references, options)  # the compiled counts, no shared index

    def pair_scorer(self, candidates: List[str], references: List[str], options: Mapping[str, Any]):
        return _pairs().pair_scorer(candidates, references, options)

    def plain_scorer(self, hypotheses: List[str], references: List[List[str]],
                     options: Mapping[str, Any]) -> Optional[Callable[[], Dict[str, Any]]]:
        if not bleu_plain.applies(hypotheses, references, options):
            return None
        return lambda: bleu_plain.result(hypotheses, references, options,
                                         bleu_core.signature_of(options, map(len, references)))

    def details(self, result: Mapping[str, Any]) -> str:
        return _details(result["precisions"], result["brevity_penalty"], result["translation_length"],
                        result["reference_length"], result["length_ratio"])

    def segment_details(self, stats: BleuStatistics, options: Mapping[str, Any]) -> List[str]:
        scored = sentence_bleu(stats, options)
        return [_details(p / 100, bp, int(h), int(r), h / r if r else 0.0)
                for p, bp, h, r in zip(scored["precisions"], scored["brevity_penalty"], stats.hyp_len, stats.ref_len)]


BLEU = Bleu()
