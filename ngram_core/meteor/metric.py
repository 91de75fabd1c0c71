"""METEOR over a corpus: tokens -> per-pair alignment and statistics -> scores.

Every hypothesis is aligned with each of its references and keeps the best-scoring
reference (the first one on ties, as NLTK's ``max``). Work is done once per distinct
thing: texts are tokenized once each (a reference is shared by every system), a
(hypothesis, reference) pair that occurs again (two systems with the same output) is
aligned once, and the matchers of :mod:`.matching` handle all distinct pairs together
on token tables (:mod:`.tables`). :func:`compute_meteor` adds the scores and the
signature; :func:`segment_statistics` does the same from token lists and
:func:`corpus_segment_statistics` from an already tokenized corpus. Two variants:

- ``standard`` (default): Snowball stems, WordNet synonyms by shared synset, and the
  fewest-chunks alignment METEOR 1.5 ranks first (:mod:`.alignment`).
- ``nltk``: NLTK 3.10.4's ``meteor_score`` to the last digit (greedy right-to-left
  staged matching, Porter stems, NLTK's synonym rule); needs ``pip install nltk``.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import chain
from typing import Any, Dict, Iterable, List, Sequence

import numpy as np

from ..corpus import encode_texts, offsets_from_counts
from ..inputs import check_choice, check_corpus
from ..ngrams import TokenizedCorpus
from ..options import Option, OptionSet, flag, return_segments_option, tokenize_option
from ..signature import case_field, make_signature, nrefs_field
from .alignment import Pair, fewest_chunks
from .matching import STAGES, Lexicon, Matches, candidate_matches, check_stages, nltk_matches
from .scoring import DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_GAMMA, MeteorStats, check_parameters, meteor_formula
from .tables import Segments, Side

VARIANTS = ("standard", "nltk")
STEMMER_OF_VARIANT = {"standard": "snowball", "nltk": "porter"}


@dataclass(frozen=True)
class SegmentResult:
    """One segment against its best reference."""

    score: float
    reference: int  # index of the best reference among the segment's references
    alignment: List[Pair]  # (hypothesis position, reference position, stage index)
    stats: MeteorStats


class _Alignments:
    """The alignment of every distinct pair: matches sorted by pair, then hypothesis
    position; per pair its number of matches and chunks."""

    def __init__(self, hyp: Side, ref: Side, matches: Matches) -> None:
        h, r, stage = matches
        order = np.argsort(h, kind="stable")  # rows are in (pair, position) order
        h, r = h[order], r[order]
        self.pair, self.i, self.j, self.stage = hyp.pair[h], hyp.pos[h], ref.pos[r], stage[order]
        n_pairs = len(hyp.start) - 1
        self.start = np.searchsorted(self.pair, np.arange(n_pairs + 1))
        self.matches = np.diff(self.start)
        # a chunk starts at a pair's first match and wherever (i, j) does not follow (i - 1, j - 1)
        new = np.ones(len(h), dtype=bool)
        new[1:] = (self.pair[1:] != self.pair[:-1]) | (self.i[1:] != self.i[:-1] + 1) | (self.j[1:] != self.j[:-1] + 1)
        self.chunks = np.bincount(self.pair[new], minlength=n_pairs)

    def pairs(self, p: int) -> List[Pair]:
        """Pair p's alignment: (hypothesis position, reference position, stage index)."""
        a, b = self.start[p], self.start[p + 1]
        return list(zip(self.i[a:b].tolist(), self.j[a:b].tolist(), self.stage[a:b].tolist()))


def _fewest_chunks_all(hyp: Side, ref: Side, candidates: Matches) -> Matches:
    """:func:`.alignment.fewest_chunks` of every pair; a pair whose candidates leave
    nothing to choose (no word with two candidates, no reference word wanted twice) is
    its own alignment and skips the search (as the search itself would)."""
    h, r, stage = candidates  # sorted by hypothesis row, then reference position
    n_pairs = len(hyp.start) - 1
    choose = np.zeros(n_pairs, dtype=bool)
    choose[hyp.pair[np.bincount(h, minlength=len(hyp)) > 1]] = True
    choose[ref.pair[np.bincount(r, minlength=len(ref)) > 1]] = True
    searched = choose[hyp.pair[h]]
    found: List[Matches] = [(h[~searched], r[~searched], stage[~searched])]
    h, r, stage = h[searched], r[searched], stage[searched]
    ref_pos, stages = ref.pos[r].tolist(), stage.tolist()
    first = np.searchsorted(h, np.arange(len(hyp) + 1))  # the candidates of row x: first[x]:first[x + 1]
    pairs = np.flatnonzero(choose)
    counts: List[int] = []
    out_i: List[int] = []
    out_j: List[int] = []
    out_s: List[int] = []
    for x, y in zip(hyp.start[pairs].tolist(), hyp.start[pairs + 1].tolist()):
        # the search's input: per hypothesis word, its (reference position, stage) candidates
        bounds = first[x:y + 1].tolist()
        lo = bounds[0]
        options = list(zip(ref_pos[lo:bounds[-1]], stages[lo:bounds[-1]]))
        best = fewest_chunks([options[a - lo:b - lo] for a, b in zip(bounds, bounds[1:])])
        counts.append(len(best))
        if best:
            i, j, s = zip(*best)
            out_i += i
            out_j += j
            out_s += s
    pair = np.repeat(pairs, counts)
    found.append((hyp.start[pair] + np.array(out_i, dtype=np.int64), ref.start[pair] + np.array(out_j, dtype=np.int64),
                  np.array(out_s, dtype=np.int64)))
    return tuple(np.concatenate(column) for column in zip(*found))


