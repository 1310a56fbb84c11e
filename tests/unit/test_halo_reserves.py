"""Halo ActionClix reserve bookkeeping (issue 33 cases 1-6, issue 32's respawn cases): why each reserve unit is
there decides what may come back in, and one action per unit per turn survives leaving the table."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match, from_json, to_json
from companion.rules import Action
from companion.share import SharedMatch, decode, encode

from builders import unit
from halo_reserves_kit import HALO, eliminate, halo, play, refused
from share_strategies_kit import LIBRARY


@pytest.fixture
def table() -> Match:
    """Ann: a0 (50 pts, 1 upgrade token), a1 (50), a2..a4 (30) on the table; reserves r50 (50) and r75 (75), never
    deployed. Ben: e0 and e1 on the table."""
    return halo(unit("a0", "p1", points=50, tokens={"upgrade": 1}), unit("a1", "p1", points=50),
                *(unit(f"a{i}", "p1") for i in range(2, 5)),
                unit("r50", "p1", points=50, location="reserve"), unit("r75", "p1", points=75, location="reserve"),
                unit("e0", "p2"), unit("e1", "p2"))


def test_case1_a_unit_swapped_in_gets_no_action_that_turn(table: Match) -> None:
    state = play(table, "swap-weapons", "a1", into="r50")
    assert state.unit("r50").location == "table" and state.unit("a1").reserve_reason == "swapped"
    for name in ("move", "attack", "move-and-attack"):
        assert "swapped weapons this turn" in refused(state, name, "r50")
        assert "r50" not in next(o for o in HALO.legal_actions(state) if o.action == name).units
    # the reducer refuses it too, whoever sends the token
    with pytest.raises(IllegalAction, match="swapped weapons"):
        apply(state, Event("token", {"unit": "r50", "kind": "action", "delta": 1}))
    # nor by upgrading it into another unit: the square's figure swapped weapons this turn
    up = play(replay(state, [Event("token", {"unit": "r50", "kind": "upgrade", "delta": 1})]), "upgrade", "r50",
              into="r75", spend=1)
    assert "swapped weapons this turn" in refused(up, "attack", "r75")
    # next turn it acts as usual
    later = replay(state, [Event("end_turn", {}), Event("end_turn", {})])
    assert HALO.explain(later, Action("move", "r50")).legal


def test_case2_a_unit_that_had_its_action_cannot_come_back_for_another(table: Match) -> None:
    state = play(table, "move", "a0")
    state = play(state, "upgrade", "a0", into="r75", spend=1)
    assert state.unit("r75").tokens.action == 1 and state.unit("a0").turn_marks == ("acted",)
    assert state.unit("a0").reserve_reason == "upgraded"
    # a1 swapping back into a0 would hand a0 a second action
    assert "already had its action" in refused(state, "swap-weapons", "a1", into="a0")
    # by the respawn route: the elimination of a 50-point unit opens a respawn, but not for a0 this turn
    down = apply(state, Event("set_location", {"unit": "a1", "location": "reserve", "reason": "eliminated"}))
    assert "already had its action" in refused(down, "respawn", "a0")
    with pytest.raises(IllegalAction, match="already had its action"):
        apply(down, Event("token", {"unit": "a0", "kind": "action", "delta": 1}))
    # actions used: one (the move), not two
    assert HALO.explain(down, Action("move", "a2")).reason.endswith("1 of 3 actions left after it")


def test_case6_no_respawn_while_the_whole_starting_force_is_on_the_table(table: Match) -> None:
    assert "waiting to respawn" in refused(table, "respawn", "r50")
    option = next(o for o in HALO.legal_actions(table) if o.action == "respawn")
    assert not option.enabled and "waiting to respawn" in (option.reason or "")


def test_respawn_accepts_that_unit_or_one_worth_no_more(table: Match) -> None:
    state = eliminate(table, "a1")  # a 50-point unit
    assert state.unit("a1").reserve_reason == "eliminated" and state.unit("a1").click == 0
    assert "75 points" in refused(state, "respawn", "r75")
    option = next(o for o in HALO.legal_actions(state) if o.action == "respawn")
    assert set(option.units) == {"a1", "r50"} and "r75" in option.refused
    back = play(state, "respawn", "r50")
    assert back.unit("r50").location == "table" and back.unit("a1").reserve_reason == "replaced"
    # that respawn is spent: the table holds five again
    assert "waiting to respawn" in refused(back, "respawn", "a1")
    assert sum(u.location == "table" for u in back.units if u.owner == "p1") == 5


def test_a_respawned_unit_moves_off_and_may_attack_in_its_action(table: Match) -> None:
    state = eliminate(table, "a1")
    res = HALO.resolve(state, Action("respawn", "a1", {"moved": 6, "target": "e0"}), random.Random(3))
    types = [e.type for e in res.events]
    assert "roll" in types and types.count("token") >= 1
    after = replay(state, list(res.events))
    assert after.unit("a1").location == "table" and after.unit("a1").tokens.action == 1
    assert "-3 for moving 6 squares" in " ".join(res.details)
    # without a target it just moves off; and never further than its speed
    assert "speed is 8" in refused(state, "respawn", "a1", moved=9)
    assert "not an opposing unit" in refused(state, "respawn", "a1", target="a2")
    moved = play(state, "respawn", "a1", moved=2, ends="enemy-spawn")
    assert moved.unit("a1").position == "enemy-spawn" and moved.unit("a1").tokens.action == 1
    assert HALO.explain(moved, Action("loot-roll", "a1")).legal


def test_the_bookkeeping_survives_json(table: Match) -> None:
    state = play(table, "move", "a0")
    state = play(state, "upgrade", "a0", into="r75", spend=1)
    again = from_json(to_json(state))
    assert again == state and again.unit("a0").turn_marks == ("acted",)
    assert "turn_marks" not in to_json(table)["units"][0]  # unset fields aren't written: older files stay alike


def test_the_bookkeeping_travels_in_a_share_code(table: Match) -> None:
    """Reasons and marks, in the events and in the state alone (a squashed code): older codes have neither and
    still read (test_share_codec's format tests)."""
    steps, state = [], table
    for name, uid, params in (("move", "a0", {"ends": "enemy-spawn"}), ("upgrade", "a0", {"into": "r75", "spend": 1}),
                              ("swap-weapons", "a1", {"into": "r50"}), ("loot-roll", "r75", {})):
        res = HALO.resolve(state, Action(name, uid, params), random.Random(0))
        steps.append(Event("batch", {"label": res.summary, "events": [{"type": e.type, "data": e.data}
                                                                      for e in res.events]}, by="p1", at=1e6))
        state = apply(state, steps[-1])
    shared = SharedMatch.of(table, steps)
    assert shared.state.unit("a0").turn_marks == ("acted",) and shared.state.unit("a1").reserve_reason == "swapped"
    assert shared.state.unit("r75").turn_marks == ("looted",) and shared.state.unit("r75").position == "enemy-spawn"
    for code in (shared, shared.squashed()):
        back = decode(encode(code, LIBRARY), LIBRARY)
        assert back == code and back.state == code.state
