"""Top cut: a top 8 (and a top 4) seeded by the Swiss standings, played down to the winner with round clocks;
the Swiss standings stop at the cut; refusals say why and store nothing."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalAction
from companion.core.tournament.cut import bracket_lines, stage
from companion.core.tournament.results import standings
from companion.core.tournament.state import from_json, to_json
from companion.session.judging.printout import pairings_html, standings_html
from companion.session.judging.service import Judging

T0 = 1_800_000_000.0
NAMES = [f"P{i:02}" for i in range(12)]


def swiss(rounds: int) -> tuple[Judging, str]:
    """Twelve players, `rounds` Swiss rounds played (the first seat wins each table, higher VP)."""
    store = Judging(None)
    tid = store.new_swiss("Cut Night", NAMES, chance=random.Random(3), now=T0).id
    for number in range(rounds):
        if number:
            store.write(tid, "next_round", {}, random.Random(number), now=T0)
        play(store, tid)
    return store, tid


def play(store: Judging, tid: str, vp: tuple[int, int] = (12, 5)) -> None:
    t = store.write(tid, "start", {}, now=T0)
    for tb in t.tables:
        store.write(tid, "result", {"table": tb.number, "vp": dict(zip(tb.players, vp, strict=True))}, now=T0)


def test_a_top_8_is_seeded_by_the_standings_and_played_to_a_winner() -> None:
    store, tid = swiss(3)
    before = standings(store.load(tid).state)
    seeds = [r.player for r in before[:8]]
    t = store.write(tid, "cut", {"size": 8}, now=T0)
    assert t.cut == tuple(seeds) and stage(t) == "top 8 quarterfinal" and t.current.number == 4
    # 1-8, 4-5, 2-7, 3-6: seeds 1 and 2 can only meet in the final
    assert [tb.players for tb in t.tables] == [(seeds[0], seeds[7]), (seeds[3], seeds[4]), (seeds[1], seeds[6]),
                                                (seeds[2], seeds[5])]
    assert all(tb.timer.duration == t.round_seconds for tb in t.tables)  # each game has its clock
    play(store, tid, (4, 9))  # the lower seed wins every quarterfinal
    t = store.write(tid, "next_round", {}, now=T0)
    assert stage(t) == "semifinal" and [tb.players for tb in t.tables] == [(seeds[7], seeds[4]),
                                                                           (seeds[6], seeds[5])]
    play(store, tid, (7, 7))  # ties at time: the higher seed goes through (seeds 5 and 6)
    t = store.write(tid, "next_round", {}, now=T0)
    assert stage(t) == "final" and t.tables[0].players == (seeds[4], seeds[5])
    play(store, tid)
    with pytest.raises(IllegalAction, match=f"the final is played: {seeds[4]} wins the event"):
        store.write(tid, "next_round", {}, now=T0)
    t = store.load(tid).state
    assert standings(t) == before  # the Swiss standings stop at the cut
    lines = bracket_lines(t)
    assert len(lines) == 7 and lines[0] == f"Top 8 quarterfinal · table 1: (1) {seeds[0]} 4 - 9 (8) {seeds[7]}: " \
                                           f"{seeds[7]} through"
    assert lines[-1].endswith(f"{seeds[4]} wins the event") and "Final" in standings_html(t)
    assert "final" in pairings_html(t, game="HeroClix Skirmish 300") and from_json(to_json(t)) == t


def test_a_top_4_and_what_is_refused() -> None:
    store, tid = swiss(2)
    with pytest.raises(IllegalAction, match="top 4 or 8"):
        store.write(tid, "cut", {"size": 6}, now=T0)
    store.write(tid, "next_round", {}, random.Random(9), now=T0)
    with pytest.raises(IllegalAction, match="enter the results of tables 1, 2"):
        store.write(tid, "cut", {"size": 4}, now=T0)
    play(store, tid)
    t = store.write(tid, "cut", {"size": 4}, now=T0)
    assert stage(t) == "top 4 semifinal" and len(t.tables) == 2
    semi = t.tables[0].players
    play(store, tid)
    store.write(tid, "next_round", {}, now=T0)
    for kind, data, message in [("cut", {"size": 4}, "already has its top cut"),
                                ("register", {"player": "Late"}, "the top cut has started"),
                                ("next_round", {"tables": [list(semi)]}, "the bracket seats its own next round"),
                                ("result", {"round": 4, "table": 1, "vp": {semi[0]: 1, semi[1]: 2}},
                                 "can't change once the bracket has moved on")]:
        with pytest.raises(IllegalAction, match=message):
            store.write(tid, kind, data, now=T0)
    few_store, few = swiss(1)
    for name in NAMES[:6]:
        few_store.write(few, "drop", {"player": name}, now=T0)
    with pytest.raises(IllegalAction, match="a top 8 needs 8 players still in the event; there are 6"):
        few_store.write(few, "cut", {"size": 8}, now=T0)
