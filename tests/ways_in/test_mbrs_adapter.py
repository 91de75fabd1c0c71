"""mbrs' own decoders run with our metrics: the same matrices and choices as mbrs' sacreBLEU-backed ones.

mbrs 0.1.8 pins numpy 1.26 and an old torchmetrics (through unbabel-comet), so it lives in a
venv of its own: ``.ci/run`` runs this file there (``pip install -e '.[test,mbrs]'``).
"""
from __future__ import annotations

import importlib.util

import pytest

from helpers.data import read_lines, require_wmt

if importlib.util.find_spec("mbrs") is None:
    pytest.skip("mbrs is not installed: it pins numpy 1.26, so .ci/run runs this file in a venv of its own "
                "(pip install 'torch==2.13.0' -e '.[test,mbrs]')", allow_module_level=True)

import torch  # noqa: E402
from mbrs.decoders import DecoderMBR  # noqa: E402
from mbrs.metrics import MetricBLEU, MetricChrF, get_metric  # noqa: E402

from ngram_core import registry  # noqa: E402
from ngram_core.adapters import mbrs as ngram_mbrs  # noqa: E402

PAIR = "newstest2021/de-en"
SEGMENTS = 40
# mbrs' own metric of the same numbers (times 100), with one worker: no process pool on a shared machine
THEIRS = {
    "bleu": lambda: MetricBLEU(MetricBLEU.Config(num_workers=1)),
    "chrf": lambda: MetricChrF(MetricChrF.Config(num_workers=1)),
}


def candidate_sets():
    """Per segment: every system's output and both references, as MBR candidates and samples."""
    pair = require_wmt() / PAIR
    streams = [read_lines(path) for path in sorted(pair.glob("sys.*.txt")) + sorted(pair.glob("ref.*.txt"))]
    return [list(texts) for texts in zip(*streams)][:SEGMENTS]


def test_every_registered_metric_is_an_mbrs_metric_under_its_own_name():
    for name in registry.names():
        cls = get_metric(ngram_mbrs.PREFIX + name)
        assert cls is ngram_mbrs.metric_class(name) and cls.HIGHER_IS_BETTER
    assert get_metric("bleu") is MetricBLEU  # mbrs' own stay as they are


@pytest.mark.oracle
@pytest.mark.parametrize("name", sorted(THEIRS))
def test_pairwise_scores_equal_mbrs_sacrebleu_metric(name):
    ours, theirs = ngram_mbrs.metric(name), THEIRS[name]()
    for texts in candidate_sets()[:10]:
        torch.testing.assert_close(ours.pairwise_scores(texts, texts) * 100, theirs.pairwise_scores(texts, texts),
                                   rtol=1e-6, atol=1e-5)
        torch.testing.assert_close(ours.scores(texts, texts[::-1]) * 100, theirs.scores(texts, texts[::-1]),
                                   rtol=1e-6, atol=1e-5)


@pytest.mark.oracle
@pytest.mark.parametrize("name", sorted(THEIRS))
def test_mbrs_decoder_chooses_what_it_chooses_with_mbrs_own_metric(name):
    ours = DecoderMBR(DecoderMBR.Config(), ngram_mbrs.metric(name))
    theirs = DecoderMBR(DecoderMBR.Config(), THEIRS[name]())
    for texts in candidate_sets():
        a, b = ours.decode(texts, texts, nbest=2), theirs.decode(texts, texts, nbest=2)
        assert a.idx == b.idx and a.sentence == b.sentence
        assert a.score == pytest.approx([s / 100 for s in b.score], rel=1e-6, abs=1e-7)


@pytest.mark.oracle
def test_corpus_score_is_sacrebleu_corpus_bleu():
    pair = require_wmt() / PAIR
    hyps = list(read_lines(pair / "sys.Online-A.txt"))
    streams = [list(read_lines(pair / f"ref.{r}.txt")) for r in "AB"]
    theirs = MetricBLEU(MetricBLEU.Config(num_workers=1)).corpus_score(hyps, streams)
    assert ngram_mbrs.metric("bleu").corpus_score(hyps, streams) * 100 == pytest.approx(theirs, rel=1e-12)


def test_bad_options_and_inputs_fail_clearly():
    with pytest.raises(ValueError, match="tokenize"):
        ngram_mbrs.metric("bleu", tokenize="nope")
    with pytest.raises(ValueError, match="metrics"):
        ngram_mbrs.metric("blue")
    with pytest.raises(ValueError, match="one reference each"):
        ngram_mbrs.metric("bleu").scores(["a", "b"], ["a"])
    with pytest.raises(ValueError, match="references_lists"):
        ngram_mbrs.metric("bleu").corpus_score(["a", "b"], [["a"]])
