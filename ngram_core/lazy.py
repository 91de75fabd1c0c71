"""Imports paid when first used: numpy as ``np`` (``from ..lazy import np``), and a
package's names from their modules (:func:`attributes`).

The modules every way in imports (the registry, the metrics' entries, the command line,
significance) hold array code, but a one-off BLEU call runs in plain Python
(:func:`ngram_core.compiled.plain`) and needs none of it: importing numpy would be
0.05-0.1 s of a 0.2 s run. Those modules name numpy through :data:`np`, which imports
numpy at the first attribute it is asked for (``np.zeros``...) and then hands on
every attribute of the real module. Code that numba compiles keeps ``import numpy``:
numba reads the real module.
"""
from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable, Mapping, Optional


class LazyModule:
    """A module imported at the first attribute read (``np.zeros``), not at import."""

    __slots__ = ("_name", "_module")

    def __init__(self, name: str) -> None:
        self._name = name
        self._module: Optional[ModuleType] = None

    def __getattr__(self, attribute: str) -> Any:
        module = self._module
        if module is None:
            module = self._module = importlib.import_module(self._name)
        return getattr(module, attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, {'imported' if self._module is not None else 'imported on first use'}>"


np: Any = LazyModule("numpy")


def attributes(package: str, where: Mapping[str, str]) -> Callable[[str], Any]:
    """A package's ``__getattr__`` (PEP 562) that imports each name of ``where`` from its
    module (relative to ``package``) when the name is first asked for: the registry and
    the command line import the metric packages for their declarations, not their machinery."""
    def __getattr__(name: str) -> Any:
        if name in where:
            return getattr(importlib.import_module(where[name], package), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
