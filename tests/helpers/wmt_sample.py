"""A small real sample the BLEU tests share: two WMT systems, with very short hypotheses."""
from __future__ import annotations

import random
from functools import lru_cache

from helpers.data import load_system
from ngram_core.tokenizers import tokenize


@lru_cache(maxsize=None)
def wmt_sample(n: int = 120):
    """``n`` segments from each of two real systems (en-de with 3 references, ru-en with 1),
    a few of them replaced by very short hypotheses, and their 13a tokens."""
    hyps, refs = [], []
    for testset, pair, system, ref_names in [("newstest2021", "en-de", "Online-W", ["A", "C", "D"]),
                                             ("newstest2021", "ru-en", "Online-Y", ["A"])]:
        h, r = load_system({"testset": testset, "langpair": pair, "system": system, "refs": ref_names})
        rows = random.Random(len(h)).sample(range(len(h)), n)
        hyps += [h[i] for i in rows]
        refs += [r[i] for i in rows]
    hyps[1:6] = ["", "Der", "the cat", "x y z", "a b c d"]  # empty and shorter than the orders
    return hyps, refs, tokenize(hyps, "13a"), [tokenize(r, "13a") for r in refs]
