"""The table clock for players: the round's countdown and a chess clock per player (tap your tile to start
your time, which stops the others'), warnings at 10, 5 and 1 minutes; the times live in the match, so they
survive a restart. Each warning is also scheduled as a system notification where the device has them
(ui/notices.py), so it reaches a locked phone; the beep and vibration sound while this screen is open.

A Flet component over the session's change feed: a tile tapped or the clock paused from another phone or the CLI
shows without a tap, the minutes typed are controlled fields (a redraw keeps every key), and the shown times are
drawn again once a second.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from functools import partial

import flet as ft

from companion.core.errors import CompanionError
from companion.core.model import Match
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
    suggested_round_minutes,
    warning_text,
)
from companion.ui.alerts import Alerts
from companion.ui.hooks import Unopened, use_history
from companion.ui.notices import warnings_for
from companion.ui.shell import App, app_bar


class TableClockScreen:
    live = True  # drawn by components over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.seen: dict[str, float] = {}  # timer id -> time left at the last tick: each warning fires once
        self.warning = ""

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, appbar=app_bar(app, "Table clock"),
                       controls=[ClockBody(app, self, key="clock")])

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


@ft.component
def ClockBody(app: App, screen: TableClockScreen) -> ft.Control:
    """The set-up form until the match has a clock, then the clock itself."""
    history = use_history(app.session, screen.match_id)
    typed_round, set_round = ft.use_state(None)  # None until typed: the game's own time limit is offered
    chess_minutes, set_chess = ft.use_state("25")
    if isinstance(history, Unopened):  # deleted, damaged: the reason
        return history.refusal("clock-refused")
    if face(history.state).ready:
        return ClockFace(app, screen, history.state)
    round_minutes = str(suggested_round_minutes(history.state)) if typed_round is None else typed_round

    def create() -> None:
        if not (round_minutes.strip().isdigit() and chess_minutes.strip().isdigit()):
            app.toast("Minutes are whole numbers, e.g. 50 (0 for none).")
            return
        app.attempt(lambda: set_up(app.session, screen.match_id, int(round_minutes), int(chess_minutes)))

    return ft.Column(spacing=12, key="clock-setup", controls=[
        ft.Text("A round timer for the table and a chess clock for each player (0: none). The times are saved "
                "with the match."),
        ft.TextField(key="clock-round", label="Round (minutes)", value=round_minutes, width=200,
                     keyboard_type=ft.KeyboardType.NUMBER, on_change=lambda e: set_round(e.control.value or "")),
        ft.TextField(key="clock-chess", label="Each player (minutes)", value=chess_minutes, width=200,
                     keyboard_type=ft.KeyboardType.NUMBER, on_change=lambda e: set_chess(e.control.value or "")),
        ft.FilledButton("Set up the clock", icon=ft.Icons.TIMER, key="clock-create", on_click=create),
    ])


@ft.component
def ClockFace(app: App, screen: TableClockScreen, match: Match) -> ft.Control:
    """The times as of now (drawn again once a second while this screen is on top), the tiles and Start/Pause."""
    _, set_second = ft.use_state(0.0)
    warning, set_warning = ft.use_state(screen.warning)

    def run() -> Callable[[], None]:
        alerts = Alerts()  # made in the page's context, so its services register with this page
        page = ft.context.page
        warnings_for(app).follow(app, screen.match_id)  # scheduled notices, where the device has them

        async def tick() -> None:
            """Once a second: warnings (also under another screen), and the shown times while on top."""
            while screen in app.stack:
                try:
                    if screen.check(app, time.time()):
                        set_warning(screen.warning)
                        page.run_task(alerts.warn)
                except CompanionError:
                    break
                if app.stack[-1] is screen:
                    set_second(time.time())
                await asyncio.sleep(1 - (time.time() % 1) + 0.02)

        return page.run_task(tick).cancel  # stops when the screen closes

    ft.use_effect(run, [])
    clock, now = face(match), time.time()
    controls: list[ft.Control] = []
    if clock.round is not None:
        controls += [ft.Text("Round", theme_style=ft.TextThemeStyle.TITLE_SMALL),
                     ft.Text(clock_text(left(clock.round, now)), key="clock-round-time", size=56,
                             weight=ft.FontWeight.BOLD)]
    for pid, name, colour, timer in clock.players:
        controls.append(ft.Container(
            key=f"clock-{pid}", padding=12, border_radius=12, on_click=partial(_pass, app, screen.match_id, pid),
            border=ft.Border.all(4 if timer.running else 1, colour),
            bgcolor=ft.Colors.SECONDARY_CONTAINER if timer.running else None,
            content=ft.Row([ft.Text(name + (" (running)" if timer.running else ""), expand=True, size=18),
                            ft.Text(clock_text(left(timer, now)), key=f"clock-{pid}-time", size=32,
                                    weight=ft.FontWeight.BOLD)])))
    running = clock.running is not None or (clock.round is not None and clock.round.running)
    controls += [
        ft.Text("Tap your tile when your turn starts: it stops the others' time.", size=12, italic=True)
        if clock.players else ft.Container(),
        ft.Text(warning, key="clock-warning", weight=ft.FontWeight.BOLD, color=ft.Colors.ERROR),
        ft.Row(wrap=True, spacing=8, controls=[
            ft.FilledButton("Pause", icon=ft.Icons.PAUSE, key="clock-pause",
                            on_click=lambda: app.attempt(lambda: pause_all(app.session, screen.match_id)))
            if running else
            ft.FilledButton("Start", icon=ft.Icons.PLAY_ARROW, key="clock-start",
                            on_click=lambda: app.attempt(lambda: start(app.session, screen.match_id)))]),
    ]
    return ft.Column(controls, spacing=12, key="clock-face")


def _pass(app: App, match_id: str, to: str) -> None:
    app.attempt(lambda: pass_turn(app.session, match_id, to))
