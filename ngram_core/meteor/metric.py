"""METEOR over a corpus: the variants, their options (declared once) and results.

Two variants, each named for the tool whose numbers it reproduces:

- ``meteor-1.5`` (default): the METEOR 1.5 jar, ``java -jar meteor-1.5.jar HYP REF -l en
  -norm`` (what WMT and pycocoevalcap report): the jar's tokenizer, modules, beam
  search and scoring, by language and task (:mod:`.jar_metric`).
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

from ..ngrams.corpus import encode_texts, offsets_from_counts
from ..inputs import check_corpus
from ..ngrams.index import TokenizedCorpus
from ..options import Option, OptionSet, flag, return_segments_option, tokenize_option
from ..signature import case_field, make_signature, nrefs_field
from .nltk.matching import STAGES, Lexicon, Matches, check_stages, nltk_matches
from .scoring import DEFAULT_ALPHA, DEFAULT_BETA, DEFAULT_GAMMA, MeteorStats, check_parameters, meteor_formula
from .jar import metric as jar_metric, settings as jar_settings
from .tables import Segments, Side

VARIANTS = ("meteor-1.5", "nltk")
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


def signature(variant: str, stages: Sequence[str], alpha: float, beta: float, gamma: float, tokenize: str, lowercase: bool, nrefs: str) -> str:
    """The ``nltk`` variant's: ``METEOR|nrefs:1|case:lc|tok:nltk|variant:nltk|stages:exact+stem+synonym|alpha:0.9|beta:3|gamma:0.5|version:ngram-core-X``.

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


NLTK_DEFAULTS = {"stages": STAGES, "alpha": DEFAULT_ALPHA, "beta": DEFAULT_BETA, "gamma": DEFAULT_GAMMA, "lowercase": True}
METEOR15_ONLY = ("meteor-1.5",)


def _finalize(values: Dict[str, Any], given: frozenset) -> Dict[str, Any]:
    """Defaults that depend on the variant (and for METEOR 1.5 on language and task)."""
    if values["variant"] == "nltk":
        for name, default in NLTK_DEFAULTS.items():
            if values[name] is None:
                values[name] = default
        if "paraphrase" in values["stages"]:
            raise ValueError("stages: the 'nltk' variant has no paraphrase stage (NLTK's meteor_score has none); "
                             "use variant='meteor-1.5'")
        values["stages"] = check_stages(values["stages"])  # METEOR's order, whatever order they were given in
        return values
    if values["normalize"] and values["lowercase"] is False:
        raise ValueError("lowercase=False with normalize=True: the jar's -norm always lowercases; "
                         "set normalize=False for case-sensitive whitespace tokens")
    settings = jar_settings.resolve_settings(
        values["language"], values["task"], values["stages"], values["stage_weights"], values["alpha"],
        values["beta"], values["gamma"], values["delta"], values["normalize"], bool(values["lowercase"]),
        values["beam"], values["tokenize"])
    values.update(task=settings.task, stages=settings.stages, stage_weights=settings.stage_weights,
                  alpha=settings.alpha, beta=settings.beta, gamma=settings.gamma, delta=settings.delta,
                  lowercase=settings.lowercase)
    return values


def _reads(name: str, values: Dict[str, Any]) -> bool:
    """METEOR 1.5 tokenizes with the jar's ``-norm``: a shared ``lowercase`` is its ``-lower``
    only without it, and of the shared tokenizers it reads only ``coco`` (given before the jar)."""
    if values["variant"] != "meteor-1.5":
        return True
    if name == "tokenize":
        return values["tokenize"] == "coco"
    return not (name == "lowercase" and values["normalize"])


