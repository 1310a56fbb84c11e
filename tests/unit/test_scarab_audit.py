"""The Scarab against its seed (000, on Halo ActionClix's base rules 001): issue 33 cases 11-14 and issue 32's
gun refusals, each reproduced as it was found."""

from __future__ import annotations

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.scarab.attacks import Shot, fire, hit_chance

from builders import rng_rolling
from scarab_setup_kit import figure, scarab_match, strike_team
from scarab_turn_kit import at

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


def test_case12_a_figure_exiting_onto_the_top_may_still_shoot_in_that_action() -> None:
    grunt = figure("grunt", "p1", attack=8, defense=15, damage=1, points=20)
    state = replay(attackers_turn(figure("hero", "p2"), grunt), [
        Event("set_position", {"unit": "hero", "position": "ramp"})])
    res = SCARAB.resolve(state, Action("exit", "hero", {"target": "grunt"}), rng_rolling(6, 6))
    after = replay(state, list(res.events))
    assert after.unit("hero").position == "top" and after.unit("hero").tokens.action == 1
    assert any(e.type == "roll" for e in res.events) and after.unit("grunt").click == 2  # two 6s: hit, 2 damage
    # from the top it can't attack the Scarab
    assert "can't attack the Scarab" in SCARAB.explain(state, Action("exit", "hero", {"target": "scarab"})).reason
    # the same for a reinforcement: six Grunts inside (five must stay), one on the Ramp exits and shoots
    grunts = [figure(f"g{i}", "p1", attack=8, defense=15, damage=1, points=20) for i in range(6)]
    inside = replay(scarab_match(figure("hero", "p2"), *grunts), [
        *(Event("set_position", {"unit": f"g{i}", "position": "interior"}) for i in range(5)),
        Event("set_position", {"unit": "g5", "position": "ramp"}),
        Event("set_phase", {"phase": "reinforcements"})])
    action = Action("interior-action", "g5", {"to": "top", "target": "hero"})
    assert SCARAB.explain(inside, action).legal
    out = replay(inside, list(SCARAB.resolve(inside, action, rng_rolling(6, 6)).events))
    assert out.unit("g5").position == "top" and out.unit("hero").click == 1


def test_case13_a_figure_jumping_off_may_go_on_to_shoot_in_the_same_action() -> None:
    state = replay(attackers_turn(figure("hero", "p2", attack=9)), [
        Event("set_position", {"unit": "hero", "position": "top"})])
    res = SCARAB.resolve(state, Action("jump-off", "hero", {"target": "scarab", "moved": 6}), rng_rolling(6, 6))
    after = replay(state, list(res.events))
    assert after.unit("hero").position == "ground" and after.unit("hero").click == 1  # 1 damage for jumping
    assert after.unit("hero").tokens.action == 1 and any(e.type == "roll" for e in res.events)
    assert "moved 6 squares (more than 4)" in " ".join(res.details) and res.success
    assert "speed" in SCARAB.explain(state, Action("jump-off", "hero", {"target": "scarab", "moved": 9})).reason
    plain = SCARAB.explain(state, Action("move-off", "hero", {"target": "scarab", "moved": 3}))
    assert plain.legal  # the Scarab kneeling is the players' to check; the move off ends in a shot too
