"""Warnings with an injected clock, what a clock shows, and the timer payload two phones share."""

from __future__ import annotations

import json

import pytest

from companion.core.match import timers
from companion.core.match.events import Event
from companion.core.tournament.clock import (
    TIME,
    BadTimerPayload,
    clock_text,
    crossed_mark,
    next_change,
    shown_seconds,
    status,
    table_timer_payload,
    timer_from_payload,
    warning_due,
    warning_text,
)
from companion.core.tournament.events import apply, replay
from companion.core.tournament.state import Tournament, new_tournament

T0 = 1_800_000_000.25  # deadlines need not fall on whole seconds
MARKS = (600.0, 300.0, 60.0)


def started(*extra: Event) -> Tournament:
    t = new_tournament("ev-1", "Friday", now=T0)
    return replay(t, [Event("seat", {"table": 1, "players": ["Ann", "Ben"]}, "judge", T0),
                      Event("start", {}, "judge", T0), *extra])


def fired(t: Tournament, checks: list[float]) -> list[tuple[float, float]]:
    """(check time offset, mark) for every warning due across the given check times."""
    timer = t.table(1).timer
    out = []
    for since, now in zip(checks, checks[1:], strict=False):
        mark = warning_due(timer, t.marks, since, now)
        if mark is not None:
            out.append((now - T0, mark))
    return out


def test_each_mark_fires_once_at_the_right_second_with_frequent_checks() -> None:
    checks = [T0 + i * 0.25 for i in range(0, 4 * 1900)]  # four checks a second, past the end
    assert fired(started(), checks) == [(1200.0, 600.0), (1500.0, 300.0), (1740.0, 60.0), (1800.0, TIME)]


def test_sparse_checks_fire_only_the_latest_mark_passed() -> None:
    # the phone slept from 12:00 left to 4:00 left: passed 10 and 5 minutes; only "5 minutes" fires, once
    checks = [T0, T0 + 1080, T0 + 1560, T0 + 1570, T0 + 1790, T0 + 2000, T0 + 2500]
    assert fired(started(), checks) == [(1560.0, 300.0), (1790.0, 60.0), (2000.0, TIME)]
    # slept through the last minute and zero: "time" alone
    assert fired(started(), [T0 + 1500, T0 + 1900]) == [(1900.0, TIME)]


def test_a_paused_clock_fires_nothing_and_an_extension_re_arms_a_mark() -> None:
    t = started(Event("pause", {}, "judge", T0 + 1000))
    assert fired(t, [T0 + 1000 + i * 60 for i in range(100)]) == []
    t = started(Event("extend", {"table": 1, "seconds": 120, "reason": "call"}, "judge", T0 + 1750))
    # before the extension the last-minute mark was passed at 1740; after it, the clock is at 2:00 again
    assert crossed_mark(MARKS, 61.0, 50.0) == 60.0
    assert fired(t, [T0 + 1750 + i for i in range(200)]) == [(1860.0, 60.0), (1920.0, TIME)]


def test_crossed_mark_edges() -> None:
    assert crossed_mark(MARKS, 600.5, 600.0) == 600.0  # reaching a mark counts
    assert crossed_mark(MARKS, 600.0, 599.0) is None  # already there at the last check: fired then
    assert crossed_mark(MARKS, 700.0, 700.0) is None
    assert crossed_mark(MARKS, 10.0, 500.0) is None  # time went up (extension): nothing
    assert crossed_mark(MARKS, 0.0, 0.0) is None  # time fires once, not at every later check


def test_clock_text_rounds_up_and_status_follows_the_table() -> None:
    t = started()
    timer = t.table(1).timer
    assert clock_text(shown_seconds(timer, T0)) == "30:00"
    assert clock_text(shown_seconds(timer, T0 + 0.1)) == "30:00"
    assert clock_text(shown_seconds(timer, T0 + 1.0)) == "29:59"
    assert clock_text(shown_seconds(timer, T0 + 1799.9)) == "0:01"
    assert clock_text(shown_seconds(timer, T0 + 1800)) == "0:00"
    assert clock_text(4000) == "1:06:40"
    assert status(t.table(1), T0 + 5) == "running" and status(t.table(1), T0 + 1800) == "time"
    paused = apply(t, Event("pause", {}, "judge", T0 + 10))
    assert status(paused.table(1), T0 + 99) == "paused"
    assert warning_text(600) == "10 minutes left" and warning_text(60) == "1 minute left"
    assert warning_text(90) == "1:30 left" and warning_text(TIME) == "Time!"


def test_next_change_is_when_the_shown_second_drops() -> None:
    t = started()
    assert next_change(t, T0 + 0.5) == pytest.approx(T0 + 1.0)
    assert next_change(t, T0 + 1.0) == pytest.approx(T0 + 2.0)
    assert shown_seconds(t.table(1).timer, next_change(t, T0 + 3.7)) == 1800 - 4
    assert next_change(apply(t, Event("pause", {}, "judge", T0 + 1)), T0 + 2) is None
    assert next_change(t, T0 + 1800) is None


def test_two_devices_given_the_same_payload_show_the_same_deadline() -> None:
    t = started(Event("extend", {"table": 1, "seconds": 90, "reason": "call"}, "judge", T0 + 30))
    wire = json.dumps(table_timer_payload(t, t.table(1)))  # what travels (the share codec will pack it)
    phone_a, marks_a = timer_from_payload(json.loads(wire))  # read at once
    phone_b, marks_b = timer_from_payload(json.loads(wire))  # read by a phone that woke up minutes later
    assert phone_a.deadline == phone_b.deadline == t.table(1).timer.deadline == T0 + 1890
    assert marks_a == marks_b == MARKS
    for at in (T0 + 31, T0 + 600.5, T0 + 1889.9, T0 + 5000):
        assert timers.remaining(phone_a, at) == timers.remaining(phone_b, at) == timers.remaining(t.table(1).timer, at)
    paused = apply(t, Event("pause", {}, "judge", T0 + 100))
    phone, _ = timer_from_payload(json.loads(json.dumps(table_timer_payload(paused, paused.table(1)))))
    assert not phone.running and timers.remaining(phone, T0 + 99999) == 1800 + 90 - 100


@pytest.mark.parametrize("payload, message", [
    ({"kind": "other"}, "not a table timer"),
    ({"kind": "tabletop-companion/table-timer", "v": 9}, "newer version"),
    ({"kind": "tabletop-companion/table-timer", "v": 1, "running": True, "table": 1, "label": "x",
      "duration": 1800}, "incomplete"),
    ({"kind": "tabletop-companion/table-timer", "v": 1, "running": "yes", "table": 1, "label": "x",
      "duration": 1800, "deadline": 5}, "incomplete"),
])
def test_bad_payloads_are_refused(payload: dict, message: str) -> None:
    with pytest.raises(BadTimerPayload, match=message):
        timer_from_payload(payload)
