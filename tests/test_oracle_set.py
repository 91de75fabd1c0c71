"""Every parity claim but mteval's, checked from a clone: our own sentences
(``tests/oracle_set/``), scored by the tools themselves when recorded
(``scripts/record_oracle_set.py``, which names the tools' versions in the records), and
by us now through every way in (``helpers.parity.every_way``). Nothing here needs the tools,
Java or ``../shared``; the live tests and the WMT runs check the same claims on more text.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from ngram_core.significance import score_systems
from ngram_core.tokenizers import tokenize
from helpers.parity import SUMS, WAYS, every_way

FOLDER = Path(__file__).resolve().parent / "oracle_set"
CORPUS = json.loads((FOLDER / "corpus.json").read_text(encoding="utf-8"))
RECORDED = json.loads((FOLDER / "records.json").read_text(encoding="utf-8"))
RECORDS = [r for r in RECORDED["records"] if r["metric"] != "significance"]

# How close each tool's number is claimed to be (README's variants table): (absolute, relative)
TOLERANCE = {
    "sacrebleu": (0.0, 0.0), "nltk": (0.0, 0.0), "pycocoevalcap/bleu": (0.0, 0.0),  # the tools' operations, in order
    "meteor-1.5.jar": (1e-9, 0.0), "pycocoevalcap/meteor": (1e-9, 0.0),  # as the jar tests: its printed doubles
    "torchmetrics": (0.0, 2.0 ** -21),  # float32 (README: its ln/exp may be 1 ulp off, bound 2^-23 (2 sum|ln p| + 6))
}
# sacreBLEU's exp(ln 100) makes a perfect match 100.00000000000004; ours stays on 0-100 (README, known differences).
TOP = {"sacrebleu": 100.0}
# What a variant is refused by: NIST variant="nltk" is NLTK's per-segment clipping, no additive statistics.
WAYS_OF = {("nist", "nltk"): ("load",)}


def _id(record):
    options = ",".join(f"{k}={v}" for k, v in record["options"].items())
    return f"{record['tool']}-{record['metric']}-{record['system']}-{record['refs']}ref" + (f"-{options}" if options else "")


def _tolerance(record):
    return TOLERANCE.get(f"{record['tool']}/{record['metric']}", TOLERANCE.get(record["tool"]))


def _inputs(record):
    hyps = CORPUS["systems"][record["system"]]
    refs = [pair[: record["refs"]] for pair in CORPUS["references"]]
    if record.get("pretokenized"):  # the tool was given 13a tokens joined by spaces
        hyps = [" ".join(t) for t in tokenize(hyps, "13a")]
        refs = [[" ".join(t) for t in tokenize(r, "13a")] for r in refs]
    return hyps, refs


def _close(ours, theirs, tolerance):
    absolute, relative = tolerance
    return ours == theirs or abs(ours - theirs) <= max(absolute, relative * abs(theirs))


@pytest.mark.parametrize("record", RECORDS, ids=_id)
def test_recorded_tool_numbers_are_ours_through_every_way_in(record):
    hyps, refs = _inputs(record)
    options = record["options"]
    ways = WAYS_OF.get((record["metric"], options.get("variant")), WAYS)
    segments = record.get("segment_scores")
    key = record["key"] or "meteor"
    ours = every_way(record["metric"], hyps, refs, key, ways=ways, rel_tol=SUMS if key in ("nist", "meteor") else 0.0,
                     return_segments=segments is not None, **options)
    tolerance = _tolerance(record)
    top = TOP.get(record["tool"], math.inf)
    if record["key"] is not None:
        assert _close(ours[record["key"]], min(record["value"], top), tolerance), (ours[record["key"]], record["value"])
    if segments is not None:
        compared = 0
        scale = record.get("segment_scale", 1)  # sacreBLEU's sentence scores are on 0-100, ours on 0-1
        for k, (mine, theirs) in enumerate(zip(ours["segment_scores"], segments)):
            if theirs is not None:
                theirs = min(theirs, top) / scale  # the tool gave no number (NLTK's method6 assertion, an empty hypothesis's NIST)
                assert _close(mine, theirs, tolerance), (k, hyps[k], mine, theirs)
                compared += 1
        assert len(ours["segment_scores"]) == len(segments) and compared >= len(segments) // 2


@pytest.mark.parametrize("record", [r for r in RECORDED["records"] if r["metric"] == "significance"],
                         ids=lambda r: f"sacrebleu-paired-{r['test']}")
def test_recorded_paired_tests_are_ours(record):
    systems = list(CORPUS["systems"].values())
    refs = [pair[: record["refs"]] for pair in CORPUS["references"]]
    scored = score_systems(systems, refs)
    if record["test"] == "bs":
        ours = scored.paired_bootstrap(record["n_samples"], seed=12345)
    else:
        ours = scored.paired_randomization(record["n_samples"], seed=12345)
    assert [r["BLEU"].as_dict() for r in ours] == record["results"]


def test_the_set_covers_every_claim_but_mtevals():
    covered = {(r["tool"], r["metric"], r.get("options", {}).get("variant", "default"))
               for r in RECORDED["records"]}
    assert {("sacrebleu", "bleu", "default"), ("sacrebleu", "significance", "default"), ("nltk", "bleu", "nltk"),
            ("nltk", "nist", "nltk"), ("nltk", "meteor", "nltk"), ("meteor-1.5.jar", "meteor", "default"),
            ("pycocoevalcap", "bleu", "coco"), ("pycocoevalcap", "meteor", "default"),
            ("torchmetrics", "bleu", "torchmetrics")} <= covered
    assert all(not math.isnan(r.get("value", 0.0) or 0.0) for r in RECORDED["records"])
