"""The Scarab against its seed (000), issue 40's cases as they were found: entering then attacking the core in the
same action, the core as the only target inside, the guns' refusals naming the figure, the jump's damage before
the shot, a move that ends in an attack, and the advisor aiming at the win."""

from __future__ import annotations

from fractions import Fraction

from companion import rules
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, advice

from builders import rng_rolling
from scarab_setup_kit import figure, scarab_match
from scarab_turn_kit import at

SCARAB = rules.get("scarab")


def attackers_turn(*figures: dict[str, object], **kwargs: object) -> Match:
    return replay(scarab_match(*figures, **kwargs), [Event("end_turn", {})])


def placed(state: Match, **where: str) -> Match:
    return replay(state, [Event("set_position", {"unit": u, "position": p}) for u, p in where.items()])


def option_params(state: Match, name: str) -> list[str]:
    return [p.name for p in next(o for o in SCARAB.legal_actions(state) if o.action == name).params]


def test_entering_the_scarab_may_go_on_to_attack_the_core_in_the_same_action() -> None:
    state = placed(attackers_turn(figure("hero", "p2", attack=9)), hero="top")
    # Enter's form asks the squares moved, the attack it ends in and the core attack's own fields
    assert option_params(state, "enter") == ["to", "moved", "target", "adjacent", "modifier", "grenade"]
    action = Action("enter", "hero", {"target": "core", "adjacent": True})
    odds = SCARAB.odds(state, action)
    assert odds is not None and "attacks the Main Power Core" in odds.text and "+3 adjacent to the core" in odds.text
    res = SCARAB.resolve(state, action, rng_rolling(6, 6))
    after = replay(state, list(res.events))
    assert after.unit("hero").position == "ramp" and after.unit("hero").tokens.action == 1
    assert after.unit("scarab-main-power-core").click == 1 and res.success
    assert res.summary.startswith("Hero: enter the Scarab, now on the Ramp inside the Scarab; Hero attacks the Main")
    # entering without a target is the move alone, and a second action for the same figure is still refused
    alone = SCARAB.resolve(state, Action("enter", "hero", {}), rng_rolling(6, 6))
    assert not any(e.type == "roll" for e in alone.events)
    again = SCARAB.explain(replay(state, list(alone.events)), Action("attack-core", "hero", {}))
    assert not again.legal


def test_inside_the_target_is_the_core_not_the_shell_nor_a_grenade_under_the_bases() -> None:
    for where in ("ramp", "interior"):
        state = placed(attackers_turn(figure("hero", "p2", tokens={"grenade": 1})), hero=where)
        for params in ({}, {"grenade": True, "under_base": True}):
            verdict = SCARAB.explain(state, Action("shoot-scarab", "hero", params))
            assert not verdict.legal and verdict.rule == "main-power-core"
            assert "inside, its target is the Main Power Core" in verdict.reason
        shoot = next(o for o in SCARAB.legal_actions(state) if o.action == "shoot-scarab")
        assert not shoot.enabled and "Main Power Core" in shoot.refused["hero"]
        assert SCARAB.explain(state, Action("attack-core", "hero", {"grenade": True})).legal


def test_the_turrets_refusal_names_the_aerial_figure_on_top() -> None:
    state = placed(at(scarab_match(figure("sup", "p2", "Superman", marks=("flying",)), figure("bat", "p2", "Batman")),
                      "main-gun"), sup="top")
    turret = SCARAB.explain(state, Action("turret", None, {}))
    assert not turret.legal and turret.rule == "gun-targets"
    assert turret.reason.startswith("Superman is on top of the Scarab")
    assert "not beneath, on top of or inside" not in turret.reason
    named = SCARAB.explain(state, Action("turret", None, {"target": "sup"}))
    assert named.reason.startswith("Superman is on top of the Scarab")
    option = next(o for o in SCARAB.legal_actions(state) if o.action == "turret")
    assert not option.enabled and "Superman is on top of the Scarab" in (option.reason or "")
    # the main gun, its only target on top, says the same of that figure
    alone = placed(at(scarab_match(figure("bat", "p2", "Batman")), "main-gun"), bat="top")
    gun = SCARAB.explain(alone, Action("main-gun", None, {"target": "bat"}))
    assert gun.reason.startswith("Batman is on top of the Scarab")


