"""Signatures come from the option declaration: each option says how it appears, each
metric the order of the fields per variant, and one function writes them all."""
from __future__ import annotations

import pytest

from ngram_core import registry
from ngram_core.options import Option, OptionSet, OptionValues, Signed

# what is not an option: the references per segment, METEOR 1.5's unit, TER's tokenizer (tercom's, always)
DATA_FIELDS = {"nrefs", "unit", "tok"}


@pytest.mark.parametrize("metric", registry.metrics(), ids=lambda m: m.name)
def test_every_signature_field_is_an_option_or_a_data_field_and_every_signed_option_is_shown(metric):
    options = metric.OPTIONS
    signed = {option.signature.key for option in options.values() if option.signature is not None}
    layouts = options.signature_fields
    variants = options["variant"].choices if "variant" in options else (None,)  # (None: a metric of one variant)
    assert set(layouts) == set(variants)
    shown = set()
    for variant, fields in layouts.items():
        assert len(set(fields)) == len(fields), variant
        assert set(fields) <= signed | DATA_FIELDS, (variant, set(fields) - signed - DATA_FIELDS)
        shown.update(fields)
    assert signed <= shown, signed - shown


@pytest.mark.parametrize("metric", registry.metrics(), ids=lambda m: m.name)
def test_the_signature_of_the_defaults_names_the_metric_its_fields_and_the_version(metric):
    options = metric.OPTIONS
    values = options.resolve({})
    text = options.signature_string(values, nrefs="1", unit="word", tok="tercom")
    keys = [part.split(":", 1)[0] for part in text.split("|")]
    assert keys[0] == options.metric and keys[-1] == "version"
    assert keys[1:-1] == [k for k in options.signature_fields[values.get("variant")] if k in keys]


def test_a_field_text_none_leaves_the_field_out_and_a_writer_may_read_the_other_values():
    options = OptionSet("TOY", [
        Option("variant", "a", "", "choice", choices=("a", "b"), signature=("variant", str)),
        Option("weights", None, "", "floats", nullable=True,
               signature=("w", lambda w: None if w is None else ",".join(map(str, w)))),
        Option("n", 2, "", "int", low=1, signature=Signed("n", lambda n, values: f"{n}/{values['variant']}", True)),
    ], signature_fields={"a": ("nrefs", "n", "w"), "b": ("variant", "n", "w")})
    assert options.signature_string(options.resolve({}), nrefs="3").startswith("TOY|nrefs:3|n:2/a|version:")
    assert options.signature_string(options.resolve({"variant": "b", "weights": [1, 2]})).startswith(
        "TOY|variant:b|n:2/b|w:1.0,2.0|version:")
    with pytest.raises(TypeError, match="needs the field 'nrefs'"):
        options.signature_string(options.resolve({}))


def test_a_declaration_without_the_fields_of_a_variant_is_refused():
    with pytest.raises(ValueError, match="every variant"):
        OptionSet("TOY", [Option("variant", "a", "", "choice", choices=("a", "b"))], signature_fields={"a": ()})


def test_resolved_values_read_as_attributes_and_stay_read_only():
    values = OptionValues({"max_order": 4, "weights": None})
    assert values.max_order == values["max_order"] == 4 and dict(values) == {"max_order": 4, "weights": None}
    assert OptionValues.of(values) is values
    with pytest.raises(AttributeError, match="read-only"):
        values.max_order = 3
