"""chrF in plain Python: what a text's characters and words are (both paths read these),
and the statistics of a small call counted with ``Counter`` (no numpy import).

The road (:mod:`ngram_core.ngrams.corpora`) takes this layout up to :data:`PLAIN_CHARS`
characters (fewer than BLEU's plain limit: every character starts ``char_order`` n-grams,
:func:`ngram_core.chrf.plain_chars`), or always under ``compiled.prefer_plain(True)``; the array code (:mod:`ngram_core.chrf.statistics`)
gives the same statistics (``tests/chrf/test_chrf_parity.py``).
"""
from __future__ import annotations

from collections import Counter
from typing import Any, Dict, List, Mapping, Sequence, Tuple

from .. import compiled
from ..ngrams.plain import SegmentRows
from ..tokenizers.casing import Case

PLAIN_CHARS = 20_000
PUNCTUATION = frozenset('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~')  # ASCII's, as chrF++.py


def characters(text: str, whitespace: bool) -> str:
    """The characters chrF counts: the text, without its whitespace unless ``whitespace``."""
    return text if whitespace else "".join(text.split())


def words(text: str) -> List[str]:
    """chrF++'s words: whitespace-separated, with one punctuation mark split off each word
    of two or more characters (the last character if punctuation, else the first)."""
    out: List[str] = []
    for word in text.split():
        if len(word) > 1 and word[-1] in PUNCTUATION:
            out += [word[:-1], word[-1]]
        elif len(word) > 1 and word[0] in PUNCTUATION:
            out += [word[0], word[1:]]
        else:
            out.append(word)
    return out


def prepared(text: str, values: Mapping[str, Any]) -> str:
    return Case.of(values["lowercase"]).text(text)


def ngram_counts(text: str, values: Mapping[str, Any]) -> List[Counter]:
    """One ``Counter`` per order: character n-grams 1..char_order, then word n-grams."""
    chars = characters(text, values["whitespace"])
    counts = [Counter(chars[i:i + n] for i in range(len(chars) - n + 1)) for n in range(1, values["char_order"] + 1)]
    if values["word_order"]:
        tokens = words(text)
        counts += [Counter(tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1))
                   for n in range(1, values["word_order"] + 1)]
    return counts


def _row(hyp: List[Counter], ref: List[Counter]) -> List[int]:
    row: List[int] = []
    for h, r in zip(hyp, ref):
        matches = sum(min(count, r[gram]) for gram, count in h.items() if gram in r)
        row += [sum(h.values()) if r else 0, sum(r.values()), matches]
    return row


def segment_rows(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
                 values: Mapping[str, Any]) -> List[List[int]]:
    """Each segment's ``[hyp_1, ref_1, match_1, ...]`` against its best reference."""
    from . import f_score

    beta, eps = values["beta"], values["eps_smoothing"]
    cache: Dict[str, List[Counter]] = {}
    rows = []
    for hyp, refs in zip(hypotheses, references):
        hyp_counts = ngram_counts(prepared(hyp, values), values)
        best: Tuple[float, List[int]] = (-1.0, [])
        for ref in refs:
            if ref not in cache:
                cache[ref] = ngram_counts(prepared(ref, values), values)
            row = _row(hyp_counts, cache[ref])
            score = f_score(row, beta, eps)
            if score > best[0]:
                best = (score, row)
        rows.append(best[1])
    return rows


def statistics(hypotheses: Sequence[str], references: Sequence[Sequence[str]],
               values: Mapping[str, Any]) -> SegmentRows:
    """:func:`segment_rows`, with each segment's number of references: the statistics of
    the plain layout (:mod:`ngram_core.ngrams.corpora`), which :func:`result` scores."""
    compiled.count_call()
    return SegmentRows(segment_rows(hypotheses, references, values), [len(refs) for refs in references])


def result(rows: SegmentRows, values: Mapping[str, Any]) -> Dict[str, Any]:
    """:func:`ngram_core.chrf.corpus_chrf`'s result from :func:`statistics`, in plain Python."""
    from . import f_score, result_of, signature_of

    beta, eps = values["beta"], values["eps_smoothing"]
    total = [sum(column) for column in zip(*rows)]
    out = result_of(f_score(total, beta, eps), signature_of(values, rows.n_refs), values)
    if values["return_segments"]:
        out["segment_scores"] = [float(f_score(row, beta, eps)) / 100 for row in rows]
    return out
