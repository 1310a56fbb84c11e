"""Rolling: every die kept for display, totals per term kind, seeded replay, and the match's roll log."""

from __future__ import annotations

import random

import pytest

from companion.core.dice.roll import DiceError, roll
from companion.core.match.events import Event, apply

from builders import SEED, match, rng_for
from dice_roll_kit import ScriptedRandom


def test_sum_of_terms_keeps_every_die() -> None:
    result = roll("2d6+1d4-2", ScriptedRandom([3, 5, 4]))
    assert result.dice == (3, 5, 4)
    assert result.total == 10
    assert result.successes is None
    assert [t.value for t in result.terms] == [8, 4, -2]
    assert result.to_json()["dice"] == [3, 5, 4]
    assert result.describe() == "2d6+1d4-2: [3, 5] +[4] -2 = 10"


def test_negative_dice_term() -> None:
    result = roll("1d20-1d6", ScriptedRandom([12, 5]))
    assert result.total == 7
    assert [(t.sign, t.value) for t in result.terms] == [(1, 12), (-1, -5)]


def test_keep_highest_and_lowest_show_dropped_dice() -> None:
    rng = ScriptedRandom([2, 5, 1, 3])
    result = roll("4d6kh3", rng)
    assert result.dice == (2, 5, 1, 3)
    assert result.total == 10
    assert result.terms[0].counted == (True, True, False, True)
    assert result.describe() == "4d6kh3: [2, 5, (1), 3] = 10"
    assert rng.asked == [(1, 6)] * 4
    assert roll("2d6kl1", ScriptedRandom([4, 2])).total == 2


def test_pool_counts_successes() -> None:
    result = roll("7d6>=5", ScriptedRandom([1, 5, 6, 4, 5, 2, 3]))
    assert result.dice == (1, 5, 6, 4, 5, 2, 3)
    assert result.successes == result.total == 3
    assert result.to_json()["successes"] == 3
    assert result.describe().endswith("= 3 successes")
    assert roll("2d6>5", ScriptedRandom([6, 1])).describe() == "2d6>5: [6*, 1] = 1 success"


def test_d66_is_tens_then_units() -> None:
    rng = ScriptedRandom([3, 5])
    result = roll("d66", rng)
    assert (result.dice, result.total) == ((3, 5), 35)
    assert rng.asked == [(1, 6), (1, 6)]


def test_square_roll_reads_two_d10s_from_zero() -> None:
    rng = ScriptedRandom([0, 7])
    result = roll("2d10sq", rng)
    assert (result.dice, result.total) == ((0, 7), 7)
    assert rng.asked == [(0, 9), (0, 9)]
    assert result.describe() == "2d10sq: [0, 7] = square 07"


def test_a_seeded_roll_replays_identically() -> None:
    first = roll("10d6+4d8kh2", random.Random(2024))
    again = roll("10d6+4d8kh2", random.Random(2024))
    assert first == again
    assert roll("10d6", rng_for(7, 3)) == roll("10d6", rng_for(7, 3))
    assert roll("10d6", rng_for(7, 3)) != roll("10d6", rng_for(7, 4))  # 6^-10 chance of a false alarm


def test_bad_notation_never_consumes_randomness() -> None:
    rng = ScriptedRandom([])
    with pytest.raises(DiceError):
        roll("2d6+", rng)
    assert rng.asked == []


def test_a_roll_is_logged_in_the_match_with_its_dice() -> None:
    state = match()
    result = roll("2d6", rng_for(SEED, 0))
    state = apply(state, Event("roll", result.event_data("attack"), by="p1", at=5.0))
    logged = state.rolls[-1]
    assert (logged.expr, logged.dice, logged.total, logged.purpose) == ("2d6", result.dice, result.total, "attack")
    assert roll(logged.expr, rng_for(SEED, 0)).dice == logged.dice  # the same seeded generator, the same dice
