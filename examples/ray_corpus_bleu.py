"""Corpus BLEU of a Ray Data dataset, per system, and each row's sentence score.

Run from anywhere: ``python examples/ray_corpus_bleu.py`` (``pip install 'ngram-core[ray]'``).
It scores the quickstart's five sentences as two "systems" on a local Ray cluster (Ray Data
starts one if none is running); on a real cluster the dataset would come from
``ray.data.read_parquet(...)`` and nothing else changes. Only statistics reach the driver.
"""
from __future__ import annotations

import sys
from pathlib import Path

import ray.data

from ngram_core.engines import ray as ngram_ray

sys.path.insert(0, str(Path(__file__).resolve().parent))
from quickstart import PREDICTIONS, REFERENCES  # noqa: E402  (the bundled sentences)


def main() -> None:
    rows = [{"id": i, "system": "A" if i < 3 else "B", "hyp": hyp, "refs": refs}
            for i, (hyp, refs) in enumerate(zip(PREDICTIONS, REFERENCES))]
    ds = ray.data.from_items(rows)
    whole = ngram_ray.corpus_score(ds, "bleu", predictions="hyp", references="refs")
    print(f"corpus BLEU of all {len(rows)} rows (0-100): {whole['score']:.4f}   {whole['signature']}")
    for system, result in sorted(ngram_ray.corpus_score(ds, "bleu", predictions="hyp", references="refs",
                                                        group_by="system").items()):
        print(f"  system {system}: {result['score']:.4f}")
    scored = ngram_ray.segment_scores(ds, "bleu", predictions="hyp", references="refs", effective_order=True)
    for row in scored.take_all():
        print(f"  row {row['id']}: sentence BLEU (0-1) {row['bleu']:.4f}")


if __name__ == "__main__":
    main()
