"""One rank of a torch.distributed (gloo) run: score this rank's shard with
``ngram_core.adapters.torch.score_distributed`` and write the result as JSON.

Usage: python torch_distributed_scores.py RANK WORLD_SIZE PORT OUT_DIR [OPTIONS_JSON]
Rank r takes a contiguous block of the corpus, so that the
concatenation in rank order is the corpus (rank 0's block first).
"""
import json
import os
import sys
from pathlib import Path

import torch.distributed as dist

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import make_corpus  # noqa: E402

from ngram_core.adapters.torch import score_distributed  # noqa: E402


def main() -> None:
    rank, world, port, out_dir = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], Path(sys.argv[4])
    options = json.loads(sys.argv[5]) if len(sys.argv) > 5 else {}
    n_segments = options.pop("n_segments", 80)
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=port)
    dist.init_process_group("gloo", rank=rank, world_size=world)
    try:
        hyps, refs = make_corpus(n_segments)
        cut = [len(hyps) * r // world for r in range(world + 1)]
        shard = slice(cut[rank], cut[rank + 1])
        result = score_distributed(hyps[shard], refs[shard], **options)
        (out_dir / f"rank{rank}.json").write_text(json.dumps(result, default=float), encoding="utf-8")
    finally:
        dist.destroy_process_group()


if __name__ == "__main__":
    main()
