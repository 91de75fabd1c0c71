"""NLTK's WordNet reader on Debian's ``wordnet-base`` files: the oracle for METEOR tests.

NLTK's own ``wordnet`` corpus is never downloaded here. Debian ships the same WordNet
3.0 database, and NLTK 3.10's ``WordNetCorpusReader`` reads it with three workarounds
(see ``shared/data/wordnet/README.md``):

1. the corpus root must be on ``nltk.data.path`` (NLTK refuses other roots);
2. Debian has no ``lexnames`` file, which the constructor opens: the shared folder
   holds that 45-line table, served for that one name;
3. ``map_wn()`` would load NLTK's own corpus to map other WordNet versions onto 3.0;
   this data is 3.0 already, so the mapping is skipped.

Tests call :func:`nltk_wordnet` (skips locally, fails in CI when something is missing).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from helpers.data import SHARED
from helpers.require import require, require_module

WORDNET_ROOT = Path("/usr/share/wordnet")
LEXNAMES = SHARED / "data" / "wordnet" / "lexnames"


@lru_cache(maxsize=None)
def _load(root: str, lexnames: str):
    import nltk
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    class DebianWordNetReader(WordNetCorpusReader):
        def open(self, fileid):
            if fileid == "lexnames":  # workaround 2
                return open(lexnames, encoding="utf-8")
            return super().open(fileid)

        def map_wn(self, version="wordnet"):  # workaround 3
            return None

    if root not in nltk.data.path:  # workaround 1
        nltk.data.path.append(root)
    return DebianWordNetReader(root, None)


def nltk_wordnet():
    """NLTK's ``WordNetCorpusReader`` over Debian's WordNet 3.0 (one shared instance)."""
    require_module("nltk")
    require((WORDNET_ROOT / "index.noun").is_file(), "wordnet-base is not installed: apt-get install -y wordnet-base")
    require(LEXNAMES.is_file(), f"lexnames table not found at {LEXNAMES} (set NGRAM_CORE_SHARED)")
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available"
        return _load(str(WORDNET_ROOT), str(LEXNAMES))


def nltk_synonyms(reader, word: str) -> frozenset:
    """NLTK ``meteor_score``'s synonym set of ``word``, written as NLTK 3.10.4 writes it."""
    return frozenset(
        lemma.name() for synset in reader.synsets(word) for lemma in synset.lemmas() if lemma.name().find("_") < 0
    ) | {word}
