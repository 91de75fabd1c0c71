"""ROUGE-L (Lin 2004): the F-measure of the longest common subsequence (LCS) of tokens.

``variant="coco"`` (the default) is pycocoevalcap 1.2's ``Rouge`` number for number: the
tokens are the text split on single spaces (``str.split(" ")``, as pycocoevalcap reads
its PTB-tokenized captions; an empty text is one empty token), ``beta = 1.2``, and with
several references the precision and the recall are maximised *separately* (each over
the references), then combined::

    P = max_r LCS(h, r) / |h|      R = max_r LCS(h, r) / |r|
    ROUGE-L = (1 + beta^2) P R / (R + beta^2 P)      (0 when P or R is 0)

``variant="rouge_score"`` is rouge-score 0.1.2's ``RougeScorer(["rougeL"])``: its tokenizer
(lowercase, every run of characters other than ``a-z0-9`` a separator: non-ASCII letters
and punctuation are dropped; no stemming), F1 (``beta = 1``: ``2 P R / (P + R)``), 0 when
either side has no token, and with several references the one of the highest F1 (the first
of equals, its ``score_multi``): P and R come from the *same* reference. So the two differ
in tokens (case, punctuation, non-ASCII), in beta, and in how references are combined.

Per-image scores are 0-1; the corpus score is their mean (pycocoevalcap's
``np.mean``), also 0-1. Bound: :data:`MAX_TOKENS` tokens per text (hypothesis or
reference); the LCS is bit-parallel (Allison and Dix 1986, Hyyrö 2004): time
``|h| * |r| / 64`` word operations per pair, memory ``O(|h| + |r|)``.
"""
from __future__ import annotations

import re
from typing import Any, Dict, Hashable, List, Mapping, Sequence, Tuple

from ..inputs import check_corpus
from ..options import Option, OptionSet, return_segments_option
from ..signature import nrefs_field

VARIANTS = ("coco", "rouge_score")
BETA = {"coco": 1.2, "rouge_score": 1.0}
MAX_TOKENS = 10_000  # tokens per text: the LCS of two texts at the bound is ~1.6M word operations

OPTIONS = OptionSet("ROUGE-L", [
    Option("variant", "coco", "whose ROUGE-L: 'coco' (pycocoevalcap 1.2's Rouge: split on spaces, beta 1.2, "
           "P and R each maximised over the references) or 'rouge_score' (rouge-score 0.1.2's rougeL: its "
           "tokenizer, F1, the reference of the best F1)", "choice", choices=VARIANTS, signature=("variant", str)),
    return_segments_option(),
], signature_fields={"coco": ("nrefs", "variant"), "rouge_score": ("nrefs", "variant")})

_NON_ALPHANUMERIC = re.compile(r"[^a-z0-9]+")


def tokens(text: str, variant: str) -> List[str]:
    """The tokens ROUGE-L compares: pycocoevalcap's ``text.split(" ")`` or rouge-score's tokenizer."""
    if variant == "coco":
        return text.split(" ")
    return _NON_ALPHANUMERIC.sub(" ", text.lower()).split()


def lcs_length(a: Sequence[Hashable], b: Sequence[Hashable]) -> int:
    """Length of the longest common subsequence of ``a`` and ``b``, bit-parallel: bit ``i``
    of ``row`` is 0 where column ``i`` of the LCS table steps up (Hyyrö 2004)."""
    if len(a) < len(b):
        a, b = b, a
    masks: Dict[Hashable, int] = {}
    for i, token in enumerate(b):
        masks[token] = masks.get(token, 0) | (1 << i)
    full = (1 << len(b)) - 1
    row = full
    for token in a:
        match = row & masks.get(token, 0)
        row = ((row + match) | (row - match)) & full
    return len(b) - bin(row).count("1")


def _check_length(toks: List[str], name: str, at: int) -> None:
    if len(toks) > MAX_TOKENS:
        raise ValueError(f"{name}[{at}] has {len(toks)} tokens; ROUGE-L's LCS is bounded at "
                         f"ngram_core.rouge_l.MAX_TOKENS = {MAX_TOKENS} tokens per text: split the text into "
                         "sentences or captions first")


