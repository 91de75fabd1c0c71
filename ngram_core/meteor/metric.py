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

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Sequence

from ..inputs import check_choice, check_corpus
from ..signature import case_field, make_signature, nrefs_field
from ..tokenizers import tokenize as tokenize_texts
from .alignment import Pair, count_chunks, fewest_chunks
from .matching import STAGES, Lexicon, Segment, candidate_pairs, check_stages, nltk_matches
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


def _align(hyp: Segment, ref: Segment, variant: str, stages: Sequence[str], lexicon: Lexicon) -> List[Pair]:
    if not hyp.words or not ref.words:
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
    """Align tokenized segments (each with one or more tokenized references).

    Every distinct segment is prepared once (word positions, stems: a reference is
    usually shared by every system), and a (hypothesis, reference) pair that occurs
    again (two systems with the same output) is aligned once.
    """
    check_choice("variant", variant, VARIANTS)
    stages = check_stages(stages)
    check_parameters(alpha, beta, gamma)
    lexicon = Lexicon(STEMMER_OF_VARIANT[variant])
    segments: Dict[tuple, Segment] = {}

    def prepare(tokens: Sequence[str]) -> Segment:
        key = tuple(tokens)
        segment = segments.get(key)
        if segment is None:
            segment = segments[key] = Segment(list(tokens), lexicon)
        return segment

    aligned: Dict[tuple, tuple] = {}  # (id(hyp segment), id(ref segment)) -> (pairs, chunks)
    with _gc_paused():
        return _statistics(hypotheses, references, variant, stages, alpha, beta, gamma, lexicon, prepare, aligned)


@contextmanager
def _gc_paused():
    """Pause the cyclic garbage collector while METEOR builds its many small, acyclic
    lists, dicts and tuples: with a large corpus in memory it otherwise rescans the
    whole heap again and again (about half of the run time). Reference counting still
    frees everything; the collector's previous state is restored in any case."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _statistics(hypotheses, references, variant, stages, alpha, beta, gamma, lexicon, prepare, aligned) -> List[SegmentResult]:
    results = []
    for hyp, refs in zip(hypotheses, references):
        hyp_segment = prepare(hyp)
        hyp_len = len(hyp_segment.words)
        best = None
        for k, ref in enumerate(refs):
            ref_segment = prepare(ref)
            key = (id(hyp_segment), id(ref_segment))
            done = aligned.get(key)
            if done is None:
                pairs = _align(hyp_segment, ref_segment, variant, stages, lexicon)
                done = aligned[key] = (pairs, count_chunks(pairs))
            pairs, chunks = done
            ref_len = len(ref_segment.words)
            score = meteor_formula(len(pairs), chunks, hyp_len, ref_len, alpha, beta, gamma)
            if best is None or score > best.score:
                stats = MeteorStats(1, score, hyp_len, ref_len, len(pairs), chunks)
                best = SegmentResult(score, k, list(pairs), stats)
        results.append(best)
    return results


def signature(variant: str, stages: Sequence[str], alpha: float, beta: float, gamma: float, tokenize: str, lowercase: bool, nrefs: str) -> str:
    """``METEOR|nrefs:1|case:lc|tok:13a|variant:standard|stages:exact+stem+synonym|alpha:0.9|beta:3|gamma:0.5|version:ngram-core-X``.

    The same field names and order as BLEU's and NIST's signatures where they overlap.
    """
    return make_signature(
        "METEOR",
        {
            "nrefs": nrefs,
            "case": case_field(lowercase),
            "tok": tokenize,
            "variant": variant,
            "stages": "+".join(stages),
            "alpha": f"{alpha:g}",
            "beta": f"{beta:g}",
            "gamma": f"{gamma:g}",
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
    with _gc_paused():
        return _compute(predictions, references, variant, stages, alpha, beta, gamma, tokenize, lowercase, return_segments)


def _compute(predictions, references, variant, stages, alpha, beta, gamma, tokenize, lowercase, return_segments) -> Dict[str, Any]:
    hyps, refs = check_corpus(predictions, references)
    # Tokenize each distinct text once (a tokenizer is a function of the text; the
    # references of a test set recur once per system) and share its token list.
    index: Dict[str, int] = {}
    hyp_ids = [index.setdefault(text, len(index)) for text in hyps]
    ref_ids = [[index.setdefault(text, len(index)) for text in segment] for segment in refs]
    tokens = tokenize_texts(list(index), tokenize, lowercase)
    hyp_tokens = [tokens[i] for i in hyp_ids]
    ref_tokens = [[tokens[i] for i in segment] for segment in ref_ids]

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
