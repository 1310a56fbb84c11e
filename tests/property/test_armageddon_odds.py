"""Armageddon Empires challenge odds: exact for any dice setting, equal to brute force over every face of small
pools; a seeded challenge replays identically."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.match.events import Event, replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.action import odds_text
from companion.rules.empires.dice import DiceRule, margin, successes
from companion.rules.empires.system import ArmageddonEmpires

from builders import match

AE = ArmageddonEmpires()


@st.composite
def rules_(draw: st.DrawFn, max_sides: int = 100) -> DiceRule:
    sides = draw(st.integers(2, max_sides))
    return DiceRule(sides, draw(st.integers(1, sides)), True)


def brute_margin(attacker: tuple[int, int], defender: tuple[int, int], rule: DiceRule) -> dict[int, Fraction]:
    """Every face of every die, counted by hand."""
    (a_base, a_dice), (d_base, d_dice) = attacker, defender
    counts: Counter[int] = Counter()
    faces = range(1, rule.sides + 1)
    for a in itertools.product(faces, repeat=a_dice):
        for d in itertools.product(faces, repeat=d_dice):
            wins_a = a_base + sum(1 for f in a if f >= rule.success_on)
            wins_d = d_base + sum(1 for f in d if f >= rule.success_on)
            counts[wins_a - wins_d] += 1
    total = rule.sides ** (a_dice + d_dice)
    return {k: Fraction(v, total) for k, v in counts.items()}


@settings(max_examples=80, deadline=None)
@given(rules_(), st.integers(0, 40), st.integers(0, 40))
def test_distributions_sum_to_one_for_any_setting(rule: DiceRule, a: int, d: int) -> None:
    assert sum(successes(a, rule).values()) == 1
    dist = margin((0, a), (0, d), rule)
    assert sum(dist.values()) == 1 and min(dist) >= -d and max(dist) <= a


@settings(max_examples=80, deadline=None)
@given(rules_(max_sides=6), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 3))
def test_margin_equals_brute_force(rule: DiceRule, a: int, d: int, a_base: int, d_base: int) -> None:
    assert margin((a_base, a), (d_base, d), rule) == brute_margin((a_base, a), (d_base, d), rule)


def hex_match(fate: int, level: int) -> Match:
    def card(uid: str, owner: str, stats: dict[str, int], *markers: str) -> dict[str, object]:
        return {"id": uid, "name": uid.title(), "points": 0, "owner": owner,
                "dial": [{"stats": stats, "markers": list(markers)}, {"stats": {}, "markers": ["ko"]}]}
    return replay(match("armageddon-empires"), [
        Event("add_unit", {"unit": card("kade", "p1", {"pool": level, "fate": 1, "wound-points": 2}, "assassin")}),
        Event("add_unit", {"unit": card("vex", "p2", {"fate": fate, "wound-points": 2})})])


@settings(max_examples=40, deadline=None)
@given(rules_(max_sides=6), st.integers(1, 3), st.integers(0, 2), st.integers(0, 1))
def test_shown_chance_is_the_exact_frequency(rule: DiceRule, level: int, fate: int, bonus: int) -> None:
    state = hex_match(fate, level)
    params = {"target": "vex", "bonus": bonus, "die_sides": rule.sides, "success_on": rule.success_on}
    odds = AE.odds(state, Action("assassinate", "kade", params))
    brute = brute_margin((0, level), (0, fate + bonus), rule)
    assert odds is not None and odds.chance == sum((p for k, p in brute.items() if k >= 1), Fraction(0))
    kill = sum((p for k, p in brute.items() if k >= 2), Fraction(0))
    assert f"eliminated {odds_text(kill)}" in odds.text


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2 ** 32), st.integers(1, 12), st.integers(0, 8))
def test_seeded_challenge_replays_identically(seed: int, level: int, fate: int) -> None:
    state = hex_match(fate, level)
    action = Action("assassinate", "kade", {"target": "vex", "die_sides": 8, "success_on": 5})
    first = AE.resolve(state, action, random.Random(seed))
    assert first == AE.resolve(state, action, random.Random(seed))
    after = replay(state, list(first.events))
    assert after.rolls[0].expr == f"{level}d8>=5"
    assert after.counters.get("attacker-successes", 0) == sum(1 for f in after.rolls[0].dice if f >= 5)
