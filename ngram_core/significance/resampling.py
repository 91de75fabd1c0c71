"""Bootstrap confidence, paired bootstrap resampling and paired approximate
randomization on per-segment rows, as sacreBLEU 2.6.0 defines them.

Every procedure works on :class:`SystemRows`: for each score (an
:class:`~.adapters.Adapter`), the ``(S, K)`` rows of every system on the same S
segments, the baseline first. Resampling is array arithmetic: a resample's sums
are a row of a count matrix (how often each segment was drawn) times the rows, a
trial's sums a row of a 0/1 swap mask times the baseline-minus-system rows; one
matrix product covers every system and every score that share a draw. Integer
rows make these products exact in float64 (any count below 2^53).

The draws, the arithmetic and the rules are sacreBLEU's, so BLEU's numbers are
sacreBLEU's to the last bit with the same seed:

- random numbers: ``numpy.random.default_rng(seed)``, a fresh generator per draw
  as sacreBLEU makes them; bootstrap indices ``rng.choice(S, size=(B, S),
  replace=True)``; randomization masks ``rng.integers(2, size=(T, S), dtype=bool)``
  and, when the randomization test also estimates an interval, the bootstrap
  indices from the same generator after the masks. With a seed, every system
  draws the same indices (and the baseline's interval uses them too).
- sums: BLEU's bootstrap sums are float32 (sacreBLEU sums float32 rows); integer
  sums below 2^24 are exact in float32 whatever the order, and larger ones are
  summed as sacreBLEU sums them, one resample at a time.
- interval: sort the B scores, take the (B // 40)-th from each end, half their
  difference is the 95% interval ``ci``; ``mean`` is their mean (numpy's for paired
  tests, the exactly rounded ``statistics.mean`` for single-system confidence,
  as sacreBLEU does).
- paired bootstrap: d_b = |score_sys,b - score_base,b|, centered on its mean; p =
  (#{b : d_b - mean(d) > |delta|} + 1) / (B + 1), delta the difference of the
  actual scores. Approximate randomization: each trial swaps every segment's pair
  of outputs with probability 1/2; p = (#{t : |score_A,t - score_B,t| > |delta|} +
  1) / (T + 1).

One deliberate difference: when the two actual scores are equal (delta = 0, e.g. a
system compared with itself), p = 1. sacreBLEU's strict ``>`` gives 1 / (n + 1)
there, i.e. it calls a system significantly different from itself. (And BLEU stays
within 0-100, as :func:`ngram_core.bleu.bleu_from_statistics` keeps it: a resample
whose every precision is 100% scores 100, not sacreBLEU's 100.00000000000004.)
Otherwise the
strict ``>`` is kept, for sacreBLEU's numbers; note that it does not count trials that
tie the actual difference, which makes randomization p-values smaller than the usual
``>=`` definition when few segments differ (a trial then often reproduces the
actual pair of systems).

Seed (:func:`resolve_seed`): an int; ``None`` for fresh entropy from the OS; by
default the environment variable ``NGRAM_CORE_SEED``, else ``SACREBLEU_SEED``
(so a shell that fixes sacreBLEU's seed fixes ours), else 12345, sacreBLEU's
default; ``none`` (any case) in either variable means no fixed seed. sacreBLEU's
paired tests treat a seed of 0 as "no seed" (its ``seed if seed else None``); here
0 is a seed like any other.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple

from ..lazy import np

from .adapters import Adapter
from .settings import DEFAULT_BOOTSTRAP_SAMPLES, DEFAULT_RANDOMIZATION_TRIALS, FROM_ENVIRONMENT, Result, Seed, resolve_seed

_EXACT_FLOAT32 = 2 ** 24  # every integer up to here is a float32
_CHUNK_CELLS = 2 ** 21  # count-matrix cells per product (16 MB of float64: measured faster than larger)

Progress = Callable[[Iterable, int, str], Iterable]  # (iterable, its length, what it counts) -> iterable


def _no_progress(iterable: Iterable, total: int, description: str) -> Iterable:
    return iterable


@dataclass(frozen=True)
class SystemRows:
    """Several systems' rows on the same segments, for each score (baseline first).

    ``rows[a]`` is an ``(n_systems, S, K_a)`` array for ``adapters[a]``.
    """

    names: Tuple[str, ...]
    adapters: Tuple[Adapter, ...]
    rows: Tuple[np.ndarray, ...]

    def __post_init__(self) -> None:
        if len(self.adapters) != len(self.rows):
            raise ValueError(f"SystemRows has {len(self.adapters)} adapters but {len(self.rows)} row arrays")
        for adapter, rows in zip(self.adapters, self.rows):
            if rows.ndim != 3 or rows.shape[0] != len(self.names) or rows.shape[1] != self.n_segments:
                raise ValueError(f"{adapter.name} rows have shape {rows.shape}; expected "
                                 f"({len(self.names)}, {self.n_segments}, K): one (S, K) array per system")

    @property
    def n_segments(self) -> int:
        return self.rows[0].shape[1] if self.rows else 0

    def scores(self) -> List[Dict[str, float]]:
        """Every system's actual scores: ``[{score name: score}]``, from its summed rows."""
        out: List[Dict[str, float]] = [{} for _ in self.names]
        for adapter, rows in zip(self.adapters, self.rows):
            values = adapter.scores(rows.sum(axis=1))
            for j, value in enumerate(values):
                out[j][adapter.name] = float(value)
        return out


