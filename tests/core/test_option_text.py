"""An option's text and value: the one layer the command line and the Space read and show options with."""
from __future__ import annotations

import argparse

import pytest

from ngram_core import registry
from ngram_core.adapters import option_text
from ngram_core.adapters.cli import flags
from ngram_core.adapters.space import widgets


@pytest.mark.parametrize("kind,choices,nullable,text,value", [
    ("flag", (), False, "Yes", True), ("flag", (), False, "false", False), ("flag", (), False, True, True),
    ("int", (), False, "4", 4), ("int", (), False, "4.0", 4), ("int", (), False, 5.0, 5), ("int", (), True, "None", None),
    ("float", (), False, "0.25", 0.25), ("float", (), False, 1, 1.0), ("float", (), True, "none", None),
    ("choice", (False, True, "ascii"), False, "ASCII", "ascii"), ("choice", (False, True, "ascii"), False, "no", False),
    ("choice", (False, True, "ascii"), False, "False", False), ("choice", (1, 2), False, "2", 2),
    ("floats", (), False, "0.5, 0.25 0.25", [0.5, 0.25, 0.25]), ("floats", (), False, ["1", 2], [1.0, 2.0]),
    ("names", ("exact", "stem", "synonym"), False, ["exact", "stem"], ["exact", "stem"]),
    ("names", ("exact", "stem", "synonym"), False, "exact, Synonym", ["exact", "synonym"]),
])
def test_text_becomes_the_options_value(kind, choices, nullable, text, value):
    parsed = option_text.parse(text, kind, choices, nullable)
    assert parsed == value and type(parsed) is type(value)


@pytest.mark.parametrize("kind,choices,nullable,text,expected", [
    ("int", (), False, "3.7", "an integer"), ("int", (), False, True, "an integer"), ("int", (), True, "x", "an integer or 'none'"),
    ("float", (), False, "none", "a number"), ("flag", (), False, "maybe", "true or false"),
    ("choice", ("13a", "intl"), False, "zz", "one of 13a, intl"), ("floats", (), False, "0.5 a", "numbers separated by spaces"),
    ("names", ("exact", "stem"), False, ["exact", "paraphrase"], "one of exact, stem"),
])
def test_text_an_option_cannot_take_is_refused_with_what_it_takes(kind, choices, nullable, text, expected):
    with pytest.raises(option_text.TextError) as refused:
        option_text.parse(text, kind, choices, nullable)
    assert refused.value.expected == expected and str(refused.value).endswith(f"is not {expected}")


def test_every_declared_value_reads_back_from_its_text():
    """show then parse is the identity on every registered metric's defaults and choices."""
    for declaration in registry.DECLARATIONS.values():
        for option in declaration.values():
            values = [option.default, *option.choices] if option.kind != "names" else [list(option.choices)]
            for value in values:
                if value is None and not (option.nullable and option.kind in ("int", "float")):
                    continue  # None is "not given" there: no text stands for it
                assert option_text.parse(option_text.show(value), option.kind, option.choices,
                                         option.nullable) == value, (option.name, value)


def test_the_command_line_and_the_space_say_one_refusal_each_their_way():
    option = next(o for d in registry.DECLARATIONS.values() for o in d.values() if o.kind == "int")
    with pytest.raises(argparse.ArgumentTypeError, match="'3.7' is not an integer"):
        flags._parser(option, "int")("3.7")
    spec = widgets.OptionSpec(option.name, option.default, "int")
    with pytest.raises(widgets.InputError, match=f"The option {option.name} takes an integer, got '3.7'"):
        widgets.option_values([spec], ["3.7"])