def test_a_figure_jumping_off_shoots_with_the_click_the_jump_left_it_on() -> None:
    state = placed(attackers_turn(figure("hero", "p2", attack=9, clicks=2)), hero="top")
    action = Action("jump-off", "hero", {"target": "scarab"})
    odds = SCARAB.odds(state, action)
    assert odds is not None and "attack 8 vs defense 17" in odds.text  # its second click: attack 8
    assert "attack 8" in " ".join(SCARAB.resolve(state, action, rng_rolling(3, 3)).details)
    with_flight = Action("jump-off", "hero", {"target": "scarab", "jump_climb": True})
    assert "attack 9 vs" in SCARAB.odds(state, with_flight).text  # type: ignore[union-attr]
    last = placed(attackers_turn(figure("hero", "p2", attack=9, clicks=1), figure("pal", "p2")), hero="top")
    ko = SCARAB.explain(last, action)
    assert not ko.legal and "KO'd by the 1 damage of jumping off" in ko.reason
    assert SCARAB.explain(last, Action("jump-off", "hero", {})).legal  # the jump alone still may be made


def test_a_move_may_end_in_an_attack_with_the_long_move_penalty() -> None:
    grunt = figure("grunt", "p1", attack=8, defense=15, damage=1, points=20)
    state = placed(attackers_turn(figure("hero", "p2", attack=9), grunt), grunt="top")
    assert option_params(state, "move")[:3] == ["to", "moved", "target"]
    climb = Action("move", "hero", {"to": "top", "target": "grunt", "moved": 6})
    odds = SCARAB.odds(state, climb)
    assert odds is not None and "moved 6 squares (more than 4)" in odds.text
    res = SCARAB.resolve(state, climb, rng_rolling(6, 6))
    after = replay(state, list(res.events))
    assert after.unit("hero").position == "top" and after.unit("grunt").click == 2
    # from on top, the move can't end in a shot at the Scarab
    verdict = SCARAB.explain(state, Action("move", "hero", {"to": "top", "target": "scarab"}))
    assert not verdict.legal and "can't attack the Scarab" in verdict.reason


def test_the_advisor_ranks_the_core_attack_that_wins_above_shell_shots_worth_more_clicks() -> None:
    state = placed(attackers_turn(figure("hero", "p2", attack=15, damage=1), figure("ace", "p2", attack=12, damage=5),
                                  figure("cat", "p2", attack=12, damage=4), core_clicks=1), hero="interior")
    for by in advice.KEYS:
        rows = advice.rank(SCARAB, state, by)
        # attack 15 against the core's defense 18: 3+ on 2d6, the game won 35 times in 36
        assert rows[0].action.name == "attack-core" and rows[0].win == Fraction(35, 36)
        shell = [r for r in rows if r.action.name == "shoot-scarab"]
        # the Shell's clicks bring no win (only the core's all-black click does): they show, but score nothing
        assert shell and all(r.points == 0 < r.figures["Shell dial clicks"] and r.win == 0 for r in shell)


def test_the_advisor_weighs_the_attack_a_move_ends_in() -> None:
    state = placed(attackers_turn(figure("hero", "p2", attack=9)), hero="top")
    names = {(r.action.name, r.target_name) for r in advice.rank(SCARAB, state)}
    assert ("jump-off", "Shell dial") in names and ("move-off", "Shell dial") in names
    inside = placed(state, hero="ramp")
    assert ("exit", None) not in {(r.action.name, r.target) for r in advice.rank(SCARAB, inside)}
    on_top = placed(attackers_turn(figure("hero", "p2", attack=9), core_clicks=1), hero="top")
    best = advice.rank(SCARAB, on_top)[0]
    assert best.action.name == "enter" and best.action.params["target"] == "core" and best.win > 0


def test_audit_the_scarab_wins_when_every_attacker_on_the_table_is_ko_whatever_waits_in_the_reserves() -> None:
    # the attacker has no action that brings a reserve unit onto the table: a KO'd force on it is eliminated
    state = attackers_turn(figure("hero", "p2", clicks=1), figure("spare", "p2", location="reserve"))
    assert SCARAB.decided(state) is None
    down = replay(state, [Event("damage", {"unit": "hero", "amount": 1})])
    assert SCARAB.decided(down) == (("p1",), "every attacking figure is KO'd: Ann wins")
    assert [o.action for o in SCARAB.legal_actions(down)] == ["end-match"]


