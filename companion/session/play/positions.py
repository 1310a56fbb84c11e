"""Where a figure stands, for the screens and the command line: the places its game's rules tell apart.

A unit's position is a word its rules helper reads; the helper's actions set it, and a player can set it by hand
with the `set_position` event. Games whose rules don't turn on positions have no places.
"""

from __future__ import annotations

from companion.core.model import Match, Unit
from companion.core.words import TokenWords, token_words
from companion.session.play.helper import system_of


def places(match: Match, unit: Unit) -> dict[str, str]:
    """Where the unit may stand in the match's game (word -> label), the default place first; {} when the game
    doesn't track it (or the unit has no place of its own)."""
    return system_of(match).positions(unit)


def place_of(match: Match, unit: Unit) -> str | None:
    """Where the unit stands, in words; None when the game doesn't track positions."""
    return system_of(match).position_of(unit)


def current_place(match: Match, unit: Unit) -> str:
    """The unit's position word as its screen offers it (the default place when none is set)."""
    known = places(match, unit)
    return unit.position if unit.position in known else next(iter(known), "")


def token_kinds(match: Match, unit: Unit) -> tuple[str, ...]:
    """The tokens this unit can hold in its game (the reducer refuses the others)."""
    return system_of(match).token_kinds(match, unit)


def token_names(match: Match) -> dict[str, TokenWords]:
    """How people read each token of the match's game, as its pack writes them ("Action", "Action token")."""
    return system_of(match).token_words()


def token_label(match: Match, kind: str) -> str:
    """The word a unit's card shows before a count of `kind` ("Action 1")."""
    return token_words(kind, token_names(match)).label
