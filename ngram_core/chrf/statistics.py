"""chrF's statistics with numpy: :class:`ChrfStatistics` (hypothesis n-grams, reference
n-grams and matches per segment and order, added by the declared reductions) and
:func:`chrf_statistics`, which counts them for a whole corpus at once.

The characters (code points) or words of every text are numbered densely (a table of
flags or numpy's sort, :func:`_dense`; no pyarrow to import), and the n-gram at a position
is its symbols' numbers packed side by side in one int64, under the number of its text
(:func:`_packed_grams`: no numbering pass per order, unless the symbols are too many for
the bits). Each order is one sort of the hypotheses' (text, n-gram) keys and one of the
references' (:func:`_runs`: each text's count of each n-gram); a hypothesis's matches
against its ``j``-th reference are a sorted look-up of its (reference, n-gram) keys, clipped
by the smaller count. :func:`_orders` (dense ids over all texts) is the pairwise
matrix's. A call of at least
:data:`COMPILED_INPUT_CHARS` characters, or any call in a process that has loaded numba
(:func:`ngram_core.compiled.use`), counts pair by pair in the compiled
:mod:`ngram_core.chrf.kernel` instead: the same integers, about 6x faster
(``benchmarks/README.md``). :func:`pair_scores` is the pairwise matrix's: each text's
n-grams counted once, the pairs' matches compiled. Memory: a few int64
arrays the size of the characters of 4,096 segments (:data:`CHUNK_SEGMENTS`) per order,
one order at a time.
"""
from __future__ import annotations

from dataclasses import dataclass
from itertools import chain
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from ..lazy import np

from .. import compiled
from ..ngrams.encoded import intern_strings
from ..statistics import Statistics, segment_field
from ..tokenizers.casing import Case
from . import EPS, kernel
from .plain import characters, prepared, words


@dataclass(frozen=True)
class ChrfStatistics(Statistics):
    """Per segment and order (characters 1..char_order, then words 1..word_order): the
    hypothesis's n-grams (0 where the chosen reference has none of that order), the
    chosen reference's n-grams and the clipped matches; and the number of references."""

    hyp: np.ndarray = segment_field("sum", ndim=2)  # (S, K)
    ref: np.ndarray = segment_field("sum", ndim=2)  # (S, K)
    match: np.ndarray = segment_field("sum", ndim=2)  # (S, K)
    n_refs: np.ndarray = segment_field("refs")  # (S,)

    def rows(self) -> np.ndarray:
        """``[hyp_1, ref_1, match_1, hyp_2, ...]`` per segment (sacreBLEU's layout), int64."""
        S, K = self.hyp.shape
        return np.stack([self.hyp, self.ref, self.match], axis=2).reshape(S, 3 * K).astype(np.int64)

    def row(self, i: int) -> List[int]:
        """Segment ``i``'s row as Python ints (what sacreBLEU scores a corpus from)."""
        return [int(v) for v in self.rows()[i]]


def f_scores(hyp: np.ndarray, ref: np.ndarray, match: np.ndarray, beta: int, eps_smoothing: bool) -> np.ndarray:
    """0-100 chrF of each row of ``(..., K)`` counts in float64: element for element the
    arithmetic of :func:`ngram_core.chrf.f_score` on Python ints."""
    hyp, ref, match = (np.asarray(a, dtype=np.float64) for a in (hyp, ref, match))
    factor = beta ** 2
    shape = hyp.shape[:-1]
    total = np.zeros(shape)
    precision_sum, recall_sum = np.zeros(shape), np.zeros(shape)
    seen = np.zeros(shape, dtype=np.int64)
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in range(hyp.shape[-1]):
            h, r, m = hyp[..., i], ref[..., i], match[..., i]
            precision = np.where(h > 0, m / np.where(h > 0, h, 1), EPS)
            recall = np.where(r > 0, m / np.where(r > 0, r, 1), EPS)
            weighted = factor * precision + recall
            total = total + np.where(weighted > 0, (1 + factor) * precision * recall / np.where(weighted > 0, weighted, 1),
                                     EPS)
            both = (h > 0) & (r > 0)
            precision_sum = np.where(both, precision_sum + precision, precision_sum)
            recall_sum = np.where(both, recall_sum + recall, recall_sum)
            seen = seen + both
        if eps_smoothing:
            return 100 * total / hyp.shape[-1]
        precision_avg = np.where(seen > 0, precision_sum / np.maximum(seen, 1), 0.0)
        recall_avg = np.where(seen > 0, recall_sum / np.maximum(seen, 1), 0.0)
        score = (1 + factor) * precision_avg * recall_avg
        score = score / np.where(precision_avg + recall_avg != 0, factor * precision_avg + recall_avg, 1)
    return np.where(precision_avg + recall_avg != 0, 100 * score, 0.0)