# -- draws -------------------------------------------------------------------------------
def bootstrap_indices(rng: np.random.Generator, n_segments: int, n_samples: int) -> np.ndarray:
    """(B, S) segment indices drawn with replacement: sacreBLEU's call."""
    return rng.choice(n_segments, size=(n_samples, n_segments), replace=True)


def randomization_masks(rng: np.random.Generator, n_segments: int, n_trials: int) -> np.ndarray:
    """(T, S) booleans, True where a trial gives the baseline's output to pseudo-system A: sacreBLEU's call."""
    return rng.integers(2, size=(n_trials, n_segments), dtype=bool)


def _check_count(name: str, value: int) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 1:
        raise ValueError(f"{name} must be a positive integer, got {value!r}")
    return int(value)


# -- sums and scores -----------------------------------------------------------------------
def _stacked(table: SystemRows, systems: Sequence[int]) -> Tuple[np.ndarray, List[Tuple[int, int, int]]]:
    """(S, M) float64: the rows of ``systems`` for every adapter side by side, and per
    block (adapter, system, first column)."""
    blocks, layout, at = [], [], 0
    for a, rows in enumerate(table.rows):
        for j in systems:
            blocks.append(rows[j])
            layout.append((a, j, at))
            at += rows.shape[2]
    return np.hstack(blocks).astype(np.float64), layout


