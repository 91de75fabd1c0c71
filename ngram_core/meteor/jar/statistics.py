# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5's sufficient statistics and score (``MeteorStats``, ``MeteorScorer.computeMetrics``).

One row per segment (the hypothesis against its best reference), as numbers that add:
a corpus is the sum of its rows, and so is any resample, shard or batch. The columns
are the jar's (``-ssOut``), for the configured modules, and three of ours::

    hyp_len ref_len hyp_function ref_function                     words (characters for -t util)
    per module: hyp_content ref_content hyp_function ref_function matched, by side and word class
    chunks hyp_word_matches ref_word_matches                      chunks, matched words
    perfect score segments                                        ours: total match in one chunk (0/1),
                                                                  the segment's score, 1

With module weights ``w_i`` and parameters alpha, beta, gamma, delta (0-1 scores)::

    P = sum_i w_i (delta * hyp_content_i + (1 - delta) * hyp_function_i)
        / (delta * (hyp_len - hyp_function) + (1 - delta) * hyp_function)      R likewise
    Fmean = 1 / ((1 - alpha) / P + alpha / R)
    frag = 0 for a total match in one chunk, else chunks / ((hyp_word_matches + ref_word_matches) / 2)
    Pen = gamma * frag ** beta
    score = max(0, Fmean * (1 - Pen)), 0 where that is undefined (no match, empty text)

