"""METEOR 1.5's ``-norm`` tokens equal the jar's, and Java's lowercasing is reproduced.

The jar's own ``Normalizer.normalizeLine`` and ``String.toLowerCase`` (run live through
``tests/jar/JarProbe.java``) are compared with ours on every distinct line of the WMT
system outputs and references of each target language the normalizer knows (en, de,
ru, cs), on generated lines built from what the tokenizer acts on (quotes, dashes,
dots, commas and digits, apostrophes, nonbreaking prefixes, Unicode letters and spaces,
control characters) in all six languages, and, for lowercasing, on every code point
and on Greek final-sigma contexts. One JVM for the whole module.
"""
from __future__ import annotations

import random
from functools import lru_cache

import pytest

from helpers.data import read_lines, require_wmt
from helpers.jar_oracle import decode, jar_probe
from ngram_core.meteor.jar.normalize import java_lower, jar_tokens, normalize_lines

pytestmark = pytest.mark.oracle

WMT_LANGUAGES = ("en", "de", "ru", "cs")
ALL_LANGUAGES = ("en", "fr", "es", "de", "ru", "cs")
_PIECES = (
    ["a", "The", "cat", "don", "t", "s", "l", "homme", "1990", "3", "5", "000", "U.S", "Mr", "Dr", "No", "Art", "pp",
     "Inc", "e.g", "vs", "St", "Jan", "z", "Müller", "çà", "Ωμέγα", "ΟΔΟΣ", "Москва", "ёлка", "日本", "😀", "DOTMULTI",
     "DOTDOTMULTI", "Σ", "İstanbul", "ǅ"]
    + list(".,;:!?'\"`‘’“”–—-()[]{}<>/\\|@#$%^&*+=~_") + ["..", "...", "--", "''", "’s", "n't", "'ll", "'s"]
    + [" ", " ", "  ", "\t", "\u00a0", "\u2009", "\u3000", "\u200b", "\x0b", "\x01", "\x1c", "\u2028"]
)


def generated_lines(n: int = 4000, seed: int = 11):
    rng = random.Random(seed)
    return ["".join(rng.choice(_PIECES) for _ in range(rng.randint(0, 16))) for _ in range(n)]


@lru_cache(maxsize=None)
def wmt_lines(language: str):
    root = require_wmt()
    lines = set()
    for path in sorted(root.glob(f"*/*-{language}/*.txt")):
        if path.name != "src.txt":
            lines.update(read_lines(path))
    return sorted(line for line in lines if "\r" not in line)  # (a CR would end the line for the jar's reader)


def sigma_contexts():
    rng = random.Random(4)
    pieces = ["Σ", "σ", "ς", "Α", "α", "'", "\u0301", ".", " ", "1", "Ab", "\u00ad", "ΑΣ", "\u200b", "-", "$", "%",
              ",", "_", "\u2027", "日", "カ", "\t", "\u0903", "\u02b0", "\u2160", "ǅ", "\u0964"]
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 7))) for _ in range(6000)]


def code_points():
    """Every code point but the surrogates, CR and LF, in strings of 256 consecutive ones
    (lowercasing is per character but for the final sigma, tested on its own)."""
    chars = [chr(c) for c in range(1, 0x110000) if not 0xD800 <= c <= 0xDFFF and c not in (10, 13)]
    return ["".join(chars[k:k + 256]) for k in range(0, len(chars), 256)]


@lru_cache(maxsize=None)
def jar_run():
    """{key: the jar's answers}, everything asked in one JVM."""
    batches = {("norm", lang): wmt_lines(lang) for lang in WMT_LANGUAGES}
    batches.update({("generated", lang): generated_lines() for lang in ALL_LANGUAGES})
    batches[("lower", "chars")] = code_points()
    batches[("lower", "sigma")] = sigma_contexts()
    requests = []
    for (kind, lang), lines in batches.items():
        requests += [("lower", x) if kind == "lower" else ("norm", lang, x) for x in lines]
    answers = iter(jar_probe(requests))
    return {key: [decode(next(answers)) for _ in lines] for key, lines in batches.items()}, batches


def _assert_equal(lines, ours, theirs, what):
    bad = [(x, o, t) for x, o, t in zip(lines, ours, theirs) if o != t]
    assert not bad, f"{what}: {len(bad)} of {len(lines)} differ, e.g. {bad[:3]}"


@pytest.mark.parametrize("kind,language", [("norm", lang) for lang in WMT_LANGUAGES]
                         + [("generated", lang) for lang in ALL_LANGUAGES])
def test_normalized_lines_are_the_jars(kind, language):
    """Real lines of every target language the WMT data has; generated lines of all six."""
    answers, batches = jar_run()
    lines = batches[(kind, language)]
    _assert_equal(lines, normalize_lines(lines, language).to_pylist(), answers[(kind, language)], f"{kind} {language}")


@pytest.mark.parametrize("language", WMT_LANGUAGES)
def test_norm_tokens_are_the_jars_words(language):
    """Our token ids decode to the words the jar aligns: its normalized, lowercased line
    split as StringTokenizer splits."""
    answers, batches = jar_run()
    lines = batches[("norm", language)] + batches[("generated", language)]
    encoded = jar_tokens(lines, language)
    theirs = answers[("norm", language)] + answers[("generated", language)]
    ours = [encoded.tokens(k) for k in range(len(lines))]
    _assert_equal(lines, ours, [java_lower(t).split(" ") if t else [] for t in theirs], f"tokens {language}")


def test_lowercasing_is_javas_on_every_code_point_and_final_sigma():
    answers, batches = jar_run()
    for key in (("lower", "chars"), ("lower", "sigma")):
        _assert_equal(batches[key], [java_lower(x) for x in batches[key]], answers[key], key[1])


def test_without_normalization_words_are_split_on_stringtokenizer_delimiters_only():
    encoded = jar_tokens(["A\u00a0b\tC\x0bd  e\u2028f\x0cG"], "en", normalize=False, lowercase=False)
    assert encoded.tokens(0) == ["A\u00a0b", "C\x0bd", "e\u2028f", "G"]
    assert jar_tokens(["A\u00a0B"], "da", normalize=False).tokens(0) == ["a\u00a0b"]


@pytest.mark.parametrize("language", ["da", "other", "pt"])
def test_languages_without_the_jars_normalizer_are_an_error(language):
    with pytest.raises(ValueError, match="no normalizer"):
        jar_tokens(["a b"], language)
