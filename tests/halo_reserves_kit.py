"""Helpers shared by test_halo_reserves.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.halo.respawn import elimination_events

from builders import match

HALO = rules.get("halo-actionclix")


def halo(*units: dict[str, Any]) -> Match:
    return replay(match(), [Event("add_unit", {"unit": data}) for data in units])


def play(state: Match, name: str, unit_id: str | None = None, seed: int = 0, **params: Any) -> Match:
    res = HALO.resolve(state, Action(name, unit_id, params), random.Random(seed))
    return apply(state, Event("batch", {"label": res.summary, "events": [
        {"type": e.type, "data": e.data} for e in res.events]}, by=state.active_player.id))


def refused(state: Match, name: str, unit_id: str, **params: Any) -> str:
    """The refusal, checked to be the same from explain and from resolve (no events either way)."""
    verdict = HALO.explain(state, Action(name, unit_id, params))
    assert not verdict.legal
    with pytest.raises(IllegalAction):
        HALO.resolve(state, Action(name, unit_id, params), random.Random(0))
    return verdict.reason


def eliminate(state: Match, target: str, attacker: str = "e0") -> Match:
    """Ben's e0 KOs `target` with the helper's own elimination events (on Ben's turn)."""
    ben = apply(state, Event("end_turn", {}))
    ben = replay(ben, [Event("damage", {"unit": target, "amount": 4}), *elimination_events(
        ben.unit(attacker), ben.unit(target))])
    return apply(ben, Event("end_turn", {}))
