"""METEOR 1.5's candidate matches equal the jar's own, module by module.

The jar (pycocoevalcap's ``meteor-1.5.jar``, run live through ``tests/jar/JarProbe.java``)
lists, for each (hypothesis, reference) pair, the matches its modules append to each
reference position, in order, and the coverage counts; :func:`jar_candidates` must give
the same lists. Inputs: a sample of real WMT English pairs (lowercased whitespace
tokens) and generated pairs built to hit the rules: Java hash collisions ("Aa"/"BB"),
repeated words, identical sentences, empty sides. One JVM per test.
"""
from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest

from helpers.data import read_lines, require_wmt
from helpers.jar_oracle import jar_probe, parse_match
from ngram_core.meteor.java_text import string_hashes
from ngram_core.meteor.jar.matching import jar_candidates
from ngram_core.meteor.tables import Segments

pytestmark = pytest.mark.oracle


def segments_of(token_lists):
    """Segments holding the token lists, in order (token ids by first appearance)."""
    vocab = {}
    tokens = [vocab.setdefault(w, len(vocab)) for words in token_lists for w in words]
    offsets = np.zeros(len(token_lists) + 1, dtype=np.int64)
    np.cumsum([len(words) for words in token_lists], out=offsets[1:])
    return Segments(np.array(tokens, dtype=np.int64), offsets, list(vocab))


def our_answers(pairs, modules):
    """Our candidates of each (hypothesis tokens, reference tokens), as the probe writes them."""
    segments = segments_of([side for pair in pairs for side in pair])
    n = len(pairs)
    found = jar_candidates(segments, np.arange(0, 2 * n, 2), np.arange(1, 2 * n, 2), modules)
    bounds = found.pair_offsets()
    hyp_cov, hyp_off = found.hyp_coverage()
    ref_cov, ref_off = found.ref_coverage()
    rows = np.stack([found.ref_start, found.ref_len, found.hyp_start, found.hyp_len, found.module], axis=1).tolist()
    return [(
        [tuple(r) for r in rows[bounds[p]:bounds[p + 1]]],
        hyp_cov[hyp_off[p]:hyp_off[p + 1]].tolist(),
        ref_cov[ref_off[p]:ref_off[p + 1]].tolist(),
    ) for p in range(n)]


@lru_cache(maxsize=None)
def wmt_pairs(n_pairs: int = 1500, seed: int = 12):
    """A sample of real (system output, reference) pairs into English, lowercased and
    split on whitespace (the jar's ``-lower``)."""
    root = require_wmt()
    pairs = []
    for pair_dir in sorted(root.glob("*/*-en")):
        refs = read_lines(pair_dir / "ref.A.txt")
        for system in sorted(pair_dir.glob("sys.*.txt")):
            for hyp, ref in zip(read_lines(system), refs):
                pairs.append((tuple(hyp.lower().split()), tuple(ref.lower().split())))
    return random.Random(seed).sample(pairs, n_pairs)


def generated_pairs(n_pairs: int = 400, seed: int = 5):
    """Short pairs over a tiny vocabulary with Java hash collisions ("Aa"/"BB",
    "AaAa"/"BBBB"/"AaBB"), repeats, identical and empty sentences."""
    rng = random.Random(seed)
    words = ["Aa", "BB", "AaAa", "BBBB", "AaBB", "a", "the", "cat", "cats", "run", "running", "ran", "Cat", "runs",
             "big", "large", "huge", "little", "small", "abaci", "abacus", "dog", "dogs", "domestic_dog", "boss",
             "glasses", "happy", "felicitous", "ss", "go", "went", "gone", "going", "better", "good", "best"]
    pairs = [((), ()), (("a",), ()), ((), ("a",)), (("Aa", "BB"), ("BB", "Aa")), (("Aa",), ("BB",))]
    for _ in range(n_pairs):
        hyp = tuple(rng.choice(words) for _ in range(rng.randint(0, 8)))
        ref = tuple(rng.choice(words) for _ in range(rng.randint(0, 8))) if rng.random() < 0.8 else hyp
        pairs.append((hyp, ref))
    return pairs


CONFIGURATIONS = (("exact",), ("exact", "stem"), ("stem", "exact"), ("exact", "stem", "synonym"), ("synonym",),
                  ("paraphrase",), ("exact", "stem", "synonym", "paraphrase"))


@lru_cache(maxsize=None)
def jar_run():
    """Everything this module asks the jar, in one JVM: {configuration: answers}, and the hashes."""
    require_wmt()
    pairs = all_pairs()
    requests = [("hash", w) for w in hash_vocabulary()]
    for modules in CONFIGURATIONS:
        requests += [("match", " ".join(modules), " ".join(h), " ".join(r)) for h, r in pairs]
    answers = jar_probe(requests)
    hashes, rest = answers[: len(hash_vocabulary())], answers[len(hash_vocabulary()):]
    by_configuration = {m: [parse_match(a) for a in rest[k * len(pairs):(k + 1) * len(pairs)]]
                        for k, m in enumerate(CONFIGURATIONS)}
    return [int(h) for h in hashes], by_configuration


@lru_cache(maxsize=None)
def all_pairs():
    return tuple(wmt_pairs()) + tuple(generated_pairs())


@lru_cache(maxsize=None)
def hash_vocabulary():
    vocab = sorted({w for pair in wmt_pairs() for side in pair for w in side})
    rng = random.Random(3)
    vocab += ["", "Aa", "BB", "😀", "a😀b", "\u00e9", "\uffff", "x" * 300]
    vocab += ["".join(chr(rng.choice([rng.randint(32, 0x2FF), rng.randint(0x370, 0xFFFF), rng.randint(0x10000, 0x10FFFF)]))
                      for _ in range(rng.randint(1, 12))) for _ in range(2000)]
    return tuple(w for w in vocab if not any(0xD800 <= ord(c) <= 0xDFFF for c in w))  # not valid UTF-8 input


def assert_same(pairs, ours, theirs):
    bad = [(p, o, t) for p, o, t in zip(pairs, ours, theirs) if o != t]
    assert not bad, f"{len(bad)} of {len(pairs)} pairs differ; first: {bad[0]}"


def test_string_hashes_are_javas():
    vocab = list(hash_vocabulary())
    assert string_hashes(vocab).tolist() == jar_run()[0]


@pytest.mark.parametrize("modules", CONFIGURATIONS, ids="+".join)
def test_candidates_are_the_jars_on_wmt_and_generated_pairs(modules):
    pairs = all_pairs()
    assert_same(pairs, our_answers(pairs, modules), jar_run()[1][modules])
