"""The COCO captioning suite (Bleu_1..4, METEOR, ROUGE_L, CIDEr) on 5,000 images x 5 captions:
``ngram_core.adapters.captioning.COCOEvalCap`` (no Java) next to pycocoevalcap 1.2's
``COCOEvalCap`` (Java: the PTB tokenizer and the METEOR 1.5 jar), in one process.

    python benchmarks/captioning.py [--images 5000] [--repeats 1]

The set is generated deterministically (``tests/helpers/caption_sets.py``: raw captions,
case, punctuation, non-ASCII, seed 44) and written as a COCO annotations file and a results
file; both tools read them (pycocotools' ``COCO`` and ``loadRes``) and score every image.
SPICE is stubbed out of pycocoevalcap's run (ours has none). Rows: each scorer's own time
(the PTB tokenization, then each metric, by timing pycocoevalcap's scorers as its
``evaluate`` calls them) and the whole ``evaluate()``, each the median over ``--repeats``,
as a ratio, with the load average (1 min) before and after; the scores are printed to show
they agree.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests"))  # caption_sets: the generated captions, as the parity tests make them


def _files(folder: Path, images: int):
    from helpers.caption_sets import caption_set

    hyps, refs = caption_set(images, captions=5, seed=44, raw=True)
    ids = list(range(1, images + 1))
    annotations = {"images": [{"id": i} for i in ids], "type": "captions", "info": {}, "licenses": [],
                   "annotations": [{"image_id": i, "id": 10 * i + j, "caption": r}
                                   for i, group in zip(ids, refs) for j, r in enumerate(group)]}
    (folder / "ann.json").write_text(json.dumps(annotations))
    (folder / "res.json").write_text(json.dumps([{"image_id": i, "caption": h} for i, h in zip(ids, hyps)]))
    return folder / "ann.json", folder / "res.json"


class _Timed:
    """A scorer whose compute_score is timed into ``times[name]``."""

    def __init__(self, scorer, times, name):
        self.scorer, self.times, self.name = scorer, times, name

    def compute_score(self, gts, res):
        start = time.perf_counter()
        out = self.scorer.compute_score(gts, res)
        self.times[self.name] = time.perf_counter() - start
        return out

    def method(self):
        return self.scorer.method()


def theirs(ann: Path, res: Path):
    import contextlib
    import io

    from pycocotools.coco import COCO
    from pycocoevalcap import eval as eval_module

    times = {}

    class NoSpice:
        def compute_score(self, gts, res):
            return 0.0, [0.0] * len(gts)

        def method(self):
            return "SPICE"

    originals = {name: getattr(eval_module, name) for name in ("Bleu", "Meteor", "Rouge", "Cider", "PTBTokenizer")}

    def timed(name):
        return lambda *a, **k: _Timed(originals[name](*a, **k), times, name)

    class Tokenizer:
        def tokenize(self, captions):
            start = time.perf_counter()
            out = originals["PTBTokenizer"]().tokenize(captions)
            times["PTB"] = times.get("PTB", 0.0) + time.perf_counter() - start
            return out

    patches = {"Bleu": timed("Bleu"), "Meteor": timed("Meteor"), "Rouge": timed("Rouge"), "Cider": timed("Cider"),
               "PTBTokenizer": Tokenizer, "Spice": NoSpice}
    for name, value in patches.items():
        setattr(eval_module, name, value)
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            coco = COCO(str(ann))
            results = coco.loadRes(str(res))
            evaluator = eval_module.COCOEvalCap(coco, results)
            start = time.perf_counter()
            evaluator.evaluate()
            times["evaluate"] = time.perf_counter() - start
    finally:
        for name, value in originals.items():
            setattr(eval_module, name, value)
    del evaluator.eval["SPICE"]
    return evaluator.eval, times


def ours(ann: Path, res: Path):
    from ngram_core.adapters import captioning

    times = {}
    coco, results = captioning.load_captions(ann, res)
    evaluator = captioning.COCOEvalCap(coco, results)
    start = time.perf_counter()
    image_ids, hyps, refs = evaluator._captions()
    tok_hyps = captioning.ptb_lines(hyps)
    flat = captioning.ptb_lines([r for group in refs for r in group])
    times["PTB"] = time.perf_counter() - start
    rest = iter(flat)
    tok_refs = [[next(rest) for _ in group] for group in refs]
    for (function, options, methods), name in zip(captioning.SCORERS, ("Bleu", "Meteor", "Rouge", "Cider")):
        start = time.perf_counter()
        function(tok_hyps, tok_refs, return_segments=True, **options)
        times[name] = time.perf_counter() - start
    evaluator = captioning.COCOEvalCap(coco, results)
    start = time.perf_counter()
    evaluator.evaluate()
    times["evaluate"] = time.perf_counter() - start
    return evaluator.eval, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--images", type=int, default=5000)
    parser.add_argument("--repeats", type=int, default=1)
    args = parser.parse_args()
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as tmp:
        ann, res = _files(Path(tmp), args.images)
        runs = {"ngram-core": [], "pycocoevalcap": []}
        for _ in range(args.repeats):
            runs["ngram-core"].append(ours(ann, res))
            runs["pycocoevalcap"].append(theirs(ann, res))
    load_after = os.getloadavg()[0]
    print(f"{args.images} images x 5 captions; load average {load_before:.2f} before, {load_after:.2f} after; "
          f"median of {args.repeats}")
    print(f"{'step':<10} {'ngram-core s':>13} {'pycocoevalcap s':>16} {'ratio':>7}")
    for step in ("PTB", "Bleu", "Meteor", "Rouge", "Cider", "evaluate"):
        a = statistics.median(t[step] for _, t in runs["ngram-core"])
        b = statistics.median(t[step] for _, t in runs["pycocoevalcap"])
        print(f"{step:<10} {a:>13.2f} {b:>16.2f} {b / a:>6.1f}x")
    mine, theirs_ = runs["ngram-core"][0][0], runs["pycocoevalcap"][0][0]
    for key in mine:
        print(f"{key:<8} {mine[key]:.12f} {float(theirs_[key]):.12f}")


if __name__ == "__main__":
    main()
