"""Helpers shared by test_maze_actions.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import random
from typing import Any

from companion import rules
from companion.core.match.events import replay
from companion.core.model import Match
from companion.rules import Action

MAZE = rules.get("killer-of-the-maze")


def model(uid: str, name: str, *keywords: str, morale: int = 6, **extra: Any) -> dict[str, Any]:
    """An imperial model: 3 wounds on its dial, keywords as click markers, counters as given."""
    clicks = [{"stats": {"wounds": w, "armour": 3, "sight": 2, "morale": morale}, "markers": list(keywords)}
              for w in (3, 2, 1)]
    return {"id": uid, "name": name, "points": 0, "owner": "p1", "dial": [*clicks, {"stats": {}, "markers": ["ko"]}],
            **extra}


def act(state: Match, name: str, unit: str | None = None, seed: int = 1, **params: Any) -> Match:
    resolution = MAZE.resolve(state, Action(name, unit, params), random.Random(seed))
    return replay(state, list(resolution.events))


def activity(state: Match) -> Match:
    return act(state, "start-activity")
