"""The Killer of the Maze Fire odds: exact, checked against brute force over every die face; seeded fire replays."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.maze.fire import FireSetup, fire_odds, resolve_fire
from companion.rules.maze.items import catalogue

WEAPONS = sorted(catalogue().weapons)
GUNS = [w for w in WEAPONS if w != "frag-grenade"]


@st.composite
def setups(draw: st.DrawFn, guns_only: bool = False, max_shots: int = 6) -> FireSetup:
    weapon = catalogue().weapons[draw(st.sampled_from(GUNS if guns_only else WEAPONS))]
    profile = draw(st.sampled_from(weapon.profiles))
    shots = draw(st.integers(weapon.min_shots, min(weapon.max_shots, max_shots)))
    to_hit = None if weapon.auto_hit else draw(st.integers(2, 6))
    return FireSetup(weapon, profile, shots, to_hit, draw(st.integers(-1, 1)), draw(st.booleans()))


def brute_force_shot(setup: FireSetup) -> dict[tuple[int, int, int], Fraction]:
    """One shot by hand from the rules: (hit, wound, damage) over every hit face, reroll face and wound face."""
    def hits(face: int) -> bool:
        if setup.weapon.auto_hit:
            return True
        return face == 6 or face + setup.modifier >= setup.to_hit

    def damage(face: int) -> int:
        if face < setup.profile.to_wound:
            return 0
        max_shots_storm = setup.weapon.id == "storm-bolter" and setup.shots == setup.weapon.max_shots
        return 2 if max_shots_storm and face == 6 else setup.profile.damage

    out: Counter[tuple[int, int, int]] = Counter()
    for face in range(1, 7):
        rerolled = setup.reroll_ones and face == 1 and not hits(1)
        for second in range(1, 7) if rerolled else (None,):
            final = second if second is not None else face
            weight = Fraction(1, 6) * (Fraction(1, 6) if rerolled else 1)
            if not hits(final):
                out[(0, 0, 0)] += weight
                continue
            for wound in range(1, 7):
                d = damage(wound)
                out[(1, 1 if d else 0, d)] += weight / 6
    return dict(out)


def combine(shot: dict[tuple[int, int, int], Fraction], count: int) -> dict[tuple[int, int, int], Fraction]:
    """Every sequence of `count` shots, enumerated (small counts only)."""
    out: Counter[tuple[int, int, int]] = Counter()
    for seq in itertools.product(shot.items(), repeat=count):
        key = tuple(sum(k[i] for k, _ in seq) for i in range(3))
        p = Fraction(1)
        for _, w in seq:
            p *= w
        out[key] += p
    return dict(out)


def marginal(joint: dict[tuple[int, int, int], Fraction], index: int) -> dict[int, Fraction]:
    out: Counter[int] = Counter()
    for key, p in joint.items():
        out[key[index]] += p
    return {k: p for k, p in out.items() if p}


@settings(max_examples=60, deadline=None)
@given(setups())
def test_fire_distributions_sum_to_one(setup: FireSetup) -> None:
    odds = fire_odds(setup)
    for dist in (odds.hits, odds.wounds, odds.damage):
        assert sum(dist.values()) == 1 and all(p > 0 for p in dist.values())
    assert 0 <= odds.any_wound <= odds.any_hit <= 1


@settings(max_examples=60, deadline=None)
@given(setups(guns_only=True, max_shots=3))
def test_fire_odds_equal_brute_force(setup: FireSetup) -> None:
    joint = combine(brute_force_shot(setup), setup.shots)
    odds = fire_odds(setup)
    assert odds.hits == marginal(joint, 0)
    assert odds.wounds == marginal(joint, 1)
    assert odds.damage == marginal(joint, 2)


def test_frag_grenade_makes_2d6_hit_rolls() -> None:
    grenade = catalogue().weapons["frag-grenade"]
    setup = FireSetup(grenade, grenade.profiles[0], 1, 4)
    one = brute_force_shot(setup)
    no_wound = sum(p for k, p in one.items() if not k[1])  # one roll that doesn't wound
    # 2D6 decides the number of hit rolls: no wound at all when none of them wounds
    expected = sum(Fraction(1, 36) * no_wound ** (a + b) for a, b in itertools.product(range(1, 7), repeat=2))
    assert fire_odds(setup).wounds[0] == expected
    # 2 to 12 rolls, each hitting on 4+: at least one hit unless every roll misses
    no_hit = sum(Fraction(1, 36) * Fraction(1, 2) ** (a + b) for a, b in itertools.product(range(1, 7), repeat=2))
    assert fire_odds(setup).any_hit == 1 - no_hit


def test_flamer_hits_with_every_shot() -> None:
    flamer = catalogue().weapons["flamer"]
    odds = fire_odds(FireSetup(flamer, flamer.profiles[0], 6, None))
    assert odds.hits == {6: Fraction(1)}
    assert odds.wounds == {k: Fraction(math.comb(6, k) * 2 ** k * 4 ** (6 - k), 6 ** 6)
                           for k in range(7)}


@settings(max_examples=40, deadline=None)
@given(setups(), st.integers(0, 2 ** 32))
def test_seeded_fire_replays_and_counts_its_dice(setup: FireSetup, seed: int) -> None:
    first = resolve_fire(setup, random.Random(seed))
    assert first == resolve_fire(setup, random.Random(seed))
    assert first.hits == sum(1 for f in first.hit_faces if setup.hits(f)) or setup.weapon.auto_hit
    assert first.wounds == sum(1 for f in first.wound_faces if f >= setup.profile.to_wound)
    assert len(first.wound_faces) == first.hits
