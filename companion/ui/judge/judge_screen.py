"""The judge's screen: every table's clock, start/pause all, per-table pause/resume/extend/result, standings.

`JudgeScreen(tournament, write)` builds the view; `write(kind, data)` is the only way it changes anything
(the live server's token-checked write, or the judging service in the app). It never changes state itself:
it shows what `write` returns, and `show` / `tick` report which controls changed so only those are sent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session import inputs
from companion.session.judging.judge import Table, Tournament
from companion.ui.judge.round_panel import RoundPanel
from companion.ui.judge.widgets import (
    ClockFace,
    StandingsBox,
    players_line,
    put,
    put_text,
    result_line,
    warning_line,
)
from companion.ui.widgets import named

Write = Callable[[str, dict[str, Any]], Tournament]
CARD_WIDTH = 330


class TableCard:
    """One table on the judge's screen. Rebuilt when the table changes; its clock ticks in place."""

    def __init__(self, screen: JudgeScreen, table: Table, now: float) -> None:
        self.screen = screen
        self.table = table
        self.root = ft.Container(key=f"table-{table.number}", width=CARD_WIDTH, padding=12, border_radius=12,
                                 bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST)
        self.build(now)

    def build(self, now: float) -> None:
        t, n = self.table, self.table.number
        self.face = ClockFace(t, self.screen.tournament.marks, now)
        act = self.screen.act
        buttons = [
            ft.FilledButton("Start", key=f"start-{n}", visible=not t.started and t.result is None,
                            on_click=lambda _: act("start", {"tables": [n]})),
            ft.FilledButton("Pause", key=f"pause-{n}", visible=t.timer.running and t.result is None,
                            on_click=lambda _: act("pause", {"tables": [n]})),
            ft.FilledButton("Resume", key=f"resume-{n}",
                            visible=t.started and not t.timer.running and t.result is None,
                            on_click=lambda _: act("resume", {"tables": [n]})),
            ft.OutlinedButton("Extend", key=f"extend-{n}", visible=t.result is None,
                              on_click=lambda _: self.toggle(self.extend_panel)),
            ft.OutlinedButton("Result", key=f"result-{n}", on_click=lambda _: self.toggle(self.result_panel)),
        ]
        if self.screen.on_code is not None:  # the app (not the live server) hands each table its timer as a QR
            on_code = self.screen.on_code
            buttons.append(ft.OutlinedButton("Timer QR", key=f"timer-code-{n}", on_click=lambda _: on_code(n)))
        minutes = ft.TextField(label="Minutes", value="2", width=90, dense=True, key=f"extend-minutes-{n}",
                               keyboard_type=ft.KeyboardType.NUMBER)
        reason = ft.TextField(label="Reason", width=200, dense=True, key=f"extend-reason-{n}")
        self.extend_panel = ft.Column(visible=False, controls=[
            ft.Row([minutes, reason], wrap=True),
            ft.Button("Add time", key=f"extend-add-{n}", on_click=lambda _: self.extend(minutes, reason)),
        ])
        vp_fields = [ft.TextField(label=f"{p} VP", width=90, dense=True, key=f"vp-{n}-{i}",
                                  value="" if t.result is None else str(t.result.vp[p]),
                                  keyboard_type=ft.KeyboardType.NUMBER) for i, p in enumerate(t.players)]
        last = ft.Dropdown(label="Only force left (optional)", width=260, dense=True, key=f"last-{n}",
                           value=t.result.winners[0] if t.result and t.result.how == "last-standing" else "-",
                           options=[ft.DropdownOption(key="-", text="nobody: decide by VP"),
                                    *(ft.DropdownOption(key=p, text=p) for p in t.players)])
        placed = bool(self.screen.tournament.placement)  # Battle Royale: places decide, VP optional
        place_fields = [ft.TextField(label=f"{p} place", width=90, dense=True, key=f"place-{n}-{i}",
                                     value=str(t.result.places[p]) if t.result and t.result.places else "",
                                     keyboard_type=ft.KeyboardType.NUMBER) for i, p in enumerate(t.players)]
        first = ft.Dropdown(label="Plays first (roll-off)", width=260, dense=True, key=f"first-{n}",
                            value=t.first or None, options=[ft.DropdownOption(key=p, text=p) for p in t.players],
                            on_select=lambda e: act("first", {"table": n, "player": e.control.value}))
        last.visible = not placed
        self.result_panel = ft.Column(visible=False, controls=[
            *([ft.Row(place_fields, wrap=True)] if placed else []), ft.Row(vp_fields, wrap=True),
            named(last, 'Only force left'),
            ft.Button("Save result", key=f"result-save-{n}",
                      on_click=lambda _: self.result(vp_fields, last, place_fields if placed else None)),
        ])
        self.root.content = ft.Column(spacing=6, controls=[
            ft.Text(f"Table {n}", weight=ft.FontWeight.BOLD, size=18),
            ft.Text(players_line(t) + (f" · {t.first} first" if t.first else "")),
            *([named(first, 'Plays first')] if placed and t.result is None else []),
            self.face.clock,
            self.face.state,
            ft.Text(result_line(t), key=f"outcome-{n}", visible=t.result is not None),
            *(ft.Text(f"+{e.seconds / 60:g} min: {e.reason}", size=12, italic=True) for e in t.extensions),
            ft.Row(buttons, wrap=True, spacing=6),
            self.extend_panel,
            self.result_panel,
        ])

    def toggle(self, panel: ft.Column) -> None:
        panel.visible = not panel.visible
        self.screen.send([panel])

    def extend(self, minutes: ft.TextField, reason: ft.TextField) -> None:
        try:
            seconds = inputs.minutes_to_seconds(minutes.value or "")
        except inputs.BadInput as exc:
            self.screen.say(f"Minutes to add: {exc}")
            return
        self.screen.act("extend", {"table": self.table.number, "seconds": seconds, "reason": reason.value or ""})

    def result(self, fields: list[ft.TextField], last: ft.Dropdown, places: list[ft.TextField] | None = None) -> None:
        data: dict[str, Any] = {"table": self.table.number}
        try:
            if places is not None:
                data["places"] = {p: inputs.points(f.value or "", f"{p}'s place")
                                  for p, f in zip(self.table.players, places, strict=True)}
            if places is None or any((f.value or "").strip() for f in fields):  # VP are optional with places
                data["vp"] = {p: inputs.points(f.value or "", f"{p}'s VP")
                              for p, f in zip(self.table.players, fields, strict=True)}
        except inputs.BadInput as exc:
            self.screen.say(str(exc))
            return
        if last.value and last.value != "-":
            data["last_standing"] = last.value
        self.screen.act("result", data)


