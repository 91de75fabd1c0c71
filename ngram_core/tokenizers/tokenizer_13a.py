"""The ``13a`` tokenizer: mteval-v13a.pl's rules, as sacreBLEU implements them.

Rules, in order: drop ``<skipped>``; join ``-\\n``; turn other newlines into spaces;
unescape ``&quot; &amp; &lt; &gt;`` in that order; then the regular expressions of
``_RULES_13A`` on the segment padded with one space on each side; finally collapse
whitespace.
"""
from __future__ import annotations

import re
from typing import List, Sequence

from .base import BaseTokenizer

# (pattern, replacement) pairs applied in order; shared with the ``zh`` tokenizer.
_RULES_13A = (
    # ASCII punctuation and symbols except ' - . , become separate tokens. mteval's
    # class starts its third range at the space (" -&"); padding a space with
    # spaces changes no token, and leaving it out makes this rule ~50x faster.
    (re.compile(r"([\{-\~\[-\`!-\&\(-\+\:-\@\/])"), r" \1 "),
    # period and comma unless preceded by a digit
    (re.compile(r"([^0-9])([\.,])"), r"\1 \2 "),
    # period and comma unless followed by a digit
    (re.compile(r"([\.,])([^0-9])"), r" \1 \2"),
    # dash when preceded by a digit
    (re.compile(r"([0-9])(-)"), r"\1 \2 "),
)

_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))


# The replacements of _RULES_13A as functions: the same strings, but re.sub calls a
# function per match about twice as fast as it expands a template (Python 3.11).
_EXPAND_13A = (
    lambda m: " " + m[1] + " ",
    lambda m: m[1] + " " + m[2] + " ",
    lambda m: " " + m[1] + " " + m[2],
    lambda m: m[1] + " " + m[2] + " ",
)


def apply_rules(text: str) -> str:
    """Apply the 13a regular expressions to ``text`` (one segment or a whole blob)."""
    for (pattern, _), expand in zip(_RULES_13A, _EXPAND_13A):
        text = pattern.sub(expand, text)
    return text


def _join_lines(text: str) -> str:
    return text.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")


def _unescape(text: str) -> str:
    if "&" in text:
        for entity, char in _ENTITIES:
            text = text.replace(entity, char)
    return text


class Tokenizer13a(BaseTokenizer):
    """mteval-v13a tokenization (sacreBLEU's default, ``tok:13a``)."""

    name = "13a"
    # Every 13a rule sees whitespace only as "not a digit, not '.', ',' or '-'", and
    # no rule can consume a whitespace character that a neighbouring chunk needs, so
    # a line's tokens are its chunks' tokens; only the newline rules span chunks.
    chunk_local = True
    # The characters any 13a step reads: the first rule's class, '.' ',' '-', '&' of
    # the entities and '<' of <skipped>. That is all ASCII punctuation but "'".
    chunk_special = r"[!-&(-/:-@\[-\x60{-~]"

    def prepare_line(self, line: str) -> str:
        return _join_lines(line) if "\n" in line else line

    def __call__(self, line: str) -> str:
        return " ".join(apply_rules(f" {_unescape(_join_lines(line))} ").split())

    def tokenize_batch(self, lines: Sequence[str]) -> List[str]:
        # Whitespace inside the returned strings is not collapsed: callers split
        # them on whitespace. Each segment is padded with a space on both sides, as in __call__, and the
        # segments are joined by newlines. No 13a expression can match across
        # " \n " (the character classes exclude the newline and the padding keeps
        # '.', ',' and '-' away from it), so one pass over the blob equals one
        # pass per segment.
        prepared = [
            _join_lines(line) if ("\n" in line or "<skipped>" in line) else line
            for line in lines
        ]
        blob = _unescape(" " + " \n ".join(prepared) + " ")
        return apply_rules(blob).split("\n")
