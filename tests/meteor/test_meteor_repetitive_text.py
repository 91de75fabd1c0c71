"""METEOR 1.5 on repetitive text (issue 39): the jar's numbers, in bounded time.

A line of one word repeated n times has n candidates per reference word. Two things keep
such input fast (timed in ``benchmarks/meteor_repetitive.py``, not here):

- identical sentences, whose first module is ``exact``, list only the diagonal
  (``jar_candidates(diagonal=True)``): the jar's search provably ends there, whatever the
  beam; checked here against the model of the jar's search on every candidate, and
  against the search on the capped candidates beyond the cap;
- the plain-or-compiled rule weighs the matcher's candidates and the search's steps
  (``ngram_core.compiled.loops(..., work=...)``): a small call of degenerate text runs
  compiled, real text keeps the rule by words (``tests/core/test_compiled_rule.py``).

Against the jar itself, run live: one word repeated, two alternating words, repeated
phrases, a few related words, identical or not, at sizes where the 128-candidate cap
does not bind (identical sentences at any size: the diagonal is the jar's alignment there).
"""
from __future__ import annotations

import random
from typing import List, Tuple

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.jar_scores import jar_scores
from ngram_core.meteor import compute_meteor
from ngram_core.meteor.jar.beam import MAX_CANDIDATES, count_chunks, ranking_weights, search
from ngram_core.meteor.jar.matching import jar_candidates
from test_meteor_jar_beam import model_search
from test_meteor_jar_matching import segments_of

EXACT = ranking_weights(["exact"])
STAGES = ("exact", "stem", "synonym", "paraphrase")


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 3), max_size=40), st.sampled_from([1, 2, 3, 40]))
def test_the_jars_search_aligns_identical_sentences_on_the_diagonal(words, beam):
    # every exact candidate (no cap), in the jar's order: for each reference word, the
    # hypothesis words with the same word, ascending
    n = len(words)
    matches = [(j, 1, i, 1, 0) for j in range(n) for i in range(n) if words[i] == words[j]]
    taken = model_search(matches, n, n, EXACT, beam)
    assert [matches[k][:3] for k in taken] == [(j, 1, j) for j in range(n)]


@pytest.mark.parametrize("line", ["the " * 300, "a b " * 150, "the cat sat on the mat . " * 60],
                         ids=["one-word", "two-words", "phrase"])
def test_the_diagonal_is_what_the_search_takes_beyond_the_cap(line):
    words = line.split()
    segments = segments_of([words, words])  # two segments with the same words: identical by the jar's rule
    for hyp, ref in ((0, 0), (0, 1)):
        pair = (np.array([hyp]), np.array([ref]))
        full = jar_candidates(segments, *pair, STAGES, limit=MAX_CANDIDATES)
        assert len(full) > MAX_CANDIDATES * 100  # the cap binds
        chosen = search(full, ranking_weights(STAGES))
        diagonal = jar_candidates(segments, *pair, STAGES, limit=MAX_CANDIDATES, diagonal=True)
        assert len(diagonal) == len(words)
        assert full.hyp_start[chosen].tolist() == full.ref_start[chosen].tolist() == diagonal.hyp_start.tolist()
        assert (full.module[chosen] == 0).all() and (diagonal.module == 0).all()
        assert count_chunks(full, chosen, 1).tolist() == [1]


def test_identical_sentences_whose_first_module_is_not_exact_are_searched():
    words = ("run runs " * 20).split()
    segments = segments_of([words])
    got = jar_candidates(segments, np.array([0]), np.array([0]), ("stem", "exact"), diagonal=True)
    assert len(got) == len(jar_candidates(segments, np.array([0]), np.array([0]), ("stem", "exact")))


def repetitive_pairs() -> List[Tuple[str, str]]:
    """(hypothesis, reference): the shapes of degenerate input, small enough for the jar
    (and, where not identical, for the cap: at most 128 words)."""
    rng = random.Random(39)
    related = "run runs running ran car cars automobile auto vehicle big large huge small little tiny quick fast".split()
    pairs = []
    for n in (1, 2, 7, 40, 127, 128):
        the, ab, ba = " ".join(["the"] * n), " ".join("ab"[k % 2] for k in range(n)), " ".join("ba"[k % 2] for k in range(n))
        phrase = " ".join(["the cat sat on the mat ."] * max(1, n // 7))
        other = " ".join(["the cats sit on a rug ."] * max(1, n // 7))
        mixed = " ".join(rng.choice(related) for _ in range(n))
        pairs += [(the, the), (the, " ".join(["the"] * (n + 1))), (ab, ab), (ab, ba), (phrase, phrase),
                  (phrase, other), (other, phrase), (mixed, " ".join(rng.choice(related) for _ in range(n))),
                  (mixed, mixed), ("The " * n + "end.", "the " * n + "end .")]
    for n in (300, 500):  # identical, beyond the cap: the diagonal, as the jar (1,000 words take the jar minutes)
        pairs += [(" ".join(["the"] * n),) * 2, (" ".join("ab"[k % 2] for k in range(n)),) * 2,
                  (" ".join(["the cat sat on the mat ."] * (n // 7)),) * 2]
    return pairs


@pytest.mark.slow
@pytest.mark.oracle
def test_repetitive_text_equals_the_jar():
    pairs = repetitive_pairs()
    hyps, refs = [h for h, _ in pairs], [[r] for _, r in pairs]
    segment, final = jar_scores(hyps, refs, ["-l", "en", "-norm"])
    ours = compute_meteor(hyps, refs, return_segments=True)
    diff = np.abs(np.array(ours["segment_scores"]) - np.array(segment))
    worst = int(np.argmax(diff))
    assert diff.max() <= 1e-9, (pairs[worst][0][:60], pairs[worst][1][:60], ours["segment_scores"][worst], segment[worst])
    assert abs(ours["meteor_corpus"] - final) <= 1e-9


@pytest.mark.slow
@pytest.mark.oracle
def test_an_identical_reference_among_others_equals_the_jar():
    line = " ".join("ab"[k % 2] for k in range(200))
    other = " ".join("ba"[k % 2] for k in range(60))
    hyps = [line, line, other]
    refs = [[other, line], [line, other], [line, other]]
    segment, final = jar_scores(hyps, refs, ["-l", "en", "-norm"])
    ours = compute_meteor(hyps, refs, return_segments=True)
    assert np.abs(np.array(ours["segment_scores"]) - np.array(segment)).max() <= 1e-9
    assert abs(ours["meteor_corpus"] - final) <= 1e-9
    assert ours["segment_references"][:2] == [1, 0]
