"""Reproducibility signatures: one string naming everything that changes a number.

Format (sacreBLEU's, with the metric's name first and our version last):
``BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|order:4|version:ngram-core-0.1.0``.
"""
from __future__ import annotations

from typing import Iterable, Mapping

from . import __version__


def nrefs_field(refs_per_segment: Iterable[int]) -> str:
    """The reference count if every segment has the same number, else ``var``."""
    counts = refs_per_segment if hasattr(refs_per_segment, "min") else list(refs_per_segment)  # an array, or any iterable
    if not len(counts):
        return "var"
    low, high = (counts.min(), counts.max()) if hasattr(counts, "min") else (min(counts), max(counts))
    return str(int(counts[0])) if low == high else "var"


def number(value: float) -> str:
    """A number as the signatures write it (``%g``: 0.9, 3, 1e-05)."""
    return f"{value:g}"


def numbers(separator: str):
    """A writer of a list of numbers joined by ``separator`` (``None`` for no list)."""
    return lambda values: None if values is None else separator.join(map(number, values))


def make_signature(metric: str, fields: Mapping[str, object]) -> str:
    """``metric|key:value|...|version:ngram-core-X``, fields in the given order."""
    parts = [metric] + [f"{key}:{value}" for key, value in fields.items()]
    parts.append(f"version:ngram-core-{__version__}")
    return "|".join(parts)


def with_fields(signature: str, fields: Mapping[str, object], after: str = "nrefs") -> str:
    """``signature`` with ``fields`` inserted after its ``after`` field (sacreBLEU puts
    ``bs``/``ar``/``seed`` right after ``nrefs``); appended before ``version`` if absent."""
    parts = signature.split("|")
    keys = [part.split(":", 1)[0] for part in parts]
    at = keys.index(after) + 1 if after in keys else (keys.index("version") if "version" in keys else len(parts))
    return "|".join(parts[:at] + [f"{key}:{value}" for key, value in fields.items()] + parts[at:])


# sacreBLEU's short field names (``Signature._abbr``: -sh/--short) shared by every metric
SHORT_NAMES = {"version": "v", "nrefs": "#", "bs": "bs", "ar": "ar", "seed": "rs", "test": "t", "lang": "l"}


def short_signature(signature: str, names: Mapping[str, str] = {}) -> str:
    """``signature`` with sacreBLEU's short field names (``BLEU|#:1|c:mixed|...|v:ngram-core-X``):
    :data:`SHORT_NAMES` and the metric's own ``names`` (field -> short name); others stay."""
    names = {**SHORT_NAMES, **names}
    head, *parts = signature.split("|")
    short = [names.get(key, key) + sep + value for key, sep, value in (part.partition(":") for part in parts)]
    return "|".join([head] + short)
