"""Helpers shared by test_scarab_turn.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from companion.core.match.events import Event, apply
from companion.core.model import Match


def at(state: Match, step: str) -> Match:
    return apply(state, Event("set_phase", {"phase": step}))
