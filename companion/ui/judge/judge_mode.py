"""Judge mode inside the app: the judge's events, a new event, and the judge's console with live clocks.

The console is judge mode's own JudgeConsole (components over a JudgeFeed); this device is the judge's, so its
writes go straight to the judging service (`app.session.judging`). One tick a second goes into the feed, whose
clocks redraw only when their second changed; it stops when the console closes.
`companion judge serve` shares the same events with players' phones on the local network.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.judging.games import BATTLE_ROYALE
from companion.session.judging.judge import Tournament, crossed_mark, remaining
from companion.session.judging.service import Judging
from companion.ui.alerts import Alerts
from companion.ui.judge.feed import JudgeFeed
from companion.ui.judge.judge_screen import JudgeConsole
from companion.ui.shell import App, app_bar
from companion.ui.widgets import radio_tile, switch_tile


class JudgeModeScreen:
    """The judge's events and a new one: its name, its game (every game the app knows, by its pack's name), the
    build total where the game has them, the round's length, the players (none: tables seated by hand), the
    table size the game plays at and, for pods, Battle Royale placement."""


    def __init__(self) -> None:
        self.name = ""
        self.game = ""  # a pack id; "" until the screen first asks the judging service for its games
        self.build_total: int | None = None  # None: the game's own default (its largest)
        self.minutes = "30"
        self.players = ""  # one a line: a Swiss event, round 1 drawn at random
        self.table_size = 2
        self.battle_royale = False

    def build(self, app: App) -> ft.View:
        judging = app.session.judging
        events: list[ft.Control] = []
        for tid in judging.ids():
            try:
                t = judging.state(tid)
            except CompanionError as exc:
                events.append(ft.Text(str(exc), color=ft.Colors.ERROR))
                continue
            events.append(ft.ListTile(key=f"event-{tid}", title=ft.Text(t.name),
                                      subtitle=ft.Text(f"{judging.game_label(t)} · {len(t.tables)} tables · "
                                                       f"{int(t.round_seconds // 60)} min rounds"
                                                       + (f" · Swiss, {len(t.active)} players" if t.swiss else "")),
                                      on_click=app.opener("judge.event", event_id=t.id)))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16, spacing=12,
                       appbar=app_bar(app, "Judge mode"), controls=[
            ft.Text("New event", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            ft.TextField(key="event-name", label="Event name", value=self.name, max_length=60,
                         on_change=lambda e: setattr(self, "name", e.control.value or "")),
            *self._game_fields(app, judging),
            ft.FilledButton("Create event", icon=ft.Icons.ADD, key="event-create", on_click=lambda: self._create(app)),
            ft.Text("Your events", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            *(events or [ft.Text("No events yet.", key="no-events")]),
            ft.Text("Players' phones follow their table's clock and report results once you open the room: "
                    "your event, then Room.", size=12, italic=True),
        ])

    def _game_fields(self, app: App, judging: Judging) -> list[ft.Control]:
        """The game and what it asks: its build total where it has them, its table sizes, pods' placement."""
        games = judging.games()
        by_id = {g.id: g for g in games}
        if self.game not in by_id:
            self.game = judging.first_game if judging.first_game in by_id else next(iter(by_id), "")
        game = by_id.get(self.game)
        if game is None:
            return [ft.Text("No game is installed: the app's packs are missing.", color=ft.Colors.ERROR)]
        if self.table_size not in game.sizes:  # another game chosen: its own table sizes
            self.table_size = game.sizes[0]
        build = self.build_total if self.build_total in game.builds else game.default_build

        def choose(game_id: str | None) -> None:
            self.game = game_id or self.game
            app.refresh()  # the next game's build totals and table sizes

        def size(e: ft.Event[Any]) -> None:
            self.table_size = int(e.control.selected[0])
            app.refresh()  # Battle Royale placement shows for pods only

        # radio buttons, as New match: every game visible, one tap, each with its accessible name
        fields: list[ft.Control] = [
            ft.Text("Game", theme_style=ft.TextThemeStyle.TITLE_SMALL),
            ft.RadioGroup(key="event-game", value=game.id, on_change=lambda e: choose(e.control.value),
                          content=ft.Column(spacing=0, controls=[
                              radio_tile(ft.Radio(value=g.id, key=f"event-game-{g.id}"), g.name) for g in games]))]
        if game.builds:
            fields.append(ft.SegmentedButton(
                key="event-build", show_selected_icon=False, selected=[str(build)],
                segments=[ft.Segment(value=str(b), label=ft.Text(f"{b} points")) for b in game.builds],
                on_change=lambda e: setattr(self, "build_total", int(e.control.selected[0]))))
        fields += [
            ft.TextField(key="event-minutes", label="Round length (minutes)", value=self.minutes, width=200,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: setattr(self, "minutes", e.control.value or "")),
            ft.TextField(key="event-players", label="Players, one a line",
                         helper="Swiss pairings; none: seat tables by hand", helper_max_lines=2,
                         value=self.players, multiline=True, min_lines=3, max_lines=8,
                         on_change=lambda e: setattr(self, "players", e.control.value or "")),
        ]
        if len(game.sizes) > 1:
            fields.append(ft.SegmentedButton(
                key="event-table-size", show_selected_icon=False, selected=[str(self.table_size)],
                segments=[ft.Segment(value=str(n), label=ft.Text("Pairs" if n == 2 else f"Pods of {n}"))
                          for n in game.sizes], on_change=size))
        if self.table_size > 2:
            points = "/".join(map(str, BATTLE_ROYALE))
            fields.append(switch_tile(
                ft.Switch(key="event-battle-royale", value=self.battle_royale,
                          on_change=lambda e: setattr(self, "battle_royale", bool(e.control.value))),
                "Battle Royale placement", f"Each pod scores by place: {points} points for 1st to 4th."))
        return fields

    def _create(self, app: App) -> None:
        judging = app.session.judging
        minutes = inputs.whole(self.minutes, digits=4)
        if minutes is None or minutes <= 0:
            app.toast("Round length must be a whole number of minutes, e.g. 30.")
            return
        players = [p.strip() for p in self.players.splitlines() if p.strip()]
        try:
            game = judging.game(self.game)
            build = self.build_total if self.build_total in game.builds else game.default_build
            size = self.table_size if self.table_size in game.sizes else game.sizes[0]
            placement = BATTLE_ROYALE if self.battle_royale and size > 2 else ()
            if players:
                t = judging.new_swiss(self.name, players, game=game.id, table_size=size, build=build,
                                      round_seconds=minutes * 60, placement=placement)
            else:
                t = judging.new_event(self.name, game=game.id, build=build, round_seconds=minutes * 60,
                                      placement=placement)
        except CompanionError as exc:
            app.toast(str(exc))
            return
        app.replace_with("judge.event", event_id=t.id)


