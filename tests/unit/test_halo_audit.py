"""Halo ActionClix against its seed (001): issue 33 cases 3-5 and 7-10, each reproduced as it was found (the
reserve and action cases 1, 2, 6 and the respawn are in test_halo_reserves)."""

from __future__ import annotations

import random

import pytest

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action

from builders import rng_rolling, unit
from halo_reserves_kit import eliminate, halo, play, refused

HALO = rules.get("halo-actionclix")


@pytest.fixture
def table() -> Match:
    """Ann: a0 (1 upgrade token), a1, a2 (grenade icon), a3, a4; reserve r40. Ben: e0, e1, e2 (one click left)."""
    return halo(unit("a0", "p1", tokens={"upgrade": 1}), unit("a1", "p1"),
                unit("a2", "p1", ref="halo:odst:grenade-icon"),
                unit("a3", "p1"), unit("a4", "p1"), unit("r40", "p1", points=40, location="reserve"),
                unit("e0", "p2"), unit("e1", "p2"), unit("e2", "p2", clicks=1))


def test_case3_one_loot_roll_per_action(table: Match) -> None:
    state = play(table, "move", "a1", ends="enemy-spawn")
    state = play(state, "loot-roll", "a1")
    assert "already made its loot roll" in refused(state, "loot-roll", "a1")
    # next turn, a unit that stays there without an action gets none; with one, a new roll
    later = replay(state, [Event("end_turn", {}), Event("end_turn", {})])
    assert "was not given an action" in refused(later, "loot-roll", "a1")
    assert HALO.explain(play(later, "attack", "a1", target="e0"), Action("loot-roll", "a1")).legal


def test_case4_an_upgrade_keeps_the_square(table: Match) -> None:
    state = play(table, "move", "a0", ends="enemy-spawn")
    state = play(state, "upgrade", "a0", into="r40", spend=1)
    assert state.unit("r40").position == "enemy-spawn" and state.unit("a0").position == ""
    assert HALO.explain(state, Action("loot-roll", "r40")).legal  # the action that ended there was taken


def test_case5_elimination_clears_the_square(table: Match) -> None:
    state = play(table, "move", "a1", ends="enemy-spawn")
    state = eliminate(state, "a1")
    assert state.unit("a1").position == "" and state.unit("a1").reserve_reason == "eliminated"
    # back elsewhere: no loot roll from the old square
    state = play(state, "respawn", "a1")
    assert state.unit("a1").position == "" and "not on an opponent's spawn point" in refused(state, "loot-roll", "a1")
    # an eliminated unit comes back by respawning, not by an upgrade (which would lose its respawn)
    assert "comes back by respawning" in refused(eliminate(table, "a1"), "upgrade", "a0", into="a1", spend=1)


def test_case7_a_move_and_attack_moves_no_further_than_its_speed(table: Match) -> None:
    assert "speed is 8" in refused(table, "move-and-attack", "a1", target="e0", moved=20)
    assert HALO.explain(table, Action("move-and-attack", "a1", {"target": "e0", "moved": 8})).legal


def test_case8_a_grenade_thrown_after_moving_takes_the_penalty(table: Match) -> None:
    res = HALO.resolve(table, Action("throw-grenade", "a2", {"target": "e0", "moved": 6}), random.Random(1))
    assert "-3 for moving 6 squares" in res.details[0] and "move-attack-penalty" in res.rules
    assert "speed is 8" in refused(table, "throw-grenade", "a2", target="e0", moved=9)
    ends = HALO.resolve(table, Action("throw-grenade", "a2", {"target": "e0", "moved": 2, "ends": "enemy-spawn"}),
                        random.Random(1))
    assert any(e.type == "set_position" for e in ends.events)


def test_case9_the_splash_is_events_on_the_units_marked_next_to_the_target(table: Match) -> None:
    action = Action("attack", "a1", {"target": "e0", "splash": True, "adjacent_e1": True, "adjacent_e2": True})
    res = HALO.resolve(table, action, rng_rolling(6, 6))
    hurt = [e.data["unit"] for e in res.events if e.type == "damage"]
    assert hurt == ["e0", "e1", "e2"]  # the shot's damage, then 1 on each unit marked
    after = replay(table, list(res.events))
    assert after.unit("e1").click == 1 and after.unit("e2").location == "reserve"  # e2 had one click left
    assert after.player("p1").kills == 1 and after.unit("a1").tokens["upgrade"] == 1
    line = res.details[-1]
    assert "1 damage to Unit e1, Unit e2" in line and "Unit e2 eliminated" in line
    # nothing marked: nobody else is hurt, and the text says so
    alone = HALO.resolve(table, Action("attack", "a1", {"target": "e0", "splash": True}), rng_rolling(6, 6))
    assert [e.data["unit"] for e in alone.events if e.type == "damage"] == ["e0"]
    assert "hits nobody" in alone.details[-1]
    # a mark on a friend or on the target itself is refused before any roll
    assert "not an enemy unit" in refused(table, "attack", "a1", target="e0", splash=True, adjacent_a3=True)
    assert "the target itself" in refused(table, "attack", "a1", target="e0", splash=True, adjacent_e0=True)


def test_case10_a_grenade_icon_unit_gets_a_fresh_token_when_it_respawns(table: Match) -> None:
    assert table.unit("a2").tokens["grenade"] == 1  # deployed with it
    down = eliminate(table, "a2")  # eliminated holding it: the token is lost with the figure
    assert down.unit("a2").tokens["grenade"] == 0
    back = play(down, "respawn", "a2")
    assert back.unit("a2").tokens["grenade"] == 1
