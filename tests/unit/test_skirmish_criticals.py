"""HeroClix Skirmish criticals (issue 40): the seed plays by the standard HeroClix rules except where it says
otherwise, and it says nothing about the attack roll, so HeroClix's core rule holds. Two 6s hit whatever the
numbers and deal 1 more damage; two 1s miss whatever the numbers and then deal the attacker 1 unavoidable damage.
Odds, resolution, the result's words, the log and the advisor all count them."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from companion.core.match.describe import describe
from companion.core.match.events import replay
from companion.core.model import Match
from companion.rules import Action
from companion.rules.advice import ScriptedDice
from companion.session import Session

from builders import dial, unit
from skirmish_rules_kit import SKIRMISH, skirmish


def fighter(uid: str, owner: str, attack: int, defense: int, damage: int = 2, clicks: int = 4) -> dict[str, object]:
    return unit(uid, owner, dial=dial(*[(8, attack, defense, damage)] * clicks))


def duel(attack: int, defense: int, clicks: int = 4) -> Match:
    """Ann's Cap (attack `attack`, damage 2) against Ben's Hulk (defense `defense`) and his bystander."""
    return skirmish(fighter("cap", "p1", attack, 15, clicks=clicks), fighter("thor", "p1", 9, 15),
                    fighter("hulk", "p2", 8, defense), fighter("loki", "p2", 8, 16))


def rolled(state: Match, *dice: int, **params: object):  # type: ignore[no-untyped-def]
    res = SKIRMISH.resolve(state, Action("attack", "cap", {"target": "hulk", **params}), ScriptedDice(dice))
    return res, replay(state, list(res.events))


@pytest.mark.parametrize(("attack", "defense", "chance", "words"), [
    (3, 17, Fraction(1, 36), "hits only on two 6s (a critical hit)"),
    (14, 16, Fraction(35, 36), "hits on any roll but two 1s (a critical miss)"),
    (10, 16, Fraction(26, 36), "needs 6+ on 2d6"),
    (8, 20, Fraction(1, 36), "needs 12+ on 2d6"),
    (8, 11, Fraction(35, 36), "needs 3+ on 2d6"),
])
def test_the_odds_count_two_6s_and_two_1s(attack: int, defense: int, chance: Fraction, words: str) -> None:
    odds = SKIRMISH.odds(duel(attack, defense), Action("attack", "cap", {"target": "hulk"}))
    assert odds is not None and odds.chance == chance
    assert odds.text.startswith(f"attack {attack} vs defense {defense}: {words}, {chance.numerator}/"
                                f"{chance.denominator}")


def test_two_1s_miss_whatever_the_numbers_and_deal_the_attacker_1_unavoidable_damage() -> None:
    """Attack 14 against defense 16 needs 2: a roll of [1, 1] still misses, and Cap takes 1 click."""
    state = duel(14, 16)
    res, after = rolled(state, 1, 1)
    assert res.success is False and "criticals" in res.rules
    assert after.unit("hulk").click == 0 and after.unit("cap").click == 1
    assert after.player("p1").vp == 0 and after.player("p2").vp == 0  # only the active player scores, not for its own
    assert res.summary.startswith("Unit cap attacks Unit hulk: 2d6: [1, 1] = 2, critical miss (two 1s); "
                                  "Unit cap takes 1 click")
    assert "two 1s: a critical miss" in res.details[0] and "HeroClix's core rules" in res.details[0]
    roll_event = next(e for e in res.events if e.type == "roll")
    assert describe(state, roll_event).count("critical miss") == 1  # the log says it with the dice


def test_two_6s_hit_whatever_the_numbers_and_deal_1_more_damage() -> None:
    """Attack 3 against defense 17 can't reach it: [6, 6] hits anyway, for 2 + 1 clicks and 3 victory points."""
    state = duel(3, 17)
    res, after = rolled(state, 6, 6)
    assert res.success is True and "criticals" in res.rules
    assert after.unit("hulk").click == 3 and after.player("p1").vp == 3 and after.unit("cap").click == 0
    assert "critical hit (two 6s): Unit hulk takes 3 click" in res.summary
    assert "two 6s: a critical hit" in res.details[0]
    roll_event = next(e for e in res.events if e.type == "roll")
    assert "critical hit" in describe(state, roll_event)


def test_a_critical_hit_keeps_the_first_round_reduction_and_a_plain_roll_says_nothing_of_criticals() -> None:
    """Ben's reduction by 2 (Ann's first round) comes off the critical hit's 3: Hulk takes 1 click."""
    state = duel(10, 16)
    res, after = rolled(state, 6, 6, reduce=True)
    assert after.unit("hulk").click == 1 and after.player("p1").vp == 1
    plain, _ = rolled(state, 5, 6)
    assert plain.success is True and not any("critical" in d for d in plain.details)
    assert "criticals" not in plain.rules and "critical" not in plain.summary


def test_a_critical_miss_that_kos_the_last_attacker_hands_the_win_to_the_other_player() -> None:
    """Cap on its last live click, Ann's only character: its critical miss KOs it, and Ben is the last standing."""
    state = skirmish(fighter("cap", "p1", 9, 15, clicks=1), fighter("hulk", "p2", 8, 16))
    res, after = rolled(state, 1, 1)
    assert after.unit("cap").eliminated and after.status == "finished" and after.winners == ("p2",)
    assert "KO'd" in res.summary
    assert [e.type for e in res.events].count("token") == 1  # a KO'd attacker gets no first-round token


def test_the_advisor_weighs_each_critical_and_session_act_agrees(tmp_path: Path) -> None:
    """Attack 3 against defense 17: only the critical hit scores: 3 points, 1 time in 36 (the advisor)."""
    state = duel(3, 17)
    branches = {b.label: b for b in SKIRMISH.outcomes(state, Action("attack", "cap", {"target": "hulk"})) or ()}
    assert {k: b.chance for k, b in branches.items()} == {"critical miss": Fraction(1, 36),
                                                         "miss": Fraction(34, 36), "critical hit": Fraction(1, 36)}
    session = Session.open(tmp_path)
    made = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    for data in (fighter("cap", "p1", 3, 15), fighter("hulk", "p2", 8, 17)):
        session.dispatch(made.id, "add_unit", {"unit": data})
    advice = session.advise(made.id)
    move = next(m for m in advice.moves if m.action.unit == "cap" and m.action.params.get("target") == "hulk")
    assert move.data["hit"]["exact"] == "1/36" and move.data["points"]["exact"] == "1/12"  # 3 points, 1 in 36
    res, _ = session.act(made.id, Action("attack", "cap", {"target": "hulk"}), rng=ScriptedDice((6, 6)))
    after = session.state(made.id)
    assert res.success and after.unit("hulk").click == 3 and after.player("p1").vp == 3
