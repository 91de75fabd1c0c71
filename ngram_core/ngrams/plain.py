"""N-gram counts in plain Python: a one-off call on a test set, with no numpy and no pyarrow.

The array code (:mod:`ngram_core.ngrams.index`) pays numpy's and pyarrow's imports,
about 0.1-0.15 s, before its first number, and then a few hundredths of a second for a
test set of 2,000 segments; plain Python needs no import and counts such a test set in
a few hundredths more. So a fresh process that scores one test set is fastest here, and
:func:`ngram_core.compiled.plain` says when a call runs this way (the numbers are the
same either way: ``tests/bleu/test_plain_and_array_paths_agree.py``).

Tokens are the tokenizers' own (:func:`ngram_core.tokenizers.tokenize`, the tokens the
encoders number). N-grams of order n > 1 are tuples of tokens; a hypothesis's clipped
matches of one order are a set intersection when none of its n-grams repeats (most
orders of most segments), and counted with ``Counter`` otherwise.

Bounds: a call runs here only up to ``compiled.PLAIN_INPUT_CHARS`` characters (1
million), so it holds at most the token lists of that much text and one segment's
n-grams at a time (some tens of MB); its time is linear in the tokens.
"""
from __future__ import annotations

import math
from collections import Counter
from itertools import chain
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from .. import caches
from ..tokenizers import tokenize_strings


class SegmentRows(list):
    """Statistics counted in plain Python: one row per segment (what the metric's plain
    form reads), and ``n_refs``, each segment's number of references. A metric's
    ``result`` reads them as it reads its array statistics; they do not add or slice
    as those do (the plain layout serves results only: :mod:`ngram_core.ngrams.corpora`)."""

    def __init__(self, rows: Iterable[Any], n_refs: List[int]) -> None:
        super().__init__(rows)
        self.n_refs = n_refs


def within(hypotheses: Sequence[str], references: Sequence[Sequence[str]], limit: float) -> bool:
    """Whether every text together holds at most ``limit`` characters (the size
    :func:`ngram_core.compiled.plain_limit` bounds), counted only as far as needed."""
    if limit < 0:
        return False
    if limit == math.inf:
        return True
    total = 0
    for text in chain(hypotheses, chain.from_iterable(references)):
        total += len(text)
        if total > limit:
            return False
    return True


# The tokens of the distinct references of the last call, with their key (tokenizer,
# lowercasing, the strings): systems scored one after the other on the same references
# (ngram-score -i A B C, a loop over systems) tokenize them once. One entry.
_last_references: Optional[Tuple[tuple, List[List[str]]]] = None


def _tokens(texts: List[str], tokenize: str, lowercase) -> List[List[str]]:
    return [line.split() for line in tokenize_strings(texts, tokenize, lowercase)]


def tokenized(hypotheses: Sequence[str], references: Sequence[Sequence[str]], tokenize: str,
              lowercase) -> Tuple[List[List[str]], List[List[List[str]]]]:
    """Tokens of every hypothesis and of every segment's references (each distinct
    reference string tokenized once, and not again by the next call on the same
    references). ``lowercase``: False, True (before tokenizing, as sacreBLEU) or
    ``"ascii"`` (A-Z in the tokens, mteval-v13a without ``-c``). The lists returned are
    shared with the cache: read them, do not change them."""
    global _last_references
    distinct: Dict[str, int] = {}
    slots = [[distinct.setdefault(ref, len(distinct)) for ref in refs] for refs in references]
    key = (tokenize, lowercase, tuple(distinct))
    last = _last_references
    if last is not None and last[0] == key:
        ref_tokens = last[1]
    else:
        ref_tokens = _tokens(list(distinct), tokenize, lowercase)
        _last_references = (key, ref_tokens)
    return _tokens(list(hypotheses), tokenize, lowercase), [[ref_tokens[slot] for slot in row] for row in slots]


def _clear_last_references() -> None:
    global _last_references
    _last_references = None


caches.register(caches.Cache(
    "plain_references", "the tokens of the distinct references of the last call counted in plain Python",
    "one set of references, at most compiled.PLAIN_INPUT_CHARS characters", _clear_last_references))


def clipped_matches(hypothesis: List[str], references: List[List[str]], orders: int) -> List[int]:
    """For n = 1..``orders``: the hypothesis n-grams that match, each counted at most as
    often as in the reference that has it most (BLEU's clipped matches)."""
    length = len(hypothesis)
    if not references:
        return [0] * orders
    hyp_from = [hypothesis[i:] for i in range(min(orders, length))]  # n-grams of order n: zip(*hyp_from[:n])
    refs_from = [[ref[i:] for i in range(orders)] for ref in references]
    out = []
    for n in range(1, orders + 1):
        if length < n:
            out.append(0)
            continue
        distinct = set(hypothesis if n == 1 else zip(*hyp_from[:n]))
        if len(distinct) == length - n + 1:  # no n-gram repeats: clipping cannot bind
            if len(references) == 1:
                out.append(len(distinct.intersection(references[0] if n == 1 else zip(*refs_from[0][:n]))))
            else:  # in any reference
                out.append(len(distinct.intersection(set().union(
                    *((ref[0] if n == 1 else zip(*ref[:n])) for ref in refs_from)))))
            continue
        counts = Counter(hypothesis if n == 1 else zip(*hyp_from[:n]))
        most = Counter(references[0] if n == 1 else zip(*refs_from[0][:n]))
        for ref in refs_from[1:]:
            for gram, count in Counter(ref[0] if n == 1 else zip(*ref[:n])).items():
                if count > most[gram]:
                    most[gram] = count
        common = counts.keys() & most.keys()
        out.append(sum(map(min, map(counts.__getitem__, common), map(most.__getitem__, common))))
    return out
