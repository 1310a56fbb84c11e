"""After a match: who leads, and everyone's points at the end of each turn (for the chart)."""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.match.events import Event, apply
from companion.core.model import Match


@dataclass(frozen=True)
class TurnPoints:
    turn: int
    points: dict[str, tuple[int, int]]  # player id -> (VP, kills)


def leaders(match: Match, kind: str) -> tuple[str, ...]:
    """The players with the most points of `kind` ("vp" or "kills", what the match's system scores; several
    on a tie)."""
    best = max(getattr(p, kind) for p in match.players)
    return tuple(p.id for p in match.players if getattr(p, kind) == best)


def points_by_turn(initial: Match, events: list[Event]) -> list[TurnPoints]:
    """Replay the log and note every player's points as each turn ends, plus the current turn.

    A turn ends wherever the turn number moves on: a plain `end_turn`, or one inside a rules helper's batch."""
    state = initial
    out: list[TurnPoints] = []
    for event in events:
        turn = state.turn
        state = apply(state, event)
        if state.turn != turn:
            out.append(TurnPoints(turn, {p.id: (p.vp, p.kills) for p in state.players}))
    out.append(TurnPoints(state.turn, {p.id: (p.vp, p.kills) for p in state.players}))
    return out
