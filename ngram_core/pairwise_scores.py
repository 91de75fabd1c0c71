"""Many sentences at once: pairwise score matrices and minimum Bayes risk selection.

``ngram_core.pairwise(metric, candidates, references=None, **options)`` is the
``(len(candidates), len(references))`` float64 matrix whose entry (i, j) is the metric's
segment score of candidate i with reference j as its *only* reference, on 0-1, with the
metric's sentence-level options under the user's (:attr:`~ngram_core.metric.Metric.sentence_options`):

- ``"bleu"``: by default sacreBLEU's sentence BLEU, ``sacrebleu.sentence_bleu(c, [r]).score / 100``
  (effective order, exp smoothing, 13a); any variant and option of
  :func:`ngram_core.corpus_bleu`, each entry being ``corpus_bleu([c], [[r]], **options)["bleu"]``
  (``variant="nltk"``: NLTK's ``sentence_bleu(r.split(), c.split())`` with ``tokenize="none"``);
- ``"meteor"``: METEOR 1.5's segment score (the jar's ``-l en -norm`` by default), or NLTK's
  ``meteor_score`` with ``variant="nltk"``.

Each text is prepared once, not once per pair: BLEU tokenizes each string and counts its
n-grams once, then counts the clipped matches of a block of candidates against every
reference in one compiled loop over shared n-grams only (:mod:`ngram_core.bleu.pairs`);
METEOR 1.5 tokenizes, stems and looks up each distinct string once per block and aligns
each distinct pair once. Blocks keep memory bounded: a block is as many candidate rows as
fit in :data:`BLOCK_PAIRS` pairs (one row if M is larger), about 60 MB of counts and columns
for BLEU at N = 4 (measured: 74 MB traced at the peak of a 512 x 512 matrix, 110 MB for
2,048 x 2,048 with its 32 MB result), whatever the matrix's size; the matrix itself is
N x M float64.

With ``references=None`` the candidates are scored against each other (a square
matrix). Its diagonal is each candidate against itself, computed like every other entry
and never NaN: 1.0 for sentence BLEU (0.0 for a string without tokens), below 1 for METEOR
(its fragmentation penalty for one chunk); :func:`mbr_select` leaves it out.

``mbr_select(metric, candidates, references=None, **options)``: minimum Bayes risk
selection (Kumar & Byrne 2004; Freitag et al. 2022): the candidate with the highest
expected utility, the mean of its row (against the pseudo-references, or with
``references=None`` against the other candidates, never itself; a lone candidate has
no other, so its utility is its score against itself); the first one on ties.
A list of candidate lists gives one selection per source.

``self_bleu`` lives with BLEU (:func:`ngram_core.bleu.self_bleu.self_bleu`).
"""
from __future__ import annotations

import sys
from typing import Any, List, Mapping, NamedTuple, Optional, Sequence

import numpy as np

from . import registry
from .inputs import check_texts
from .metric import Metric, sentence_values

BLOCK_PAIRS = 1 << 18  # pairs per block: 262,144


def _metric(metric: Any) -> Metric:
    if not isinstance(metric, str):
        raise TypeError(f"metric must be a metric's name (one of {', '.join(registry.names())}), got "
                        f"{type(metric).__name__}")
    entry = registry.get(metric)
    if not hasattr(entry, "pair_scorer"):
        raise ValueError(f"metric {metric!r} has no pair_scorer (see ngram_core.metric.Metric): it cannot score pairs")
    return entry


def pairwise(metric: str, candidates: Sequence[str], references: Optional[Sequence[str]] = None,
             **options: Any) -> np.ndarray:
    """The (len(candidates), len(references)) matrix of segment scores, 0-1 (see the module docstring).

    ``references=None``: the candidates against each other (the diagonal is each one
    against itself). Options are the metric's (``ngram_core.load(metric)``'s).
    """
    entry = _metric(metric)
    values = sentence_values(entry, options)
    cands = check_texts(candidates, "candidates")
    refs = cands if references is None else check_texts(references, "references")
    return _matrix(entry, cands, refs, values)


