"""Explicit wiring (issue 41 §6): the core, handed a system lookup, refuses what that system forbids; importing
the session wires nothing, building a Session does."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.creation import new_match
from companion.core.match.event_base import match_reducer
from companion.core.match.events import Event
from companion.core.model import Match
from companion.core.packs.load import get_pack

from scarab_setup_kit import scarab_dials

ROOT = Path(__file__).resolve().parents[2]
A_DIAL_TOKEN = Event("token", {"unit": "scarab-shell", "kind": "action", "delta": 1})


def _scarab_with_dials() -> Match:
    match = new_match(get_pack("scarab"), ["Ann", "Ben"], match_id="m1", now=0.0)
    return match_reducer().replay(match, [Event("add_unit", {"unit": d}) for d in scarab_dials()])


def test_the_core_given_the_systems_refuses_a_token_on_a_scarab_dial() -> None:
    match = _scarab_with_dials()
    with pytest.raises(IllegalAction, match="Shell dial"):
        match_reducer(rules.invariant).apply(match, A_DIAL_TOKEN)
    # the core's checks alone know no dial: only the lookup it was handed refuses the token
    assert match_reducer().apply(match, A_DIAL_TOKEN).unit("scarab-shell") is not None


def test_the_core_refuses_what_the_lookup_it_is_handed_forbids() -> None:
    asked: list[str] = []

    def no_second_player_name(state: Match) -> None:
        if state.players[1].name == "Bob":
            raise IllegalAction("this game has no Bob")

    def lookup(system: str) -> Callable[[Match], None]:
        asked.append(system)
        return no_second_player_name

    reducer = match_reducer(lookup)
    match = _scarab_with_dials()
    renamed = Event("rename_player", {"player": "p2", "name": "Bob", "was": "Ben"})
    with pytest.raises(IllegalAction, match="no Bob"):
        reducer.apply(match, renamed)
    reducer.apply(match, Event("rename_player", {"player": "p2", "name": "Bea", "was": "Ben"}))
    assert asked == ["scarab"]  # asked once per system, not once per event


_PROBE = """
from companion.core.match.event_base import REDUCER
from companion.core.model import validate
from companion.rules import pack_source
import companion.session.matches
from companion.session import Session
print(REDUCER.validate is validate, bool(pack_source._PACK_SOURCE))
Session.open(None)
print(REDUCER.validate is validate, bool(pack_source._PACK_SOURCE))
"""


def test_importing_the_session_wires_nothing_building_one_does(tmp_path: Path) -> None:
    env = {"PYTHONPATH": str(ROOT), "COMPANION_DATA_DIR": str(tmp_path / "data"), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", _PROBE], capture_output=True, text=True, env=env, cwd=ROOT,
                         check=True).stdout.split("\n")
    assert out[:2] == ["True False", "False True"]