def test_audit_a_grenade_at_the_scarab_is_against_the_shell_dial_even_from_a_colossal_figure() -> None:
    state = attackers_turn(figure("col", "p2", "Colossus", marks=("colossal",), tokens={"grenade": 1}))
    shot = SCARAB.odds(state, Action("shoot-scarab", "col", {}))
    grenade = SCARAB.odds(state, Action("shoot-scarab", "col", {"grenade": True, "under_base": True}))
    assert shot is not None and "(Chassis dial defense)" in shot.text and "vs defense 18" in shot.text
    assert grenade is not None and grenade.text.startswith("Colossus throws a grenade at the Scarab (Shell dial")
    assert "vs defense 17" in grenade.text


def test_audit_a_figure_on_the_interior_map_may_walk_onto_the_ramp_and_exit_in_the_same_action() -> None:
    grunt = figure("grunt", "p1", attack=8, defense=15, damage=1, points=20)
    state = placed(attackers_turn(figure("hero", "p2"), grunt), hero="interior", grunt="top")
    refused = SCARAB.explain(state, Action("exit", "hero", {}))
    assert not refused.legal and refused.rule == "exiting" and "reach the Ramp in this action" in refused.reason
    action = Action("exit", "hero", {"via_ramp": True, "target": "grunt", "moved": 3})
    assert SCARAB.explain(state, action).legal
    after = replay(state, list(SCARAB.resolve(state, action, rng_rolling(6, 6)).events))
    assert after.unit("hero").position == "top" and after.unit("grunt").click == 2
    assert "via_ramp" in option_params(state, "exit")
    # the Scarab's side alike: six reinforcements inside, one on the Interior map walks to the Ramp and exits
    grunts = [figure(f"g{i}", "p1", attack=8, defense=15, damage=1, points=20) for i in range(6)]
    inside = replay(scarab_match(figure("hero", "p2"), *grunts), [
        *(Event("set_position", {"unit": f"g{i}", "position": "interior"}) for i in range(6)),
        Event("set_phase", {"phase": "reinforcements"})])
    walk = Action("interior-action", "g5", {"to": "top"})
    assert "reach the Ramp" in SCARAB.explain(inside, walk).reason
    assert SCARAB.explain(inside, Action("interior-action", "g5", {"to": "top", "via_ramp": True})).legal


def test_audit_a_figure_placed_off_or_inside_may_go_on_moving_on_that_map() -> None:
    # "The figure can continue its move": jumping off, it may end beneath the Scarab (out of the guns' reach);
    # entering, it may walk off the Ramp onto the rest of the Interior map
    state = placed(attackers_turn(figure("hero", "p2", attack=9)), hero="top")
    under = replay(state, list(SCARAB.resolve(state, Action("jump-off", "hero", {"to": "beneath"}),
                                              rng_rolling(1, 1)).events))
    assert under.unit("hero").position == "beneath" and under.unit("hero").click == 1
    deeper = Action("enter", "hero", {"to": "interior", "target": "core", "moved": 3})
    after = replay(state, list(SCARAB.resolve(state, deeper, rng_rolling(6, 6)).events))
    assert after.unit("hero").position == "interior" and after.unit("scarab-main-power-core").click == 1
    wrong = SCARAB.explain(state, Action("enter", "hero", {"to": "top"}))
    assert not wrong.legal and "to must be one of ramp, interior" in wrong.reason


def test_audit_the_scarabs_reinforcements_take_attack_modifiers_like_the_attackers_figures() -> None:
    grunt = figure("grunt", "p1", attack=8, defense=15, damage=1, points=20)
    state = at(scarab_match(figure("hero", "p2", defense=16), grunt), "reinforcements")
    plain = SCARAB.odds(state, Action("reinforcements", "grunt", {"target": "hero"}))
    plus = SCARAB.odds(state, Action("reinforcements", "grunt", {"target": "hero", "modifier": 2}))
    assert plain is not None and plus is not None and "needs 8+" in plain.text
    assert "attack 8 +2 modifiers = 10 vs defense 16: needs 6+" in plus.text
    assert "modifier" in [p.name for p in next(o for o in SCARAB.legal_actions(state)
                                                if o.action == "reinforcements").params]
    wrong = SCARAB.explain(state, Action("reinforcements", "grunt", {"target": "hero", "modifier": 99}))
    assert not wrong.legal and "modifier must be a whole number" in wrong.reason
