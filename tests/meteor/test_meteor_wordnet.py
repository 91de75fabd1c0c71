"""The shipped WordNet 3.0 resource answers exactly what NLTK's reader answers."""
from __future__ import annotations

from pathlib import Path

import pytest

from helpers.data import load_system, oracle_records
from helpers.require import require
from ngram_core.meteor.nltk.wordnet import RESOURCE, get_wordnet
from ngram_core.tokenizers import tokenize
from helpers.nltk_wordnet import nltk_synonyms, nltk_wordnet

pytestmark = pytest.mark.oracle


def _wmt_english_forms() -> set:
    """Lowercased 13a tokens of the English targets and their Porter stems (what the
    nltk variant looks up), i.e. the inflected forms met in real data."""
    from nltk.stem.porter import PorterStemmer

    words = set()
    for record in oracle_records():
        if record["metric"] == "nltk_meteor":
            hyps, refs = load_system(record)
            for tokens in tokenize(hyps + [r for segment in refs for r in segment], "13a", lowercase=True):
                words.update(tokens)
    stem = PorterStemmer().stem
    return words | {stem(w) for w in words}


def test_resource_synonyms_equal_nltk_for_all_wordnet_words_and_real_data():
    reader = nltk_wordnet()
    ours = get_wordnet()
    words = set(ours.lemmas()) | set(ours.exception_forms())
    words |= {w.upper() for w in list(words)[:2000]} | {w + "s" for w in list(words)[:2000]}
    words |= _wmt_english_forms()
    mismatches = [w for w in sorted(words) if ours.synonyms(w) != nltk_synonyms(reader, w)]
    assert len(words) > 180_000
    assert mismatches == []


def test_resource_synset_ids_follow_nltk_synsets():
    reader = nltk_wordnet()
    ours = get_wordnet()
    for word in ["dogs", "ran", "better", "geese", "children", "running", "axes", "us", "ice_cream", "", "xyzzy"]:
        assert len(ours.synset_ids(word)) == len(set(reader.synsets(word))), word


def test_resource_is_compressed_small_and_licensed():
    assert RESOURCE.stat().st_size < 3_000_000
    license_text = (RESOURCE.parent / "wordnet30.LICENSE").read_text(encoding="utf-8")
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in license_text


def test_build_script_reproduces_the_shipped_resource(tmp_path: Path):
    require(Path("/usr/share/wordnet/index.noun").is_file(), "wordnet-base is not installed: apt-get install -y wordnet-base")
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "scripts" / "build_wordnet_resource.py"
    subprocess.run([sys.executable, str(script), "--out", str(tmp_path)], check=True, capture_output=True)
    assert (tmp_path / RESOURCE.name).read_bytes() == RESOURCE.read_bytes()
