"""spBLEU's SentencePiece tokenizers (flores101, flores200, spBLEU-1K, spm) give sacreBLEU 2.6.0's
pieces, scores and signatures given the same model, found offline where the user or sacreBLEU put it.

The models are trained here (SentencePiece trains offline in seconds) on WMT text, or on
generated sentences in a clone without ``../shared``, and put where sacreBLEU looks for its
own (its cache, ``$SACREBLEU/models``): both tools then read the same file.
"""
from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from helpers.data import REPO, WMT, have_wmt, read_lines, require_wmt
from helpers.require import require_module
from helpers.tokens import EDGE_CASES, encoded_tokens, sacrebleu_tokens, wmt_lines
from ngram_core.ngrams.corpus import encode_texts
from ngram_core.tokenizers import get_tokenizer, tokenize
from ngram_core.tokenizers import tokenizer_spm
from ngram_core.tokenizers.tokenizer_spm import MODELS, SpmModelNotFound, find_model, model_candidates
from ngram_core.adapters.space.card import metric_script

NAMES = ("flores101", "flores200", "spBLEU-1K", "spm")
LANGUAGES = ("en", "de", "ja", "zh", "cs", "ru")
WORDS = "the a cat dog sat ran on in mat house big small red , . and was is to of home tree Haus Katze".split()


def _training_lines(every: int) -> list:
    """WMT lines into LANGUAGES when the shared data is there, else generated sentences."""
    if have_wmt():
        return wmt_lines(LANGUAGES, every=every)
    rng = random.Random(0)
    return [" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 15))) for _ in range(2000)]


def _train(lines: list, vocab_size: int, coverage: float, model_type: str) -> bytes:
    spm = require_module("sentencepiece")
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(lines), model_writer=model, vocab_size=vocab_size,
                                   character_coverage=coverage, model_type=model_type, hard_vocab_limit=False, num_threads=1,
                                   minloglevel=2)
    return model.getvalue()


@pytest.fixture(scope="module")
def models(tmp_path_factory) -> dict:
    """Two models (as files) that tokenize any word differently: ``large`` (unigram) and ``small``
    (characters, more of them unknown)."""
    folder = tmp_path_factory.mktemp("spm-models")
    made = {}
    for kind, every, vocab_size, coverage, model_type in (("large", 40, 4000, 0.9995, "unigram"),
                                                          ("small", 120, 1000, 0.98, "char")):
        made[kind] = folder / f"{kind}.model"
        made[kind].write_bytes(_train(_training_lines(every), vocab_size, coverage, model_type))
    return made


@pytest.fixture
def places(tmp_path, monkeypatch):
    """sacreBLEU's cache and our folder, both empty, in tmp_path; neither tool can download."""
    monkeypatch.delenv(tokenizer_spm.MODEL_DIR_VARIABLE, raising=False)
    cache = tmp_path / "sacrebleu"
    (cache / "models").mkdir(parents=True)
    monkeypatch.setenv("SACREBLEU", str(cache))
    ours = tmp_path / "ours"
    ours.mkdir()
    try:
        theirs = __import__("sacrebleu.tokenizers.tokenizer_spm", fromlist=["_"])
    except ImportError:
        theirs = None
    if theirs is not None:  # sacreBLEU reads $SACREBLEU once, at import
        monkeypatch.setattr(theirs, "SACREBLEU_DIR", str(cache))
        monkeypatch.setattr(theirs, "download_file", _no_download)
    get_tokenizer.cache_clear()
    yield {"cache": cache / "models", "ours": ours}
    get_tokenizer.cache_clear()


def _no_download(url, path, *args, **kwargs):
    raise AssertionError(f"a test made sacreBLEU download {url}")


@pytest.fixture
def in_sacrebleus_cache(models, places):
    """The large model as flores200's file, the small one as flores101's and spBLEU-1K's."""
    for name in ("flores200",):
        (places["cache"] / MODELS[name].file).write_bytes(models["large"].read_bytes())
    for name in ("flores101", "spBLEU-1K"):
        (places["cache"] / MODELS[name].file).write_bytes(models["small"].read_bytes())
    return places


# -- the pieces, the scores and the signatures are sacreBLEU's ---------------------------------
@pytest.mark.oracle
@pytest.mark.parametrize("name,lowercase", [("flores200", False), ("flores200", True), ("flores101", False),
                                            ("spBLEU-1K", False), ("spm", False)])
def test_pieces_equal_sacrebleus_tokenizer_spm_on_wmt_data(in_sacrebleus_cache, name, lowercase):
    require_wmt()
    theirs_module = require_module("sacrebleu.tokenizers.tokenizer_spm")
    lines = wmt_lines(LANGUAGES, every=3) + EDGE_CASES
    expected = sacrebleu_tokens(lines, name, lowercase)
    assert tokenize(lines, name, lowercase) == expected
    assert encoded_tokens(encode_texts(lines, name, lowercase)) == expected
    assert get_tokenizer(name).signature() == theirs_module.TokenizerSPM(name).signature()