class JudgeConsoleScreen:
    def __init__(self, event_id: str) -> None:
        self.id = event_id
        self.feed: JudgeFeed | None = None
        self.console: ft.Control | None = None  # the JudgeConsole component, kept: a refresh shows the same one
        self.seen: dict[int, float] = {}
        self.ticking = False

    def build(self, app: App) -> ft.View:
        judging = app.session.judging
        try:
            state = judging.state(self.id)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Judge"), controls=[ft.Text(str(exc))])

        def write(kind: str, data: dict[str, Any]) -> Tournament:
            return judging.write(self.id, kind, data)  # Swiss pairings, drops, swaps too

        if self.feed is None or self.console is None:
            self.feed = JudgeFeed(state, time.time())
            self.console = JudgeConsole(self.feed, write, judging.game_label(state), key="judge-console",
                                        on_code=lambda n: app.go("judge.timer-code", event_id=self.id, table=n))
        else:
            self.feed.show(state)
        if not self.ticking:
            self.ticking = True
            self.alerts = Alerts()
            app.keep_awake(True)
            app.page.run_task(self._tick, app)

        room = ft.FilledTonalButton("Room: players' phones and codes", icon=ft.Icons.WIFI_TETHERING, key="event-room",
                                    on_click=lambda: app.go("judge.room", event_id=self.id))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, state.name), controls=[room, self.console])

    async def _tick(self, app: App) -> None:
        """One tick a second into the feed while the console is the screen on top (its warnings always)."""
        judging = app.session.judging
        while self in app.stack and self.feed is not None:
            now = time.time()
            state = judging.state(self.id)
            due = []
            for table in state.tables:
                left = remaining(table.timer, now)
                mark = crossed_mark(state.marks, self.seen.get(table.number, left), left)
                self.seen[table.number] = left
                if mark is not None and table.result is None:
                    due.append((table.number, mark))
            if due:
                app.page.run_task(self.alerts.warn)
            if app.stack and app.stack[-1] is self:
                self.feed.show(state)
                self.feed.advance(now, tuple(due))
            await asyncio.sleep(1 - (time.time() % 1) + 0.02)
        self.ticking = False
