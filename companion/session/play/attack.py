"""Service: an attack worked out at the desk, without a match (`companion attack`): its exact chance to hit, the
chance in words, and a roll that says whether it hits and why. The CLI names a system; the system hands over
its attack calculator (`System.desk_attack`), so no command holds a rules module and no system is named here."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from companion import rules
from companion.core.errors import CompanionError

if TYPE_CHECKING:
    from companion.rules.base import DeskAttack


def _calculators() -> dict[str, DeskAttack[Any, Any]]:
    systems = (rules.get(system_id) for system_id in rules.available())
    return {s.id: s.desk_attack for s in systems if s.desk_attack is not None}


_CALCULATORS = _calculators()
SYSTEMS = tuple(_CALCULATORS)  # the systems whose attacks are worked out here
KINDS = tuple(dict.fromkeys(k for c in _CALCULATORS.values() for k in c.kinds))

__all__ = ["KINDS", "SYSTEMS", "chance", "chance_text", "resolve", "setup"]


def setup(system: str, *, attack: int, defense: int, moved: int = 0, modifier: int = 0, kind: str = "shoot",
          double_six_splash: bool = False) -> Any:
    """The attack's numbers, checked (the calculator's error names the one that can't be right)."""
    calc = _CALCULATORS.get(system)
    if calc is None:
        raise CompanionError(f"attacks are worked out for {', '.join(SYSTEMS)}, not {system!r}")
    return calc.setup(attack=attack, defense=defense, moved=moved, modifier=modifier, kind=kind,
                      double_six_splash=double_six_splash)


def _calc(attack: Any) -> DeskAttack[Any, Any]:
    return next(c for c in _CALCULATORS.values() if c.owns(attack))


def chance(attack: Any) -> Fraction:
    """The exact chance that the attack hits."""
    return _calc(attack).hit_chance(attack)


def chance_text(attack: Any) -> str:
    return _calc(attack).chance_text(attack)


def resolve(attack: Any, rng: random.Random) -> Any:
    """Roll the attack with `rng`: hit or miss, why, and what else it did."""
    return _calc(attack).resolve(attack, rng)
