"""mbrs (naist-nlp/mbrs 0.1.8): every registered metric as a metric class mbrs' decoders take.

    from mbrs.decoders import DecoderMBR
    from ngram_core.adapters import mbrs as ngram_mbrs      # registers ngram_core_bleu, ngram_core_chrf, ...
    metric = ngram_mbrs.metric("bleu", tokenize="intl")      # = get_metric("ngram_core_bleu")(Config(options=...))
    best = DecoderMBR(DecoderMBR.Config(), metric).decode(hypotheses, samples, nbest=1)

Importing the module registers one :class:`mbrs.metrics.Metric` subclass per metric of
:mod:`ngram_core.registry` under mbrs' registry as ``ngram_core_<name>`` (mbrs' own
``bleu``, ``chrf`` stay as they are); :func:`metric_class` makes one for a metric
registered later. Each fills in what mbrs' base class asks of a metric:

- ``Config(options={...})``: the metric's options (``ngram_core.load(name)``'s), checked
  when the metric is made, with its sentence-level options under them (BLEU: sacreBLEU's
  sentence BLEU, as mbrs' ``MetricBLEU``);
- ``score(hypothesis, reference)``, ``scores(hypotheses, references)``: segment scores;
- ``pairwise_scores(hypotheses, references)``: the ``(H, R)`` matrix of
  :func:`ngram_core.pairwise`, each text tokenized and counted once, in bounded blocks;
  what ``expected_scores`` (and so ``DecoderMBR``, ``DecoderPruningMBR``) average;
- ``corpus_score(hypotheses, references_lists)``: the corpus headline of
  :func:`ngram_core.score_all` (``references_lists``: sacreBLEU's layout, one list per
  reference stream);
- ``HIGHER_IS_BETTER = True``: every registered metric is a similarity, none an error rate.

Scores are the package's, 0-1 for BLEU, chrF and METEOR: mbrs' sacreBLEU-backed ``bleu`` and
``chrf`` give the same numbers times 100, so the decoders choose the same hypotheses.
Tensors are in torch's default dtype (float32), as mbrs' own metrics return them; the
source is not read. Reference aggregation (``MetricAggregatable``) is not offered.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional

import mbrs.metrics
import torch

from .. import registry
from ..inputs import check_texts
from ..metric import sentence_values
from ..pairwise_scores import pairwise
from ..suite import headline_scores, score_all

PREFIX = "ngram_core_"  # mbrs' registry name of metric m: ngram_core_m


class NgramMetric(mbrs.metrics.Metric):
    """One registered metric as an mbrs metric (see the module docstring); subclassed per metric."""

    name: str  # the metric's name in ngram_core.registry
    HIGHER_IS_BETTER = True

    @dataclass
    class Config(mbrs.metrics.Metric.Config):
        """``options``: the metric's options, as ``ngram_core.load(name, **options)`` takes them."""

        options: Dict[str, Any] = field(default_factory=dict)

    def __init__(self, cfg: "NgramMetric.Config") -> None:
        super().__init__(cfg)
        if not isinstance(cfg.options, dict):
            raise TypeError(f"Config.options must be a dict of {self.name}'s options, got {type(cfg.options).__name__}")
        self.entry = registry.get(self.name)
        self.values = sentence_values(self.entry, cfg.options)  # checked now, not on the first batch

    def _tensor(self, values: Any) -> torch.Tensor:
        return torch.as_tensor(values).to(torch.get_default_dtype())

    def score(self, hypothesis: str, reference: str, source: Optional[str] = None) -> float:
        return float(self.scores([hypothesis], [reference])[0])

    def scores(self, hypotheses: List[str], references: List[str], sources: Optional[List[str]] = None) -> torch.Tensor:
        hyps, refs = check_texts(hypotheses, "hypotheses"), check_texts(references, "references")
        if len(hyps) != len(refs):
            raise ValueError(f"hypotheses has {len(hyps)} texts and references {len(refs)}: give one reference each")
        return self._tensor(self.entry.sentence_scores(hyps, [[r] for r in refs], self.values))

    def pairwise_scores(self, hypotheses: List[str], references: List[str],
                        source: Optional[str] = None) -> torch.Tensor:
        return self._tensor(pairwise(self.name, hypotheses, references, **self.cfg.options))

    def corpus_score(self, hypotheses: List[str], references_lists: List[List[str]],
                     sources: Optional[List[str]] = None) -> float:
        streams = [check_texts(refs, f"references_lists[{k}]") for k, refs in enumerate(references_lists)]
        if not streams or any(len(refs) != len(hypotheses) for refs in streams):
            raise ValueError(f"references_lists must be one or more lists of {len(hypotheses)} references "
                             "(one per hypothesis each), sacreBLEU's layout")
        results = score_all(hypotheses, [list(refs) for refs in zip(*streams)], metrics=[self.name],
                            **self.cfg.options)
        return headline_scores(results)[self.name]


_CLASSES: Dict[str, type] = {}


def metric_class(name: str) -> type:
    """The mbrs metric class of registered metric ``name``, registered in mbrs as ``ngram_core_<name>``."""
    registry.check_metrics([name])
    if name not in _CLASSES:
        cls = type(f"Metric_{name}", (NgramMetric,), {"name": name, "__doc__": f"{name} as an mbrs metric."})
        _CLASSES[name] = mbrs.metrics.register(PREFIX + name)(cls)
    return _CLASSES[name]


def metric(name: str, **options: Any) -> NgramMetric:
    """An mbrs metric object of registered metric ``name`` with ``options`` (checked now)."""
    cls = metric_class(name)
    return cls(cls.Config(options=options))


for _name in registry.names():
    metric_class(_name)

__all__ = ["NgramMetric", "PREFIX", "metric", "metric_class"]
