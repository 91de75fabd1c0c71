"""CIDEr-D (Vedantam, Zitnick and Parikh 2015), pycocoevalcap 1.2's ``Cider`` number for number.

Each text (split on whitespace) is a vector per order n = 1..4 of its n-grams' tf-idf
weights, ``tf * (log(I) - log(max(1, df)))``: ``tf`` the n-gram's count in the text,
``I`` the number of images of the corpus, ``df`` the number of images with the n-gram in
one of their references. An image's score is::

    CIDEr-D = 10 * mean_n ( sum_r sim_n(h, r) ) / |refs|
    sim_n(h, r) = sum_g min(h_g, r_g) r_g / (|h_n| |r_n|) * exp(-(l_h - l_r)^2 / (2 sigma^2))

(clipping: ``min(h_g, r_g)``; the cosine is left undivided where a norm is 0;
``sigma = 6``; ``l`` is, as pycocoevalcap counts it, the number of *bigrams* of the
text), and the corpus score is the mean of the image scores (``np.mean``). Scores are
0-10 (not 0-1: CIDEr's own scale). Every sum runs in pycocoevalcap's order (the n-grams
of a text by order, then position of first occurrence), so the numbers are its bits.

Statistics and shards: the document frequencies and ``I`` belong to the whole corpus,
so an image's score depends on every other image's references. :class:`CiderStatistics`
carries each image's n-gram counts (its hypothesis's and each reference's); shards add
with ``+`` (their images one after the other) and the frequencies are counted only when
a score is asked for, from all the images present. A score of a shard alone is the
CIDEr-D of that shard as a corpus, not its part of the whole.

In the registry (:mod:`ngram_core.cider.entry`) the per-image counts are the columns and
the reduction across ranks gathers them (in rank order); a segment score on a shard is
placed within the whole corpus by adding the rest of the corpus's document frequencies as
a background (:meth:`~ngram_core.metric.Metric.within_corpus`).

Bounds: time and memory linear in the n-grams of the corpus (at most 4 per token), one
dictionary entry per distinct n-gram; plain Python, as pycocoevalcap.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..inputs import check_corpus
from ..options import Option, OptionSet, return_segments_option
from ..signature import nrefs_field

Counts = Dict[Tuple[str, ...], int]

OPTIONS = OptionSet("CIDEr-D", [
    Option("sigma", 6.0, "the standard deviation of the Gaussian length penalty", "float", low=0.0,
           low_open=True, signature=("sigma", lambda s: f"{s:g}")),
    return_segments_option(),
], signature_fields={None: ("nrefs", "sigma")})
MAX_ORDER = 4  # fixed: pycocoevalcap's Cider(n=...) counts 4-grams whatever n is, and fails for n < 4


def ngram_counts(text: str, max_order: int) -> Counts:
    """The n-grams (orders 1..max_order) of a whitespace-split text with their counts, by
    order, then first position (pycocoevalcap's ``precook`` order, which its sums follow)."""
    words = text.split()
    counts: Counts = {}
    for n in range(1, max_order + 1):
        for i in range(len(words) - n + 1):
            gram = tuple(words[i:i + n])
            counts[gram] = counts.get(gram, 0) + 1
    return counts


@dataclass
class CiderStatistics:
    """Per image: its hypothesis's n-gram counts and each of its references'. They add with
    ``+`` (the images of both, in order); the document frequencies come from all of them."""

    max_order: int
    hyp: List[Counts] = field(default_factory=list)
    refs: List[List[Counts]] = field(default_factory=list)
    # images of the corpus not listed here (their document frequencies and number): what
    # Metric.within_corpus adds so that these images score as within the whole corpus
    background_df: Dict[Tuple[str, ...], int] = field(default_factory=dict)
    background_images: int = 0

    def __len__(self) -> int:
        return len(self.hyp)

    def __getitem__(self, rows: Any) -> "CiderStatistics":
        """The statistics of some images (a slice, an index or an index array), no background."""
        if isinstance(rows, slice):
            return CiderStatistics(self.max_order, self.hyp[rows], self.refs[rows])
        picked = [int(rows)] if isinstance(rows, int) or getattr(rows, "ndim", 1) == 0 else [int(i) for i in rows]
        return CiderStatistics(self.max_order, [self.hyp[i] for i in picked], [self.refs[i] for i in picked])

    def __add__(self, other: "CiderStatistics") -> "CiderStatistics":
        if not isinstance(other, CiderStatistics):
            return NotImplemented
        if other.max_order != self.max_order:
            raise ValueError(f"cannot add CIDEr statistics of max_order {self.max_order} and {other.max_order}")
        if self.background_images or other.background_images:
            raise ValueError("CIDEr statistics placed within a corpus (Metric.within_corpus) do not add: add the "
                             "statistics of the shards themselves, then place them")
        return CiderStatistics(self.max_order, self.hyp + other.hyp, self.refs + other.refs)

    @property
    def images(self) -> int:
        """The number of images of the corpus (listed and background): ``I``."""
        return len(self.refs) + self.background_images

    def __radd__(self, other: Any) -> "CiderStatistics":
        if isinstance(other, int) and other == 0:
            return self
        return NotImplemented

    def document_frequency(self) -> Dict[Tuple[str, ...], int]:
        """For each reference n-gram, the number of images with it in one of their references."""
        df: Dict[Tuple[str, ...], int] = dict(self.background_df)
        for refs in self.refs:
            for gram in {g for ref in refs for g in ref}:
                df[gram] = df.get(gram, 0) + 1
        return df


def cider_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
                     max_order: int = MAX_ORDER) -> CiderStatistics:
    """The statistics of checked texts (one hypothesis and at least one reference per image)."""
    cache: Dict[str, Counts] = {}
    refs = []
    for s, image_refs in enumerate(references):
        if not image_refs:
            raise ValueError(f"references[{s}] is empty: CIDEr-D needs at least one reference per image")
        refs.append([cache[r] if r in cache else cache.setdefault(r, ngram_counts(r, max_order)) for r in image_refs])
    return CiderStatistics(max_order, [ngram_counts(h, max_order) for h in hypotheses], refs)


