"""Corpus scores across processes with ``torch.distributed``, without gathering texts.

Each rank computes the statistics of its own segments (``corpus_statistics``);
:func:`reduce_statistics` then combines them so that every rank holds the
statistics of the whole corpus, and :func:`score_distributed` scores them. The
result is the single-process score of the concatenated corpus (BLEU exactly; NIST
and METEOR's mean of segment scores to float rounding of their sums).

What crosses the wire:
- BLEU: one int64 vector, the summed statistics (hypothesis length, closest
  reference length, matches and totals per order, and for the other variants the
  hypotheses shorter than each order and the shortest reference length):
  ``all_reduce(SUM)``; then the last segment's hypothesis length and 5-gram matches
  (NLTK's methods 5-7), from the last rank that has segments.
- METEOR: one float64 vector, the summed statistics (METEOR 1.5's
  :class:`~ngram_core.meteor.MeteorStatistics` row, or NLTK's variant's
  :class:`~ngram_core.meteor.MeteorStats`: segments, sum of segment scores, lengths,
  matches, chunks; integers stay exact below 2^53): ``all_reduce(SUM)``.
- Both also ``all_reduce(MAX)`` the fewest and most references per segment, for the
  ``nrefs`` field of the signature.
- NIST is *not* reducible by a fixed-size ``all_reduce``: its information weights
  need the reference n-gram counts of the whole corpus, keyed by n-gram, and each
  rank sees different n-grams. Its statistics (per-rank reference n-gram counts and
  matches, no texts) go through ``all_gather_object`` and are added with ``+`` in
  rank order.

Works with any initialized process group (``gloo`` on CPU, ``nccl`` on GPUs: the
tensors are put on ``device``). Per-segment scores (``return_segments``) stay on
their ranks and are not supported here.
"""
from __future__ import annotations

from typing import Any, Dict, Optional, Sequence

import numpy as np

from .bleu import BleuStatistics
from .meteor import metric as meteor_metric
from .meteor.jar_metric import parameters_of
from .meteor.jar_statistics import MeteorStatistics, columns
from .meteor.scoring import MeteorStats
from .nist import NgramTable, NistStatistics
from .suite import METRICS, MeteorSegments, corpus_statistics, results_from_statistics, split_options

_NO_SEGMENTS = np.iinfo(np.int64).max


def _torch():
    try:
        import torch
        import torch.distributed as dist
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("ngram_core.distributed needs torch: pip install 'ngram-core[trainer]'") from err
    if not dist.is_available() or not dist.is_initialized():
        raise RuntimeError("torch.distributed is not initialized: call torch.distributed.init_process_group first")
    return torch, dist


def _default_device(dist, group) -> str:
    return "cuda" if dist.get_backend(group) == "nccl" else "cpu"


def _all_reduce(values: np.ndarray, op: str, group=None, device: Optional[str] = None) -> np.ndarray:
    torch, dist = _torch()
    tensor = torch.from_numpy(np.ascontiguousarray(values)).to(device or _default_device(dist, group))
    dist.all_reduce(tensor, op=getattr(dist.ReduceOp, op), group=group)
    return tensor.cpu().numpy()


def _global_n_refs(n_refs: np.ndarray, group=None, device: Optional[str] = None) -> np.ndarray:
    """Per-segment reference counts standing for the whole corpus: [fewest] or [fewest, most]."""
    local = np.array([-(n_refs.min() if len(n_refs) else _NO_SEGMENTS), n_refs.max(initial=0)], dtype=np.int64)
    neg_fewest, most = _all_reduce(local, "MAX", group, device)
    fewest = -neg_fewest
    if fewest == _NO_SEGMENTS:
        return np.zeros(0, dtype=np.int64)
    return np.array([fewest] if fewest == most else [fewest, most], dtype=np.int64)


def _reduce_bleu(stats: BleuStatistics, group=None, device=None) -> BleuStatistics:
    total = stats.sum()
    N = stats.max_order
    vector = np.concatenate([total.hyp_len, total.ref_len, total.matches[0], total.totals[0],
                             total.short_hyps[0], total.shortest_ref_len]).astype(np.int64)
    summed = _all_reduce(vector, "SUM", group, device)
    # the shortest reference length is unknown (-1) if it is unknown on any rank
    unknown = _all_reduce(np.array([int(total.shortest_ref_len[0] < 0)], dtype=np.int64), "MAX", group, device)[0]
    n_refs = _global_n_refs(stats.n_refs, group, device)
    last_hyp_len, last_matches_5 = _last_segment(stats, total, group, device)
    rows = max(len(n_refs), 1)
    # row 0 carries the sums; a second, all-zero row only carries the other
    # reference count, so that the signature says ``nrefs:var`` when it should
    hyp_len = np.zeros(rows, dtype=np.int64)
    ref_len = np.zeros(rows, dtype=np.int64)
    matches = np.zeros((rows, N), dtype=np.int64)
    totals = np.zeros((rows, N), dtype=np.int64)
    short_hyps = np.zeros((rows, N), dtype=np.int64)
    shortest = np.zeros(rows, dtype=np.int64)
    hyp_len[0], ref_len[0] = summed[0], summed[1]
    matches[0], totals[0], short_hyps[0] = summed[2: 2 + N], summed[2 + N: 2 + 2 * N], summed[2 + 2 * N: 2 + 3 * N]
    shortest[0] = -1 if unknown else summed[-1]
    # the last segment's values sit in the last row, which is the one sum() keeps
    last = np.zeros(rows, dtype=np.int64)
    last_5 = np.zeros(rows, dtype=np.int64)
    last[-1], last_5[-1] = last_hyp_len, last_matches_5
    return BleuStatistics(hyp_len, ref_len, matches, totals, n_refs if len(n_refs) else np.zeros(1, dtype=np.int64),
                          shortest, short_hyps, last, last_5)


