# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5 over a corpus: the numbers of ``java -jar meteor-1.5.jar HYP REF -l en -norm``.

Pipeline, each step for the whole corpus at once: every distinct text is tokenized once
(:func:`.jar_normalize.jar_tokens`: ``-norm``, ``-lower`` or whitespace), every distinct
(hypothesis, reference) pair is matched once (:func:`.jar_matching.jar_candidates`,
the jar's modules in the configured order, its candidates capped as
:func:`.jar_beam.cap_candidates` does) and searched (:func:`.jar_beam.search`); the
alignment gives the pair's statistics (:mod:`.jar_statistics`), and each hypothesis
keeps its first best-scoring reference (``MeteorScorer``: a later reference must score
strictly higher). Matching and search go chunk by chunk of pairs (a bounded peak
memory), a chunk searched in a second thread while the next one is matched. A
hypothesis or reference longer than :data:`MAX_WORDS` words is refused (``ValueError``
naming the segment) before any matching: its candidates and search would need more
than about 2 GB.
"""
from __future__ import annotations

import contextvars
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, replace
from itertools import repeat
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np

from ... import compiled
from ...signature import nrefs_field
from ...tokenizers import tokenize_strings
from . import beam_kernel, match_kernel
from .beam import MAX_CANDIDATES, count_chunks, ranking_weights, search
from .matching import CANDIDATE_FIELDS, JarCandidates, jar_candidates, prepare_word_types
from .normalize import java_lower, jar_tokens, release_arrow_memory
from .paraphrase import paraphrase_table
from .resources import function_words, jar_synonyms
from .settings import FUNCTION_WORDS, JarSettings, parameters_of
from .statistics import MeteorParameters, MeteorStatistics, scores, statistics_rows
from ..options import OPTIONS, options_of
from ..scoring import headline_scores
from ..tables import Segments



@dataclass(frozen=True)
class JarAlignments:
    """The matches of each segment's alignment with its best reference: rows of equal
    arrays, segment s's in ``first[s]:first[s + 1]``, in reference order."""

    first: np.ndarray
    hyp_start: np.ndarray
    hyp_len: np.ndarray
    ref_start: np.ndarray
    ref_len: np.ndarray
    stage: np.ndarray  # index into the settings' stages

    def segment(self, s: int, stages: Sequence[str]) -> List[tuple]:
        """Segment s's matches as (hyp_start, hyp_len, ref_start, ref_len, stage name)."""
        a, b = int(self.first[s]), int(self.first[s + 1])
        return [(h, hl, r, rl, stages[m]) for h, hl, r, rl, m in zip(
            self.hyp_start[a:b].tolist(), self.hyp_len[a:b].tolist(), self.ref_start[a:b].tolist(),
            self.ref_len[a:b].tolist(), self.stage[a:b].tolist())]


@dataclass(frozen=True)
class JarResult:
    """Each segment against its best reference."""

    stats: MeteorStatistics  # one row per segment
    reference: np.ndarray  # index of the best reference among the segment's references
    alignments: JarAlignments
    settings: JarSettings


