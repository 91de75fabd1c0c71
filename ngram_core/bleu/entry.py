"""BLEU as the registry sees it (:class:`ngram_core.metric.Metric`): its statistics on the
shared corpus, its significance scores, and how the command line and the Space show it.

Columns, per segment: ``bleu_hyp_len``, ``bleu_ref_len`` (closest reference length),
``bleu_matches`` and ``bleu_totals`` (one int per order), ``bleu_n_refs``, and for the
other variants ``bleu_shortest_ref_len``, ``bleu_short_hyps`` (one 0/1 per order: the
hypothesis has fewer than n tokens) and ``bleu_matches_5`` (clipped 5-gram matches, -1
when not counted). They add: the sum of every column is BLEU's corpus statistics
(NLTK's methods 5-7 also read the last row's 5-gram matches).

Across ranks (each field's declared reduction, :class:`~ngram_core.bleu.BleuStatistics`):
one int64 vector, the summed statistics, is summed; then the last segment's hypothesis
length and 5-gram matches (NLTK's methods 5-7), from the last rank that has segments.

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

from typing import TYPE_CHECKING, Any, Dict, List, Mapping, Optional, Sequence

from ..lazy import np

from .. import bleu as bleu_core
from . import OPTIONS, bleu_from_statistics
from .variants import DEFAULT_VARIANT, Counts, get_variant
from ..options import OptionValues
from ..metric import Adapter, Corpora, Metric
from ..presentation import Presentation

if TYPE_CHECKING:
    from .statistics import BleuStatistics


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


class Bleu(Metric):
    """BLEU, every variant (:mod:`ngram_core.bleu`)."""

    name = "bleu"
    OPTIONS = bleu_core.OPTIONS
    headline = "bleu"
    statistics_types = (bleu_core.BleuStatistics,)
    sentence_options = {"effective_order": True}

    def reward_road(self, values: Mapping[str, Any]):
        from .rewards import road

        return road(self, values)

    def ngram_order(self, values: Mapping[str, Any]) -> int:
        return int(values["max_order"])

    def statistics(self, corpora: Corpora, values: Mapping[str, Any]) -> BleuStatistics:
        tokenize, lowercase = values["tokenize"], values["lowercase"]
        changed = get_variant(values["variant"]).changed_texts(corpora.hyps, corpora.refs, values)
        if changed is None:  # the shared corpus and matches
            return bleu_core.statistics_for(corpora.corpus(tokenize, lowercase), values,
                                            corpora.matches(tokenize, lowercase))
        # a variant whose tool sees other texts (evaluate's 13a joins line breaks)
        return bleu_core.statistics_for(corpora.retokenized(*changed, tokenize, lowercase), values)

    def empty_statistics(self, values: Mapping[str, Any]) -> BleuStatistics:
        empty, N = np.zeros(0, dtype=np.int64), values["max_order"]
        return bleu_core.BleuStatistics(empty, empty, np.zeros((0, N), dtype=np.int64), np.zeros((0, N), dtype=np.int64))

    def result(self, stats: BleuStatistics, values: Mapping[str, Any]) -> Dict[str, Any]:
        return bleu_core.result_from_statistics(stats, values)

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        if values.get("variant", DEFAULT_VARIANT) != DEFAULT_VARIANT:
            return [bleu_variant_adapter(values)]
        return [bleu_adapter(values)]

    def segment_scores(self, stats: BleuStatistics, values: Mapping[str, Any]) -> np.ndarray:
        return sentence_bleu(stats, values)["score"]

    def sentence_scores(self, hypotheses: List[str], references: List[List[str]],
                        values: Mapping[str, Any]) -> np.ndarray:
        return _pairs().sentence_scores(hypotheses, references, values)  # the compiled counts, no shared index

    def pair_scorer(self, candidates: List[str], references: List[str], values: Mapping[str, Any]):
        return _pairs().pair_scorer(candidates, references, values)

    def plain_chars(self, values: Mapping[str, Any]) -> float:
        return bleu_core.plain_chars(values)


def details(result: Mapping[str, Any]) -> str:
    """sacreBLEU's verbose part of a corpus score."""
    return _details(result["precisions"], result["brevity_penalty"], result["translation_length"],
                    result["reference_length"], result["length_ratio"])


def segment_details(stats: BleuStatistics, values: Mapping[str, Any]) -> List[str]:
    """sacreBLEU's verbose part of each segment's sentence BLEU."""
    scored = sentence_bleu(stats, values)
    return [_details(p / 100, bp, int(h), int(r), h / r if r else 0.0)
            for p, bp, h, r in zip(scored["precisions"], scored["brevity_penalty"], stats.hyp_len, stats.ref_len)]


BLEU = Bleu()
PRESENTATION = Presentation(
    width=1,  # sacreBLEU's -w 1 on 0-100
    shown="score", shown_decimals=2,  # the Space shows BLEU on 0-100 as the CLI, to 2 decimals as sacreBLEU's str()
    segment_score_doc="sentence BLEU (effective order), 0-100",
    flag_aliases={"smooth_method": ("--smooth-method", "-s"), "smooth_value": ("--smooth-value", "-sv")},
    short_names={"case": "c", "eff": "e", "smooth": "s"},  # sacreBLEU's BLEUSignature
    details=details, segment_details=segment_details)
