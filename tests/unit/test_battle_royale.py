"""Battle Royale pods: placement points (6/4/2/1 by default, ties split), who plays first, standings by placement.
Every figure below is worked out by hand in the comments."""

from __future__ import annotations

from fractions import Fraction

import pytest

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.events import apply, replay
from companion.core.tournament.placement import DEFAULT_PLACEMENT, check_placement, placement_points
from companion.core.tournament.printout import standings_csv
from companion.core.tournament.results import describe, standings
from companion.core.tournament.state import InvalidTournament, Tournament, from_json, new_tournament, to_json

T0 = 1_800_000_000.0
EIGHT = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def ev(kind: str, **data: object) -> Event:
    return Event(kind, dict(data), "judge", T0)


def pods(placement: tuple[int, ...] = DEFAULT_PLACEMENT) -> Tournament:
    t = new_tournament("br-1", "Battle Royale", table_size=4, placement=placement, now=T0)
    return replay(t, [ev("register", players=EIGHT), ev("pair", tables=[EIGHT[:4], EIGHT[4:]]), ev("start")])


def test_ties_split_the_points_of_the_places_they_cover() -> None:
    table = DEFAULT_PLACEMENT
    assert placement_points(table, {"A": 1, "B": 2, "C": 2, "D": 4}) == {"A": 6, "B": 3, "C": 3, "D": 1}  # (4+2)/2
    assert placement_points(table, {"A": 1, "B": 2, "C": 2, "D": 2}) == {"A": 6, "B": Fraction(7, 3),
                                                                         "C": Fraction(7, 3), "D": Fraction(7, 3)}
    assert placement_points(table, {"A": 1, "B": 1, "C": 3}) == {"A": 5, "B": 5, "C": 2}  # (6+4)/2; 3rd is 2
    assert placement_points((3, 1), {"A": 1, "B": 2, "C": 3}) == {"A": 3, "B": 1, "C": 0}  # past the table: 0
    with pytest.raises(ValueError, match="1st place scoring the most"):
        check_placement((1, 4, 2))
    with pytest.raises(InvalidTournament, match="2 to 4 whole numbers"):
        new_tournament("x", "X", placement=(6,), now=T0)


def test_a_pod_is_placed_and_the_standings_rank_by_placement_points() -> None:
    t = pods()
    t = apply(t, ev("first", table=1, player="ben"))  # Ben won the roll-off
    assert t.table(1).first == "Ben"
    t = apply(t, ev("result", table=1, places={"Ann": 1, "Ben": 2, "Cat": 2, "Dan": 4}))
    t = apply(t, ev("result", table=2, places={"Eve": 1, "Fay": 2, "Gus": 3, "Hal": 4}, vp={
        "Eve": 9, "Fay": 7, "Gus": 3, "Hal": 0}))
    assert t.table(1).result.winners == ("Ann",) and t.table(1).result.how == "placement"
    assert describe(t.table(1)) == "Placed: Ann 1, Ben 2, Cat 2, Dan 4"
    # points: Ann 6, Ben 3, Cat 3, Dan 1 | Eve 6, Fay 4, Gus 2, Hal 1. Eve above Ann on VP (9 > 0), the house
    # order's next key after wins and ties; Ben and Cat share 4th, Dan and Hal share 7th (1 point, 0 VP each).
    rows = standings(t)
    assert [(r.player, r.placement, r.rank) for r in rows] == [
        ("Eve", 6, 1), ("Ann", 6, 2), ("Fay", 4, 3), ("Ben", 3, 4), ("Cat", 3, 4), ("Gus", 2, 6), ("Dan", 1, 7),
        ("Hal", 1, 7)]
    head, first = standings_csv(t).splitlines()[:2]
    assert head.startswith("rank,player,placement,wins") and first.startswith("1,Eve,6.0000,1,")
    assert from_json(to_json(t)) == t


def test_placement_refusals_say_what_is_wrong_and_change_nothing() -> None:
    t = pods()
    for places, message in [
        ({"Ann": 1, "Ben": 2, "Cat": 2}, "give a place for Dan too"),
        ({"Ann": 1, "Ben": 2, "Cat": 2, "Dan": 3}, "Dan can't be 3rd: with 3 players placed above, the place is 4th"),
        ({"Ann": 1, "Ben": 2, "Cat": 3, "Dan": 5}, "Dan's place must be a whole number from 1 to 4"),
        ({"Ann": 1, "Ben": 2, "Cat": 3, "Zed": 4}, "Zed is not seated at table 1"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            apply(t, ev("result", table=1, places=places))
    with pytest.raises(IllegalAction, match="scores by placement"):
        apply(t, ev("result", table=1, vp={"Ann": 1, "Ben": 2, "Cat": 3, "Dan": 4}))
    with pytest.raises(IllegalAction, match="Zed is not seated at table 1"):
        apply(t, ev("first", table=1, player="Zed"))
    plain = new_tournament("x-1", "Plain", now=T0)
    plain = replay(plain, [ev("seat", table=1, players=["Ann", "Ben"])])
    with pytest.raises(IllegalAction, match="no placement points"):
        apply(plain, ev("result", table=1, places={"Ann": 1, "Ben": 2}))
