"""An option's value as text and text as its value: one body for every way in that types text.

The command line (:mod:`ngram_core.adapters.cli.flags`: ``--bleu-max-order 4``,
``-lc``, ``--meteor-weights 0.85 0.2``) and the Space's widgets
(:mod:`ngram_core.adapters.space.widgets`: a drop-down's ``False``, a text field's
``0.5, 0.5``) both turn what a person typed into an option's value with :func:`parse`, and
show a value as text with :func:`show`. Each says a refusal in its own words from the
same :class:`TextError` (what was typed, what the option takes); the declaration
(:class:`ngram_core.options.OptionSet`) then checks the value as for every other way in.

The kinds are the declaration's (:data:`ngram_core.options.KINDS`):

- ``flag``: ``true``/``yes`` or ``false``/``no`` (any case), or a bool as it is;
- ``int``: an integer (``4``, or ``4.0``: a whole number however written; ``4.5`` is refused,
  never cut to 4), ``float``: a number; a nullable one also takes ``none``;
- ``choice``: one of the choices as :func:`show` writes it, in any case (``ascii``,
  ``false``; ``true``/``false`` also as ``yes``/``no`` for a boolean choice);
- ``floats``: numbers separated by spaces or commas, or a list of them;
- ``names``: some of the choices (a list, or names separated by spaces or commas).
"""
from __future__ import annotations

from typing import Any, Sequence

WORDS = {"true": True, "yes": True, "false": False, "no": False}
NONE = "none"  # a nullable option's None, typed


class TextError(ValueError):
    """Text an option cannot take: ``text`` as typed, ``expected`` what the option takes
    (``"an integer"``, ``"one of exp, floor, add-k, none"``). Each way in phrases it."""

    def __init__(self, text: Any, expected: str):
        super().__init__(f"{text!r} is not {expected}")
        self.text, self.expected = text, expected


def show(value: Any) -> str:
    """A value as text: ``False`` -> ``False``, ``'ascii'`` -> ``ascii``, ``0.9`` -> ``0.9``,
    ``[0.5, 0.5]`` -> ``0.5 0.5``, ``None`` -> ``none``; :func:`parse` reads it back."""
    if value is None:
        return NONE
    if isinstance(value, (list, tuple)):
        return " ".join(show(v) for v in value)
    return str(value)


def expected(kind: str, choices: Sequence[Any] = (), nullable: bool = False) -> str:
    """What an option of ``kind`` takes, in words: ``an integer``, ``one of 13a, intl, none``."""
    text = {"flag": "true or false", "int": "an integer", "float": "a number",
            "floats": "numbers separated by spaces"}.get(kind) or f"one of {', '.join(show(c) for c in choices)}"
    return text + (f" or {NONE!r}" if nullable and kind in ("int", "float") else "")


def parse(text: Any, kind: str, choices: Sequence[Any] = (), nullable: bool = False) -> Any:
    """The value of an option of ``kind`` typed as ``text`` (a value of the option's own type,
    as a widget gives it, passes as it is once checked); :class:`TextError` otherwise."""
    if isinstance(text, str) and nullable and kind in ("int", "float") and text.strip().lower() == NONE:
        return None
    if kind == "flag":
        if isinstance(text, bool):
            return text
        if isinstance(text, str) and text.strip().lower() in WORDS:
            return WORDS[text.strip().lower()]
    elif kind in ("int", "float"):
        number = _number(text, kind == "int")
        if number is not None:
            return number
    elif kind == "choice":
        found = _choice(text, choices)
        if found is not _MISSING:
            return found[0]
    elif kind == "floats":
        items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        numbers = [_number(item, False) for item in items]
        if None not in numbers:
            return numbers
    else:  # names
        items = text.replace(",", " ").split() if isinstance(text, str) else list(text)
        found = [_choice(item, choices) for item in items]
        if _MISSING not in found:
            return [f[0] for f in found]
        text = next(item for item, f in zip(items, found) if f is _MISSING)
    raise TextError(text, expected(kind, choices, nullable))


_MISSING = object()


def _choice(text: Any, choices: Sequence[Any]):
    """``(choice,)`` for the choice ``text`` names (or is), else :data:`_MISSING`."""
    for choice in choices:
        if text is choice or (type(text) is type(choice) and text == choice):
            return (choice,)
    if isinstance(text, str):
        typed = text.strip().lower()
        for choice in choices:
            if show(choice).lower() == typed or (isinstance(choice, bool) and WORDS.get(typed, None) is choice):
                return (choice,)
    return _MISSING


def _number(text: Any, integer: bool):
    """``text`` as an int (``integer``) or a float, or None where it is not one."""
    if isinstance(text, bool):
        return None
    if isinstance(text, str):
        try:
            return int(text) if integer else float(text)
        except ValueError:
            pass
        try:
            text = float(text)  # an integer written 4.0 or 1e3
        except ValueError:
            return None
    if not isinstance(text, (int, float)):
        return None
    if not integer:
        return float(text)
    if isinstance(text, int):
        return text
    return int(text) if text.is_integer() else None
