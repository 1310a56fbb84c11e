"""What the match screens and the CLI need beside `Session`: events and their preview on a copy, dials typed as
text, log lines, leaders and points per turn, force checks and the Skirmish set-up rolls, the player palette."""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.creation import PALETTE
from companion.core.match.describe import describe
from companion.core.match.dial_text import parse_dial
from companion.core.match.events import Event, apply
from companion.core.match.force_check import check_force, snake_order, starting_squares
from companion.core.match.standings import leaders as _leaders
from companion.core.match.standings import points_by_turn
from companion.core.model import Match, Unit
from companion.session.play.helper import scoring_kind

__all__ = ["PALETTE", "Event", "accepts", "check_force", "describe", "leaders", "parse_dial", "points_by_turn",
           "preview", "scoring_kind", "snake_order", "starting_squares", "unit_accepts"]


def preview(match: Match, kind: str, data: dict[str, Any]) -> Match:
    """The match as it would be after one event, worked out on a copy by the one reducer: nothing is stored.
    Raises IllegalAction when the event would be refused."""
    return apply(match, Event(kind, data))


def accepts(match: Match, type_: str, data: dict[str, Any]) -> bool:
    """Whether the reducer (with the match's system) takes the event now, tried on a copy: a button is enabled
    from this, not from a copy of the reducer's checks."""
    try:
        preview(match, type_, data)
    except IllegalAction:
        return False
    return True


# The events a unit's card asks about: each changes the unit it names and nothing else (its click, its tokens).
UNIT_EVENTS = frozenset({"damage", "heal", "token"})


class _Verdicts:
    """The reducer's verdicts on the unit events of the last match asked about: a table asks for each card of
    one match, then (after a change) of the next. The match is held and compared by identity, so an answer is
    reused only for the very state it was worked out on (a frozen match: the reducer's answer can't differ)."""

    def __init__(self) -> None:
        self.last: tuple[Match | None, dict[tuple[Any, ...], bool]] = (None, {})

    def of(self, match: Match) -> dict[tuple[Any, ...], bool]:
        last = self.last  # read and replaced whole: two threads asking of two matches can't mix their answers
        if last[0] is not match:
            last = self.last = (match, {})
        return last[1]


_VERDICTS = _Verdicts()


def unit_accepts(match: Match, unit: Unit, type_: str, data: dict[str, Any]) -> bool:
    """`accepts` for an event that changes `unit` alone (damage, heal, a token: UNIT_EVENTS), remembered for the
    match it was asked of, so the screens that show a unit's buttons (the table's card, the unit's details) ask
    the reducer once per match state."""
    if type_ not in UNIT_EVENTS or data.get("unit") != unit.id:
        raise ValueError(f"unit_accepts is for damage, heal and token events of {unit.id!r}, not {type_} {data}")
    verdicts = _VERDICTS.of(match)
    key = (type_, *sorted(data.items()))
    found = verdicts.get(key)
    if found is None:
        found = verdicts[key] = accepts(match, type_, data)
    return found


def leaders(match: Match) -> tuple[str, ...]:
    """The players with the most of the points that decide the match's game (several on a tie)."""
    return _leaders(match, scoring_kind(match))
