"""Halo ActionClix against its seed (001), issue 40: the respawn's slots, its shot weighed like any attack, and
what the fresh audit found (each case reproduced as it was found)."""

from __future__ import annotations

import random

import pytest

from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.session.play.advice import advise

from builders import unit
from halo_reserves_kit import HALO, eliminate, halo, play, refused


@pytest.fixture
def down() -> Match:
    """Ann: a0-a2 on the table, X (50 points) and Y (100) eliminated; Ben: e0, e1."""
    table = halo(unit("a0", "p1"), unit("a1", "p1"), unit("a2", "p1"), unit("x", "p1", points=50),
                 unit("y", "p1", points=100), unit("e0", "p2"), unit("e1", "p2"))
    return eliminate(eliminate(table, "x"), "y")


def test_x_respawning_in_ys_respawn_uses_one_slot(down: Match) -> None:
    res = HALO.resolve(down, Action("respawn", "x", {"for": "y"}), random.Random(0))
    assert any("comes back in its own respawn" in line and "Unit y's respawn stays open" in line
               for line in res.details)
    back = play(down, "respawn", "x", **{"for": "y"})
    assert back.unit("x").location == "table"
    assert back.unit("y").reserve_reason == "eliminated"  # not "replaced": its respawn is still open
    later = replay(back, [Event("end_turn", {}), Event("end_turn", {})])
    assert HALO.explain(later, Action("respawn", "y")).legal
    assert play(later, "respawn", "y").unit("y").location == "table"


def test_the_refusal_says_how_many_units_the_table_holds(down: Match) -> None:
    # a reserve unit comes in for Y (X stays eliminated), then X comes back: no respawn left open
    state = replay(down, [Event("add_unit", {"unit": unit("r", "p1", points=40, location="reserve")})])
    state = play(state, "respawn", "r", **{"for": "y"})
    state = replay(state, [Event("end_turn", {}), Event("end_turn", {})])
    state = play(state, "respawn", "x")
    reason = refused(state, "respawn", "y")
    assert "whole starting force" not in reason
    assert "the table holds 5 units of yours" in reason
    # 4 of the 5 on the table (one KO'd back to the reserves by Ben): the count is the true one
    state = eliminate(state, "a0")
    option = next(o for o in HALO.legal_actions(state) if o.action == "respawn")
    assert option.enabled  # a0's respawn is open
    state = play(state, "respawn", "a0")
    state = eliminate(replay(state, [Event("end_turn", {}), Event("end_turn", {})]), "a1")
    state = replay(state, [Event("set_location", {"unit": "a1", "location": "reserve", "reason": "replaced"})])
    assert "the table holds 4 units of yours" in refused(state, "respawn", "a1")


def test_a_respawns_shot_has_odds_dice_and_an_advisor_row(down: Match) -> None:
    action = Action("respawn", "x", {"target": "e0", "moved": 2})
    odds = HALO.odds(down, action)
    assert odds is not None and odds.chance == HALO.odds(down, Action("attack", "a0", {"target": "e0"})).chance
    assert "needs 6+ on 2d6" in odds.text
    option = next(o for o in HALO.legal_actions(down) if o.action == "respawn")
    assert option.dice == "2d6"
    assert HALO.odds(down, Action("respawn", "x", {"moved": 2})) is None  # no target: no roll
    advice = advise(down)
    rows = [m for m in advice.moves if m.action.name == "respawn"]
    assert {(m.action.unit, m.target) for m in rows} == {(u, e) for u in ("x", "y") for e in ("e0", "e1")}
    assert advice.note == ""


def test_a_respawns_shot_is_checked_like_the_attack(down: Match) -> None:
    assert "modifier must be a whole number" in refused(down, "respawn", "x", target="e0", modifier=99)
    assert "not an enemy unit on the table" in refused(down, "respawn", "x", target="e0", adjacent=["a0"])
    assert "opposing unit" in refused(down, "respawn", "x", target="a1")


def test_a_respawned_grenade_icon_unit_may_throw_its_new_grenade(down: Match) -> None:
    state = replay(down, [Event("add_unit", {"unit": unit("g", "p1", points=50, location="reserve",
                                                                 reserve_reason="eliminated",
                                                                 ref="halo:odst:grenade-icon")})])
    fields = {p.name for p in next(o for o in HALO.legal_actions(state) if o.action == "respawn").params}
    assert "with" in fields
    res = HALO.resolve(state, Action("respawn", "g", {"target": "e0", "moved": 2, "with": "throw-grenade"}),
                       random.Random(1))
    grenades = [e.data["delta"] for e in res.events if e.type == "token" and e.data["kind"] == "grenade"]
    assert grenades == [1, -1]  # given by the icon, then thrown
    assert "throws a grenade at" in res.summary
    assert "has no Grenade token" in refused(down, "respawn", "x", target="e0", moved=2, **{"with": "throw-grenade"})


def test_an_attack_without_moving_leaves_the_unit_on_the_spawn_point(down: Match) -> None:
    """Found by the property test: a grenade (or a move and attack) of 0 squares from an opponent's spawn point
    took the unit off it (its form's "Where its move ends" defaults to elsewhere), so no loot roll."""
    state = play(down, "move", "a0", ends="enemy-spawn")
    state = replay(state, [Event("end_turn", {}), Event("end_turn", {})])
    state = replay(state, [Event("token", {"unit": "a0", "kind": "grenade", "delta": 1})])
    for name in ("throw-grenade", "move-and-attack"):
        after = play(state, name, "a0", target="e0", moved=0)
        assert after.unit("a0").position == "enemy-spawn"
        assert HALO.explain(after, Action("loot-roll", "a0")).legal
    assert play(state, "throw-grenade", "a0", target="e0", moved="0").unit("a0").position == "enemy-spawn"  # typed
    assert "moves no squares" in refused(play(state, "move", "a1"), "move-and-attack", "a2", target="e0",
                                         moved=0, ends="enemy-spawn")