The corpus score (the jar's "Final score") is the same formula on the summed rows, the
chunks of perfect segments left out (as ``MeteorStats.addStats`` does): summed
``chunks - perfect``. The arithmetic is the jar's, operation by operation.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from ...lazy import np
from ...statistics import Statistics, constant_field, segment_field

LENGTH_COLUMNS = ("hyp_len", "ref_len", "hyp_function", "ref_function")
MODULE_COLUMNS = ("hyp_content", "ref_content", "hyp_function", "ref_function")
TAIL_COLUMNS = ("chunks", "hyp_word_matches", "ref_word_matches", "perfect", "score", "segments")


def columns(n_modules: int) -> tuple:
    """The names of the columns of :attr:`MeteorStatistics.rows` for ``n_modules`` modules."""
    per_module = tuple(f"{name}_{i}" for i in range(n_modules) for name in MODULE_COLUMNS)
    return LENGTH_COLUMNS + per_module + TAIL_COLUMNS


@dataclass(frozen=True)
class MeteorParameters:
    """What turns statistics into a score: alpha, beta, gamma, delta and one weight per module."""

    alpha: float
    beta: float
    gamma: float
    delta: float
    weights: tuple

    @property
    def n_modules(self) -> int:
        return len(self.weights)


def scores(rows: np.ndarray, params: MeteorParameters, corpus: bool = False) -> np.ndarray:
    """The score of each row of ``rows`` ((B, K) statistics, as :attr:`MeteorStatistics.rows`).

    ``corpus=False``: each row is one segment (the jar's segment score). ``corpus=True``:
    each row is a sum of segments (the jar's Final score of those segments; e.g. B
    bootstrap resamples at once).
    """
    from ...ngrams import libm  # C's pow on every CPU (numba, cached)

    rows = np.asarray(rows, dtype=np.float64)
    if rows.ndim == 1:
        rows = rows[None, :]
    n = params.n_modules
    if rows.shape[1] != 4 + 4 * n + len(TAIL_COLUMNS):
        raise ValueError(f"statistics have {rows.shape[1]} columns, {n} modules need {4 + 4 * n + len(TAIL_COLUMNS)}")
    hyp_len, ref_len, hyp_fw, ref_fw = rows[:, 0], rows[:, 1], rows[:, 2], rows[:, 3]
    per_module = rows[:, 4:4 + 4 * n].reshape(len(rows), n, 4)
    chunks, hyp_words, ref_words = rows[:, 4 + 4 * n], rows[:, 5 + 4 * n], rows[:, 6 + 4 * n]
    if corpus:
        chunks = chunks - rows[:, 7 + 4 * n]  # perfect segments' chunks are left out
    alpha, beta, gamma, delta = params.alpha, params.beta, params.gamma, params.delta
    with np.errstate(divide="ignore", invalid="ignore"):
        hyp_weighted_len = delta * (hyp_len - hyp_fw) + (1.0 - delta) * hyp_fw
        ref_weighted_len = delta * (ref_len - ref_fw) + (1.0 - delta) * ref_fw
        hyp_weighted = np.zeros(len(rows))
        ref_weighted = np.zeros(len(rows))
        for i, w in enumerate(params.weights):  # content words of every module, then function words
            hyp_weighted = hyp_weighted + per_module[:, i, 0] * w * delta
            ref_weighted = ref_weighted + per_module[:, i, 1] * w * delta
        for i, w in enumerate(params.weights):
            hyp_weighted = hyp_weighted + per_module[:, i, 2] * w * (1.0 - delta)
            ref_weighted = ref_weighted + per_module[:, i, 3] * w * (1.0 - delta)
        precision = hyp_weighted / hyp_weighted_len
        recall = ref_weighted / ref_weighted_len
        fmean = 1.0 / (((1.0 - alpha) / precision) + (alpha / recall))
        hyp_total = per_module[:, :, 0].sum(axis=1) + per_module[:, :, 2].sum(axis=1)
        ref_total = per_module[:, :, 1].sum(axis=1) + per_module[:, :, 3].sum(axis=1)
        total_match = (hyp_total == hyp_len) & (ref_total == ref_len) & (chunks == 1)
        frag = np.where(total_match, 0.0, chunks / ((hyp_words + ref_words) / 2))
        penalty = gamma * libm.power(frag, beta)  # numpy's AVX-512 pow differs in last bits
        score = fmean * (1.0 - penalty)
    return np.where(np.isnan(score), 0.0, np.maximum(score, 0.0))


@dataclass(frozen=True)
class MeteorStatistics(Statistics):
    """METEOR 1.5 statistics, one row per segment (see the module docstring); adds with ``+``.

    ``a + b`` is the statistics of the two corpora one after the other; ``.sum()`` is a
    single row (what distributed evaluation exchanges); ``rows`` is the (S, K) array the
    significance tests resample, and :func:`scores` scores any summed rows. ``params``
    may be left out (statistics read back from columns): give them to :func:`scores`.
    """

    rows: np.ndarray = segment_field("sum", dtype="float64", ndim=2, column="stats")  # (S, K): columns(n_modules)
    params: Optional[MeteorParameters] = constant_field()
    n_refs: np.ndarray = segment_field("refs", derived=True)  # (S,) references

    def __post_init__(self) -> None:
        if self.rows.ndim != 2 or (self.params is not None and self.rows.shape[1] != 4 + 4 * self.params.n_modules
                                   + len(TAIL_COLUMNS)):
            raise ValueError(f"METEOR statistics of {self.params} cannot have shape {self.rows.shape}")
        if len(self.n_refs) != len(self.rows):
            object.__setattr__(self, "n_refs", np.zeros(len(self.rows), dtype=np.int64))

    @property
    def n_modules(self) -> int:
        return (self.rows.shape[1] - 4 - len(TAIL_COLUMNS)) // 4

    def column(self, name: str) -> np.ndarray:
        return self.rows[:, columns(self.n_modules).index(name)]

    def segment_scores(self) -> np.ndarray:
        """Each row's score, 0-1 (the jar's segment scores when rows are segments)."""
        return self.column("score").copy()

    def mean_score(self) -> float:
        """The mean of segment scores (0-1); 0.0 for no segments."""
        n = self.column("segments").sum()
        return float(self.column("score").sum() / n) if n else 0.0

    def corpus_score(self, params: Optional[MeteorParameters] = None) -> float:
        """The score of the summed rows (0-1): the jar's Final score."""
        return float(scores(self.rows.sum(axis=0), params or self.params, corpus=True)[0])


def statistics_rows(lengths: Sequence[np.ndarray], per_module: np.ndarray, chunks: np.ndarray,
                    word_matches: Sequence[np.ndarray], params: MeteorParameters) -> np.ndarray:
    """Rows from their parts: ``lengths`` = (hyp_len, ref_len, hyp_function, ref_function),
    ``per_module`` (S, n_modules, 4), ``chunks``, ``word_matches`` = (hyp, ref); the
    ``perfect`` and ``score`` columns are derived, ``segments`` is 1."""
    S = len(chunks)
    rows = np.zeros((S, 4 + 4 * params.n_modules + len(TAIL_COLUMNS)), dtype=np.float64)
    for j, column in enumerate(lengths):
        rows[:, j] = column
    rows[:, 4:4 + 4 * params.n_modules] = np.asarray(per_module, dtype=np.float64).reshape(S, 4 * params.n_modules)
    tail = 4 + 4 * params.n_modules
    rows[:, tail], rows[:, tail + 1], rows[:, tail + 2] = chunks, word_matches[0], word_matches[1]
    hyp_total = rows[:, 4:tail:4].sum(axis=1) + rows[:, 6:tail:4].sum(axis=1)
    ref_total = rows[:, 5:tail:4].sum(axis=1) + rows[:, 7:tail:4].sum(axis=1)
    rows[:, tail + 3] = (hyp_total == rows[:, 0]) & (ref_total == rows[:, 1]) & (rows[:, tail] == 1)
    rows[:, tail + 5] = 1.0
    rows[:, tail + 4] = scores(rows, params)
    return rows
