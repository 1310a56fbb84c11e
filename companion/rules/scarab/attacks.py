"""Attack rolls in the Scarab game (seed 000): 2d6 + attack against a defense, with the exact chance to hit.

Every attack the seed describes works this way: the Scarab's main gun and turret (a dial's attack and damage
against the target's defense), shots at the Scarab (against the Shell dial's defense, or the Chassis dial's for
colossal attackers), shots at the Main Power Core (+3 when adjacent) and reinforcements' attacks. The seed adds
no automatic hits or misses, so none are applied here.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from companion.core.dice.odds import distribution
from companion.core.dice.roll import RollResult, roll
from companion.rules.base import odds_text

ATTACK_ROLL = "2d6"


@dataclass(frozen=True)
class Shot:
    """One attack: what it is, the numbers, and the modifiers added to the attack (label, value)."""

    label: str
    attack: int
    defense: int
    damage: int
    modifiers: tuple[tuple[str, int], ...] = ()

    @property
    def effective_attack(self) -> int:
        return self.attack + sum(value for _, value in self.modifiers)

    @property
    def needed(self) -> int:
        """The 2d6 total that hits."""
        return self.defense - self.effective_attack

    def attack_text(self) -> str:
        parts = [f"attack {self.attack}"] + [f"{value:+d} {label}" for label, value in self.modifiers if value]
        return " ".join(parts) + (f" = {self.effective_attack}" if len(parts) > 1 else "")


def hit_chance(shot: Shot) -> Fraction:
    """The exact chance that the shot hits: P(2d6 >= defense - attack)."""
    return distribution(ATTACK_ROLL).at_least(shot.needed)


def chance_text(shot: Shot) -> str:
    """`Main gun: attack 10 vs defense 17: needs 7+ on 2d6, 7/12 (58.33%)`."""
    if shot.needed <= 2:
        need = "hits on any roll"
    elif shot.needed > 12:
        need = "can't hit"
    else:
        need = f"needs {shot.needed}+ on 2d6"
    return f"{shot.label}: {shot.attack_text()} vs defense {shot.defense}: {need}, {odds_text(hit_chance(shot))}"


@dataclass(frozen=True)
class ShotResult:
    shot: Shot
    roll: RollResult
    total: int
    hit: bool

    def why(self) -> str:
        a, b = self.roll.dice
        verdict = "hit" if self.hit else f"miss (needed {self.shot.needed}+ on 2d6)"
        return (f"rolled {a}+{b} = {self.roll.total}, {self.shot.attack_text()}: total {self.total} "
                f"{'>=' if self.hit else '<'} defense {self.shot.defense}: {verdict}")


def fire(shot: Shot, rng: random.Random) -> ShotResult:
    """Roll 2d6 with `rng` and judge the shot."""
    result = roll(ATTACK_ROLL, rng)
    total = result.total + shot.effective_attack
    return ShotResult(shot, result, total, total >= shot.defense)
