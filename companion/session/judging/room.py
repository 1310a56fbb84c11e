"""The room's read-only view of one event: what the players' pages show (companion/room), as plain values.

`RoomFeed` watches the stored event (a `stat` per check; a reload only when the file changed, e.g. after a
judge's CLI command) and turns each table into a `TableView`: its players, the clock's text, its state and
warning level, extensions and result. Nothing here writes: the judge's screen and the CLI are the only writers.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.core.match import timers
from companion.core.tournament.clock import clock_text, next_change, shown_seconds, status, warning_text
from companion.core.tournament.results import describe, standings
from companion.core.tournament.state import Table, Tournament
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

    @property
    def players_line(self) -> str:
        return " vs ".join(self.players)


@dataclass(frozen=True)
class StandingRow:
    rank: str  # "3", or "=3" when shared
    player: str
    played: int
    wins: int
    ties: int
    losses: int
    vp: int


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
                     describe(table) if table.result is not None else "")


class RoomFeed:
    """One stored event as the room sees it; `refresh()` picks up every writer's changes."""

    def __init__(self, judging: Judging, tournament_id: str, *, clock: Callable[[], float] = time.time) -> None:
        self.judging = judging
        self.id = tournament_id
        self.clock = clock
        self._signature = judging.signature(tournament_id)
        self.state: Tournament = judging.state(tournament_id)

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
        return f"{self.state.name} · round {self.state.current.number}"

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

    def judge_key(self) -> str:
        """The judge's secret kept in the event's file (mode 0600): it signs the judge's session cookies."""
        return self.judging.load(self.id).token

    def rotate_judge_key(self) -> str:
        return self.judging.rotate_token(self.id)

    def standings(self) -> list[StandingRow]:
        return [StandingRow(f"={r.rank}" if r.tied else str(r.rank), r.player, r.played, r.wins, r.ties, r.losses,
                            r.vp) for r in standings(self.state)]
