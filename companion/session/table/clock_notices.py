"""The table clock's warnings as notifications the phone's system shows at their deadline, so they reach a
locked phone (the beep and vibration need the app running).

A running timer's warnings (10, 5 and 1 minutes left, and time) are instants: its deadline less the mark. What
this device has asked its system to show is kept beside the match's notices now; `sync` makes the two agree:
a notice whose instant moved (a pause, a resume, an undo, time added) is cancelled and scheduled again, one whose
timer stopped is cancelled, one already shown is left alone (cancelling it would take it off the lock screen).
The system side is a `Notifier` (the app wraps flet-notifications; tests record the calls).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Protocol

from companion.core.match import timers
from companion.core.model import Match, Timer
from companion.session.table.clock import MARKS, warning_text

TITLE = "Table clock"


@dataclass(frozen=True)
class Notice:
    id: int  # the same for the same match, timer and mark on every call (the system replaces by id)
    at: float  # UTC epoch seconds
    title: str
    body: str


class Notifier(Protocol):
    async def schedule(self, notice: Notice) -> None: ...

    async def cancel(self, notice_id: int) -> None: ...


def notice_id(match_id: str, timer_id: str, mark: float) -> int:
    """A 31-bit id (Android's notification ids are Java ints), stable across restarts."""
    return zlib.crc32(f"{match_id}/{timer_id}/{int(mark)}".encode()) & 0x7FFFFFFF


def timer_notices(owner: str, timer: Timer, now: float, marks: Iterable[float] = MARKS) -> dict[int, Notice]:
    """The warnings still ahead of `now` for one running timer, by id; `owner` keeps ids apart (a match's id, or
    the judge's table clock a player's phone read from a code)."""
    found: dict[int, Notice] = {}
    if not timer.running or timer.deadline is None:
        return found
    left = timers.remaining(timer, now)
    for mark in (*marks, 0.0):
        if mark < left:  # a mark already passed has had its warning (or the timer started below it)
            nid = notice_id(owner, timer.id, mark)
            found[nid] = Notice(nid, timer.deadline - mark, TITLE, warning_text(timer.label or timer.id, mark))
    return found


def notices(match: Match, now: float) -> dict[int, Notice]:
    """The warnings still ahead of `now` for every running timer of the match, by id."""
    found: dict[int, Notice] = {}
    for timer in match.timers:
        found.update(timer_notices(match.id, timer, now))
    return found


class ClockNotices:
    """The notices this device has handed its system for one match."""

    def __init__(self, notifier: Notifier, match_id: str) -> None:
        self.notifier = notifier
        self.match_id = match_id
        self.scheduled: dict[int, Notice] = {}

    async def sync(self, match: Match, now: float) -> None:
        """Schedule what the match's running timers will warn of, cancel what they no longer will. A failing
        call raises (the caller falls back to the beep); what succeeded before it is remembered."""
        await self.keep(notices(match, now) if match.status == "active" else {}, now)

    async def keep(self, want: dict[int, Notice], now: float) -> None:
        """Make what this device has scheduled equal to `want` (see sync)."""
        for nid, notice in list(self.scheduled.items()):
            if want.get(nid) == notice:
                continue
            if notice.at > now:  # still to come: take it back (one already shown stays on the lock screen)
                await self.notifier.cancel(nid)
            del self.scheduled[nid]
        for nid, notice in want.items():
            if nid not in self.scheduled:
                await self.notifier.schedule(notice)
                self.scheduled[nid] = notice
