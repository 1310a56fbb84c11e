"""Exact odds: checked against brute-force enumeration of every face combination, plus Hypothesis properties."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.dice.odds import BUDGET_NS, distribution, estimated_cost
from companion.core.dice.roll import DiceError, parse, roll

from dice_roll_kit import ScriptedRandom

# A term spec is independent of the parser's classes: ("dice", sign, n, m, keep), ("mod", v),
# ("pool", n, m, op, t), ("d66",), ("sq",). The brute force below evaluates specs on its own.
OPS = {">=": lambda f, t: f >= t, ">": lambda f, t: f > t, "<=": lambda f, t: f <= t, "<": lambda f, t: f < t,
       "=": lambda f, t: f == t}


def spec_text(specs: list[tuple]) -> str:
    out = ""
    for i, spec in enumerate(specs):
        if spec[0] == "mod":
            out += f"{spec[1]:+d}" if i else str(spec[1])
        elif spec[0] == "dice":
            _, sign, n, m, keep = spec
            out += ("-" if sign < 0 else "+" if i else "") + f"{n}d{m}" + (f"k{keep[0]}{keep[1]}" if keep else "")
        elif spec[0] == "pool":
            _, n, m, op, t = spec
            out += f"{n}d{m}{op}{t}"
        else:
            out += "d66" if spec[0] == "d66" else "2d10sq"
    return out


def spec_faces(specs: list[tuple]) -> list[range]:
    """The faces each die can show, in roll order."""
    faces: list[range] = []
    for spec in specs:
        if spec[0] == "dice":
            faces += [range(1, spec[3] + 1)] * spec[2]
        elif spec[0] == "pool":
            faces += [range(1, spec[2] + 1)] * spec[1]
        elif spec[0] == "d66":
            faces += [range(1, 7)] * 2
        elif spec[0] == "sq":
            faces += [range(0, 10)] * 2
    return faces


def spec_total(specs: list[tuple], faces: tuple[int, ...]) -> int:
    total, i = 0, 0
    for spec in specs:
        if spec[0] == "mod":
            total += spec[1]
        elif spec[0] == "dice":
            _, sign, n, _m, keep = spec
            mine = sorted(faces[i:i + n])
            if keep:
                mine = mine[-keep[1]:] if keep[0] == "h" else mine[:keep[1]]
            total += sign * sum(mine)
            i += n
        elif spec[0] == "pool":
            _, n, _m, op, t = spec
            total += sum(OPS[op](f, t) for f in faces[i:i + n])
            i += n
        else:
            total += 10 * faces[i] + faces[i + 1]
            i += 2
    return total


def brute_force(specs: list[tuple]) -> dict[int, Fraction]:
    combos = list(itertools.product(*spec_faces(specs)))
    counts = Counter(spec_total(specs, c) for c in combos)
    return {o: Fraction(c, len(combos)) for o, c in sorted(counts.items())}


@st.composite
def small_specs(draw: st.DrawFn) -> list[tuple]:
    """Expressions with at most 5 dice of at most 6 sides: small enough to enumerate every combination."""
    kind = draw(st.sampled_from(["sum", "sum", "sum", "pool", "d66", "sq"]))
    if kind == "d66":
        return [("d66",)]
    if kind == "sq":
        return [("sq",)]
    if kind == "pool":
        n, m = draw(st.integers(1, 5)), draw(st.integers(2, 6))
        op = draw(st.sampled_from(list(OPS)))
        t = draw(st.integers(1, m).filter(lambda t: any(OPS[op](f, t) for f in range(1, m + 1))))
        return [("pool", n, m, op, t)]
    specs: list[tuple] = []
    budget = 5
    for _ in range(draw(st.integers(1, 3))):
        if budget and draw(st.booleans()):
            n = draw(st.integers(1, budget))
            budget -= n
            keep = draw(st.one_of(st.none(), st.tuples(st.sampled_from("hl"), st.integers(1, n))))
            specs.append(("dice", draw(st.sampled_from([1, 1, -1])), n, draw(st.integers(2, 6)), keep))
        else:
            specs.append(("mod", draw(st.integers(-9, 9))))
    if budget == 5:
        specs.append(("dice", 1, 1, draw(st.integers(2, 6)), None))
    return specs


@settings(max_examples=80, deadline=None)
@given(small_specs())
def test_exact_distribution_equals_brute_force_frequencies(specs: list[tuple]) -> None:
    expected = brute_force(specs)
    dist = distribution(spec_text(specs))
    assert dist.probabilities() == expected
    # every query the app shows is the frequency over all face combinations
    for target in range(dist.minimum - 1, dist.maximum + 2):
        assert dist.at_least(target) == sum((p for o, p in expected.items() if o >= target), Fraction(0))
        assert dist.at_most(target) == sum((p for o, p in expected.items() if o <= target), Fraction(0))
        assert dist.exactly(target) == expected.get(target, Fraction(0))


@settings(max_examples=80, deadline=None)
@given(small_specs(), st.data())
def test_rolled_total_is_the_brute_force_total_of_its_faces(specs: list[tuple], data: st.DataObject) -> None:
    faces = tuple(data.draw(st.sampled_from(list(r))) for r in spec_faces(specs))
    result = roll(spec_text(specs), ScriptedRandom(faces))
    assert result.dice == faces
    assert result.total == spec_total(specs, faces)


def expressions() -> st.SearchStrategy[str]:
    """Larger expressions (still cheap to compute exactly)."""
    dice = st.builds(lambda n, m: f"{n}d{m}", st.integers(1, 12), st.sampled_from([2, 3, 4, 6, 8, 10, 12, 20]))
    keep = st.builds(lambda n, m, k, s: f"{n}d{m}k{s}{min(k, n)}", st.integers(2, 6), st.sampled_from([6, 10]),
                     st.integers(1, 5), st.sampled_from("hl"))
    mod = st.integers(-20, 20).map(str)
    sums = st.lists(st.one_of(dice, keep, mod), min_size=1, max_size=4).map(lambda ts: "+".join(ts) + "+1d6")
    pools = st.builds(lambda n, m, t: f"{n}d{m}>={t}", st.integers(1, 30), st.just(10), st.integers(1, 10))
    return st.one_of(sums, pools, st.just("d66"), st.just("2d10sq")).map(lambda s: s.replace("+-", "-"))


@settings(max_examples=60, deadline=None)
@given(expressions())
def test_probabilities_sum_to_one(expr: str) -> None:
    dist = distribution(expr)
    probabilities = dist.probabilities()
    assert sum(probabilities.values()) == 1
    assert all(p > 0 for p in probabilities.values())
    assert dist.at_least(dist.minimum) == 1 and dist.at_least(dist.maximum + 1) == 0


@settings(max_examples=60, deadline=None)
@given(expressions(), st.integers(0, 2**32 - 1))
def test_seeded_rolls_replay_and_lie_in_the_support(expr: str, seed: int) -> None:
    first = roll(expr, random.Random(seed))
    assert roll(expr, random.Random(seed)) == first
    dist = distribution(expr)
    assert dist.exactly(first.total) > 0


@settings(max_examples=40, deadline=None)
@given(expressions())
def test_canonical_text_means_the_same_roll(expr: str) -> None:
    expression = parse(expr)
    assert parse(str(expression)) == expression
    assert distribution(str(expression)) == distribution(expression)


def test_known_values() -> None:
    assert distribution("2d6").at_least(10) == Fraction(1, 6)
    assert distribution("2d6").exactly(7) == Fraction(1, 6)
    assert distribution("3d6").at_least(11) == Fraction(1, 2)
    assert distribution("4d6kh3").mean == Fraction(15869, 1296)
    assert distribution("2d20kh1").at_least(20) == Fraction(39, 400)
    # 1 - (2^7 + 7*2^6 + 21*2^5) / 3^7: fewer than 3 successes at 1/3 each
    assert distribution("7d6>=5").at_least(3) == Fraction(313, 729)
    d66 = {10 * a + b: Fraction(1, 36) for a in range(1, 7) for b in range(1, 7)}
    assert distribution("d66").probabilities() == d66
    assert distribution("2d10sq").probabilities() == {n: Fraction(1, 100) for n in range(100)}


def test_large_but_reasonable_expressions_are_exact() -> None:
    dist = distribution("100d6")
    assert (dist.minimum, dist.maximum, dist.mean) == (100, 600, 350)
    assert sum(dist.weights) == 6**100


@pytest.mark.parametrize("expr", ["100d100", "100d1000", "100d10kh99", "50d100kh5", "3d1000kh2"])
def test_too_costly_distributions_are_refused_not_computed(expr: str) -> None:
    assert estimated_cost(parse(expr)) > BUDGET_NS
    with pytest.raises(DiceError, match="too many possible results"):
        distribution(expr)
    assert roll(expr, random.Random(1)).total > 0  # rolling stays possible
