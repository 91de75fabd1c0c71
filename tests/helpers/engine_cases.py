"""The parity harness both engines' tests share (tests/ways_in/test_engines_ray.py, test_engines_spark.py).

Rows from the shared WMT data: two systems of an into-English pair with two references and
two of another with one (so the reference count varies by row), the first ``SEGMENTS``
segments of each. Every engine result is compared with ``ngram_core.load(metric).compute``
on the same rows: integer-derived values exactly, float sums within 1e-12 relative.
"""
from __future__ import annotations

import hashlib
import math
from functools import lru_cache
from pathlib import Path
from typing import Any, Dict, List, Mapping, Sequence

import pytest

import ngram_core
from ngram_core import registry

from helpers.data import read_lines, require_wmt

SEGMENTS = 60  # per system: enough for every n-gram order and both reference counts, quick on 2 cores
PAIRS = (("generaltest2022", "zh-en", ("A", "B")), ("newstest2021", "de-en", ("A",)))
SYSTEMS_PER_PAIR = 2
SCHEMA = "id string, langpair string, system string, hyp string, refs array<string>"

# (metric, options): the default and a non-default variant of each
CASES = (
    ("bleu", {}),
    ("bleu", {"variant": "nltk"}),
    ("nist", {}),
    ("nist", {"mteval_quirks": True}),
    ("meteor", {}),
    ("meteor", {"stages": ["exact", "stem"]}),
    ("chrf", {}),
    ("chrf", {"word_order": 2, "lowercase": True}),
    ("ter", {}),
    ("ter", {"normalized": True, "case_sensitive": True}),
)
# Values that are sums of floats, added in another order by the engines: 1e-12 relative.
# Everything else (BLEU, every count, METEOR's meteor_corpus, the signatures) must be equal
# (METEOR's meteor is the mean for the nltk variant: among the float sums).
FLOAT_SUMS = {"nist": ("nist", "info_sums", "info_per_ngram", "reference_length", "length_ratio",
                       "brevity_penalty"),
              "meteor": ("meteor", "meteor_mean")}
# NIST's segment scores add a segment's bits in another order too.
SEGMENT_FLOAT_SUMS = ("nist",)
RELATIVE = 1e-12


def case_id(case) -> str:
    metric, options = case
    return metric + "".join(f"-{k}={v}" for k, v in options.items())


@lru_cache(maxsize=None)
def wmt_rows() -> tuple:
    """``{"id", "langpair", "system", "hyp", "refs"}`` rows, in a fixed order."""
    wmt = require_wmt()
    rows = []
    for testset, pair, refs in PAIRS:
        folder = wmt / testset / pair
        streams = [read_lines(folder / f"ref.{r}.txt")[:SEGMENTS] for r in refs]
        for system_file in sorted(folder.glob("sys.*.txt"))[:SYSTEMS_PER_PAIR]:
            system = system_file.name[len("sys."):-len(".txt")]
            for i, hyp in enumerate(read_lines(system_file)[:SEGMENTS]):
                rows.append({"id": f"{pair}/{system}/{i}", "langpair": pair, "system": system, "hyp": hyp,
                             "refs": [stream[i] for stream in streams]})
    return tuple(rows)


def group_key(row: Mapping[str, Any], group_by: Any) -> Any:
    return tuple(row[g] for g in group_by) if isinstance(group_by, (list, tuple)) else row[group_by]


def expected(metric: str, options: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], **extra: Any) -> Dict:
    return ngram_core.load(metric).compute(predictions=[r["hyp"] for r in rows], references=[r["refs"] for r in rows],
                                           **options, **extra)


def expected_by_group(metric: str, options: Mapping[str, Any], group_by: Any) -> Dict[Any, Dict]:
    groups: Dict[Any, List[Mapping[str, Any]]] = {}
    for row in wmt_rows():
        groups.setdefault(group_key(row, group_by), []).append(row)
    return {key: expected(metric, options, rows) for key, rows in groups.items()}


