"""TER's statistics: :class:`TerStatistics` (per segment: the fewest edits over its
references, their average length, the number of references) and :func:`ter_statistics`,
which computes them for a corpus.

Each distinct hypothesis is normalized once and each distinct reference twice, as
sacreBLEU 2.6.0 does (:mod:`ngram_core.ter.words`); the words of the
whole call get integer codes, and the edits of every (hypothesis, reference) pair are
counted by :mod:`ngram_core.ter.kernel`, plain or compiled by the rule of
:func:`ngram_core.compiled.use` (compiled once the call holds :data:`COMPILED_WORDS`
words, or one pair's product of lengths / 100 is :data:`COMPILED_PAIR_WORK`, or once the
process runs compiled code anyway). Memory: four matrices of (hypothesis words + 1) x
(reference words + 1) for the pair under way (int64 arrays compiled, lists of Python ints
plain), at most about 32 MB compiled at :data:`MAX_WORDS`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Sequence

from ..lazy import np

from .. import compiled
from ..statistics import Statistics, segment_field
from . import MAX_WORDS, kernel
from .words import normalizer

# A call of this many words (hypotheses and references) runs the compiled kernel
# (ngram_core.compiled's rule, with this as its large input): the plain loops on lists take
# about 0.09 ms a word of WMT text (5 ms a segment; 300 segments, 15,170 words: 1.38 s plain,
# 0.23 s compiled, load 6.7), so numba's start of about 0.8 s pays from about 10,000 words
# (some 200 segments). A long pair costs about the product of its lengths: a call whose
# longest pair's product / 100 reaches COMPILED_PAIR_WORK runs compiled however few its words.
COMPILED_WORDS = 10_000
COMPILED_PAIR_WORK = 2_000


@dataclass(frozen=True)
class TerStatistics(Statistics):
    """Per segment: the fewest edits over its references (``edits``), the average length
    of its references in words (``ref_length``, a float as sacreBLEU's) and ``n_refs``."""

    edits: np.ndarray = segment_field("sum")  # (S,) int64
    ref_length: np.ndarray = segment_field("sum", dtype="float64")  # (S,) float64
    n_refs: np.ndarray = segment_field("refs")  # (S,)

    def rows(self) -> np.ndarray:
        """``[edits, average reference length]`` per segment (sacreBLEU's layout), float64."""
        return np.stack([self.edits.astype(np.float64), self.ref_length], axis=1).reshape(len(self), 2)


def empty_statistics(values: Mapping[str, Any] = None) -> TerStatistics:
    return TerStatistics(np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float64), np.zeros(0, dtype=np.int64))


def _too_long(segment: int, hypothesis: List[str], references: List[List[str]]) -> ValueError:
    lengths = [len(hypothesis)] + [len(r) for r in references]
    side = "hypothesis" if lengths[0] > MAX_WORDS else f"reference {next(k for k, n in enumerate(lengths[1:]) if n > MAX_WORDS)}"
    return ValueError(f"TER: segment {segment} has a {side} of {max(lengths)} words after normalization, over the "
                      f"limit of {MAX_WORDS} words per text (ngram_core.ter.MAX_WORDS: time and memory grow with the "
                      "product of the two lengths); split the segment into sentences")


def ter_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
                   values: Mapping[str, Any], loops: Any = None) -> TerStatistics:
    """Per-segment TER statistics of checked texts and resolved options (``loops``: the
    kernel module to run, as the test of its one body passes it; None: the rule)."""
    S = len(hypotheses)
    n_refs = np.fromiter(map(len, references), dtype=np.int64, count=S)
    if S and n_refs.min() == 0:
        s = int(np.argmin(n_refs))
        raise ValueError(f"references[{s}] is empty: TER needs at least one reference per segment")
    normalize = normalizer(values)
    hyp_seen: Dict[str, List[str]] = {}
    ref_seen: Dict[str, List[str]] = {}

    def hypothesis_words(text: str) -> List[str]:
        if text not in hyp_seen:
            hyp_seen[text] = normalize(text).split()
        return hyp_seen[text]

    def reference_words(text: str) -> List[str]:
        # sacreBLEU normalizes a reference twice (its _cache_references, then its
        # _extract_reference_info): with normalized=True a second pass can split again
        # ("john's ," -> "john 's ,"), so its numbers need both passes
        if text not in ref_seen:
            ref_seen[text] = normalize(normalize(text)).split()
        return ref_seen[text]

    hyp_words = [hypothesis_words(h) for h in hypotheses]
    ref_words = [[reference_words(r) for r in refs] for refs in references]
    codes: Dict[str, int] = {}
    code = codes.setdefault
    hyp_codes = np.array([code(w, len(codes)) for ws in hyp_words for w in ws], dtype=np.int64)
    flat_refs = [ws for refs in ref_words for ws in refs]
    ref_codes = np.array([code(w, len(codes)) for ws in flat_refs for w in ws], dtype=np.int64)
    hyp_starts = np.zeros(S + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, hyp_words), dtype=np.int64, count=S), out=hyp_starts[1:])
    ref_starts = np.zeros(len(flat_refs) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, flat_refs), dtype=np.int64, count=len(flat_refs)), out=ref_starts[1:])
    refs_of = np.zeros(S + 1, dtype=np.int64)
    np.cumsum(n_refs, out=refs_of[1:])
    edits = np.zeros(S, dtype=np.int64)
    totals = np.zeros(S, dtype=np.int64)
    if loops is None:
        # a long pair costs about the product of its lengths, however few words the call has
        work = max((len(h) * max(map(len, refs)) // 100 for h, refs in zip(hyp_words, ref_words)), default=0)
        words = len(hyp_codes) + len(ref_codes)
        run_compiled = compiled.use(words, COMPILED_WORDS) or compiled.use(work, COMPILED_PAIR_WORK)
        loops = compiled.compile_loops(kernel) if run_compiled else kernel
    compiled.count_call()
    arguments = [hyp_codes, hyp_starts, ref_codes, ref_starts, refs_of]
    if loops is kernel:  # plain Python runs on lists (a list's item is a fraction of an array's)
        arguments = [a.tolist() for a in arguments]
        edits_of, totals_of = [0] * S, [0] * S
    else:
        edits_of, totals_of = edits, totals
    failed = loops.corpus_edits(*arguments, MAX_WORDS, edits_of, totals_of)
    edits[:], totals[:] = edits_of, totals_of
    if failed >= 0:
        raise _too_long(int(failed), hyp_words[failed], ref_words[failed])
    # sacreBLEU's average: the sum of the lengths / the number of references, in float64
    return TerStatistics(edits, totals / n_refs.astype(np.float64), n_refs)
