"""The match log: every event, newest first, with who did it and when; a roll taken back by undo stays, marked
UNDONE (word, icon and colour), so a roll made again after an undo is plain to everyone."""

from __future__ import annotations

import time

import flet as ft

from companion.core.errors import CompanionError
from companion.session.play.match_tools import describe
from companion.ui.shell import App, app_bar


class LogScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/log"

    def build(self, app: App) -> ft.View:
        try:
            match = app.session.state(self.match_id)
            events = app.session.log(self.match_id)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Match log"),
                           controls=[ft.Text(str(exc), color=ft.Colors.ERROR)])
        rows: list[ft.Control] = []
        for n, event in reversed(list(enumerate(events, 1))):
            who = match.player(event.by).name if event.by in {p.id for p in match.players} else (event.by or "")
            when = time.strftime("%H:%M:%S", time.localtime(event.at))
            undone = event.type == "undone"
            title = ft.Text(f"{n}. {describe(match, event)}", color=ft.Colors.ERROR if undone else None,
                            italic=undone)
            rows.append(ft.ListTile(key=f"log-{n}", dense=True, title=title,
                                    leading=ft.Icon(ft.Icons.UNDO, color=ft.Colors.ERROR) if undone else None,
                                    subtitle=ft.Text(f"{when} · {who} undid it" if undone and who else
                                                     f"{when} · {who}" if who else when)))
        if not rows:
            rows.append(ft.Text("Nothing has happened yet."))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=8,
                       appbar=app_bar(app, f"Match log ({len(events)})"), controls=rows)
