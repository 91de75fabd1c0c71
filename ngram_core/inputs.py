"""Input checks shared by every metric: clear errors before any work is done.

Predictions are a sequence of strings; references are, per prediction, either one
string or a non-empty sequence of strings (the number may vary per segment). Every
check names the argument and says how to fix it. Empty strings are valid input.
"""
from __future__ import annotations

import re
import sys
import warnings
from collections import deque
from itertools import chain
from typing import Any, List, Sequence, Tuple

# A lone surrogate is a Python string that is not text: it cannot be encoded as UTF-8,
# so neither Arrow (evaluate's cache, our tokenizers) nor a file can hold it.
_SURROGATE = re.compile("[\ud800-\udfff]")


def shown(value: Any, limit: int = 40) -> str:
    """``repr(value)`` for a message: whole, or cut to ``limit`` characters ending in ``...``
    (a cut value says it is cut; a huge list's repr is never built past what is shown)."""
    if isinstance(value, (list, tuple)) and len(value) > limit:  # a prefix's repr is already longer than shown
        value = value[:limit]
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _has_surrogate(strings: List[str]) -> bool:
    # UTF-8 (strict) fails on surrogates and on nothing else; encoding is several times
    # faster than a regex scan, which then only runs to say where. String by string, in
    # C (deque(map(...))): 4x faster than joining them first (23 against 90 ms for the
    # 162,712 texts of the WMT corpus)
    try:
        deque(map(str.encode, strings), maxlen=0)
    except UnicodeEncodeError:
        return True
    return False


class CheckedTexts(list):
    """Strings that :func:`check_predictions` returned: a list whose type says it was
    checked, so that a way in that checked a batch before handing it on (the evaluate
    adapter checks before evaluate's cache) does not pay the check twice. Made only here."""


class CheckedReferences(list):
    """One list of reference strings per prediction, as :func:`check_references` returned it."""


def _is_sequence(obj: Any) -> bool:
    if isinstance(obj, (str, bytes, dict)):
        return False
    return hasattr(obj, "__iter__")


def _entries(n: int) -> str:
    return f"{n} {'entry' if n == 1 else 'entries'}"


def materialize(obj: Any) -> Any:
    """A list of the items of an iterator or generator (read once); anything else as it is.

    Lets a caller check a batch and then pass the same items on, where re-reading
    an iterator would find it exhausted.
    """
    if obj is None or isinstance(obj, (str, bytes, dict, list, tuple)) or not hasattr(obj, "__iter__"):
        return obj
    return list(obj)


def _not_a_string(name: str, item: Any, hint: str) -> TypeError:
    if isinstance(item, (bytes, bytearray)):
        return TypeError(f"{name} is bytes ({shown(item)}), not a string: decode it first, e.g. .decode('utf-8')")
    return TypeError(f"{name} is {type(item).__name__} ({shown(item)}), not a string; {hint}")


def _check_text(strings: List[str], name_of) -> None:
    """A ``ValueError`` naming the first string with a lone surrogate (one C-level scan)."""
    if not strings or not _has_surrogate(strings):
        return
    for k, text in enumerate(strings):
        found = _SURROGATE.search(text)
        if found:
            raise ValueError(
                f"{name_of(k)} contains a lone surrogate ({found.group()!r} at character {found.start()}), which "
                "is not valid Unicode text: decode the source with errors='replace' (or 'ignore'), or remove it"
            )


def _as_list(obj: Any, name: str) -> List[Any]:
    if obj is None:
        raise TypeError(f"{name} is missing: pass a list of strings")
    if isinstance(obj, (str, bytes)):
        raise TypeError(f"{name} must be a list of strings, not a single string; wrap it: [{name[:-1] if name.endswith('s') else name}]")
    if not _is_sequence(obj):
        raise TypeError(f"{name} must be a list of strings, got {type(obj).__name__}")
    return list(obj)


def check_predictions(predictions: Any, name: str = "predictions", text: bool = True) -> List[str]:
    """Return ``predictions`` as a list of strings, or raise naming the bad item
    (``name``: what the caller calls the list). ``text=False`` leaves out the scan for
    lone surrogates, for a caller that encodes the strings as UTF-8 anyway (which fails
    on them and on nothing else) and then calls again with ``text=True`` for the message."""
    if type(predictions) is CheckedTexts:
        return predictions
    items = _as_list(predictions, name)
    if set(map(type, items)) <= {str}:  # the common case, checked in C; else find the culprit
        if text:
            _check_text(items, lambda i: f"{name}[{i}]")
        return CheckedTexts(items)
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise _not_a_string(f"{name}[{i}]", item, "decode token ids to text first and use '' for an empty string")
    items = [str(item) for item in items]  # str subclasses (numpy.str_) as plain strings
    if text:
        _check_text(items, lambda i: f"{name}[{i}]")
    return CheckedTexts(items)


