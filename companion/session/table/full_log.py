"""Answers that need a match's whole log, read once per screen: each force checked against its pack counting the
units eliminated so far, every player's points as each turn ended (the result chart), and the log's lines."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.match.describe import describe_at
from companion.core.match.events import UNDONE
from companion.core.match.force_check import Finding, check_force, fallen_units, started_units
from companion.core.match.history import MARKS, effective, undone_steps
from companion.core.match.standings import TurnPoints, points_by_turn
from companion.session.matches import Session
from companion.session.play.helper import system_of
from companion.session.play.positions import token_names

__all__ = ["Finding", "LogLine", "TurnPoints", "force_findings", "log_lines", "points_over_turns"]


def force_findings(session: Session, match_id: str) -> dict[str, list[Finding]]:
    """Per player id, the findings of their force (none when the match's pack isn't loaded)."""
    match = session.state(match_id)
    pack = session.packs()[0].get(match.system)
    if pack is None:
        return {p.id: [] for p in match.players}
    initial, events = session.store.full_log(match_id)
    fallen = fallen_units(initial, effective(events))  # a unit knocked out by a step later undone never fell
    started = started_units(initial, effective(events))
    system = system_of(match)
    return {p.id: check_force(pack, match, p.id, units=system.force(match, p.id, fallen, started))
            for p in match.players}


def points_over_turns(session: Session, match_id: str) -> list[TurnPoints]:
    initial, events = session.store.full_log(match_id)
    return points_by_turn(initial, effective(events))


@dataclass(frozen=True)
class LogLine:
    text: str  # "Ann undid Ben's “Ben: +1 kill”", "Spartan takes 2 damage" ...
    who: str  # the name of who did it ("" for the app itself)
    at: float
    kind: str  # "step"; "undone" (a step taken back now, or an old `undone` record); "undo" or "redo"


def log_lines(session: Session, match_id: str) -> list[LogLine]:
    """Every event of the log, oldest first, in words: undos and redos say whose step they took back."""
    match = session.state(match_id)
    events = session.log(match_id)
    taken_back = undone_steps(events)
    names = {p.id: p.name for p in match.players}
    tokens = token_names(match)
    lines = []
    for i, event in enumerate(events):
        kind = event.type if event.type in MARKS else "undone" if i in taken_back or event.type == UNDONE \
            else "step"
        lines.append(LogLine(describe_at(match, events, i, tokens), names.get(event.by or "", event.by or ""), event.at,
                             kind))
    return lines
