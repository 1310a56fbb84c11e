"""Swiss pairings for a round: head-to-head tables by minimum-cost matching, pods of 3-4 by standing.

`pair(ranked, points, met, byes, table_size, rng)` takes the active players best first, their match points,
how often each pair already met, and how many byes each had, and returns the tables and byes. Pure: the
caller writes the result into a `pair` / `next_round` event, so a replay never re-draws.

Head to head (table size 2): networkx's blossom matching with maxcardinality=True picks the perfect matching
of largest total weight, weight = BIG - cost. With an odd count a "bye" node joins the graph, linked to
every player who has had the fewest byes. Each cost is a stack of tiers, each tier worth more than all lower
tiers together, so the matching minimises them in this order:
    1. a second bye while someone without one is left (only they are linked to the bye node)
    2. rematches (squared meetings: meeting a third time is worse than two pairs meeting twice)
    3. a bye that is not the lowest-ranked eligible player's
    4. tables more than one win (3 points) apart
    5. the squared points gap (equal records meet)
    6. how far apart in the standings two players with different points are: who floats down to a
       lower score group is the lowest-ranked of their group, and meets the highest-ranked below
Between equally good choices (players on equal points) the edges' order, shuffled by `rng`, decides.
The graph is sparse: each player links to the `window` players nearest in the standings; when that graph
gives a worse answer than the ideal (a rematch, a higher bye, a table across more than a win), the window
doubles, up to the whole field, where the answer is exact. A field of 128 or more is first paired score group
by score group (tournament.score_groups: no rematch, the bye to the lowest eligible, tables within one win, or
it gives up); failing that, in parts of 64 consecutive players in the standings (the last part takes the rest,
and the bye); the parts are kept only when every one of them comes out without a flaw and the bye is the lowest
eligible player's, else the whole field is matched at once. Score groups and parts keep the first four tiers
at their best; they are not exact in the last two (how far a player floats), the price of pairing 1,000
players in a fraction of a second.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from companion.core.tournament.pods import seat_pods
from companion.core.tournament.results import meetings, standings
from companion.core.tournament.score_groups import pair_groups
from companion.core.tournament.state import Tournament

WIN = 3  # match points of a win: "within one win" means at most 3 points apart
FIRST_WINDOW = 8
PART = 64  # players a part: a field of twice this or more is paired in parts (pair_heads)
# tier bases: each exceeds the largest possible sum of every lower tier (512 players, 30 rounds)
FLOAT, GAP, CROSS, BYE_RANK, REMATCH = 1, 10**6, 10**13, 10**16, 10**19
BIG = 10**24
BYE = object()  # the bye node


@dataclass(frozen=True)
class Pairing:
    tables: tuple[tuple[str, ...], ...]  # best tables first
    byes: tuple[str, ...] = ()


def pair(ranked: Sequence[str], points: Mapping[str, int], met: Mapping[frozenset[str], int],
         byes: Mapping[str, int], table_size: int, rng: random.Random) -> Pairing:
    """Seat the active players (best first) for the next round."""
    players = list(ranked)
    if len(players) < 2:
        return Pairing((), tuple(players))  # nobody to play: a lone player gets the bye
    if table_size == 2:
        return pair_heads(players, points, met, byes, rng)
    return Pairing(seat_pods(players, points, met, table_size, rng))


def next_pairing(t: Tournament, rng: random.Random) -> Pairing:
    """The seating for the round after the one being played (or round 1's draw before anything is played)."""
    played = any(tb.result is not None for r in t.rounds for tb in r.tables)
    active = set(t.active)
    if not played:
        return draw(t.active, t.table_size, rng)
    rows = standings(t)
    ranked = [r.player for r in rows if r.player in active]
    points = {r.player: r.points for r in rows}
    byes = {r.player: r.byes for r in rows}
    return pair(ranked, points, meetings(t), byes, t.table_size, rng)


def draw(players: Sequence[str], table_size: int, rng: random.Random) -> Pairing:
    """Round 1: everyone on zero and nobody has met, so the shuffled order taken two by two is a random draw
    (the odd player out has the bye); pods are the shuffled order cut into pod sizes."""
    order = list(players)
    rng.shuffle(order)
    if table_size != 2 or len(order) < 2:
        return pair(order, {}, {}, {}, table_size, rng)
    odd = len(order) % 2
    tables = tuple(tuple(order[i:i + 2]) for i in range(0, len(order) - odd, 2))
    return Pairing(tables, (order[-1],) if odd else ())


def pair_heads(players: list[str], points: Mapping[str, int], met: Mapping[frozenset[str], int],
               byes: Mapping[str, int], rng: random.Random) -> Pairing:
    """A large field is paired score group by score group (tournament.score_groups), else in parts of consecutive
    players (the matching grows about n³); when a part comes out with a flaw, or its bye would not be the lowest
    eligible player's, the whole field is paired at once."""
    parts = _parts(players)
    if len(parts) > 1:
        grouped = pair_groups(players, points, met, byes, rng)
        if grouped is not None:
            rank = {p: i for i, p in enumerate(players)}
            tables = sorted((tuple(sorted(t, key=rank.__getitem__)) for t in grouped[0]), key=lambda t: rank[t[0]])
            return Pairing(tuple(tables), () if grouped[1] is None else (grouped[1],))
        fewest = min(byes.get(p, 0) for p in players)
        tables: list[tuple[str, ...]] = []
        for part in parts:
            if len(part) % 2 and min(byes.get(p, 0) for p in part) != fewest:
                break  # the bye's part has nobody on the fewest byes: only the whole field can choose well
            found = _pair_field(part, points, met, byes, rng)
            lowest = [p for p in part if byes.get(p, 0) == fewest][-1:] if len(part) % 2 else []
            if _flaws(list(found.tables), points, met) or list(found.byes) != lowest:
                break
            tables += found.tables
        else:
            return Pairing(tuple(tables), found.byes)
    return _pair_field(players, points, met, byes, rng)


def _parts(players: list[str]) -> list[list[str]]:
    """The standings cut into parts of PART players (even: a score group split between two parts pairs within
    each), the last taking the rest (at least PART, and the bye when the count is odd)."""
    count = max(1, len(players) // PART)
    return [players[i * PART:(i + 1) * PART] for i in range(count - 1)] + [players[(count - 1) * PART:]]


def _pair_field(players: list[str], points: Mapping[str, int], met: Mapping[frozenset[str], int],
                byes: Mapping[str, int], rng: random.Random) -> Pairing:
    n = len(players)
    fewest = min(byes.get(p, 0) for p in players)
    eligible = [p for p in players if byes.get(p, 0) == fewest] if n % 2 else []
    ideal_bye = eligible[-1] if eligible else None
    window = FIRST_WINDOW
    while True:
        tables, bye = _match(players, points, met, eligible, window, rng)
        complete = len(tables) * 2 + (bye is not None) == n
        if window >= n or complete and bye == ideal_bye and not _flaws(tables, points, met):
            return Pairing(tuple(tables), () if bye is None else (bye,))
        window *= 2


def _flaws(tables: list[tuple[str, str]], points: Mapping[str, int], met: Mapping[frozenset[str], int]) -> bool:
    return any(met.get(frozenset(t), 0) or abs(points.get(t[0], 0) - points.get(t[1], 0)) > WIN for t in tables)


def _match(players: list[str], points: Mapping[str, int], met: Mapping[frozenset[str], int], eligible: list[str],
           window: int, rng: random.Random) -> tuple[list[tuple[str, str]], str | None]:
    n = len(players)
    edges: list[tuple[object, object, int]] = []
    for i, a in enumerate(players):
        pa = points.get(a, 0)
        for j, b in enumerate(players[i + 1:i + 1 + window], i + 1):
            gap = abs(pa - points.get(b, 0))
            meetings = met.get(frozenset((a, b)), 0)
            cost = REMATCH * meetings * meetings + CROSS * (gap > WIN) + GAP * gap * gap + FLOAT * (j - i) * (gap > 0)
            edges.append((a, b, BIG - cost))
    rank = {p: i for i, p in enumerate(players)}
    for p in eligible:
        # the lowest-ranked eligible player costs nothing; each place up the standings costs one tier-3 step
        edges.append((p, BYE, BIG - BYE_RANK * (n - 1 - rank[p])))
    rng.shuffle(edges)
    import networkx as nx  # here: the judge's other commands, and every match screen, don't load it (~0.15 s)

    graph = nx.Graph()
    graph.add_weighted_edges_from(edges)
    tables: list[tuple[str, str]] = []
    bye = None
    for a, b in nx.max_weight_matching(graph, maxcardinality=True):
        if a is BYE or b is BYE:
            bye = b if a is BYE else a
        else:
            tables.append((a, b) if rank[a] < rank[b] else (b, a))  # type: ignore[index]
    tables.sort(key=lambda t: rank[t[0]])
    return tables, bye  # type: ignore[return-value]
