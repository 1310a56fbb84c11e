"""The attacking player's turn against the Scarab (seed 000), and the end of the game."""

from __future__ import annotations

import random

import pytest

from companion import rules
from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action, ActionOption
from companion.rules.scarab.system import Scarab, ScarabOptionError

from builders import SEED, rng_for
from scarab_setup_kit import figure, scarab_match, strike_team

SCARAB = rules.get("scarab")


def options(state: Match, system: Scarab = SCARAB) -> dict[str, ActionOption]:  # type: ignore[assignment]
    return {o.action: o for o in system.legal_actions(state)}


def do(state: Match, name: str, unit: str | None = None, rng: random.Random | None = None, **params: object) -> Match:
    resolution = SCARAB.resolve(state, Action(name, unit, dict(params)), rng or random.Random(0))
    return replay(state, list(resolution.events))


def placed(state: Match, **where: str) -> Match:
    """The state with figures moved by hand (set_position), e.g. placed(turn, batman="interior")."""
    return replay(state, [Event("set_position", {"unit": u, "position": p}) for u, p in where.items()])


def seed_for(total: int, at_least: bool = True) -> random.Random:
    """A generator whose 2d6 roll reaches `total` (or stays below it)."""
    for n in range(500):
        a, b = (r := random.Random(n)).randint(1, 6), r.randint(1, 6)
        if (a + b >= total) == at_least:
            return random.Random(n)
    raise AssertionError("no such seed")


@pytest.fixture
def turn() -> Match:
    """Ann attacks with seven figures: her first turn (turn 2), after the Scarab's."""
    return replay(scarab_match(*strike_team()), [Event("end_turn", {})])


def test_seven_figures_get_four_actions(turn: Match) -> None:
    opts = SCARAB.legal_actions(turn)
    assert [o.action for o in opts] == ["move", "shoot-scarab", "attack", "attack-core", "enter", "exit", "move-off",
                                       "jump-off", "end-turn"]
    assert options(turn)["end-turn"].note == "4 unused actions will be lost."
    state = turn
    for who in ("batman", "robin", "flash", "colossus"):
        state = do(state, "move", who)
    move = options(state)["move"]
    assert not move.enabled and move.rule == "attacker-actions"
    assert move.reason == "all 4 actions of this turn are used (half of your 7 starting figures, rounded up)"


def test_one_action_per_figure_a_turn(turn: Match) -> None:
    state = do(turn, "move", "batman")
    assert options(state)["shoot-scarab"].refused["batman"] == "Batman already had its action this turn"
    assert not SCARAB.explain(state, Action("shoot-scarab", "batman")).legal


def test_the_heroclix_count_is_a_house_rule_switch(turn: Match) -> None:
    switched = replay(turn, [Event("counter", {"scope": "match", "name": "heroclix-attacker-actions", "delta": 1})])
    state = switched
    for who in ("batman", "robin", "flash", "colossus", "superman"):  # 480 points: 4 actions
        state = do(state, "move", who) if who != "superman" else state
    assert options(state)["move"].reason == ("all 4 actions of this turn are used (one per 100 points of your "
                                             "480-point force (house rule))")
    assert "480-point" not in (options(turn)["end-turn"].note or "")
    system = Scarab({"heroclix-attacker-actions": True})
    assert system.legal_actions(turn)[-1].note == "4 unused actions will be lost."
    with pytest.raises(ScarabOptionError, match="no house-rule option"):
        Scarab({"two-main-guns": True})


def test_shots_at_the_scarab_use_the_shell_dial(turn: Match) -> None:
    odds = SCARAB.odds(turn, Action("shoot-scarab", "batman"))
    assert odds is not None and odds.chance is not None
    assert odds.text == ("Batman shoots the Scarab (Shell dial defense): attack 9 vs defense 17: needs 8+ on 2d6, "
                         "5/12 (41.67%)")
    resolution = SCARAB.resolve(turn, Action("shoot-scarab", "batman"), seed_for(8))
    after = replay(turn, list(resolution.events))
    assert after.unit("scarab-shell").click == 2 and after.unit("batman").tokens.action == 1  # 2 damage
    assert "hit: 2 damage to Shell dial" in resolution.summary and after.rolls[-1].expr == "2d6"
    missed = replay(turn, list(SCARAB.resolve(turn, Action("shoot-scarab", "batman"), seed_for(8, False)).events))
    assert missed.unit("scarab-shell").click == 0 and missed.unit("batman").tokens.action == 1


