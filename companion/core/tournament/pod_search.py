"""The searches behind pod seating (tournament.pods), in plain Python so judge mode runs them on a phone.

`fewest_spans` seats the players so that as few pods as possible span more than one win (3 points), ignoring
who met whom. A pod within one win holds players whose points lie within 3 of each other; every other pod is
"spanning" and may hold anyone. Good pods can be taken as runs of neighbours in the points order (two good
pods that interleave can be re-cut into a lower and an upper run that are both still within one win), so a
dynamic programme over the sorted players finds the most good pods: at each player, either start a good pod of
a size still wanted with the next players, or leave the player to a spanning pod. Past EXACT_SPANS players
(where a wrong pod costs least and the programme's states grow with the square of the field) a greedy pass
takes the first run that fits instead: exact when every pod has one size, close otherwise.

`fewest_repeats` looks for the seating with the fewest repeated pairs (pairs at a pod who met before) among those
with at most `max_spans` pods over one win: a branch and bound, depth-first, that always seats the highest-ranked
player left (every seating puts that player somewhere, so nothing is missed), trying partners nearest in the
standings first, and prunes a branch as soon as its repeated pairs reach the best seating found so far. The
caller starts that bound from the local search's result, so the search only looks at seatings that beat it; but
it first looks for a seating without any repeat (any repeat prunes: the smallest tree, and in a large field's
blocks the usual answer), and stops at once on one. It is exact when it completes within `budget` partners looked at:
on a whole field, in practice up to about 20 players when repeats can't be avoided (round 5 of 17 players: 40,000
to 210,000 partners looked at; from 20 to 24 players in pods of 4, about 1 round 5 in 6 ran out, and 3 in 10 at
32: benchmarks/pods.py), and up to a few dozen when a seating without repeats exists
(tests/unit/test_pods.py and tests/property/test_pod_repeats.py check it against an independent exhaustive
search). Past the budget it stops and returns the best seating found so far (or None when none beat the bound,
and the local search's result stands): then the count is an upper bound, not a proven minimum. The budget keeps
the worst case bounded on a phone. Its depth grows with the field (a level per seat), so it runs on the whole
field only up to WHOLE players.

`by_blocks` runs the same search on blocks of consecutive pods (in order of their best-ranked player; at least
BLOCK players each; a block without a repeat is kept as it is), each from the repeated pairs it has. In a large
field the repeats are a few pods here and there, and a block of a few dozen players around them nearly always
re-seats with fewer (usually none) in a few hundred partners looked at, where the whole field's search would run
out of budget (or of stack) first. A block still repeating is merged with the next, up to MAX_BLOCK players;
past that, its pods stay as its search left them. Each block keeps its own pod sizes and no more pods over one
win than it had, so a seating no block can improve is what the swaps and the blocks could do, not a proven
minimum over the whole field: that takes the whole field's search (fields up to WHOLE players).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from contextlib import suppress
from functools import cache

WIN = 3  # match points of a win: "within one win" means at most 3 points apart
DEFAULT_BUDGET = 300_000  # partners looked at: about 0.3 s on a desktop
EXACT_SPANS = 128
WHOLE = 128  # players: the most the whole-field search takes on (its recursion is about 1.3 levels a player)
BLOCK, MAX_BLOCK = 24, 96  # players in a block searched on its own: at least, and at most after merging
BLOCK_BUDGET = 30_000  # partners looked at in one block's search

Seen = Mapping[str, Mapping[str, int]]  # player -> {an earlier opponent: how often they met}


def opponents(players: Sequence[str], met: Mapping[frozenset[str], int]) -> dict[str, dict[str, int]]:
    """Each player's earlier opponents with how often they met, built once per seating (a dict lookup per pair
    afterwards, instead of a frozenset built for every pair looked at)."""
    seen: dict[str, dict[str, int]] = {p: {} for p in players}
    for pair, times in met.items():
        if times and len(pair) == 2:
            a, b = tuple(pair)
            if a in seen and b in seen:
                seen[a][b] = seen[b][a] = times
    return seen


def repeats(pod: Sequence[str], seen: Seen) -> int:
    """Squared earlier meetings inside a pod (meeting a third time is worse than two pairs meeting twice)."""
    total = 0
    for i in range(1, len(pod)):
        row = seen[pod[i]]
        for other in pod[:i]:
            times = row.get(other, 0)
            total += times * times
    return total


def fewest_spans(ranked: Sequence[str], points: Mapping[str, int], sizes: Sequence[int]) -> list[list[str]]:
    """Pods of the given sizes with as few as possible spanning more than one win (best first in points)."""
    order = sorted(ranked, key=lambda p: -points.get(p, 0))  # stable: equal points keep the standings' order
    values = [points.get(p, 0) for p in order]
    kinds = sorted(set(sizes), reverse=True)
    wanted = tuple(sizes.count(k) for k in kinds)

    def greedy(i: int, left: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        plan: list[int] = []
        left_now = list(left)
        while i < len(order):
            k = next((k for n, k in enumerate(kinds) if left_now[n] and i + k <= len(order)
                      and values[i] - values[i + k - 1] <= WIN), 0)
            if k:
                left_now[kinds.index(k)] -= 1
            plan.append(k)
            i += k or 1
        return sum(1 for k in plan if k), tuple(plan)

    @cache
    def best(i: int, left: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
        """(good pods, the sizes chosen: 0 = player i goes to a spanning pod) from player i on."""
        if i >= len(order):
            return 0, ()
        skip = best(i + 1, left)
        choice = (skip[0], (0, *skip[1]))
        for n, k in enumerate(kinds):
            if left[n] and i + k <= len(order) and values[i] - values[i + k - 1] <= WIN:
                rest = best(i + k, (*left[:n], left[n] - 1, *left[n + 1:]))
                if rest[0] + 1 > choice[0] or rest[0] + 1 == choice[0] and not choice[1][0]:  # seat rather than skip
                    choice = (rest[0] + 1, (k, *rest[1]))
        return choice

    plan = (best if len(order) <= EXACT_SPANS else greedy)(0, wanted)[1]
    best.cache_clear()
    good: list[list[str]] = []
    spare: list[str] = []
    i = 0
    for step in plan:
        if step:
            good.append(order[i:i + step])
            i += step
        else:
            spare.append(order[i])
            i += 1
    left = Counter(sizes) - Counter(len(p) for p in good)
    spanning = []
    for k in sorted(left.elements(), reverse=True):
        spanning.append(spare[:k])
        spare = spare[k:]
    place = {p: i for i, p in enumerate(order)}
    return sorted(good + spanning, key=lambda pod: place[pod[0]])


def spans(pod: Sequence[str], points: Mapping[str, int]) -> bool:
    values = [points.get(p, 0) for p in pod]
    return max(values) - min(values) > WIN


class _OutOfBudget(Exception):
    pass


def repeated_pairs(pod: Sequence[str], seen: Seen) -> int:
    """Pairs inside a pod who met before (however often)."""
    return sum(1 for i in range(1, len(pod)) for other in pod[:i] if other in seen[pod[i]])


def fewest_repeats(ranked: Sequence[str], points: Mapping[str, int], seen: Seen, sizes: Sequence[int],
                   max_spans: int, bound: int, budget: int = DEFAULT_BUDGET) -> tuple[list[list[str]] | None, int]:
    """(a seating with at most max_spans spanning pods and as few repeated pairs as the search finds, fewer than
    `bound`; or None when it finds none below the bound; the partners looked at: more than the budget when the
    search gave up before it was complete, and then the seating is the best found so far). It looks for a seating
    without a repeat first and searches below `bound` only when none exists."""
    counts = Counter(sizes)
    pods: list[list[str]] = []
    best: list[list[list[str]] | None] = [None]
    limit = [bound]  # repeated pairs a seating must stay under: the best found so far
    steps = [0]

    def place(left: list[str], spent: int, pairs: int) -> None:
        if not left:
            best[0], limit[0] = [list(p) for p in pods], pairs
            return
        anchor, rest = left[0], left[1:]
        for k in sorted(counts, reverse=True):
            if counts[k]:
                counts[k] -= 1
                grow([anchor], rest, 0, k, spent, pairs)
                counts[k] += 1
                if limit[0] == 0:
                    return  # none can do better than no repeat

    def grow(pod: list[str], rest: list[str], start: int, k: int, spent: int, pairs: int) -> None:
        if len(pod) == k:
            cost = spent + spans(pod, points)
            if cost <= max_spans:
                pods.append(pod)
                place([p for p in rest if p not in pod], cost, pairs)
                pods.pop()
            return
        last = len(rest) - (k - len(pod)) + 1
        steps[0] += max(0, last - start)  # the budget counts partners in reach: the work, whatever the field
        if steps[0] > budget:
            raise _OutOfBudget
        for j in range(start, last):
            candidate = rest[j]
            row = seen[candidate]
            more = pairs + sum(1 for p in pod if p in row)
            if more < limit[0] and (spent < max_spans or not spans([*pod, candidate], points)):
                grow([*pod, candidate], rest, j + 1, k, spent, more)
                if limit[0] == 0:
                    return

    with suppress(_OutOfBudget):  # past the budget: the best seating found so far
        for tried in sorted({min(1, bound), bound}):
            limit[0] = tried  # first none at all: any repeat prunes, the smallest tree, and the usual answer
            place(list(ranked), 0, 0)
            if best[0] is not None:
                break
    return best[0], steps[0]


def by_blocks(pods: list[list[str]], points: Mapping[str, int], seen: Seen, rank: Mapping[str, int],
              budget: int = DEFAULT_BUDGET, *, merge: bool = True) -> list[list[str]]:
    """The pods re-seated block by block (blocks of pods in order of their best-ranked player) with fewer repeated
    pairs where a block's search finds such a seating, each block keeping its pod sizes and its count of pods over
    one win. A block still repeating after its search is merged with the next, up to MAX_BLOCK players (without
    `merge`, for a field the whole-field search takes on next, it is kept as the search left it)."""
    pods = sorted(pods, key=lambda pod: min(rank[p] for p in pod))
    out: list[list[str]] = []
    block: list[list[str]] = []
    for n, pod in enumerate(pods):
        block.append(pod)
        players = sorted((p for b in block for p in b), key=rank.__getitem__)
        last = n == len(pods) - 1
        if len(players) < BLOCK and not last:
            continue
        now = sum(repeated_pairs(b, seen) for b in block)
        if now and budget > 0:
            spent = sum(spans(b, points) for b in block)
            found, steps = fewest_repeats(players, points, seen, [len(b) for b in block], spent, now,
                                          min(budget, BLOCK_BUDGET))
            budget -= steps
            if found is not None:
                block, now = found, sum(repeated_pairs(b, seen) for b in found)
        if now and merge and not last and budget > 0 and len(players) < MAX_BLOCK:
            continue  # merged with the next pods: the repeats left may go across the border
        out += block
        block = []
    return out
