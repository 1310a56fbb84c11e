"""Exact odds: the full distribution of a dice expression as whole-number weights, built with `icepool`.

Nothing here samples. `distribution("2d6+1")` gives every total with its exact weight; probabilities are
`Fraction`s. icepool's work grows fast with dice and sides (100d100 takes seconds, keep-highest with many sides
even more), so `estimated_cost` refuses expressions too large to work out at the table instead of freezing.
"""

from __future__ import annotations

import bisect
import itertools
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING

from companion.core.dice.notation import D66, Dice, DiceError, Expression, Modifier, Pool, Square, Term, parse

if TYPE_CHECKING:
    import icepool

# Rough nanoseconds per unit of work, measured on icepool 2.1.3 (benchmarks/rules.py prints the guard cases); the
# budget keeps the slowest accepted expression near a second on a laptop: 3d1000 and 100d10 pass, 100d100 doesn't.
_SUM_NS = 300  # per (dice * sides)^2 / 2 when summing N identical dice
_KEEP_NS = 2000  # per dice * kept * sides^2 when keeping highest/lowest
_CONVOLVE_NS = 500  # per pair of outcomes when adding two terms
BUDGET_NS = 1_500_000_000


@dataclass(frozen=True)
class Distribution:
    """Outcomes in ascending order with whole-number weights; probability = weight / denominator."""

    expr: str
    outcomes: tuple[int, ...]
    weights: tuple[int, ...]
    denominator: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "denominator", sum(self.weights))

    @cached_property
    def _cumulative(self) -> tuple[int, ...]:
        return tuple(itertools.accumulate(self.weights))

    def _weight_below(self, target: int) -> int:
        """Total weight of outcomes strictly below `target`."""
        i = bisect.bisect_left(self.outcomes, target)
        return self._cumulative[i - 1] if i else 0

    def at_least(self, target: int) -> Fraction:
        return Fraction(self.denominator - self._weight_below(target), self.denominator)

    def at_most(self, target: int) -> Fraction:
        return Fraction(self._weight_below(target + 1), self.denominator)

    def exactly(self, target: int) -> Fraction:
        i = bisect.bisect_left(self.outcomes, target)
        hit = i < len(self.outcomes) and self.outcomes[i] == target
        return Fraction(self.weights[i] if hit else 0, self.denominator)

    def probabilities(self) -> dict[int, Fraction]:
        return {o: Fraction(w, self.denominator) for o, w in zip(self.outcomes, self.weights, strict=True)}

    @property
    def minimum(self) -> int:
        return self.outcomes[0]

    @property
    def maximum(self) -> int:
        return self.outcomes[-1]

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(o * w for o, w in zip(self.outcomes, self.weights, strict=True)), self.denominator)


def distribution(expr: str | Expression) -> Distribution:
    """The exact distribution of an expression's total (successes for a pool); DiceError if too large."""
    expression = parse(expr) if isinstance(expr, str) else expr
    return _distribution(expression)


@lru_cache(maxsize=256)
def _distribution(expression: Expression) -> Distribution:
    cost = estimated_cost(expression)
    if cost > BUDGET_NS:
        raise DiceError(f"{expression} has too many possible results to work out exactly here; "
                        "try fewer dice or fewer sides (rolling it still works)")
    try:
        die = die_of(expression)
    except RecursionError:  # icepool recurses once per face when keeping dice
        raise DiceError(f"{expression}: too many sides to work out keep-highest/lowest exactly") from None
    items = sorted((int(o), int(w)) for o, w in die.items() if w)
    return Distribution(str(expression), tuple(o for o, _ in items), tuple(w for _, w in items))


def die_of(expression: Expression) -> icepool.Die:
    """The icepool Die of the expression's total."""
    import icepool  # loaded when odds are first asked for, not with the system

    total: icepool.Die = icepool.Die([0])
    for sign, term in expression.terms:
        part = _term_die(term)
        total = total - part if sign < 0 else total + part
    return total


def _term_die(term: Term) -> icepool.Die:
    import icepool  # loaded when odds are first asked for, not with the system

    if isinstance(term, Modifier):
        return icepool.Die([term.value])
    if isinstance(term, D66):
        return icepool.d6 * 10 + icepool.d6
    if isinstance(term, Square):
        units = icepool.d10 - 1  # faces 0-9
        return units * 10 + units
    die = icepool.d(term.sides)
    if isinstance(term, Pool):
        hit = die.map(lambda face: 1 if term.success(face) else 0)
        return term.count @ hit
    if isinstance(term, Dice) and term.keep:
        side, k = term.keep
        pool = die.pool(term.count)
        return (pool.highest(k) if side == "h" else pool.lowest(k)).sum()
    return term.count @ die


def estimated_cost(expression: Expression) -> int:
    """A rough upper estimate in nanoseconds of what icepool needs for this expression."""
    cost = 0
    outcomes = 1
    for _, term in expression.terms:
        term_cost, term_outcomes = _term_cost(term)
        cost += term_cost + _CONVOLVE_NS * outcomes * term_outcomes
        outcomes = outcomes + term_outcomes - 1  # a sum of ranges is a range
    return cost


def _term_cost(term: Term) -> tuple[int, int]:
    """(work in ns, number of possible values) of one term."""
    if isinstance(term, Modifier):
        return 0, 1
    if isinstance(term, D66 | Square):
        return 100_000, 100
    if isinstance(term, Pool):
        return _SUM_NS * term.count ** 2, term.count + 1
    n, m = term.count, term.sides
    if term.keep:
        k = term.keep[1]
        return _KEEP_NS * n * k * m * m, k * (m - 1) + 1
    return _SUM_NS * (n * m) ** 2 // 2, n * (m - 1) + 1


def percent(p: Fraction, digits: int = 2) -> float:
    return round(float(p) * 100, digits)


__all__ = ["BUDGET_NS", "DiceError", "Distribution", "die_of", "distribution", "estimated_cost", "percent"]