def jar_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]], settings: JarSettings) -> JarResult:
    """METEOR 1.5 statistics of each hypothesis against its best reference (``references``:
    one non-empty list of strings per hypothesis; texts already checked)."""
    params = parameters_of(settings)
    # each distinct text once, hypotheses and references alike
    index: Dict[str, int] = {}
    hyp_text = np.fromiter((index.setdefault(h, len(index)) for h in hypotheses), dtype=np.int64, count=len(hypotheses))
    n_refs = np.fromiter((len(r) for r in references), dtype=np.int64, count=len(references))
    ref_text = np.fromiter((index.setdefault(r, len(index)) for refs in references for r in refs), dtype=np.int64,
                           count=int(n_refs.sum()))
    texts = list(index)
    with ThreadPoolExecutor(max_workers=1) as loader:
        # the resources and kernels the matching needs load while the texts are tokenized
        resources = loader.submit(contextvars.copy_context().run, _load_resources, settings, texts)
        if settings.pretokenize is not None:  # pycocoevalcap: PTB tokens, then the jar (its -norm included)
            texts = tokenize_strings(texts, settings.pretokenize)
        encoded = jar_tokens(texts, settings.language, settings.normalize, settings.lowercase)
        release_arrow_memory()
        segments = Segments(encoded.ids, encoded.offsets, encoded.vocab)
        check_lengths(segments.lengths, hyp_text, ref_text, n_refs)
        cache: dict = {}  # the matchers' per-word-type arrays, computed once
        prepare_word_types(segments, settings.stages, settings.language, cache)  # (while the paraphrase table loads)
        resources.result()
    n_texts = len(index)
    # each distinct (hypothesis, reference) once
    pair_key = np.repeat(hyp_text, n_refs) * n_texts + ref_text
    distinct, pair_of = np.unique(pair_key, return_inverse=True)
    pair_hyp, pair_ref = distinct // n_texts, distinct % n_texts
    with compiled.one_call(len(segments.tokens), (match_kernel, beam_kernel)):  # the corpus's words decide, once
        pair_rows, kept = _match_and_search(segments, pair_hyp, pair_ref, settings, params, cache)

    # the first best reference of each hypothesis (a later one must score strictly higher)
    pair_of = pair_of.ravel()
    score = pair_rows[pair_of, -2]
    row_first = np.concatenate(([0], np.cumsum(n_refs)))
    segment_of_row = np.repeat(np.arange(len(n_refs)), n_refs)
    order = np.lexsort((np.arange(len(score)), -score, segment_of_row))
    best_row = order[row_first[:-1]]
    best_pair = pair_of[best_row]
    stats = MeteorStatistics(pair_rows[best_pair], params, n_refs)

    # the best pairs' matches, per segment
    per_pair = np.bincount(kept.pair, minlength=len(distinct))
    pair_first = np.concatenate(([0], np.cumsum(per_pair)))
    counts = per_pair[best_pair]
    rows = np.repeat(pair_first[best_pair], counts) + np.arange(counts.sum()) - np.repeat(
        np.concatenate(([0], np.cumsum(counts)))[:-1], counts)
    alignments = JarAlignments(np.concatenate(([0], np.cumsum(counts))), kept.hyp_start[rows], kept.hyp_len[rows],
                               kept.ref_start[rows], kept.ref_len[rows], kept.module[rows])
    return JarResult(stats, best_row - row_first[:-1], alignments, settings)


def _load_resources(settings: JarSettings, texts: Sequence[str]) -> None:
    """Load what the matching of ``texts`` will use (a second thread runs this while they
    are tokenized: the files' decompression, the paraphrase hash index and the compiled
    kernels run mostly without the GIL): the word lists and, where the call will run
    compiled (weighed by its words before tokenization, which only splits words further;
    a call run plain loads no kernels), the matcher's and search's kernels."""
    function_words(FUNCTION_WORDS)
    if "synonym" in settings.stages:
        jar_synonyms()
    words = sum(map(str.count, texts, repeat(" "))) + len(texts)  # (a bound from below, short of runs of spaces)
    with compiled.one_call(words, (match_kernel, beam_kernel)):  # the rule the call's steps then follow
        compiled_loops = compiled.loops_compiled(words)
    if compiled_loops:
        compiled.compile_loops(match_kernel)
        compiled.compile_loops(beam_kernel)
    if "paraphrase" in settings.stages:
        paraphrase_table().finder(compiled_loops)


MAX_WORDS = 50_000  # words of one hypothesis or reference (after tokenization)


