"""BLEU's compiled reward road (:mod:`ngram_core.bleu.rewards`: 13a and the clipped counts
in two compiled passes) gives the numbers of the general road
(``Bleu.sentence_scores``, itself checked against sacreBLEU's ``sentence_bleu`` in
``tests/ways_in/test_rewards.py``), on WMT lines and on the edge cases of 13a and BLEU."""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest
import sacrebleu

from helpers.data import WMT, read_lines, require_wmt
from ngram_core import registry, rewards
from ngram_core.bleu import rewards as bleu_rewards
from ngram_core.metric import sentence_values

BLEU = registry.get("bleu")
VALUES = sentence_values(BLEU, {})
EDGES = [
    ("", ["a b"]), ("a", [""]), ("", [""]), ("the cat &amp; the dog.", ["the cat & the dog .", "a cat"]),
    ("x y z", ["x y", "x y z w", "q"]), ("  spaced  out\n text ", ["spaced out text"]),
    ("1-2 3.5, foo.bar", ["1 - 2 3.5 , foo . bar"]), ("a a a a b", ["a a b", "a b a a a"]),
    ("<skipped> é ü \u3000 x", ["é x"]), ("a-\nb c.d,e", ["ab c . d , e"]), ("same words", ["same words"]),
    ("the the the the the the the", ["the cat is on the mat"]), ("\u00a0a\u2028b\u0085c", ["a b c"]),
    ("( [ { x } ] ) ! ? $ % ^", ["x ! ?"]), ("a b c d e f", ["f e d c b a", "a b c", "c d e f"]),
]


def general(hyps, refs):
    return BLEU.sentence_scores(hyps, refs, VALUES).tolist()


def test_the_road_is_taken_for_the_defaults_only():
    rewards.trl("bleu")  # (a process that makes a reward runs compiled from then on)
    assert BLEU.reward_road(VALUES) is bleu_rewards.rewards
    assert BLEU.reward_road(sentence_values(BLEU, {"tokenize": "intl"})) is None
    assert registry.get("nist").reward_road(sentence_values(registry.get("nist"), {})) is not bleu_rewards.rewards


def test_edge_cases_give_the_general_roads_numbers_alone_and_together():
    hyps, refs = [h for h, _ in EDGES], [r for _, r in EDGES]
    for h, r in EDGES:
        assert bleu_rewards.rewards([h], [r]) == general([h], [r]), (h, r)
    assert bleu_rewards.rewards(hyps, refs) == general(hyps, refs)
    assert bleu_rewards.rewards(hyps, refs) == [min(sacrebleu.sentence_bleu(h, r).score, 100) / 100 for h, r in EDGES]


def test_wmt_lines_with_one_to_three_references_give_the_general_roads_numbers():
    require_wmt()
    pair = WMT / "newstest2021" / "de-en"
    hyps = list(read_lines(pair / "sys.happypoet.txt")[:600])
    ref_a, ref_b = read_lines(pair / "ref.A.txt")[:600], read_lines(pair / "ref.B.txt")[:600]
    one = [[a] for a in ref_a]
    varied = [[a, b, hyps[k - 1]][: 1 + k % 3] for k, (a, b) in enumerate(zip(ref_a, ref_b))]
    shared = [[ref_a[k // 8]] for k in range(len(hyps))]  # a prompt's reference over its generations
    for refs in (one, varied, shared):
        assert bleu_rewards.rewards(hyps, refs) == general(hyps, refs)


def test_threads_give_the_numbers_of_one_thread():
    hyps, refs = [h for h, _ in EDGES] * 20, [r for _, r in EDGES] * 20
    expected = bleu_rewards.rewards(hyps, refs)
    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(lambda k: bleu_rewards.rewards(hyps[k:] + hyps[:k], refs[k:] + refs[:k]), range(40)))
    assert results == [expected[k:] + expected[:k] for k in range(40)]
