"""Pods of 3-4 players for multiplayer Skirmish: seated by standing, repeat opponents kept to a minimum.

Pod sizes: the event's size where the count divides; otherwise some pods one smaller (size 4: pods of 3)
or, for size 3, one larger (pods of 4), so nobody sits out. Larger pods go to the top of the standings.
Seating starts from the standings cut into pods in order, then swaps players between nearby pods while a
swap lowers the cost, compared tier by tier: squared earlier meetings inside a pod (the usual "badness"),
then pods spanning more than one win (3 points), then the squared spread of points in a pod.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

WIN = 3
REACH = 3  # a player may move to a pod at most this many pods away
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


Cost = tuple[int, int, int]


def pod_cost(pod: Sequence[str], points: Mapping[str, int], met: Mapping[frozenset[str], int]) -> Cost:
    repeats = sum(met.get(frozenset((a, b)), 0) ** 2 for i, a in enumerate(pod) for b in pod[i + 1:])
    values = [points.get(p, 0) for p in pod]
    spread = max(values) - min(values)
    return repeats, int(spread > WIN), spread * spread


def _add(a: Cost, b: Cost) -> Cost:
    return a[0] + b[0], a[1] + b[1], a[2] + b[2]


def seat_pods(ranked: Sequence[str], points: Mapping[str, int], met: Mapping[frozenset[str], int], size: int,
              rng: random.Random) -> tuple[tuple[str, ...], ...]:
    pods: list[list[str]] = []
    start = 0
    for k in pod_sizes(len(ranked), size):
        pods.append(list(ranked[start:start + k]))
        start += k
    costs = [pod_cost(p, points, met) for p in pods]
    pairs = [(i, j) for i in range(len(pods)) for j in range(i + 1, min(len(pods), i + 1 + REACH))]
    for _ in range(MAX_PASSES):
        improved = False
        rng.shuffle(pairs)
        for i, j in pairs:
            if costs[i] == costs[j] == (0, 0, 0):  # nothing to gain
                continue
            improved |= _best_swap(pods, costs, i, j, points, met)
        if not improved:
            break
    return tuple(tuple(p) for p in pods)


def _best_swap(pods: list[list[str]], costs: list[Cost], i: int, j: int, points: Mapping[str, int],
               met: Mapping[frozenset[str], int]) -> bool:
    """Make the one swap between pods i and j that lowers their joint cost most; say whether there was one."""
    best = _add(costs[i], costs[j])
    found = None
    for x in range(len(pods[i])):
        for y in range(len(pods[j])):
            a, b = pods[i][:], pods[j][:]
            a[x], b[y] = b[y], a[x]
            ca, cb = pod_cost(a, points, met), pod_cost(b, points, met)
            if _add(ca, cb) < best:
                best, found = _add(ca, cb), (a, b, ca, cb)
    if found is None:
        return False
    pods[i], pods[j], costs[i], costs[j] = found
    return True
