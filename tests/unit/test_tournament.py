"""The pure tournament core: seating, clocks (start/pause/resume/extend), results, standings, CSV, JSON."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalAction
from companion.core.match import timers
from companion.core.match.events import Event
from companion.core.tournament.events import apply, replay
from companion.core.tournament.results import describe, results_csv, standings
from companion.core.tournament.state import InvalidTournament, Tournament, from_json, new_tournament, to_json

T0 = 1_800_000_000.0


def ev(kind: str, at: float = T0, **data: object) -> Event:
    return Event(kind, dict(data), "judge", at)


def seated(*tables: list[str], minutes: float = 30) -> Tournament:
    t = new_tournament("ev-1", "Friday Skirmish", build=300, round_seconds=minutes * 60, now=T0)
    return replay(t, [ev("seat", table=n, players=p) for n, p in enumerate(tables, 1)])


def left(t: Tournament, number: int, at: float) -> float:
    return timers.remaining(t.table(number).timer, at)


# --- making and seating --------------------------------------------------------------------------------


def test_new_event_defaults_follow_skirmish() -> None:
    t = new_tournament("ev-1", "  Friday  ", now=T0)
    assert (t.name, t.build, t.round_seconds, t.marks) == ("Friday", 300, 1800.0, (600.0, 300.0, 60.0))
    assert t.current.number == 1 and t.tables == ()


@pytest.mark.parametrize("kwargs, message", [
    ({"build": 0}, "whole number of points"),  # which totals a game has is its pack's to say (test_event_games)
    ({"game": "Halo ActionClix"}, "not a game's id"),
    ({"round_seconds": 10}, "between 1 minute"),
    ({"marks": (0,)}, "above zero"),
    ({"marks": (1800,)}, "within the round"),
])
def test_bad_event_settings_are_refused(kwargs: dict, message: str) -> None:
    with pytest.raises(InvalidTournament, match=message):
        new_tournament("ev-1", "Friday", now=T0, **kwargs)


def test_marks_are_sorted_latest_last() -> None:
    assert new_tournament("ev-1", "F", marks=[60, 300, 600, 300], now=T0).marks == (600.0, 300.0, 60.0)


def test_seating_rules() -> None:
    t = seated(["Ann", "Ben"], ["Cat", "Dan", "Eve"])
    assert [tb.players for tb in t.tables] == [("Ann", "Ben"), ("Cat", "Dan", "Eve")]
    for bad, message in [
        (ev("seat", table=3, players=["Solo"]), "seats 2 to 4"),
        (ev("seat", table=3, players=["A", "B", "C", "D", "E"]), "seats 2 to 4"),
        (ev("seat", table=3, players=["ann", "Fay"]), "already seated at table 1"),
        (ev("seat", table=3, players=["Fay", "fay"]), "seated twice"),
        (ev("seat", table=0, players=["Fay", "Gus"]), "table number"),
        (ev("seat", table=3, players=["Fay", " "]), "name of 1 to"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            apply(t, bad)
    reseated = apply(t, ev("seat", table=1, players=["Ann", "Gus"]))  # before the start: fine
    assert reseated.table(1).players == ("Ann", "Gus")
    started = apply(t, ev("start", tables=[1]))
    with pytest.raises(IllegalAction, match="already playing"):
        apply(started, ev("seat", table=1, players=["Ann", "Gus"]))
    with pytest.raises(IllegalAction, match="already playing"):
        apply(started, ev("unseat", table=1))
    assert [tb.number for tb in apply(started, ev("unseat", table=2)).tables] == [1]


# --- clocks --------------------------------------------------------------------------------------------


def test_start_all_then_late_seating_starts_one() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan"]), ev("start", at=T0))
    assert all(tb.started and tb.timer.deadline == T0 + 1800 for tb in t.tables)
    t = apply(t, ev("seat", at=T0 + 240, table=3, players=["Eve", "Fay"]))  # late arrivals
    assert not t.table(3).started and left(t, 3, T0 + 600) == 1800
    t = apply(t, ev("start", at=T0 + 300, tables=[3]))
    assert left(t, 1, T0 + 600) == 1200 and left(t, 3, T0 + 600) == 1500
    with pytest.raises(IllegalAction, match="no table waiting"):
        apply(t, ev("start", at=T0 + 301))
    with pytest.raises(IllegalAction, match="already started"):
        apply(t, ev("start", at=T0 + 301, tables=[3]))


def test_pause_and_resume_one_or_all() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan"], ["Eve", "Fay"]), ev("start", at=T0))
    t = apply(t, ev("pause", at=T0 + 100, tables=[2]))
    assert left(t, 2, T0 + 900) == 1700 and left(t, 1, T0 + 900) == 900
    t = apply(t, ev("pause", at=T0 + 200))  # pause all: the tables still running
    assert [left(t, n, T0 + 5000) for n in (1, 2, 3)] == [1600, 1700, 1600]
    with pytest.raises(IllegalAction, match="no clock is running"):
        apply(t, ev("pause", at=T0 + 201))
    t = apply(t, ev("resume", at=T0 + 1000, tables=[1]))
    assert left(t, 1, T0 + 1100) == 1500 and left(t, 3, T0 + 1100) == 1600
    t = apply(t, ev("resume", at=T0 + 1200))  # resume all: the paused ones
    assert [left(t, n, T0 + 1300) for n in (1, 2, 3)] == [1300, 1600, 1500]
    with pytest.raises(IllegalAction, match="not paused"):
        apply(t, ev("resume", at=T0 + 1301, tables=[1]))


def test_extend_adds_time_and_keeps_the_reason() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan"]), ev("start", at=T0))
    t = apply(t, ev("extend", at=T0 + 60, table=1, seconds=180, reason="judge call"))
    assert left(t, 1, T0 + 60) == 1740 + 180
    assert [(e.seconds, e.reason, e.at) for e in t.table(1).extensions] == [(180.0, "judge call", T0 + 60)]
    t = apply(t, ev("pause", at=T0 + 100, tables=[2]))
    t = apply(t, ev("extend", at=T0 + 150, table=2, seconds=60, reason="spilled drink"))
    assert left(t, 2, T0 + 9999) == 1700 + 60  # a paused clock keeps the extension until resumed
    # a clock already at zero restarts from the moment of the extension
    t = apply(t, ev("extend", at=T0 + 2200, table=1, seconds=120, reason="second call"))
    assert left(t, 1, T0 + 2200) == 120
    for bad, message in [
        (ev("extend", table=1, seconds=60, reason="  "), "say why"),
        (ev("extend", table=1, seconds=0, reason="x"), "1 to 3600"),
        (ev("extend", table=1, seconds=1.5, reason="x"), "whole seconds"),
        (ev("extend", table=9, seconds=60, reason="x"), "no table 9"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            apply(t, bad)


def test_refused_events_leave_the_state_untouched() -> None:
    t = apply(seated(["Ann", "Ben"]), ev("start"))
    before = to_json(t)
    for bad in (ev("pause", tables=[2]), ev("nope"), ev("extend", table=1, seconds=60),
                ev("result", table=1, vp={"Ann": 1})):
        with pytest.raises(IllegalAction):
            apply(t, bad)
    assert to_json(t) == before


# --- results, rounds, standings, CSV -------------------------------------------------------------------


def test_time_called_most_vp_wins_and_equal_vp_is_a_tie() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan", "Eve"]), ev("start"))
    t = apply(t, ev("result", at=T0 + 1800, table=1, vp={"ann": 9, "Ben": 12}))  # names match in any case
    r = t.table(1).result
    assert r is not None and r.winners == ("Ben",) and r.how == "time" and r.vp == {"Ann": 9, "Ben": 12}
    t = apply(t, ev("result", at=T0 + 1800, table=2, vp={"Cat": 11, "Dan": 11, "Eve": 4}))
    r = t.table(2).result
    assert r is not None and r.winners == ("Cat", "Dan") and r.how == "time"


def test_time_called_is_said_only_when_the_clock_ran_out_or_the_judge_called_it() -> None:
    """Both players reported with 28:18 left: the result says the VP decided it, not "time called"."""
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan", "Eve"]), ev("start"))
    early = apply(t, ev("result", at=T0 + 102, table=1, vp={"Ann": 12, "Ben": 8}))
    assert early.table(1).result.how == "vp"
    assert describe(early.table(1)) == "Ann wins (most VP) · Ann 12, Ben 8"
    called = apply(t, ev("result", at=T0 + 102, table=1, vp={"Ann": 12, "Ben": 8}, time_called=True))
    assert describe(called.table(1)) == "Ann wins (time called: most VP wins) · Ann 12, Ben 8"
    ran_out = apply(t, ev("result", at=T0 + 1801, table=1, vp={"Ann": 12, "Ben": 8}))
    assert ran_out.table(1).result.how == "time"
    waiting = apply(seated(["Ann", "Ben"]), ev("result", at=T0 + 4000, table=1, vp={"Ann": 12, "Ben": 8}))
    assert waiting.table(1).result.how == "vp"  # a clock never started never ran out


def test_vp_target_depends_on_the_number_of_players() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan", "Eve"]), ev("start"))
    won = apply(t, ev("result", table=1, vp={"Ann": 15, "Ben": 14}))
    assert won.table(1).result.how == "target" and won.table(1).result.winners == ("Ann",)
    three = apply(t, ev("result", table=2, vp={"Cat": 19, "Dan": 15, "Eve": 0}))  # 20 VP with three players
    assert three.table(2).result.how == "vp" and three.table(2).result.winners == ("Cat",)
    with pytest.raises(IllegalAction, match="both have 15"):
        apply(t, ev("result", table=1, vp={"Ann": 15, "Ben": 16}))


def test_last_force_standing_wins_even_with_fewer_vp() -> None:
    t = apply(apply(seated(["Ann", "Ben"]), ev("start")),
              ev("result", table=1, vp={"Ann": 3, "Ben": 10}, last_standing="ann"))
    assert t.table(1).result.winners == ("Ann",) and t.table(1).result.how == "last-standing"
    with pytest.raises(IllegalAction, match="not seated"):
        apply(t, ev("result", table=1, vp={"Ann": 3, "Ben": 10}, last_standing="Zed"))


def test_a_result_stops_the_clock_and_needs_every_player() -> None:
    t = apply(seated(["Ann", "Ben"]), ev("start", at=T0))
    with pytest.raises(IllegalAction, match="enter VP for Ben"):
        apply(t, ev("result", table=1, vp={"Ann": 3}))
    with pytest.raises(IllegalAction, match="from 0 to 999"):
        apply(t, ev("result", table=1, vp={"Ann": 3, "Ben": -1}))
    t = apply(t, ev("result", at=T0 + 1000, table=1, vp={"Ann": 3, "Ben": 4}))
    assert not t.table(1).timer.running and left(t, 1, T0 + 5000) == 800
    with pytest.raises(IllegalAction, match="has its result"):
        apply(t, ev("pause", tables=[1]))


def test_next_round_needs_every_result_and_starts_fresh_clocks() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan"]), ev("start"))
    t = apply(t, ev("result", table=1, vp={"Ann": 15, "Ben": 2}))
    with pytest.raises(IllegalAction, match="results of table 2"):
        apply(t, ev("next_round"))
    t = apply(t, ev("result", table=2, vp={"Cat": 5, "Dan": 5}))
    t = apply(t, ev("next_round"))
    assert t.current.number == 2 and len(t.rounds) == 2
    assert all(not tb.started and tb.result is None and tb.timer.remaining == 1800 for tb in t.tables)
    assert t.rounds[0].tables[0].result is not None  # the last round is kept for standings and export


def test_standings_with_ties_share_a_rank() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat", "Dan"], ["Eve", "Fay"]), ev("start"))
    t = replay(t, [ev("result", table=1, vp={"Ann": 15, "Ben": 2}),
                   ev("result", table=2, vp={"Cat": 9, "Dan": 9}),
                   ev("result", table=3, vp={"Eve": 15, "Fay": 2})])
    rows = standings(t)
    assert [(r.rank, r.player, r.wins, r.ties, r.losses, r.vp, r.tied) for r in rows] == [
        (1, "Ann", 1, 0, 0, 15, True), (1, "Eve", 1, 0, 0, 15, True),
        (3, "Cat", 0, 1, 0, 9, True), (3, "Dan", 0, 1, 0, 9, True),
        (5, "Ben", 0, 0, 1, 2, True), (5, "Fay", 0, 0, 1, 2, True)]
    t = replay(apply(t, ev("next_round")), [ev("start"), ev("result", table=1, vp={"Ann": 4, "Ben": 6})])
    # wins, then ties, then VP (a house order: the source gives no event scoring); losses don't break ties
    assert [(r.rank, r.player, r.played, r.wins, r.losses, r.vp, r.tied) for r in standings(t)[:3]] == [
        (1, "Ann", 2, 1, 1, 19, False), (2, "Eve", 1, 1, 0, 15, False), (3, "Ben", 2, 1, 1, 8, False)]


def test_csv_export_has_a_row_per_player_and_keeps_extension_reasons() -> None:
    t = apply(seated(["Ann", "Ben"], ["Cat, Jr.", "Dan"]), ev("start"))
    t = replay(t, [ev("extend", table=1, seconds=120, reason='rules "question"'),
                   ev("result", table=1, vp={"Ann": 7, "Ben": 7})])
    rows = list(csv.DictReader(io.StringIO(results_csv(t))))
    assert [(r["table"], r["player"], r["vp"], r["outcome"]) for r in rows] == [
        ("1", "Ann", "7", "tie"), ("1", "Ben", "7", "tie"),
        ("2", "Cat, Jr.", "", "pending"), ("2", "Dan", "", "pending")]
    assert rows[0]["extension_seconds"] == "120" and rows[0]["extension_reasons"] == 'rules "question"'
    assert rows[0]["decided_by"] == "vp" and rows[0]["round"] == "1"  # entered with time left on the clock


# --- JSON and a property over random event sequences ---------------------------------------------------


def test_json_round_trip_and_bad_files() -> None:
    t = apply(seated(["Ann", "Ben"]), ev("start"))
    t = apply(t, ev("result", table=1, vp={"Ann": 1, "Ben": 0}))
    assert from_json(to_json(t)) == t
    with pytest.raises(InvalidTournament, match="not an event file"):
        from_json({**to_json(t), "format": "other"})
    with pytest.raises(InvalidTournament, match="newer version"):
        from_json({**to_json(t), "version": 99})
    bad = to_json(t)
    bad["rounds"][0]["tables"][0]["timer"]["duration"] = "long"
    with pytest.raises(InvalidTournament, match=r"timer\.duration"):
        from_json(bad)


NAMES = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
events = st.one_of(
    st.builds(lambda n, p: ("seat", {"table": n, "players": p}), st.integers(1, 4),
              st.lists(st.sampled_from(NAMES), min_size=1, max_size=5)),
    st.builds(lambda n: ("start", {"tables": [n]} if n else {}), st.integers(0, 4)),
    st.builds(lambda n: ("pause", {"tables": [n]} if n else {}), st.integers(0, 4)),
    st.builds(lambda n: ("resume", {"tables": [n]} if n else {}), st.integers(0, 4)),
    st.builds(lambda n, s: ("extend", {"table": n, "seconds": s, "reason": "r"}), st.integers(1, 4),
              st.integers(-5, 4000)),
    st.builds(lambda n, v: ("result", {"table": n, "vp": dict(zip(NAMES, v, strict=False))}), st.integers(1, 4),
              st.lists(st.integers(0, 25), min_size=6, max_size=6)),
    st.just(("next_round", {})),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(events, st.floats(0, 600)), max_size=30))
def test_any_event_sequence_keeps_a_valid_state_that_round_trips(steps: list) -> None:
    t = new_tournament("ev-1", "Prop", now=T0)
    at = T0
    for (kind, data), gap in steps:
        at += gap
        try:
            new = apply(t, Event(kind, data, "judge", at))
        except IllegalAction:
            continue
        assert new.seq == t.seq + 1
        t = new
        for tb in t.tables:
            assert 0 <= timers.remaining(tb.timer, at) <= tb.timer.duration + tb.timer.extended
    assert from_json(to_json(t)) == t
    assert sum(r.played for r in standings(t)) == sum(len(tb.players) for r in t.rounds for tb in r.tables
                                                     if tb.result is not None)
