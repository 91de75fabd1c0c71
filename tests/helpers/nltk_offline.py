"""NLTK's tokenizers as live oracles, with nothing downloaded.

``nltk.tokenize.nist`` reads three ``perluniprops`` tables (Unicode numbers, punctuation,
symbols) when its class is defined, so NLTK's ``NISTTokenizer`` cannot even be imported
without NLTK's data. Only its ``international_tokenize`` uses them (``tokenize`` does not:
:func:`tokenize_reads_no_table` checks NLTK's source), so for the oracle the tables are
written from the ``regex`` module's Unicode classes ``\\p{N}``, ``\\p{P}``, ``\\p{S}`` (what
perluniprops lists, from Perl's Unicode database) into a temporary ``nltk_data`` folder
put on ``nltk.data.path``.

NLTK's ``word_tokenize`` loads Punkt's ``punkt_tab/english`` model: the same folder gets the
four files as ngram-core ships them (``ngram_core/data/punkt_english.txt.xz``), so the
oracle is NLTK's own loading and tokenizing code on those parameters.
"""
from __future__ import annotations

import inspect
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from helpers.require import require_module

_TABLES = {"Number": "N", "Punctuation": "P", "Symbol": "S"}


@lru_cache(maxsize=None)
def nltk_data_folder() -> str:
    """A temporary ``nltk_data`` folder with the perluniprops tables, on ``nltk.data.path``."""
    nltk = require_module("nltk")
    import regex

    root = Path(tempfile.mkdtemp(prefix="ngram-core-nltk-data-"))
    folder = root / "misc" / "perluniprops"
    folder.mkdir(parents=True)
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    for name, category in _TABLES.items():
        (folder / f"{name}.txt").write_text("".join(regex.findall(rf"\p{{{category}}}", every)), encoding="utf-8")
    from ngram_core.tokenizers.tokenizer_nltk import punkt_tab_files

    english = root / "tokenizers" / "punkt_tab" / "english"
    english.mkdir(parents=True)
    for name, lines in punkt_tab_files().items():
        (english / name).write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    nltk.data.path.append(str(root))
    return str(root)


def nltk_word_tokenize():
    """NLTK's ``word_tokenize`` (its Punkt model on the path)."""
    nltk_data_folder()
    return require_module("nltk.tokenize").word_tokenize


def nltk_nist_tokenizer():
    """An instance of NLTK's ``NISTTokenizer`` (importable once the tables are on the path)."""
    nltk_data_folder()
    return require_module("nltk.tokenize.nist").NISTTokenizer()


def tokenize_reads_no_table() -> bool:
    """Whether NLTK's ``NISTTokenizer.tokenize`` (and what it calls) never names a perluniprops
    table nor the international rules built from them."""
    cls = type(nltk_nist_tokenizer())
    source = inspect.getsource(cls.tokenize) + inspect.getsource(cls.lang_independent_sub)
    derived = ("pup_", "_regex", "INTERNATIONAL", "NONASCII", "PUNCT_1", "PUNCT_2", "SYMBOLS", "perluniprops")
    return not any(name in source for name in derived)