OPTIONS = OptionSet("METEOR", [
    Option("variant", "meteor-1.5", "'meteor-1.5': the METEOR 1.5 jar's numbers (java -jar meteor-1.5.jar -l en -norm, "
           "pycocoevalcap's METEOR); 'nltk': NLTK 3.10's meteor_score exactly (evaluate's meteor)", "choice",
           choices=VARIANTS, retired=(("standard", "use variant='meteor-1.5' (the jar's numbers, the default) or "
                                                   "'nltk'; the fewest-chunks alignment reproduced no tool"),)),
    Option("language", "en", "the jar's -l: target language (parameters, stemmer, -norm rules)", "choice",
           choices=jar_settings.LANGUAGE_CODES, variants=METEOR15_ONLY),
    Option("task", None, "the jar's -t: parameter set (rank, adq, hter, util: English only; li, tune); "
           "None: rank where the jar has it for the language, else li", "choice", choices=jar_settings.TASKS,
           nullable=True, variants=METEOR15_ONLY),
    Option("stages", None, "matching modules (the jar's -m), in the order given for meteor-1.5; None: the "
           "language's (en: exact stem synonym paraphrase) or, for nltk, exact stem synonym", "names",
           choices=jar_settings.MODULES, nullable=True),
    Option("stage_weights", None, "the jar's -w: one weight per stage, each in [0, 1] (above 1 a score would leave "
           "0-1); None: the task's, by position as the jar", "floats", low=0, high=1, nullable=True,
           variants=METEOR15_ONLY),
    Option("alpha", None, "weight of recall against precision; None: the variant's (nltk 0.9; meteor-1.5 by "
           "language and task, en 0.85)", "float", low=0, high=1, nullable=True),
    Option("beta", None, "shape of the fragmentation penalty; None: nltk 3, meteor-1.5 en 0.2", "float", low=0,
           nullable=True),
    Option("gamma", None, "weight of the fragmentation penalty; None: nltk 0.5, meteor-1.5 en 0.6", "float", low=0,
           high=1, nullable=True),
    Option("delta", None, "weight of content against function words; None: by language and task (en 0.75)",
           "float", low=0, high=1, nullable=True, variants=METEOR15_ONLY),
    flag("normalize", True, "the jar's -norm: its tokenizer, then lowercasing; False: whitespace tokens",
         variants=METEOR15_ONLY),
    Option("beam", jar_settings.DEFAULT_BEAM, "the jar's -x: partial alignments kept by the search", "int", low=1,
           variants=METEOR15_ONLY),
    tokenize_option(None, "None: nltk 'nltk' (NLTK's word_tokenize, as evaluate's meteor), "
                    "meteor-1.5 the jar's own (normalize); meteor-1.5 takes only 'coco' (pycocoevalcap's PTB tokens "
                    "before the jar, as pycocoevalcap runs it)", nullable=True,
                    variant_choices=(("meteor-1.5", ("coco",)),), variant_defaults=(("nltk", "nltk"),)),
    Option("lowercase", None, "lowercase before tokenizing; None: nltk True, meteor-1.5 as -norm (which "
           "lowercases) or, with normalize=False, False (the jar's -lower)", "flag", nullable=True),
    return_segments_option(),
], finalize=_finalize, reads=_reads)


@OPTIONS.entry_point
def compute_meteor(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """METEOR of ``predictions`` against ``references`` (one string or a list per prediction).

    Returns ``meteor`` (mean of segment scores, 0-1: evaluate's and NLTK's number),
    ``meteor_corpus`` (the score of the summed statistics, 0-1: the jar's "Final score",
    pycocoevalcap's METEOR), ``matches``, ``chunks``, ``translation_length``,
    ``reference_length`` (sums over segments, each against its best reference) and
    ``signature``; for ``meteor-1.5`` also ``stage_matches`` (per stage, the words
    matched on each side) and ``reference_matches``. With ``return_segments=True`` also
    ``segment_scores``, ``segment_alignments``, ``segment_chunks``, ``segment_matches``
    and ``segment_references`` (index of the best reference).
    """
    if options["variant"] == "meteor-1.5":
        hyps, refs = check_corpus(predictions, references)
        settings = settings_of(options)
        return jar_metric.jar_result_dict(jar_metric.jar_statistics(hyps, refs, settings), options["return_segments"])
    return _compute(predictions, references, options["stages"], options["alpha"], options["beta"],
                    options["gamma"], options["tokenize"], options["lowercase"], options["return_segments"])


def settings_of(options: Dict[str, Any]) -> jar_settings.JarSettings:
    """The METEOR 1.5 settings of resolved options (``OPTIONS.resolve``)."""
    return jar_settings.resolve_settings(
        options["language"], options["task"], options["stages"], options["stage_weights"], options["alpha"],
        options["beta"], options["gamma"], options["delta"], options["normalize"], bool(options["lowercase"]),
        options["beam"], options["tokenize"])


def _compute(predictions, references, stages, alpha, beta, gamma, tokenize, lowercase, return_segments) -> Dict[str, Any]:
    hyps, refs = check_corpus(predictions, references)
    # Tokenize each distinct text once (a tokenizer is a function of the text; the
    # references of a test set recur once per system), straight into token ids.
    index: Dict[str, int] = {}
    hyp_ids = np.array([index.setdefault(text, len(index)) for text in hyps], dtype=np.int64)
    ref_ids = [[index.setdefault(text, len(index)) for text in segment] for segment in refs]
    encoded = encode_texts(list(index), tokenize, lowercase)
    corpus = _Corpus(Segments(encoded.ids, encoded.offsets, encoded.vocab), hyp_ids, ref_ids)

    best = _align(corpus, stages, alpha, beta, gamma)
    matches, chunks = best.aligned.matches[best.pair], best.aligned.chunks[best.pair]
    total = MeteorStats(len(best.score), sum(best.score), sum(best.hyp_len), sum(best.ref_len), int(matches.sum()), int(chunks.sum()))
    out: Dict[str, Any] = {
        "meteor": total.mean_score(),
        "meteor_corpus": total.corpus_score(alpha, beta, gamma),
        "matches": total.matches,
        "chunks": total.chunks,
        "translation_length": total.hyp_len,
        "reference_length": total.ref_len,
        "signature": signature("nltk", stages, alpha, beta, gamma, tokenize, lowercase, nrefs_field(len(s) for s in refs)),
    }
    if return_segments:
        out["segment_scores"] = best.score
        out["segment_alignments"] = [[(i, j) for i, j, _ in best.aligned.pairs(p)] for p in best.pair]
        out["segment_chunks"] = chunks.tolist()
        out["segment_matches"] = matches.tolist()
        out["segment_references"] = best.reference
    return out
