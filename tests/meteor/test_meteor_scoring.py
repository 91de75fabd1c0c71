"""The nltk variant's formula and parameters, the corpus score from summed statistics,
edge cases of both variants, the options' checks. (METEOR 1.5's numbers are pinned by
the jar itself: tests/meteor/test_meteor_jar_parity.py.)"""
from __future__ import annotations

import math

import pytest

from helpers.data import REPO

from ngram_core.meteor import MeteorStats, compute_meteor, meteor_formula

# hypothesis "a b c d" against "a b x c d": 4 matches, 2 chunks, |h| = 4, |r| = 5
HYP, REF = "a b c d", "a b x c d"


def _score(**options) -> float:
    return compute_meteor([HYP], [REF], variant="nltk", stages=("exact",), **options)["meteor"]


def test_segment_score_follows_the_formula_by_hand():
    p, r = 4 / 4, 4 / 5
    f = p * r / (0.9 * p + 0.1 * r)
    expected = (1 - 0.5 * (2 / 4) ** 3) * f
    assert _score() == pytest.approx(expected, abs=1e-15)


def test_alpha_moves_the_weight_from_precision_to_recall():
    # F = P*R / (alpha*P + (1-alpha)*R): alpha = 0 gives P, alpha = 1 gives R; here
    # precision 1 > recall 0.8, so a larger alpha (more weight on recall) lowers F
    assert _score(alpha=0.1) > _score(alpha=0.5) > _score(alpha=0.9)
    assert _score(alpha=0.0) == pytest.approx((1 - 0.5 * 0.125) * 1.0)  # F = P
    assert _score(alpha=1.0) == pytest.approx((1 - 0.5 * 0.125) * 0.8)  # F = R


def test_beta_sharpens_the_penalty_for_fragmentation_below_one():
    # chunks/matches = 0.5 < 1: a larger beta shrinks the penalty 0.5 * 0.5**beta
    assert _score(beta=1) < _score(beta=2) < _score(beta=3)
    assert _score(beta=0) == pytest.approx((1 - 0.5) * _score(gamma=0))  # (c/m)**0 = 1


def test_gamma_scales_the_penalty_linearly():
    f = _score(gamma=0.0)
    for gamma in (0.25, 0.5, 1.0):
        assert _score(gamma=gamma) == pytest.approx((1 - gamma * 0.125) * f)


def test_corpus_score_applies_the_formula_to_summed_statistics():
    hyps, refs = ["a b c d", "e f", "g"], ["a b x c d", "f e", "h"]
    result = compute_meteor(hyps, refs, variant="nltk", stages=("exact",), return_segments=True)
    # by hand: matches 4 + 2 + 0, chunks 2 + 2 + 0, lengths 4 + 2 + 1 and 5 + 2 + 1
    assert (result["matches"], result["chunks"], result["translation_length"], result["reference_length"]) == (6, 4, 7, 8)
    p, r = 6 / 7, 6 / 8
    expected = (1 - 0.5 * (4 / 6) ** 3) * p * r / (0.9 * p + 0.1 * r)
    assert result["meteor_corpus"] == pytest.approx(expected, abs=1e-15)
    assert result["meteor"] == pytest.approx(math.fsum(result["segment_scores"]) / 3, abs=1e-15)
    assert result["segment_scores"][2] == 0.0


def test_statistics_add_up_to_the_corpus_statistics():
    a, b = MeteorStats(1, 0.5, 4, 5, 4, 2), MeteorStats(2, 0.25, 3, 3, 2, 2)
    total = a + b
    assert total == MeteorStats(3, 0.75, 7, 8, 6, 4)
    assert sum([a, b]) == total == MeteorStats.total([a, b])
    assert total.mean_score() == 0.25
    assert total.corpus_score() == meteor_formula(6, 4, 7, 8)


def test_best_reference_counts():
    result = compute_meteor(["a b c"], [["x y z", "a b c", "a b"]], variant="nltk", return_segments=True)
    assert result["segment_references"] == [1]
    assert result["meteor"] == pytest.approx(1 - 0.5 * (1 / 3) ** 3)
    # METEOR 1.5: an identical reference is a total match in one chunk, 1.0
    result = compute_meteor(["a b c"], [["x y z", "a b c", "a b c"]], stages="exact", return_segments=True)
    assert result["segment_references"] == [1] and result["meteor"] == 1.0


@pytest.mark.parametrize("variant", ["meteor-1.5", "nltk"])
def test_empty_strings_score_zero_without_error(variant):
    result = compute_meteor(["", "a", ""], [[""], [""], ["a"]], variant=variant, stages=("exact",), return_segments=True)
    assert result["segment_scores"] == [0.0, 0.0, 0.0]
    assert result["meteor"] == result["meteor_corpus"] == 0.0


