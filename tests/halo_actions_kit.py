"""Helpers shared by test_halo_actions.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from typing import Any

from companion import rules
from companion.core.match.events import Event, apply
from companion.core.model import Match
from companion.rules import ActionOption

from builders import match

HALO = rules.get("halo-actionclix")


def halo_match(*units: dict[str, Any], players: int = 2) -> Match:
    state = match(players=players)
    for data in units:
        state = apply(state, Event("add_unit", {"unit": data}))
    return state


def options(state: Match) -> dict[str, ActionOption]:
    return {o.action: o for o in HALO.legal_actions(state)}
