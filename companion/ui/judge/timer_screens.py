"""Table timers handed out by QR: the judge shows a table's code; a player's phone counts down from it offline."""

from __future__ import annotations

import asyncio
import time

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Timer
from companion.session.judging.judge import crossed_mark, remaining, table_timer_payload
from companion.session.sharing.share import png, timer_link
from companion.ui.alerts import Alerts
from companion.ui.shell import App, app_bar

QR_SIDE = 320


def clock_text(seconds: float) -> str:
    whole = int(seconds + 0.999)  # 0.2 s left still shows 0:01: "time" only at zero
    return f"{whole // 60}:{whole % 60:02d}" if whole else "TIME"


class TimerCodeScreen:
    """The judge's device shows one table's timer as a QR code for the players' phones."""

    def __init__(self, tournament_id: str, table: int) -> None:
        self.tournament_id = tournament_id
        self.table = table
        self.route = f"/judge-mode/{tournament_id}/table/{table}/code"

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

    def __init__(self, timer: Timer, marks: tuple[float, ...]) -> None:
        self.timer = timer
        self.marks = marks
        self.route = "/timer"
        self.clock = ft.Text(key="timer-clock", size=72, weight=ft.FontWeight.BOLD)
        self.warning = ft.Text(key="timer-warning", weight=ft.FontWeight.BOLD)
        self.ticking = False
        self.seen: float | None = None  # time left at the last check: each mark fires once

    def build(self, app: App) -> ft.View:
        self._show(time.time())
        if not self.ticking:
            self.ticking = True
            self.alerts = Alerts()
            app.keep_awake(True)
            app.page.run_task(self._tick, app)
        note = "" if self.timer.running else "This clock was paused when the code was made: ask the judge."
        return ft.View(route=self.route, padding=16, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                       appbar=app_bar(app, "Table clock"), controls=[
            ft.Text(self.timer.label, key="timer-label", text_align=ft.TextAlign.CENTER),
            self.clock,
            self.warning,
            ft.Text(note, key="timer-note", italic=True),
        ])

    def _show(self, now: float) -> None:
        left = remaining(self.timer, now)
        self.clock.value = clock_text(left)
        passed = [m for m in self.marks if left <= m]
        self.clock.color = ft.Colors.RED if left <= 60 else ft.Colors.AMBER if passed else None

    async def _tick(self, app: App) -> None:
        while self in app.screens:
            now = time.time()
            self._show(now)
            left = remaining(self.timer, now)
            mark = crossed_mark(self.marks, self.seen if self.seen is not None else left, left)
            self.seen = left
            if mark is not None:
                self.warning.value = "TIME!" if mark <= 0 else f"{clock_text(mark)} left"
                app.page.run_task(self.alerts.warn)
            if app.screens[-1] is self:
                app.page.update(self.clock, self.warning)
            await asyncio.sleep(1 - (time.time() % 1) + 0.02)
        self.ticking = False
