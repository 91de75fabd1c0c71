"""Input checks shared by every metric: clear errors before any work is done.

Predictions are a sequence of strings; references are, per prediction, either one
string or a non-empty sequence of strings (the number may vary per segment). Every
check names the argument and says how to fix it. Empty strings are valid input.
"""
from __future__ import annotations

from itertools import chain
from typing import Any, List, Sequence, Tuple


def _is_sequence(obj: Any) -> bool:
    if isinstance(obj, (str, bytes, dict)):
        return False
    return hasattr(obj, "__iter__")


def _as_list(obj: Any, name: str) -> List[Any]:
    if obj is None:
        raise TypeError(f"{name} is missing: pass a list of strings")
    if isinstance(obj, (str, bytes)):
        raise TypeError(f"{name} must be a list of strings, not a single string; wrap it: [{name[:-1] if name.endswith('s') else name}]")
    if not _is_sequence(obj):
        raise TypeError(f"{name} must be a list of strings, got {type(obj).__name__}")
    return list(obj)


def check_predictions(predictions: Any) -> List[str]:
    """Return ``predictions`` as a list of strings, or raise naming the bad item."""
    items = _as_list(predictions, "predictions")
    if set(map(type, items)) <= {str}:  # the common case, checked in C; else find the culprit
        return items
    for i, item in enumerate(items):
        if not isinstance(item, str):
            raise TypeError(
                f"predictions[{i}] is {type(item).__name__} ({item!r:.40}), not a string; "
                "decode token ids to text first and use '' for an empty prediction"
            )
    return items


def check_references(references: Any, n_predictions: int) -> List[List[str]]:
    """Return ``references`` as one list of reference strings per prediction.

    Accepts one string per prediction, or one non-empty sequence of strings per
    prediction (ragged: 1..k references). Mixing the two forms is an error, because
    it usually means a list of references was flattened by mistake.
    """
    items = _as_list(references, "references")
    if len(items) != n_predictions:
        raise ValueError(
            f"references has {len(items)} entries but predictions has {n_predictions}: "
            "give one reference (or one list of references) per prediction"
        )
    if not items:
        return []
    single = isinstance(items[0], str)
    # the common cases, checked in C; anything else goes through the loop that names the culprit
    kinds = set(map(type, items))
    if kinds == {str}:
        return [[item] for item in items]
    if kinds == {list} and 0 not in map(len, items) and set(map(type, chain.from_iterable(items))) <= {str}:
        return items  # the caller's lists, never modified here or downstream
    out: List[List[str]] = []
    for i, item in enumerate(items):
        if isinstance(item, str):
            if not single:
                raise TypeError(
                    f"references[{i}] is a string but references[0] is a list: give every "
                    "prediction a list of references, e.g. [[ref], [ref_a, ref_b]]"
                )
            out.append([item])
            continue
        if single:
            raise TypeError(
                f"references[{i}] is {type(item).__name__} but references[0] is a string: give "
                "either one string per prediction or one list of strings per prediction"
            )
        if item is None or not _is_sequence(item):
            raise TypeError(
                f"references[{i}] is {type(item).__name__} ({item!r:.40}); expected a string "
                "or a list of strings"
            )
        refs = list(item)
        if not refs:
            raise ValueError(
                f"references[{i}] is an empty list: every prediction needs at least one "
                "reference ('' is allowed)"
            )
        for j, ref in enumerate(refs):
            if not isinstance(ref, str):
                raise TypeError(
                    f"references[{i}][{j}] is {type(ref).__name__} ({ref!r:.40}), not a "
                    "string; drop missing references from that segment's list instead of "
                    "passing None"
                )
        out.append(refs)
    return out


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
