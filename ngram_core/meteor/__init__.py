"""METEOR (Lavie & Agarwal 2007; Denkowski & Lavie 2014) on the shared tokenizers.

Modules, one concept each: ``stemmers`` (Snowball, NLTK's Porter), ``wordnet`` (WordNet
3.0 shipped offline), ``tables`` (the distinct sentence pairs of a corpus as token
tables, and joins on them), ``matching`` (exact -> stem -> synonym stages, all pairs at
once), ``alignment`` (chunks, fewest-chunks alignment), ``scoring`` (the formula,
additive statistics), ``metric`` (a corpus: tokens -> statistics -> scores, signature).
"""
from .alignment import count_chunks, fewest_chunks
from .matching import STAGES
from .metric import OPTIONS, VARIANTS, SegmentResult, compute_meteor, segment_statistics, signature
from .scoring import MeteorStats, meteor_formula

__all__ = [
    "OPTIONS",
    "STAGES",
    "VARIANTS",
    "MeteorStats",
    "SegmentResult",
    "compute_meteor",
    "count_chunks",
    "fewest_chunks",
    "meteor_formula",
    "segment_statistics",
    "signature",
]
