"""MBR decoding with mbrs' own decoder and our metrics: sentence BLEU and chrF as mbrs metrics.

Run from anywhere: ``python examples/mbrs_decoding.py`` in a venv with ``pip install
'torch==2.13.0' -e '.[mbrs]'`` (mbrs pins numpy 1.26: give it a venv of its own). The five
candidates are samples for one source; each is scored against all of them, as MBR does.
"""
from __future__ import annotations

from mbrs.decoders import DecoderMBR

from ngram_core.adapters import mbrs as ngram_mbrs  # registers ngram_core_bleu, ngram_core_chrf, ... in mbrs

CANDIDATES = [
    "The committee approved the new budget on Tuesday.",
    "On Tuesday the committee passed the new budget.",
    "The committee approved the budget Tuesday.",
    "Tuesday, the new budget was approved by the committee.",
    "The commission approved a new budget on Tuesday.",
]


def main() -> None:
    for name in ("bleu", "chrf"):
        decoder = DecoderMBR(DecoderMBR.Config(), ngram_mbrs.metric(name))
        best = decoder.decode(CANDIDATES, CANDIDATES, nbest=1)
        print(f"{name:5s} MBR choice: {best.sentence[0]!r}  (expected utility {best.score[0]:.4f}, 0-1)")


if __name__ == "__main__":
    main()
