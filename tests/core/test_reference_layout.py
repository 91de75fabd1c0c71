"""sacreBLEU's reference layout (one list per reference set, K x N) is the field's most common
silent mistake; where the lengths tell it apart (K != N), the error says so and how to transpose."""
from __future__ import annotations

import evaluate
import pytest

from helpers.data import REPO
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


SQUARE_SETS = [["the cat sat on a mat", "a dog runs"], ["a cat was on the mat", "the dog ran"]]  # 2 sets of 2
SQUARE_HINT = r"sacreBLEU's layout.*K = N = 2\), transpose it: references = \[list\(refs\) for refs in zip\(\*reference_sets\)\]"


@pytest.mark.parametrize("way", ["load", "corpus_bleu", "score_all"])
def test_n_lists_of_n_references_warn_that_it_may_be_sacrebleus_layout(way):
    """K == N: the lengths cannot tell the layouts apart, and the wrong one scores silently."""
    import ngram_core
    from ngram_core.inputs import ReferenceLayoutWarning

    hyps = HYPS[:2]
    with pytest.warns(ReferenceLayoutWarning, match=SQUARE_HINT) as record:
        if way == "load":
            ngram_core.load("bleu").compute(predictions=hyps, references=SQUARE_SETS)
        elif way == "corpus_bleu":
            corpus_bleu(hyps, SQUARE_SETS)
        else:
            score_all(hyps, SQUARE_SETS, metrics=("bleu", "chrf"))
    assert [w.filename for w in record if w.category is ReferenceLayoutWarning] == [__file__]  # the caller's line


@pytest.mark.parametrize("references", [[["a"], ["b"]], [["a", "b", "c"], ["d", "e", "f"]], [["a", "b"], ["c"]],
                                        ["a", "b"], [["a"]]])
def test_other_shapes_do_not_warn(references):
    import warnings

    from ngram_core.inputs import ReferenceLayoutWarning

    with warnings.catch_warnings():
        warnings.simplefilter("error", ReferenceLayoutWarning)
        corpus_bleu(HYPS[:len(references)], references)


def test_the_command_line_reads_its_files_in_one_layout_and_does_not_warn(tmp_path):
    import io
    import warnings

    from ngram_core.adapters.cli import run
    from ngram_core.inputs import ReferenceLayoutWarning

    for name, lines in (("ref.A", SQUARE_SETS[0]), ("ref.B", SQUARE_SETS[1]), ("sys", HYPS[:2])):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    with warnings.catch_warnings():
        warnings.simplefilter("error", ReferenceLayoutWarning)
        status = run([str(tmp_path / "ref.A"), str(tmp_path / "ref.B"), "-i", str(tmp_path / "sys"), "-b"],
                     stdout=out, stderr=err)
    assert status == 0 and err.getvalue() == "" and float(out.getvalue()) > 0


def test_every_card_and_the_readme_quickstart_show_the_layout_and_the_transpose():
    from ngram_core.inputs import TRANSPOSE

    cards = sorted(REPO.glob("*_custom/README.md"))
    assert len(cards) >= 6
    for card in cards:
        inputs = card.read_text(encoding="utf-8").split("### Inputs", 1)[1].split("<!-- options", 1)[0]
        assert "sacreBLEU's layout" in inputs and f"`{TRANSPOSE}`" in inputs, card
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quickstart = readme.split("## Quickstart", 1)[1].split("\n## ", 1)[0]
    assert "sacreBLEU's layout" in quickstart and " ".join(TRANSPOSE.split()) in " ".join(quickstart.split())
