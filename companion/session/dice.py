"""Dice for the screens and the CLI: notation, exact odds before a roll, rolls with an injected `random.Random`,
and the desk calculator for a Halo ActionClix attack."""

from __future__ import annotations

from companion.core.dice.notation import Expression
from companion.core.dice.odds import Distribution, distribution, percent
from companion.core.dice.roll import RollResult, parse, rng_for, roll, roll_expression
from companion.rules.halo import attack as halo_attack

__all__ = ["Distribution", "Expression", "RollResult", "distribution", "halo_attack", "parse", "percent", "rng_for",
           "roll", "roll_expression"]
