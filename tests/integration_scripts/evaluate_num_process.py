"""One process of evaluate's own distributed mode: ``evaluate.load(..., num_process=N,
process_id=i, experiment_id=..., cache_dir=shared)``, ``add_batch`` of this process'
shard, ``compute``; process 0 writes the result as JSON (the others get ``None``).

Usage: python evaluate_num_process.py METRIC_DIR PROCESS_ID NUM_PROCESS CACHE_DIR EXPERIMENT_ID OUT_JSON
"""
import json
import sys
from pathlib import Path

import evaluate

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import make_corpus  # noqa: E402


def main() -> None:
    metric_dir, pid, n, cache_dir, experiment, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5], Path(sys.argv[6])
    metric = evaluate.load(metric_dir, num_process=n, process_id=pid, cache_dir=cache_dir, experiment_id=experiment,
                           timeout=120)
    hyps, refs = make_corpus(80)
    cut = [len(hyps) * r // n for r in range(n + 1)]
    for start in range(cut[pid], cut[pid + 1], 16):
        end = min(start + 16, cut[pid + 1])
        metric.add_batch(predictions=hyps[start:end], references=refs[start:end])
    result = metric.compute()
    if pid == 0:
        out.write_text(json.dumps(result), encoding="utf-8")
    else:
        assert result is None, result


if __name__ == "__main__":
    main()
