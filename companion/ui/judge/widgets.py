"""Pieces shared by the judge's screen and the read-only pages: a table's clock face and the standings.

Everything that ticks changes a control only when its text or colour really changes, and reports which
controls changed, so the caller sends just those to the browser.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session.judging.judge import (
    Table,
    Tournament,
    clock_text,
    describe,
    remaining,
    shown_seconds,
    standings,
    status,
    warning_text,
)

STATUS_TEXT = {"waiting": "waiting to start", "running": "running", "paused": "paused", "time": "time!",
               "done": "result in"}


def put(control: ft.Control, name: str, value: Any, changed: list[ft.Control]) -> None:
    """Set one property if it differs, and note the control as changed."""
    if getattr(control, name) != value:
        setattr(control, name, value)
        if not changed or changed[-1] is not control:
            changed.append(control)


def put_text(control: ft.Text, text: str, changed: list[ft.Control]) -> None:
    """Set a message's text; an empty message takes no room on screen."""
    put(control, "value", text, changed)
    put(control, "visible", bool(text), changed)


def clock_colour(table: Table, marks: tuple[float, ...], now: float) -> str | None:
    """Plain until the first warning mark, amber after it, red in the last mark and at time; grey paused."""
    if table.result is not None or not table.started:
        return None
    if not table.timer.running:
        return ft.Colors.OUTLINE
    left = remaining(table.timer, now)
    if marks and left <= marks[-1]:
        return ft.Colors.RED
    if marks and left <= marks[0]:
        return ft.Colors.AMBER_800
    return None


class ClockFace:
    """A table's countdown and its state line (`Table 3 · paused`), for any page."""

    def __init__(self, table: Table, marks: tuple[float, ...], now: float, *, size: int = 40) -> None:
        self.number = table.number
        self.clock = ft.Text("", size=size, weight=ft.FontWeight.BOLD, key=f"clock-{table.number}")
        self.state = ft.Text("", key=f"state-{table.number}")
        self.sync(table, marks, now)

    def sync(self, table: Table, marks: tuple[float, ...], now: float) -> list[ft.Control]:
        changed: list[ft.Control] = []
        put(self.clock, "value", clock_text(shown_seconds(table.timer, now)), changed)
        put(self.clock, "color", clock_colour(table, marks, now), changed)
        extra = f" (+{sum(e.seconds for e in table.extensions) / 60:g} min)" if table.extensions else ""
        put(self.state, "value", f"Table {table.number} · {STATUS_TEXT[status(table, now)]}{extra}", changed)
        return changed


def players_line(table: Table) -> str:
    return " vs ".join(table.players)


def result_line(table: Table) -> str:
    return describe(table) if table.result is not None else ""


def warning_line(number: int, mark: float) -> str:
    return f"Table {number}: {warning_text(mark)}"


class StandingsBox:
    """The event's standings, redrawn only when they change (a pause or a tick leaves them alone)."""

    def __init__(self, t: Tournament) -> None:
        self.rows = standings(t)
        self.root = ft.Container(content=self.table(), key="standings-box")

    def sync(self, t: Tournament, changed: list[ft.Control]) -> None:
        rows = standings(t)
        if rows != self.rows:
            self.rows = rows
            self.root.content = self.table()
            changed.append(self.root)

    def table(self) -> ft.Control:
        if not self.rows:
            return ft.Text("No players seated yet.")
        header = ("#", "Player", "Games", "W", "T", "L", "VP", "Opp")  # Opp: opponents' strength, the last tiebreak
        # no key: a rebuilt table must not be matched to the old one (see ui/judge/__init__.py)
        return ft.DataTable(
            columns=[ft.DataColumn(ft.Text(h), numeric=h not in ("Player",)) for h in header],
            rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(v)) for v in (
                f"={r.rank}" if r.tied else str(r.rank), r.player + (" (dropped)" if r.dropped else ""),
                str(r.played), str(r.wins), str(r.ties), str(r.losses), str(r.vp), f"{r.opp_strength:.0%}",
            )]) for r in self.rows],
            column_spacing=18,
        )
