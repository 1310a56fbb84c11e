"""Properties of the Scarab helper: exact odds, seeded rolls that replay, and a turn that takes each step once."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion import rules
from companion.core.dice.odds import distribution
from companion.core.match.events import Event, replay
from companion.rules import Action
from companion.rules.scarab.attacks import Shot, fire, hit_chance
from companion.rules.scarab.turn import BANDS

from builders import rng_for
from scarab_setup_kit import figure, scarab_match, strike_team

SCARAB = rules.get("scarab")
shots = st.builds(Shot, st.just("shot"), st.integers(0, 20), st.integers(0, 30), st.integers(0, 5),
                  st.lists(st.tuples(st.sampled_from(["adjacent", "modifiers"]), st.integers(-10, 10)),
                           max_size=2).map(tuple))


def frequency(shot: Shot) -> Fraction:
    rolls = list(itertools.product(range(1, 7), repeat=2))
    # two 6s always hit (Halo ActionClix's base rules, which the Scarab game is played on: issue 33 case 11)
    return Fraction(sum(a + b + shot.effective_attack >= shot.defense or a == b == 6 for a, b in rolls), len(rolls))


@given(shots)
def test_hit_and_miss_sum_to_one_and_match_the_exact_frequency(shot: Shot) -> None:
    miss = distribution("2d6").at_most(min(shot.needed - 1, 11))  # 12 is two 6s: never a miss
    assert hit_chance(shot) + miss == 1
    assert hit_chance(shot) == frequency(shot)


@given(shots, st.integers(0, 2**32))
def test_a_fired_shot_is_judged_on_its_dice(shot: Shot, seed: int) -> None:
    result = fire(shot, random.Random(seed))
    assert result.hit == (sum(result.roll.dice) + shot.effective_attack >= shot.defense or result.roll.dice == (6, 6))
    assert fire(shot, random.Random(seed)) == result


def test_the_event_bands_cover_the_d6_once() -> None:
    faces = [n for low, high, _ in BANDS for n in range(low, high + 1)]
    assert faces == [1, 2, 3, 4, 5, 6]
    assert sum(Fraction(high - low + 1, 6) for low, high, _ in BANDS) == 1


@settings(max_examples=40, deadline=None)
@given(attack=st.integers(5, 14), defense=st.integers(12, 22), modifier=st.integers(-10, 10),
       colossal=st.booleans(), seed=st.integers(0, 10**6))
def test_the_odds_shown_equal_the_exact_frequency(attack: int, defense: int, modifier: int, colossal: bool,
                                                  seed: int) -> None:
    marks = ("colossal",) if colossal else ()
    state = replay(scarab_match(figure("hero", "p2", attack=attack, defense=defense, marks=marks)),
                   [Event("end_turn", {})])
    action = Action("shoot-scarab", "hero", {"modifier": modifier})
    odds = SCARAB.odds(state, action)
    scarab_defense = 18 if colossal else 17  # Chassis or Shell dial, first click
    assert odds is not None and odds.chance == frequency(Shot("", attack + modifier, scarab_defense, 0))
    first = SCARAB.resolve(state, action, rng_for(seed, 0))
    assert first == SCARAB.resolve(state, action, rng_for(seed, 0))  # a seeded roll replays identically
    roll = next(e for e in first.events if e.type == "roll").data
    hit = any(e.type == "damage" for e in first.events)
    assert hit == (roll["total"] + attack + modifier >= scarab_defense or roll["dice"] == [6, 6])


def _params(option: Any) -> dict[str, Any]:
    return {p.name: p.default for p in option.params if p.default is not None}


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 10), min_size=12, max_size=12), st.integers(0, 10**6))
def test_a_scarab_turn_takes_each_step_once_in_order(picks: list[int], seed: int) -> None:
    """Pick any enabled step (or hold fire) until only ending the turn is left: each step is taken at most once,
    fixed steps in the seed's order, and the turn always reaches its end."""
    state = scarab_match(*strike_team())
    taken: list[str] = []
    steps = ["roll-event", "move", "displaced", "event-specials", "turn-event", "shell-specials", "main-gun", "turret",
             "hold-fire"]
    for pick in picks:
        enabled = [o for o in SCARAB.legal_actions(state) if o.enabled and o.action in steps]
        if not enabled:
            break
        option = enabled[pick % len(enabled)]
        resolution = SCARAB.resolve(state, Action(option.action, None, _params(option)), rng_for(seed, len(taken)))
        state = replay(state, list(resolution.events))
        taken.append(option.params[0].default if option.action == "hold-fire" else option.action)
    assert state.phase == "reinforcements" and next(o for o in SCARAB.legal_actions(state)
                                                    if o.action == "end-turn").enabled
    assert len(taken) == len(set(taken)) == 8
    assert taken[:6] == steps[:6] and set(taken[6:]) == {"main-gun", "turret"}
