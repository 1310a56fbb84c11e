"""Attack rolls in the Scarab game (seed 000): 2d6 + attack against a defense, with the exact chance to hit.

Every attack the seed describes works this way: the Scarab's main gun and turret (a dial's attack and damage
against the target's defense), shots at the Scarab (against the Shell dial's defense, or the Chassis dial's for
colossal attackers), shots at the Main Power Core (+3 when adjacent) and reinforcements' attacks. The Scarab game
is played on Halo ActionClix's base rules (seed 001), where two 6s on the attack roll always hit: here too, and the
odds count them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from companion.core.dice.roll import RollResult, roll
from companion.rules.action import odds_text
from companion.rules.halo.attack import roll_chance

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
    """The exact chance that the shot hits: P(2d6 >= defense - attack, or two 6s)."""
    return roll_chance(shot.needed)


def chance_text(shot: Shot) -> str:
    """`Main gun: attack 10 vs defense 17: needs 7+ on 2d6, 7/12 (58.33%)`."""
    if shot.needed <= 2:
        need = "hits on any roll"
    elif shot.needed > 12:
        need = "hits only on two 6s"
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
        reached = self.total >= self.shot.defense
        verdict = "hit" if reached else "but two 6s always hit: hit" if self.hit else \
            f"miss (needed {self.shot.needed}+ on 2d6)"
        return (f"rolled {a}+{b} = {self.roll.total}, {self.shot.attack_text()}: total {self.total} "
                f"{'>=' if reached else '<'} defense {self.shot.defense}{',' if self.hit and not reached else ':'} "
                f"{verdict}")


def fire(shot: Shot, rng: random.Random) -> ShotResult:
    """Roll 2d6 with `rng` and judge the shot."""
    result = roll(ATTACK_ROLL, rng)
    total = result.total + shot.effective_attack
    return ShotResult(shot, result, total, total >= shot.defense or result.dice == (6, 6))