def variant_scores(hyp: Any, ref: Any, match: Any, values: Mapping[str, Any], scale: int = 100) -> np.ndarray:
    """chrF (0-100, or 0-1 with ``scale=1``) of each row of counts by the variant's rule,
    float64: :func:`f_scores` (sacreBLEU's) or torchmetrics' float32 numbers
    (:mod:`ngram_core.chrf.torchmetrics`; on 0-1 exactly its values)."""
    if values["variant"] == "torchmetrics":
        from . import torchmetrics

        return scale * torchmetrics.f_scores(hyp, ref, match, values["char_order"], values["beta"]).astype(np.float64)
    return f_scores(hyp, ref, match, values["beta"], values["eps_smoothing"]) / (100 // scale)


def _symbols(texts: Sequence[str], char: bool) -> Tuple[np.ndarray, np.ndarray]:
    """(symbol code of each character or word of the texts one after the other, length of each text)."""
    if char:
        joined = "".join(texts).encode("utf-32-le", "surrogatepass")
        codes = np.frombuffer(joined, dtype="<u4").astype(np.int64)
        return codes, np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    tokens = [words(t) for t in texts]
    codes, _ = intern_strings(chain.from_iterable(tokens))
    return codes, np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))


DENSE_KEYS = 1 << 22  # keys below this are numbered by a table of that many flags, larger ones by a sort


def _dense(keys: np.ndarray, bound: int) -> Tuple[np.ndarray, int]:
    """Dense codes 0..k-1 for non-negative int64 ``keys`` below ``bound`` (equal keys, equal
    codes, in the keys' order) and k: a table of flags where ``bound`` allows, otherwise
    numpy's sort (no hashing: pyarrow's import costs a one-off call more than it saves)."""
    if bound <= max(DENSE_KEYS, 4 * len(keys)):
        seen = np.zeros(bound, dtype=bool)
        seen[keys] = True
        number = np.cumsum(seen, dtype=np.int32 if bound < 2 ** 31 else np.int64) - 1
        return number[keys].astype(np.int64), (int(number[-1]) + 1 if bound else 0)
    distinct, inverse = np.unique(keys, return_inverse=True)
    return inverse.reshape(-1).astype(np.int64, copy=False), len(distinct)


def _orders(codes: np.ndarray, lengths: np.ndarray, max_order: int):
    """For n = 1..max_order: (text of each n-gram, its corpus-wide id, number of ids)."""
    N = len(codes)
    text_of = np.repeat(np.arange(len(lengths), dtype=np.int64), lengths)
    room = np.cumsum(lengths)[text_of] - np.arange(N, dtype=np.int64)  # symbols from each position to its text's end
    first, V = _dense(codes, int(codes.max(initial=-1)) + 1)
    ids, count = first, V
    for n in range(1, max_order + 1):
        at = np.flatnonzero(room >= n)  # the positions that start an n-gram
        if n > 1:  # (every such position started an (n-1)-gram too)
            codes_n, count = _dense(ids[at] * max(V, 1) + first[at + n - 1], count * max(V, 1))
            ids = np.full(N, -1, dtype=np.int64)
            ids[at] = codes_n
        yield text_of[at], ids[at], count


COMPILED_INPUT_CHARS = 2_000_000  # one call this large counts compiled (ngram_core.compiled's rule)
CHUNK_SEGMENTS = 4096  # segments counted at once: memory stays bounded (each segment's statistics are its own)


def chrf_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
                    values: Mapping[str, Any]) -> ChrfStatistics:
    """Per-segment chrF statistics of checked texts and resolved options, each segment
    against its best reference (the first of the highest f-score), :data:`CHUNK_SEGMENTS`
    segments at a time."""
    compiled.count_call()
    if len(hypotheses) <= CHUNK_SEGMENTS:
        return _chunk_statistics(hypotheses, references, values)
    parts = [_chunk_statistics(hypotheses[at:at + CHUNK_SEGMENTS], references[at:at + CHUNK_SEGMENTS], values)
             for at in range(0, len(hypotheses), CHUNK_SEGMENTS)]
    return ChrfStatistics(*(np.concatenate([getattr(p, name) for p in parts]) for name in ("hyp", "ref", "match", "n_refs")))


