"""Tiebreak presets against worked examples computed by hand (byes, a drop, ties): HeroClix's HCUnits order,
Magic's match points, and the app's own first order."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.events import apply, replay
from companion.core.tournament.printout import standings_csv
from companion.core.tournament.results import BYE_VP, standings
from companion.core.tournament.state import InvalidTournament, Tournament, from_json, new_tournament, to_json
from companion.session.judging.printout import pairings_html

T0 = 1_800_000_000.0


def ev(kind: str, **data: object) -> Event:
    return Event(kind, dict(data), "judge", T0)


def example(order: str) -> Tournament:
    """Two rounds, five players. Round 1: Ann 12-5 Ben, Cat 7-7 Dan (a tie at time), Eve has the bye.
    Round 2: Eve 15-8 Ann (target), Ben 15-3 Cat (target), Dan has the bye. Then Dan drops."""
    t = new_tournament("ex-1", "Worked example", tiebreaks=order, now=T0)
    t = replay(t, [ev("register", player=p) for p in ("Ann", "Ben", "Cat", "Dan", "Eve")])
    return replay(t, [
        ev("pair", tables=[["Ann", "Ben"], ["Cat", "Dan"]], byes=["Eve"]), ev("start"),
        ev("result", table=1, vp={"Ann": 12, "Ben": 5}), ev("result", table=2, vp={"Cat": 7, "Dan": 7}),
        ev("next_round", tables=[["Ann", "Eve"], ["Ben", "Cat"]], byes=["Dan"]), ev("start"),
        ev("result", table=1, vp={"Ann": 8, "Eve": 15}), ev("result", table=2, vp={"Ben": 15, "Cat": 3}),
        ev("drop", player="Dan")])


def by_player(t: Tournament) -> dict[str, object]:
    return {r.player: r for r in standings(t)}


# By hand, every order alike (a bye is a win worth BYE_VP = 10):
#   Ann  W1 L1      VP 12+8 = 20     match points 3   met Ben, Eve
#   Ben  W1 L1      VP 5+15 = 20     match points 3   met Ann, Cat
#   Cat  T1 L1      VP 7+3 = 10      match points 1   met Dan, Ben
#   Dan  T1 + bye   VP 7+10 = 17     match points 4   met Cat        (dropped: still Cat's opponent)
#   Eve  bye + W1   VP 10+15 = 25    match points 6   met Ann


def test_magic_order_match_points_then_opponents_match_win_rate() -> None:
    # match-win rate = points / (3 x rounds, byes included), floored at 0.33 (the tournament rules' number, not 1/3):
    #   Ann 3/6 = 1/2, Ben 1/2, Cat 1/6 -> 0.33, Dan 4/6 = 2/3, Eve 6/6 = 1
    # OMW%: Ann (Ben 1/2 + Eve 1) / 2 = 3/4; Ben (Ann 1/2 + Cat 0.33) / 2 = 0.415; Cat (Dan 2/3 + Ben 1/2) / 2 = 7/12;
    #       Dan (Cat 0.33) = 0.33; Eve (Ann 1/2) = 1/2
    # order: Eve 6 pts, Dan 4 (a tie and a bye beat Ann's win and loss), Ann 3 / Ben 3 split by OMW 3/4 > 5/12, Cat 1
    rows = standings(example("magic"))
    assert [r.player for r in rows] == ["Eve", "Dan", "Ann", "Ben", "Cat"]
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5] and not any(r.tied for r in rows)
    got = {r.player: r for r in rows}
    for player, omw in {"Ann": Fraction(3, 4), "Ben": Fraction(83, 200), "Cat": Fraction(7, 12),
                        "Dan": Fraction(33, 100), "Eve": Fraction(1, 2)}.items():
        assert got[player].opp_strength == round(float(omw), 4)
    assert [got[p].points for p in ("Eve", "Dan", "Ann", "Ben", "Cat")] == [6, 4, 3, 3, 1]
    assert got["Dan"].dropped and got["Dan"].byes == 1 and got["Dan"].vp == 7 + BYE_VP


def test_heroclix_order_wins_score_then_opponents_win_rate_without_byes() -> None:
    # wins, a bye counting: Eve 2; Ann, Ben, Dan 1; Cat 0. Score (VP): Ann 20, Ben 20, Dan 17.
    # opponents' win %: each opponent's wins / games at a table (byes left out), floored at 30 %:
    #   Ann 1/2, Ben 1/2, Cat 0/2 -> 3/10, Dan 0/1 -> 3/10, Eve 1/1 = 1
    # Ann (Ben 1/2 + Eve 1) / 2 = 3/4 beats Ben (Ann 1/2 + Cat 3/10) / 2 = 2/5
    # average opponent score: Ann (20 + 25) / 2 = 22.5, Ben (20 + 10) / 2 = 15, Cat (17 + 20) / 2 = 18.5,
    #   Dan 10, Eve 20
    rows = standings(example("heroclix"))
    assert [r.player for r in rows] == ["Eve", "Ann", "Ben", "Dan", "Cat"]
    got = {r.player: r for r in rows}
    assert {p: got[p].opp_win for p in got} == {"Ann": 0.75, "Ben": 0.4, "Cat": 0.4, "Dan": 0.3, "Eve": 0.5}
    assert {p: got[p].opp_score for p in got} == {"Ann": 22.5, "Ben": 15, "Cat": 18.5, "Dan": 10, "Eve": 20}
    assert got["Eve"].wins == 2 and got["Dan"].wins == 1  # byes counted as wins


def test_house_order_keeps_wins_ties_vp() -> None:
    # wins: Eve 2; then Dan (1 win and a tie) above Ann and Ben (1 win, no tie); Ann over Ben on opponents' strength
    rows = standings(example("house"))
    assert [r.player for r in rows] == ["Eve", "Dan", "Ann", "Ben", "Cat"]


def test_heroclix_falls_through_to_average_opponent_score_and_shares_what_stays_equal() -> None:
    # One round: Ann 10-4 Ben, Cat 10-6 Dan. Ann and Cat: one win, score 10, opponents' win % both 0 -> 30 %;
    # average opponent score Ben 4 < Dan 6: Cat first. Dan above Ben on score (6 > 4).
    t = new_tournament("ex-2", "Second example", tiebreaks="heroclix", now=T0)
    t = replay(t, [*(ev("register", player=p) for p in ("Ann", "Ben", "Cat", "Dan")),
                   ev("pair", tables=[["Ann", "Ben"], ["Cat", "Dan"]]), ev("start"),
                   ev("result", table=1, vp={"Ann": 10, "Ben": 4}), ev("result", table=2, vp={"Cat": 10, "Dan": 6})])
    assert [r.player for r in standings(t)] == ["Cat", "Ann", "Dan", "Ben"]
    # Magic: 3 points each, both OMW 1/3 (floored), both 10 VP: Ann and Cat share first
    rows = standings(apply(t, ev("tiebreaks", preset="magic")))
    assert [(r.rank, r.tied) for r in rows[:2]] == [(1, True), (1, True)] and rows[2].player == "Dan"


def test_the_order_is_stored_changed_and_said_on_every_export() -> None:
    t = example("heroclix")
    assert from_json(to_json(t)).tiebreaks == "heroclix"
    with pytest.raises(IllegalAction, match="choose one of house, heroclix, magic"):
        apply(t, ev("tiebreaks", preset="chess"))
    with pytest.raises(InvalidTournament, match="tiebreak order"):
        from_json({**to_json(t), "tiebreaks": "chess"})
    head, first = standings_csv(t).splitlines()[:2]
    assert head.split(",")[:4] == ["rank", "player", "wins", "losses"] and "opp_win" in head and "order" in head
    assert first.startswith("1,Eve,2,0,") and first.endswith(",heroclix")
    magic = apply(t, ev("tiebreaks", preset="magic"))
    assert standings_csv(magic).splitlines()[0].split(",")[2] == "points"
    assert "match points (3 a win or bye, 1 a tie)" in pairings_html(magic, game="HeroClix Skirmish 300")
    old = to_json(t)
    del old["tiebreaks"]
    assert from_json(old).tiebreaks == "house"  # events stored before presets keep the first order
