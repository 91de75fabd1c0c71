"""The main job on a small embedded example: BLEU, NIST, METEOR and chrF through evaluate.load.

Run from anywhere: ``python examples/quickstart.py``. Nothing is downloaded; the
sentences below were written for this example. Every number printed says its scale.
"""
from __future__ import annotations

import ngram_core

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

# (metric, the key printed, its scale)
HEADLINES = (
    ("bleu", "score", "0-100, sacreBLEU's number; result['bleu'] is the same on 0-1"),
    ("nist", "nist", "0 and up, no fixed maximum; good systems score about 8-13 on news"),
    ("meteor", "meteor", "0-1, the jar's corpus score, as ngram-score's METEOR; result['meteor_mean'] the mean"),
    ("chrf", "score", "0-100, sacreBLEU's chrF2; result['chrf'] is the same on 0-1"),
)


def main() -> None:
    print(f"{len(PREDICTIONS)} predictions, 1-2 references each\n")
    signatures = []
    for name, key, scale in HEADLINES:
        metric = ngram_core.load(name)  # evaluate.load of the bundled metric script: nothing is fetched
        result = metric.compute(predictions=PREDICTIONS, references=REFERENCES)
        print(f"{name:7s} {key} = {result[key]:.4f}   ({scale})")
        signatures.append(result["signature"])
    bleu = ngram_core.load("bleu", effective_order=True)
    segments = bleu.compute(predictions=PREDICTIONS, references=REFERENCES, return_segments=True)["segment_scores"]
    print(f"sentence BLEU per segment (0-1): {', '.join(f'{s:.4f}' for s in segments)}")
    print("\nSignatures: every setting that changes a number, to report beside it.")
    print("nrefs:var means the number of references varies from segment to segment (here 1 or 2).")
    for signature in signatures:
        print(f"  {signature}")


if __name__ == "__main__":
    main()