def check_lengths(lengths: np.ndarray, hyp_text: np.ndarray, ref_text: np.ndarray, n_refs: np.ndarray) -> None:
    """Refuse a segment whose hypothesis or a reference has more than :data:`MAX_WORDS`
    words (``lengths`` per distinct text; ``hyp_text``/``ref_text``: the text of each
    hypothesis and reference): its candidates and search would take gigabytes."""
    too_long = lengths > MAX_WORDS
    if not too_long.any():
        return
    hyp_over = np.flatnonzero(too_long[hyp_text])
    ref_over = np.flatnonzero(too_long[ref_text])
    segment_of_ref = np.repeat(np.arange(len(n_refs)), n_refs)
    hyp_first = int(hyp_over[0]) if len(hyp_over) else len(hyp_text)
    ref_first = int(segment_of_ref[ref_over[0]]) if len(ref_over) else len(hyp_text)
    segment = min(hyp_first, ref_first)
    side, words = (("prediction", lengths[hyp_text[segment]]) if segment == hyp_first else
                   ("reference", lengths[ref_text[ref_over[0]]]))
    raise ValueError(
        f"METEOR 1.5: segment {segment} has a {side} of {int(words):,} words, over the limit of {MAX_WORDS:,} words "
        "per prediction or reference (the alignment's memory grows with sentence length: about 2 GB at the limit); "
        "split long texts into sentences, as the jar's users do")


_CHUNK_TOKENS = 1 << 19  # words (both sides) of the pairs matched and searched at once
_CHUNK_CANDIDATES = MAX_WORDS * MAX_CANDIDATES  # the most candidates alive at once (one longest pair's)


