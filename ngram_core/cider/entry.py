"""CIDEr-D as the registry sees it (:class:`ngram_core.metric.Metric`).

CIDEr-D's document frequencies and image count belong to the whole corpus, so its
statistics are not a fixed-width sum: :class:`~ngram_core.cider.CiderStatistics` keeps
each image's n-gram counts, and they add by putting the images one after the other.

Columns, per image: ``cider_hyp_ngrams`` / ``cider_hyp_counts`` (the hypothesis's n-grams,
tokens joined by a space, and their counts, in pycocoevalcap's order), ``cider_ref_ngrams``
/ ``cider_ref_counts`` / ``cider_ref_of`` (every reference's, with the reference each
belongs to), ``cider_n_refs``. Read back, any set of rows is a corpus of those images.

Across ranks: every rank's statistics are gathered and added in rank order (the frequencies
are then counted once over all images). Segment scores on a shard (the engines) are placed
within the whole corpus: the rest of the corpus's frequencies become a background.

Significance resamples images with the frequencies of the whole corpus held fixed (as NIST
holds its information weights): rows ``[image score, 1]``, each resample's score the mean.
Scales: 0-10 (CIDEr's own), result, segment and sentence scores alike.
"""
from __future__ import annotations

from typing import Any, Dict, List, Mapping, Sequence

from ..lazy import np

from .. import cider as cider_core
from ..metric import Adapter, Corpora, Metric, Wire, mean_adapter
from ..presentation import Presentation
from . import CiderStatistics

COLUMNS = ("cider_hyp_ngrams", "cider_hyp_counts", "cider_ref_ngrams", "cider_ref_counts", "cider_ref_of",
           "cider_n_refs")


class Cider(Metric):
    """CIDEr-D (:mod:`ngram_core.cider`)."""

    name = "cider"
    OPTIONS = cider_core.OPTIONS
    headline = "cider"
    statistics_types = ()  # not declared fields: its own columns and reduction (below)
    segment_scores_need_corpus = True  # the document frequencies of the whole corpus

    def tokenization(self, values: Mapping[str, Any]) -> None:
        return None  # whitespace-split words, its own

    def statistics(self, corpora: Corpora, values: Mapping[str, Any]) -> CiderStatistics:
        return cider_core.cider_statistics(corpora.hyps, corpora.refs)

    def empty_statistics(self, values: Mapping[str, Any]) -> CiderStatistics:
        return CiderStatistics(cider_core.MAX_ORDER)

    def result(self, stats: CiderStatistics, values: Mapping[str, Any]) -> Dict[str, Any]:
        return cider_core.cider_result(stats, values)

    def scores(self, values: Mapping[str, Any]) -> List[Adapter]:
        return [mean_adapter("CIDEr", lambda stats: self.segment_scores(stats, values))]

    def segment_scores(self, stats: CiderStatistics, values: Mapping[str, Any]) -> np.ndarray:
        return np.array(cider_core.image_scores(stats, values["sigma"]), dtype=np.float64)

    # -- statistics moved around ----------------------------------------------------------
    def columns(self, stats: CiderStatistics, corpora: Corpora, values: Mapping[str, Any]) -> Dict[str, list]:
        if stats.background_images:
            raise ValueError("CIDEr statistics placed within a corpus have no columns: write the shard's own")
        out: Dict[str, list] = {name: [] for name in COLUMNS}
        for hyp, refs in zip(stats.hyp, stats.refs):
            out["cider_hyp_ngrams"].append([" ".join(g) for g in hyp])
            out["cider_hyp_counts"].append(list(hyp.values()))
            out["cider_ref_ngrams"].append([" ".join(g) for ref in refs for g in ref])
            out["cider_ref_counts"].append([c for ref in refs for c in ref.values()])
            out["cider_ref_of"].append([j for j, ref in enumerate(refs) for _ in ref])
            out["cider_n_refs"].append(len(refs))
        return out

    def from_columns(self, columns: Mapping[str, Any], names: Sequence[str]) -> CiderStatistics:
        missing = [name for name in COLUMNS if name not in names]
        if missing:
            raise ValueError(f"the CIDEr columns lack {missing}: write them with segment_columns")
        hyps, refs = [], []
        for grams, counts, ref_grams, ref_counts, ref_of, n_refs in zip(*(columns[name] for name in COLUMNS)):
            hyps.append({tuple(g.split(" ")): int(c) for g, c in zip(grams, counts)})
            image: List[Dict] = [{} for _ in range(int(n_refs))]
            for g, c, j in zip(ref_grams, ref_counts, ref_of):
                image[int(j)][tuple(g.split(" "))] = int(c)
            refs.append(image)
        return CiderStatistics(cider_core.MAX_ORDER, hyps, refs)

    def reduce(self, stats: CiderStatistics, wire: Wire) -> CiderStatistics:
        """Every rank's images, in rank order, on every rank (a gather: not a fixed-size sum)."""
        return sum(wire.gather(stats), CiderStatistics(stats.max_order))

    def within_corpus(self, stats: CiderStatistics, corpus: CiderStatistics) -> CiderStatistics:
        """``stats``' images with the rest of ``corpus`` (which holds them) as a background."""
        whole, own = corpus.document_frequency(), stats.document_frequency()
        background = {g: d - own.get(g, 0) for g, d in whole.items() if d - own.get(g, 0) > 0}
        return CiderStatistics(stats.max_order, stats.hyp, stats.refs, background, corpus.images - len(stats))


CIDER = Cider()
PRESENTATION = Presentation(width=4, shown="cider", shown_decimals=4,
                            segment_score_doc="the image's CIDEr-D within the corpus (pycocoevalcap's), 0-10")
