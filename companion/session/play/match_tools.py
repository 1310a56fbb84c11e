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
from companion.core.model import Match
from companion.session.play.helper import scoring_kind

__all__ = ["PALETTE", "Event", "accepts", "check_force", "describe", "leaders", "parse_dial", "points_by_turn",
           "preview", "scoring_kind", "snake_order", "starting_squares"]


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


def leaders(match: Match) -> tuple[str, ...]:
    """The players with the most of the points that decide the match's game (several on a tie)."""
    return _leaders(match, scoring_kind(match))
