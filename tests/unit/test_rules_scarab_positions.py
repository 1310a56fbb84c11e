"""The Scarab (seed 000): where each figure stands decides what it may do. One test per rule the helper enforces."""

from __future__ import annotations

import random

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption
from companion.rules.scarab.system import Scarab

from scarab_setup_kit import figure, scarab_match, strike_team

SCARAB = rules.get("scarab")


@pytest.fixture
def turn() -> Match:
    """Ann's first attacking turn (turn 2): seven figures, two Grunts, everyone on the Destroyed Base map."""
    return replay(scarab_match(*strike_team()), [Event("end_turn", {})])


def placed(state: Match, **where: str) -> Match:
    return replay(state, [Event("set_position", {"unit": u.replace("_", "-"), "position": p})
                          for u, p in where.items()])


def do(state: Match, name: str, unit: str | None = None, system: Scarab = SCARAB, **params: object) -> Match:
    return replay(state, list(system.resolve(state, Action(name, unit, dict(params)), random.Random(0)).events))


def refused(state: Match, name: str, unit: str | None = None, **params: object) -> tuple[str, str | None]:
    verdict = SCARAB.explain(state, Action(name, unit, dict(params)))
    assert not verdict.legal
    with pytest.raises(IllegalAction) as info:
        SCARAB.resolve(state, Action(name, unit, dict(params)), random.Random(0))
    assert info.value.rule == verdict.rule
    return verdict.reason, verdict.rule


def options(state: Match, system: Scarab = SCARAB) -> dict[str, ActionOption]:  # type: ignore[assignment]
    return {o.action: o for o in system.legal_actions(state)}


def test_a_position_is_match_state_set_by_hand_and_undoable(turn: Match) -> None:
    on_top = placed(turn, batman="top")
    assert on_top.unit("batman").position == "top" and turn.unit("batman").position == ""
    with pytest.raises(IllegalAction):
        replay(turn, [Event("set_position", {"unit": "batman", "position": "the moon, far away"})])


def test_only_figures_on_top_can_enter_the_scarab(turn: Match) -> None:
    assert refused(turn, "enter", "batman")[1] == "inside"
    inside = do(placed(turn, batman="top"), "enter", "batman")
    assert inside.unit("batman").position == "ramp" and inside.unit("batman").tokens.action == 1


def test_a_figure_exits_only_from_the_ramp_onto_the_top(turn: Match) -> None:
    assert refused(placed(turn, batman="interior"), "exit", "batman")[1] == "exiting"
    assert do(placed(turn, batman="ramp"), "exit", "batman").unit("batman").position == "top"


def test_getting_off_needs_a_figure_on_top_and_lands_it_on_the_map(turn: Match) -> None:
    assert refused(turn, "move-off", "batman")[1] == "moving-off"
    off = do(placed(turn, batman="top"), "move-off", "batman")
    assert off.unit("batman").position == "ground" and off.unit("batman").click == 0


def test_jumping_off_a_standing_scarab_deals_1_damage_except_to_flyers(turn: Match) -> None:
    state = placed(turn, batman="top", superman="top")
    assert do(state, "jump-off", "batman").unit("batman").click == 1
    assert do(state, "jump-off", "superman").unit("superman").click == 0  # flight: no damage, nothing asked


def test_a_figure_on_top_cannot_attack_the_scarab(turn: Match) -> None:
    assert refused(placed(turn, batman="top"), "shoot-scarab", "batman")[1] == "attacking-from-top"


def test_a_figure_on_top_cannot_throw_grenades(turn: Match) -> None:
    state = placed(turn, flash="top", grunt_1="top")
    assert refused(state, "attack", "flash", target="grunt-1", grenade=True)[1] == "attacking-from-top"


def test_a_figure_on_top_shoots_the_top_and_the_map_but_not_beneath_or_inside(turn: Match) -> None:
    state = placed(turn, batman="top", grunt_1="interior", grunt_2="beneath")
    assert refused(state, "attack", "batman", target="grunt-1")[1] == "attacking-from-top"
    assert refused(state, "attack", "batman", target="grunt-2")[1] == "attacking-from-top"
    assert options(state)["attack"].refused["batman"].startswith("Batman is on top of the Scarab")
    assert SCARAB.explain(placed(state, grunt_2="top"), Action("attack", "batman", {"target": "grunt-2"})).legal


def test_only_figures_inside_attack_the_main_power_core(turn: Match) -> None:
    assert refused(turn, "attack-core", "batman")[1] == "main-power-core"
    assert SCARAB.explain(placed(turn, batman="ramp"), Action("attack-core", "batman")).legal


def test_a_grenade_hits_the_scarab_only_from_a_square_under_its_bases(turn: Match) -> None:
    assert refused(turn, "shoot-scarab", "flash", grenade=True)[1] == "grenades"
    assert SCARAB.explain(turn, Action("shoot-scarab", "flash", {"grenade": True, "under_base": True})).legal