def assert_same_result(metric: str, got: Mapping[str, Any], want: Mapping[str, Any]) -> None:
    """``got`` equals ``want``: exactly, but for the metric's float sums (1e-12 relative)."""
    assert set(got) == set(want)
    for key, value in want.items():
        if key in FLOAT_SUMS.get(metric, ()):
            values = value if isinstance(value, list) else [value]
            gots = got[key] if isinstance(got[key], list) else [got[key]]
            assert len(gots) == len(values), key
            for a, b in zip(gots, values):
                assert math.isclose(a, b, rel_tol=RELATIVE, abs_tol=0.0), (key, a, b)
        else:
            assert got[key] == value, (key, got[key], value)


def assert_every_group(metric: str, options: Mapping[str, Any], got: Mapping[Any, Mapping], group_by: Any) -> None:
    """An engine's ``corpus_score(..., group_by=group_by)`` is ``compute`` of each group's rows."""
    want = expected_by_group(metric, options, group_by)
    assert set(got) == set(want) and len(want) > 1
    for key in want:
        assert_same_result(metric, got[key], want[key])


def assert_segment_scores(metric: str, options: Mapping[str, Any], scored_rows: Sequence[Mapping[str, Any]]) -> None:
    """Each output row's score equals ``return_segments=True``'s on the rows in the engine's order."""
    assert sorted(r["id"] for r in scored_rows) == sorted(r["id"] for r in wmt_rows())
    want = expected(metric, options, scored_rows, return_segments=True)["segment_scores"]
    got = [r[metric] for r in scored_rows]
    tolerance = RELATIVE if metric in SEGMENT_FLOAT_SUMS else 0.0
    for row, a, b in zip(scored_rows, got, want):
        assert math.isclose(a, b, rel_tol=tolerance, abs_tol=tolerance), (row["id"], a, b)


def assert_refused_before_the_job(engine, data, with_a_bleu_column) -> None:
    """Bad input to an engine's functions is refused on the driver (the exception's own
    type, not one a task would raise): columns missing or of the wrong type, an unknown
    option, a variant the statistics refuse, a column segment_scores would overwrite."""
    with pytest.raises(ValueError, match="references='ref' is not a column") as err:
        engine.corpus_score(data, "bleu", predictions="hyp", references="ref")
    assert type(err.value) is ValueError
    with pytest.raises(TypeError, match="predictions='refs' is a list-of-strings column; it must be a string"):
        engine.corpus_score(data, "bleu", predictions="refs", references="hyp")
    with pytest.raises(TypeError, match="group_by must name a column"):
        engine.corpus_score(data, "bleu", predictions="hyp", references="refs", group_by=[1])
    with pytest.raises(TypeError, match="unknown option 'smoth_method'.*did you mean 'smooth_method'"):
        engine.corpus_score(data, "bleu", predictions="hyp", references="refs", smoth_method="floor")
    with pytest.raises(ValueError, match="variant='nltk'"):
        engine.corpus_score(data, "nist", predictions="hyp", references="refs", variant="nltk")
    with pytest.raises(ValueError, match="already has a column 'bleu'"):
        engine.segment_scores(with_a_bleu_column, "bleu", predictions="hyp", references="refs")


def fail_once(metric: str, folder: Path):
    """The registered metric, but its statistics of a batch raise once (a marker file per
    batch, named by a hash of its hypotheses): the engine must retry the batch."""

    class FailOnce:
        def __init__(self) -> None:
            self.inner = registry.get(metric)

        def __getattr__(self, name: str) -> Any:
            if name == "inner":
                raise AttributeError(name)
            return getattr(self.inner, name)

        def statistics(self, corpora, options):
            marker = Path(folder) / hashlib.sha256("\n".join(corpora.hyps).encode()).hexdigest()
            if len(corpora.hyps) > 1 and not marker.exists():  # (one segment: the options' probe)
                marker.touch()
                raise RuntimeError(f"injected failure, once, for the batch of {marker.name}")
            return self.inner.statistics(corpora, options)

    return FailOnce()
