"""The match log: every event, newest first, with who did it and when. Undo and redo are events too ("Ann undid
Ben's “Ben: +1 kill”"), and a step taken back stays, marked UNDONE (word, icon and colour), so a roll made again
after an undo, or a change someone else took back, is plain to everyone."""

from __future__ import annotations

import time

import flet as ft

from companion.core.errors import CompanionError
from companion.session.table.full_log import log_lines
from companion.ui.shell import App, app_bar

ICONS = {"undo": ft.Icons.UNDO, "redo": ft.Icons.REDO, "undone": ft.Icons.REMOVE_CIRCLE_OUTLINE}


class LogScreen:
    def __init__(self, match_id: str) -> None:
        self.match_id = match_id
        self.route = f"/match/{match_id}/log"

    def build(self, app: App) -> ft.View:
        try:
            lines = log_lines(app.session, self.match_id)
        except CompanionError as exc:
            return ft.View(route=self.route, appbar=app_bar(app, "Match log"),
                           controls=[ft.Text(str(exc), color=ft.Colors.ERROR)])
        rows: list[ft.Control] = []
        for n, line in reversed(list(enumerate(lines, 1))):
            when = time.strftime("%H:%M:%S", time.localtime(line.at))
            undone = line.kind == "undone"
            text = ("UNDONE: " if undone and not line.text.startswith("UNDONE") else "") + line.text
            colour = ft.Colors.ERROR if line.kind != "step" else None
            rows.append(ft.ListTile(
                key=f"log-{n}", dense=True, title=ft.Text(f"{n}. {text}", color=colour, italic=undone),
                leading=ft.Icon(ICONS[line.kind], color=colour) if line.kind in ICONS else None,
                subtitle=ft.Text(f"{when} · {line.who}" if line.who else when)))
        if not rows:
            rows.append(ft.Text("Nothing has happened yet."))
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=8,
                       appbar=app_bar(app, f"Match log ({len(lines)})"), controls=rows)
