"""Record the vendored oracle set: our own sentences scored by the tools themselves.

``tests/oracle_set/written.txt`` holds sentences written for this project (two
references per line). This script makes three systems from them by seeded edits
(``--text``; otherwise it reuses ``corpus.json``), runs every tool whose number a
variant of ours claims to reproduce, and writes ``tests/oracle_set/records.json``:
what each tool returned, with the tools' versions. ``tests/test_oracle_set.py`` then
checks every record from a clone, without the tools or ``../shared``.

Tools run (each must be installed, as ``.ci/run`` installs them): sacreBLEU (corpus and
sentence BLEU, options, the paired tests), NLTK (``corpus_bleu``/``sentence_bleu``
methods 0-7, ``corpus_nist``/``sentence_nist``, ``meteor_score`` over Debian's
WordNet: needs ``wordnet-base`` and the lexnames table of ``../shared``), pycocoevalcap
1.2 (``Bleu(4)``, ``Meteor``: Java), the METEOR 1.5 jar itself, torchmetrics
``BLEUScore`` (torch). mteval-v13a is not here: its numbers exist only for the WMT data.

    python scripts/record_oracle_set.py          # re-record the numbers
    python scripts/record_oracle_set.py --text   # also regenerate the systems' text
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import sys
import warnings
from importlib.metadata import version
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / "tests" / "oracle_set"
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

SYSTEMS = ("close", "loose", "edge")
SMOOTHING = [{"smooth_method": "exp"}, {"smooth_method": "floor"}, {"smooth_method": "floor", "smooth_value": 0.0},
             {"smooth_method": "add-k"}, {"smooth_method": "add-k", "smooth_value": 0.0}, {"smooth_method": "none"}]
SACREBLEU_OPTIONS = [{"tokenize": t} for t in ("13a", "intl", "char", "none", "zh")] + [{"lowercase": True}] \
    + SMOOTHING + [{"max_ngram_order": 2}]
EDGES = ["", ".", "Yes", "the the the the the", "The committee approved the new budget on Tuesday after a long debate."]


def _read_written() -> list:
    lines = [line for line in (FOLDER / "written.txt").read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    return [[part.strip() for part in line.split("|||")] for line in lines]


def _edit(words: list, rng: random.Random, n_edits: int, vocabulary: list) -> list:
    """Seeded edits a system makes: drop, repeat, swap neighbours, replace, change case."""
    words = list(words)
    for _ in range(n_edits):
        if not words:
            break
        k = rng.randrange(len(words))
        kind = rng.choice(["drop", "repeat", "swap", "replace", "case"])
        if kind == "drop":
            del words[k]
        elif kind == "repeat":
            words.insert(k, words[k])
        elif kind == "swap" and k + 1 < len(words):
            words[k], words[k + 1] = words[k + 1], words[k]
        elif kind == "replace":
            words[k] = rng.choice(vocabulary)
        elif kind == "case":
            words[k] = words[k].swapcase()
    return words


def make_text() -> dict:
    references = _read_written()
    rng = random.Random(20261205)
    vocabulary = sorted({w for pair in references for ref in pair for w in ref.split()})
    systems = {
        "close": [" ".join(_edit(rng.choice(pair).split(), rng, 1, vocabulary)) for pair in references],
        "loose": [" ".join(_edit(pair[1].split(), rng, 5, vocabulary)) for pair in references],
    }
    edge = [" ".join(_edit(pair[0].split(), rng, 3, vocabulary)) for pair in references]
    edge[: len(EDGES)] = EDGES
    systems["edge"] = edge
    return {"references": references, "systems": systems}


def _tokens(texts):
    from ngram_core.tokenizers import tokenize

    return tokenize(list(texts), "13a")


def _ref_sets(corpus, n_refs):
    return [pair[:n_refs] for pair in corpus["references"]]


def record_sacrebleu(corpus) -> list:
    import sacrebleu.metrics.bleu
    from sacrebleu.metrics import BLEU

    sacrebleu.metrics.bleu.sacrelogger.setLevel("ERROR")  # "It is recommended to enable effective_order"
    records = []
    for n_refs in (1, 2):
        refs = _ref_sets(corpus, n_refs)
        streams = [list(s) for s in zip(*refs)]
        for system in SYSTEMS:
            hyps = corpus["systems"][system]
            for effective in (False, True):  # BLEU()'s default, and sentence_bleu()'s
                bleu = BLEU(effective_order=effective)
                records.append({"tool": "sacrebleu", "metric": "bleu", "system": system, "refs": n_refs,
                                "options": {"effective_order": True} if effective else {}, "key": "score",
                                "value": bleu.corpus_score(hyps, streams).score, "segment_scale": 100,  # ours: 0-1
                                "segment_scores": [bleu.sentence_score(h, list(r)).score for h, r in zip(hyps, refs)]})
            for options in SACREBLEU_OPTIONS if (system, n_refs) == ("loose", 2) else []:
                ours = {("max_order" if k == "max_ngram_order" else k): v for k, v in options.items()}
                records.append({"tool": "sacrebleu", "metric": "bleu", "system": system, "refs": n_refs,
                                "options": ours, "key": "score", "value": BLEU(**options).corpus_score(hyps, streams).score})
    return records


def record_significance(corpus) -> list:
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    streams = [list(s) for s in zip(*_ref_sets(corpus, 2))]
    named = [(s, corpus["systems"][s]) for s in SYSTEMS]
    records = []
    for test, n in (("bs", 1000), ("ar", 1000)):
        _, theirs = PairedTest(named, {"BLEU": BLEU(references=streams)}, None, test_type=test, n_samples=n)()
        records.append({"tool": "sacrebleu", "metric": "significance", "test": test, "n_samples": n, "refs": 2,
                        "results": [vars(r) for r in theirs["BLEU"]]})
    return records


def record_nltk_bleu(corpus) -> list:
    from nltk.translate import bleu_score as nltk

    records = []
    refs = _ref_sets(corpus, 2)
    ref_tokens = [_tokens(r) for r in refs]
    for system in SYSTEMS:
        hyp_tokens = _tokens(corpus["systems"][system])
        for k in range(8):
            smoothing = getattr(nltk.SmoothingFunction(), f"method{k}")
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    value = nltk.corpus_bleu(ref_tokens, hyp_tokens, smoothing_function=smoothing)
                except AssertionError:  # method6 without a trigram match: NLTK gives no number
                    continue
                segments = []
                for h, r in zip(hyp_tokens, ref_tokens):
                    try:
                        segments.append(nltk.sentence_bleu(r, h, smoothing_function=smoothing))
                    except AssertionError:
                        segments.append(None)
            records.append({"tool": "nltk", "metric": "bleu", "system": system, "refs": 2,
                            "options": {"variant": "nltk", "smooth_method": f"method{k}"}, "key": "bleu",
                            "value": value, "segment_scores": segments})
    return records


def record_nltk_nist(corpus) -> list:
    from nltk.translate.nist_score import corpus_nist, sentence_nist

    records = []
    for n_refs in (1, 2):
        refs = _ref_sets(corpus, n_refs)
        ref_tokens = [_tokens(r) for r in refs]
        for system in SYSTEMS:
            hyp_tokens = _tokens(corpus["systems"][system])
            segments = []
            for h, r in zip(hyp_tokens, ref_tokens):
                try:
                    segments.append(sentence_nist(r, h))
                except ZeroDivisionError:  # an empty hypothesis: NLTK gives no number
                    segments.append(None)
            records.append({"tool": "nltk", "metric": "nist", "system": system, "refs": n_refs,
                            "options": {"variant": "nltk", "tokenize": "13a"}, "key": "nist",  # the tokens given
                            "value": corpus_nist(ref_tokens, hyp_tokens), "segment_scores": segments})
    return records


def record_nltk_meteor(corpus) -> list:
    from nltk.translate.meteor_score import meteor_score
    from helpers.nltk_wordnet import nltk_wordnet

    wordnet = nltk_wordnet()
    records = []
    for n_refs in (1, 2):
        ref_tokens = [_tokens(r) for r in _ref_sets(corpus, n_refs)]
        for system in SYSTEMS:
            hyp_tokens = _tokens(corpus["systems"][system])
            segments = [meteor_score(r, h, wordnet=wordnet) for h, r in zip(hyp_tokens, ref_tokens)]
            records.append({"tool": "nltk", "metric": "meteor", "system": system, "refs": n_refs,
                            "options": {"variant": "nltk", "tokenize": "13a", "lowercase": True},
                            "key": None, "segment_scores": segments})
    return records


def record_jar(corpus) -> list:
    from helpers.jar_scores import jar_scores

    records = []
    for n_refs in (1, 2):
        refs = _ref_sets(corpus, n_refs)
        for system in SYSTEMS:
            for modules, ours in ((None, {}), ("exact stem", {"stages": ["exact", "stem"]})):
                args = ["-l", "en", "-norm"] + (["-m", modules] if modules else [])
                segments, final = jar_scores(corpus["systems"][system], refs, args)
                records.append({"tool": "meteor-1.5.jar", "metric": "meteor", "system": system, "refs": n_refs,
                                "options": ours, "key": "meteor_corpus", "value": final, "segment_scores": segments})
    return records


def record_pycocoevalcap(corpus) -> list:
    from pycocoevalcap.bleu.bleu import Bleu
    from pycocoevalcap.meteor.meteor import Meteor

    records = []
    refs = [[" ".join(t) for t in _tokens(r)] for r in _ref_sets(corpus, 2)]
    gts = {k: r for k, r in enumerate(refs)}
    for system in SYSTEMS:
        hyps = [" ".join(t) for t in _tokens(corpus["systems"][system])]
        res = {k: [h] for k, h in enumerate(hyps)}
        with contextlib.redirect_stdout(io.StringIO()):  # Bleu prints its statistics
            bleus, by_order = Bleu(4).compute_score(gts, res)
        records.append({"tool": "pycocoevalcap", "metric": "bleu", "system": system, "refs": 2, "pretokenized": True,
                        "options": {"variant": "coco", "tokenize": "none"}, "key": "bleu", "value": bleus[3],
                        "segment_scores": list(by_order[3])})
        scorer = Meteor()
        try:
            score, scores = scorer.compute_score(gts, res)
        finally:
            del scorer
        records.append({"tool": "pycocoevalcap", "metric": "meteor", "system": system, "refs": 2, "pretokenized": True,
                        "options": {}, "key": "meteor_corpus", "value": score, "segment_scores": list(scores)})
    return records


def record_torchmetrics(corpus) -> list:
    from torchmetrics.functional.text import bleu_score

    records = []
    refs = _ref_sets(corpus, 2)
    for system in SYSTEMS:
        hyps = corpus["systems"][system]
        for n_gram in (1, 2, 4):
            for smooth in (False, True):
                value = float(bleu_score(hyps, refs, n_gram=n_gram, smooth=smooth))
                records.append({"tool": "torchmetrics", "metric": "bleu", "system": system, "refs": 2,
                                "options": {"variant": "torchmetrics", "tokenize": "none", "max_order": n_gram,
                                            "smooth_method": "add-one" if smooth else "none"},
                                "key": "bleu", "value": value})
    return records


RECORDERS = (record_sacrebleu, record_significance, record_nltk_bleu, record_nltk_nist, record_nltk_meteor,
             record_jar, record_pycocoevalcap, record_torchmetrics)
TOOLS = ("sacrebleu", "nltk", "pycocoevalcap", "torchmetrics", "torch")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--text", action="store_true", help="regenerate the systems' text from written.txt")
    args = parser.parse_args(argv)
    corpus_file = FOLDER / "corpus.json"
    if args.text or not corpus_file.is_file():
        corpus_file.write_text(json.dumps(make_text(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    corpus = json.loads(corpus_file.read_text(encoding="utf-8"))
    records = [record for recorder in RECORDERS for record in recorder(corpus)]
    out = {"versions": {tool: version(tool) for tool in TOOLS}, "records": records}
    (FOLDER / "records.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(records)} records written to {FOLDER / 'records.json'}")


if __name__ == "__main__":
    main()
