"""Home: resume a match (most recent first), start a new one, and the tools a table needs.

The list is a Flet component over the session's change feed: a match added, played, finished or deleted by a
hosted table's phone, the CLI or another window shows there without a tap.

Home is the first frame of nearly every start, so it is drawn from the stored summaries, the packs' names and
the kept code parts alone: every screen it opens (a match's table, New match, judge mode ...) loads when tapped."""

from __future__ import annotations

import time
from dataclasses import dataclass

import flet as ft

from companion.core.errors import CompanionError
from companion.session.matches import MatchSummary
from companion.session.sharing.waiting import Waiting, waiting_codes
from companion.ui.hooks import use_feed
from companion.ui.shell import App, app_bar
from companion.ui.widgets import icon_button


class HomeScreen:
    live = True  # the list is drawn by a component over the session's feed

    def build(self, app: App) -> ft.View:
        tools = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton("New match", icon=ft.Icons.ADD, key="new-match", on_click=lambda: open_new_match(app)),
            *self._tool_buttons(app),
        ])
        return ft.View(
            route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
            # the theme and About sit with the tools: beside the title they cut it to "Tabletop Compa..." at 360 px
            appbar=app_bar(app, "Tabletop Companion"),
            controls=[tools, HomeList(app, self, key="home")],
        )

    def _tool_buttons(self, app: App) -> list[ft.Control]:
        return [ft.OutlinedButton("Rules", icon=ft.Icons.MENU_BOOK, key="home-rules",
                                  on_click=lambda: app.open_rules()),
                ft.OutlinedButton("Dice", icon=ft.Icons.CASINO, key="home-dice",
                                  on_click=lambda: open_dice(app)),
                ft.OutlinedButton("Judge mode", icon=ft.Icons.TIMER, key="home-judge",
                                  on_click=lambda: open_judge_mode(app)),
                ft.OutlinedButton("Scan a code", icon=ft.Icons.QR_CODE_SCANNER, key="home-scan",
                                  on_click=lambda: app.open_scan()),
                ft.OutlinedButton("Backup", icon=ft.Icons.SAVE_ALT, key="home-backup",
                                  on_click=lambda: open_backup(app)),
                ft.OutlinedButton("Dark or light", icon=ft.Icons.BRIGHTNESS_6, key="toggle-theme",
                                  on_click=lambda: app.toggle_theme()),
                ft.OutlinedButton("About", icon=ft.Icons.INFO_OUTLINE, key="open-about",
                                  on_click=lambda: open_about(app))]


@dataclass(frozen=True)
class Listed:
    """What the list shows, as read from the session: equal when nothing shown changed (no redraw)."""

    matches: tuple[MatchSummary, ...] | str  # most recent first, or why they could not be read
    damaged: tuple[str, ...]  # files set aside, as the player reads them
    waiting: tuple[Waiting, ...]


@ft.component
def HomeList(app: App, screen: HomeScreen) -> ft.Control:
    """The codes still waiting for parts, then the matches; read again only while home is on top (under a
    match's table every tap would read every match)."""
    listed, _ = use_feed(app.session, None, lambda: _listed(app), shown=lambda: app.stack[-1] is screen)
    return ft.Column(key="home-list", controls=[
        *_waiting_codes(app, listed.waiting),
        ft.Text("Your matches", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
        *_matches(app, listed)])


def _listed(app: App) -> Listed:
    waiting = tuple(waiting_codes(app.session))
    try:
        summaries, damaged = app.session.summaries()
    except CompanionError as exc:
        return Listed(f"Your matches could not be read: {exc}", (), waiting)
    return Listed(tuple(summaries), tuple(str(d) for d in damaged), waiting)


def _matches(app: App, listed: Listed) -> list[ft.Control]:
    if isinstance(listed.matches, str):
        return [ft.Text(listed.matches, color=ft.Colors.ERROR)]
    notes: list[ft.Control] = [ft.Text(d, color=ft.Colors.ERROR, key="damaged-note") for d in listed.damaged]
    if not listed.matches:
        return [*notes, ft.Text("No matches yet: tap New match.", key="no-matches")]
    names = app.session.pack_names()
    return [*notes, *(_tile(app, s, names.get(s.system, s.system)) for s in listed.matches)]


def _tile(app: App, s: MatchSummary, system: str) -> ft.Control:
    when = time.strftime("%d %b %H:%M", time.localtime(s.updated))
    finished = " · finished" if s.status == "finished" else ""
    label = f" · {s.label}" if s.label else ""  # a second copy of a match, e.g. "from backup of 12 Nov"

    def delete() -> None:
        app.confirm("Delete this match?", f"{' vs '.join(s.players)} ({system}) and its whole history "
                    "will be gone from this device.", "Delete",
                    lambda: app.attempt(lambda: app.session.delete(s.id)))

    return ft.ListTile(
        key=f"match-{s.id}",
        title=ft.Text(" vs ".join(s.players)),
        subtitle=ft.Text(f"{system} · turn {s.turn}{finished} · {when}{label}"),
        on_click=lambda: app.go("match", match_id=s.id),
        trailing=icon_button(ft.Icons.DELETE_OUTLINE, key=f"delete-{s.id}", tooltip="Delete match",
                             on_click=delete),
    )


# The screens home opens, each loaded with its first tap (not before home's first frame)
def open_new_match(app: App) -> None:
    app.go("new")


def open_dice(app: App) -> None:
    app.go("dice")


def open_judge_mode(app: App) -> None:
    app.go("judge")


def open_backup(app: App) -> None:
    app.go("backup")


def open_about(app: App) -> None:
    app.go("about")


def _waiting_codes(app: App, waiting: tuple[Waiting, ...]) -> list[ft.Control]:
    """Shared matches with parts still missing (kept from earlier scans): one tap carries on collecting."""
    return [ft.ListTile(key=f"home-waiting-{w.key}", leading=ft.Icon(ft.Icons.QR_CODE_2),
                        title=ft.Text(f"Shared match: code {w}"), subtitle=ft.Text("Tap to scan the rest"),
                        on_click=lambda: app.open_scan())
            for w in waiting]
