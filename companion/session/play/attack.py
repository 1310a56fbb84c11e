"""Service: an attack worked out at the desk, without a match (`companion attack`): its exact chance to hit, the
chance in words, and a roll that says whether it hits and why. The CLI names a system; this picks the system's
attack rules, so no command holds a rules module."""

from __future__ import annotations

import random
from fractions import Fraction

from companion.rules.halo import attack as halo
from companion.rules.halo.attack import AttackError, AttackResult, AttackSetup

SYSTEMS = (halo.SYSTEM_ID,)  # the systems whose attacks are worked out here
KINDS = halo.ATTACK_KINDS

__all__ = ["KINDS", "SYSTEMS", "AttackError", "AttackResult", "AttackSetup", "chance", "chance_text", "resolve",
           "setup"]


def setup(system: str, *, attack: int, defense: int, moved: int = 0, modifier: int = 0, kind: str = "shoot",
          double_six_splash: bool = False) -> AttackSetup:
    """The attack's numbers, checked (AttackError names the one that can't be right)."""
    if system not in SYSTEMS:
        raise AttackError(f"attacks are worked out for {', '.join(SYSTEMS)}, not {system!r}")
    return AttackSetup(attack=attack, defense=defense, moved=moved, modifier=modifier, kind=kind,
                       double_six_splash=double_six_splash)


def chance(attack: AttackSetup) -> Fraction:
    """The exact chance that the attack hits."""
    return halo.hit_chance(attack)


def chance_text(attack: AttackSetup) -> str:
    return halo.chance_text(attack)


def resolve(attack: AttackSetup, rng: random.Random) -> AttackResult:
    """Roll the attack with `rng`: hit or miss, why, and what else it did."""
    return halo.resolve_attack(attack, rng)
