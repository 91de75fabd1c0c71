"""Alignments and chunks.

A chunk is a maximal run of matches that are adjacent, in the same order, in both the
hypothesis and the reference: (i, j) and (i+1, j+1). An identical sentence is 1 chunk;
a fully reversed one has as many chunks as matches.

:func:`fewest_chunks` picks, among all alignments (each word used at most once) built
from the candidate pairs, the one METEOR 1.5 ranks first: most matches, then fewest
chunks, then the smallest total distance sum |i - j|, then (our last tie-break) the
most matches from earlier stages. It is exact while the search fits in ``MAX_STATES``
partial alignments per word, a beam search beyond (see there). NLTK's greedy
right-to-left choice is not optimal: it aligns ``a b`` to ``a b a`` as ``a->a(3), b->b(2)``, 2 chunks; the answer is 1.
"""
from __future__ import annotations

import heapq
from typing import Dict, List, Sequence, Tuple

Pair = Tuple[int, int, int]  # (hypothesis position, reference position, stage index)

# Above this many partial alignments per hypothesis position the search keeps only the
# best ones: a beam search, as METEOR 1.5's aligner is. Finding the fewest chunks is
# NP-hard in general (it contains minimum common string partition), and sentences
# with many repeated tokens, such as lists in parentheses, have huge state spaces.
# Below the beam (short sentences, few repeats) the result is exact.
MAX_STATES = 32


def count_chunks(pairs: Sequence[Pair]) -> int:
    """Chunks of an alignment sorted by hypothesis position (0 for no matches)."""
    chunks = 0
    prev_i = prev_j = -2
    for i, j, _ in pairs:
        if i != prev_i + 1 or j != prev_j + 1:
            chunks += 1
        prev_i, prev_j = i, j
    return chunks


def fewest_chunks(candidates: Sequence[Sequence[Tuple[int, int]]], max_states: int = MAX_STATES) -> List[Pair]:
    """The best alignment of ``candidates`` (per hypothesis position, its (reference
    position, stage) pairs), sorted by hypothesis position.

    Dynamic programming over hypothesis positions. A state is the set of contested
    reference positions (wanted by two or more words) already used that later words
    could still take, and the reference position of the previous word when the current
    word could continue its chunk; the cost of a partial alignment is (-matches,
    chunks, distance, stage sum), smallest best. A word whose only partner wants no
    other word is always matched (it can only add a match).
    """
    n = len(candidates)
    wanted: Dict[int, int] = {}
    for cands in candidates:
        for j, _ in cands:
            wanted[j] = wanted.get(j, 0) + 1
    contested = {j for j, count in wanted.items() if count > 1}
    if not contested and all(len(cands) <= 1 for cands in candidates):
        # nothing to choose: every word has at most one partner, none shared
        return [(i, cands[0][0], cands[0][1]) for i, cands in enumerate(candidates) if cands]

    later = [0] * (n + 1)  # contested reference positions some word at i or after could take
    for i in range(n - 1, -1, -1):
        mask = later[i + 1]
        for j, _ in candidates[i]:
            if j in contested:
                mask |= 1 << j
        later[i] = mask

    # state (used mask, previous j or -2) -> (cost, back-pointer chain of pairs)
    layer: Dict[Tuple[int, int], Tuple[Tuple[int, int, int, int], object]] = {(0, -2): ((0, 0, 0, 0), None)}
    for i in range(n):
        cands = candidates[i]
        relevant = later[i + 1]
        continues = {j for j, _ in candidates[i + 1]} if i + 1 < n else set()
        forced = len(cands) == 1 and cands[0][0] not in contested
        nxt: Dict[Tuple[int, int], Tuple[Tuple[int, int, int, int], object]] = {}
        for (used, prev), (cost, back) in layer.items():
            if not forced:
                key = (used & relevant, -2)
                old = nxt.get(key)
                if old is None or cost < old[0]:
                    nxt[key] = (cost, back)
            neg_matches, chunks, distance, stage_sum = cost
            for j, stage in cands:
                bit = 1 << j
                if used & bit:
                    continue
                new_cost = (
                    neg_matches - 1,
                    chunks + (prev != j - 1),
                    distance + (i - j if i > j else j - i),
                    stage_sum + stage,
                )
                key = ((used | bit) & relevant, j if j + 1 in continues else -2)
                old = nxt.get(key)
                if old is None or new_cost < old[0]:
                    nxt[key] = (new_cost, (back, (i, j, stage)))
        if len(nxt) > max_states:
            nxt = dict(heapq.nsmallest(max_states, nxt.items(), key=lambda item: item[1][0]))
        layer = nxt

    _, back = min(layer.values(), key=lambda value: value[0])
    pairs: List[Pair] = []
    while back is not None:
        back, pair = back
        pairs.append(pair)
    pairs.reverse()
    return pairs