def test_signature_names_every_setting():
    result = compute_meteor(["a"], [["a", "b"]], variant="nltk", alpha=0.8, lowercase=False)
    assert result["signature"].startswith(
        "METEOR|nrefs:2|case:mixed|tok:nltk|variant:nltk|stages:exact+stem+synonym|alpha:0.8|beta:3|gamma:0.5|version:"
    )
    assert "|tok:13a|" in compute_meteor(["a"], [["a"]], variant="nltk", tokenize="13a")["signature"]
    result = compute_meteor(["a"], [["a", "b"]], stages="exact stem", alpha=0.8, normalize=False, beam=10)
    assert result["signature"].startswith(
        "METEOR|nrefs:2|variant:meteor-1.5|lang:english|task:rank|stages:exact+stem|weights:1+0.6|alpha:0.8|beta:0.2|"
        "gamma:0.6|delta:0.75|norm:no|case:mixed|unit:word|beam:10|version:"
    )


@pytest.mark.parametrize(
    "options", [{"alpha": 1.5}, {"beta": -1}, {"gamma": 2}, {"variant": "java"}, {"stages": []},
                {"variant": "nltk", "stages": ["exact", "paraphrase"]}, {"stage_weights": [1.0, 2.0]},
                {"delta": 1.2}, {"beam": 0}, {"language": "xx-unknown"}, {"task": "adq", "language": "de"}]
)
def test_bad_options_raise_value_errors_naming_them(options):
    with pytest.raises(ValueError, match=next(iter(options)) if len(options) == 1 else "stages|task"):
        compute_meteor(["a"], ["a"], **options)


def test_the_former_default_variant_says_what_to_use():
    with pytest.raises(ValueError, match="variant='standard' is no longer available: use variant='meteor-1.5'"):
        compute_meteor(["a"], ["a"], variant="standard")


def test_options_of_one_variant_are_refused_with_the_other():
    with pytest.raises(ValueError, match="delta is only used by variant='meteor-1.5'"):
        compute_meteor(["a"], ["a"], variant="nltk", delta=0.5)
    with pytest.raises(ValueError, match="tokenize='intl' is not offered by METEOR variant='meteor-1.5'; it takes 'coco'"):
        compute_meteor(["a"], ["a"], tokenize="intl")
    with pytest.raises(ValueError, match="-norm always lowercases"):
        compute_meteor(["a"], ["a"], lowercase=False)


def test_lowercase_option_decides_whether_case_matters():
    assert compute_meteor(["The Cat"], ["the cat"], variant="nltk")["meteor"] > 0.9
    assert compute_meteor(["The Cat"], ["the cat"], variant="nltk", lowercase=False, stages=("exact",))["meteor"] == 0.0
    # METEOR 1.5: -norm lowercases; without it, case counts unless lowercase=True (the jar's -lower)
    assert compute_meteor(["The Cat"], ["the cat"], stages="exact")["meteor"] == 1.0
    assert compute_meteor(["The Cat"], ["the cat"], stages="exact", normalize=False)["meteor"] == 0.0
    assert compute_meteor(["The Cat"], ["the cat"], stages="exact", normalize=False, lowercase=True)["meteor"] == 1.0


def test_the_cards_language_table_is_what_the_options_resolve_to():
    """Each language's default stages and what it needs, as the options' own refusals say it."""
    from ngram_core.adapters.cli.flags import in_flags
    from ngram_core.meteor.jar.settings import language_requirements
    from ngram_core.options import OptionFix

    lines = ["| `language` | the jar's name | default stages | give in Python | give on the command line |",
             "|---|---|---|---|---|"]
    for code, name, stages, needs in language_requirements():
        python = ", ".join(f"{k}={v!r}" for k, v in needs.items())
        cli = in_flags(OptionFix("meteor", "", needs)).split("give ", 1)[1] if needs else ""
        lines.append(f"| `{code}` | {name} | {' '.join(stages)} | {f'`{python}`' if python else '-'} | "
                     f"{f'`{cli}`' if cli else '-'} |")
    table = "\n".join(lines)
    card = (REPO / "meteor_custom" / "README.md").read_text(encoding="utf-8")
    assert table in card, f"meteor_custom/README.md's language table is stale; it should read:\n{table}"
    by_code = {code: needs for code, _, _, needs in language_requirements()}
    assert by_code["en"] == {} and by_code["de"] == {"stages": ["exact", "stem"]} and by_code["da"] == {"normalize": False}
    for code, needs in by_code.items():  # what the table says works, works
        assert 0 <= compute_meteor(["a b c"], ["a b d"], language=code, **needs)["meteor"] <= 1
