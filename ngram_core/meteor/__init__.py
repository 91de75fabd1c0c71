"""METEOR (Lavie & Agarwal 2007; Denkowski & Lavie 2014): the METEOR 1.5 jar's numbers
(the default) and NLTK's.

METEOR 1.5 (``variant="meteor-1.5"``), modules named ``jar_*`` for the tool they
reproduce: ``jar_normalize`` (-norm), ``jar_resources`` (the jar's word lists and
tables), ``jar_stemmers``, ``jar_matching`` (the modules' candidates), ``jar_beam``
(the search), ``jar_statistics`` (additive statistics, the score), ``jar_settings``
(languages, tasks, parameters), ``jar_metric`` (a corpus). NLTK's (``variant="nltk"``):
``stemmers``, ``wordnet`` (WordNet 3.0 shipped offline), ``tables`` (token tables and
joins), ``matching``, ``scoring``. ``metric``: the options (declared once), the
variants and ``compute_meteor``.
"""
from .jar_statistics import MeteorStatistics
from .matching import STAGES
from .metric import OPTIONS, VARIANTS, SegmentResult, compute_meteor, segment_statistics, signature
from .scoring import MeteorStats, meteor_formula

__all__ = [
    "OPTIONS",
    "STAGES",
    "VARIANTS",
    "MeteorStatistics",
    "MeteorStats",
    "SegmentResult",
    "compute_meteor",
    "meteor_formula",
    "segment_statistics",
    "signature",
]
