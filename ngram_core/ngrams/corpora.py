"""The one road from checked texts to a tokenized corpus, for every size: the small/large choice is made here.

A tokenized corpus comes in one of two layouts, behind one interface (``plain``,
``n_segments``, ``refs_per_segment``):

- :class:`TokenLists`, the plain layout: each text's tokens as Python lists
  (:mod:`ngram_core.ngrams.plain`), no numpy and no pyarrow imported: a one-off call in a
  fresh process is fastest this way;
- :class:`~ngram_core.ngrams.index.TokenizedCorpus`, the array layout: token ids in numpy
  arrays (:mod:`ngram_core.ngrams.index`), what everything else reads (n-gram matches and
  indexes, statistics that add, slice and travel between processes).

A metric says what it can count in plain Python with its options (``plain_chars``: the
most characters, ``math.inf`` for any size, -1 for none: :meth:`ngram_core.metric.Metric.plain_chars`);
the road decides (:func:`plain_layout`): plain where the metric can, the caller takes
either layout (it wants results, not statistics to move around), and
:func:`ngram_core.compiled.plain_limit` allows the input's size. The numbers are the
same either way (``tests/bleu/test_plain_and_array_paths_agree.py``,
``tests/core/test_small_inputs_equal_general_paths.py``).

:class:`Corpora` holds the checked texts of a call and, per (tokenizer, lowercasing)
setting, one tokenized corpus for every metric that shares it, in the layout decided
once for the call.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from .. import compiled
from ..tokenizers.casing import Case
from . import plain

if TYPE_CHECKING:
    from .index import NgramIndex, NgramMatches, TokenizedCorpus

# A shared tokenization: (tokenizer name, its case).
CorpusKey = Tuple[str, Case]
NO_PLAIN_FORM = -1.0  # a metric's plain_chars where it counts nothing in plain Python


def corpus_key(tokenize: str, lowercase: Any) -> CorpusKey:
    """The key of a tokenized corpus: the tokenizer's name and the :class:`Case` of ``lowercase``."""
    return tokenize, Case.of(lowercase)


def plain_layout(hypotheses: Sequence[str], references: Sequence[Sequence[str]], plain_chars: float) -> bool:
    """Whether the road takes the plain layout for these texts, where what reads them
    counts up to ``plain_chars`` characters in plain Python (-1: nothing; ``math.inf``:
    any size). A setting (:func:`ngram_core.compiled.prefer_plain`) overrides the
    reader's own bound, not its having no plain form."""
    if plain_chars < 0:
        return False
    limit = compiled.plain_limit()
    if compiled.plain_setting() is None:
        limit = min(limit, plain_chars)
    return plain.within(hypotheses, references, limit)


@dataclass(frozen=True)
class TokenLists:
    """The plain layout of a tokenized corpus: ``hyps[s]`` segment ``s``'s hypothesis
    tokens, ``refs[s]`` its references' (lists shared with :func:`ngram_core.ngrams.plain.tokenized`'s
    cache: read them, do not change them)."""

    hyps: List[List[str]]
    refs: List[List[List[str]]]
    plain = True

    @property
    def n_segments(self) -> int:
        return len(self.hyps)

    @property
    def refs_per_segment(self) -> List[int]:
        return [len(refs) for refs in self.refs]


def tokenized_corpus(hypotheses: Sequence[str], references: Sequence[Sequence[str]], tokenize: str = "13a",
                     lowercase: Any = False, plain_chars: float = NO_PLAIN_FORM
                     ) -> Union[TokenLists, TokenizedCorpus]:
    """Checked texts (one list of references per hypothesis) tokenized by ``tokenize``
    with ``lowercase`` (``False``, ``True``, ``"ascii"``), in the layout :func:`plain_layout`
    decides for a reader that counts up to ``plain_chars`` characters in plain Python
    (by default none: the array layout, :func:`~ngram_core.ngrams.index.tokenize_corpus`)."""
    return _tokenized(hypotheses, references, corpus_key(tokenize, lowercase),
                      plain_layout(hypotheses, references, plain_chars))


def _tokenized(hypotheses: Sequence[str], references: Sequence[Sequence[str]], key: CorpusKey,
               in_python: bool) -> Union[TokenLists, TokenizedCorpus]:
    if in_python:
        compiled.count_call()  # (a process that tokenizes corpus after corpus is long-running)
        return TokenLists(*plain.tokenized(hypotheses, references, key[0], key[1].value))
    from .index import tokenize_corpus  # (the array code: numpy, on first need)

    return tokenize_corpus(hypotheses, references, *key)


