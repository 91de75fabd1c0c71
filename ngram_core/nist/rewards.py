"""NIST's compiled reward road (:mod:`ngram_core.rewards`): for NIST's default
sentence-level options (mteval, 13a, n = 5) a batch's texts become token ids in one
compiled pass (:mod:`ngram_core.ngrams.batch_tokens`, numbered as the small-input encoder
numbers them), and the statistics and segment scores are those of
:meth:`ngram_core.nist.entry.Nist.sentence_scores` on that corpus (the information weights
of the whole batch's references), with the same numbers, without the small-input
cache's dictionaries and without the corpus score and result dictionary
(:func:`ngram_core.nist.segment_scores`). Other options take ``sentence_scores``.
"""
from __future__ import annotations

from typing import Any, Callable, List, Mapping, Optional

from .. import compiled

# the sentence-level values (``sentence_values(nist, {})``) this road computes
DEFAULTS = {"variant": "mteval", "tokenize": "13a", "lowercase": False, "n": 5, "mteval_quirks": False,
            "return_segments": False}


def road(entry: Any, values: Mapping[str, Any]) -> Optional[Callable[[List[str], List[List[str]]], List[float]]]:
    """:func:`rewards` for NIST (``entry``, which asks: :meth:`~ngram_core.metric.Metric.reward_road`) with :data:`DEFAULTS` and the compiled kernels
    may run (:func:`ngram_core.compiled.use`), else None."""
    if dict(values) == DEFAULTS and compiled.use():
        return lambda hypotheses, references: rewards(entry, hypotheses, references)
    return None


def rewards(entry: Nist, hypotheses: List[str], references: List[List[str]]) -> List[float]:
    """``entry.sentence_scores`` of each (hypothesis, its references) as a list (beyond
    ``SMALL_INPUT_TEXTS_13A`` texts, where the general road's pyarrow encoder numbers the
    tokens its own way and NIST sums floats in id order, through ``sentence_scores``)."""
    from ..ngrams.batch_tokens import reference_table, tokens_13a
    from ..ngrams.corpus import SMALL_INPUT_TEXTS_13A
    from ..ngrams.index import TokenizedCorpus
    from . import segment_scores
    from .statistics import nist_statistics

    distinct, table = reference_table(references)
    if len(hypotheses) + len(distinct) > SMALL_INPUT_TEXTS_13A:
        return entry.sentence_scores(hypotheses, references, DEFAULTS).tolist()
    corpus = TokenizedCorpus(texts=tokens_13a(hypotheses + distinct, encoded=True), n_segments=len(hypotheses),
                             ref_table=table)
    return segment_scores(nist_statistics(corpus, DEFAULTS["n"]), DEFAULTS["mteval_quirks"]).tolist()