def test_the_tokenizers_read_their_own_model_and_sign_with_sacrebleus_names(in_sacrebleus_cache):
    line = "the big cat sat on the mat"
    pieces = {name: get_tokenizer(name)(line) for name in NAMES}
    assert pieces["flores101"] == pieces["spBLEU-1K"] == pieces["spm"] != pieces["flores200"]
    signatures = {name: get_tokenizer(name).signature() for name in NAMES}
    assert signatures == {"flores101": "flores101", "flores200": "flores200", "spBLEU-1K": "spBLEU-1K",
                          "spm": "flores101"}


def _wmt_systems():
    if not have_wmt():
        return []
    return sorted(WMT.glob("*/*/sys.*.txt"))


@pytest.mark.oracle
@pytest.mark.slow
def test_bleu_and_signature_equal_sacrebleu_on_every_wmt_system(in_sacrebleus_cache):
    require_wmt()
    sacrebleu = require_module("sacrebleu")
    from ngram_core import corpus_bleu

    systems = _wmt_systems()
    languages = {path.parent.name.split("-")[1] for path in systems}
    assert {"en", "de", "ja", "zh"} <= languages and len(systems) >= 40
    for path in systems:
        hyps = list(read_lines(path))
        streams = [list(read_lines(ref)) for ref in sorted(path.parent.glob("ref.*.txt"))]
        metric = sacrebleu.BLEU(tokenize="flores200")
        theirs = metric.corpus_score(hyps, streams)
        ours = corpus_bleu(hyps, [list(refs) for refs in zip(*streams)], tokenize="flores200")
        assert ours["score"] == theirs.score, path
        their_fields = dict(f.split(":", 1) for f in str(metric.get_signature()).split("|"))
        our_fields = dict(f.split(":", 1) for f in ours["signature"].split("|")[1:])
        assert their_fields["tok"] == our_fields["tok"] == "flores200"
        for key in ("nrefs", "case", "eff", "tok", "smooth"):  # sacreBLEU's fields but its version
            assert our_fields[key] == their_fields[key], (path, key)


def test_each_distinct_text_is_encoded_once(in_sacrebleus_cache, monkeypatch):
    tokenizer = get_tokenizer("flores200")
    processor, batches = tokenizer._processor, []

    class Counting:
        def __getattr__(self, name):
            return getattr(processor, name)

        def EncodeAsIds(self, texts):
            batches.append(list(texts))
            return processor.EncodeAsIds(texts)

    monkeypatch.setattr(tokenizer, "_processor", Counting())
    lines = ["the cat", "a dog", "the cat", "", "a dog", "", "\u2603\u2603 \U0001F600"]
    assert tokenizer.tokenize_batch(lines) == [" ".join(processor.EncodeAsPieces(line)) for line in lines]
    assert len(batches) == 1 and sorted(batches[0]) == sorted(set(lines))


def test_unknown_pieces_are_shown_as_their_text_and_adjacent_ones_merged(in_sacrebleus_cache):
    """SentencePiece's pieces, not its vocabulary: an unknown piece is its text, and adjacent
    unknown characters are one piece (the batch path encodes ids, then such lines as pieces)."""
    tokenizer = get_tokenizer("flores200")
    unknown = "\u2603\u2604\U0001F600"  # snowman, comet, emoji: in no training text
    line = f"the {unknown} cat {unknown[0]}"
    ids = tokenizer._processor.EncodeAsIds(line)
    assert ids.count(tokenizer._processor.unk_id()) == 2
    assert tokenizer.tokenize_batch([line]) == [tokenizer(line)] == [" ".join(tokenizer._processor.EncodeAsPieces(line))]
    assert unknown in tokenizer(line).split() or f"\u2581{unknown}" in tokenizer(line).split()


# -- where the model is found ------------------------------------------------------------------
def test_the_model_is_looked_for_in_our_folder_then_sacrebleus_cache(places, tmp_path, monkeypatch):
    file = MODELS["flores200"].file
    assert file == "flores200sacrebleuspm"
    assert [MODELS[n].file for n in ("flores101", "spm", "spBLEU-1K")] == [
        "sacrebleu_tokenizer_spm.model", "sacrebleu_tokenizer_spm.model", "spbleu-1k_tokenizer_spm.model"]
    cached = places["cache"] / file
    given = places["ours"] / file
    cached.write_bytes(b"cache")
    assert find_model("flores200") == cached  # NGRAM_CORE_SPM_DIR unset: sacreBLEU's cache
    monkeypatch.setenv("NGRAM_CORE_SPM_DIR", str(places["ours"]))
    assert find_model("flores200") == cached  # our folder set but without the file: on to the cache
    given.write_bytes(b"ours")
    assert find_model("flores200") == given  # our folder first
    assert model_candidates("flores200") == [given, cached]
    # SACREBLEU unset: sacreBLEU's default, ~/.sacrebleu/models
    monkeypatch.delenv("SACREBLEU")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert model_candidates("flores200") == [given, tmp_path / "home" / ".sacrebleu" / "models" / file]


