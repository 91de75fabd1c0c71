"""The jar's stemmers, word by word: ours give the stems ``meteor-1.5.jar`` gives.

English, German and Russian (the languages of the WMT data): every word type of the
lowercased WMT system outputs and references of that target language (and of the
sources in that language), plus generated words built from the letters and endings the
algorithms act on (apostrophes, y/Y, ß, umlauts, ё, astral characters). One JVM for all.
"""
from __future__ import annotations

import random

import pytest

from conftest import read_lines, require_wmt
from jar_oracle import decode, jar_probe
from ngram_core.meteor.jar_stemmers import jar_stemmer

pytestmark = pytest.mark.oracle

LANGUAGES = {"en": "english", "de": "german", "ru": "russian"}
_LETTERS = {
    "en": "aeiouybcdlmnrstwxY'",
    "de": "aeiouyäöübdfghklmnrstßUYz",
    "ru": "аеиоуыэюяёбвгджзйклмнпрстфхцчшщьъ",
}
_ENDINGS = {
    "en": ["s", "es", "ed", "ing", "ly", "ness", "ation", "ational", "izer", "ies", "ied", "eed", "eedly", "ingly",
           "'s", "y", "er", "est", "ful", "ousness", "ement", "ion", "li", "bli", "ogi", "e", "l", "ative"],
    "de": ["e", "em", "en", "ern", "er", "es", "s", "st", "est", "end", "ung", "ig", "ik", "isch", "lich", "heit",
           "keit", "igkeit", "lichkeit", "nisse", "nissen"],
    "ru": ["в", "вши", "вшись", "ив", "ивши", "ившись", "ыв", "ся", "сь", "ее", "ие", "ыми", "его", "ому", "ем", "нн",
           "вш", "ивш", "ующ", "щ", "ла", "ила", "ейте", "ть", "ить", "ешь", "иями", "ость", "ост", "ейш", "ейше",
           "н", "ь", "и", "а", "я", "ё"],
}


def wmt_vocabulary(language: str):
    root = require_wmt()
    words = set()
    for path in sorted(root.glob(f"*/*-{language}/*.txt")) + sorted(root.glob(f"*/{language}-*/src.txt")):
        if path.name == "src.txt" and not path.parent.name.startswith(language + "-"):
            continue
        for line in read_lines(path):
            words.update(line.lower().split())
    return sorted(words)


def generated_words(language: str, n: int = 20000, seed: int = 7):
    rng = random.Random(seed)
    letters, endings = _LETTERS[language], _ENDINGS[language]
    words = []
    for _ in range(n):
        word = "".join(rng.choice(letters) for _ in range(rng.randint(1, 8)))
        word += "".join(rng.choice(endings) for _ in range(rng.randint(0, 3)))
        if rng.random() < 0.02:
            word = word[: len(word) // 2] + "\U0001F600" + word[len(word) // 2:]
        words.append(word)
    return words


def test_stems_are_the_jars_word_by_word():
    words = {lang: wmt_vocabulary(lang) + generated_words(lang) for lang in LANGUAGES}
    requests = [("stem", lang, w) for lang in LANGUAGES for w in words[lang]]
    answers = iter(jar_probe(requests))
    for lang, name in LANGUAGES.items():
        stem = jar_stemmer(name)
        theirs = [decode(next(answers)) for _ in words[lang]]
        bad = [(w, stem(w), t) for w, t in zip(words[lang], theirs) if stem(w) != t]
        assert not bad, f"{lang}: {len(bad)} of {len(theirs)} stems differ, e.g. {bad[:5]}"