def _chunk_statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
                      values: Mapping[str, Any]) -> ChrfStatistics:
    S = len(hypotheses)
    index: Dict[str, int] = {}
    table = [[index.setdefault(r, len(index)) for r in refs] for refs in references]
    J = max(map(len, table), default=0)
    if not J:
        return empty_statistics(values)
    ref_table = np.full((S, J), -1, dtype=np.int64)
    for s, row in enumerate(table):
        ref_table[s, :len(row)] = row
    texts = Case.of(values["lowercase"]).texts([*hypotheses, *index])
    counts = _compiled_counts if compiled.use(sum(map(len, texts)), COMPILED_INPUT_CHARS) else _array_counts
    present = ref_table >= 0
    if values["variant"] == "torchmetrics":  # its characters, its hypothesis counts, its choice of reference
        from . import torchmetrics

        hyp, ref, match = torchmetrics.chosen(*torchmetrics.counts(texts, ref_table, values, counts), present, values)
        return ChrfStatistics(hyp, ref, match, present.sum(axis=1).astype(np.int64))
    hyp, ref, match = counts(texts, ref_table, values)
    if J == 1:
        best = np.zeros(S, dtype=np.int64)
    else:
        scores = f_scores(hyp, ref, match, values["beta"], values["eps_smoothing"])
        best = np.argmax(np.where(present, scores, -np.inf), axis=1)  # the first of the best
    pick = np.arange(S)
    return ChrfStatistics(hyp[pick, best], ref[pick, best], match[pick, best], present.sum(axis=1).astype(np.int64))


def _compiled_counts(texts: List[str], ref_table: np.ndarray, values: Mapping[str, Any], loops: Any = None):
    """(hyp, ref, match), each (S, J, K): :func:`ngram_core.chrf.kernel.pair_statistics`,
    compiled (or ``loops``: the kernel module itself, as the test of its one body runs it)."""
    S, J = ref_table.shape
    K = values["char_order"] + values["word_order"]
    codes = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype="<i4")  # (code points < 2^21)
    offsets = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=len(texts)), out=offsets[1:])
    hyp, ref, match = (np.zeros((S, J, K), dtype=np.int64) for _ in range(3))
    (loops or compiled.compile_loops(kernel)).pair_statistics(codes, offsets, ref_table, S, values["char_order"],
                                                   values["word_order"], values["whitespace"], hyp, ref, match)
    return hyp, ref, match


def _packed_grams(codes: np.ndarray, lengths: np.ndarray, max_order: int, text_bits: int):
    """For n = 1..max_order: (the n-gram of each position, its bits, whether an n-gram
    starts there), over the symbols of every text one after the other. An n-gram is its
    symbols' dense codes packed side by side (``bits`` bits a symbol), so equal n-grams
    are equal numbers with no numbering pass; where an order's n-grams would leave fewer
    than ``text_bits`` of 62 bits for a text number, the (n-1)-grams are numbered densely
    first (numpy's sort) and packed from there. Positions where no n-gram starts (the
    last n-1 of a text) hold numbers that mean nothing."""
    N = len(codes)
    symbol, V = _dense(codes, int(codes.max(initial=-1)) + 1)
    width = max(V - 1, 1).bit_length()
    room = np.repeat(np.cumsum(lengths), lengths) - np.arange(N, dtype=np.int64)  # symbols from each position to its text's end
    grams, bits = symbol, width
    for n in range(1, max_order + 1):
        if n > 1:
            if bits + width + text_bits > 62:
                distinct, grams = np.unique(grams, return_inverse=True)
                grams, bits = grams.reshape(-1), max(len(distinct) - 1, 1).bit_length()
            longer = grams << width
            if n <= N:
                longer[:N - n + 1] |= symbol[n - 1:]
            grams, bits = longer, bits + width
        yield grams, bits, room >= n


