"""Pieces of the judge's screen as Flet components: a table's clock face, the warning line and the standings.

The clock face and the warning line follow the feed's ticks themselves (ui/judge/feed.py): each redraws only
when the text it shows changes, so a tick sends the clocks whose second changed and nothing else.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.session.judging.event_pairing import PRESETS, StandingsTable
from companion.session.judging.judge import (
    Table,
    clock_text,
    describe,
    remaining,
    shown_seconds,
    status,
    warning_text,
)
from companion.session.judging.reports import set_by_judge
from companion.ui.judge.feed import JudgeFeed, Tick
from companion.ui.widgets import named

STATUS_TEXT = {"waiting": "waiting to start", "running": "running", "paused": "paused", "time": "time!",
               "done": "result in"}


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


def face_of(table: Table, marks: tuple[float, ...], now: float) -> tuple[str, str | None, str]:
    """What a table's clock face shows at `now`: the countdown, its colour, the state line."""
    extra = f" (+{sum(e.seconds for e in table.extensions) / 60:g} min)" if table.extensions else ""
    return (clock_text(shown_seconds(table.timer, now)), clock_colour(table, marks, now),
            f"Table {table.number} · {STATUS_TEXT[status(table, now)]}{extra}")


@ft.component
def ClockFace(feed: JudgeFeed, table: Table, marks: tuple[float, ...], size: int = 40) -> ft.Control:
    """A table's countdown and its state line (`Table 3 · paused`), redrawn when a tick changes either."""
    shown = face_of(table, marks, feed.tick.value.now)
    last = ft.use_ref(shown)
    last.current = shown
    latest = ft.use_ref((table, marks))
    latest.current = (table, marks)
    _, redraw = ft.use_state(0)

    def follow() -> Callable[[], None]:
        def on_tick(tick: Tick) -> None:
            if face_of(*latest.current, tick.now) != last.current:
                redraw(lambda n: n + 1)

        on_tick(feed.tick.value)  # a tick between the first drawing and now
        return feed.tick.subscribe(on_tick)

    ft.use_effect(follow, [])
    text, colour, line = shown
    return ft.Column(spacing=6, controls=[
        ft.Text(text, size=size, weight=ft.FontWeight.BOLD, color=colour, key=f"clock-{table.number}"),
        ft.Text(line, key=f"state-{table.number}"),
    ])


def players_line(table: Table) -> str:
    return " vs ".join(table.players)


def result_line(table: Table) -> str:
    """The standing result, marked when the judge set it rather than the players' agreed reports."""
    if table.result is None:
        return ""
    return describe(table) + (" · set by the judge" if set_by_judge(table) else "")


def warning_line(number: int, mark: float) -> str:
    return f"Table {number}: {warning_text(mark)}"


@ft.component
def AlertLine(feed: JudgeFeed) -> ft.Control:
    """The warnings of the last tick that had any (every table's: the judge hears them all)."""
    text, set_text = ft.use_state("")

    def follow() -> Callable[[], None]:
        def on_tick(tick: Tick) -> None:
            if tick.warnings:
                set_text(" · ".join(warning_line(n, m) for n, m in tick.warnings))

        return feed.tick.subscribe(on_tick)

    ft.use_effect(follow, [])
    return ft.Text(text, key="alert", weight=ft.FontWeight.BOLD, color=ft.Colors.RED, visible=bool(text))


@ft.component
def Standings(shown: StandingsTable, tiebreaks: str, choose: Callable[[str], None] | None = None) -> ft.Control:
    """The event's standings in its tiebreak order (`standings_table`), with the order above them and a choice
    of order for the judge (`choose`, when given)."""
    picker = ft.Dropdown(label="Tiebreaks", width=260, dense=True, key="tiebreaks", value=tiebreaks,
                         visible=choose is not None,
                         options=[ft.DropdownOption(key=k, text=p.name) for k, p in PRESETS.items()],
                         on_select=(lambda e: choose(e.control.value)) if choose else None)
    if shown.rows:
        header = ("#", "Player", *shown.headers)
        table: ft.Control = ft.DataTable(
            columns=[ft.DataColumn(ft.Text(h), numeric=h != "Player") for h in header],
            rows=[ft.DataRow(cells=[ft.DataCell(ft.Text(v)) for v in (rank, player, *values)])
                  for rank, player, values in shown.rows],
            column_spacing=18)
    else:
        table = ft.Text("No players seated yet.")
    return ft.Column(key="standings-box", spacing=6, controls=[
        ft.Text("\n".join(shown.bracket), key="bracket", visible=bool(shown.bracket)),
        named(picker, "Tiebreaks"),
        ft.Text(f"Order: {shown.order}", key="standings-order", size=12),
        table,
    ])
