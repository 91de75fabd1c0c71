"""Generated caption sets for the captioning metrics' tests and benchmark: deterministic
images with several reference captions each and one hypothesis per image.

:func:`caption_set` gives ``(hypotheses, references)`` in lists (one list of references per
image), COCO-like: short captions from templates, the hypothesis a perturbed reference
(words dropped, replaced, repeated, swapped) so scores spread over 0-1. ``raw=True`` keeps
case, punctuation and a few non-ASCII words and spacing quirks (double spaces, empty
captions), which the tokenizers treat differently; otherwise the captions are as the PTB
tokenizer leaves them (lower case, punctuation removed, single spaces).
"""
from __future__ import annotations

import random
from typing import List, Tuple

_SUBJECTS = ["a man", "a woman", "two dogs", "a group of people", "the cat", "a little girl", "an old truck",
             "several zebras", "a plate of food", "a young boy", "people", "a kitchen", "a black and white dog",
             "a baseball player", "a train", "a giraffe"]
_VERBS = ["riding", "standing next to", "sitting on", "holding", "playing with", "looking at", "eating",
          "walking down", "filled with", "parked near", "is on", "flying over", "jumping over"]
_OBJECTS = ["a horse", "the beach", "a red bus", "a bench", "a frisbee", "the snow", "a giant pizza",
            "a busy street", "an umbrella", "a laptop computer", "two bananas", "his cell phone", "a field of grass",
            "a wooden table", "the water", "a tall building"]
_TAILS = ["", "", "", " in the park", " on a sunny day", " at night", " with a smile", " next to a tree"]
_RAW_WORDS = ["Café", "Straße", "naïve", "A", "The", "U.S.", "it's", "(red)", "--", ",", "!", "élan", "x-ray", "ß"]


def caption(rng: random.Random) -> str:
    return f"{rng.choice(_SUBJECTS)} {rng.choice(_VERBS)} {rng.choice(_OBJECTS)}{rng.choice(_TAILS)}"


def perturbed(text: str, rng: random.Random) -> str:
    words = text.split()
    for _ in range(rng.randint(0, 4)):
        action = rng.random()
        at = rng.randrange(len(words)) if words else 0
        if action < 0.3 and len(words) > 1:
            del words[at]
        elif action < 0.55:
            words.insert(at, rng.choice(caption(rng).split()))
        elif action < 0.8 and words:
            words[at] = rng.choice(caption(rng).split())
        elif len(words) > 1:
            other = rng.randrange(len(words))
            words[at], words[other] = words[other], words[at]
    return " ".join(words)


def _raw(text: str, rng: random.Random) -> str:
    words = text.split()
    if rng.random() < 0.3 and words:
        words[0] = words[0].capitalize()
    for _ in range(rng.randint(0, 2)):
        words.insert(rng.randint(0, len(words)), rng.choice(_RAW_WORDS))
    out = " ".join(words)
    if rng.random() < 0.1:
        out = out.replace(" ", "  ", 1)
    if rng.random() < 0.2:
        out += rng.choice([".", " .", "!", " "])
    if rng.random() < 0.02:
        out = ""
    return out


def caption_set(images: int, captions: int = 5, seed: int = 44, raw: bool = False,
                vary_refs: bool = False) -> Tuple[List[str], List[List[str]]]:
    """``images`` hypotheses, each with ``captions`` references (1..captions if ``vary_refs``)."""
    rng = random.Random(seed)
    hyps, refs = [], []
    for _ in range(images):
        base = caption(rng)
        count = rng.randint(1, captions) if vary_refs else captions
        image_refs = [perturbed(base, rng) if rng.random() < 0.7 else caption(rng) for _ in range(count)]
        hyp = perturbed(base, rng) if rng.random() < 0.85 else caption(rng)
        if raw:
            image_refs = [_raw(r, rng) for r in image_refs]
            hyp = _raw(hyp, rng)
        hyps.append(hyp)
        refs.append(image_refs)
    return hyps, refs


def as_coco(hyps: List[str], refs: List[List[str]]):
    """pycocoevalcap's scorer input: ``(gts, res)``, ``{image id: [captions]}``."""
    gts = {i: list(r) for i, r in enumerate(refs)}
    res = {i: [h] for i, h in enumerate(hyps)}
    return gts, res


WMT = {("newstest2021", "de-en"): ("Online-A", ("A", "B")), ("newstest2021", "en-de"): ("Online-W", ("A", "C", "D"))}


def wmt_corpus(testset: str, langpair: str, system: str, refs, n: int = 150):
    """The first ``n`` segments of a WMT system and its references, one list per segment."""
    from helpers.data import read_lines, require_wmt

    pair = require_wmt() / testset / langpair
    hyps = list(read_lines(pair / f"sys.{system}.txt"))[:n]
    streams = [list(read_lines(pair / f"ref.{r}.txt"))[:n] for r in refs]
    return hyps, [list(r) for r in zip(*streams)]


def parity_cases(sets):
    """pytest params: each generated set of ``sets`` ({id: caption_set keywords}), then the
    WMT corpora of :data:`WMT`; each a function returning ``(hypotheses, references)``."""
    import pytest

    for name, spec in sets.items():
        yield pytest.param(lambda spec=spec: caption_set(**spec), id=name)
    for (testset, langpair), (system, refs) in WMT.items():
        yield pytest.param(lambda a=(testset, langpair, system, refs): wmt_corpus(*a), id=f"wmt-{langpair}")
