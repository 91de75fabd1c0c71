# SPDX-License-Identifier: LGPL-2.1-only
# Part of ngram-core's port of METEOR 1.5 (Michael Denkowski and Alon Lavie, CMU), licensed
# under the GNU LGPL 2.1 (LICENSE.LGPL-2.1), not Apache-2.0 as the rest of ngram-core.
"""METEOR 1.5's matching (``meteor-1.5.jar``, ``edu.cmu.meteor.aligner``) for all pairs at once.

Sides. ``MeteorScorer`` calls ``aligner.align(test, reference)``: line1 (``words1``,
``Match.matchStart``/``matchLength``, ``line1Coverage``) is the hypothesis, line2
(``words2``, ``Match.start``/``length``, ``line2Coverage``, the index of
``Stage.matches``) is the reference.

Candidates. For every distinct (hypothesis, reference) pair of a corpus,
:func:`jar_candidates` lists the matches the jar's modules append to
``Stage.matches[j]`` (j: a reference position), as a :class:`JarCandidates`: rows
sorted by (pair, reference start, rank), the rank being the jar's append order, which
the beam search depends on (a stable sort of partial alignments, ties kept in the
order they were made). Each configured module runs over every word of the pair, and
matches whatever it matches, whatever earlier modules found (the jar's matchers look
at no coverage); the modules run in the configured order, and within a module:

- ``exact``: for each reference word j, each hypothesis word i (ascending) with the
  same key;
- ``stem``: same loops; the stems' keys equal and the words' keys differ.

Keys are Java's ``String.hashCode()`` of the words (:mod:`.java_text`): words with
equal hashes are equal to every matcher (the jar's ``Stage`` keeps only the hashes).

Identical sentences. When the hypothesis and the reference have the same length and
the same keys position by position (``Arrays.equals`` on the hash arrays), the jar
runs only the first configured module on the pair ("prevents beam search errors"), and
so do we. When that module is ``exact``, the jar's search ends on the diagonal (word i
with word i), whatever the beam, and that is the only candidate listed per reference
word (:func:`diagonal_module`, ``jar_candidates(diagonal=True)``, what the scoring
asks for): the same alignment in time linear in the length, where
a line of one word repeated n times would otherwise have n candidates per word.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Dict, List, Optional, Sequence, Tuple

import numpy as np

from ... import compiled
from ...ngrams.encoded import offsets_from_counts
from . import beam_kernel, match_kernel
from .paraphrase import paraphrase_table
from .resources import jar_synonyms, language_name
from .settings import MODULES, check_modules
from .stemmers import jar_stemmer
from ..java_text import string_hashes
from ..tables import KeyIndex, Segments, Side, combined, csr, expand_csr

_HASH_KEYS = 1 << 32  # Java int hashes, shifted to [0, 2^32)
_NONE = np.zeros(0, dtype=np.int64)
CANDIDATE_FIELDS = ("pair", "ref_start", "ref_len", "hyp_start", "hyp_len", "module")  # one entry per candidate
# Candidates kept per reference position (by the matching here and jar_beam.cap_candidates):
# the WMT English targets need at most 123. Here, not in jar_beam, which imports this module.
MAX_CANDIDATES = 128


@dataclass(frozen=True)
class JarCandidates:
    """The jar's candidate matches of every pair: equal-length int64 arrays, one entry
    per ``Match``, sorted by (``pair``, ``ref_start``, rank = the jar's append order).

    A match covers reference words ``ref_start .. ref_start + ref_len - 1`` (the jar's
    ``start``, ``length``: line2) and hypothesis words ``hyp_start .. hyp_start +
    hyp_len - 1`` (``matchStart``, ``matchLength``: line1); ``module`` is the index of
    the module that made it in the configured module list. Duplicates are kept (the
    paraphrase module can make the same match twice, as the jar does).
    ``hyp_length``/``ref_length`` give each pair's sentence lengths in words.
    """

    pair: np.ndarray
    ref_start: np.ndarray
    ref_len: np.ndarray
    hyp_start: np.ndarray
    hyp_len: np.ndarray
    module: np.ndarray
    hyp_length: np.ndarray  # per pair
    ref_length: np.ndarray  # per pair

    def __len__(self) -> int:
        return len(self.pair)

    @property
    def n_pairs(self) -> int:
        return len(self.hyp_length)

    def take(self, rows: np.ndarray) -> "JarCandidates":
        """The candidates ``rows`` (the per-pair lengths unchanged)."""
        return replace(self, **{f: getattr(self, f)[rows] for f in CANDIDATE_FIELDS})

    def pair_offsets(self) -> np.ndarray:
        """``offsets[p]:offsets[p + 1]`` are pair p's candidates."""
        return np.searchsorted(self.pair, np.arange(self.n_pairs + 1))

    def hyp_coverage(self) -> Tuple[np.ndarray, np.ndarray]:
        """The jar's ``line1Coverage`` of every pair: (counts, offsets), pair p's
        hypothesis word i covered by ``counts[offsets[p] + i]`` candidates."""
        return _coverage(self.pair, self.hyp_start, self.hyp_len, self.hyp_length)

    def ref_coverage(self) -> Tuple[np.ndarray, np.ndarray]:
        """The jar's ``line2Coverage``, as :meth:`hyp_coverage`."""
        return _coverage(self.pair, self.ref_start, self.ref_len, self.ref_length)


def _coverage(pair, start, length, sentence_length) -> Tuple[np.ndarray, np.ndarray]:
    offsets = offsets_from_counts(sentence_length)
    first = offsets[pair] + start
    # +1 at each span's first word, -1 after its last, then a running sum
    delta = np.bincount(first, minlength=offsets[-1] + 1) - np.bincount(first + length, minlength=offsets[-1] + 1)
    return np.cumsum(delta[:-1]), offsets


@dataclass
class _Module:
    """One module's output, in its own loop order: rows of the sides and lengths."""

    ref_row: np.ndarray
    hyp_row: np.ndarray
    ref_len: np.ndarray
    hyp_len: np.ndarray


def _single_words(ref_rows: np.ndarray, hyp_rows: np.ndarray) -> _Module:
    one = np.ones(len(ref_rows), dtype=np.int64)
    return _Module(ref_rows, hyp_rows, one, one)


class _Words:
    """What the matchers know of the corpus's word types (``Segments.vocab``), each
    computed on first use and kept in ``cache`` (shared by calls on the same segments
    and language), and the segments of the pairs being matched."""

    def __init__(self, segments: Segments, language: str, hyp_seg: np.ndarray, ref_seg: np.ndarray,
                 cache: Optional[dict] = None) -> None:
        self.segments = segments
        self.language = language
        self.hyp_seg, self.ref_seg = hyp_seg, ref_seg  # the segments of each pair
        self._cache = {} if cache is None else cache

    @property
    def hash(self) -> np.ndarray:
        """Java ``hashCode`` of each type, shifted to [0, 2^32)."""
        if "hash" not in self._cache:
            self._cache["hash"] = string_hashes(self.segments.vocab) + (1 << 31)
        return self._cache["hash"]

    @property
    def stem_hash(self) -> np.ndarray:
        """Java ``hashCode`` of each type's stem (the jar's stemmer of the language), shifted."""
        if "stem_hash" not in self._cache:
            stem = jar_stemmer(self.language)
            self._cache["stem_hash"] = string_hashes([stem(w) for w in self.segments.vocab]) + (1 << 31)
        return self._cache["stem_hash"]

    @property
    def synsets(self) -> Tuple[np.ndarray, np.ndarray]:
        """The synsets ``SynonymMatcher`` compares for each word type: (offsets, flat
        synset numbers), only the synsets held by two types or more (one type alone only
        matches itself, which has its own hash): a type's with ``flat[offsets[t]:offsets[t + 1]]``."""
        if "synsets" not in self._cache:
            lookup = jar_synonyms().synsets
            offsets, flat = csr([lookup(w) for w in self.segments.vocab])
            _, flat, counts = np.unique(flat, return_inverse=True, return_counts=True)
            owner = np.repeat(np.arange(len(offsets) - 1), np.diff(offsets))
            keep = counts[flat] >= 2
            self._cache["synsets"] = offsets_from_counts(np.bincount(owner[keep], minlength=len(offsets) - 1)), flat[keep]
        return self._cache["synsets"]

    @property
    def table_ids(self) -> np.ndarray:
        """The paraphrase table's id of each type (-1: not a word of the table)."""
        if "table_ids" not in self._cache:
            self._cache["table_ids"] = paraphrase_table().word_ids(self.segments.vocab)
        return self._cache["table_ids"]


def _active_pairs(hyp: Side, ref: Side, hyp_rows: np.ndarray, ref_rows: np.ndarray) -> np.ndarray:
    """Whether each pair takes part in a module (its rows are all in ``hyp_rows`` and ``ref_rows`` or none)."""
    n_pairs = len(hyp.start) - 1
    on_hyp, on_ref = np.zeros(n_pairs, dtype=bool), np.zeros(n_pairs, dtype=bool)
    on_hyp[hyp.pair[hyp_rows]] = True
    on_ref[ref.pair[ref_rows]] = True
    return on_hyp & on_ref


def _matches(words: _Words, hyp: Side, ref: Side, hyp_rows: np.ndarray, ref_rows: np.ndarray, key_offsets: np.ndarray,
             key_flat: np.ndarray, other_word: bool) -> _Module:
    """For each reference word, every hypothesis word of its pair whose type shares a key
    with its type (type t's keys ``key_flat[key_offsets[t]:key_offsets[t + 1]]``), with
    another word hash if ``other_word``; in the jar's loop order, at most
    :data:`MAX_CANDIDATES` per reference word, the nearest."""
    n_keys = int(key_flat.max()) + 1 if len(key_flat) else 0
    active = _active_pairs(hyp, ref, hyp_rows, ref_rows)
    tokens = len(words.segments.tokens)  # the corpus's words decide, unless the candidates are far more
    work = 0 if compiled.loops_compiled(tokens) else _candidate_bound(hyp, ref, active, key_offsets, key_flat,
                                                                      n_keys) // CANDIDATES_PER_WORD
    kernel = compiled.loops(match_kernel, tokens, work=work)
    r, h = kernel.shared_key_matches(hyp.start, ref.start, hyp.tok, ref.tok, key_offsets, key_flat, n_keys, words.hash,
                              other_word, active, MAX_CANDIDATES)
    return _single_words(r, h)


# Candidates of a module that count as one word in the choice of plain or compiled loops:
# real text has about one per reference word, a word repeated hundreds of times 128 (plain,
# about 6 us a candidate at load 1: 4.6 s for the three word modules on 2,000 words of 17
# related words against 2,000 others)
CANDIDATES_PER_WORD = 4


def _candidate_bound(hyp: Side, ref: Side, active: np.ndarray, key_offsets: np.ndarray, key_flat: np.ndarray,
                     n_keys: int) -> int:
    """A bound on the candidates :func:`_matches` finds: for each reference word of the
    ``active`` pairs, the hypothesis words of its pair sharing a key with it, at most
    :data:`MAX_CANDIDATES`."""
    hyp_rows, ref_rows = np.flatnonzero(active[hyp.pair]), np.flatnonzero(active[ref.pair])
    h_row, h_key = expand_csr(hyp_rows, hyp.tok[hyp_rows], key_offsets, key_flat)
    r_row, r_key = expand_csr(ref_rows, ref.tok[ref_rows], key_offsets, key_flat)
    if not len(h_key) or not len(r_key):
        return 0
    keys, counts = np.unique(combined(hyp.pair[h_row], h_key, n_keys), return_counts=True)
    query = combined(ref.pair[r_row], r_key, n_keys)
    at = np.minimum(np.searchsorted(keys, query), len(keys) - 1)
    per_entry = np.where(keys[at] == query, counts[at], 0)
    per_word = np.bincount(np.searchsorted(ref_rows, r_row), weights=per_entry, minlength=len(ref_rows))
    return int(np.minimum(per_word, MAX_CANDIDATES).sum())


def _one_key(keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(offsets, flat) giving every type the one key ``keys[t]``, renumbered 0, 1, ..."""
    return np.arange(len(keys) + 1, dtype=np.int64), np.unique(keys, return_inverse=True)[1].astype(np.int64).ravel()


def _exact(words: _Words, hyp: Side, ref: Side, hyp_rows: np.ndarray, ref_rows: np.ndarray) -> _Module:
    """For each reference word, every hypothesis word with the same hash (ExactMatcher)."""
    return _matches(words, hyp, ref, hyp_rows, ref_rows, *_one_key(words.hash), other_word=False)


def _stem(words: _Words, hyp: Side, ref: Side, hyp_rows: np.ndarray, ref_rows: np.ndarray) -> _Module:
    """For each reference word, every hypothesis word with the same stem hash and
    another word hash (StemMatcher)."""
    return _matches(words, hyp, ref, hyp_rows, ref_rows, *_one_key(words.stem_hash), other_word=True)


def _synonym(words: _Words, hyp: Side, ref: Side, hyp_rows: np.ndarray, ref_rows: np.ndarray) -> _Module:
    """For each reference word, every hypothesis word sharing a synset with it and with
    another word hash (SynonymMatcher); a pair of words sharing several synsets is one
    match."""
    offsets, flat = words.synsets
    return _matches(words, hyp, ref, hyp_rows, ref_rows, offsets, flat.astype(np.int64), other_word=True)


def _paraphrase(words: _Words, hyp: Side, ref: Side, hyp_rows: np.ndarray, ref_rows: np.ndarray) -> _Module:
    """ParaphraseMatcher: for each reference position j, the table's paths from j (its
    phrases starting there, shorter first, entries in file order) and for each path
    every hypothesis position where the paraphrase occurs (ascending); then, the other
    way round, for each hypothesis position i its paths and every reference position
    where their paraphrase occurs, appended at that reference position. Phrases are
    found once per distinct segment (:meth:`.ParaphraseTable.occurrences`); each
    direction is then one join on (segment, paraphrase) (see :func:`_paraphrases_of`)."""
    table = paraphrase_table()
    pairs = np.intersect1d(hyp.pair[hyp_rows], ref.pair[ref_rows])  # the pairs this module runs on
    if not len(pairs):
        return _single_words(_NONE, _NONE)
    segments = words.segments
    # the distinct segments of those pairs, as sequences of table word ids
    used, local = np.unique(np.concatenate([words.hyp_seg[pairs], words.ref_seg[pairs]]), return_inverse=True)
    hyp_local, ref_local = local[: len(pairs)], local[len(pairs):]
    lengths = segments.lengths[used]
    offsets = offsets_from_counts(lengths)
    owner = np.repeat(np.arange(len(used)), lengths)
    tokens = segments.tokens[segments.offsets[used][owner] + np.arange(offsets[-1]) - offsets[owner]]
    occurrences = table.occurrences(words.table_ids[tokens], offsets)
    by_seq = np.searchsorted(occurrences.seq, np.arange(len(used) + 1))
    # reference phrase -> paraphrase in the hypothesis; hypothesis phrase -> paraphrase in the reference
    p1, j1, n1, e1, i1, m1 = _paraphrases_of(table, occurrences, by_seq, pairs, ref_local, hyp_local)
    order = np.lexsort((i1, e1, n1, j1, p1))
    p2, i2, n2, e2, j2, m2 = _paraphrases_of(table, occurrences, by_seq, pairs, hyp_local, ref_local)
    order2 = np.lexsort((j2, e2, n2, i2, p2))
    pair = np.concatenate([p1[order], p2[order2]])
    return _Module(ref_row=ref.start[pair] + np.concatenate([j1[order], j2[order2]]),
                   hyp_row=hyp.start[pair] + np.concatenate([i1[order], i2[order2]]),
                   ref_len=np.concatenate([n1[order], m2[order2]]),
                   hyp_len=np.concatenate([m1[order], n2[order2]]))


def _paraphrases_of(table, occurrences, by_seq: np.ndarray, pairs: np.ndarray, phrase_side: np.ndarray,
                    other_side: np.ndarray):
    """The paraphrase matches of ``pairs`` whose table phrase lies on one side (the
    sequence ``phrase_side[k]`` of pair ``pairs[k]``) and whose paraphrase lies on the
    other: (pair, phrase start, phrase length, entry, paraphrase start, paraphrase
    length), unordered.

    Each occurrence of a phrase with paraphrases is expanded into its entries whose
    paraphrase occurs in some sequence of the other side (once per sequence, not per
    pair); those rows are keyed by (sequence, paraphrase). Every occurrence in the
    other side's sequence of a pair is then looked up under (the pair's phrase-side
    sequence, that phrase).
    """
    n_phrases = len(table.group_of_phrase)
    seq_rows = lambda seqs: _rows_of(by_seq, seqs)  # noqa: E731
    # occurrences of phrases with paraphrases, on the phrase side
    side = seq_rows(np.unique(phrase_side))
    side = side[table.group_of_phrase[occurrences.phrase[side]] >= 0]
    present = np.zeros(n_phrases, dtype=bool)
    present[occurrences.phrase[seq_rows(np.unique(other_side))]] = True
    group = table.group_of_phrase[occurrences.phrase[side]]
    used_groups, group_local = np.unique(group, return_inverse=True)
    entries = _rows_of(table.group_offsets, used_groups)
    entries = entries[present[table.entry_paraphrase[entries]]]
    entry_group = np.searchsorted(table.group_offsets, entries, side="right") - 1
    entry_offsets = np.searchsorted(entry_group, used_groups, side="left")
    entry_offsets = np.append(entry_offsets, len(entries))
    occ, entry = expand_csr(side, group_local, entry_offsets, entries)
    paraphrase = table.entry_paraphrase[entry].astype(np.int64)
    index = KeyIndex(combined(occurrences.seq[occ], paraphrase, n_phrases))
    # every occurrence on the other side of each pair, under (the pair's phrase-side sequence, phrase)
    pair_of, other = expand_csr(np.arange(len(pairs)), other_side, by_seq, np.arange(len(occurrences.seq)))
    queries = combined(phrase_side[pair_of], occurrences.phrase[other], n_phrases)
    if not len(index.sorted) or not len(queries):
        return (_NONE,) * 6
    at, found = index.find(queries)
    # Bound: at most MAX_CANDIDATES phrase-side occurrences per other-side occurrence, the
    # first in the jar's order (a word repeated thousands of times would otherwise pair
    # every occurrence with every other); never reached on real text, where the
    # per-position cap of jar_beam.cap_candidates is not reached either
    counts = np.minimum(np.where(found, index.end[at] - index.start[at], 0), MAX_CANDIDATES)
    q = np.repeat(np.arange(len(queries)), counts)
    first = offsets_from_counts(counts)
    x = index.order[np.arange(first[-1]) - first[q] + index.start[at][q]]
    o, e, other_occ = occ[x], entry[x], other[q]
    return (pairs[pair_of[q]], occurrences.start[o], occurrences.length[o], e,
            occurrences.start[other_occ], occurrences.length[other_occ])


def _rows_of(offsets: np.ndarray, owners: np.ndarray) -> np.ndarray:
    """The rows ``offsets[o]:offsets[o + 1]`` of every ``o`` of ``owners``, concatenated."""
    counts = offsets[owners + 1] - offsets[owners]
    first = offsets_from_counts(counts)
    return np.arange(first[-1], dtype=np.int64) - np.repeat(first[:-1] - offsets[owners], counts)


_MATCHERS: Dict[str, Callable[..., _Module]] = {"exact": _exact, "stem": _stem, "synonym": _synonym,
                                                "paraphrase": _paraphrase}


def identical_pairs(segments: Segments, hyp_seg: np.ndarray, ref_seg: np.ndarray, hashes: np.ndarray) -> np.ndarray:
    """Whether each pair's sentences have the same length and the same word hashes
    position by position (the jar's identical-sentence rule)."""
    lengths = segments.lengths
    same_length = lengths[hyp_seg] == lengths[ref_seg]
    candidates = np.flatnonzero(same_length & (hyp_seg != ref_seg))
    identical = same_length & (hyp_seg == ref_seg)
    if len(candidates):
        n = lengths[hyp_seg[candidates]]
        owner = np.repeat(np.arange(len(candidates)), n)
        within = np.arange(int(n.sum())) - np.repeat(offsets_from_counts(n)[:-1], n)
        h = hashes[segments.tokens[segments.offsets[hyp_seg[candidates]][owner] + within]]
        r = hashes[segments.tokens[segments.offsets[ref_seg[candidates]][owner] + within]]
        differs = np.bincount(owner[h != r], minlength=len(candidates))
        identical[candidates] = differs == 0
    return identical


def diagonal_module(hyp: Side, ref: Side, identical: np.ndarray) -> _Module:
    """Word i of the hypothesis with word i of the reference, for the ``identical`` pairs:
    the jar's alignment of an identical pair when its first module is ``exact``, with
    any beam. Proof: let D be the diagonal path. Before reference position t, D is
    ranked first with the key (2t matched words, 0 chunks, distance 0): at t its
    candidates come in ascending hypothesis order and those before word t are its own
    words 0..t-1, so its child taking word t, the first entry made at t, gets (2t + 2,
    0, 0): no path can rank strictly before it (2 is the most a position adds, chunks
    and distances are never negative), and the stable sort keeps it first (a fixed
    candidate at t is word t itself, which D takes in place). At the end D closes its
    one chunk; a path with every word matched in one chunk is D itself. Every other
    candidate of the pair is therefore left out of the search without changing its
    alignment, so this is not a cap."""
    rows = np.flatnonzero(identical[ref.pair])
    return _single_words(rows, hyp.start[ref.pair[rows]] + ref.pos[rows])


def prepare_word_types(segments: Segments, modules: Sequence[str], language: str, cache: dict) -> None:
    """Compute into ``cache`` (that of :func:`jar_candidates`) what ``modules`` know of
    each word type and that needs no paraphrase table (hashes, stems, synsets): what the
    first call of :func:`jar_candidates` would otherwise compute first, done beforehand
    (while the paraphrase table still loads), so that the first chunk is matched as
    quickly as the others."""
    words = _Words(segments, language_name(language), np.zeros(0, np.int64), np.zeros(0, np.int64), cache)
    words.hash
    if "stem" in modules:
        words.stem_hash
    if "synonym" in modules:
        words.synsets


def jar_candidates(segments: Segments, hyp_seg: np.ndarray, ref_seg: np.ndarray,
                   modules: Sequence[str] = MODULES, language: str = "en", cache: Optional[dict] = None,
                   limit: Optional[int] = None, diagonal: bool = False) -> JarCandidates:
    """The jar's candidate matches of the pairs (``hyp_seg[p]``, ``ref_seg[p]``) of
    ``segments`` (already normalized and lowercased as the jar would), running
    ``modules`` in that order (see the module docstring). ``cache``: a dict in which
    what is computed per word type (hashes, stems) is kept for further calls on the
    same ``segments`` and ``language``. ``limit``: keep at most that many per reference
    position, as :func:`.jar_beam.cap_candidates` does, before the candidates' columns
    are built (what a long sentence's memory needs). ``diagonal``: for identical pairs
    whose first module is ``exact``, only their alignment, the diagonal
    (:func:`diagonal_module`), instead of the jar's candidates: the same search result."""
    modules = check_modules(modules)
    language = language_name(language)
    hyp_seg = np.asarray(hyp_seg, dtype=np.int64)
    ref_seg = np.asarray(ref_seg, dtype=np.int64)
    words = _Words(segments, language, hyp_seg, ref_seg, cache)
    hyp, ref = Side.expand(segments, hyp_seg), Side.expand(segments, ref_seg)
    # identical pairs take only the first module
    identical = identical_pairs(segments, hyp_seg, ref_seg, words.hash)
    hyp_rows, ref_rows = np.arange(len(hyp), dtype=np.int64), np.arange(len(ref), dtype=np.int64)
    found: List[Tuple[int, _Module]] = []
    diagonal = diagonal and modules[0] == "exact" and bool(identical.any())
    if diagonal:  # their alignment is the diagonal: list only it
        found.append((0, diagonal_module(hyp, ref, identical)))
    for index, name in enumerate(modules):
        if index == (0 if diagonal else 1):  # the modules that identical pairs do not run
            hyp_rows, ref_rows = np.flatnonzero(~identical[hyp.pair]), np.flatnonzero(~identical[ref.pair])
        found.append((index, _MATCHERS[name](words, hyp, ref, hyp_rows, ref_rows)))
    return _assemble(found, hyp, ref, segments.lengths[hyp_seg], segments.lengths[ref_seg], limit)


def _assemble(found: List[Tuple[int, _Module]], hyp: Side, ref: Side, hyp_length, ref_length,
              limit: Optional[int] = None) -> JarCandidates:
    """Concatenate the modules' outputs (each in its loop order) and sort them stably by
    reference row: within a reference position, modules then each module's order; with
    ``limit``, keep at most that many per reference position, the nearest (ties: the
    earlier). Each module's arrays are let go once copied, and the columns are built for
    the kept rows only (the candidates are the largest arrays of a long sentence)."""
    modules = [m for _, m in found]
    ref_row = np.concatenate([m.ref_row for m in modules])
    for m in modules:
        m.ref_row = _NONE
    order = None if bool(np.all(ref_row[1:] >= ref_row[:-1])) else np.argsort(ref_row, kind="stable")
    if order is not None:
        ref_row = ref_row[order]
    hyp_row = np.concatenate([m.hyp_row for m in modules])
    for m in modules:
        m.hyp_row = _NONE
    if order is not None:
        hyp_row = hyp_row[order]
    if limit is not None and len(ref_row) > limit:
        new = np.ones(len(ref_row), dtype=bool)
        new[1:] = ref_row[1:] != ref_row[:-1]
        first = np.flatnonzero(new)
        if np.diff(np.append(first, len(ref_row))).max() > limit:
            kernel = compiled.loops(beam_kernel, len(hyp) + len(ref))
            keep = np.flatnonzero(kernel.nearest_in_groups(np.append(first, len(ref_row)),
                                                    np.abs(hyp.pos[hyp_row] - ref.pos[ref_row]), limit))
            order = keep if order is None else order[keep]
            ref_row, hyp_row = ref_row[keep], hyp_row[keep]

    def column(values: np.ndarray) -> np.ndarray:
        return values if order is None else values[order]

    return JarCandidates(
        pair=ref.pair[ref_row],
        ref_start=ref.pos[ref_row],
        ref_len=column(np.concatenate([m.ref_len for m in modules])),
        hyp_start=hyp.pos[hyp_row],
        hyp_len=column(np.concatenate([m.hyp_len for m in modules])),
        module=column(np.concatenate([np.full(len(m.ref_len), i, dtype=np.int64) for i, m in found])),
        hyp_length=np.asarray(hyp_length, dtype=np.int64),
        ref_length=np.asarray(ref_length, dtype=np.int64),
    )
