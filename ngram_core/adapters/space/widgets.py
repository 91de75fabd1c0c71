"""The options: a metric's declaration -> one widget each, and the widgets' values -> ``compute``'s keywords.

Text in a widget is read, and a value shown, by :mod:`ngram_core.adapters.option_text`, the
command line's own layer: the Space adds only what is its own (an emptied field, the
drop-down's ``(default)``, an option of another variant left out).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ...options import OptionFix
from .. import option_text
from .inputs import InputError

# Options that change the shape of the result have no widget: the metric's default holds.
HIDDEN = frozenset({"return_segments"})
DEFAULT_LABEL = "(default)"  # a nullable option left to the metric (its value depends on other options)


@dataclass(frozen=True)
class OptionSpec:
    """One option widget: ``kind`` is "choice", "flag", "int", "float", "numbers" (a
    list of numbers typed as text) or "names" (a group of checkboxes).
    ``optional``: the field may be left empty, which leaves the option at its default.
    ``variants``: the metric variants that read the option (empty: all)."""

    name: str
    default: Any
    kind: str
    choices: Tuple[Any, ...] = ()
    optional: bool = False
    doc: str = ""
    variants: Tuple[str, ...] = ()

    def label(self) -> str:
        text = f"{self.name} (empty: default)" if self.optional else self.name
        return text + (f" [{', '.join(self.variants)}]" if self.variants else "")

    @property
    def declared_kind(self) -> str:
        """The declaration's kind (:data:`ngram_core.options.KINDS`) of this widget's option."""
        return _DECLARED_KIND.get(self.kind, self.kind)

    @property
    def dropdown(self) -> bool:
        """A drop-down: a choice, or a nullable flag (``(default)``, ``True``, ``False``)."""
        return self.kind == "choice" or (self.kind == "flag" and self.optional)


_WIDGET_KIND = {"flag": "flag", "int": "int", "float": "float", "choice": "choice", "floats": "numbers",
                "names": "names"}
_DECLARED_KIND = {widget: declared for declared, widget in _WIDGET_KIND.items()}


def option_specs(options: Mapping[str, Any], family: str = "") -> List[OptionSpec]:
    """Widget specs for a metric's declared options (:class:`ngram_core.options.OptionSet`)."""
    specs = []
    for option in options.values():
        if option.name in HIDDEN:
            continue
        specs.append(OptionSpec(option.name, option.default, _WIDGET_KIND[option.kind], tuple(option.choices),
                                option.nullable, option.doc, tuple(option.variants)))
    return specs


def choice_label(value: Any) -> str:
    """How a choice is shown in a drop-down (``False``, ``'ascii'`` -> ``ascii``; ``None``,
    a nullable option's "decided by the other options", -> ``(default)``)."""
    return DEFAULT_LABEL if value is None else option_text.show(value)


def _dropdown_entries(spec: OptionSpec) -> Tuple[Any, ...]:
    """A drop-down's entries: a nullable choice or flag's (default) first, then its values."""
    values = spec.choices if spec.kind == "choice" else (True, False)
    return (None, *values) if spec.optional else values


def option_values(specs: Sequence[OptionSpec], values: Sequence[Any]) -> Dict[str, Any]:
    """The keyword arguments for ``compute``; an emptied required field is an error, an
    emptied optional one leaves its option out (the metric's default holds)."""
    kwargs = {}
    for spec, value in zip(specs, values):
        empty = value is None or (isinstance(value, str) and value.strip() == "") or (
            spec.optional and (value == DEFAULT_LABEL or (spec.kind == "names" and not value)))
        if empty:
            if spec.optional:
                continue
            raise InputError(f"The option {spec.name} is empty; its default is {spec.default!r}.")
        choices = spec.choices if spec.kind != "flag" else ()
        try:  # an optional number is typed as text (a Number field cannot be left empty)
            kwargs[spec.name] = option_text.parse(value, spec.declared_kind, choices, spec.optional)
        except option_text.TextError as err:
            raise InputError(f"The option {spec.name} takes {err.expected}, got {err.text!r}.") from None
    # an option of other variants, left at its default, is not sent (the chosen variant would refuse it)
    variant = next((kwargs.get("variant", spec.default) for spec in specs if spec.name == "variant"), None)
    for spec in specs:
        if spec.variants and variant not in spec.variants and spec.name in kwargs and kwargs[spec.name] == spec.default:
            del kwargs[spec.name]
    return kwargs


def widget_value(spec: OptionSpec) -> Any:
    """The widget's initial value for the option's default."""
    if spec.dropdown:
        return choice_label(spec.default)
    if spec.kind == "numbers":
        return "" if spec.default is None else option_text.show(spec.default)
    if spec.kind == "names":
        return [] if spec.default is None else list(spec.default)  # none ticked: the metric's own
    return spec.default


def in_widgets(err: OptionFix) -> str:
    """An :class:`OptionFix` in the page's words: the option widgets to change, as labelled."""
    def spell(name: str, value: Any) -> str:
        if isinstance(value, (list, tuple)):
            return f"the options' **{name}** ticked for {', '.join(map(option_text.show, value))} only"
        return f"the options' **{name}** set to {choice_label(value)}"

    return err.in_words(spell)


def option_widget(gr, spec: OptionSpec):
    """The Gradio widget of ``spec`` (``gr``: the gradio module), its value the default's."""
    elem_id = f"option-{spec.name}"
    value, label = widget_value(spec), spec.label()
    if spec.dropdown:
        return gr.Dropdown([choice_label(c) for c in _dropdown_entries(spec)], value=value, label=label,
                           elem_id=elem_id)
    if spec.kind == "flag":
        return gr.Checkbox(value=value, label=label, elem_id=elem_id)
    if spec.kind == "names":
        return gr.CheckboxGroup(list(spec.choices), value=value, label=label, elem_id=elem_id)
    if spec.kind == "int" and not spec.optional:
        return gr.Number(value=value, precision=0, label=label, elem_id=elem_id)
    if spec.kind == "float" and not spec.optional:
        return gr.Number(value=value, label=label, elem_id=elem_id)
    return gr.Textbox(value="" if value is None else value, label=label, elem_id=elem_id)
