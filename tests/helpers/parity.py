"""One parity harness for every metric: the same corpus through every way in.

:func:`every_way` scores a corpus through the evaluate metric (``ngram_core.load``),
``score_all`` and the reducers (statistics columns of two halves, then the score of
their rows: what ``datasets.map`` and the engines do), checks that they agree, and
returns the evaluate metric's result for the caller to compare with its oracle.
BLEU's and METEOR's corpus numbers come from summed integer statistics and agree to the
last bit; NIST's and METEOR's mean of segment scores are float sums in another order
(within 1e-12 relative). A way a variant is refused by (NIST ``variant="nltk"`` is
per segment in NLTK's order, not statistics that add) is named in ``ways``.
"""
from __future__ import annotations

import math
from typing import Any, Dict, Sequence

import ngram_core
from ngram_core.adapters.datasets import score_columns, segment_columns

WAYS = ("load", "score_all", "reducers")
SUMS = 1e-12  # relative: float sums in another order


def _halves(predictions, references, metric, options):
    half = len(predictions) // 2
    parts = [segment_columns(predictions[a:b], references[a:b], metrics=(metric,), **options)
             for a, b in ((0, half), (half, len(predictions)))]
    return {name: parts[0][name] + parts[1][name] for name in parts[0]}


def every_way(metric: str, predictions: Sequence[str], references: Sequence[Any], key: str,
              ways: Sequence[str] = WAYS, rel_tol: float = 0.0, **options: Any) -> Dict[str, Any]:
    """``ngram_core.load(metric, **options).compute(...)`` after checking that every way in
    ``ways`` gives the same ``key`` (to ``rel_tol``: 0, the last bit, for sums of integer
    statistics; :data:`SUMS` for float sums) and the same segment scores where a way
    returns them."""
    predictions, references = list(predictions), [list(r) for r in references]
    result = ngram_core.load(metric, **options).compute(predictions=predictions, references=references)
    corpus_options = {k: v for k, v in options.items() if k != "return_segments"}
    others = {}
    if "score_all" in ways:
        others["score_all"] = ngram_core.score_all(predictions, references, metrics=(metric,), **options)[metric]
    if "reducers" in ways:
        columns = _halves(predictions, references, metric, corpus_options)
        others["reducers"] = score_columns(columns, metrics=(metric,), **corpus_options)[metric]
    for way, other in others.items():
        same = other[key] == result[key] or math.isclose(other[key], result[key], rel_tol=rel_tol, abs_tol=0.0)
        assert same, (way, key, other[key], result[key])
        if "segment_scores" in other and "segment_scores" in result:
            assert list(other["segment_scores"]) == list(result["segment_scores"]), way
    return result
