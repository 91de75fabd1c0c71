"""sacreBLEU's reference layout (one list per reference set, K x N) is the field's most common
silent mistake; where the lengths tell it apart (K != N), the error says so and how to transpose."""
from __future__ import annotations

import evaluate
import pytest

from conftest import REPO
from ngram_core.bleu import corpus_bleu
from ngram_core.suite import score_all

HYPS = ["the cat sat on the mat", "a dog ran", "it rained all day"]
REF_SETS = [["the cat sat on a mat", "a dog runs", "it rained all day long"],  # sacreBLEU's: 2 sets of 3
            ["a cat was on the mat", "the dog ran", "rain fell all day"]]
HINT = r"sacreBLEU's layout, 2 entries of 3 references each .*references = \[list\(refs\) for refs in zip\(\*reference_sets\)\]"


def test_the_error_names_sacrebleus_layout_and_the_transpose():
    with pytest.raises(ValueError, match=r"references has 2 entries but predictions has 3: .*" + HINT):
        corpus_bleu(HYPS, REF_SETS)
    transposed = [list(refs) for refs in zip(*REF_SETS)]  # the fix the message gives
    assert corpus_bleu(HYPS, transposed)["score"] > 0


@pytest.mark.parametrize("way", ["score_all", "evaluate"])
def test_every_way_in_gives_the_hint(way):
    with pytest.raises(ValueError, match=HINT):
        if way == "score_all":
            score_all(HYPS, REF_SETS, metrics=("bleu", "chrf"))
        else:
            evaluate.load(str(REPO / "bleu_custom"), keep_in_memory=True).compute(predictions=HYPS, references=REF_SETS)


def test_a_plain_length_mismatch_gets_no_layout_hint():
    with pytest.raises(ValueError) as error:
        corpus_bleu(HYPS, [["x"], ["y"]])
    assert "sacreBLEU" not in str(error.value)
