"""The dice notation parser: what it reads, its canonical form, and the messages for what it refuses."""

from __future__ import annotations

import pytest

from companion.core.dice.notation import D66, Dice, DiceError, Modifier, Pool, Square, parse
from companion.core.errors import CompanionError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2d6", "2d6"),
        ("d6", "1d6"),
        ("2D6 + 1d4 - 2", "2d6+1d4-2"),
        ("  3d6-1d4+2-1 ", "3d6-1d4+2-1"),
        ("-2+d6", "-2+1d6"),
        ("+d20", "1d20"),
        ("4d6kh3", "4d6kh3"),
        ("4d6k3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("3d6kh3", "3d6"),  # keeping every die is a plain sum
        ("7d6>=5", "7d6>=5"),
        ("7d6 >= 5", "7d6>=5"),
        ("5d10>8", "5d10>8"),
        ("4d6<=2", "4d6<=2"),
        ("3d6<2", "3d6<2"),
        ("3d6=6", "3d6=6"),
        ("d66", "d66"),
        ("1d66", "d66"),
        ("D66", "d66"),
        ("2d10sq", "2d10sq"),
        ("100d6", "100d6"),
        ("1d1000", "1d1000"),
        ("50d6+50d6", "50d6+50d6"),
    ],
)
def test_reads_and_writes_canonical_notation(text: str, canonical: str) -> None:
    expression = parse(text)
    assert str(expression) == canonical
    assert parse(canonical) == expression


def test_terms_carry_their_parts() -> None:
    assert parse("2d6+1d4-2").terms == ((1, Dice(2, 6)), (1, Dice(1, 4)), (1, Modifier(-2)))
    assert parse("-1d4").terms == ((-1, Dice(1, 4)),)
    assert parse("4d6kh3").terms == ((1, Dice(4, 6, ("h", 3))),)
    assert parse("2d6kl1").terms == ((1, Dice(2, 6, ("l", 1))),)
    assert parse("7d6>=5").terms == ((1, Pool(7, 6, ">=", 5)),)
    assert parse("d66").terms == ((1, D66()),)
    assert parse("2d10sq").terms == ((1, Square()),)
    assert parse("7d6>=5").is_pool and not parse("2d6").is_pool


def test_pool_success_faces() -> None:
    assert Pool(7, 6, ">=", 5).success_faces == (5, 6)
    assert Pool(7, 6, ">", 5).success_faces == (6,)
    assert Pool(3, 6, "<=", 2).success_faces == (1, 2)
    assert Pool(3, 6, "<", 2).success_faces == (1,)
    assert Pool(3, 6, "=", 4).success_faces == (4,)


def test_keep_marks_highest_and_lowest_with_ties_to_the_earlier_die() -> None:
    assert Dice(4, 6, ("h", 3)).kept((2, 5, 1, 3)) == (True, True, False, True)
    assert Dice(4, 6, ("l", 1)).kept((2, 5, 1, 3)) == (False, False, True, False)
    assert Dice(3, 6, ("h", 1)).kept((4, 6, 6)) == (False, True, False)
    assert Dice(2, 6).kept((1, 2)) == (True, True)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "no dice to roll"),
        ("   ", "no dice to roll"),
        ("2d", "needs a number of sides"),
        ("d", "needs a number of sides"),
        ("0d6", "at least one die"),
        ("101d6", "at most 100 dice"),
        ("60d6+41d6", "at most 100 dice in one expression"),
        ("2d1", "2 to 1000 sides, not 1"),
        ("2d0", "2 to 1000 sides, not 0"),
        ("1d1001", "2 to 1000 sides, not 1001"),
        ("4d6kh5", "keep 1 to 4 of 4 dice, not 5"),
        ("4d6kh0", "keep 1 to 4 of 4 dice, not 0"),
        ("4d6kh", "how many dice to keep"),
        ("7d6>=7", "could never succeed"),
        ("7d6<1", "could never succeed"),
        ("7d6>=", "success threshold"),
        ("2d6 3", "put + or - between terms"),
        ("2d6++1", "expected a number or dice"),
        ("2d6+", "ends with a sign"),
        ("-", "ends with a sign"),
        ("x", "expected a number or dice"),
        ("2d6*2", "expected + or - between terms"),
        ("d6d6", "expected + or - between terms"),
        ("5", "has no dice in it"),
        ("3-1", "has no dice in it"),
        ("2d6+10001", "modifiers go up to 10000"),
        ("99999999999d6", "far too large"),
        ("d66+1", "d66 is read as two digits"),
        ("2d66", "write just d66"),
        ("d66kh1", "write just d66"),
        ("-d66", "can't be negated"),
        ("2d10sq+1", "square number"),
        ("3d10sq", "write 2d10sq"),
        ("2d6sq", "write 2d10sq"),
        ("7d6>=5+1", "success pool counts dice"),
        ("1d6+2d6>=5", "success pool counts dice"),
        ("+".join(["1d6"] * 21), "at most 20 terms"),
        ("1d6+" * 60 + "1", "too long"),
    ],
)
def test_refuses_bad_notation_with_a_helpful_message(text: str, message: str) -> None:
    with pytest.raises(DiceError) as info:
        parse(text)
    assert message in str(info.value)
    assert isinstance(info.value, CompanionError)


def test_refuses_non_text() -> None:
    with pytest.raises(DiceError, match="must be text"):
        parse(26)  # type: ignore[arg-type]