def _last_segment(stats: BleuStatistics, total: BleuStatistics, group=None, device=None):
    """(hypothesis length, clipped 5-gram matches) of the corpus's last segment: the last
    one of the last rank that has segments (NLTK's smoothing methods 5-7 read them)."""
    _, dist = _torch()
    rank = dist.get_rank(group)
    last_rank = _all_reduce(np.array([rank if len(stats) else -1], dtype=np.int64), "MAX", group, device)[0]
    mine = [total.last_hyp_len[0], total.last_matches_5[0]] if rank == last_rank else [0, 0]
    return _all_reduce(np.array(mine, dtype=np.int64), "SUM", group, device)


def _reduce_meteor(stats, group=None, device=None):
    if isinstance(stats, MeteorStatistics):  # meteor-1.5: the summed statistics row
        summed = _all_reduce(stats.rows.sum(axis=0), "SUM", group, device)
        n_refs = _global_n_refs(stats.n_refs, group, device)
        rows = np.zeros((max(len(n_refs), 1), stats.rows.shape[1]))  # extra all-zero rows carry the reference counts
        rows[0] = summed
        return MeteorStatistics(rows, stats.params, n_refs if len(n_refs) else np.zeros(1, dtype=np.int64))
    t = stats.total()
    vector = np.array([t.segments, t.score_sum, t.hyp_len, t.ref_len, t.matches, t.chunks], dtype=np.float64)
    s = _all_reduce(vector, "SUM", group, device)
    total = MeteorStats(int(s[0]), float(s[1]), int(s[2]), int(s[3]), int(s[4]), int(s[5]))
    return MeteorSegments([total], _global_n_refs(stats.n_refs, group, device))


def _gather_nist(stats, group=None):
    _, dist = _torch()
    gathered = [None] * dist.get_world_size(group)
    dist.all_gather_object(gathered, stats, group=group)
    return sum(gathered)


def reduce_statistics(stats: Dict[str, Any], group=None, device: Optional[str] = None) -> Dict[str, Any]:
    """Every rank's statistics combined: the statistics of the whole corpus, on every rank.

    Every rank must call it (collective operations) with the same metrics.
    """
    reducers = {"bleu": _reduce_bleu, "meteor": _reduce_meteor}
    out: Dict[str, Any] = {}
    for name in METRICS:  # the same order on every rank
        if name not in stats:
            continue
        out[name] = _gather_nist(stats[name], group) if name == "nist" else reducers[name](stats[name], group, device)
    return out


def score_distributed(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                      group=None, device: Optional[str] = None, **options: Any) -> Dict[str, Dict[str, Any]]:
    """``score_all`` of the corpus formed by every rank's segments (rank 0's first), on every rank.

    Each rank passes only its own ``predictions`` and ``references`` (it may have none).
    """
    if options.get("return_segments"):
        raise ValueError("return_segments is not supported across processes: score segments on their own rank")
    if len(predictions):
        stats = corpus_statistics(predictions, references, metrics, **options)
    else:
        stats = _empty_statistics(metrics, **options)
    return results_from_statistics(reduce_statistics(stats, group, device), **options)


def _empty_statistics(metrics: Sequence[str], **options: Any) -> Dict[str, Any]:
    """Statistics of no segments (for a rank whose shard is empty)."""
    per_metric = split_options(metrics, options)
    empty = np.zeros(0, dtype=np.int64)
    out: Dict[str, Any] = {}
    for name, opts in per_metric.items():
        if name == "bleu":
            N = opts["max_order"]
            out[name] = BleuStatistics(empty, empty, np.zeros((0, N), dtype=np.int64), np.zeros((0, N), dtype=np.int64), empty)
        elif name == "meteor" and opts["variant"] == "meteor-1.5":
            settings = meteor_metric.settings_of(opts)
            width = len(columns(len(settings.stages)))
            out[name] = MeteorStatistics(np.zeros((0, width)), parameters_of(settings), empty)
        elif name == "meteor":
            out[name] = MeteorSegments([], empty)
        else:
            table = NgramTable(vocab=[], order=empty, parent=empty, token=empty, count=empty)
            out[name] = NistStatistics(empty, empty, empty, np.zeros((0, opts["n"]), dtype=np.int64), empty, empty, empty, table)
    return out