@dataclass
class _Corpus:
    """Distinct segments and, per hypothesis, the segment indices of it and its references."""

    segments: Segments
    hyp: np.ndarray  # segment of each hypothesis
    refs: List[List[int]]  # segments of each hypothesis's references


@dataclass
class _Best:
    """Each hypothesis against its best reference (lists, one entry per hypothesis)."""

    aligned: _Alignments  # the alignments of the distinct pairs
    pair: List[int]  # the distinct pair of the hypothesis and its best reference
    reference: List[int]  # index of the best reference among the hypothesis's references
    score: List[float]
    hyp_len: List[int]
    ref_len: List[int]

    def stats(self, k: int) -> MeteorStats:
        p = self.pair[k]
        return MeteorStats(1, self.score[k], self.hyp_len[k], self.ref_len[k],
                           int(self.aligned.matches[p]), int(self.aligned.chunks[p]))


def _align(corpus: _Corpus, variant: str, stages: Sequence[str], alpha: float, beta: float, gamma: float) -> _Best:
    """Align every distinct pair, score every (hypothesis, reference) and pick the best."""
    segments = corpus.segments
    n_refs = np.fromiter((len(r) for r in corpus.refs), dtype=np.int64, count=len(corpus.refs))
    ref_seg = np.fromiter(chain.from_iterable(corpus.refs), dtype=np.int64, count=int(n_refs.sum()))
    hyp_seg = np.repeat(corpus.hyp, n_refs)
    n_segments = len(segments.offsets) - 1
    distinct, pair_of = np.unique(hyp_seg * n_segments + ref_seg, return_inverse=True)
    hyp = Side.expand(segments, distinct // n_segments)
    ref = Side.expand(segments, distinct % n_segments)
    lexicon = Lexicon(STEMMER_OF_VARIANT[variant], segments.vocab)
    if variant == "nltk":
        matches = nltk_matches(hyp, ref, stages, lexicon)
    else:
        matches = _fewest_chunks_all(hyp, ref, candidate_matches(hyp, ref, stages, lexicon))
    aligned = _Alignments(hyp, ref, matches)

    lengths = segments.lengths
    hyp_len, ref_len = lengths[hyp_seg].tolist(), lengths[ref_seg].tolist()
    pair_of = pair_of.ravel().tolist()
    n_matches, n_chunks = aligned.matches.tolist(), aligned.chunks.tolist()
    scores = [meteor_formula(n_matches[p], n_chunks[p], h, r, alpha, beta, gamma) for p, h, r in zip(pair_of, hyp_len, ref_len)]
    best_rows, best_refs = [], []
    row = 0
    for k in n_refs.tolist():  # the first best reference, as NLTK's max
        best = row
        for other in range(row + 1, row + k):
            if scores[other] > scores[best]:
                best = other
        best_rows.append(best)
        best_refs.append(best - row)
        row += k
    return _Best(aligned, [pair_of[b] for b in best_rows], best_refs, [scores[b] for b in best_rows],
                 [hyp_len[b] for b in best_rows], [ref_len[b] for b in best_rows])


def _corpus_from_tokens(hypotheses: Sequence[Sequence[str]], references: Sequence[Sequence[Sequence[str]]]) -> _Corpus:
    """Intern token lists: distinct segments and token ids."""
    vocab: Dict[str, int] = {}
    index: Dict[tuple, int] = {}
    tokens: List[int] = []
    lengths: List[int] = []

    def segment(words: Sequence[str]) -> int:
        key = tuple(words)
        s = index.get(key)
        if s is None:
            s = index[key] = len(index)
            tokens.extend(vocab.setdefault(w, len(vocab)) for w in key)
            lengths.append(len(key))
        return s

    hyp = np.array([segment(h) for h in hypotheses], dtype=np.int64)
    refs = [[segment(r) for r in segment_refs] for segment_refs in references]
    return _Corpus(Segments(np.array(tokens, dtype=np.int64), offsets_from_counts(np.array(lengths, dtype=np.int64)), list(vocab)),
                   hyp, refs)


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
    if len(hypotheses) != len(references) or not all(len(r) for r in references):
        raise ValueError("give one non-empty list of tokenized references per tokenized hypothesis")
    if not len(hypotheses):
        return []
    with _gc_paused():
        best = _align(_corpus_from_tokens(hypotheses, references), variant, stages, alpha, beta, gamma)
        return [SegmentResult(best.score[k], best.reference[k], best.aligned.pairs(p), best.stats(k))
                for k, p in enumerate(best.pair)]


def corpus_segment_statistics(corpus: TokenizedCorpus, variant: str = "standard", stages: Sequence[str] = STAGES,
                              alpha: float = DEFAULT_ALPHA, beta: float = DEFAULT_BETA,
                              gamma: float = DEFAULT_GAMMA) -> List[MeteorStats]:
    """Each segment's statistics against its best reference, from a corpus tokenized by
    :func:`ngram_core.ngrams.tokenize_corpus` (token ids as they are: for ``score_all``,
    which shares one tokenization between metrics)."""
    check_choice("variant", variant, VARIANTS)
    stages = check_stages(stages)
    check_parameters(alpha, beta, gamma)
    texts, n = corpus.texts, corpus.n_segments
    refs = [[n + r for r in row if r >= 0] for row in corpus.ref_table.tolist()]
    segments = _Corpus(Segments(texts.ids, texts.offsets, texts.vocab), np.arange(n, dtype=np.int64), refs)
    with _gc_paused():
        best = _align(segments, variant, stages, alpha, beta, gamma)
    return [best.stats(k) for k in range(n)]


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


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    values["stages"] = check_stages(values["stages"])  # METEOR's order, whatever order they were given in
    return values


OPTIONS = OptionSet("METEOR", [
    Option("variant", "standard", "'standard': Snowball stems, WordNet synsets, the fewest-chunks alignment; "
           "'nltk': NLTK 3.10's meteor_score exactly", "choice", choices=VARIANTS),
    Option("stages", STAGES, "matching stages, applied in METEOR's order", "names", choices=STAGES),
    Option("alpha", DEFAULT_ALPHA, "weight of precision against recall", "float", low=0, high=1),
    Option("beta", DEFAULT_BETA, "shape of the fragmentation penalty", "float", low=0),
    Option("gamma", DEFAULT_GAMMA, "weight of the fragmentation penalty", "float", low=0, high=1),
    tokenize_option(),
    flag("lowercase", True, "lowercase (full Unicode str.lower()) before tokenizing"),
    return_segments_option(),
], finalize=_finalize)


@OPTIONS.entry_point
def compute_meteor(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """METEOR of ``predictions`` against ``references`` (one string or a list per prediction).

    Returns ``meteor`` (mean of segment scores, 0-1: evaluate's and NLTK's number),
    ``meteor_corpus`` (the formula on matches, chunks and lengths summed over segments,
    METEOR 1.5's system score, 0-1), the summed statistics and ``signature``; with
    ``return_segments=True`` also ``segment_scores``, ``segment_alignments`` (pairs of
    hypothesis and reference token positions), ``segment_chunks``, ``segment_matches``
    and ``segment_references`` (index of the best reference).
    """
    with _gc_paused():
        return _compute(predictions, references, options["variant"], options["stages"], options["alpha"],
                        options["beta"], options["gamma"], options["tokenize"], options["lowercase"],
                        options["return_segments"])


def _compute(predictions, references, variant, stages, alpha, beta, gamma, tokenize, lowercase, return_segments) -> Dict[str, Any]:
    hyps, refs = check_corpus(predictions, references)
    # Tokenize each distinct text once (a tokenizer is a function of the text; the
    # references of a test set recur once per system), straight into token ids.
    index: Dict[str, int] = {}
    hyp_ids = np.array([index.setdefault(text, len(index)) for text in hyps], dtype=np.int64)
    ref_ids = [[index.setdefault(text, len(index)) for text in segment] for segment in refs]
    encoded = encode_texts(list(index), tokenize, lowercase)
    corpus = _Corpus(Segments(encoded.ids, encoded.offsets, encoded.vocab), hyp_ids, ref_ids)

    best = _align(corpus, variant, stages, alpha, beta, gamma)
    matches, chunks = best.aligned.matches[best.pair], best.aligned.chunks[best.pair]
    total = MeteorStats(len(best.score), sum(best.score), sum(best.hyp_len), sum(best.ref_len), int(matches.sum()), int(chunks.sum()))
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
        out["segment_scores"] = best.score
        out["segment_alignments"] = [[(i, j) for i, j, _ in best.aligned.pairs(p)] for p in best.pair]
        out["segment_chunks"] = chunks.tolist()
        out["segment_matches"] = matches.tolist()
        out["segment_references"] = best.reference
    return out
