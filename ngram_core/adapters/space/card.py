"""The metric folder: its card (``README.md``: front matter and Markdown) and its metric script."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Dict, Tuple


def read_card(folder: str | Path) -> Tuple[Dict[str, Any], str]:
    """(front matter as a dict, Markdown body) of ``folder/README.md``.

    A card without front matter gives ``{}`` and the whole text; no card gives
    ``({}, "")``.
    """
    path = Path(folder) / "README.md"
    if not path.is_file():
        return {}, ""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, text
    for end in range(1, len(lines)):
        if lines[end].strip() == "---":
            break
    else:
        return {}, text
    import yaml  # a dependency of gradio, and of the space extra

    meta = yaml.safe_load("\n".join(lines[1:end])) or {}
    return meta, "\n".join(lines[end + 1 :]).lstrip("\n")


def metric_family(name: str) -> str:
    """``"bleu"`` for ``"bleu_custom"``, ``"rouge_l"`` for ``"rouge_l_custom"``: the name of its
    metric in :mod:`ngram_core.registry` (what precedes ``_custom``; for a name without it, what
    precedes its first ``_``)."""
    name = name.lower()
    return name[: -len("_custom")] if name.endswith("_custom") else name.split("_")[0]


def metric_script(folder: str | Path) -> Path:
    """The metric script in ``folder``: its one ``.py`` file besides ``app.py``.

    Not ``folder/<folder name>.py``, which is what ``evaluate.load(folder)`` looks for:
    the Hub clones a Space into a folder named ``app``, whatever the metric is called.
    """
    scripts = sorted(p for p in Path(folder).glob("*.py") if p.name != "app.py")
    if len(scripts) != 1:
        raise FileNotFoundError(
            f"{folder} should hold one metric script besides app.py, found "
            f"{', '.join(p.name for p in scripts) or 'none'}"
        )
    return scripts[0]


def load_metric(folder: str | Path):
    """``evaluate.load`` of the metric script in ``folder``, kept in memory (no cache files)."""
    import evaluate

    return evaluate.load(str(metric_script(Path(folder).resolve())), keep_in_memory=True)
