"""The ``-norm`` tokenizer's line masks (one search of an array's data buffer per needle)
say what ``pc.match_substring`` says, line by line, on sliced arrays of both string types,
with empty lines and needles that the lines' concatenation would join across two lines."""
from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc
from hypothesis import given, settings
from hypothesis import strategies as st

from ngram_core.meteor.jar.normalize import _lines_containing

_ALPHABET = st.sampled_from(list(".'`,-a \u2018\u2019\u201c\u201d\u2013") + ["DOTMULTI", "\u00e9"])
_NEEDLES = ("..", "DOTMULTI.", "DOTMULTI", "`", "\u2018", "\u2019", "\u201c", "''", ",", "-", "'", "\u2013", "--")


@settings(max_examples=200, deadline=None)
@given(lines=st.lists(st.lists(_ALPHABET, max_size=8).map("".join), max_size=12), start=st.integers(0, 3),
       large=st.booleans(), needles=st.lists(st.sampled_from(_NEEDLES), min_size=1, max_size=3))
def test_line_masks_are_match_substrings(lines, start, large, needles):
    text = pa.array(lines, type=pa.large_string() if large else pa.string()).slice(min(start, len(lines)))
    expected = [False] * len(text)
    for needle in needles:
        expected = [e or m for e, m in zip(expected, pc.match_substring(text, needle).to_pylist())]
    assert _lines_containing(text, needles).tolist() == expected


def test_a_hit_across_two_lines_does_not_hide_the_next_lines():
    text = pa.array(["a.", "..b", "c-", "--", "'", "''"])
    assert _lines_containing(text, ("..",)).tolist() == [False, True, False, False, False, False]
    assert _lines_containing(text, ("--",)).tolist() == [False, False, False, True, False, False]
    assert _lines_containing(text, ("''",)).tolist() == [False, False, False, False, False, True]
