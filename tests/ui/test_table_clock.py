"""The players' table clock: a round timer and chess clocks kept in the match as deadlines."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.session import Session
from companion.session.table.clock import face, left, pass_turn, pause_all, set_up, start
from companion.store.matches import MatchStore
from companion.ui.match.clock_screen import TableClockScreen

from flet_harness import Harness, drawn
from ui_flows_kit import new_match_of
from ui_flows_kit import start as start_app


class Clock:
    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def clocked(tmp_path: Path) -> tuple[Session, Clock, str]:
    clock = Clock()
    session = Session(MatchStore(tmp_path), clock=clock)
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    set_up(session, match.id, round_minutes=50, chess_minutes=25)
    return session, clock, match.id


def test_chess_clocks_pass_and_the_round_runs_through(tmp_path: Path) -> None:
    session, clock, match_id = clocked(tmp_path)
    start(session, match_id)  # the round and the active player's (Ann's) time
    clock.now += 60
    pass_turn(session, match_id, "p2")
    clock.now += 90
    shown = face(session.state(match_id))
    times = {pid: left(t, clock.now) for pid, _, _, t in shown.players}
    assert times == {"p1": 25 * 60 - 60, "p2": 25 * 60 - 90} and shown.running == "p2"
    assert left(shown.round, clock.now) == 50 * 60 - 150  # type: ignore[arg-type]
    pause_all(session, match_id)
    clock.now += 1000
    paused = face(session.state(match_id))
    assert paused.running is None and left(paused.round, clock.now) == 50 * 60 - 150  # type: ignore[arg-type]
    with pytest.raises(CompanionError, match="already has"):
        set_up(session, match_id, 10, 10)


def test_the_clock_survives_a_restart(tmp_path: Path) -> None:
    session, clock, match_id = clocked(tmp_path)
    start(session, match_id)
    clock.now += 120
    reopened = Session(MatchStore(tmp_path), clock=clock)  # the app was killed and started again
    shown = face(reopened.state(match_id))
    assert left(shown.round, clock.now) == 50 * 60 - 120 and shown.running == "p1"  # type: ignore[arg-type]


@settings(max_examples=25)
@given(st.lists(st.sampled_from(["p1", "p2"]), max_size=8), st.lists(st.integers(1, 400), min_size=8, max_size=8))
def test_only_one_chess_clock_runs_and_time_only_goes_down(tmp_path_factory: pytest.TempPathFactory,
                                                           taps: list[str], waits: list[int]) -> None:
    session, clock, match_id = clocked(tmp_path_factory.mktemp("clock"))
    start(session, match_id)
    before = {pid: left(t, clock.now) for pid, _, _, t in face(session.state(match_id)).players}
    for to, wait in zip(taps, waits, strict=False):
        clock.now += wait
        pass_turn(session, match_id, to)
        shown = face(session.state(match_id))
        assert sum(t.running for *_, t in shown.players) <= 1
        now = {pid: left(t, clock.now) for pid, _, _, t in shown.players}
        assert all(now[p] <= before[p] for p in now)
        before = now


@pytest.mark.asyncio
async def test_table_clock_screen_sets_up_starts_and_warns(tmp_path: Path) -> None:
    h, session = await start_app(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("open-clock")
    await h.type("clock-round", "1")
    await h.type("clock-chess", "2")
    await h.click("clock-create")
    assert h.text_of("clock-round-time") == "1:00" and h.text_of("clock-p1-time") == "2:00"
    await h.click("clock-start")
    await h.click("clock-p2")
    assert face(session.state(match_id)).running == "p2" and h.has("clock-pause")


@pytest.mark.asyncio
async def test_the_clock_screen_follows_changes_made_elsewhere_and_keeps_what_is_typed(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id

    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("open-clock")
    await h.type("clock-round", "4")  # half typed when the other phone's change comes in: the field keeps it
    other = Session(MatchStore(tmp_path / "data"))  # another phone (or the CLI) on the same data folder
    other.dispatch(match_id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    session.feed.changed(None)  # what the app hears when anything looks again (a hosted table's tick)
    await drawn()
    assert h.find("clock-round").value == "4" and h.find("clock-chess").value == "25"
    set_up(other, match_id, round_minutes=30, chess_minutes=10)  # the clock set up on the other phone
    session.feed.changed(None)
    await drawn()
    assert h.text_of("clock-round-time") == "30:00" and h.text_of("clock-p2-time") == "10:00"
    start(other, match_id)
    pass_turn(other, match_id, "p2")
    session.feed.changed(None)
    await drawn()
    assert h.has("clock-pause") and "(running)" in " ".join(h.texts())
    await h.click("clock-pause")  # and its own taps still work after
    assert face(session.state(match_id)).running is None and h.has("clock-start")


def test_warnings_fire_once_per_mark_and_timer(tmp_path: Path) -> None:
    session, clock, match_id = clocked(tmp_path)
    start(session, match_id)
    screen = TableClockScreen(match_id)
    app = SimpleNamespace(session=session)
    fired = []
    for seconds in (0, 910, 915, 1210, 1450, 1500, 2410, 2420, 2710, 3000, 3005):
        if screen.check(app, clock.now + seconds):  # type: ignore[arg-type]
            fired.append(screen.warning)
    assert fired == ["Ann: 10:00 left", "Ann: 5:00 left", "Ann: 1:00 left", "Ann: TIME!", "Round: 10:00 left",
                     "Round: 5:00 left", "Round: TIME!"]  # a check that passed two marks says only the latest


@pytest.mark.asyncio
async def test_a_timed_skirmish_offers_its_30_minutes_and_an_untimed_one_the_usual_round(tmp_path: Path) -> None:
    """Seed 003 ¶25: a Skirmish played with the time limit is timed for 30 minutes; the clock offered 50."""
    session = Session(MatchStore(tmp_path / "data"))
    timed = session.new_match("heroclix-skirmish", ["Ann", "Ben"], house_rules=["time-limit"]).id
    untimed = session.new_match("heroclix-skirmish", ["Ann", "Ben"]).id
    h = await Harness.at(session, f"/match/{timed}")
    await h.click("open-clock")
    assert h.find("clock-round").value == "30"
    await h.click("clock-create")
    assert h.text_of("clock-round-time") == "30:00"
    h2 = await Harness.at(session, f"/match/{untimed}")
    await h2.click("open-clock")
    assert h2.find("clock-round").value == "50"
