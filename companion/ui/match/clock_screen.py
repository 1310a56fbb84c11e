"""The table clock for players: the round's countdown and a chess clock per player (tap your tile to start
your time, which stops the others'), warnings at 10, 5 and 1 minutes; the times live in the match, so they
survive a restart. Each warning is also scheduled as a system notification where the device has them
(ui/notices.py), so it reaches a locked phone; the beep and vibration sound while this screen is open."""

from __future__ import annotations

import asyncio
import time
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.session.table.clock import (
    MARKS,
    clock_text,
    crossed_mark,
    face,
    left,
    pass_turn,
    pause_all,
    set_up,
    start,
    warning_text,
)
from companion.ui.alerts import Alerts
from companion.ui.notices import warnings_for
from companion.ui.shell import App, app_bar


class TableClockScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/clock"
        self.round_minutes = "50"
        self.chess_minutes = "25"
        self.seen: dict[str, float] = {}  # timer id -> time left at the last tick: each warning fires once
        self.warning = ""
        self.ticking = False

    def build(self, app: App) -> ft.View:
        try:
            match = app.session.state(self.match_id)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Table clock"), controls=[ft.Text(str(exc))])
        clock = face(match)
        controls = self._clock(app) if clock.ready else self._set_up(app)
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Table clock"), controls=controls)

    def _set_up(self, app: App) -> list[ft.Control]:
        return [
            ft.Text("A round timer for the table and a chess clock for each player (0: none). The times are saved "
                    "with the match."),
            ft.TextField(key="clock-round", label="Round (minutes)", value=self.round_minutes, width=200,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: setattr(self, "round_minutes", e.control.value or "")),
            ft.TextField(key="clock-chess", label="Each player (minutes)", value=self.chess_minutes, width=200,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: setattr(self, "chess_minutes", e.control.value or "")),
            ft.FilledButton("Set up the clock", icon=ft.Icons.TIMER, key="clock-create",
                            on_click=lambda: self._create(app)),
        ]

    def _create(self, app: App) -> None:
        if not (self.round_minutes.strip().isdigit() and self.chess_minutes.strip().isdigit()):
            app.toast("Minutes are whole numbers, e.g. 50 (0 for none).")
            return
        app.attempt(lambda: set_up(app.session, self.match_id, int(self.round_minutes), int(self.chess_minutes)))

    def _clock(self, app: App) -> list[ft.Control]:
        match = app.session.state(self.match_id)
        clock, now = face(match), time.time()
        controls: list[ft.Control] = []
        if clock.round is not None:
            controls += [ft.Text("Round", theme_style=ft.TextThemeStyle.TITLE_SMALL),
                         ft.Text(clock_text(left(clock.round, now)), key="clock-round-time", size=56,
                                 weight=ft.FontWeight.BOLD)]
        for pid, name, colour, timer in clock.players:
            controls.append(ft.Container(
                key=f"clock-{pid}", padding=12, border_radius=12, on_click=partial(self._pass, app, pid),
                border=ft.Border.all(4 if timer.running else 1, colour),
                bgcolor=ft.Colors.SECONDARY_CONTAINER if timer.running else None,
                content=ft.Row([ft.Text(name + (" (running)" if timer.running else ""), expand=True, size=18),
                                ft.Text(clock_text(left(timer, now)), key=f"clock-{pid}-time", size=32,
                                        weight=ft.FontWeight.BOLD)])))
        running = clock.running is not None or (clock.round is not None and clock.round.running)
        controls += [
            ft.Text("Tap your tile when your turn starts: it stops the others' time.", size=12, italic=True)
            if clock.players else ft.Container(),
            ft.Text(self.warning, key="clock-warning", weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR),
            ft.Row(wrap=True, spacing=8, controls=[
                ft.FilledButton("Pause", icon=ft.Icons.PAUSE, key="clock-pause",
                                on_click=lambda: app.attempt(lambda: pause_all(app.session, self.match_id)))
                if running else
                ft.FilledButton("Start", icon=ft.Icons.PLAY_ARROW, key="clock-start",
                                on_click=lambda: app.attempt(lambda: start(app.session, self.match_id)))]),
        ]
        warnings_for(app).follow(app, self.match_id)  # scheduled notices, where the device has them
        if not self.ticking:
            self.ticking = True
            self.alerts = Alerts()
            app.page.run_task(self._tick, app)
        return controls

    def _pass(self, app: App, to: str) -> None:
        app.attempt(lambda: pass_turn(app.session, self.match_id, to))

    def check(self, app: App, now: float) -> bool:
        """Note the warning due since the last check (each mark once per timer); whether one is due."""
        clock = face(app.session.state(self.match_id))
        due = False
        for timer in (t for t in (clock.round, *(t for *_, t in clock.players)) if t is not None):
            remaining = left(timer, now)
            mark = crossed_mark(MARKS, self.seen.get(timer.id, remaining), remaining)
            self.seen[timer.id] = remaining
            if mark is not None:
                self.warning = warning_text(timer.label, mark)
                due = True
        return due

    async def _tick(self, app: App) -> None:
        """Once a second: warnings, and the shown times (a rebuild: the screen is a function of the match and
        the time, and only the changed texts travel)."""
        while self in app.screens:
            try:
                if self.check(app, time.time()):
                    app.page.run_task(self.alerts.warn)
            except CompanionError:
                break
            if app.screens[-1] is self:
                app.refresh()
            await asyncio.sleep(1 - (time.time() % 1) + 0.02)
        self.ticking = False
