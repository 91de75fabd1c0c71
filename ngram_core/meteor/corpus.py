"""METEOR over a corpus: the variants, their options (declared once) and results.

Two variants, each named for the tool whose numbers it reproduces:

- ``meteor-1.5`` (default): the METEOR 1.5 jar, ``java -jar meteor-1.5.jar HYP REF -l en
  -norm`` (what WMT and pycocoevalcap report): the jar's tokenizer, modules, beam
  search and scoring, by language and task (:mod:`.jar.corpus`).
- ``nltk``: NLTK 3.10.4's ``meteor_score`` to the last digit (greedy right-to-left
  staged matching, Porter stems, NLTK's synonym rule) on NLTK's ``word_tokenize`` tokens
  (``tokenize="nltk"``, lowercased after tokenizing): evaluate's ``meteor``. Any other
  tokenizer by name (``13a``, this variant's former default: lowercasing, then 13a).

For ``nltk``, every hypothesis is aligned with each of its references and keeps the
best-scoring reference (the first one on ties, as NLTK's ``max``). Work is done once
per distinct thing: texts are tokenized once each (a reference is shared by every
system), a (hypothesis, reference) pair that occurs again (two systems with the same
output) is aligned once, and the matchers of :mod:`.matching` handle all distinct
pairs together on token tables (:mod:`.tables`). :func:`segment_statistics` does the
same from token lists and :func:`corpus_segment_statistics` from an already
tokenized corpus.

The former default ``standard`` (the fewest-chunks alignment) is gone: it reproduced
no tool anyone reports, and a second METEOR-1.5-like alignment invited confusion.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any, Dict, Iterable, List, Sequence, Tuple

import numpy as np

from ..ngrams.corpus import encode_texts
from ..ngrams.encoded import offsets_from_counts
from ..inputs import check_corpus
from ..ngrams.index import TokenizedCorpus
from ..signature import nrefs_field
from .nltk.matching import Lexicon, Matches, nltk_matches
from .nltk.stages import STAGES, check_stages
from .options import OPTIONS, settings_of
from .scoring import DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_GAMMA, MeteorStats, check_parameters, headline_scores, meteor_formula
from .tables import Segments, Side
Pair = Tuple[int, int, int]  # (hypothesis position, reference position, stage index)


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


def _align(corpus: _Corpus, stages: Sequence[str], alpha: float, beta: float, gamma: float) -> _Best:
    """Align every distinct pair (NLTK's way), score every (hypothesis, reference) and pick the best."""
    segments = corpus.segments
    n_refs = np.fromiter((len(r) for r in corpus.refs), dtype=np.int64, count=len(corpus.refs))
    ref_seg = np.fromiter(chain.from_iterable(corpus.refs), dtype=np.int64, count=int(n_refs.sum()))
    hyp_seg = np.repeat(corpus.hyp, n_refs)
    n_segments = len(segments.offsets) - 1
    distinct, pair_of = np.unique(hyp_seg * n_segments + ref_seg, return_inverse=True)
    hyp = Side.expand(segments, distinct // n_segments)
    ref = Side.expand(segments, distinct % n_segments)
    aligned = _Alignments(hyp, ref, nltk_matches(hyp, ref, stages, Lexicon("porter", segments.vocab)))

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
    stages: Iterable[str] = STAGES,
    alpha: float = DEFAULT_ALPHA,
    beta: float = DEFAULT_BETA,
    gamma: float = DEFAULT_GAMMA,
) -> List[SegmentResult]:
    """Align tokenized segments (each with one or more tokenized references), the ``nltk`` variant's way."""
    stages = check_stages(stages)
    check_parameters(alpha, beta, gamma)
    if len(hypotheses) != len(references) or not all(len(r) for r in references):
        raise ValueError("give one non-empty list of tokenized references per tokenized hypothesis")
    if not len(hypotheses):
        return []
    best = _align(_corpus_from_tokens(hypotheses, references), stages, alpha, beta, gamma)
    return [SegmentResult(best.score[k], best.reference[k], best.aligned.pairs(p), best.stats(k))
            for k, p in enumerate(best.pair)]


def corpus_segment_statistics(corpus: TokenizedCorpus, stages: Sequence[str] = STAGES,
                              alpha: float = DEFAULT_ALPHA, beta: float = DEFAULT_BETA,
                              gamma: float = DEFAULT_GAMMA) -> List[MeteorStats]:
    """Each segment's statistics against its best reference, from a corpus tokenized by
    :func:`ngram_core.ngrams.index.tokenize_corpus` (token ids as they are: for ``score_all``,
    which shares one tokenization between metrics); the ``nltk`` variant."""
    stages = check_stages(stages)
    check_parameters(alpha, beta, gamma)
    texts, n = corpus.texts, corpus.n_segments
    refs = [[n + r for r in row if r >= 0] for row in corpus.ref_table.tolist()]
    segments = _Corpus(Segments(texts.ids, texts.offsets, texts.vocab), np.arange(n, dtype=np.int64), refs)
    best = _align(segments, stages, alpha, beta, gamma)
    return [best.stats(k) for k in range(n)]


@OPTIONS.entry_point
def compute_meteor(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """METEOR of ``predictions`` against ``references`` (one string or a list per prediction).

    Returns ``meteor``, the number of the tool the variant reproduces (0-1: for METEOR 1.5
    the jar's "Final score", pycocoevalcap's METEOR, which is ``meteor_corpus``, the score
    of the summed statistics; for ``nltk`` evaluate's, which is ``meteor_mean``, the mean of
    segment scores), ``meteor_corpus``, ``meteor_mean``, ``matches``, ``chunks``, ``translation_length``,
    ``reference_length`` (sums over segments, each against its best reference) and
    ``signature``; for ``meteor-1.5`` also ``stage_matches`` (per stage, the words
    matched on each side) and ``reference_matches``. With ``return_segments=True`` also
    ``segment_scores``, ``segment_alignments``, ``segment_chunks``, ``segment_matches``
    and ``segment_references`` (index of the best reference).
    """
    if options["variant"] == "meteor-1.5":
        from .jar import corpus as jar_corpus  # (the matcher, the search, pyarrow: on first need)

        hyps, refs = check_corpus(predictions, references)
        settings = settings_of(options)
        return jar_corpus.jar_result_dict(jar_corpus.jar_statistics(hyps, refs, settings), options["return_segments"])
    return _compute(predictions, references, options)


def _compute(predictions: Sequence[str], references: Sequence[Any], options: Dict[str, Any]) -> Dict[str, Any]:
    """The ``nltk`` variant's result dictionary, with resolved options."""
    stages, alpha, beta, gamma = options["stages"], options["alpha"], options["beta"], options["gamma"]
    hyps, refs = check_corpus(predictions, references)
    # Tokenize each distinct text once (a tokenizer is a function of the text; the
    # references of a test set recur once per system), straight into token ids.
    index: Dict[str, int] = {}
    hyp_ids = np.array([index.setdefault(text, len(index)) for text in hyps], dtype=np.int64)
    ref_ids = [[index.setdefault(text, len(index)) for text in segment] for segment in refs]
    encoded = encode_texts(list(index), options["tokenize"], options["lowercase"])
    corpus = _Corpus(Segments(encoded.ids, encoded.offsets, encoded.vocab), hyp_ids, ref_ids)

    best = _align(corpus, stages, alpha, beta, gamma)
    matches, chunks = best.aligned.matches[best.pair], best.aligned.chunks[best.pair]
    total = MeteorStats(len(best.score), sum(best.score), sum(best.hyp_len), sum(best.ref_len), int(matches.sum()), int(chunks.sum()))
    out: Dict[str, Any] = {
        **headline_scores(total.corpus_score(alpha, beta, gamma), total.mean_score(), jar=False),
        "matches": total.matches,
        "chunks": total.chunks,
        "translation_length": total.hyp_len,
        "reference_length": total.ref_len,
        "signature": OPTIONS.signature_string(options, nrefs=nrefs_field(len(s) for s in refs)),
    }
    if options["return_segments"]:
        out["segment_scores"] = best.score
        out["segment_alignments"] = [[(i, j) for i, j, _ in best.aligned.pairs(p)] for p in best.pair]
        out["segment_chunks"] = chunks.tolist()
        out["segment_matches"] = matches.tolist()
        out["segment_references"] = best.reference
    return out
