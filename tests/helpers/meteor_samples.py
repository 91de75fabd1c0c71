"""METEOR 1.5's test input: WMT segments sampled from every system into a language, and
generated (hypothesis, reference) texts with the punctuation, contractions and repeats that
exercise the jar's normalizer and matcher."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import List, Tuple

from helpers.data import WMT, read_lines, require_wmt
from helpers.require import require

PER_SYSTEM = 40  # segments sampled per system


def _pairs_into(target: str, refs: int):
    require_wmt()
    for pair in sorted(WMT.glob(f"*/*-{target}")):
        streams = sorted(pair.glob("ref.*.txt"))
        if len(streams) >= refs:
            yield pair, streams[:refs]


@lru_cache(maxsize=None)
def sampled_into(target: str, refs: int, per_system: int = PER_SYSTEM) -> Tuple[tuple, tuple]:
    """(hypotheses, references) sampled from every system into ``target`` with at least
    ``refs`` references (``refs`` of them per segment)."""
    rng = random.Random(f"{target}-{refs}")
    hyps: List[str] = []
    references: List[tuple] = []
    for pair, streams in _pairs_into(target, refs):
        ref_lines = [read_lines(s) for s in streams]
        for system in sorted(pair.glob("sys.*.txt")):
            lines = read_lines(system)
            for k in sorted(rng.sample(range(len(lines)), per_system)):
                hyps.append(lines[k])
                references.append(tuple(r[k] for r in ref_lines))
    require(bool(hyps), f"no WMT systems into {target} with {refs} references")
    return tuple(hyps), tuple(references)


_WORDS = ("the a an of to in is was be been being cat cats dog dogs run runs running ran runner good better best "
          "well house houses home walk walked walking talk talks said say says big large huge small little quick "
          "fast rapid it this that these those I you he she we they me him her us them on at by for with from "
          "new york city government governments policy policies economic economy market markets").split()
_PUNCT = list(".,;:!?\"'()[]-/&%$#@*") + ["--", "...", "\u2026", "\u00ab", "\u00bb", "\u201c", "\u201d", "\u2018",
                                          "\u2019", "\u2013", "\u2014"]
_SPECIAL = ["don't", "it's", "I'm", "we're", "can't", "won't", "y'all", "o'clock", "rock'n'roll", "U.S.", "e.g.",
            "Mr.", "Dr.", "3", "3.14", "1,000", "-5", "10%", "1990s", "2nd", "1/2", "$20", "caf\u00e9", "Stra\u00dfe",
            "na\u00efve", "COVID-19", "e-mail", "well-known", "'quoted'", "\"quoted\"", "(aside)", "end."]


def generated_segments(n: int, seed: int = 12345) -> Tuple[List[str], List[str]]:
    """``n`` (hypothesis, reference) texts: a random reference and a perturbed copy."""
    rng = random.Random(seed)

    def token():
        r = rng.random()
        word = rng.choice(_WORDS) if r < 0.6 else rng.choice(_PUNCT) if r < 0.8 else rng.choice(_SPECIAL)
        return word.capitalize() if rng.random() < 0.1 else word.upper() if rng.random() < 0.03 else word

    hyps, refs = [], []
    for _ in range(n):
        ref = [token() for _ in range(rng.randint(0, 25))]
        if ref and rng.random() < 0.2:  # a repeated word
            k = rng.randrange(len(ref))
            ref[k:k] = [ref[k]] * rng.randint(1, 8)
        hyp = list(ref)
        for _ in range(rng.randint(0, 6)):
            op = rng.random()
            if op < 0.3 and hyp:
                del hyp[rng.randrange(len(hyp))]
            elif op < 0.6:
                hyp.insert(rng.randint(0, len(hyp)), token())
            elif op < 0.8 and len(hyp) > 1:
                a, b = rng.randrange(len(hyp)), rng.randrange(len(hyp))
                hyp[a], hyp[b] = hyp[b], hyp[a]
            elif hyp:
                hyp[rng.randrange(len(hyp))] = token()
        if rng.random() < 0.05:
            hyp = []  # an empty line
        if rng.random() < 0.03:
            ref = []
        joiner = lambda words: "".join(w + rng.choice([" ", " ", " ", "  ", "\t"]) for w in words).strip(" ")  # noqa: E731
        hyps.append(joiner(hyp))
        refs.append(joiner(ref))
    return hyps, refs
