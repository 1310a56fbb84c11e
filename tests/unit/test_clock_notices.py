"""The table clock's warnings scheduled as system notifications: a fake notifier records what the app would hand
the phone's system, through start, pause, resume, undo, time added, a passed turn and the warnings going off."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.session import Session
from companion.session.table.clock import pass_turn, pause_all, set_up, start
from companion.session.table.clock_notices import ClockNotices, Notice, notice_id, notices
from companion.store.matches import MatchStore

from judge_ui_kit import T0, Clock


class FakeNotifier:
    """What the phone's system was asked: the notices it holds now, and every call in order."""

    def __init__(self) -> None:
        self.pending: dict[int, Notice] = {}
        self.calls: list[tuple[str, int]] = []

    async def schedule(self, notice: Notice) -> None:
        self.pending[notice.id] = notice  # the system replaces a notice of the same id
        self.calls.append(("schedule", notice.id))

    async def cancel(self, notice_id: int) -> None:
        self.pending.pop(notice_id, None)
        self.calls.append(("cancel", notice_id))

    def times(self) -> list[tuple[float, str]]:
        return sorted((n.at - T0, n.body) for n in self.pending.values())


def table(tmp_path: Path, round_minutes: int = 50, chess_minutes: int = 0) -> tuple[Session, Clock, str]:
    clock = Clock()
    session = Session(MatchStore(tmp_path), clock=clock)
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    set_up(session, match.id, round_minutes=round_minutes, chess_minutes=chess_minutes)
    return session, clock, match.id


def sync(keeper: ClockNotices, session: Session, clock: Clock) -> None:
    asyncio.run(keeper.sync(session.state(keeper.match_id), clock.now))


def started(tmp_path: Path, **minutes: int) -> tuple[Session, Clock, FakeNotifier, ClockNotices]:
    """A table clock started, its notices handed to a fake system."""
    session, clock, match_id = table(tmp_path, **minutes)
    fake = FakeNotifier()
    keeper = ClockNotices(fake, match_id)
    start(session, match_id)
    sync(keeper, session, clock)
    return session, clock, fake, keeper


def test_each_warning_is_scheduled_at_its_deadline_and_pause_cancels_them(tmp_path: Path) -> None:
    session, clock, match_id = table(tmp_path)
    fake = FakeNotifier()
    keeper = ClockNotices(fake, match_id)
    sync(keeper, session, clock)
    assert fake.calls == []  # a clock set up but not started warns of nothing
    start(session, match_id)
    sync(keeper, session, clock)
    assert fake.times() == [(2400, "Round: 10:00 left"), (2700, "Round: 5:00 left"), (2940, "Round: 1:00 left"),
                            (3000, "Round: TIME!")]
    assert {n.title for n in fake.pending.values()} == {"Table clock"}
    sync(keeper, session, clock)
    assert len(fake.calls) == 4  # nothing changed: nothing asked of the system again
    clock.now += 100
    pause_all(session, match_id)
    sync(keeper, session, clock)
    assert fake.pending == {} and [c for c, _ in fake.calls[4:]] == ["cancel"] * 4
    clock.now += 500  # paused for 500 s: resuming moves every warning by that much
    start(session, match_id)
    sync(keeper, session, clock)
    assert fake.times() == [(2900, "Round: 10:00 left"), (3200, "Round: 5:00 left"), (3440, "Round: 1:00 left"),
                            (3500, "Round: TIME!")]


def test_undo_of_the_start_cancels_and_redo_schedules_again(tmp_path: Path) -> None:
    session, clock, fake, keeper = started(tmp_path)
    match_id = keeper.match_id
    session.undo(match_id)
    sync(keeper, session, clock)
    assert fake.pending == {} and fake.calls[-4:] == [("cancel", i) for i in keeper_ids(match_id)]
    session.redo(match_id)
    sync(keeper, session, clock)
    assert len(fake.pending) == 4


def keeper_ids(match_id: str) -> list[int]:
    return [notice_id(match_id, "round", mark) for mark in (600, 300, 60, 0)]


def test_time_added_reschedules_and_a_warning_gone_off_is_left_on_the_lock_screen(tmp_path: Path) -> None:
    session, clock, fake, keeper = started(tmp_path, round_minutes=12)
    match_id = keeper.match_id
    assert fake.times()[0] == (120, "Round: 10:00 left")
    clock.now += 130  # the phone was locked: the 10-minute warning went off by itself
    session.dispatch_events(match_id, [Event("timer_extend", {"timer": "round", "seconds": 60})], "More time")
    sync(keeper, session, clock)
    shown = notice_id(match_id, "round", 600)
    assert ("cancel", shown) not in fake.calls  # not taken off the lock screen
    # a minute more: 11:10 left, so the 10-minute warning is ahead again (at 180 s), the others a minute later
    assert sorted(at - T0 for at in (n.at for n in keeper.scheduled.values())) == [180, 480, 720, 780]


def test_passing_the_turn_moves_the_chess_warnings_to_the_other_player(tmp_path: Path) -> None:
    session, clock, fake, keeper = started(tmp_path, round_minutes=0, chess_minutes=15)
    match_id = keeper.match_id
    assert [body for _, body in fake.times()] == ["Ann: 10:00 left", "Ann: 5:00 left", "Ann: 1:00 left", "Ann: TIME!"]
    clock.now += 60
    pass_turn(session, match_id, "p2")
    sync(keeper, session, clock)
    assert fake.times() == [(360, "Ben: 10:00 left"), (660, "Ben: 5:00 left"), (900, "Ben: 1:00 left"),
                            (960, "Ben: TIME!")]


def test_a_finished_match_warns_of_nothing(tmp_path: Path) -> None:
    session, clock, fake, keeper = started(tmp_path)
    session.dispatch(keeper.match_id, "end_match", {"winners": ["p1"]})
    sync(keeper, session, clock)
    assert fake.pending == {}


def test_a_failing_system_keeps_what_it_did_schedule(tmp_path: Path) -> None:
    session, clock, match_id = table(tmp_path)

    class Refusing(FakeNotifier):
        async def schedule(self, notice: Notice) -> None:
            if self.pending:
                raise RuntimeError("schedule_failed")
            await super().schedule(notice)

    fake = Refusing()
    keeper = ClockNotices(fake, match_id)
    start(session, match_id)
    with pytest.raises(RuntimeError):
        sync(keeper, session, clock)
    assert list(keeper.scheduled) == list(fake.pending)  # the keeper knows exactly what the system holds


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["start", "pause", "pass1", "pass2", "undo", "wait"]),
                          st.integers(1, 900)), max_size=12))
def test_the_system_always_holds_exactly_the_warnings_still_ahead(tmp_path_factory: pytest.TempPathFactory,
                                                                 steps: list[tuple[str, int]]) -> None:
    session, clock, match_id = table(tmp_path_factory.mktemp("notices"), round_minutes=20, chess_minutes=10)
    fake = FakeNotifier()
    keeper = ClockNotices(fake, match_id)
    for step, seconds in steps:
        with contextlib.suppress(CompanionError):  # the clock refuses (already running, nothing to undo)
            {"start": lambda: start(session, match_id), "pause": lambda: pause_all(session, match_id),
             "pass1": lambda: pass_turn(session, match_id, "p1"), "pass2": lambda: pass_turn(session, match_id, "p2"),
             "undo": lambda: session.undo(match_id), "wait": lambda: None}[step]()
        clock.now += seconds
        sync(keeper, session, clock)
        ahead = {i: n for i, n in fake.pending.items() if n.at > clock.now}
        assert ahead == notices(session.state(match_id), clock.now)
