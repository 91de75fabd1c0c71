"""NIST's compiled reward road (:mod:`ngram_core.nist.rewards`: 13a in one compiled pass,
numbered as the small-input encoder numbers tokens) gives the numbers of the general road
(``Nist.sentence_scores``: the information weights of the batch's references), bit for bit."""
from __future__ import annotations

from helpers.data import WMT, read_lines, require_wmt
from ngram_core import registry, rewards
from ngram_core.metric import sentence_values
from ngram_core.nist import rewards as nist_rewards

NIST = registry.get("nist")
VALUES = sentence_values(NIST, {})
EDGES = [
    ("", ["a b"]), ("a", [""]), ("the cat &amp; the dog.", ["the cat & the dog .", "a cat"]),
    ("x y z", ["x y", "x y z w", "q"]), ("1-2 3.5, foo.bar", ["1 - 2 3.5 , foo . bar"]),
    ("a a a a b", ["a a b", "a b a a a"]), ("<skipped> é ü \u3000 x", ["é x"]), ("same words", ["same words"]),
]


def general(hyps, refs):
    return NIST.sentence_scores(hyps, refs, VALUES).tolist()


def test_the_road_is_taken_for_the_defaults_only():
    rewards.trl("nist")  # (a process that makes a reward runs compiled from then on)
    assert NIST.reward_road(VALUES) is not None
    assert NIST.reward_road(sentence_values(NIST, {"n": 4})) is None
    assert registry.get("ter").reward_road(sentence_values(registry.get("ter"), {})) is None  # a metric without a road


def test_edge_cases_and_wmt_lines_give_the_general_roads_numbers():
    hyps, refs = [h for h, _ in EDGES], [r for _, r in EDGES]
    assert nist_rewards.rewards(NIST, hyps, refs) == general(hyps, refs)
    require_wmt()
    pair = WMT / "newstest2021" / "de-en"
    hyps = list(read_lines(pair / "sys.happypoet.txt")[:600])
    ref_a, ref_b = read_lines(pair / "ref.A.txt")[:600], read_lines(pair / "ref.B.txt")[:600]
    for refs in ([[a] for a in ref_a], [[a, b][: 1 + k % 2] for k, (a, b) in enumerate(zip(ref_a, ref_b))],
                 [[ref_a[k // 8]] for k in range(len(hyps))]):
        for size in (64, 600):
            assert nist_rewards.rewards(NIST, hyps[:size], refs[:size]) == general(hyps[:size], refs[:size])