def _chunk_bounds(tokens: np.ndarray, candidates: np.ndarray) -> List[int]:
    """Where chunks of pairs begin, greedily: a pair joins the current chunk unless the
    chunk's words would pass :data:`_CHUNK_TOKENS` or its most candidates (a bound per pair)
    half of :data:`_CHUNK_CANDIDATES` (so that two chunks, one searched while the next is
    matched, stay within it); the last bound is the number of pairs."""
    bounds, words, most = [0], 0, 0
    for k, (t, c) in enumerate(zip(tokens.tolist(), candidates.tolist())):
        if k > bounds[-1] and (words + t > _CHUNK_TOKENS or most + c > _CHUNK_CANDIDATES // 2):
            bounds.append(k)
            words = most = 0
        words, most = words + t, most + c
    return bounds + [len(tokens)]


def _match_and_search(segments: Segments, pair_hyp: np.ndarray, pair_ref: np.ndarray, settings: JarSettings,
                      params: MeteorParameters, cache: dict) -> Tuple[np.ndarray, JarCandidates]:
    """The statistics rows of every pair and the matches of its alignment (a
    :class:`.JarCandidates` of the chosen candidates only, in (pair, reference start)
    order). Pairs are independent: they are matched and searched in chunks of at most
    :data:`_CHUNK_TOKENS` words and half of :data:`_CHUNK_CANDIDATES` candidates (a bound
    per pair: reference words x ``min(hypothesis words, MAX_CANDIDATES)``), so that the
    candidates and the search's arrays, the largest intermediates, are those of at most
    two chunks at a time (one searched while the next is matched) and never more than
    those of one longest pair; pairs are ordered by
    reference, so that a reference's phrases are mostly looked up once."""
    lengths = segments.lengths
    order = np.argsort(pair_ref, kind="stable")
    hyp_len, ref_len = lengths[pair_hyp[order]], lengths[pair_ref[order]]
    most = ref_len * np.minimum(hyp_len, MAX_CANDIDATES)  # a bound on each pair's candidates
    bounds = _chunk_bounds(hyp_len + ref_len, most)
    chunk_most = np.add.reduceat(most, bounds[:-1]) if len(most) else np.zeros(1, dtype=np.int64)
    ranking = ranking_weights(settings.stages)
    weights = _Weights.of(segments, settings)
    def finish(chunk: np.ndarray, cands: JarCandidates) -> Tuple[np.ndarray, JarCandidates]:
        chosen = search(cands, ranking, settings.beam)
        chunk_rows = _pair_rows(segments, pair_hyp[chunk], pair_ref[chunk], cands, chosen, settings, params, weights)
        taken = cands.take(chosen)
        return chunk_rows, replace(taken, pair=chunk[taken.pair])

    chunks = [order[a:b] for a, b in zip(bounds[:-1], bounds[1:])] or [order]
    results = []
    # a chunk is searched (compiled code and numpy, mostly without the GIL) while the
    # next one is matched: at most two chunks' candidates alive at once, and only when
    # both together stay within one chunk's bound (long sentences go one at a time)
    with ThreadPoolExecutor(max_workers=1) as searcher:
        pending = None
        for k, chunk in enumerate(chunks):
            if pending is not None and k and chunk_most[k - 1] + chunk_most[k] > _CHUNK_CANDIDATES:
                results.append(pending.result())
                pending = None
            cands = jar_candidates(segments, pair_hyp[chunk], pair_ref[chunk], settings.stages, settings.language,
                                   cache, limit=MAX_CANDIDATES, diagonal=True)
            if pending is not None:
                results.append(pending.result())
            pending = searcher.submit(contextvars.copy_context().run, finish, chunk, cands)  # (one_call's size too)
            del cands
        results.append(pending.result())
    rows = np.zeros((len(pair_hyp), results[0][0].shape[1]))
    for chunk, (chunk_rows, _) in zip(chunks, results):
        rows[chunk] = chunk_rows
    parts = [taken for _, taken in results]
    by_pair = np.argsort(np.concatenate([p.pair for p in parts]), kind="stable")  # each pair's in reference order
    kept = JarCandidates(**{f: np.concatenate([getattr(p, f) for p in parts])[by_pair] for f in CANDIDATE_FIELDS},
                         hyp_length=lengths[pair_hyp], ref_length=lengths[pair_ref])
    return rows, kept


@dataclass(frozen=True)
class _Weights:
    """What each word counts for in the statistics, and each segment's totals."""

    size: np.ndarray  # per type: 1, or its length in UTF-16 code units (-t util)
    is_function: np.ndarray  # per type
    seg_len: np.ndarray  # per segment: the sum of its words' sizes
    seg_function: np.ndarray  # per segment: that of its function words

    @classmethod
    def of(cls, segments: Segments, settings: JarSettings) -> "_Weights":
        vocab = segments.vocab
        functions = function_words(FUNCTION_WORDS)  # whatever the language, as the jar's command line
        is_function = np.fromiter((java_lower(w) in functions for w in vocab), dtype=bool, count=len(vocab))
        size = (np.fromiter((len(w.encode("utf-16-le")) // 2 for w in vocab), dtype=np.float64, count=len(vocab))
                if settings.char_based else np.ones(len(vocab), dtype=np.float64))
        tokens, offsets = segments.tokens, segments.offsets
        seg_of_token = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
        seg_len = np.bincount(seg_of_token, weights=size[tokens], minlength=len(offsets) - 1)
        seg_function = np.bincount(seg_of_token, weights=(size * is_function)[tokens], minlength=len(offsets) - 1)
        return cls(size, is_function, seg_len, seg_function)


def _pair_rows(segments: Segments, pair_hyp: np.ndarray, pair_ref: np.ndarray, cands: JarCandidates, chosen: np.ndarray,
               settings: JarSettings, params: MeteorParameters, weights: _Weights) -> np.ndarray:
    """The statistics of every distinct pair's alignment (rows of :mod:`.jar_statistics`)."""
    n_pairs = len(pair_hyp)
    size, is_function, seg_len, seg_function = weights.size, weights.is_function, weights.seg_len, weights.seg_function
    tokens, offsets = segments.tokens, segments.offsets

    n_mod = len(settings.stages)
    per_module = np.zeros((n_pairs, n_mod, 4))
    pair, module = cands.pair[chosen], cands.module[chosen]
    for side, (seg, start, length) in enumerate(((pair_hyp, cands.hyp_start, cands.hyp_len),
                                                 (pair_ref, cands.ref_start, cands.ref_len))):
        span = length[chosen]
        owner = np.repeat(np.arange(len(chosen)), span)
        within = np.arange(int(span.sum())) - np.repeat(np.concatenate(([0], np.cumsum(span)))[:-1], span)
        tok = tokens[offsets[seg[pair[owner]]] + start[chosen][owner] + within]
        function = is_function[tok]
        cell = (pair[owner] * n_mod + module[owner]) * 2 + function
        counted = np.bincount(cell, weights=size[tok], minlength=n_pairs * n_mod * 2).reshape(n_pairs, n_mod, 2)
        per_module[:, :, side] = counted[:, :, 0]  # content: hyp_content (0), ref_content (1)
        per_module[:, :, 2 + side] = counted[:, :, 1]  # function: hyp_function (2), ref_function (3)
    word_matches = (np.bincount(pair, weights=cands.hyp_len[chosen], minlength=n_pairs),
                    np.bincount(pair, weights=cands.ref_len[chosen], minlength=n_pairs))
    chunks = count_chunks(cands, chosen, n_pairs)
    lengths = (seg_len[pair_hyp], seg_len[pair_ref], seg_function[pair_hyp], seg_function[pair_ref])
    return statistics_rows(lengths, per_module, chunks, word_matches, params)


def jar_signature(settings: JarSettings, nrefs: str) -> str:
    """``METEOR|nrefs:1|variant:meteor-1.5|lang:english|task:rank|stages:exact+stem+synonym+paraphrase|
    weights:1+0.6+0.8+0.6|alpha:0.85|beta:0.2|gamma:0.6|delta:0.75|norm:yes|case:lc|unit:word|beam:40|version:...``
    (the fields of METEOR's option declaration, ``unit`` the jar's: words, or characters for task util)."""
    return OPTIONS.signature_string(options_of(settings), nrefs=nrefs, unit="char" if settings.char_based else "word")


def jar_result_dict(result: JarResult, return_segments: bool = False) -> Dict[str, Any]:
    """The result dictionary of ``compute_meteor(variant="meteor-1.5")`` (scores 0-1)."""
    out = statistics_result(result.stats, result.settings, return_segments)
    if return_segments:
        stages = result.settings.stages
        out["segment_alignments"] = [result.alignments.segment(s, stages) for s in range(len(result.stats))]
        out["segment_references"] = result.reference.tolist()
    return out


def statistics_result(stats: MeteorStatistics, settings: JarSettings, return_segments: bool = False) -> Dict[str, Any]:
    """The result dictionary from (per-segment or summed) statistics alone."""
    params = parameters_of(settings)
    total = stats.rows.sum(axis=0)
    tail = 4 + 4 * len(settings.stages)
    per_module = total[4:tail].reshape(-1, 4)
    out: Dict[str, Any] = {
        **headline_scores(float(scores(total, params, corpus=True)[0]), stats.mean_score(), jar=True),
        "stage_matches": {name: {"hypothesis": int(round(m[0] + m[2])), "reference": int(round(m[1] + m[3]))}
                          for name, m in zip(settings.stages, per_module)},
        "matches": int(round(total[tail + 1])),
        "reference_matches": int(round(total[tail + 2])),
        "chunks": int(round(total[tail] - total[tail + 3])),  # the jar's: perfect segments' chunks left out
        "translation_length": int(round(total[0])),
        "reference_length": int(round(total[1])),
        "signature": jar_signature(settings, nrefs_field(stats.n_refs) if len(stats.n_refs) else "0"),
    }
    if return_segments:
        out["segment_scores"] = stats.segment_scores().tolist()
        out["segment_chunks"] = stats.column("chunks").astype(np.int64).tolist()
        out["segment_matches"] = stats.column("hyp_word_matches").astype(np.int64).tolist()
    return out
