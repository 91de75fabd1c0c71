"""The metric folders the Space tests open (each also a Hub Space), and the toy metric's."""
from __future__ import annotations

from pathlib import Path

from helpers.data import REPO
from helpers.require import require

METRIC_FOLDERS = ["bleu_custom", "nist_custom", "meteor_custom", "chrf_custom", "ter_custom"]
TOY = Path(__file__).resolve().parents[1] / "space_fixtures" / "toy_metric"


def metric_folder(name: str) -> Path:
    """The folder of metric ``name``, or a skip (a fail in CI) while its script is missing."""
    if name == "toy_metric":
        return TOY
    folder = REPO / name
    require((folder / f"{name}.py").is_file(), f"{name}/{name}.py is not written yet")
    return folder