def test_a_ko_shell_dial_is_not_guessed_at(turn: Match) -> None:
    broken = replay(placed(turn, batman="interior"), [Event("damage", {"unit": "scarab-shell", "amount": 10})])
    shoot = options(broken)["shoot-scarab"]
    assert not shoot.enabled and "the source doesn't say" in (shoot.reason or "")
    assert options(broken)["attack-core"].enabled


def test_colossal_attackers_use_the_chassis_defense_but_damage_the_shell(turn: Match) -> None:
    odds = SCARAB.odds(turn, Action("shoot-scarab", "colossus", {"modifier": 1}))
    assert odds is not None and odds.text.startswith(
        "Colossus shoots the Scarab (Chassis dial defense): attack 11 +1 modifiers = 12 vs defense 18: needs 6+")
    after = do(turn, "shoot-scarab", "colossus", seed_for(7))
    assert after.unit("scarab-shell").click == 4 and after.unit("scarab-chassis").click == 0  # Colossus: 4 damage


def test_at_most_two_aerial_attackers_a_turn(turn: Match) -> None:
    state = do(do(turn, "shoot-scarab", "banshee"), "shoot-scarab", "superman")
    shoot = options(state)["shoot-scarab"]
    assert "hornet" not in shoot.units and "batman" in shoot.units
    assert shoot.refused["hornet"] == "2 aerial figures already shot at the Scarab this turn"
    verdict = SCARAB.explain(state, Action("shoot-scarab", "hornet"))
    assert not verdict.legal and verdict.rule == "aerial-limit"
    with pytest.raises(IllegalAction, match="2 aerial figures") as info:
        SCARAB.resolve(state, Action("shoot-scarab", "hornet"), random.Random(1))
    assert info.value.rule == "aerial-limit"
    assert SCARAB.explain(state, Action("move", "hornet")).legal  # it may still move
    # next attacking turn, two aerial attackers again
    later = replay(state, [Event("end_turn", {}), Event("end_turn", {})])
    assert "hornet" in options(later)["shoot-scarab"].units


def test_grenades_need_a_token_and_spend_it(turn: Match) -> None:
    refused = SCARAB.explain(turn, Action("shoot-scarab", "batman", {"grenade": True}))
    assert not refused.legal and refused.rule == "grenades"
    after = do(turn, "shoot-scarab", "flash", grenade=True, under_base=True)
    assert after.unit("flash").tokens["grenade"] == 0


def test_inside_the_core_takes_one_damage_per_hit_with_three_more_attack_adjacent(turn: Match) -> None:
    turn = placed(turn, batman="interior", superman="ramp")
    far = SCARAB.odds(turn, Action("attack-core", "batman"))
    near = SCARAB.odds(turn, Action("attack-core", "batman", {"adjacent": True}))
    assert far is not None and near is not None and far.chance is not None and near.chance is not None
    assert "needs 9+" in far.text and "+3 adjacent to the core = 12" in near.text and "needs 6+" in near.text
    after = do(turn, "attack-core", "superman", seed_for(8), adjacent=True)
    assert after.unit("scarab-main-power-core").click == 1  # 1 damage, not Superman's 3


