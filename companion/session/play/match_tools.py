"""What the match screens and the CLI need beside `Session`: events and their preview on a copy, dials typed as
text, log lines, leaders and points per turn, force checks and the Skirmish set-up rolls, the player palette."""

from __future__ import annotations

from typing import Any

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.creation import PALETTE
from companion.core.match.describe import describe
from companion.core.match.dial_text import parse_dial
from companion.core.match.events import REDUCER, Event, apply
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
    """The reducer's verdicts on unit events, remembered per unit object (held, so its id() can't be reused
    while remembered) and the facts of the match besides its units that the reducer's checks of such an event
    read; bounded like core.frozen.CheckedMemo (forgotten all at once when full)."""

    def __init__(self, limit: int = 1024) -> None:
        self.limit = limit
        self.seen: dict[int, tuple[Unit, tuple[Any, ...], dict[tuple[Any, ...], bool]]] = {}
        self.valid: tuple[Match | None, bool] = (None, False)  # the last match asked whether the reducer takes it
        self.last: tuple[Match | None, tuple[Any, ...], frozenset[int]] = (None, (), frozenset())

    def takes(self, match: Match) -> bool:
        """Whether the match as it stands passes the reducer's checks (core's and its system's): it does when it
        came through the reducer, unless a check grew stricter since it was stored."""
        if self.valid[0] is not match:
            try:
                REDUCER.validate(match)
                self.valid = (match, True)
            except CompanionError:
                self.valid = (match, False)
        return self.valid[1]

    def of(self, match: Match, unit: Unit) -> dict[tuple[Any, ...], bool] | None:
        """The verdicts remembered for `unit` in this match (a new, empty memo on a miss); None when nothing may
        be remembered (the unit isn't the match's, or the match itself fails the reducer's checks)."""
        if self.last[0] is not match:  # a table asks for every unit of one match in a row
            facts = (match.system, match.status, match.rules, tuple([p.id for p in match.players]), match.active,
                     match.turn, match.round, match.phase, match.counters)
            self.last = (match, facts, frozenset([id(u) for u in match.units]))  # the match holds its units
        _, facts, members = self.last
        if id(unit) not in members:  # the reducer would judge the match's unit of that id
            return None
        entry = self.seen.get(id(unit))
        if entry is not None and entry[0] is unit and entry[1] == facts:
            return entry[2]
        if not self.takes(match):
            return None
        if len(self.seen) >= self.limit:
            self.seen.clear()
        verdicts: dict[tuple[Any, ...], bool] = {}
        self.seen[id(unit)] = (unit, facts, verdicts)
        return verdicts


_VERDICTS = _Verdicts()


def unit_accepts(match: Match, unit: Unit, type_: str, data: dict[str, Any]) -> bool:
    """`accepts` for an event that changes `unit` alone (damage, heal, a token: UNIT_EVENTS), asked of the reducer
    once per unit object and match facts, so a table of cards asks again only for the units an event changed.

    Why that is the reducer's own answer: such an event's handler reads the unit, the match's status (the guard)
    and its rules; the reducer then checks the whole new match, which differs from this one (checked to pass, see
    `_Verdicts.takes`) only in this unit. Core's checks of a unit read the unit, the player ids and the rules;
    the systems' checks read each unit with the match's rules (and counters). Those facts are the memo's key;
    tests/property/test_unit_verdicts.py compares it with `accepts` after random events in every system."""
    if type_ not in UNIT_EVENTS or data.get("unit") != unit.id:
        raise ValueError(f"unit_accepts is for damage, heal and token events of {unit.id!r}, not {type_} {data}")
    verdicts = _VERDICTS.of(match, unit)
    if verdicts is None:
        return accepts(match, type_, data)
    key = (type_, *sorted(data.items()))
    found = verdicts.get(key)
    if found is None:
        found = verdicts[key] = accepts(match, type_, data)
    return found


def leaders(match: Match) -> tuple[str, ...]:
    """The players with the most of the points that decide the match's game (several on a tie)."""
    return _leaders(match, scoring_kind(match))
