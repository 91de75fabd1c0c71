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

from collections import Counter
from itertools import chain
from operator import itemgetter
from typing import Dict, List, Sequence, Tuple

Pair = Tuple[int, int, int]  # (hypothesis position, reference position, stage index)

# Above this many partial alignments per hypothesis position the search keeps only the
# best ones: a beam search, as METEOR 1.5's aligner is. Finding the fewest chunks is
# NP-hard in general (it contains minimum common string partition), and sentences
# with many repeated tokens, such as lists in parentheses, have huge state spaces.
# Below the beam (short sentences, few repeats) the result is exact. Pairs that reach
# it are not rare (about one in five of the WMT English-target pairs of
# benchmarks/corpora.py, through repeated words such as "the" and ","), and the beam
# decides their result: the search spends most of its time there.
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
    chunks, distance, stage sum), smallest best, packed into one integer (the fields
    in mixed radix) so that comparing and adding costs is one integer operation.

    Words whose choice is settled before the search are not branched on:

    - a word whose only partner wants no other word is always matched (it can only
      add a match);
    - a word of a complete bipartite group (every word of the group wants exactly the
      same reference words, and those words are wanted by no one else: the same token
      in both sentences, the same stem, ...) with no more words than partners is
      matched in every alignment with the most matches (the groups are independent,
      so the maximum needs each group at its own maximum, which matches all its
      words); its "leave unmatched" branch is never taken.
    """
    n = len(candidates)
    keys = [tuple([j for j, _ in cands]) for cands in candidates]  # the partners of each word
    wanted = Counter(chain.from_iterable(keys))  # reference position -> words wanting it
    contested = {j for j, count in wanted.items() if count > 1}
    if not contested and all(len(key) <= 1 for key in keys):
        # nothing to choose: every word has at most one partner, none shared
        return [(i, cands[0][0], cands[0][1]) for i, cands in enumerate(candidates) if cands]

    # must[i]: position i is matched in every alignment with the most matches
    groups = Counter(key for key in keys if key)  # words per set of partners
    must = [False] * n
    complete: Dict[Tuple[int, ...], List[int]] = {}  # complete bipartite groups, no more words than partners
    for i, key in enumerate(keys):
        if key:
            size = groups[key]
            if size <= len(key) and all(wanted[j] == size for j in key):
                must[i] = True
                complete.setdefault(key, []).append(i)

    # A complete group with more words than partners (key wanted by exactly its
    # words): every alignment with the most matches uses all of its partners, so a
    # word of it may stay unmatched only while the group's words still to come
    # outnumber its free partners. spare[i] = (partners' mask, partners, words at i or after).
    spare: List[object] = [None] * n
    seen_in_group: Dict[Tuple[int, ...], int] = {}
    for i in range(n - 1, -1, -1):
        key = keys[i]
        if key and not must[i]:
            size = groups[key]
            if size > len(key) and all(wanted[j] == size for j in key):
                count = seen_in_group.get(key, 0) + 1
                seen_in_group[key] = count
                mask = 0
                for j in key:
                    mask |= 1 << j
                spare[i] = (mask, len(key), count)

    # A complete group none of whose candidate pairs can touch another candidate pair
    # diagonally ((i-1, j-1) or (i+1, j+1)) is independent of everything else: each of
    # its matches is a chunk of its own whatever the choice, its reference words are
    # wanted by no one else, so only the distance depends on the choice. It is solved
    # on its own (the non-crossing assignment of least total distance) and left out of
    # the search, which is exact.
    settled: List[Pair] = []
    if complete:
        candidate_set = {(i, j) for i, cands in enumerate(candidates) for j, _ in cands}
        reduced = None
        for key, members in complete.items():
            if len(members) < 2 and len(key) < 2:
                continue
            if any((i - 1, j - 1) in candidate_set or (i + 1, j + 1) in candidate_set for i in members for j in key):
                continue
            if reduced is None:
                reduced = list(candidates)
            stage_of = dict(candidates[members[0]])
            for i, j in _least_distance(members, key):
                settled.append((i, j, stage_of[j]))
                reduced[i] = ()
        if reduced is not None:
            pairs = fewest_chunks(reduced, max_states) if any(reduced) else []
            pairs.extend(settled)
            pairs.sort()
            return pairs

    later = [0] * (n + 1)  # contested reference positions some word at i or after could take
    for i in range(n - 1, -1, -1):
        mask = later[i + 1]
        for j, _ in candidates[i]:
            if j in contested:
                mask |= 1 << j
        later[i] = mask

    # cost = ((((n - matches) * R + chunks) * R + distance) * S + stage sum), with radices
    # larger than any chunk count, distance sum or stage sum can reach
    max_j = max(wanted)
    max_stage = max(map(itemgetter(1), chain.from_iterable(candidates)))
    stage_radix = n * max_stage + 1
    distance_radix = n * (n + max_j + 1) + 1
    chunk_unit = distance_radix * stage_radix
    match_unit = (n + 1) * chunk_unit
    base_cost = n * match_unit

    # state (used mask, previous j or -2) -> (cost, back-pointer chain of pairs)
    layer: Dict[Tuple[int, int], Tuple[int, object]] = {(0, -2): (base_cost, None)}
    for i in range(n):
        cands = candidates[i]
        relevant = later[i + 1]
        if not cands:
            nxt: Dict[Tuple[int, int], Tuple[int, object]] = {}
            for (used, prev), value in layer.items():
                key = (used & relevant, -2)
                old = nxt.get(key)
                if old is None or value[0] < old[0]:
                    nxt[key] = value
            layer = nxt
            continue
        continues = keys[i + 1] if i + 1 < n else ()  # the next word's partners
        forced = must[i] or (len(cands) == 1 and cands[0][0] not in contested)
        moves = [
            (j, 1 << j, (i - j if i > j else j - i) * stage_radix + stage - match_unit, j if j + 1 in continues else -2, (i, j, stage))
            for j, stage in cands
        ]
        nxt = {}
        group = spare[i]
        for (used, prev), (cost, back) in layer.items():
            if group is not None:
                forced = group[2] <= group[1] - (used & group[0]).bit_count()
            if not forced:
                key = (used & relevant, -2)
                old = nxt.get(key)
                if old is None or cost < old[0]:
                    nxt[key] = (cost, back)
            for j, bit, delta, next_prev, pair in moves:
                if used & bit:
                    continue
                new_cost = cost + delta if prev == j - 1 else cost + delta + chunk_unit
                key = ((used | bit) & relevant, next_prev)
                old = nxt.get(key)
                if old is None or new_cost < old[0]:
                    nxt[key] = (new_cost, (back, pair))
        if not nxt:  # cannot happen (a forced word always has a free partner); be safe
            nxt = {(used & relevant, -2): value for (used, _), value in layer.items()}
        if len(nxt) > max_states:  # the beam: the cheapest states, ties in the order found
            nxt = dict(sorted(nxt.items(), key=_cost_of)[:max_states])
        layer = nxt

    _, back = min(layer.values(), key=_first)
    pairs: List[Pair] = []
    while back is not None:
        back, pair = back
        pairs.append(pair)
    pairs.reverse()
    return pairs


def _cost_of(item):
    return item[1][0]


def _first(value):
    return value[0]


def _least_distance(hyp: Sequence[int], ref: Sequence[int]) -> List[Tuple[int, int]]:
    """Match every position of ascending ``hyp`` to one of ascending ``ref`` (len(hyp) <=
    len(ref)) with the least total |i - j|; an order-preserving assignment is optimal."""
    a, b = len(hyp), len(ref)
    if a == b:
        return list(zip(hyp, ref))
    inf = float("inf")
    # best[x][y]: least distance matching hyp[:x] into ref[:y]
    best = [[0] * (b + 1)] + [[inf] * (b + 1) for _ in range(a)]
    for x in range(1, a + 1):
        row, prev_row, i = best[x], best[x - 1], hyp[x - 1]
        for y in range(x, b + 1):
            take = prev_row[y - 1] + abs(i - ref[y - 1])
            row[y] = take if take < row[y - 1] else row[y - 1]
    pairs = []
    x, y = a, b
    while x:
        if best[x][y] == best[x][y - 1] and y > x:
            y -= 1
        else:
            pairs.append((hyp[x - 1], ref[y - 1]))
            x -= 1
            y -= 1
    pairs.reverse()
    return pairs