def test_close_combat_against_the_scarab_needs_a_square_next_to_a_base(turn: Match) -> None:
    assert refused(turn, "shoot-scarab", "batman", close_combat=True)[1] == "close-combat"
    assert SCARAB.explain(turn, Action("shoot-scarab", "batman", {"close_combat": True, "next_to_base": True})).legal


def test_a_plain_move_cannot_jump_between_the_map_the_top_and_the_interior(turn: Match) -> None:
    assert refused(turn, "move", "batman", to="ramp")[1] == "inside"
    assert refused(placed(turn, batman="top"), "move", "batman", to="ground")[1] == "on-top"
    climbed = do(turn, "move", "batman", to="top")
    assert climbed.unit("batman").position == "top"


def test_cards_that_cannot_board_or_enter_are_refused(turn: Match) -> None:
    state = replay(turn, [Event("add_unit", {"unit": figure("hulk", "p2", marks=("no-top", "no-inside"))})])
    assert refused(state, "move", "hulk", to="top")[1] == "colossal"
    assert refused(placed(state, hulk="top"), "enter", "hulk")[1] == "colossal"


def test_house_rule_at_most_two_flyers_board_a_turn(turn: Match) -> None:
    limited = Scarab({"flyer-limit-2": True})
    state = do(do(turn, "move", "superman", limited, to="top"), "move", "banshee", limited, to="top")
    verdict = limited.explain(state, Action("move", "hornet", {"to": "top"}))
    assert not verdict.legal and verdict.rule == "flyer-limit"
    assert SCARAB.explain(state, Action("move", "hornet", {"to": "top"})).legal  # off by default


def test_the_scarab_guns_never_target_units_beneath_on_top_or_inside() -> None:
    table = placed(scarab_match(*strike_team()), batman="top", robin="beneath", flash="ramp", colossus="interior")
    state = replay(table, [Event("set_phase", {"phase": "main-gun"})])
    shown = [v for v, _ in options(state)["main-gun"].params[0].choices]
    assert "batman" not in shown and "robin" not in shown and "flash" not in shown and "superman" in shown
    with pytest.raises(IllegalAction):
        SCARAB.resolve(state, Action("main-gun", params={"target": "batman"}), random.Random(0))


def test_interior_defenders_wake_when_five_reinforcements_are_inside() -> None:
    grunts = [figure(f"g{i}", "p1", points=20) for i in range(5)]
    base = replay(scarab_match(figure("batman", "p2"), *grunts), [Event("set_phase", {"phase": "reinforcements"})])
    four = placed(base, **{f"g{i}": "interior" for i in range(4)})
    assert not options(four)["interior-action"].enabled and "five are needed" in (
        options(four)["interior-action"].reason or "")
    five = placed(four, g4="ramp")
    assert options(five)["interior-action"].units == ("g0", "g1", "g2", "g3", "g4")


def test_heroclix_an_attacker_inside_wakes_the_interior_defenders() -> None:
    grunts = [figure(f"g{i}", "p1", points=100) for i in range(3)]
    base = replay(scarab_match(figure("batman", "p2"), *grunts), [Event("set_phase", {"phase": "reinforcements"})])
    state = placed(base, g0="interior", batman="ramp")
    assert SCARAB.explain(state, Action("interior-action", "g0", {"level": "heroclix"})).legal
    assert not SCARAB.explain(state, Action("interior-action", "g0")).legal  # the seed's own count needs five


def test_at_least_five_reinforcements_stay_inside() -> None:
    grunts = [figure(f"g{i}", "p1", points=20) for i in range(6)]
    base = replay(scarab_match(figure("batman", "p2"), *grunts), [Event("set_phase", {"phase": "reinforcements"})])
    six = placed(base, g0="ramp", **{f"g{i}": "interior" for i in range(1, 6)})
    out = do(six, "interior-action", "g0", to="top")
    assert out.unit("g0").position == "top"
    five = placed(six, g5="ground")
    assert refused(five, "interior-action", "g0", to="top")[1] == "interior-defence"


def test_displaced_units_end_next_to_the_base_on_the_map() -> None:
    state = replay(placed(scarab_match(*strike_team()), robin="beneath", batman="top"),
                   [Event("set_phase", {"phase": "displaced"})])
    names = [p.name for p in options(state)["displaced"].params]
    assert "displaced-robin" in names and "displaced-batman" not in names
    after = do(state, "displaced", units=["robin"])
    assert after.unit("robin").position == "ground" and after.unit("robin").click == 1


def test_the_scarab_dials_are_never_actors(turn: Match) -> None:
    for option in SCARAB.legal_actions(turn):
        assert not any(u.startswith("scarab-") for u in option.units)
    assert refused(turn, "move", "scarab-shell")[1] == "general"
