"""The system base (issue 32): what differs between games is asked of the match's system, and the reducer
refuses what a kind of unit may not carry on every path (CLI, Session, import)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from companion import rules
from companion.cli import main
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.rules.action import Action
from companion.rules.base import System
from companion.session import Session
from companion.session.play.positions import place_of, places, token_kinds
from companion.session.table.full_log import force_findings
from companion.session.table.header import header

from scarab_setup_kit import scarab_dials


def _scarab(session: Session) -> str:
    match = session.new_match("scarab", ["Ann", "Ben"])
    session.dispatch_events(match.id, [Event("add_unit", {"unit": d}) for d in scarab_dials()], "dials", by="p1")
    return match.id


def test_a_dial_token_is_refused_through_match_event(capsys: pytest.CaptureFixture[str]) -> None:
    session = Session.open()
    match_id = _scarab(session)
    before = session.state(match_id)
    token = json.dumps({"unit": "scarab-shell", "kind": "action", "delta": 1})
    assert main(["match", "event", match_id, "token", "--data", token]) == 1
    assert "never receives actions or action tokens" in capsys.readouterr().err
    assert Session.open().state(match_id) == before
    with pytest.raises(IllegalAction, match="Shell dial"):
        session.dispatch(match_id, "token", {"unit": "scarab-shell", "kind": "action", "delta": 1})
    assert token_kinds(before, before.unit("scarab-shell")) == ()


def test_a_dial_token_is_refused_in_an_import_and_inside_a_step() -> None:
    session = Session.open()
    match_id = _scarab(session)
    exported = session.export(match_id)
    exported["events"].append(Event("token", {"unit": "scarab-chassis", "kind": "upgrade", "delta": 1}).to_json())
    with pytest.raises(IllegalAction, match="Chassis dial"):
        session.import_match(exported, as_new=True)
    with pytest.raises(IllegalAction):
        session.dispatch_events(match_id, [Event("token", {"unit": "scarab-core", "kind": "action", "delta": 1})],
                                "sneaky", by="p2")


def test_places_header_and_scoring_come_from_the_system() -> None:
    session = Session.open()
    halo = session.new_match("halo-actionclix", ["Ann", "Ben"])
    halo = session.dispatch(halo.id, "add_unit", {"unit": {"id": "u", "name": "Grunt", "points": 10, "owner": "p1",
                                                           "dial": [{"stats": {}}, {"markers": ["ko"]}]}})
    facts = header(halo, [])
    assert (facts.when, facts.actions, facts.kind) == ("Turn 1 · Ann to play", "Actions 0 of 3", "kills")
    assert place_of(halo, halo.unit("u")) == "Elsewhere on the map"
    scarab = session.state(_scarab(session))
    assert places(scarab, scarab.unit("scarab-shell")) == {}  # a dial is the Scarab itself
    assert "top" in places(scarab, replace(scarab.unit("scarab-shell"), ref=None))  # any other figure has places
    skirmish = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    facts = header(skirmish, [])
    assert (facts.when, facts.actions, facts.kind) == ("Turn 1 · Ann's round 1 of 2", "", "vp")


def test_every_system_is_a_subclass_of_the_one_base() -> None:
    for system_id in rules.available():
        system = rules.get(system_id)
        assert isinstance(system, System) and system.id == system_id
    plain = rules.get("no-such-game", plain=True)
    assert type(plain) is System and plain.legal_actions.__func__ is System.legal_actions  # type: ignore[attr-defined]


def test_the_force_check_counts_a_unit_kod_into_the_reserve_in_one_step() -> None:
    """Ben's five units; the Sniper's hit KOs Grunt A, which the same step clicks back into the reserves."""
    session = Session.open()
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    sniper = {"id": "sniper", "name": "Sniper", "points": 30, "owner": "p1",
              "dial": [{"stats": {"speed": 8, "attack": 30, "defense": 16, "damage": 3}}, {"markers": ["ko"]}]}
    grunts = [{"id": f"g{i}", "name": f"Grunt {'ABCDE'[i]}", "points": 30, "owner": "p2",
               "dial": [{"stats": {"speed": 8, "attack": 5, "defense": 2, "damage": 1}}] * 2 + [{"markers": ["ko"]}]}
              for i in range(5)]
    session.dispatch_events(match.id, [Event("add_unit", {"unit": u}) for u in (sniper, *grunts)], "forces")
    for seed in range(50):
        resolution, _ = session.act(match.id, Action("attack", "sniper", {"target": "g0"}), rng=random.Random(seed))
        if resolution.success:
            break
        session.undo(match.id)
    state = session.state(match.id)
    assert state.unit("g0").location == "reserve" and not state.unit("g0").eliminated
    min_units = {f.rule: f for f in force_findings(session, match.id)["p2"]}["min-units"]
    assert min_units.ok is True and "has 5 units in the starting force" in min_units.text
