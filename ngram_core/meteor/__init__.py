"""METEOR (Lavie & Agarwal 2007; Denkowski & Lavie 2014): the METEOR 1.5 jar's numbers
(the default) and NLTK's.

METEOR 1.5 (``variant="meteor-1.5"``) in ``jar/``, one module per part of the tool it
reproduces: ``normalize`` (-norm), ``resources`` (the jar's word lists and tables),
``stemmers/``, ``matching`` and ``paraphrase`` (the modules' candidates), ``beam`` (the
search) with the compiled kernels beside them, ``statistics`` (additive statistics, the
score), ``settings`` (languages, tasks, parameters), ``metric`` (a corpus). NLTK's
(``variant="nltk"``) in ``nltk/``: ``stemmers``, ``wordnet`` (WordNet 3.0 shipped
offline), ``matching``. Shared: ``tables`` (token tables and joins), ``scoring``,
``java_text`` (Java's string semantics), ``entry`` (the registry's entry) and
``options``: the options, declared once, and the variants; ``metric``: ``compute_meteor``.
"""
from ..lazy import attributes
from .options import OPTIONS, VARIANTS

# the rest, imported when first asked for (the registry imports this package for its declaration)
__getattr__ = attributes(__name__, {
    "MeteorStatistics": ".jar.statistics", "STAGES": ".nltk.stages", "SegmentResult": ".corpus",
    "compute_meteor": ".corpus", "segment_statistics": ".corpus", "MeteorStats": ".scoring",
    "meteor_formula": ".scoring"})

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
]
