"""What the lists show, as plain model types the stores fill in: a stored match's summary (read without
replaying it), a unit kept in the library and a whole force kept there."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


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


@dataclass(frozen=True)
class SavedUnit:
    id: str
    system: str
    unit: dict[str, Any]  # name, points, dial (as in a match's JSON), and ref/cyclic/start when set

    @property
    def name(self) -> str:
        return str(self.unit.get("name", "?"))


@dataclass(frozen=True)
class SavedForce:
    """A player's whole force kept under a name, to start the next match with it (or give it to another phone)."""

    id: str
    system: str
    name: str
    units: tuple[dict[str, Any], ...]  # each as a saved unit keeps it: name, points, dial (ref/cyclic/start if set)

    @property
    def points(self) -> int:
        return sum(int(u.get("points", 0)) for u in self.units)
