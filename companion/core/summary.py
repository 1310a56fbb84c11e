"""What a list of matches shows of each one, read without replaying it: a model type the store fills in."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class MatchSummary:
    id: str
    system: str
    players: tuple[str, ...]
    created: float
    updated: float
    events: int
    turn: int
    status: str
    label: str = ""  # how a copy kept beside another one is told apart, e.g. "from backup of 12 Nov"
