"""Armageddon Empires' rolls for the advisor: a challenge's pools split by their numbers of successes (exact, from
the same icepool pools as the odds). What each roll is worth once the challenge is accepted: empires/advisor.py."""

from __future__ import annotations

from fractions import Fraction

from companion.core.model import Unit
from companion.rules.advice.dice import Branch
from companion.rules.empires.dice import DiceRule, successes
from companion.rules.empires.steps import Start

CERTAIN = (Branch(Fraction(1), (), "as it stands"),)  # accepting rolls nothing


def _pool(count: int, rule: DiceRule) -> list[tuple[Fraction, tuple[int, ...], int]]:
    """(chance, a roll, successes) for each number of successes of `count` dice: the roll shows that many dice on
    the lowest success face and the rest on 1 (a failure)."""
    if count <= 0:
        return [(Fraction(1), (), 0)]
    return [(p, (rule.success_on,) * k + (1,) * (count - k), k) for k, p in sorted(successes(count, rule).items())]


def start_branches(plan: Start) -> tuple[Branch, ...]:
    """The start's classes: the target drawn (when several were seen), the attacker's and the defender's successes
    (a threshold challenge: the threshold dice's)."""
    out = []
    targets: list[Unit | None] = list(plan.candidates) or [None]
    for i, target in enumerate(targets):
        draw = (i + 1,) if len(targets) > 1 else ()
        share = Fraction(1, len(targets))
        defence = _pool(plan.defence(target) if target is not None else plan.threshold, plan.rule)
        for pa, ra, a in _pool(plan.attack_dice, plan.rule):
            for pd, rd, d in defence:
                label = (f"{target.name}: " if draw else "") + (f"{a} to {d}" if target else
                                                                 f"{a} to the threshold's {d}")
                out.append(Branch(share * pa * pd, draw + ra + rd, label))
    return tuple(out)


def reroll_branches(rule: DiceRule, dice: int) -> tuple[Branch, ...]:
    return tuple(Branch(p, roll, f"{k} of {dice} rerolled succeed") for p, roll, k in _pool(dice, rule))
