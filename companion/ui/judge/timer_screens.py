"""Table timers handed out by QR: the judge shows a table's code; a player's phone counts down from it offline."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Timer
from companion.session.judging.judge import crossed_mark, remaining, table_timer_payload
from companion.session.sharing.incoming import read_timer_link
from companion.session.sharing.share import png, timer_link
from companion.ui.alerts import Alerts
from companion.ui.notices import warnings_for
from companion.ui.shell import App, app_bar

QR_SIDE = 320


def clock_text(seconds: float) -> str:
    whole = int(seconds + 0.999)  # 0.2 s left still shows 0:01: "time" only at zero
    return f"{whole // 60}:{whole % 60:02d}" if whole else "TIME"


class TimerCodeScreen:
    """The judge's device shows one table's timer as a QR code for the players' phones."""

    def __init__(self, event_id: str, table: int) -> None:
        self.tournament_id = event_id
        self.table = table

    def build(self, app: App) -> ft.View:
        try:
            t = app.session.judging.state(self.tournament_id)
            table = next(x for x in t.tables if x.number == self.table)
        except (CompanionError, StopIteration):
            return ft.View(route=self.route, appbar=app_bar(app, "Timer code"),
                           controls=[ft.Text("This table is no longer in the event.")])
        link = timer_link(table_timer_payload(t, table))
        state = "running" if table.timer.running else "paused or not started: show the code again once it runs"
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=10,
                       appbar=app_bar(app, f"Table {self.table}: timer code"), controls=[
            ft.Text(f"Players scan this to see the table's clock on their phones, offline. The clock is {state}."),
            ft.Container(bgcolor=ft.Colors.WHITE, padding=8, border_radius=8,
                         content=ft.Image(src=png(link), width=QR_SIDE, height=QR_SIDE, key="timer-qr")),
            ft.Text(link, size=10, selectable=True, key="timer-link", max_lines=2,
                    overflow=ft.TextOverflow.ELLIPSIS),
        ])


class TimerScreen:
    """A table's countdown on a player's phone, from a scanned code: a pure function of the deadline and now."""

    def __init__(self, code: str) -> None:
        """`code`: the timer link's last part ("T-..."); a damaged one raises DamagedCode (the route table then
        opens home)."""
        self.timer, self.marks = read_timer_link(code)
        self.face: ft.Control | None = None  # the Countdown component, kept: a refresh shows the same one

    def build(self, app: App) -> ft.View:
        if self.face is None:
            app.keep_awake(True)
            self.face = Countdown(self.timer, self.marks, key="countdown")
            # the warnings scheduled with the phone's system too: they reach it locked (the beep needs the app)
            warnings_for(app).follow_timer("judge-clock", self.timer, self.marks)
        note = "" if self.timer.running else "This clock was paused when the code was made: ask the judge."
        return ft.View(route=self.route, padding=16, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                       appbar=app_bar(app, "Table clock"), controls=[
            ft.Text(self.timer.label, key="timer-label", text_align=ft.TextAlign.CENTER),
            self.face,
            ft.Text(note, key="timer-note", italic=True),
        ])


@ft.component
def Countdown(timer: Timer, marks: tuple[float, ...]) -> ft.Control:
    """The clock and its last warning, redrawn when the shown second changes; a crossed mark beeps once."""
    now, set_now = ft.use_state(time.time)
    warning, set_warning = ft.use_state("")

    def run() -> Callable[[], None]:
        alerts = Alerts()  # made in the page's context, so its services register with this page
        page = ft.context.page

        async def tick() -> None:
            seen = remaining(timer, now)  # time left at the last check (first: when drawn): a mark fires once
            while True:
                at = time.time()
                left = remaining(timer, at)
                mark = crossed_mark(marks, seen, left)
                seen = left
                if mark is not None:
                    set_warning("TIME!" if mark <= 0 else f"{clock_text(mark)} left")
                    page.run_task(alerts.warn)
                set_now(at)
                await asyncio.sleep(1 - (time.time() % 1) + 0.02)

        return page.run_task(tick).cancel  # stops when the screen closes

    ft.use_effect(run, [])
    left = remaining(timer, now)
    passed = [m for m in marks if left <= m]
    colour = ft.Colors.RED if left <= 60 else ft.Colors.AMBER if passed else None
    return ft.Column(horizontal_alignment=ft.CrossAxisAlignment.CENTER, spacing=16, controls=[
        ft.Text(clock_text(left), key="timer-clock", size=72, weight=ft.FontWeight.BOLD, color=colour),
        ft.Text(warning, key="timer-warning", weight=ft.FontWeight.BOLD),
    ])
