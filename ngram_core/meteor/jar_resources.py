"""METEOR 1.5's languages and data files, offline.

Languages are named as the jar names them (``Constants.normLanguageName``): "en" or
"english" -> "english", "cz"/"cs" -> "czech", "se"/"sv" -> "swedish", "xx" -> "other",
..., case-insensitive. :func:`language_name` does that mapping and raises on a name the
jar does not know.
"""
from __future__ import annotations

from typing import Dict, Tuple

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