def check_references(references: Any, n_predictions: int, text: bool = True) -> List[List[str]]:
    """Return ``references`` as one list of reference strings per prediction.

    Accepts one string per prediction, or one non-empty sequence of strings per
    prediction (ragged: 1..k references). Mixing the two forms is an error, because
    it usually means a list of references was flattened by mistake. ``text``: as
    :func:`check_predictions`'s.
    """
    if type(references) is CheckedReferences and len(references) == n_predictions:
        return references
    items = _as_list(references, "references")
    if len(items) != n_predictions:
        raise ValueError(
            f"references has {_entries(len(items))} but predictions has {n_predictions}: "
            "give one reference (or one list of references) per prediction" + _transposed_hint(items, n_predictions)
        )
    if not items:
        return CheckedReferences()
    single = isinstance(items[0], str)
    # the common cases, checked in C; anything else goes through the loop that names the culprit
    kinds = set(map(type, items))
    if kinds == {str}:
        if text:
            _check_text(items, lambda i: f"references[{i}]")
        return CheckedReferences([item] for item in items)
    if kinds == {list} and 0 not in map(len, items) and set(map(type, chain.from_iterable(items))) <= {str}:
        if text:
            _check_references_text(items)
        _warn_if_square(items)
        return CheckedReferences(items)  # the caller's lists, never modified here or downstream
    out: List[List[str]] = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            if not single:
                raise TypeError(
                    f"references[{i}] is a string but references[0] is a list: give every "
                    "prediction a list of references, e.g. [[ref], [ref_a, ref_b]]"
                )
            out.append([str(item)])
            continue
        if single:
            raise TypeError(
                f"references[{i}] is {type(item).__name__} but references[0] is a string: give "
                "either one string per prediction or one list of strings per prediction"
            )
        if isinstance(item, (bytes, bytearray)):
            raise _not_a_string(f"references[{i}]", item, "")
        if item is None or not _is_sequence(item):
            raise TypeError(
                f"references[{i}] is {type(item).__name__} ({shown(item)}); expected a string "
                "or a list of strings"
            )
        refs = list(item)
        if not refs:
            raise ValueError(
                f"references[{i}] is an empty list: every prediction needs at least one "
                "reference ('' is allowed)"
            )
        for j, ref in enumerate(refs):
            if ref is None:
                raise TypeError(
                    f"references[{i}][{j}] is None, not a string; drop missing references from that "
                    "segment's list instead of passing None"
                )
            if not isinstance(ref, str):
                raise _not_a_string(f"references[{i}][{j}]", ref, "give reference translations as text")
        out.append([str(ref) for ref in refs])
    if single and text:
        _check_text([r[0] for r in out], lambda i: f"references[{i}]")
    elif not single:
        if text:
            _check_references_text(out)
        _warn_if_square(out)
    return CheckedReferences(out)


TRANSPOSE = "references = [list(refs) for refs in zip(*reference_sets)]"


class ReferenceLayoutWarning(UserWarning):
    """``references`` is N lists of N references: the one shape where sacreBLEU's layout
    (one list per reference set) and ours (one list per prediction) cannot be told apart
    by their lengths. Silence it where the layout is known, e.g.
    ``warnings.filterwarnings("ignore", category=ReferenceLayoutWarning)``."""


def _warn_if_square(items: List[List[str]]) -> None:
    """A :class:`ReferenceLayoutWarning` where every one of the N predictions has exactly N
    references (N >= 2): sacreBLEU's K lists of N references with K = N score silently in
    the wrong order (43.66 where the right layout gives 53.35), so say how to transpose."""
    n = len(items)
    if n >= 2 and set(map(len, items)) == {n}:
        warnings.warn(
            f"references is {n} lists of {n} references, one list per prediction as ngram-core reads it. If each "
            f"list is instead a reference set (sacreBLEU's layout, one list per set, K lists of N references with "
            f"K = N = {n}), transpose it: {TRANSPOSE}. Where the layout is right: warnings.filterwarnings('ignore', "
            "category=ngram_core.inputs.ReferenceLayoutWarning)", ReferenceLayoutWarning, stacklevel=_callers_level())


def _callers_level() -> int:
    """The ``stacklevel`` of the first frame outside ngram-core and evaluate (the user's line,
    which the warning then names, once per line), seen from the function calling warn."""
    level, frame = 2, sys._getframe(2)  # 2: the caller of the function that warns
    while frame is not None and frame.f_globals.get("__name__", "").startswith(("ngram_core", "evaluate")):
        frame, level = frame.f_back, level + 1
    return level


def _transposed_hint(items: List[Any], n_predictions: int) -> str:
    """What to say where ``references`` looks like sacreBLEU's layout: one list per reference
    set (K lists of N strings) instead of one list of references per prediction (N lists)."""
    if items and n_predictions > 1 and all(_is_sequence(item) and hasattr(item, "__len__")
                                           and len(item) == n_predictions for item in items):
        return (f". It looks like sacreBLEU's layout, {_entries(len(items))} of {n_predictions} references "
                f"each (one list per reference set); transpose it: {TRANSPOSE}")
    return ""


def _check_references_text(refs: List[List[str]]) -> None:
    flat = list(chain.from_iterable(refs))
    if not _has_surrogate(flat):
        return
    where = [(i, j) for i, segment in enumerate(refs) for j in range(len(segment))]
    _check_text(flat, lambda k: f"references[{where[k][0]}][{where[k][1]}]")


def check_corpus(predictions: Any, references: Any) -> Tuple[List[str], List[List[str]]]:
    """Check a whole corpus; return (predictions, references as lists of lists)."""
    hyps = check_predictions(predictions)
    refs = check_references(references, len(hyps))
    if not hyps:
        raise ValueError(
            "predictions is empty: a corpus score needs at least one segment "
            "(an empty string is a valid segment)"
        )
    return hyps, refs


def check_choice(name: str, value: Any, choices: Sequence[Any]) -> Any:
    """Raise a ValueError naming ``name`` unless ``value`` is one of ``choices``."""
    if value not in choices:
        raise ValueError(f"{name}={value!r} is not supported; use one of {', '.join(map(repr, choices))}")
    return value


def check_texts(texts: Any, name: str) -> List[str]:
    """A non-empty list of strings, or an error naming ``name`` and the bad item."""
    if texts is None:
        raise TypeError(f"{name} is None: pass a list of strings")
    items = check_predictions(texts, name)
    if not items:
        raise ValueError(f"{name} is empty: pass at least one string")
    return items
