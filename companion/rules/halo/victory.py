"""Halo ActionClix's win (seed 001): Kill points scored against the target the players agreed.

The seed's number of Kill points that ends the game is cut off, so the pack makes it a match setting
(`kill-points-to-win`, options.toml), agreed at New match and kept in the match's counters under that id (absent: none
agreed). The first player an attack takes to it wins: the attack's own events end the match, so the log, undo and
the advisor's chance to win all see it. Kill points entered by hand reach it too: the header asks then.
"""

from __future__ import annotations

from companion.core.match.events import Event, replay
from companion.core.model import Match

KILL_TARGET = "kill-points-to-win"  # the pack's setting (and match counter) id
RULE = "kill-points"


def kill_target(state: Match) -> int | None:
    """The Kill points that win this match, None while the players agreed none."""
    need = state.counters.get(KILL_TARGET, 0)
    return need if need > 0 else None


def victory_events(state: Match, events: list[Event], by: str) -> tuple[list[Event], str | None]:
    """The end of the match when `events` take the active player to the agreed Kill points from below, and the line
    that says so."""
    need = kill_target(state)
    me = state.active_player
    if need is None or me.kills >= need:  # none agreed, or already past it (the players chose to play on)
        return [], None
    now = replay(state, events).player(me.id).kills
    if now < need:
        return [], None
    return ([Event("end_match", {"winners": [me.id]}, by)],
            f"{me.name} reaches {now} {'Kill point' if now == 1 else 'Kill points'} (of {need} agreed to win) and "
            "wins.")
