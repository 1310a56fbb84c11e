"""The match log: every event, newest first, with who did it and when. Undo and redo are events too ("Ann undid
Ben's “Ben: +1 kill”"), and a step taken back stays, marked UNDONE (word, icon and colour), so a roll made again
after an undo, or a change someone else took back, is plain to everyone.

Flet components over the session's change feed: a step taken on another phone at a hosted table, or with the
CLI, adds its line (and the count in the title) without a tap."""

from __future__ import annotations

import time
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session.table.full_log import LogLine, log_lines
from companion.ui.hooks import use_history
from companion.ui.shell import App, MatchTitle, app_bar

ICONS = {"undo": ft.Icons.UNDO, "redo": ft.Icons.REDO, "undone": ft.Icons.REMOVE_CIRCLE_OUTLINE}


class LogScreen:
    live = True  # drawn by components over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        bar = app_bar(app, "Match log")
        bar.title = MatchTitle(app.session, self.match_id, _title, "Match log", key="log-title")
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=8, appbar=bar,
                       controls=[LogBody(app, self.match_id, key="log")])


def _title(history: Any) -> str:
    return f"Match log ({history.base + len(history.tail)})"  # every event: in segments and the head's tail


@ft.component
def LogBody(app: App, match_id: str) -> ft.Control:
    history = use_history(app.session, match_id)
    lines = ft.use_memo(lambda: _lines(app, match_id), [history])
    if isinstance(lines, str):
        return ft.Text(lines, color=ft.Colors.ERROR, key="log-error")
    rows = [_row(n, line) for n, line in reversed(list(enumerate(lines, 1)))]
    return ft.Column(rows or [ft.Text("Nothing has happened yet.")], key="log-body")


def _lines(app: App, match_id: str) -> list[LogLine] | str:
    try:
        return log_lines(app.session, match_id)
    except CompanionError as exc:
        return str(exc)


def _row(n: int, line: LogLine) -> ft.Control:
    when = time.strftime("%H:%M:%S", time.localtime(line.at))
    undone = line.kind == "undone"
    text = ("UNDONE: " if undone and not line.text.startswith("UNDONE") else "") + line.text
    colour = ft.Colors.ERROR if line.kind != "step" else None
    return ft.ListTile(key=f"log-{n}", dense=True, title=ft.Text(f"{n}. {text}", color=colour, italic=undone),
                       leading=ft.Icon(ICONS[line.kind], color=colour) if line.kind in ICONS else None,
                       subtitle=ft.Text(f"{when} · {line.who}" if line.who else when))
