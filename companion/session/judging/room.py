"""The room's view of one event: what the players' pages show (companion/room), as plain values.

`RoomFeed` watches the stored event (a `stat` per check; a reload only when the file changed, e.g. after a
judge's CLI command) and turns each table into a `TableView`: its players, the clock's text, its state and
warning level, extensions, result and the players' own reports. The players' reports are written by the room's
report routes (room.report) through the judging service, as the judge's screen and CLI write theirs.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.core.match import timers
from companion.core.tournament.clock import clock_text, next_change, shown_seconds, status, warning_text
from companion.core.tournament.cut import stage
from companion.core.tournament.results import describe
from companion.core.tournament.state import Table, Tournament
from companion.session.judging.event_pairing import StandingsTable, standings_table
from companion.session.judging.reports import public_line
from companion.session.judging.service import Judging
from companion.session.lan import public_base

STATUS_TEXT = {"waiting": "waiting to start", "running": "running", "paused": "paused", "time": "time!",
               "done": "result in"}
MAX_QUERY = 60  # a player's name is at most 60 characters (core.tournament.state.MAX_NAME)


def room_url(host: str, port: int) -> str:
    """The address players open: the LAN address when serving to everyone, else the host itself."""
    return public_base(host, port) + "/"


@dataclass(frozen=True)
class TableView:
    number: int
    players: tuple[str, ...]
    status: str  # waiting | running | paused | time | done
    status_text: str
    clock: str  # what the clock shows now, e.g. "28:59"
    deadline: float | None  # UTC epoch seconds while running: a page counts down from it by itself
    level: str  # "" | "warn" (past the first warning mark) | "late" (past the last one, or time)
    warning: str  # the latest warning passed, e.g. "5 minutes left" ("" before the first)
    extensions: tuple[str, ...]  # "+2 min: slow play call"
    result: str  # "Ann wins (...) · Ann 15, Ben 9", or ""
    reports: str = ""  # the players' own reports: "Reported by Ann · waiting for Ben" (session.judging.reports)
    disputed: bool = False  # two players' scores differ: the judge settles it

    @property
    def players_line(self) -> str:
        return " vs ".join(self.players)


@dataclass(frozen=True)
class Seat:
    player: str
    table: int | None  # None: a bye this round (Swiss events)
    opponents: tuple[str, ...]


def table_view(t: Tournament, table: Table, now: float) -> TableView:
    state = status(table, now)
    left = timers.remaining(table.timer, now)
    passed = [m for m in t.marks if left <= m] if table.started and table.result is None else []
    level = ""
    if state == "time" or (passed and t.marks and left <= t.marks[-1]):
        level = "late"
    elif passed:
        level = "warn"
    warning = "Time!" if state == "time" else warning_text(min(passed)) if passed else ""
    extensions = tuple(f"+{e.seconds / 60:g} min: {e.reason}" for e in table.extensions)
    running = table.timer.running and table.result is None and state != "time"
    shown = clock_text(shown_seconds(table.timer, now))
    return TableView(table.number, table.players, state, STATUS_TEXT[state], shown,
                     table.timer.deadline if running else None, level, warning, extensions,
                     describe(table) if table.result is not None else "", public_line(table), table.disputed)


class RoomFeed:
    """One stored event as the room sees it; `refresh()` picks up every writer's changes."""

    def __init__(self, judging: Judging, tournament_id: str, *, clock: Callable[[], float] = time.time) -> None:
        self.judging = judging
        self.id = tournament_id
        self.clock = clock
        self._signature = judging.signature(tournament_id)
        self.state: Tournament = judging.state(tournament_id)
        self.game = judging.game_label(self.state)  # "HeroClix Skirmish 300": an event keeps its game and build

    @classmethod
    def open(cls, tournament_id: str | None = None, root: Path | None = None) -> RoomFeed:
        """The event named (default: the most recently changed one) in the app's data folder."""
        judging = Judging.open(root)
        return cls(judging, tournament_id or judging.latest())

    def refresh(self) -> bool:
        """Reload when the stored event changed since the last look; True when it did."""
        signature = self.judging.signature(self.id)
        if signature == self._signature:
            return False
        self._signature = signature
        self.state = self.judging.state(self.id)
        return True

    @property
    def title(self) -> str:
        return f"{self.state.name} · {self.game} · {stage(self.state)}"

    def tables(self, now: float) -> list[TableView]:
        return [table_view(self.state, t, now) for t in self.state.tables]

    def table(self, number: int, now: float) -> TableView | None:
        for t in self.state.tables:
            if t.number == number:
                return table_view(self.state, t, now)
        return None

    def next_change(self, now: float) -> float | None:
        """When a running clock next shows another second (None: every clock is still)."""
        return next_change(self.state, now)

    def seats(self, query: str = "") -> list[Seat]:
        """Players of the current round whose name contains `query` (any case), by name; byes included."""
        wanted = query.strip().casefold()[:MAX_QUERY]
        found = [Seat(p, t.number, tuple(o for o in t.players if o != p))
                 for t in self.state.tables for p in t.players if wanted in p.casefold()]
        found += [Seat(p, None, ()) for p in self.state.current.byes if wanted in p.casefold()]
        return sorted(found, key=lambda s: (s.player.casefold(), s.table or 0))

    def seat_of(self, player: str) -> int | None:
        """The table `player` sits at this round (None: not seated, a bye, or dropped)."""
        return next((t.number for t in self.state.tables if player in t.players), None)

    def judge_key(self) -> str:
        """The judge's secret kept in the event's file (mode 0600): it signs the judge's session cookies."""
        return self.judging.load(self.id).token

    def rotate_judge_key(self) -> str:
        return self.judging.rotate_token(self.id)

    def standings(self) -> StandingsTable:
        """The standings in the event's tiebreak order, with that order's columns (as the judge's screen shows)."""
        return standings_table(self.state)
