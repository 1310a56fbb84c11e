"""Answers that need a match's whole log, read once per screen: each force checked against its pack counting the
units eliminated so far, and every player's points as each turn ended (the result chart)."""

from __future__ import annotations

from companion.core.match.force_check import Finding, check_force, fallen_units
from companion.core.match.history import effective
from companion.core.match.standings import TurnPoints, points_by_turn
from companion.session.matches import Session

__all__ = ["Finding", "TurnPoints", "force_findings", "points_over_turns"]


def force_findings(session: Session, match_id: str) -> dict[str, list[Finding]]:
    """Per player id, the findings of their force (none when the match's pack isn't loaded)."""
    match = session.state(match_id)
    pack = session.packs()[0].get(match.system)
    if pack is None:
        return {p.id: [] for p in match.players}
    initial, events = session.store.full_log(match_id)
    fallen = fallen_units(initial, effective(events))  # a unit knocked out by a step later undone never fell
    return {p.id: check_force(pack, match, p.id, fallen) for p in match.players}


def points_over_turns(session: Session, match_id: str) -> list[TurnPoints]:
    initial, events = session.store.full_log(match_id)
    return points_by_turn(initial, effective(events))
