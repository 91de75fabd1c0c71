"""A small deterministic corpus for the integration tests (no downloads).

Ragged references (1-3 per segment), shared references, an empty hypothesis,
punctuation, case and digits (``0`` included, for NIST's mteval quirk).
"""
from __future__ import annotations

import random
from typing import List, Tuple

WORDS = ("the cat dog sat on mat a is there house big small red 0 1 runs quickly "
         "home garden tree under over and with The A Dog , . ! ?").split()


def sentence(rng: random.Random, low: int = 0, high: int = 14) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def make_corpus(n_segments: int = 60, seed: int = 7) -> Tuple[List[str], List[List[str]]]:
    """(hypotheses, references per segment)."""
    rng = random.Random(seed)
    shared = sentence(rng, 3, 8)
    hyps, refs = [], []
    for i in range(n_segments):
        ref = [sentence(rng, 1) for _ in range(rng.randint(1, 3))]
        if i % 7 == 0:
            ref[0] = shared
        words = rng.choice(ref).split()
        hyp = [w if rng.random() < 0.7 else rng.choice(WORDS) for w in words]
        if rng.random() < 0.3:
            rng.shuffle(hyp)
        hyps.append("" if i == 3 else " ".join(hyp))
        refs.append(ref)
    return hyps, refs
