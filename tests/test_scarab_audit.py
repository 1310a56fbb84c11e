"""The Scarab against its seed (000, on Halo ActionClix's base rules 001): issue 33 cases 11-14 and issue 32's
gun refusals, each reproduced as it was found."""

from __future__ import annotations

from test_scarab_setup import figure, scarab_match, strike_team
from test_scarab_turn import at

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.scarab.attacks import Shot, fire, hit_chance

from builders import rng_rolling

SCARAB = rules.get("scarab")


def attackers_turn(*figures: dict[str, object]) -> Match:
    return replay(scarab_match(*figures), [Event("end_turn", {})])


def test_case11_two_sixes_hit_the_scarab_and_the_odds_say_so() -> None:
    state = attackers_turn(figure("grunt", "p2", attack=2))  # 2 + 12 = 14 < Shell defense 17
    action = Action("shoot-scarab", "grunt", {})
    odds = SCARAB.odds(state, action)
    assert odds is not None and odds.chance == hit_chance(Shot("", 2, 17, 1)) > 0
    assert "hits only on two 6s" in odds.text and "1/36" in odds.text
    res = SCARAB.resolve(state, action, rng_rolling(6, 6))
    assert res.success and any(e.type == "damage" for e in res.events)
    assert "two 6s always hit" in " ".join(res.details)
    assert fire(Shot("gun", 0, 30, 2), rng_rolling(6, 6)).hit  # the Scarab's own guns too


def test_case14_the_attackers_actions_come_from_the_starting_force_not_the_reserves() -> None:
    table = [figure(f"t{i}", "p2") for i in range(2)]
    reserve = [figure(f"r{i}", "p2", location="reserve") for i in range(3)]
    state = attackers_turn(*table, *reserve)
    # two on the table: one action; and a third figure eliminated (waiting to respawn) still counts
    state = replay(state, [Event("token", {"unit": "t0", "kind": "action", "delta": 1})])
    move = next(o for o in SCARAB.legal_actions(state) if o.action == "move")
    assert not move.enabled and "all 1 actions" in (move.reason or "") and "2 starting figures" in move.reason
    down = replay(attackers_turn(*table, *reserve), [
        Event("set_location", {"unit": "r0", "location": "reserve", "reason": "eliminated"}),
        Event("token", {"unit": "t0", "kind": "action", "delta": 1})])
    assert next(o for o in SCARAB.legal_actions(down) if o.action == "move").enabled  # 3 starting: 2 actions


def test_issue32_a_gun_refusal_gives_the_units_own_reason() -> None:
    state = at(scarab_match(*strike_team()), "main-gun")
    state = replay(state, [Event("set_position", {"unit": "batman", "position": "top"}),
                           Event("set_position", {"unit": "robin", "position": "beneath"})])
    top = SCARAB.explain(state, Action("main-gun", None, {"target": "batman"}))
    beneath = SCARAB.explain(state, Action("main-gun", None, {"target": "robin"}))
    assert not top.legal and "Batman is on top of the Scarab" in top.reason
    assert not beneath.legal and "Robin is beneath the Scarab" in beneath.reason
    assert top.rule == beneath.rule == "gun-targets"
    turret = SCARAB.explain(state, Action("turret", None, {"target": "flash"}))
    assert not turret.legal and "neither an aerial vehicle nor a colossal figure" in turret.reason
    own = SCARAB.explain(state, Action("main-gun", None, {"target": "grunt-1"}))
    assert not own.legal and "on the Scarab's side" in own.reason
