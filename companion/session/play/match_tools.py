"""What the match screens and the CLI need beside `Session`: events and their preview on a copy, dials typed as
text, log lines, leaders and points per turn, force checks and the Skirmish set-up rolls, the player palette."""

from __future__ import annotations

from companion.core.match.creation import PALETTE
from companion.core.match.describe import describe
from companion.core.match.dial_text import parse_dial
from companion.core.match.events import Event, apply
from companion.core.match.force_check import check_force, snake_order, starting_squares
from companion.core.match.standings import leaders, points_by_turn, scoring_kind
from companion.store.matches import MatchSummary

__all__ = ["PALETTE", "Event", "MatchSummary", "apply", "check_force", "describe", "leaders", "parse_dial",
           "points_by_turn", "scoring_kind", "snake_order", "starting_squares"]