def _matrix(entry: Metric, cands: List[str], refs: List[str], values: Mapping[str, Any]) -> np.ndarray:
    scorer = entry.pair_scorer(cands, refs, values)
    out = np.empty((len(cands), len(refs)), dtype=np.float64)
    step = max(1, BLOCK_PAIRS // len(refs))
    for start in range(0, len(cands), step):
        stop = min(start + step, len(cands))
        out[start:stop] = scorer(start, stop)
    return out


class Selection(NamedTuple):
    """One MBR choice: the chosen candidate's ``index`` and every candidate's ``utilities``
    (expected utility on 0-1; a lone candidate with no references: its score against
    itself, the square matrix's diagonal entry, e.g. 1.0 for sentence BLEU)."""

    index: int
    utilities: np.ndarray


def _select(entry: Metric, cands: List[str], refs: Optional[List[str]], values: Mapping[str, Any]) -> Selection:
    matrix = _matrix(entry, cands, cands if refs is None else refs, values)
    if refs is None and len(cands) == 1:  # no other candidate: its score against itself, the diagonal's
        return Selection(0, matrix[:, 0].copy())
    if refs is None:
        np.fill_diagonal(matrix, 0.0)  # a candidate never counts itself (x + 0.0 is x: the sums stay exact)
    others = matrix.shape[1] - (refs is None)
    # left to right, as a loop's sum() (numpy's sum is pairwise): the same utilities to the bit
    utilities = np.cumsum(matrix, axis=1)[:, -1] / others
    # the best expected score: the highest, or the lowest for a metric where lower is better (TER); ties: the first
    return Selection(int(np.argmax(utilities) if entry.higher_is_better else np.argmin(utilities)), utilities)


def _is_nested(candidates: Any) -> bool:
    items = list(candidates) if candidates is not None and not isinstance(candidates, (str, bytes)) else []
    return bool(items) and all(not isinstance(c, (str, bytes)) and hasattr(c, "__iter__") for c in items)


def _progress(iterable, total: int):
    """A progress bar on stderr for long runs, when stderr is a terminal."""
    if total < 100 or not getattr(sys.stderr, "isatty", lambda: False)():
        return iterable
    from tqdm import tqdm

    return tqdm(iterable, total=total, desc="mbr_select", file=sys.stderr, leave=False)


def mbr_select(metric: str, candidates: Sequence[Any], references: Optional[Sequence[Any]] = None, **options: Any):
    """Minimum Bayes risk selection: a :class:`Selection` (``index``, ``utilities``).

    ``candidates``: a list of strings, scored against ``references`` (pseudo-references,
    e.g. samples) or, with ``references=None``, against each other (a candidate never
    counts itself); the utility of candidate i is the mean of ``pairwise(...)[i]`` over
    its references, and the chosen one has the highest utility (the lowest for a metric where
    lower is better: TER). A list of candidate lists (one per source; ``references`` then None
    or one list per source) gives a list of selections, with a progress bar on stderr
    for long runs when it is a terminal. Options are checked once, before any scoring.
    """
    entry = _metric(metric)
    values = sentence_values(entry, options)
    if not _is_nested(candidates):
        cands = check_texts(candidates, "candidates")
        return _select(entry, cands, None if references is None else check_texts(references, "references"), values)
    groups = [check_texts(group, f"candidates[{k}]") for k, group in enumerate(candidates)]
    if references is None:
        ref_groups: List[Optional[List[str]]] = [None] * len(groups)
    else:
        if not _is_nested(references) or len(list(references)) != len(groups):
            raise ValueError(f"references must be None or one list of strings per candidate list ({len(groups)}), "
                             "since candidates is a list of lists")
        ref_groups = [check_texts(group, f"references[{k}]") for k, group in enumerate(references)]
    return [_select(entry, c, r, values) for c, r in _progress(zip(groups, ref_groups), len(groups))]


__all__ = ["BLOCK_PAIRS", "Selection", "mbr_select", "pairwise"]
