"""METEOR over a corpus: tokens -> per-segment alignment and statistics -> scores.

:func:`segment_statistics` aligns every hypothesis with each of its references and
keeps the best-scoring reference (the first one on ties, as NLTK's ``max``);
:func:`compute_meteor` adds the scores and the signature. Two variants:

- ``standard`` (default): Snowball stems, WordNet synonyms by shared synset, and the
  fewest-chunks alignment METEOR 1.5 ranks first (:mod:`.alignment`).
- ``nltk``: NLTK 3.10.4's ``meteor_score`` to the last digit (greedy right-to-left
  staged matching, Porter stems, NLTK's synonym rule); needs ``pip install nltk``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Sequence

from ..inputs import check_choice, check_corpus
from ..signature import case_field, make_signature, nrefs_field
from ..tokenizers import tokenize as tokenize_texts
from .alignment import Pair, count_chunks, fewest_chunks
from .matching import STAGES, Lexicon, candidate_pairs, check_stages, nltk_matches
from .scoring import DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_GAMMA, MeteorStats, check_parameters, meteor_formula

VARIANTS = ("standard", "nltk")
STEMMER_OF_VARIANT = {"standard": "snowball", "nltk": "porter"}


@dataclass(frozen=True)
class SegmentResult:
    """One segment against its best reference."""

    score: float
    reference: int  # index of the best reference among the segment's references
    alignment: List[Pair]  # (hypothesis position, reference position, stage index)
    stats: MeteorStats


def _align(hyp: Sequence[str], ref: Sequence[str], variant: str, stages: Sequence[str], lexicon: Lexicon) -> List[Pair]:
    if not hyp or not ref:
        return []
    if variant == "nltk":
        return nltk_matches(hyp, ref, stages, lexicon)
    return fewest_chunks(candidate_pairs(hyp, ref, stages, lexicon))


def segment_statistics(
    hypotheses: Sequence[Sequence[str]],
    references: Sequence[Sequence[Sequence[str]]],
    variant: str = "standard",
    stages: Iterable[str] = STAGES,
    alpha: float = DEFAULT_ALPHA,
    beta: float = DEFAULT_BETA,
    gamma: float = DEFAULT_GAMMA,
) -> List[SegmentResult]:
    """Align tokenized segments (each with one or more tokenized references)."""
    check_choice("variant", variant, VARIANTS)
    stages = check_stages(stages)
    check_parameters(alpha, beta, gamma)
    lexicon = Lexicon(STEMMER_OF_VARIANT[variant])
    results = []
    for hyp, refs in zip(hypotheses, references):
        best = None
        for k, ref in enumerate(refs):
            pairs = _align(hyp, ref, variant, stages, lexicon)
            chunks = count_chunks(pairs)
            score = meteor_formula(len(pairs), chunks, len(hyp), len(ref), alpha, beta, gamma)
            if best is None or score > best.score:
                stats = MeteorStats(1, score, len(hyp), len(ref), len(pairs), chunks)
                best = SegmentResult(score, k, pairs, stats)
        results.append(best)
    return results


def signature(variant: str, stages: Sequence[str], alpha: float, beta: float, gamma: float, tokenize: str, lowercase: bool, nrefs: str) -> str:
    """``meteor|variant:standard|stages:exact+stem+synonym|alpha:0.9|beta:3|gamma:0.5|tok:13a|case:lc|nrefs:1|version:ngram-core-X``."""
    return make_signature(
        "meteor",
        {
            "variant": variant,
            "stages": "+".join(stages),
            "alpha": f"{alpha:g}",
            "beta": f"{beta:g}",
            "gamma": f"{gamma:g}",
            "tok": tokenize,
            "case": case_field(lowercase),
            "nrefs": nrefs,
        },
    )


def compute_meteor(
    predictions: Sequence[str],
    references: Sequence[Any],
    variant: str = "standard",
    stages: Iterable[str] = STAGES,
    alpha: float = DEFAULT_ALPHA,
    beta: float = DEFAULT_BETA,
    gamma: float = DEFAULT_GAMMA,
    tokenize: str = "13a",
    lowercase: bool = True,
    return_segments: bool = False,
) -> Dict[str, Any]:
    """METEOR of ``predictions`` against ``references`` (one string or a list per prediction).

    Returns ``meteor`` (mean of segment scores, 0-1: evaluate's and NLTK's number),
    ``meteor_corpus`` (the formula on matches, chunks and lengths summed over segments,
    METEOR 1.5's system score), the summed statistics and ``signature``; with
    ``return_segments=True`` also ``segment_scores``, ``segment_alignments`` (pairs of
    hypothesis and reference token positions), ``segment_chunks``, ``segment_matches``
    and ``segment_references`` (index of the best reference).
    """
    check_choice("variant", variant, VARIANTS)
    stages = check_stages(stages)
    check_parameters(alpha, beta, gamma)
    hyps, refs = check_corpus(predictions, references)
    flat_refs = [ref for segment in refs for ref in segment]
    tokens = tokenize_texts(hyps + flat_refs, tokenize, lowercase)
    hyp_tokens, ref_iter = tokens[: len(hyps)], iter(tokens[len(hyps) :])
    ref_tokens = [[next(ref_iter) for _ in segment] for segment in refs]

    results = segment_statistics(hyp_tokens, ref_tokens, variant, stages, alpha, beta, gamma)
    total = MeteorStats.total(r.stats for r in results)
    out: Dict[str, Any] = {
        "meteor": total.mean_score(),
        "meteor_corpus": total.corpus_score(alpha, beta, gamma),
        "matches": total.matches,
        "chunks": total.chunks,
        "translation_length": total.hyp_len,
        "reference_length": total.ref_len,
        "signature": signature(variant, stages, alpha, beta, gamma, tokenize, lowercase, nrefs_field(len(s) for s in refs)),
    }
    if return_segments:
        out["segment_scores"] = [r.score for r in results]
        out["segment_alignments"] = [[(i, j) for i, j, _ in r.alignment] for r in results]
        out["segment_chunks"] = [r.stats.chunks for r in results]
        out["segment_matches"] = [r.stats.matches for r in results]
        out["segment_references"] = [r.reference for r in results]
    return out