def test_destroying_the_main_power_core_ends_the_game() -> None:
    state = placed(replay(scarab_match(*strike_team(), core_clicks=1), [Event("end_turn", {})]), superman="interior")
    resolution = SCARAB.resolve(state, Action("attack-core", "superman", {"adjacent": True}), seed_for(5))
    assert resolution.events[-1] == Event("end_match", {"winners": ["p2"]}, "p2")
    assert "the Scarab is destroyed: Ben wins" in resolution.details[-1]
    destroyed = replay(state, list(resolution.events[:-1]))
    assert destroyed.unit("scarab-main-power-core").eliminated
    opts = SCARAB.legal_actions(destroyed)
    assert [(o.action, o.enabled) for o in opts] == [("end-match", True)]
    refused = SCARAB.explain(destroyed, Action("move", "batman"))
    assert not refused.legal and refused.rule == "winning" and "only ending the match is left" in refused.reason
    over = replay(destroyed, list(SCARAB.resolve(destroyed, Action("end-match"), random.Random(0)).events))
    assert over.status == "finished" and over.winners == ("p2",)
    assert not SCARAB.legal_actions(over)[0].enabled


def test_the_scarab_wins_when_every_attacker_is_ko() -> None:
    state = scarab_match(figure("robin", "p2", clicks=1))
    state = replay(state, [Event("set_phase", {"phase": "displaced"})])
    resolution = SCARAB.resolve(state, Action("displaced", params={"units": ["robin"]}), random.Random(0))
    assert resolution.events[-1].type == "end_match" and resolution.events[-1].data == {"winners": ["p1"]}
    assert not SCARAB.explain(state, Action("end-match")).legal


def test_jumping_off_hurts_unless_it_can_jump_or_climb(turn: Match) -> None:
    turn = placed(turn, batman="top", robin="top")
    hurt = do(turn, "jump-off", "batman")
    assert hurt.unit("batman").click == 1 and hurt.unit("batman").tokens.action == 1
    safe = do(turn, "jump-off", "robin", jump_climb=True)
    assert safe.unit("robin").click == 0 and safe.unit("robin").position == hurt.unit("batman").position == "ground"
    opt = options(turn)["jump-off"]
    assert opt.params[0].name == "jump_climb" and "stands" in (opt.note or "")


def test_attacking_a_reinforcement(turn: Match) -> None:
    opt = options(turn)["attack"]
    assert [v for v, _ in opt.params[0].choices] == ["grunt-1", "grunt-2"] and opt.params[0].default is None
    first = SCARAB.resolve(turn, Action("attack", "batman"), random.Random(0))  # no target: the first it can shoot
    assert "attacks Grunt 1" in first.summary
    after = do(turn, "attack", "batman", seed_for(6), target="grunt-1")
    assert after.unit("grunt-1").click == 2


def test_position_rules_come_back_as_notes(turn: Match) -> None:
    opts = options(turn)
    assert "Ramp" in (opts["enter"].note or "") and "kneels" in (opts["move-off"].note or "")
    assert "under_base" in [p.name for p in opts["shoot-scarab"].params]
    boarding = replay(turn, [Event("counter", {"scope": "match", "name": "heroclix-attacker-actions", "delta": 1})])
    assert "House rule" not in (options(boarding)["move"].note or "")
    flyers = Scarab({"flyer-limit-2": True})
    assert "at most two flying figures" in (options(turn, flyers)["move"].note or "")


def test_seeded_attacks_replay_identically(turn: Match) -> None:
    action = Action("shoot-scarab", "superman", {"modifier": -1})
    assert SCARAB.resolve(turn, action, rng_for(SEED, 4)) == SCARAB.resolve(turn, action, rng_for(SEED, 4))


def test_what_the_match_cant_know_is_said_not_guessed() -> None:
    state = replay(scarab_match(figure("batman", "p2"), figure("colossus", "p2", marks=("colossal",))),
                   [Event("remove_unit", {"unit": "scarab-chassis"}), Event("end_turn", {})])
    shoot = options(state)["shoot-scarab"]
    assert shoot.units == ("batman",) and "no figure is marked aerial, check it yourself" in (shoot.note or "")
    verdict = SCARAB.explain(state, Action("shoot-scarab", "colossus"))
    assert not verdict.legal and verdict.rule == "colossal"
    assert verdict.reason == "Colossus is colossal: the Chassis dial shows no defense value"
