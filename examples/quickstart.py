"""The main job on a small embedded example: BLEU, NIST and METEOR through evaluate.load.

Run from anywhere: ``python examples/quickstart.py``. Nothing is downloaded; the
sentences below were written for this example.
"""
from __future__ import annotations

import json
from pathlib import Path

import evaluate

REPO = Path(__file__).resolve().parents[1]

PREDICTIONS = [
    "The committee approved the new budget on Tuesday.",
    "Heavy rain is expected in the north of the country tomorrow.",
    "She said the museum will reopen after the renovation.",
    "The train to the airport leaves every twenty minutes.",
    "Researchers found that the drug reduced symptoms in most patients.",
]
REFERENCES = [
    ["The committee approved the new budget on Tuesday.", "On Tuesday the committee passed the new budget."],
    ["Heavy rainfall is forecast for the north of the country tomorrow."],
    ["According to her, the museum will reopen once the renovation is finished.", "She said the museum would reopen after renovation."],
    ["Trains to the airport depart every 20 minutes."],
    ["The researchers found the medicine eased symptoms in most patients."],
]


def main() -> None:
    for folder, key in (("bleu_custom", "score"), ("nist_custom", "nist"), ("meteor_custom", "meteor")):
        metric = evaluate.load(str(REPO / folder))
        result = metric.compute(predictions=PREDICTIONS, references=REFERENCES)
        print(f"{folder:14s} {key} = {result[key]:.4f}")
        print(f"{'':14s} {result['signature']}")
    bleu = evaluate.load(str(REPO / "bleu_custom"), effective_order=True)
    segments = bleu.compute(predictions=PREDICTIONS, references=REFERENCES, return_segments=True)["segment_scores"]
    print("sentence BLEU per segment:", json.dumps([round(s, 4) for s in segments]))


if __name__ == "__main__":
    main()
