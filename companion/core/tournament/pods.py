"""Pods of 3-4 players for multiplayer Skirmish: seated by standing, repeat opponents kept to a minimum.

Pod sizes: the event's size where the count divides; otherwise some pods one smaller (size 4: pods of 3)
or, for size 3, one larger (pods of 4), so nobody sits out. Larger pods go to the top of the standings.
A seating is compared tier by tier (pod_cost): first the pods spanning more than one win (3 points), then
repeated pairs (two players at a pod who met before), then their squared earlier meetings (the usual "badness":
meeting a third time is worse than two pairs meeting twice), then the squared spread of points in a pod. Seating:
    1. the fewest pods over one win (tournament.pod_search.fewest_spans, exact);
    2. when that seating repeats a pair, past BLOCK players: a search for fewer repeated pairs block by block
       around the repeats (pod_search.by_blocks, what clears a large field's repeats quickly);
    3. when repeats are left: swaps between pods (step 4) from that seating and from the standings' cut, the
       better kept, and its repeated pairs are the bound for a search over the whole field (fields up to WHOLE
       players; pod_search.fewest_repeats, a branch and bound within a budget of partners looked at, no more
       pods over one win): the fewest repeated pairs the one-win rule allows wherever it completes (in practice
       up to about 20 players when repeats can't be avoided, a few dozen when none is needed); past the budget,
       the best seating it found, never worse than the swaps';
    4. swaps of two players between pods while a swap lowers the cost (local search), which also evens the
       spread and the squared meetings; a swap never raises a higher tier to lower a lower one.
Who met whom is turned once per seating into each player's opponents (pod_search.opponents), so a pod's cost
is a few dict lookups.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from companion.core.tournament.pod_search import (
    BLOCK,
    DEFAULT_BUDGET,
    WHOLE,
    WIN,
    Seen,
    by_blocks,
    fewest_repeats,
    fewest_spans,
    opponents,
    repeated_pairs,
    repeats,
    spans,
)

REACH = 3  # a pod without repeats or spans tries swaps with this many pods below it
MAX_PASSES = 30


def pod_sizes(n: int, size: int) -> list[int]:
    """Pod sizes for n players (n >= 2), largest first."""
    if n <= size:
        return [n]
    rest = n % size
    if rest == 0:
        return [size] * (n // size)
    if size == 4:
        small = 4 - rest  # pods of 3 needed so that 4a + 3b = n
        if n >= 3 * small:
            return [4] * ((n - 3 * small) // 4) + [3] * small
        return [3, 2]  # n == 5
    big = rest  # size 3: pods of 4 so that 3a + 4b = n
    if n >= 4 * big:
        return [4] * big + [3] * ((n - 4 * big) // 3)
    return [3, 2]  # n == 5


Cost = tuple[int, int, int, int]


def pod_cost(pod: Sequence[str], points: Mapping[str, int], met: Mapping[frozenset[str], int]) -> Cost:
    """(spans more than one win: 0 or 1, pairs inside the pod who met before, their squared earlier meetings,
    squared spread of points)."""
    return _cost(pod, points, opponents(pod, met))


def _cost(pod: Sequence[str], points: Mapping[str, int], seen: Seen) -> Cost:
    values = [points.get(p, 0) for p in pod]
    spread = max(values) - min(values)
    pairs = squared = 0
    for i in range(1, len(pod)):  # repeated pairs and their squared meetings in one pass (repeated_pairs, repeats)
        row = seen[pod[i]]
        for other in pod[:i]:
            times = row.get(other, 0)
            pairs += times > 0
            squared += times * times
    return int(spread > WIN), pairs, squared, spread * spread


def _add(a: Cost, b: Cost) -> Cost:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2], a[3] + b[3]


def _total(pods: list[list[str]], points: Mapping[str, int], seen: Seen) -> Cost:
    total = (0, 0, 0, 0)
    for pod in pods:
        total = _add(total, _cost(pod, points, seen))
    return total


def seat_pods(ranked: Sequence[str], points: Mapping[str, int], met: Mapping[frozenset[str], int], size: int,
              rng: random.Random, *, budget: int = DEFAULT_BUDGET) -> tuple[tuple[str, ...], ...]:
    """The pods for the next round, best first."""
    sizes = pod_sizes(len(ranked), size)
    seen = opponents(ranked, met)
    rank = {p: i for i, p in enumerate(ranked)}
    pods = fewest_spans(ranked, points, sizes)
    spanning = sum(spans(p, points) for p in pods)
    if any(repeats(p, seen) for p in pods):  # it repeats: look for the seating that repeats least
        if len(ranked) > BLOCK:  # around the repeats first: in a large field that nearly always clears them
            pods = by_blocks(pods, points, seen, rank, budget, merge=len(ranked) > WHOLE)
        if any(repeats(p, seen) for p in pods):
            cut, start = [], 0
            for k in sizes:  # the standings cut in order, as a second start for swaps when it spans no more
                cut.append(list(ranked[start:start + k]))
                start += k
            starts = [pods, cut] if sum(spans(p, points) for p in cut) == spanning else [pods]
            tried = [_improve(s, points, seen, rng) for s in starts]
            pods = min(tried, key=lambda s: _total(s, points, seen))  # swaps: the bound the search must beat
            left = sum(repeated_pairs(p, seen) for p in pods)
            if left and len(ranked) <= WHOLE:
                found, _ = fewest_repeats(ranked, points, seen, sizes, spanning, left, budget)
                pods = pods if found is None else found
    pods = _improve(pods, points, seen, rng)
    for pod in pods:
        pod.sort(key=rank.__getitem__)
    return tuple(tuple(p) for p in sorted(pods, key=lambda pod: rank[pod[0]]))


def _improve(pods: list[list[str]], points: Mapping[str, int], seen: Seen, rng: random.Random) -> list[list[str]]:
    """Swap players between pods while a swap lowers the cost, tier by tier. Pods with a repeat or a span over one
    win try every other pod within reach in points; the rest (spread only) try their near neighbours in the
    standings. A pair of pods already tried is tried again only once one of them has changed (the answer would
    be the same), so a pass after the first costs only what the last one changed."""
    costs = [_cost(p, points, seen) for p in pods]
    low = [min(points.get(p, 0) for p in pod) for pod in pods]
    high = [max(points.get(p, 0) for p in pod) for pod in pods]
    version = [0] * len(pods)
    tried: dict[tuple[int, int], tuple[int, int]] = {}
    for _ in range(MAX_PASSES):
        bad = [i for i, c in enumerate(costs) if c[:2] != (0, 0)]
        pairs = {(i, j) for i in range(len(pods)) for j in range(i + 1, min(len(pods), i + 1 + REACH))}
        pairs |= {(min(i, j), max(i, j)) for i in bad for j in range(len(pods)) if j != i and _within_reach(
            costs, low, high, i, j)}
        order = sorted(pairs)
        rng.shuffle(order)
        improved = False
        for i, j in order:
            if costs[i] == costs[j] == (0, 0, 0, 0) or tried.get((i, j)) == (version[i], version[j]):
                continue  # nothing to gain, or nothing changed since this pair was tried
            if _best_swap(pods, costs, i, j, points, seen):
                improved = True
                for k in (i, j):
                    version[k] += 1
                    low[k], high[k] = min(points.get(p, 0) for p in pods[k]), max(points.get(p, 0) for p in pods[k])
            else:
                tried[(i, j)] = (version[i], version[j])
        if not improved:
            break
    return pods


def _within_reach(costs: list[Cost], low: list[int], high: list[int], i: int, j: int) -> bool:
    """Whether a swap between pods i and j could lower their cost. Two pods within one win must both stay so (a
    pod over one win costs more than any repeat), so the player coming in must lie within one win of the pod's
    range: pods whose ranges lie further apart can't trade anyone."""
    if costs[i][0] or costs[j][0]:
        return True
    return low[j] - WIN <= high[i] and low[i] - WIN <= high[j]


def _best_swap(pods: list[list[str]], costs: list[Cost], i: int, j: int, points: Mapping[str, int],
               seen: Seen) -> bool:
    """Make the one swap between pods i and j that lowers their joint cost most; say whether there was one."""
    best = _add(costs[i], costs[j])
    found = None
    for x in range(len(pods[i])):
        for y in range(len(pods[j])):
            a, b = pods[i][:], pods[j][:]
            a[x], b[y] = b[y], a[x]
            ca, cb = _cost(a, points, seen), _cost(b, points, seen)
            if _add(ca, cb) < best:
                best, found = _add(ca, cb), (a, b, ca, cb)
    if found is None:
        return False
    pods[i], pods[j], costs[i], costs[j] = found
    return True
