"""The ``13a`` tokenizer: mteval-v13a.pl's rules, as sacreBLEU implements them.

Rules, in order: drop ``<skipped>``; join ``-\\n``; turn other newlines into spaces
(``_JOIN_LINES``); unescape ``&quot; &amp; &lt; &gt;`` in that order (``_ENTITIES``);
then the regular expressions of ``_RULES_13A`` on the segment padded with one space
on each side; finally collapse whitespace. The Python entry points and the pyarrow
one (``tokenize_arrow``) run these same tables; the patterns are written in the
syntax Python's ``re`` and pyarrow's RE2 share.
"""
from __future__ import annotations

import re
from collections.abc import Sequence

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

# Literal replacements, each applied to the whole segment in order.
_JOIN_LINES = (("<skipped>", ""), ("-\n", ""), ("\n", " "))
_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))


def _pair_periods(match: re.Match) -> str:
    """Rule 2 on one run of '.' and ',' (``[.,]+``): what ``([^0-9])([\\.,])`` -> ``\\1 \\2 ``
    does to it. Scanning left to right, that rule pairs the character before the run
    with the run's first if it is not a digit, then the run's characters two by two
    (a pair consumes both, and the character after a run is not '.' or ','); each pair
    (a, b) becomes "a b ". Only the run is rewritten: the character before it stays."""
    run, start = match[0], match.start()
    before = match.string[start - 1] if start else "0"
    out, i = "", 0
    if not "0" <= before <= "9":
        out, i = " " + run[0] + " ", 1
    while i + 1 < len(run):
        out += run[i] + " " + run[i + 1] + " "
        i += 2
    return out + run[i:]


def _digit_dash(match: re.Match) -> str:
    """Rule 4 at one '-': ``([0-9])(-)`` -> ``\\1 \\2 `` pads it if a digit comes before (no
    other rule-4 match can have taken that digit: a match takes a digit only with the dash after it)."""
    start = match.start()
    return " - " if start and "0" <= match.string[start - 1] <= "9" else "-"


# _RULES_13A for Python's re, the same strings out: re.sub calls a function per match
# about twice as fast as it expands a template (Python 3.11), and rules 2 and 4 are
# searched from their rare character ('.' ',' and '-') instead of trying every position.
_PYTHON_RULES_13A = (
    (_RULES_13A[0][0], lambda m: " " + m[1] + " "),
    (re.compile(r"[.,]+"), _pair_periods),
    (_RULES_13A[2][0], lambda m: " " + m[1] + " " + m[2]),
    (re.compile(r"-"), _digit_dash),
)


def apply_rules(text: str) -> str:
    """Apply the 13a regular expressions to ``text`` (one segment or a whole blob)."""
    for pattern, expand in _PYTHON_RULES_13A:
        text = pattern.sub(expand, text)
    return text


def _join_lines(text: str) -> str:
    for old, new in _JOIN_LINES:
        text = text.replace(old, new)
    return text


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
        if "\n" not in line:
            return line
        # sacreBLEU drops <skipped> once, before joining lines, so one that the joining
        # forms ("<skip-\nped>") or that overlapping ones leave ("<skip<skipped>ped>")
        # is kept. The chunk step drops <skipped> again; written "< skipped >" it is
        # kept and gives the same tokens: rule 1 pads '<' and '>' with spaces anyway,
        # and a second space next to one changes no later match.
        return _join_lines(line).replace("<skipped>", "< skipped >")

    def __call__(self, line: str) -> str:
        return " ".join(apply_rules(f" {_unescape(_join_lines(line))} ").split())

    def tokenize_batch(self, lines: Sequence[str]) -> list[str]:
        # Whitespace inside the returned strings is not collapsed: callers split
        # them on whitespace. Each segment is padded with a space on both sides, as in __call__, and the
        # segments are joined by newlines. No 13a expression can match across
        # " \n " (the character classes exclude the newline and the padding keeps
        # '.', ',' and '-' away from it), so one pass over the blob equals one
        # pass per segment.
        return apply_rules(self.blob(lines)).split("\n")

    def blob(self, lines: Sequence[str]) -> str:
        """``lines`` as :meth:`tokenize_batch` hands them to the rules: line joins and
        entities applied, each padded with a space on both sides, joined by newlines
        (also the input of the compiled rules, :mod:`ngram_core.ngrams.kernel_13a`)."""
        prepared = [
            _join_lines(line) if ("\n" in line or "<skipped>" in line) else line
            for line in lines
        ]
        return _unescape(" " + " \n ".join(prepared) + " ")

    def tokenize_arrow(self, lines):
        # The steps of __call__ without the final collapse, each one pyarrow kernel,
        # on one blob of the lines padded and joined by " \n " as in tokenize_batch
        # (the replacements pay a cost per string: on one long string they take half
        # the time), split back on the newlines at the end. No replacement matches a
        # newline between two spaces (the literal ones hold neither, rule 1's class
        # lacks the newline, rules 2 and 3 need '.' or ',' next to it, rule 4 a digit
        # or '-') and the rules only add spaces, so every line gets the matches it
        # gets alone. replace_substring replaces left
        # to right without overlaps, as str.replace does; RE2's global replace takes
        # the leftmost non-overlapping matches, as re.sub does. (pyarrow is imported
        # here: pyarrow.compute takes ~0.2 s to import, which tokenize() does not need.)
        import pyarrow as pa
        import pyarrow.compute as pc

        from .. import arrow_arrays

        if len(lines) == 0:
            return lines
        pool = arrow_arrays.pool()
        given, kind = lines.type, pa.large_string()  # the blob may outgrow 32-bit offsets

        def blob_of(lines):
            one_list = pa.LargeListArray.from_arrays(arrow_arrays.int64s([0, len(lines)]), lines, pool=pool)
            space = arrow_arrays.string_scalar(" ", kind)
            blob = pc.binary_join(one_list, arrow_arrays.string_scalar(" \n ", kind), memory_pool=pool)
            return pc.binary_join_element_wise(space, blob, space, arrow_arrays.string_scalar("", kind), memory_pool=pool)

        lines = lines.cast(kind, memory_pool=pool)
        blob = blob_of(lines)
        if pc.count_substring(blob, "\n", memory_pool=pool)[0].as_py() > len(lines) - 1:
            # Some lines hold newlines: the line joins (in order, <skipped> first) run
            # line by line before the blob is made.
            for old, new in _JOIN_LINES:
                lines = pc.replace_substring(lines, old, new, memory_pool=pool)
            blob = blob_of(lines)
            replacements = _ENTITIES
        else:
            # Without newlines in the lines, of the joins only <skipped> can act.
            replacements = tuple(rule for rule in _JOIN_LINES if "\n" not in rule[0]) + _ENTITIES
        for old, new in replacements:
            blob = pc.replace_substring(blob, old, new, memory_pool=pool)
        for pattern, template in _RULES_13A:
            blob = pc.replace_substring_regex(blob, pattern.pattern, template, memory_pool=pool)
        return pc.split_pattern(blob, "\n", memory_pool=pool).flatten().cast(given, memory_pool=pool)