def _chunks(n_rows: int, n_segments: int, progress: Progress, description: str) -> Iterable[slice]:
    step = max(1, _CHUNK_CELLS // max(n_segments, 1))
    starts = range(0, n_rows, step)
    return (slice(start, start + step) for start in progress(starts, len(starts), description))


def _count_products(indices: np.ndarray, stacked: np.ndarray, progress: Progress = None) -> np.ndarray:
    """(B, M): each resample's sums, count matrix times rows, a chunk of resamples at a time."""
    B, S = indices.shape
    out = np.empty((B, stacked.shape[1]))
    for rows in _chunks(B, S, progress or _no_progress, "bootstrap resamples"):
        start = rows.start
        part = indices[rows]
        flat = (part + np.arange(len(part))[:, None] * S).ravel()
        counts = np.bincount(flat, minlength=len(part) * S).reshape(len(part), S)
        out[start:start + len(part)] = counts.astype(np.float64) @ stacked
    return out


def _in_sum_dtype(sums: np.ndarray, rows: np.ndarray, indices: np.ndarray, dtype) -> np.ndarray:
    """Exact sums converted to the adapter's summation dtype (sacreBLEU's float32 for BLEU)."""
    if dtype != np.float32:
        return sums
    integral = np.issubdtype(rows.dtype, np.integer) and (rows.size == 0 or rows.min() >= 0)
    if integral and (sums.size == 0 or sums.max() < _EXACT_FLOAT32):
        return sums.astype(np.float32)  # every partial sum is an exact float32 integer
    rows32 = rows.astype(np.float32)  # large sums round: sum as sacreBLEU does
    return np.stack([rows32[idx].sum(0) for idx in indices])


def _scores_array(scores: Any) -> np.ndarray:
    """Resampled scores as an array: float32 where every score is (sacreBLEU's ``np.array``
    of chrF's float32 resample scores, whose mean and interval it takes in float32), else float64."""
    scores = np.asarray(scores)
    return scores if scores.dtype == np.float32 else scores.astype(np.float64)


def _bootstrap_scores(table: SystemRows, systems: Sequence[int], indices: np.ndarray,
                      progress: Progress = None) -> Dict[Tuple[int, int], np.ndarray]:
    """{(adapter, system): (B,) scores of the resamples ``indices``}."""
    stacked, layout = _stacked(table, systems)
    sums = _count_products(indices, stacked, progress)
    out = {}
    for a, j, at in layout:
        adapter = table.adapters[a]
        K = table.rows[a].shape[2]
        block = _in_sum_dtype(sums[:, at:at + K], table.rows[a][j], indices, adapter.sum_dtype)
        out[a, j] = _scores_array(adapter.scores(block))
    return out


def _randomization_scores(table: SystemRows, systems: Sequence[int], masks: np.ndarray, progress: Progress = None):
    """{(adapter, system): (scores of pseudo-system A, of B)} over the trials ``masks``.

    A takes the baseline's row where the mask is True and the system's elsewhere,
    B the opposite: A = sum(system) + mask @ (baseline - system), B = sum(baseline)
    - mask @ (baseline - system).
    """
    blocks, layout, at = [], [], 0
    for a, rows in enumerate(table.rows):
        for j in systems:
            blocks.append(rows[0].astype(np.float64) - rows[j])
            layout.append((a, j, at))
            at += rows.shape[2]
    delta = np.hstack(blocks)
    swapped = np.empty((len(masks), delta.shape[1]))
    for rows in _chunks(len(masks), table.n_segments, progress or _no_progress, "randomization trials"):
        swapped[rows] = masks[rows].astype(np.float64) @ delta
    out = {}
    for a, j, at in layout:
        adapter, rows = table.adapters[a], table.rows[a]
        K = rows.shape[2]
        part = swapped[:, at:at + K]
        sums_a = rows[j].sum(axis=0).astype(np.float64) + part
        sums_b = rows[0].sum(axis=0).astype(np.float64) - part
        out[a, j] = (np.asarray(adapter.scores(sums_a), dtype=np.float64),
                     np.asarray(adapter.scores(sums_b), dtype=np.float64))
    return out


# -- rules -------------------------------------------------------------------------------
def interval(scores: np.ndarray) -> Tuple[float, float]:
    """(mean, 95% half-width) of bootstrap scores: sacreBLEU's ``estimate_ci`` (paired tests)."""
    ordered = np.sort(scores)
    low = len(ordered) // 40
    return float(ordered.mean()), float(0.5 * (ordered[len(ordered) - low - 1] - ordered[low]))


def single_interval(scores: np.ndarray) -> Tuple[float, float]:
    """(mean, 95% half-width) as sacreBLEU's ``Score.estimate_ci`` (single-system confidence)."""
    import statistics  # (here: the command line's plain scores need neither it nor the fractions it imports)

    # float32 scores stay numpy scalars: statistics.mean then rounds to float32, as sacreBLEU's
    ordered = sorted(scores.tolist() if scores.dtype != np.float32 else list(scores))
    low = len(ordered) // 40
    return float(statistics.mean(ordered)), float(0.5 * (ordered[len(ordered) - low - 1] - ordered[low]))


def p_value(sample_statistics: np.ndarray, observed: float) -> float:
    """(#{samples > observed} + 1) / (n + 1); 1.0 when ``observed`` is 0 (see the module docstring)."""
    if observed == 0:
        return 1.0
    count = int(np.sum(sample_statistics > observed))
    return (count + 1) / (len(sample_statistics) + 1)


# -- the procedures --------------------------------------------------------------------------
class _Draws:
    """Fresh generators per draw, as sacreBLEU makes them; with a seed every draw is
    the same, so it is made once."""

    def __init__(self, seed: Optional[int]) -> None:
        self.seed = seed
        self._cache: Dict[tuple, tuple] = {}

    def get(self, key: tuple, make: Callable[[np.random.Generator], tuple]) -> tuple:
        if self.seed is None:
            return make(np.random.default_rng(None))
        if key not in self._cache:
            self._cache[key] = make(np.random.default_rng(self.seed))
        return self._cache[key]


def bootstrap_confidence(table: SystemRows, n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: Seed = FROM_ENVIRONMENT,
                         progress: Progress = _no_progress) -> List[Dict[str, Result]]:
    """Each system on its own: actual score, mean and 95% interval of ``n_samples``
    bootstrap resamples (sacreBLEU's ``corpus_score(..., n_bootstrap=n_samples)``).

    Returns one ``{score name: Result}`` per system (``p_value`` None).
    """
    n_samples = _check_count("n_samples", n_samples)
    resolved = resolve_seed(seed)
    draws = _Draws(resolved)
    actual = table.scores()
    S, n_systems = table.n_segments, len(table.names)
    out: List[Dict[str, Result]] = [{} for _ in range(n_systems)]
    groups = [list(range(n_systems))] if resolved is not None else [[j] for j in range(n_systems)]
    for group in groups:
        (indices,) = draws.get(("bs", n_samples), lambda rng: (bootstrap_indices(rng, S, n_samples),))
        scores = _bootstrap_scores(table, group, indices, progress)
        for j in group:
            for a, adapter in enumerate(table.adapters):
                mean, ci = single_interval(scores[a, j])
                out[j][adapter.name] = Result(actual[j][adapter.name], None, mean, ci)
    return out


def paired_bootstrap(table: SystemRows, n_samples: int = DEFAULT_BOOTSTRAP_SAMPLES, seed: Seed = FROM_ENVIRONMENT,
                     progress: Progress = _no_progress) -> List[Dict[str, Result]]:
    """Paired bootstrap resampling of every system against the first (the baseline).

    Each system gets its score, the p-value of its difference from the baseline,
    and the mean and 95% interval of its ``n_samples`` resampled scores; the
    baseline its score, mean and interval. sacreBLEU's ``PairedTest(...,
    test_type='bs')``.
    """
    n_samples = _check_count("n_samples", n_samples)
    resolved = resolve_seed(seed)
    draws = _Draws(resolved)
    actual = table.scores()
    S, n_systems = table.n_segments, len(table.names)
    make = lambda rng: (bootstrap_indices(rng, S, n_samples),)  # noqa: E731
    if resolved is not None:  # one draw for all: every system and the baseline in one product
        groups = [list(range(n_systems))]
    else:  # the baseline's own interval, then each system paired with the baseline on its own draw
        groups = [[0]] + [[0, j] for j in range(1, n_systems)]
    results: List[Dict[str, Result]] = [{} for _ in range(n_systems)]
    for group in groups:
        (indices,) = draws.get(("bs", n_samples), make)
        scores = _bootstrap_scores(table, group, indices, progress)
        for a, adapter in enumerate(table.adapters):
            name = adapter.name
            if name not in results[0]:  # the baseline's interval: from the first draw that has it
                mean, ci = interval(scores[a, 0])
                results[0][name] = Result(actual[0][name], None, mean, ci)
            for j in group:
                if j == 0:
                    continue
                mean, ci = interval(scores[a, j])
                diffs = np.abs(scores[a, j] - scores[a, 0])
                p = p_value(diffs - diffs.mean(), abs(actual[0][name] - actual[j][name]))
                results[j][name] = Result(actual[j][name], p, mean, ci)
    return results


def paired_randomization(table: SystemRows, n_trials: int = DEFAULT_RANDOMIZATION_TRIALS, n_confidence: int = -1,
                         seed: Seed = FROM_ENVIRONMENT, progress: Progress = _no_progress) -> List[Dict[str, Result]]:
    """Paired approximate randomization of every system against the first (the baseline).

    Each system gets its score and p-value; with ``n_confidence > 0`` also the mean
    and 95% interval of that many bootstrap resamples (drawn after the trials from
    the same generator), and the baseline its own (from a fresh generator).
    sacreBLEU's ``PairedTest(..., test_type='ar', n_ar_confidence=n_confidence)``;
    its command line uses ``n_confidence=-1`` (no interval).
    """
    n_trials = _check_count("n_trials", n_trials)
    if n_confidence not in (-1, 0) and not (isinstance(n_confidence, (int, np.integer)) and n_confidence > 0):
        raise ValueError(f"n_confidence must be -1 (no interval) or a positive integer, got {n_confidence!r}")
    if n_confidence == 0:
        n_confidence = DEFAULT_BOOTSTRAP_SAMPLES  # sacreBLEU's 0: the default
    resolved = resolve_seed(seed)
    draws = _Draws(resolved)
    actual = table.scores()
    S, n_systems = table.n_segments, len(table.names)
    results: List[Dict[str, Result]] = [{adapter.name: Result(actual[0][adapter.name]) for adapter in table.adapters}]
    results += [{} for _ in range(1, n_systems)]
    if n_confidence > 0:
        (indices,) = draws.get(("bs", n_confidence), lambda rng: (bootstrap_indices(rng, S, n_confidence),))
        scores = _bootstrap_scores(table, [0], indices, progress)
        for a, adapter in enumerate(table.adapters):
            results[0][adapter.name].mean, results[0][adapter.name].ci = interval(scores[a, 0])

    def make(rng: np.random.Generator) -> tuple:
        masks = randomization_masks(rng, S, n_trials)
        return masks, (bootstrap_indices(rng, S, n_confidence) if n_confidence > 0 else None)

    groups = [list(range(1, n_systems))] if resolved is not None else [[j] for j in range(1, n_systems)]
    for group in groups:
        masks, indices = draws.get(("ar", n_trials, n_confidence), make)
        trials = _randomization_scores(table, group, masks, progress)
        sampled = _bootstrap_scores(table, group, indices, progress) if indices is not None else None
        for a, adapter in enumerate(table.adapters):
            name = adapter.name
            for j in group:
                scores_a, scores_b = trials[a, j]
                p = p_value(np.abs(scores_a - scores_b), abs(actual[0][name] - actual[j][name]))
                result = Result(actual[j][name], p)
                if sampled is not None:
                    result.mean, result.ci = interval(sampled[a, j])
                results[j][name] = result
    return results


def bootstrap_standard_errors(table: SystemRows, n_samples: int, seed: Seed = FROM_ENVIRONMENT) -> List[Dict[str, float]]:
    """Each system's bootstrap standard error of each score: the sample standard deviation
    (divisor B - 1) of the scores of ``n_samples`` = B bootstrap resamples of its segments, as
    lm-evaluation-harness's ``bootstrap_stderr`` defines it, on the scores' own scale.

    Every resample is drawn (sacreBLEU's draw, a fresh generator from ``seed``), however
    many: they are drawn and summed a chunk at a time, so memory holds one chunk's counts
    (16 MB) and the B scores per score and system, whatever B.
    """
    n_samples = _check_count("n_samples", n_samples)
    if n_samples < 2:
        raise ValueError(f"n_samples is {n_samples}: a standard deviation needs at least 2 resamples")
    rng = np.random.default_rng(resolve_seed(seed))
    S, systems = table.n_segments, list(range(len(table.names)))
    step = max(1, _CHUNK_CELLS // max(S, 1))
    parts: Dict[Tuple[int, int], List[np.ndarray]] = {}
    for start in range(0, n_samples, step):
        indices = bootstrap_indices(rng, S, min(step, n_samples - start))
        for key, scores in _bootstrap_scores(table, systems, indices).items():
            parts.setdefault(key, []).append(scores.astype(np.float64))
    out: List[Dict[str, float]] = [{} for _ in systems]
    for (a, j), chunks in parts.items():
        out[j][table.adapters[a].name] = float(np.std(np.concatenate(chunks), ddof=1))
    return out