def _runs(keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(the distinct keys, sorted, and how often each occurs)."""
    keys = np.sort(keys)
    if not len(keys):
        return keys, keys
    starts = np.flatnonzero(np.concatenate(([True], keys[1:] != keys[:-1])))
    return keys[starts], np.diff(np.append(starts, len(keys)))


def _array_counts(texts: List[str], ref_table: np.ndarray, values: Mapping[str, Any]):
    """(hyp, ref, match), each (S, J, K), with numpy: per order, each text's n-grams as
    (text, n-gram) keys (:func:`_packed_grams`), counted by one sort of the hypotheses'
    and one of the references', the matches a sorted look-up per reference slot."""
    S, J = ref_table.shape
    K = values["char_order"] + values["word_order"]
    hyp = np.zeros((S, J, K), dtype=np.int64)
    ref = np.zeros((S, J, K), dtype=np.int64)
    match = np.zeros((S, J, K), dtype=np.int64)
    present = ref_table >= 0
    slot_text = S + np.maximum(ref_table, 0)  # the text of each (segment, slot)
    text_bits = max(len(texts) - 1, 1).bit_length()
    k = 0
    for char, order in ((True, values["char_order"]), (False, values["word_order"])):
        if not order:
            continue
        codes, lengths = _symbols([characters(t, values["whitespace"]) for t in texts] if char else texts, char)
        text_of = np.repeat(np.arange(len(texts), dtype=np.int64), lengths)
        split = int(lengths[:S].sum())  # the hypotheses' symbols come first
        for n, (grams, bits, starts) in enumerate(_packed_grams(codes, lengths, order, text_bits), start=1):
            totals = np.maximum(lengths - (n - 1), 0)
            keys = (text_of << bits) | grams
            hyp_keys, hyp_counts = _runs(keys[:split][starts[:split]])
            ref_keys, ref_counts = _runs(keys[split:][starts[split:]])
            hyp_segment = hyp_keys >> bits
            gram = hyp_keys & ((1 << bits) - 1)
            ref_total = np.where(present, totals[slot_text], 0)
            ref[:, :, k] = ref_total
            hyp[:, :, k] = np.where(ref_total > 0, totals[:S, None], 0)
            if len(ref_keys):
                for j in range(J):
                    target = (slot_text[hyp_segment, j] << bits) | gram
                    at = np.minimum(np.searchsorted(ref_keys, target), len(ref_keys) - 1)
                    found = (ref_keys[at] == target) & present[hyp_segment, j]
                    clipped = np.where(found, np.minimum(hyp_counts, ref_counts[at]), 0)
                    match[:, j, k] = np.bincount(hyp_segment, weights=clipped, minlength=S).astype(np.int64)
            k += 1
    return hyp, ref, match


class _Profiles:
    """Each text's distinct n-grams (ids shared by every text given together) and their
    counts, order by order, in :func:`ngram_core.chrf.kernel.pair_matches`'s layout, and
    its n-grams per order (``totals``, (T, K))."""

    def __init__(self, texts: List[str], values: Mapping[str, Any]) -> None:
        T, K = len(texts), values["char_order"] + values["word_order"]
        keys_of, grams, counts = [], [], []
        self.totals = np.zeros((T, K), dtype=np.int64)
        base, k = 0, 0
        for char, order in ((True, values["char_order"]), (False, values["word_order"])):
            if not order:
                continue
            codes, lengths = _symbols([characters(t, values["whitespace"]) for t in texts] if char else texts, char)
            for text_of, ids, count in _orders(codes, lengths, order):
                self.totals[:, k] = np.bincount(text_of, minlength=T)
                keys, n = np.unique(text_of * max(count, 1) + ids, return_counts=True)
                text_u = keys // max(count, 1)
                keys_of.append(text_u * K + k)
                grams.append(keys - text_u * max(count, 1) + base)
                counts.append(n)
                base += count
                k += 1
        key = np.concatenate(keys_of)
        order = np.argsort(key, kind="stable")
        self.gram, self.count = np.concatenate(grams)[order], np.concatenate(counts)[order]
        self.start = np.searchsorted(key[order], np.arange(T * K + 1))
        self.n_grams = base


def pair_scores(candidates: List[str], references: List[str], values: Mapping[str, Any]) -> np.ndarray:
    """sacreBLEU's sentence chrF (0-1) of every candidate against every reference as its only
    reference, (C, M) float64: each text's n-grams counted once, the pairs' matches by the
    compiled :func:`ngram_core.chrf.kernel.pair_matches`."""
    case = Case.of(values["lowercase"])
    candidates, references = case.texts(candidates), case.texts(references)
    both = _Profiles(candidates + references, values)  # (one numbering of the n-grams for both sides)
    C, M, K = len(candidates), len(references), both.totals.shape[1]
    match = np.zeros((C, M, K), dtype=np.int64)
    at = both.start[C * K]
    compiled.compile_loops(kernel).pair_matches(both.start[:C * K + 1], both.gram, both.count, both.start[C * K:] - at,
                                                both.gram[at:], both.count[at:], both.n_grams, match)
    ref = np.broadcast_to(both.totals[None, C:], (C, M, K))
    hyp = np.where(ref > 0, both.totals[:C, None], 0)
    return variant_scores(hyp, ref, match, values, scale=1)


def empty_statistics(values: Mapping[str, Any]) -> ChrfStatistics:
    K = values["char_order"] + values["word_order"]
    empty = np.zeros((0, K), dtype=np.int64)
    return ChrfStatistics(empty, empty.copy(), empty.copy(), np.zeros(0, dtype=np.int64))
