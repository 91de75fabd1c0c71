"""The words TER counts: tercom's normalization as sacreBLEU 2.6.0's ``TercomTokenizer``
applies it (``tok:tercom``).

A text loses its trailing whitespace, is lowercased (unless ``case_sensitive``), then:

- ``normalized``: line-end hyphenation joined (``\\n-``), line breaks made spaces, the
  XML escapes ``&quot; &amp; &lt; &gt;`` unescaped; ASCII punctuation but ``' , - .``
  set apart; ``'s`` split off; ``.`` and ``,`` split off unless between digits
  (each side checked in turn); ``-`` after a digit set apart. With ``asian_support``
  also: CJK ideographs, strokes, radicals, compatibility characters and forms, and
  U+3200-U+3F22, one word each, and CJK and full-width punctuation set apart.
  (sacreBLEU's kana rules never match: they need the text to start with kana, and the
  normalized text starts with a space.)
- ``no_punct``: ``. , ? : ; ! " ( )`` removed; with ``asian_support`` also the CJK and
  full-width punctuation.

The words are what is left, split on whitespace.
"""
from __future__ import annotations

import re
from typing import Any, Callable, List, Mapping, Tuple

_CJK = "\u4e00-\u9fff\u3400-\u4dbf\u31c0-\u31ef\u2e80-\u2eff\u3300-\u33ff\uf900-\ufaff\ufe30-\ufe4f\u3200-\u3f22"
_ASIAN_PUNCTUATION = "\u3001\u3002\u3008-\u3011\u3014-\u301f\uff61-\uff65\u30fb"
_FULL_WIDTH_PUNCTUATION = "\uff0e\uff0c\uff1f\uff1a\uff1b\uff01\uff02\uff08\uff09"

_Rule = Tuple["re.Pattern[str]", str]


def _rules(*pairs: Tuple[str, str]) -> Tuple[_Rule, ...]:
    return tuple((re.compile(pattern), replacement) for pattern, replacement in pairs)


_LINES = _rules((r"\n-", ""), (r"\n", " "), (r"&quot;", '"'), (r"&amp;", "&"), (r"&lt;", "<"), (r"&gt;", ">"))
# applied to " text ", one after the other (each rule sees the previous one's output)
_WESTERN = _rules(
    (r"([ !\"#$%&()*+/:;<=>?@\[\\\]^_`{|}~])", r" \1 "),  # ASCII punctuation but ' , - .
    (r"'s ", " 's "), (r"'s$", " 's"),
    (r"([^0-9])([.,])", r"\1 \2 "), (r"([.,])([^0-9])", r" \1 \2"),
    (r"([0-9])(-)", r"\1 \2 "))
# the CJK ranges are split in sacreBLEU's four passes; a character is in one range only,
# and a pass only adds spaces, so one pass over the union gives the same text
_ASIAN = _rules((f"([{_CJK}])", r" \1 "), (f"([{_ASIAN_PUNCTUATION}])", r" \1 "),
                (f"([{_FULL_WIDTH_PUNCTUATION}])", r" \1 "))
_PUNCTUATION = _rules((r"[.,?:;!\"()]", ""))
_ASIAN_PUNCTUATION_RULES = _rules((f"[{_ASIAN_PUNCTUATION}]", ""), (f"[{_FULL_WIDTH_PUNCTUATION}]", ""))


def _apply(rules: Tuple[_Rule, ...], text: str) -> str:
    for pattern, replacement in rules:
        text = pattern.sub(replacement, text)
    return text


def normalizer(values: Mapping[str, Any]) -> Callable[[str], str]:
    """text -> its normalized form (words separated by single spaces), for the options ``values``."""
    case_sensitive, normalized = values["case_sensitive"], values["normalized"]
    no_punct, asian = values["no_punct"], values["asian_support"]

    def normalize(text: str) -> str:
        text = text.rstrip()
        if not case_sensitive:
            text = text.lower()
        if normalized:
            text = " " + _apply(_LINES, text) + " "
            text = _apply(_WESTERN, text)
            if asian:
                text = _apply(_ASIAN, text)
        if no_punct:
            text = _apply(_PUNCTUATION, text)
            if asian:
                text = _apply(_ASIAN_PUNCTUATION_RULES, text)
        return text

    return normalize


def words_of(text: str, values: Mapping[str, Any]) -> List[str]:
    """The words of one text (see the module docstring)."""
    return normalizer(values)(text).split()