def image_scores(stats: CiderStatistics, sigma: float = 6.0) -> List[float]:
    """Each image's CIDEr-D (0-10) with the frequencies of all of ``stats``' images."""
    from ..lazy import np

    if not len(stats):
        return []
    n = stats.max_order
    ref_len = np.log(float(stats.images))
    df = stats.document_frequency()
    idf_of: Dict[int, Any] = {}  # ref_len - log(max(1, df)), per distinct df (np.log of each, as pycocoevalcap)

    def vector(counts: Counts):
        vec: List[Dict[Tuple[str, ...], Any]] = [{} for _ in range(n)]
        norm = [0.0] * n
        length = 0
        for gram, tf in counts.items():
            d = df.get(gram, 0)
            if d not in idf_of:
                idf_of[d] = ref_len - np.log(max(1.0, d))
            k = len(gram) - 1
            value = float(tf) * idf_of[d]
            vec[k][gram] = value
            norm[k] += value * value
            if k == 1:  # pycocoevalcap's length: the bigrams
                length += tf
        return vec, [np.sqrt(x) for x in norm], length

    penalty_of: Dict[float, float] = {}
    two_sigma2 = 2 * sigma ** 2
    scores = []
    for hyp_counts, refs in zip(stats.hyp, stats.refs):
        vec, norm, length = vector(hyp_counts)
        total = np.zeros(n)
        for ref_counts in refs:
            vec_ref, norm_ref, length_ref = vector(ref_counts)
            delta = float(length - length_ref)
            if delta not in penalty_of:
                penalty_of[delta] = np.e ** (-(delta ** 2) / two_sigma2)
            val = np.zeros(n)
            for k in range(n):
                ref_k = vec_ref[k]
                acc = val[k]
                for gram, value in vec[k].items():
                    if gram in ref_k:
                        r = ref_k[gram]
                        acc += min(value, r) * r
                if norm[k] != 0 and norm_ref[k] != 0:
                    acc /= norm[k] * norm_ref[k]
                val[k] = acc * penalty_of[delta]
            total += val
        score = np.mean(total)
        score /= len(refs)
        score *= 10.0
        scores.append(float(score))
    return scores


def signature_of(values: Mapping[str, Any], refs_per_segment: Any) -> str:
    """``CIDEr-D|nrefs:5|sigma:6|version:ngram-core-X``."""
    return OPTIONS.signature_string(values, nrefs=nrefs_field(refs_per_segment))


def cider_result(stats: CiderStatistics, values: Mapping[str, Any]) -> Dict[str, Any]:
    """The result dictionary of (per-image) statistics: the corpus is every image in them."""
    from ..lazy import np

    scores = image_scores(stats, values["sigma"])
    corpus = float(np.mean(np.array(scores, dtype=np.float64))) if scores else 0.0
    result = {"cider": corpus, "score": corpus, "max_order": stats.max_order, "sigma": values["sigma"],
              "signature": signature_of(values, [len(r) for r in stats.refs])}
    if values["return_segments"]:
        result["segment_scores"] = scores
    return result


@OPTIONS.entry_point
def corpus_cider(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus CIDEr-D of ``predictions`` (one caption per image) against ``references`` (one
    string or list per image): pycocoevalcap 1.2's ``Cider().compute_score``.

    ``cider`` (= ``score``) is its first value (0-10, the mean of the image scores);
    ``return_segments=True`` adds ``segment_scores``, its array of image scores (0-10).
    """
    hyps, refs = check_corpus(predictions, references)
    return cider_result(cider_statistics(hyps, refs), options)


__all__ = ["MAX_ORDER", "OPTIONS", "CiderStatistics", "cider_result", "cider_statistics", "corpus_cider", "image_scores",
           "ngram_counts"]
