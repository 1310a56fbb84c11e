"""Where a figure stands, for the screens and the command line: the places its game's rules tell apart.

A unit's position is a word its rules helper reads; the helper's actions set it, and a player can set it by hand
with the `set_position` event. Games whose rules don't turn on positions have no places.
"""

from __future__ import annotations

from companion import rules
from companion.core.model import Match, Unit


def places(match: Match, unit: Unit) -> dict[str, str]:
    """Where the unit may stand in the match's game (word -> label), the default place first; {} when the game
    doesn't track it (or the unit is part of the Scarab itself)."""
    return rules.positions(match.system, unit)


def place_of(match: Match, unit: Unit) -> str | None:
    """Where the unit stands, in words; None when the game doesn't track positions."""
    return rules.position_of(match.system, unit)


def current_place(match: Match, unit: Unit) -> str:
    """The unit's position word as its screen offers it (the default place when none is set)."""
    known = places(match, unit)
    return unit.position if unit.position in known else next(iter(known), "")
