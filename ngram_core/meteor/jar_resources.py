"""METEOR 1.5's languages and data files, offline.

Languages are named as the jar names them (``Constants.normLanguageName``): "en" or
"english" -> "english", "cz"/"cs" -> "czech", "se"/"sv" -> "swedish", "xx" -> "other",
..., case-insensitive. :func:`language_name` does that mapping and raises on a name the
jar does not know.
"""
from __future__ import annotations

import lzma
import re
from functools import lru_cache
from pathlib import Path
from typing import Dict, FrozenSet, List, Tuple

# full name -> the short names the jar accepts for it (besides the full name)
_ALIASES: Dict[str, Tuple[str, ...]] = {
    "english": ("en",),
    "czech": ("cz", "cs"),
    "french": ("fr",),
    "german": ("de",),
    "spanish": ("es",),
    "arabic-buckwalter-reduced": ("ar-bw-red",),
    "portuguese": ("pt",),
    "russian": ("ru",),
    "danish": ("da",),
    "romanian": ("ro",),
    "hungarian": ("hu",),
    "turkish": ("tr",),
    "finnish": ("fi",),
    "dutch": ("nl",),
    "italian": ("it",),
    "norwegian": ("no",),
    "swedish": ("se", "sv"),
    "other": ("xx",),
}
_BY_NAME = {alias: name for name, aliases in _ALIASES.items() for alias in (name, *aliases)}
LANGUAGES = tuple(_ALIASES)

# the languages with the jar's own tokenizer (-norm) and parameters (Constants.isSupported)
NORMALIZED_LANGUAGES = ("english", "czech", "french", "spanish", "german", "russian")


def language_name(language: str) -> str:
    """The jar's name of ``language`` ("en" -> "english"); ValueError for one it does not know."""
    if not isinstance(language, str):
        raise TypeError(f"language must be a string such as 'en', not {type(language).__name__}")
    name = _BY_NAME.get(language.lower())
    if name is None:
        known = ", ".join(f"{aliases[0]} ({name})" for name, aliases in _ALIASES.items())
        raise ValueError(f"language={language!r}: METEOR 1.5 knows {known}")
    return name


# ---------------------------------------------------------------- the jar's word lists

DATA = Path(__file__).resolve().parents[1] / "data"
TEXT_RESOURCE = DATA / "meteor15.txt.xz"
_BUILD_HINT = ("it is built from meteor-1.5.jar by scripts/build_meteor_resources.py "
               "(pip install pycocoevalcap==1.2 for the jar); reinstall ngram-core to get it back")


def _missing(path: Path) -> FileNotFoundError:
    return FileNotFoundError(f"METEOR 1.5 resource {path} is missing: {_BUILD_HINT}")


@lru_cache(maxsize=None)
def _sections() -> Dict[Tuple[str, str], List[str]]:
    """{(kind, language): lines} of the word-list resource (read once per process)."""
    if not TEXT_RESOURCE.is_file():
        raise _missing(TEXT_RESOURCE)
    lines = lzma.decompress(TEXT_RESOURCE.read_bytes()).decode("utf-8").split("\n")
    sections: Dict[Tuple[str, str], List[str]] = {}
    at = 1  # after the comment line
    while at < len(lines) and lines[at].startswith("@"):
        kind, language, count = lines[at][1:].split(" ")
        sections[(kind, language)] = lines[at + 1: at + 1 + int(count)]
        at += 1 + int(count)
    return sections


def function_words(language: str) -> FrozenSet[str]:
    """The jar's function words of ``language`` (``function/<language>.words``; empty for
    most languages). The scorer weighs words whose lowercase form is in it by delta."""
    return frozenset(_sections()[("function", language_name(language))])


@lru_cache(maxsize=None)
def nonbreaking_prefixes(language: str) -> Dict[str, bool]:
    """The normalizer's nonbreaking prefixes of ``language``: {prefix: numeric only?},
    read as ``Normalizer.nbpList`` reads the file (first token of each line; lines
    without tokens or starting with ``#`` skipped; ``#NUMERIC_ONLY#`` as second token)."""
    name = language_name(language)
    prefixes: Dict[str, bool] = {}
    for line in _sections().get(("nonbreaking", name), ()):
        tokens = _java_tokens(line)
        if not tokens or tokens[0].startswith("#"):
            continue
        prefixes[tokens[0]] = len(tokens) > 1 and tokens[1] == "#NUMERIC_ONLY#"
    return prefixes


def _java_tokens(line: str) -> List[str]:
    """``java.util.StringTokenizer`` tokens: split on space, tab, LF, CR, FF only."""
    return [t for t in re.split("[ \t\n\r\f]+", line) if t]
