"""Battle Royale scoring for pods: each player's place at the table earns placement points (HCUnits' Battle Royale:
6 / 4 / 2 / 1 for 1st to 4th; an event may set its own). Players sharing a place split the points of the places
they cover: two players 2nd at a four-player table share 4 + 2, 3 each, and the next player is 4th.

Places are written as a competition ranking (1, 2, 2, 4): a place is one more than the number of players placed
strictly better, so a table's places can be checked without knowing how the game ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from companion.core.errors import IllegalAction

DEFAULT_PLACEMENT = (6, 4, 2, 1)
MAX_PLACE_POINTS = 99


def check_placement(points: Sequence[Any]) -> tuple[int, ...]:
    """An event's placement table: 2 to 4 whole numbers from 0 to 99, none above the one before."""
    values = tuple(points)
    if not 2 <= len(values) <= 4 or any(isinstance(v, bool) or not isinstance(v, int) for v in values):
        raise ValueError("placement points are 2 to 4 whole numbers, 1st place first (e.g. 6,4,2,1)")
    if any(not 0 <= v <= MAX_PLACE_POINTS for v in values) or list(values) != sorted(values, reverse=True):
        raise ValueError(f"placement points go from 0 to {MAX_PLACE_POINTS}, 1st place scoring the most")
    return values


def check_places(players: Sequence[str], places: Mapping[str, Any]) -> dict[str, int]:
    """Each seated player's place (seat order), refused unless it is a competition ranking (1, 2, 2, 4)."""
    missing = [p for p in players if p not in places]
    if missing:
        raise IllegalAction(f"give a place for {', '.join(missing)} too")
    out: dict[str, int] = {}
    for p in players:
        value = places[p]
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= len(players):
            raise IllegalAction(f"{p}'s place must be a whole number from 1 to {len(players)}")
        out[p] = value
    for p, place in out.items():
        better = sum(1 for q in out.values() if q < place)
        if place != better + 1:
            raise IllegalAction(f"{p} can't be {_nth(place)}: with {better} player{'s' if better != 1 else ''} "
                                f"placed above, the place is {_nth(better + 1)} (tied places: 1, 2, 2, 4)")
    return out


def placement_points(table: Sequence[int], places: Mapping[str, int]) -> dict[str, Fraction]:
    """Each player's points; places past the table's end earn 0, ties split what their places cover."""
    share: dict[str, Fraction] = {}
    for player, place in places.items():
        tied = sum(1 for q in places.values() if q == place)
        covered = [table[i] if i < len(table) else 0 for i in range(place - 1, place - 1 + tied)]
        share[player] = Fraction(sum(covered), tied)
    return share


def _nth(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def text(table: Sequence[int]) -> str:
    return "/".join(map(str, table))