class JudgeScreen:
    def __init__(self, tournament: Tournament, write: Write, *, clock: Callable[[], float] = time.time,
                 room_url: str | None = None, room_qr: bytes | None = None,
                 on_code: Callable[[int], None] | None = None) -> None:
        self.tournament = tournament
        self.write = write
        self.on_code = on_code
        self.clock = clock
        now = clock()
        self.title = ft.Text("", theme_style=ft.TextThemeStyle.HEADLINE_SMALL, key="event-title")
        self.message = ft.Text("", key="message", color=ft.Colors.ERROR, visible=False)
        self.alert = ft.Text("", key="alert", weight=ft.FontWeight.BOLD, color=ft.Colors.RED, visible=False)
        self.cards: dict[int, TableCard] = {}
        self.grid = ft.Row(wrap=True, spacing=12, run_spacing=12, key="tables",
                           vertical_alignment=ft.CrossAxisAlignment.START)
        self.standings = StandingsBox(tournament, lambda preset: self.act("tiebreaks", {"preset": preset}))
        self.round_panel = RoundPanel(self.act, self.say)
        self.cut_buttons = [ft.OutlinedButton(f"Top {n} cut", key=f"cut-{n}", visible=False,
                                              on_click=lambda _, n=n: self.act("cut", {"size": n})) for n in (4, 8)]
        names = ft.TextField(label="New table: names, comma-separated", width=320, dense=True,
                             key="seat-names")
        seat = ft.Row(wrap=True, controls=[names, ft.OutlinedButton("Seat table", key="seat-add",
                                                                    on_click=lambda _: self.seat(names))])
        bar = ft.Row(wrap=True, spacing=8, controls=[
            ft.FilledButton("Start all", key="start-all", on_click=lambda _: self.act("start", {})),
            ft.FilledButton("Pause all", key="pause-all", on_click=lambda _: self.act("pause", {})),
            ft.FilledButton("Resume all", key="resume-all", on_click=lambda _: self.act("resume", {})),
            ft.OutlinedButton("Next round", key="next-round", on_click=lambda _: self.act("next_round", {})),
            *self.cut_buttons,
        ])
        room = [] if room_url is None else [ft.Row(wrap=True, controls=[
            *([ft.Image(src=room_qr, width=140, height=140)] if room_qr else []),
            ft.Text(f"Players: open {room_url} for your table's clock and the standings", selectable=True),
        ])]
        self.root = ft.Column(key="judge", spacing=12, controls=[
            self.title, *room, bar, self.message, self.alert, self.round_panel.root, self.grid, seat,
            ft.Text("Standings", theme_style=ft.TextThemeStyle.TITLE_MEDIUM), self.standings.root,
        ])
        self.show(tournament, now)

    # --- actions (the only way anything changes) -------------------------------------------------

    def act(self, kind: str, data: dict[str, Any]) -> None:
        changed: list[ft.Control] = []
        try:
            new = self.write(kind, data)
        except CompanionError as exc:
            put_text(self.message, str(exc), changed)
        else:
            put_text(self.message, "", changed)
            changed += self.show(new, self.clock())
        self.send(changed)

    def send(self, changed: list[ft.Control]) -> None:
        """Send just these controls: after a click Flet would otherwise diff the whole page (slow at 64 tables)."""
        ft.context.mark_update_called()
        if changed:
            self.root.page.update(*changed)

    def seat(self, names: ft.TextField) -> None:
        taken = {t.number for t in self.tournament.tables}
        number = next(n for n in range(1, len(taken) + 2) if n not in taken)
        players = [p.strip() for p in (names.value or "").split(",") if p.strip()]
        self.act("seat", {"table": number, "players": players})
        if not self.message.value:
            names.value = ""
            self.send([names])

    def say(self, text: str) -> None:
        changed: list[ft.Control] = []
        put_text(self.message, text, changed)
        self.send(changed)

    # --- drawing ---------------------------------------------------------------------------------

    def show(self, tournament: Tournament, now: float) -> list[ft.Control]:
        """Draw a new state; rebuild only the cards whose table changed. Returns the changed controls."""
        self.tournament = tournament
        changed: list[ft.Control] = []
        self.standings.sync(tournament, changed)
        put(self.title, "value", f"{tournament.name} · Skirmish {tournament.build} · {self.standings.shown.stage}",
            changed)
        for button in self.cut_buttons:  # a top cut once, after Swiss rounds
            put(button, "visible", tournament.swiss and not tournament.cut and len(tournament.rounds) > 1, changed)
        cards: dict[int, TableCard] = {}
        for table in tournament.tables:
            card = self.cards.get(table.number)
            if card is None:
                card = TableCard(self, table, now)
            elif card.table != table:
                card.table = table
                card.build(now)
                changed.append(card.root)
            cards[table.number] = card
        if list(cards) != list(self.cards) or any(cards[n] is not self.cards.get(n) for n in cards):
            self.grid.controls = [c.root for c in cards.values()]
            changed.append(self.grid)
        self.cards = cards
        self.round_panel.sync(tournament, changed)
        return changed

    def concerns(self, warnings: tuple[tuple[int, float], ...]) -> bool:
        """The judge hears every table's warnings."""
        return bool(warnings)

    def tick(self, now: float, warnings: tuple[tuple[int, float], ...] = ()) -> list[ft.Control]:
        """Move the clocks to `now`; show warnings that just fired. Returns the changed controls."""
        changed: list[ft.Control] = []
        for card in self.cards.values():
            changed += card.face.sync(card.table, self.tournament.marks, now)
        if warnings:
            put_text(self.alert, " · ".join(warning_line(n, m) for n, m in warnings), changed)
        return changed
