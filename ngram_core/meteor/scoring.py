"""METEOR's formula and its sufficient statistics.

For m matched words, c chunks, hypothesis length |h| and reference length |r|:

    P = m / |h|,  R = m / |r|,  F = P * R / (alpha * P + (1 - alpha) * R)
    Pen = gamma * (c / m) ** beta,  METEOR = (1 - Pen) * F      (0-1; 0 when m = 0)

Defaults alpha = 0.9, beta = 3, gamma = 0.5 (Lavie & Agarwal 2007; NLTK). The
operations are done in NLTK's order, so that the ``nltk`` variant reproduces NLTK's
floats bit for bit.

:class:`MeteorStats` are the additive statistics of a set of segments: adding two gives
the statistics of the union. ``mean_score`` is the mean of segment scores (evaluate's
and NLTK's ``meteor``); ``corpus_score`` applies the formula once to the summed
matches, chunks and lengths (METEOR 1.5's system-level score). :func:`headline_scores`
gives a result's three keys: ``meteor``, the number of the tool the variant reproduces
(METEOR 1.5: the jar's corpus "Final score"; ``nltk``: the mean of NLTK's segment
scores, evaluate's ``meteor``), and both statistics by name, ``meteor_corpus`` and
``meteor_mean``. The command line prints the same: ``METEOR`` is ``meteor``, the other
statistic is ``METEOR-mean`` (METEOR 1.5) or ``METEOR-corpus`` (``nltk``).
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Iterable

DEFAULT_ALPHA = 0.9
DEFAULT_BETA = 3.0
DEFAULT_GAMMA = 0.5


def headline_scores(corpus: float, mean: float, jar: bool) -> dict:
    """A result's ``meteor`` (the variant's tool's number: the corpus score for the jar's
    METEOR 1.5, the mean for NLTK's), ``meteor_corpus`` and ``meteor_mean``."""
    return {"meteor": corpus if jar else mean, "meteor_corpus": corpus, "meteor_mean": mean}


def check_parameters(alpha: float, beta: float, gamma: float) -> None:
    """Raise a ValueError unless 0 <= alpha <= 1, beta >= 0 and 0 <= gamma <= 1."""
    for name, value, low, high in (("alpha", alpha, 0, 1), ("beta", beta, 0, float("inf")), ("gamma", gamma, 0, 1)):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not low <= value <= high:
            bound = f"in [{low}, {high}]" if high != float("inf") else f">= {low}"
            raise ValueError(f"{name}={value!r} is out of range: METEOR needs {name} {bound}")


def meteor_formula(
    matches: int,
    chunks: int,
    hyp_len: int,
    ref_len: int,
    alpha: float = DEFAULT_ALPHA,
    beta: float = DEFAULT_BETA,
    gamma: float = DEFAULT_GAMMA,
) -> float:
    """(1 - gamma * (chunks/matches)**beta) * F-mean, or 0.0 when nothing matches."""
    if matches == 0 or hyp_len == 0 or ref_len == 0:
        return 0.0
    precision = float(matches) / hyp_len
    recall = float(matches) / ref_len
    denominator = alpha * precision + (1 - alpha) * recall
    if denominator == 0:
        return 0.0
    fmean = (precision * recall) / denominator
    penalty = gamma * (float(chunks) / matches) ** beta
    return (1 - penalty) * fmean


@dataclass(frozen=True)
class MeteorStats:
    """Additive METEOR statistics of one or more segments (each against its best reference)."""

    segments: int = 0
    score_sum: float = 0.0  # sum of segment scores
    hyp_len: int = 0
    ref_len: int = 0
    matches: int = 0
    chunks: int = 0

    def __add__(self, other: "MeteorStats") -> "MeteorStats":
        if not isinstance(other, MeteorStats):
            return NotImplemented
        return MeteorStats(*(getattr(self, f.name) + getattr(other, f.name) for f in fields(self)))

    def __radd__(self, other):  # sum() starts from 0
        return self if other == 0 else NotImplemented

    @classmethod
    def total(cls, stats: Iterable["MeteorStats"]) -> "MeteorStats":
        """The sum of many statistics (faster than ``sum``)."""
        columns = list(zip(*((s.segments, s.score_sum, s.hyp_len, s.ref_len, s.matches, s.chunks) for s in stats)))
        return cls(*(sum(column) for column in columns)) if columns else cls()

    def mean_score(self) -> float:
        """Mean of segment scores (0-1); 0.0 for no segments."""
        return self.score_sum / self.segments if self.segments else 0.0

    def corpus_score(self, alpha: float = DEFAULT_ALPHA, beta: float = DEFAULT_BETA, gamma: float = DEFAULT_GAMMA) -> float:
        """The formula on summed matches, chunks and lengths (0-1), METEOR 1.5's convention."""
        return meteor_formula(self.matches, self.chunks, self.hyp_len, self.ref_len, alpha, beta, gamma)
