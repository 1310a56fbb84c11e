"""Halo ActionClix attacks from seed 001: 2d6 + attack >= defense, -3 after moving more than 4 squares,
two 6s always hit (and, for units with that card ability, a shot with two 6s splashes adjacent enemies)."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.match.events import Event, apply
from companion.core.packs.load import get_pack
from companion.rules.halo import attack as halo
from companion.rules.halo.attack import AttackError, AttackSetup, chance_text, hit_chance, resolve_attack

from builders import SEED, match, rng_for, unit
from dice_roll_kit import ScriptedRandom


def brute_force_chance(attack: int, defense: int, moved: int, modifier: int = 0) -> Fraction:
    penalty = 3 if moved > 4 else 0
    hits = sum(1 for a, b in itertools.product(range(1, 7), repeat=2)
               if a + b + attack + modifier - penalty >= defense or (a, b) == (6, 6))
    return Fraction(hits, 36)


def test_attack_9_against_defense_16() -> None:
    # needs 7+ on 2d6: 21 of 36 rolls
    assert hit_chance(AttackSetup(attack=9, defense=16)) == Fraction(7, 12)
    # 4 squares is still free
    assert hit_chance(AttackSetup(attack=9, defense=16, moved=4)) == Fraction(7, 12)
    # 5 squares: attack 6, needs 10+: 6 of 36
    moved = AttackSetup(attack=9, defense=16, moved=5)
    assert moved.effective_attack == 6 and moved.needed == 10
    assert hit_chance(moved) == Fraction(1, 6)
    assert chance_text(moved) == ("attack 9 -3 for moving 5 squares (more than 4) = 6 vs defense 16: "
                                  "needs 10+ on 2d6, 1/6 (16.67%)")


def test_two_sixes_are_the_only_hope_against_a_high_defense() -> None:
    setup = AttackSetup(attack=2, defense=25)
    assert hit_chance(setup) == Fraction(1, 36)
    assert "hits only on two 6s" in chance_text(setup)
    assert hit_chance(AttackSetup(attack=20, defense=10)) == 1


@given(st.integers(0, 20), st.integers(0, 30), st.integers(0, 10), st.integers(-5, 5))
def test_chance_equals_the_frequency_over_all_36_rolls(attack: int, defense: int, moved: int, modifier: int) -> None:
    setup = AttackSetup(attack=attack, defense=defense, moved=moved, modifier=modifier)
    assert hit_chance(setup) == brute_force_chance(attack, defense, moved, modifier)


def test_two_sixes_hit_even_when_the_total_falls_short() -> None:
    setup = AttackSetup(attack=3, defense=20, moved=6)
    result = resolve_attack(setup, ScriptedRandom([6, 6]))
    assert result.roll.dice == (6, 6)
    assert result.total == 12 + 0 < 20
    assert result.hit and result.automatic
    assert "two 6s always hit" in result.why
    assert "two-sixes" in result.rules
    assert result.chance == Fraction(1, 36)


def test_double_six_shot_effect_depends_on_the_card() -> None:
    plain = resolve_attack(AttackSetup(attack=9, defense=16), ScriptedRandom([6, 6]))
    assert plain.hit and not plain.automatic  # 21 reaches 16 anyway
    assert len(plain.effects) == 1 and "if this unit's card has" in plain.effects[0]
    # the roll is made: the damage is given by hand, and the words say where the switch is for the next roll
    assert "Damage buttons" in plain.effects[0] and "under More options on the attack screen" in plain.effects[0]
    splash = resolve_attack(AttackSetup(attack=9, defense=16, double_six_splash=True), ScriptedRandom([6, 6]))
    assert splash.effects == (halo.SPLASH_EFFECT,)  # at the desk; in a match the splash's own line replaces it
    grenade = resolve_attack(AttackSetup(attack=9, defense=16, kind="grenade"), ScriptedRandom([6, 6]))
    assert not any("adjacent" in line for line in grenade.effects)  # the ability speaks of shots


def test_a_miss_says_what_was_needed() -> None:
    result = resolve_attack(AttackSetup(attack=9, defense=16, moved=5), ScriptedRandom([4, 5]))
    assert not result.hit and not result.automatic
    assert result.total == 15
    assert result.why == ("rolled 4+5 = 9, attack 9 -3 for moving 5 squares (more than 4) = 6: total 15 < defense 16: "
                          "miss (needed 10 or more on 2d6)")
    assert result.rules == ("shooting", "move-attack-penalty")


def test_a_hit_at_exactly_the_defense() -> None:
    result = resolve_attack(AttackSetup(attack=9, defense=16, modifier=1), ScriptedRandom([3, 3]))
    assert result.hit and not result.automatic and result.total == 16
    assert "total 16 >= defense 16: hit" in result.why


def test_seeded_attack_replays() -> None:
    setup = AttackSetup(attack=9, defense=16)
    assert resolve_attack(setup, random.Random(11)) == resolve_attack(setup, random.Random(11))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"attack": -1, "defense": 16}, "attack must be"), ({"attack": 9, "defense": 160}, "defense must be"),
     ({"attack": 9, "defense": 16, "moved": -2}, "squares moved"), ({"attack": 9, "defense": 16, "kind": "punch"},
                                                                    "shoot, grenade, special"),
     ({"attack": True, "defense": 16}, "attack must be")],
)
def test_impossible_numbers_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(AttackError, match=message):
        AttackSetup(**kwargs)


def _attack_from_match(state, attacker: str, target: str, setup: AttackSetup, damage: int):  # noqa: ANN001, ANN202
    """Resolve with the match's next roll generator, log the roll, give the action token and apply damage."""
    result = resolve_attack(setup, rng_for(SEED, len(state.rolls)))
    state = apply(state, Event("token", {"unit": attacker, "kind": "action", "delta": 1}, by="p1"))
    state = apply(state, Event("roll", result.roll.event_data(f"{attacker} shoots {target}"), by="p1"))
    if result.hit:
        state = apply(state, Event("damage", {"unit": target, "amount": damage}, by="p1"))
    return state, result


def test_scenario_seeded_attacks_are_logged_and_damage_the_target() -> None:
    """Match seed 7. A Spartan (attack 9) moves 5 squares and shoots an Elite (defense 16): 6+1, total 13, miss.
    A Marine (attack 9) shoots from where it stands: 6+5, total 20, hit for 2 damage."""
    state = match()
    for data in (unit("spartan", "p1"), unit("marine", "p1"), unit("elite", "p2")):
        state = apply(state, Event("add_unit", {"unit": data}))
    state, first = _attack_from_match(state, "spartan", "elite", AttackSetup(attack=9, defense=16, moved=5), 2)
    assert (first.roll.dice, first.total, first.hit) == ((6, 1), 13, False)
    assert state.unit("elite").click == 0
    state, second = _attack_from_match(state, "marine", "elite", AttackSetup(attack=9, defense=16), 2)
    assert (second.roll.dice, second.total, second.hit) == ((6, 5), 20, True)
    assert state.unit("elite").click == 2
    assert [r.dice for r in state.rolls] == [(6, 1), (6, 5)]
    # every logged roll replays from the seed and its position in the log
    for index, logged in enumerate(state.rolls):
        assert resolve_attack(AttackSetup(attack=9, defense=16), rng_for(SEED, index)).roll.dice == logged.dice


def test_cited_rule_sections_exist_in_the_pack() -> None:
    ids = {s.id for s in get_pack("halo-actionclix").sections}
    cited = {v for k, v in vars(halo).items() if k.startswith("RULE_")}
    assert cited <= ids, f"not in rules.md: {cited - ids}"
