"""A past round's result corrected after the next round is seated, and a late entry: through the judge's service
(what `judge result --round` and `judge player add` call), on an event stored in memory."""

from __future__ import annotations

import random

import pytest

from companion.core.errors import IllegalAction
from companion.core.tournament.results import standings
from companion.session.judging.service import Judging

T0 = 1_800_000_000.0


def event(players: list[str]) -> tuple[Judging, str]:
    store = Judging(None)
    t = store.new_swiss("Friday", players, chance=random.Random(1), now=T0)
    return store, t.id


def play(store: Judging, tid: str, winners: list[str]) -> None:
    """Every table of the round: the named winner 12, the other 5."""
    t = store.load(tid).state
    if not all(tb.started for tb in t.tables):
        store.write(tid, "start", {}, now=T0)
    for tb in t.tables:
        top = next(p for p in tb.players if p in winners)
        store.write(tid, "result", {"table": tb.number, "vp": {p: 12 if p == top else 5 for p in tb.players}},
              now=T0)


def test_a_round_one_result_corrected_after_round_two_is_seated() -> None:
    store, tid = event(["Ann", "Ben", "Cat", "Dan"])
    r1 = store.load(tid).state.tables
    first = r1[0].players
    play(store, tid, [first[0], r1[1].players[0]])  # the first seat of each table wins round 1
    store.write(tid, "next_round", {}, random.Random(2), now=T0)
    seated = store.load(tid).state.tables
    # the slip was wrong: round 1 table 1's second player won 14-6
    fixed = {first[0]: 6, first[1]: 14}
    t = store.write(tid, "result", {"round": 1, "table": 1, "vp": fixed}, now=T0)
    assert t.rounds[0].tables[0].result.winners == (first[1],) and t.tables == seated  # round 2 stands
    logged = store.load(tid).log[-1]
    assert logged.data["was"] == {first[0]: 12, first[1]: 5} and logged.data["vp"] == fixed  # old and new kept
    rows = {r.player: r for r in standings(t)}
    assert (rows[first[1]].wins, rows[first[1]].vp, rows[first[0]].wins) == (1, 14, 0)
    # round 2: whoever sits first at each table wins; the round-3 pairing follows the corrected standings
    play(store, tid, [tb.players[0] for tb in seated])
    t = store.write(tid, "next_round", {}, random.Random(3), now=T0)
    leader = standings(t)[0].player
    assert standings(t)[0].wins == 2 and leader in t.tables[0].players  # the corrected leader sits at table 1
    met = {frozenset(tb.players) for r in t.rounds[:-1] for tb in r.tables}
    assert not any(frozenset(tb.players) in met for tb in t.tables)  # and nobody meets again


def test_a_correction_refuses_a_stale_or_wrong_table_and_keeps_everything() -> None:
    store, tid = event(["Ann", "Ben", "Cat", "Dan"])
    play(store, tid, [tb.players[0] for tb in store.load(tid).state.tables])
    store.write(tid, "next_round", {}, random.Random(2), now=T0)
    before = store.load(tid)
    a, b = before.state.rounds[0].tables[0].players
    with pytest.raises(IllegalAction, match="no longer what this correction replaces"):
        store.write(tid, "result", {"round": 1, "table": 1, "vp": {a: 1, b: 2}, "was": {a: 1, b: 1}}, now=T0)
    with pytest.raises(IllegalAction, match="there was no table 9 in round 1"):
        store.write(tid, "result", {"round": 1, "table": 9, "vp": {a: 1, b: 2}}, now=T0)
    with pytest.raises(IllegalAction, match="the round is a number from 1 to 2"):
        store.write(tid, "result", {"round": 5, "table": 1, "vp": {a: 1, b: 2}}, now=T0)
    with pytest.raises(IllegalAction, match="not seated at table 1"):
        store.write(tid, "result", {"round": 1, "table": 1, "vp": {"Zed": 1, b: 2}}, now=T0)
    assert store.load(tid).log == before.log


def test_a_late_entry_at_round_two_plays_from_round_two_with_round_one_lost() -> None:
    store, tid = event(["Ann", "Ben", "Cat", "Dan", "Eve"])
    store.write(tid, "start", {}, now=T0)
    t = store.write(tid, "register", {"player": "Fay"}, now=T0)  # round 1 is running: Fay joins at round 2
    assert "Fay" not in (*t.current.seated, *t.current.byes) and t.joined == {"Fay": 2}
    play(store, tid, [tb.players[0] for tb in t.tables])
    rows = {r.player: r for r in standings(store.load(tid).state)}
    assert (rows["Fay"].played, rows["Fay"].losses, rows["Fay"].missed, rows["Fay"].vp) == (1, 1, 1, 0)
    t = store.write(tid, "next_round", {}, random.Random(4), now=T0)
    assert "Fay" in t.current.seated and not t.current.byes  # six players now: three tables, no bye
    rows = {r.player: r for r in standings(t)}
    assert rows["Fay"].missed == 1 and rows["Fay"].losses == 1 and rows["Fay"].rank == len(rows)


def test_a_late_entry_before_a_rounds_clocks_start_is_seated_in_it() -> None:
    store, tid = event(["Ann", "Ben", "Cat", "Dan"])
    play(store, tid, [tb.players[0] for tb in store.load(tid).state.tables])
    store.write(tid, "next_round", {}, random.Random(2), now=T0)
    t = store.write(tid, "register", {"player": "Fay"}, random.Random(5), now=T0)  # round 2 not started
    assert t.joined == {"Fay": 2} and t.current.byes == ("Fay",)  # re-paired: the lowest (0 wins, 1 missed) sits out
    assert {r.player: r.missed for r in standings(t)}["Fay"] == 1
