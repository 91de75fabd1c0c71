"""ngram_core.adapters.torch: two real processes (torch.distributed, gloo on 127.0.0.1)
reduce their statistics and get the single-process scores without exchanging texts."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.require import require_module

SCRIPTS = Path(__file__).resolve().parents[1] / "integration_scripts"
sys.path.insert(0, str(SCRIPTS))
from corpus import make_corpus  # noqa: E402

from ngram_core.suite import score_all  # noqa: E402

pytestmark = pytest.mark.slow


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_ranks(tmp_path, options, world=2):
    require_module("torch")
    port = str(_free_port())
    procs = [subprocess.Popen([sys.executable, str(SCRIPTS / "torch_distributed_scores.py"), str(rank), str(world), port,
                               str(tmp_path), json.dumps(options)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for rank in range(world)]
    for proc in procs:
        _, stderr = proc.communicate(timeout=180)
        assert proc.returncode == 0, stderr[-3000:]
    return [json.loads((tmp_path / f"rank{r}.json").read_text(encoding="utf-8")) for r in range(world)]


def as_json(result):
    return json.loads(json.dumps(result, default=float))


@pytest.mark.parametrize("options", [{}, {"tokenize": "intl", "max_order": 3, "nist": {"lowercase": "ascii", "mteval_quirks": True}},
                                     # NLTK's method7 reads the last segment (on the last rank); evaluate the shortest references
                                     {"bleu": {"variant": "nltk", "smooth_method": "method7"}},
                                     {"bleu": {"variant": "evaluate", "smooth_method": "add-one"}, "metrics": ["bleu"]},
                                     # torchmetrics: ties of reference length to the first reference, float32
                                     {"bleu": {"variant": "torchmetrics", "tokenize": "none"}, "metrics": ["bleu"]}],
                         ids=["defaults", "options", "bleu-nltk-method7", "bleu-evaluate", "bleu-torchmetrics"])
def test_two_gloo_ranks_get_the_single_process_scores(tmp_path, options):
    ranks = run_ranks(tmp_path, dict(options))
    assert ranks[0] == ranks[1]  # every rank holds the corpus result
    expected = as_json(score_all(*make_corpus(80), **options))
    got = ranks[0]
    assert got["bleu"] == expected["bleu"]  # integer statistics: exact, signature included
    if "nist" not in expected:
        return
    for key in ("counts", "totals", "translation_length", "reference_length", "signature", "brevity_penalty"):
        assert got["nist"][key] == expected["nist"][key]
    assert got["nist"]["nist"] == pytest.approx(expected["nist"]["nist"], rel=1e-12)
    for key in ("meteor_corpus", "matches", "chunks", "translation_length", "reference_length", "signature"):
        assert got["meteor"][key] == expected["meteor"][key]
    assert got["meteor"]["meteor"] == pytest.approx(expected["meteor"]["meteor"], rel=1e-12)


def test_a_rank_with_no_segments_adds_nothing(tmp_path):
    # 1 segment over 2 ranks: rank 0 gets none
    ranks = run_ranks(tmp_path, {"n_segments": 1})
    expected = as_json(score_all(*make_corpus(1)))
    assert ranks[0]["bleu"] == expected["bleu"]
    assert ranks[0]["nist"]["nist"] == pytest.approx(expected["nist"]["nist"], rel=1e-12)
    assert ranks[1]["meteor"] == expected["meteor"]


@pytest.mark.parametrize("n_segments", [80, 1], ids=["two-shards", "a-rank-with-no-segments"])
def test_two_gloo_ranks_get_the_single_process_chrf(tmp_path, n_segments):
    """chrF's statistics are sums of ints (each segment's best reference chosen on its rank): exact."""
    options = {"metrics": ["chrf"], "chrf": {"word_order": 2}}
    ranks = run_ranks(tmp_path, {**options, "n_segments": n_segments})
    assert ranks[0] == ranks[1]
    assert ranks[0]["chrf"] == as_json(score_all(*make_corpus(n_segments), **options))["chrf"]