class Corpora:
    """The checked texts of a call, and their tokenized corpora, n-gram matches and
    indexes, each built once per (tokenizer, lowercasing) setting for every metric that
    shares it, in one layout for the call (``plain``).

    ``orders`` gives, per setting, the largest n-gram order any metric asked for
    (:meth:`~ngram_core.metric.Metric.ngram_order`): the matches and indexes are counted
    once, to that order. ``plain_chars``: as :func:`plain_layout`'s (by default the array
    layout, which every statistics' use takes).
    """

    def __init__(self, hyps: List[str], refs: List[List[str]], orders: Optional[Dict[CorpusKey, int]] = None,
                 plain_chars: float = NO_PLAIN_FORM) -> None:
        self.hyps, self.refs, self.orders = hyps, refs, {} if orders is None else orders
        self.plain = plain_layout(hyps, refs, plain_chars)
        self._corpora: Dict[CorpusKey, Union[TokenLists, TokenizedCorpus]] = {}
        self._indexes: Dict[CorpusKey, NgramIndex] = {}
        self._matches: Dict[CorpusKey, List[NgramMatches]] = {}

    @classmethod
    def of(cls, hyps: List[str], refs: List[List[str]], chosen: Iterable[Tuple[Any, Mapping[str, Any]]],
           results_only: bool = False) -> "Corpora":
        """The corpora the ``chosen`` metrics (each a :class:`~ngram_core.metric.Metric`,
        with its resolved options) read: every
        (tokenizer, lowercasing) setting one of them asks for, matched to the largest order
        asked. ``results_only``: the caller turns the statistics into results and nothing
        else, so the plain layout may serve where every chosen metric counts in plain Python."""
        orders: Dict[CorpusKey, int] = {}
        plain_chars = math.inf if results_only else NO_PLAIN_FORM
        for metric, options in chosen:
            key, order = metric.tokenization(options), metric.ngram_order(options)
            if key is not None and order:
                orders[key] = max(orders.get(key, 1), order)
            if results_only:
                plain_chars = min(plain_chars, metric.plain_chars(options))
        return cls(hyps, refs, orders, plain_chars)

    def corpus(self, tokenize: str, lowercase: Any) -> Union[TokenLists, TokenizedCorpus]:
        """The texts tokenized by ``tokenize`` with ``lowercase``, in the call's layout, once."""
        key = corpus_key(tokenize, lowercase)
        if key not in self._corpora:
            self._corpora[key] = _tokenized(self.hyps, self.refs, key, self.plain)
        return self._corpora[key]

    def retokenized(self, hyps: List[str], refs: List[List[str]], tokenize: str, lowercase: Any
                    ) -> Union[TokenLists, TokenizedCorpus]:
        """Other texts of the same segments (a variant whose tool sees changed texts), in the call's layout."""
        return _tokenized(hyps, refs, corpus_key(tokenize, lowercase), self.plain)

    def index(self, tokenize: str, lowercase: Any) -> NgramIndex:
        from .index import NgramIndex

        key = corpus_key(tokenize, lowercase)
        if key not in self._indexes:
            self._indexes[key] = NgramIndex(self._arrays(tokenize, lowercase), self.orders[key],
                                            self.matches(tokenize, lowercase))
        return self._indexes[key]

    def matches(self, tokenize: str, lowercase: Any) -> Optional[List[NgramMatches]]:
        """The n-gram matches shared by the metrics of one setting, to its largest order
        (:func:`~ngram_core.ngrams.index.match_ngrams`); None in the plain layout, where
        each metric counts its own."""
        from .index import match_ngrams

        if self.plain:
            return None
        key = corpus_key(tokenize, lowercase)
        if key not in self._matches:
            self._matches[key] = match_ngrams(self._arrays(tokenize, lowercase), self.orders[key])
        return self._matches[key]

    def _arrays(self, tokenize: str, lowercase: Any) -> TokenizedCorpus:
        if self.plain:
            raise ValueError("an n-gram index is the array layout's: these corpora are plain token lists "
                             "(Corpora.of(..., results_only=True) with metrics that count in plain Python)")
        return self.corpus(tokenize, lowercase)
