"""Armageddon Empires challenge dice (seed 004): the dice setting and exact odds of pools counting successes.

The source never says which die a challenge rolls nor which faces are successes (the pack marks both settings as
missing). So both are settings: the players confirm them once per match (kept in the match counters `die-sides`
and `success-on`); until then the helper shows a PLACEHOLDER (d6, success on 4+), labelled as not from the
source. Every chance is exact for whatever setting is chosen: a pool is the count of dice showing `success_on`
or more, built with icepool, and a challenge compares two such counts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from companion.core.errors import IllegalAction
from companion.core.model import Match

if TYPE_CHECKING:
    import icepool

PLACEHOLDER_SIDES = 6  # NOT from the source: only a starting value the players must confirm
PLACEHOLDER_SUCCESS_ON = 4  # NOT from the source
MIN_SIDES, MAX_SIDES = 2, 100  # as the pack's settings allow
MAX_POOL = 60  # dice in one pool: far above any card, low enough to keep odds instant


@dataclass(frozen=True)
class DiceRule:
    sides: int
    success_on: int
    confirmed: bool  # set for this match by the players, not the placeholder

    @property
    def success_faces(self) -> int:
        return self.sides - self.success_on + 1

    @property
    def chance(self) -> Fraction:
        """One die's chance of a success."""
        return Fraction(self.success_faces, self.sides)

    def notation(self, dice: int) -> str:
        return f"{dice}d{self.sides}>={self.success_on}"

    def text(self) -> str:
        base = f"d{self.sides}, success on {self.success_on}+"
        return base if self.confirmed else f"{base} (PLACEHOLDER, not from the source: confirm it from your manual)"


def dice_rule(state: Match, params: Mapping[str, Any]) -> DiceRule:
    """The dice setting: the action's params when given, else the match's confirmed setting, else the
    placeholder. Raises IllegalAction for a setting no die can have."""
    stored_sides = state.counters.get("die-sides", 0)
    stored_on = state.counters.get("success-on", 0)
    sides = _whole(params.get("die_sides", stored_sides or PLACEHOLDER_SIDES), "die sides")
    success_on = _whole(params.get("success_on", stored_on or PLACEHOLDER_SUCCESS_ON), "success on")
    if not MIN_SIDES <= sides <= MAX_SIDES:
        raise IllegalAction(f"a challenge die has {MIN_SIDES} to {MAX_SIDES} sides, not {sides}", "success-rule")
    if not 1 <= success_on <= sides:
        # a value nobody typed is the placeholder: say so, and which one to enter
        guessed = ""
        if "success_on" not in params and not stored_on:
            guessed = " (the placeholder: enter the lowest success face too)"
        elif "die_sides" not in params and not stored_sides:
            guessed = " (the placeholder: enter the die's sides too)"
        raise IllegalAction(f"the lowest success face must be from 1 to {sides} on a d{sides}, not {success_on}"
                            f"{guessed}", "success-rule")
    if stored_sides > 0 and stored_on > 0 and (sides, success_on) != (stored_sides, stored_on):
        # agreed by both players (at New match or a first challenge): one side's action can't change them for both
        raise IllegalAction(f"this match's challenge dice are agreed as d{stored_sides}, success on {stored_on}+: "
                            "a challenge can't change them", "success-rule")
    confirmed = ("die_sides" in params or stored_sides > 0) and ("success_on" in params or stored_on > 0)
    return DiceRule(sides, success_on, confirmed)


def _whole(value: Any, what: str) -> int:
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(f"{what} must be a whole number, not {value!r}", "success-rule")
    return value


@lru_cache(maxsize=512)
def _pool(dice: int, sides: int, success_on: int) -> icepool.Die:
    import icepool  # loaded when odds are first asked for, not with the system

    if dice <= 0:
        return icepool.Die([0])
    one = icepool.Die({1: sides - success_on + 1, 0: success_on - 1})
    return dice @ one


def successes(dice: int, rule: DiceRule) -> dict[int, Fraction]:
    """Exact chance of each number of successes in a pool of `dice`."""
    return _fractions(_pool(dice, rule.sides, rule.success_on))


@lru_cache(maxsize=512)
def _margin(attacker: tuple[int, int], defender: tuple[int, int], sides: int, success_on: int) -> icepool.Die:
    (a_base, a_dice), (d_base, d_dice) = attacker, defender
    return (_pool(a_dice, sides, success_on) + a_base) - (_pool(d_dice, sides, success_on) + d_base)


def margin(attacker: tuple[int, int], defender: tuple[int, int], rule: DiceRule) -> dict[int, Fraction]:
    """Exact chance of each margin (attacker's successes minus the defender's), each side given as
    (successes already kept, dice still to roll)."""
    for _, dice in (attacker, defender):
        if dice > MAX_POOL:
            raise IllegalAction(f"at most {MAX_POOL} dice in one pool here, not {dice}", "challenges")
    return _fractions(_margin(attacker, defender, rule.sides, rule.success_on))


def _fractions(die: icepool.Die) -> dict[int, Fraction]:
    total = die.denominator()
    return {int(o): Fraction(int(q), total) for o, q in die.items() if q}


def at_least(dist: Mapping[int, Fraction], value: int) -> Fraction:
    return sum((p for k, p in dist.items() if k >= value), Fraction(0))


def at_most(dist: Mapping[int, Fraction], value: int) -> Fraction:
    return sum((p for k, p in dist.items() if k <= value), Fraction(0))
