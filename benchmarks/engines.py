"""Corpus BLEU on Ray Data and Spark against one process and against "collect, then sacreBLEU".

``python benchmarks/engines.py --segments 200000 > /tmp/engines_bench.txt`` writes the WMT systems
(``corpora.all_systems()``, 1-3 references per segment) repeated to ``--segments`` rows into a
folder of Parquet files of 50,000 rows (hyp, refs, system), then runs each configuration in a fresh process, one after the
other:

- ``single``: the file read into lists, then ``corpus_bleu`` in this process (the compute timed);
- ``sacrebleu``: what users do today: the text collected on the driver, sacreBLEU 2.6.0's ``corpus_bleu``;
- ``ray1``, ``ray2``: ``ngram_core.engines.ray.corpus_score`` on ``ray.data.read_parquet``, ``ray.init(num_cpus=k)``;
- ``spark1``, ``spark2``: ``ngram_core.engines.spark.corpus_score`` on ``spark.read.parquet``, ``local[k]``.

Each engine run is preceded by an untimed warm-up on 2,000 rows (worker start, numba's compiled
kernels loaded). Reported per configuration: wall seconds, segments/s, CPU seconds of the driver
and every process it started (engine daemons, JVM, workers) per million segments, the largest
resident set of any worker process and of the driver, the bytes of pickled partial statistics
the engine brings to the driver per segment, and the score (all must be equal).

``--nist-table`` instead measures NIST's reference n-gram count table: the reduced statistics
of every distinct reference set of the WMT data (what one group's table holds on the driver),
its rows and pickled bytes per segment.
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpora import REPO, Corpus, all_systems  # noqa: E402

CONFIGS = ("single", "sacrebleu", "ray1", "ray2", "spark1", "spark2")
WARM_UP = 2000
FILE_ROWS = 50_000


def write_parquet(segments: int, path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    corpus = all_systems()
    hyps, refs = corpus.hypotheses, corpus.references
    repeats = -(-segments // len(hyps))
    rows = range(segments)
    table = pa.table({
        "hyp": pa.array([hyps[i % len(hyps)] for i in rows], pa.string()),
        "refs": pa.array([refs[i % len(refs)] for i in rows], pa.list_(pa.string())),
        "system": pa.array([f"copy{i // len(hyps)}" for i in rows], pa.string()),
    })
    # a folder of files of FILE_ROWS rows, as a data lake holds them: Ray Data reads a file as
    # one block, so a single large file would make one worker hold all of it
    path.mkdir()
    for k, start in enumerate(range(0, segments, FILE_ROWS)):
        pq.write_table(table.slice(start, FILE_ROWS), path / f"part-{k:05d}.parquet")
    print(f"# {segments:,} segments: the {len(hyps):,} WMT system segments x{repeats} (cut), "
          f"files of {FILE_ROWS:,} rows in {path}", flush=True)


class Sampler:
    """CPU seconds of this process and its descendants, and their peak resident sets."""

    def __init__(self) -> None:
        self.me = psutil.Process()
        self.peaks: Dict[int, int] = {}
        self.private: Dict[int, int] = {}  # resident minus shared pages (Ray's object store, libraries)
        self.kinds: Dict[int, str] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def processes(self) -> List[psutil.Process]:
        return [self.me] + self.me.children(recursive=True)

    def cpu(self) -> Dict[int, float]:
        out = {}
        for p in self.processes():
            try:
                t = p.cpu_times()
                out[p.pid] = t.user + t.system + t.children_user + t.children_system
            except psutil.Error:
                pass
        return out

    def _kind(self, p: psutil.Process) -> str:
        if p.pid == self.me.pid:
            return "driver"
        line = " ".join(p.cmdline())
        if p.name().startswith("ray::") or "pyspark.daemon" in line or "pyspark.worker" in line:
            return "worker"
        return "java" if "java" in p.name() else "other"

    def _run(self) -> None:
        while not self._stop.is_set():
            for p in self.processes():
                try:
                    memory = p.memory_info()
                    rss, private = memory.rss, memory.rss - getattr(memory, "shared", 0)
                    self.kinds[p.pid] = self._kind(p)  # (Spark's launcher script becomes the JVM by exec)
                except psutil.Error:
                    continue
                self.peaks[p.pid] = max(self.peaks.get(p.pid, 0), rss)
                self.private[p.pid] = max(self.private.get(p.pid, 0), private)
            time.sleep(0.2)

    def start(self) -> "Sampler":
        self._thread.start()
        return self

    def stop(self) -> Dict[str, float]:
        self._stop.set()
        self._thread.join()
        peak = {kind: max([v for pid, v in self.peaks.items() if self.kinds.get(pid) == kind], default=0) / 2**20
                for kind in ("driver", "worker", "java")}
        out = {f"peak_{kind}_mb": round(mb, 1) for kind, mb in peak.items()}
        workers = [v for pid, v in self.private.items() if self.kinds.get(pid) == "worker"]
        out["peak_worker_private_mb"] = round(max(workers, default=0) / 2**20, 1)
        return out


def count_partial_bytes() -> Dict[str, int]:
    """Wrap engines.add_partials so that the bytes the driver receives are counted."""
    from ngram_core import engines

    counted = {"bytes": 0, "partials": 0}
    add_partials = engines.add_partials

    def counting(job, partials):
        blobs = list(partials)
        counted["bytes"] += sum(map(len, blobs))
        counted["partials"] += len(blobs)
        return add_partials(job, blobs)

    engines.add_partials = counting
    return counted


def child(config: str, parquet: Path, batch_size: Optional[int]) -> Dict[str, Any]:
    import pyarrow.parquet as pq

    n = sum(pq.read_metadata(f).num_rows for f in ([parquet] if parquet.is_file() else parquet.glob("*.parquet")))
    sampler = Sampler().start()
    counted = count_partial_bytes()
    if config in ("single", "sacrebleu"):
        table = pq.read_table(parquet, columns=["hyp", "refs"])
        hyps, refs = table.column("hyp").to_pylist(), table.column("refs").to_pylist()
        del table
        before, t0 = sampler.cpu(), time.perf_counter()
        if config == "single":
            from ngram_core.bleu import corpus_bleu

            score = corpus_bleu(hyps, refs)["score"]
        else:
            from run import sacrebleu_bleu

            score = sacrebleu_bleu(Corpus("collected", hyps, refs))
    elif config.startswith("ray"):
        import ray
        import ray.data

        from ngram_core.engines import ray as engine

        ray.init(num_cpus=int(config[3:]), include_dashboard=False, log_to_driver=False)
        ray.data.DataContext.get_current().enable_progress_bars = False
        ds = ray.data.read_parquet(str(parquet))
        engine.corpus_score(ds.limit(WARM_UP), "bleu", predictions="hyp", references="refs")
        counted.update(bytes=0, partials=0)
        before, t0 = sampler.cpu(), time.perf_counter()
        sizes = {"batch_size": batch_size} if batch_size else {}
        score = engine.corpus_score(ds, "bleu", predictions="hyp", references="refs", **sizes)["score"]
    else:
        from pyspark.sql import SparkSession

        from ngram_core.engines import spark as engine

        builder = (SparkSession.builder.master(f"local[{config[5:]}]").config("spark.ui.enabled", "false")
                   .config("spark.driver.memory", "2g"))
        if batch_size:
            builder = builder.config("spark.sql.execution.arrow.maxRecordsPerBatch", str(batch_size))
        spark = builder.getOrCreate()
        spark.sparkContext.setLogLevel("ERROR")
        df = spark.read.parquet(str(parquet))
        engine.corpus_score(df.limit(WARM_UP), "bleu", predictions="hyp", references="refs")
        counted.update(bytes=0, partials=0)
        before, t0 = sampler.cpu(), time.perf_counter()
        score = engine.corpus_score(df, "bleu", predictions="hyp", references="refs")["score"]
    wall = time.perf_counter() - t0
    after = sampler.cpu()
    cpu = sum(after[pid] - before.get(pid, 0.0) for pid in after)
    out = {"config": config, "segments": n, "wall_s": round(wall, 2), "segments_per_s": round(n / wall),
           "cpu_s_per_million": round(cpu / n * 1e6, 1), "score": score,
           "partials": counted["partials"], "bytes_per_segment": round(counted["bytes"] / n, 3)}
    out.update(sampler.stop())
    return out


def nist_table() -> Dict[str, Any]:
    """NIST's reduced statistics of every distinct reference set: the count table one group holds."""
    from ngram_core import engines

    corpus = all_systems()
    seen, hyps, refs = set(), [], []
    for hyp, ref in zip(corpus.hypotheses, corpus.references):
        key = tuple(ref)
        if key not in seen:
            seen.add(key)
            hyps.append(hyp)
            refs.append(ref)
    job = engines.plan("nist", "hyp", "refs")
    t0 = time.perf_counter()
    partials = [blob for start in range(0, len(hyps), 1024)
                for blob in engines.batch_partials(job, {"hyp": hyps[start:start + 1024],
                                                          "refs": refs[start:start + 1024]})]
    total = engines.add_partials(job, partials)[()]
    seconds = time.perf_counter() - t0
    size = len(pickle.dumps(total, protocol=pickle.HIGHEST_PROTOCOL))
    n_refs = sum(map(len, refs))
    return {"distinct_segments": len(hyps), "reference_texts": n_refs, "table_rows": len(total.table),
            "table_bytes": size, "bytes_per_segment": round(size / len(hyps), 1),
            "mb_per_million_segments": round(size / len(hyps) * 1e6 / 2**20, 1),
            "partial_bytes_per_segment": round(sum(map(len, partials)) / len(hyps), 1),
            "seconds": round(seconds, 2)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--segments", type=int, default=200_000)
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--child", choices=CONFIGS)
    parser.add_argument("--parquet", type=Path)
    parser.add_argument("--batch-size", type=int, default=None,
                        help="rows per batch (Ray's batch_size, Spark's arrow.maxRecordsPerBatch); default: each adapter's")
    parser.add_argument("--nist-table", action="store_true")
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.parquet, args.batch_size)), flush=True)
        return
    if args.nist_table:
        print(json.dumps(nist_table()), flush=True)
        return
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")]))}
    with tempfile.TemporaryDirectory() as folder:
        parquet = Path(folder) / "segments"
        write_parquet(args.segments, parquet)
        for config in args.configs.split(","):
            load = os.getloadavg()[0]
            sizes = ["--batch-size", str(args.batch_size)] if args.batch_size else []
            done = subprocess.run([sys.executable, __file__, "--child", config, "--parquet", str(parquet), *sizes],
                                  capture_output=True, text=True, env=env, cwd=REPO)
            lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
            if done.returncode or not lines:
                print(f"# {config} failed ({done.returncode}): {done.stderr[-2000:]}", flush=True)
                continue
            result = json.loads(lines[-1])
            result.update(load_before=round(load, 2), batch_size=args.batch_size or "default")
            print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main()