def test_a_model_in_our_folder_wins_over_sacrebleus_cache(in_sacrebleus_cache, models, monkeypatch):
    line = "the big cat sat on the mat"
    from_cache = get_tokenizer("flores200")(line)  # the large model
    (in_sacrebleus_cache["ours"] / MODELS["flores200"].file).write_bytes(models["small"].read_bytes())
    monkeypatch.setenv("NGRAM_CORE_SPM_DIR", str(in_sacrebleus_cache["ours"]))
    get_tokenizer.cache_clear()
    assert get_tokenizer("flores200")(line) == get_tokenizer("flores101")(line) != from_cache


@pytest.mark.parametrize("name", NAMES)
def test_a_missing_model_names_the_file_every_place_looked_and_how_to_get_it(places, monkeypatch, name):
    model = MODELS[name]
    with pytest.raises(SpmModelNotFound) as unset:
        find_model(name)
    message = str(unset.value)
    for said in (f"tokenize={name!r}", repr(model.file), "NGRAM_CORE_SPM_DIR (not set)",
                 str(places["cache"] / model.file), "never downloads", model.url,
                 f"from sacrebleu.tokenizers.tokenizer_spm import TokenizerSPM; TokenizerSPM({name!r})",
                 str(places["cache"])):
        assert said in message, (said, message)
    monkeypatch.setenv("NGRAM_CORE_SPM_DIR", str(places["ours"]))
    with pytest.raises(FileNotFoundError) as given:  # SpmModelNotFound is a FileNotFoundError
        find_model(name)
    assert f"Looked in: {places['ours'] / model.file}; {places['cache'] / model.file}." in str(given.value)


def test_a_metric_without_the_model_raises_the_same_error(places):
    require_module("sentencepiece")
    from ngram_core import corpus_bleu

    with pytest.raises(SpmModelNotFound, match="flores200sacrebleuspm"):
        corpus_bleu(["a cat"], [["a cat"]], tokenize="flores200")


def test_the_command_line_without_the_model_says_so_in_one_line(places, tmp_path):
    require_module("sentencepiece")
    from helpers.cli import cli

    (tmp_path / "ref.txt").write_text("a cat\n", encoding="utf-8")
    status, out, err = cli(str(tmp_path / "ref.txt"), "-i", str(tmp_path / "ref.txt"), "-tok", "flores200",
                           "-m", "bleu", "-q")
    assert status == 1 and out == ""
    assert err.startswith("ngram-score: error: tokenize='flores200' needs the SentencePiece model") and "Traceback" not in err


def test_without_sentencepiece_the_error_names_the_extra(in_sacrebleus_cache, monkeypatch):
    monkeypatch.setitem(sys.modules, "sentencepiece", None)
    with pytest.raises(ImportError, match=r"sentencepiece module: pip install 'ngram-core\[spm\]'"):
        get_tokenizer("flores200")


# -- the adapters ------------------------------------------------------------------------------
def test_evaluate_and_the_command_line_take_tokenize_flores200(in_sacrebleus_cache, tmp_path):
    evaluate = require_module("evaluate")
    sacrebleu = require_module("sacrebleu")
    from helpers.cli import ok

    hyps = ["the cat sat on the mat", "a big dog ran home", "the house is red"]
    refs = ["the cat sat on a mat", "a small dog ran home", "the house was red"]
    theirs = sacrebleu.corpus_bleu(hyps, [refs], tokenize="flores200")
    result = evaluate.load(str(metric_script(REPO / "bleu_custom")), tokenize="flores200").compute(
        predictions=hyps, references=[[r] for r in refs])
    assert result["score"] == theirs.score
    assert "|tok:flores200|" in result["signature"]
    (tmp_path / "ref.txt").write_text("".join(r + "\n" for r in refs), encoding="utf-8")
    (tmp_path / "sys.txt").write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
    out = ok(str(tmp_path / "ref.txt"), "-i", str(tmp_path / "sys.txt"), "-tok", "flores200", "-m", "bleu")
    printed = json.loads(out)  # sacreBLEU's JSON layout: the score to one decimal
    assert printed["score"] == float(f"{theirs.score:.1f}") and printed["tok"] == "flores200"
