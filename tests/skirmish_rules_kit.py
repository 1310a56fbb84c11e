"""Helpers shared by test_skirmish_rules.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from typing import Any

from companion import rules
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.action import Resolution

from builders import SEED, match, rng_for

SKIRMISH = rules.get("heroclix-skirmish")


def skirmish(*units: dict[str, Any], players: int = 2, **kwargs: Any) -> Match:
    state = match("heroclix-skirmish", players=players, **kwargs)
    return replay(state, [Event("add_unit", {"unit": data}) for data in units])


def play(state: Match, name: str, unit_id: str | None = None, **params: Any) -> tuple[Match, Resolution]:
    """Resolve with the match's next roll generator (as the app does) and apply the events as one batch."""
    res = SKIRMISH.resolve(state, Action(name, unit_id, params), rng_for(SEED, len(state.rolls)))
    batch = Event("batch", {"label": res.summary, "events": [{"type": e.type, "data": e.data} for e in res.events]},
                  by=state.active_player.id)
    return apply(state, batch), res
