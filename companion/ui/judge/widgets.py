"""Pieces shared by the judge's screen and the read-only pages: a table's clock face and the standings.

Everything that ticks changes a control only when its text or colour really changes, and reports which
controls changed, so the caller sends just those to the browser.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.session.judging.event_pairing import PRESETS, standings_table
from companion.session.judging.judge import (
    Table,
    Tournament,
    clock_text,
    describe,
    remaining,
    shown_seconds,
    status,
    warning_text,
)
from companion.ui.widgets import named

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
    """The event's standings in its tiebreak order, redrawn only when they change (a pause or a tick leaves them
    alone), with the order above them and a choice of order for the judge (`choose`, when given)."""

    def __init__(self, t: Tournament, choose: Callable[[str], None] | None = None) -> None:
        self.shown = standings_table(t)
        self.preset = t.tiebreaks
        self.order = ft.Text(f"Order: {self.shown.order}", key="standings-order", size=12)
        self.picker = ft.Dropdown(label="Tiebreaks", width=260, dense=True, key="tiebreaks", value=t.tiebreaks,
                                  visible=choose is not None,
                                  options=[ft.DropdownOption(key=k, text=p.name) for k, p in PRESETS.items()],
                                  on_select=(lambda e: choose(e.control.value)) if choose else None)
        self.box = ft.Container(content=self.table())
        self.bracket = ft.Text("\n".join(self.shown.bracket), key="bracket", visible=bool(self.shown.bracket))
        self.root = ft.Column(key="standings-box", spacing=6,
                              controls=[self.bracket, named(self.picker, "Tiebreaks"), self.order, self.box])

    def sync(self, t: Tournament, changed: list[ft.Control]) -> None:
        shown = standings_table(t)
        put(self.picker, "value", t.tiebreaks, changed)
        if shown != self.shown:
            self.shown = shown
            put(self.order, "value", f"Order: {shown.order}", changed)
            put_text(self.bracket, "\n".join(shown.bracket), changed)
            self.box.content = self.table()
            changed.append(self.box)

    def table(self) -> ft.Control:
        if not self.shown.rows:
            return ft.Text("No players seated yet.")
        header = ("#", "Player", *self.shown.headers)
        # no key: a rebuilt table must not be matched to the old one (see ui/judge/__init__.py)
        return ft.DataTable(
            columns=[ft.DataColumn(ft.Text(h), numeric=h != "Player") for h in header],
            rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(v)) for v in (rank, player, *values)])
                  for rank, player, values in self.shown.rows],
            column_spacing=18,
        )
