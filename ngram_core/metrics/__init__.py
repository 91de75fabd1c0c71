"""The registered metrics' evaluate scripts, wherever the package was installed from.

In a checkout they are the folders at the top of the repository (``<name>_custom/`` for
each metric of :mod:`ngram_core.registry`, each also a Hub Space); a ``pip install``
copies the same folders into this package (``setup.cfg``'s ``packages`` and
``package_dir``). :func:`script_path` finds them in either place, and :func:`load` hands
them to ``evaluate.load``, which then needs no network.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from .. import registry


def script_path(name: str) -> Path:
    """The evaluate script of registered metric ``name`` (``<name>_custom/<name>_custom.py``)."""
    if name not in registry.BUILT_IN:
        raise ValueError(f"no metric named {name!r} ships an evaluate script; ngram_core has "
                         f"{', '.join(map(repr, registry.BUILT_IN))}")
    folder = f"{name}_custom"
    here = Path(__file__).resolve().parent
    for base in (here, here.parents[1]):  # installed package; source checkout
        path = base / folder / f"{folder}.py"
        if path.is_file():
            return path
    raise FileNotFoundError(
        f"the {folder} metric script is neither in {here} nor in {here.parents[1]}: reinstall ngram-core "
        "(pip install ngram-core) or run from a complete checkout"
    )


def load(name: str, **options: Any):
    """``evaluate.load`` of our metric ``name`` with its options checked now.

    ``ngram_core.load("bleu", tokenize="intl")`` is ``evaluate.load("<package>/bleu_custom",
    tokenize="intl")``; evaluate's own arguments (``keep_in_memory``, ``experiment_id``,
    ``num_process``, ``process_id``, ``cache_dir``...) pass through.
    """
    import evaluate

    return evaluate.load(str(script_path(name)), **options)
