"""Corpus scores across processes with ``torch.distributed``, without gathering texts.

Each rank computes the statistics of its own segments (``corpus_statistics``);
:func:`reduce_statistics` then combines them so that every rank holds the
statistics of the whole corpus, and :func:`score_distributed` scores them. The
result is the single-process score of the concatenated corpus (BLEU exactly; NIST
and METEOR's mean of segment scores to float rounding of their sums).

What crosses the wire is each metric's business (``Metric.reduce`` of
:mod:`ngram_core.registry`'s metrics, over a :class:`TorchWire`): BLEU and METEOR
``all_reduce(SUM)`` one vector of summed statistics (and ``all_reduce(MAX)`` the
fewest and most references per segment, for the ``nrefs`` field of the signature);
NIST, whose information weights need the reference n-gram counts of the whole corpus
keyed by n-gram, goes through ``all_gather_object`` and adds its statistics with
``+`` in rank order. See each metric's entry module for the details.

Works with any initialized process group (``gloo`` on CPU, ``nccl`` on GPUs: the
tensors are put on ``device``). Per-segment scores (``return_segments``) stay on
their ranks and are not supported here.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

import numpy as np

from .. import registry
from ..inputs import check_corpus
from ..suite import METRICS, results_of, split_options, statistics_of


def _torch():
    try:
        import torch
        import torch.distributed as dist
    except ImportError as err:  # pragma: no cover - depends on the environment
        raise ImportError("ngram_core.adapters.torch needs torch: pip install 'ngram-core[trainer]'") from err
    if not dist.is_available() or not dist.is_initialized():
        raise RuntimeError("torch.distributed is not initialized: call torch.distributed.init_process_group first")
    return torch, dist


class TorchWire:
    """:class:`ngram_core.metric.Wire` over ``torch.distributed``: tensors on ``device``
    (default: ``cuda`` for ``nccl``, else ``cpu``), collectives within ``group``."""

    def __init__(self, group=None, device: Optional[str] = None) -> None:
        self._torch, self._dist = _torch()
        self.group = group
        self.device = device or ("cuda" if self._dist.get_backend(group) == "nccl" else "cpu")
        self.rank = self._dist.get_rank(group)

    def _all_reduce(self, values: np.ndarray, op: str) -> np.ndarray:
        tensor = self._torch.from_numpy(np.ascontiguousarray(values)).to(self.device)
        self._dist.all_reduce(tensor, op=getattr(self._dist.ReduceOp, op), group=self.group)
        return tensor.cpu().numpy()

    def sum(self, values: np.ndarray) -> np.ndarray:
        return self._all_reduce(values, "SUM")

    def max(self, values: np.ndarray) -> np.ndarray:
        return self._all_reduce(values, "MAX")

    def gather(self, value: Any) -> List[Any]:
        gathered = [None] * self._dist.get_world_size(self.group)
        self._dist.all_gather_object(gathered, value, group=self.group)
        return gathered


def reduce_statistics(stats: Dict[str, Any], group=None, device: Optional[str] = None) -> Dict[str, Any]:
    """Every rank's statistics combined: the statistics of the whole corpus, on every rank.

    Every rank must call it (collective operations) with the same metrics.
    """
    wire = TorchWire(group, device)
    # the registry's order, the same on every rank
    return {metric.name: metric.reduce(stats[metric.name], wire) for metric in registry.metrics()
            if metric.name in stats}


def score_distributed(predictions: Sequence[str], references: Sequence[Any], metrics: Sequence[str] = METRICS,
                      group=None, device: Optional[str] = None, **options: Any) -> Dict[str, Dict[str, Any]]:
    """``score_all`` of the corpus formed by every rank's segments (rank 0's first), on every rank.

    Each rank passes only its own ``predictions`` and ``references`` (it may have none).
    """
    if options.get("return_segments"):
        raise ValueError("return_segments is not supported across processes: score segments on their own rank")
    per_metric = split_options(metrics, options)  # resolved once for this call
    if len(predictions):
        stats = statistics_of(*check_corpus(predictions, references), per_metric)[0]
    else:  # an empty shard: the statistics of no segments
        stats = {name: registry.get(name).empty_statistics(values) for name, values in per_metric.items()}
    return results_of(reduce_statistics(stats, group, device), per_metric)
