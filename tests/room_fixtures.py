"""A stored event with three tables and an injected clock, for the room tests."""

from __future__ import annotations

from pathlib import Path

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.judging.service import Judging

T0 = 1_800_000_000.0
PLAYERS = (["Ann", "Ben"], ["Cat", "Dan", "Eve"], ["Fay", "<b>Gus</b>"])


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


def seeded_store(root: Path, clock: Clock) -> Judging:
    store = Judging(root, clock=clock)
    store.create(new_tournament("ev-1", "Friday Skirmish", now=T0))
    for n, players in enumerate(PLAYERS, 1):
        store.apply("ev-1", Event("seat", {"table": n, "players": players}, "judge", T0))
    return store


def judge(store: Judging, kind: str, data: dict, at: float) -> None:
    """A change made with the judge's CLI (another process, same folder)."""
    Judging(store.root).apply("ev-1", Event(kind, data, "judge", at))
