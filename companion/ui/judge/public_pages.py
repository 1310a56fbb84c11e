"""The read-only pages of the live view: one table's clock (/table/N) and the room overview (/).

They hold no write callback and no control that changes anything: a player's phone can only look.
`show(tournament, now)` and `tick(now, warnings)` report the controls that changed, like the judge's screen.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.session.judging.judge import Tournament
from companion.ui.judge.widgets import (
    ClockFace,
    StandingsBox,
    players_line,
    put,
    put_text,
    result_line,
    warning_line,
)


class TablePage:
    """A big clock for the players at one table, the warnings as they fire, and the event's standings."""

    def __init__(self, tournament: Tournament, number: int, now: float) -> None:
        self.tournament = tournament
        self.number = number
        self.heading = ft.Text("", theme_style=ft.TextThemeStyle.TITLE_MEDIUM, key="event-title")
        self.players = ft.Text("", size=18, key="players")
        self.face: ClockFace | None = None
        self.face_box = ft.Container(key="face")
        self.outcome = ft.Text("", key="outcome", visible=False)
        self.alert = ft.Text("", key="alert", size=22, weight=ft.FontWeight.BOLD, color=ft.Colors.RED,
                             visible=False)
        self.standings = StandingsBox(tournament)
        self.root = ft.Column(key="table-page", spacing=10, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                              controls=[self.heading, self.players, self.face_box, self.alert, self.outcome,
                                        ft.Text("Standings", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                                        self.standings.root])
        self.show(tournament, now)

    def show(self, tournament: Tournament, now: float) -> list[ft.Control]:
        self.tournament = tournament
        changed: list[ft.Control] = []
        put(self.heading, "value", f"{tournament.name} · round {tournament.current.number}", changed)
        try:
            table = tournament.table(self.number)
        except KeyError:
            put(self.players, "value", f"There is no table {self.number} this round.", changed)
            if self.face is not None:
                self.face, self.face_box.content = None, None
                changed.append(self.face_box)
            return changed
        put(self.players, "value", players_line(table), changed)
        if self.face is None:
            self.face = ClockFace(table, tournament.marks, now, size=96)
            self.face_box.content = ft.Column([self.face.clock, self.face.state],
                                              horizontal_alignment=ft.CrossAxisAlignment.CENTER)
            changed.append(self.face_box)
        else:
            changed += self.face.sync(table, tournament.marks, now)
        put_text(self.outcome, result_line(table), changed)
        self.standings.sync(tournament, changed)
        return changed

    def concerns(self, warnings: tuple[tuple[int, float], ...]) -> bool:
        """Players hear their own table's warnings only."""
        return any(number == self.number for number, _ in warnings)

    def tick(self, now: float, warnings: tuple[tuple[int, float], ...] = ()) -> list[ft.Control]:
        if self.face is None:
            return []
        changed = self.face.sync(self.tournament.table(self.number), self.tournament.marks, now)
        for number, mark in warnings:
            if number == self.number:
                put_text(self.alert, warning_line(number, mark), changed)
        return changed


class RoomPage:
    """The overview a phone opens from the room's QR code: every table's clock (tap one to follow it)."""

    def __init__(self, tournament: Tournament, now: float, open_table: Callable[[int], None], *,
                 room_url: str | None = None, room_qr: bytes | None = None, note: str = "") -> None:
        self.tournament = tournament
        self.open_table = open_table
        self.heading = ft.Text("", theme_style=ft.TextThemeStyle.HEADLINE_SMALL, key="event-title")
        self.faces: dict[int, ClockFace] = {}
        self.list = ft.Container(key="tables")
        self.standings = StandingsBox(tournament)
        room = [] if room_url is None else [ft.Row(wrap=True, controls=[
            *([ft.Image(src=room_qr, width=120, height=120)] if room_qr else []),
            ft.Text(f"This page: {room_url}", selectable=True)])]
        self.root = ft.Column(key="room-page", spacing=10, controls=[
            self.heading, *([ft.Text(note, color=ft.Colors.ERROR, key="note")] if note else []), *room,
            ft.Text("Tap your table to follow its clock."), self.list,
            ft.Text("Standings", theme_style=ft.TextThemeStyle.TITLE_MEDIUM), self.standings.root])
        self.show(tournament, now)

    def show(self, tournament: Tournament, now: float) -> list[ft.Control]:
        old, self.tournament = self.tournament, tournament
        changed: list[ft.Control] = []
        put(self.heading, "value", f"{tournament.name} · round {tournament.current.number}", changed)
        if old.current != tournament.current or not self.faces:
            self.faces = {}
            rows = []
            for table in tournament.tables:
                face = self.faces[table.number] = ClockFace(table, tournament.marks, now, size=22)
                rows.append(ft.ListTile(
                    key=f"open-{table.number}", title=face.state,
                    subtitle=ft.Text(" · ".join(x for x in (players_line(table), result_line(table)) if x)),
                    trailing=face.clock, on_click=lambda _, n=table.number: self.open_table(n)))
            # a new unkeyed column: Flet would match the new rows to the old ones by key and freeze them
            self.list.content = ft.Column(rows, spacing=4)
            changed.append(self.list)
        self.standings.sync(tournament, changed)
        return changed

    def concerns(self, warnings: tuple[tuple[int, float], ...]) -> bool:
        return False  # the overview follows every table: buzzing for each would mean nothing

    def tick(self, now: float, warnings: tuple[tuple[int, float], ...] = ()) -> list[ft.Control]:
        changed: list[ft.Control] = []
        for table in self.tournament.tables:
            face = self.faces.get(table.number)
            if face is not None:
                changed += face.sync(table, self.tournament.marks, now)
        return changed