def segment_score(hypothesis: List[str], references: List[List[str]], variant: str) -> float:
    """One image's ROUGE-L (0-1) of its tokens, in the tool's own arithmetic."""
    beta = BETA[variant]
    if variant == "coco":
        lcs = [lcs_length(r, hypothesis) for r in references]
        precision = max(m / float(len(hypothesis)) for m in lcs)
        recall = max(m / float(len(r)) for m, r in zip(lcs, references))
        if precision != 0 and recall != 0:
            return ((1 + beta ** 2) * precision * recall) / float(recall + beta ** 2 * precision)
        return 0.0
    best = None
    for r in references:  # the first of the highest F1 (numpy's argmax)
        f = 0.0
        if hypothesis and r:
            m = lcs_length(r, hypothesis)
            precision, recall = m / len(hypothesis), m / len(r)
            f = 2 * precision * recall / (precision + recall) if precision + recall > 0 else 0.0
        if best is None or f > best:
            best = f
    return float(best)


def segment_scores(hypotheses: Sequence[str], references: Sequence[Sequence[str]], variant: str) -> List[float]:
    """Each image's ROUGE-L (0-1), every text checked against :data:`MAX_TOKENS`."""
    cache: Dict[str, List[str]] = {}
    scores = []
    for s, (hyp, refs) in enumerate(zip(hypotheses, references)):
        if not refs:
            raise ValueError(f"references[{s}] is empty: ROUGE-L needs at least one reference per image")
        hyp_tokens = tokens(hyp, variant)
        _check_length(hyp_tokens, "predictions", s)
        ref_tokens = []
        for ref in refs:
            if ref not in cache:
                cache[ref] = tokens(ref, variant)
                _check_length(cache[ref], "references", s)
            ref_tokens.append(cache[ref])
        scores.append(segment_score(hyp_tokens, ref_tokens, variant))
    return scores


def signature_of(values: Mapping[str, Any], refs_per_segment: Any) -> str:
    """``ROUGE-L|nrefs:5|variant:coco|version:ngram-core-X``."""
    return OPTIONS.signature_string(values, nrefs=nrefs_field(refs_per_segment))


def result_of(score: float, signature: str, values: Mapping[str, Any]) -> Dict[str, Any]:
    """The result dictionary's keys but ``segment_scores``."""
    return {"rouge_l": float(score), "score": 100 * float(score), "variant": values["variant"],
            "beta": BETA[values["variant"]], "signature": signature}


def mean(scores: Sequence[float]) -> float:
    """pycocoevalcap's corpus score: ``np.mean`` of the per-image scores (numpy's pairwise sum)."""
    from ..lazy import np

    return float(np.mean(np.array(scores, dtype=np.float64)))


@OPTIONS.entry_point
def corpus_rouge_l(predictions: Sequence[str], references: Sequence[Any], **options: Any) -> Dict[str, Any]:
    """Corpus ROUGE-L of ``predictions`` (one caption per image) against ``references`` (one
    string or list per image): the mean of the per-image scores.

    ``rouge_l`` is the number on 0-1 (pycocoevalcap's ``Rouge().compute_score`` first value
    with ``variant="coco"``), ``score`` the same on 0-100; ``beta``, ``variant``, ``signature``.
    ``return_segments=True`` adds ``segment_scores`` (0-1, pycocoevalcap's per-image array).
    """
    hyps, refs = check_corpus(predictions, references)
    scores = segment_scores(hyps, refs, options["variant"])
    result = result_of(mean(scores), signature_of(options, [len(r) for r in refs]), options)
    if options["return_segments"]:
        result["segment_scores"] = scores
    return result


__all__ = ["BETA", "MAX_TOKENS", "OPTIONS", "VARIANTS", "corpus_rouge_l", "lcs_length", "segment_scores", "tokens"]
