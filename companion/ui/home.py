"""Home: resume a match (most recent first), start a new one, and the tools a table needs."""

from __future__ import annotations

import time

import flet as ft

from companion.core.errors import CompanionError
from companion.session.matches import MatchSummary
from companion.session.sharing.incoming import Incoming
from companion.ui.shell import App, app_bar
from companion.ui.widgets import icon_button


class HomeScreen:
    route = "/"

    def build(self, app: App) -> ft.View:
        from companion.ui.match.new_match import NewMatchScreen

        tools = ft.Row(wrap=True, spacing=8, run_spacing=8, controls=[
            ft.FilledButton("New match", icon=ft.Icons.ADD, key="new-match",
                            on_click=lambda: app.show(NewMatchScreen())),
            *self._tool_buttons(app),
        ])
        return ft.View(
            route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
            # the theme and About sit with the tools: beside the title they cut it to "Tabletop Compa..." at 360 px
            appbar=app_bar(app, "Tabletop Companion"),
            controls=[tools, *waiting_codes(app), ft.Text("Your matches", theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
                      *self._matches(app)],
        )

    def _tool_buttons(self, app: App) -> list[ft.Control]:
        from companion.ui.backup_screen import BackupScreen
        from companion.ui.helper.dice_screen import DiceScreen
        from companion.ui.judge.judge_mode import JudgeModeScreen

        return [ft.OutlinedButton("Rules", icon=ft.Icons.MENU_BOOK, key="home-rules",
                                  on_click=lambda: app.open_rules()),
                ft.OutlinedButton("Dice", icon=ft.Icons.CASINO, key="home-dice",
                                  on_click=lambda: app.show(DiceScreen())),
                ft.OutlinedButton("Judge mode", icon=ft.Icons.TIMER, key="home-judge",
                                  on_click=lambda: app.show(JudgeModeScreen())),
                ft.OutlinedButton("Scan a code", icon=ft.Icons.QR_CODE_SCANNER, key="home-scan",
                                  on_click=lambda: app.open_scan()),
                ft.OutlinedButton("Backup", icon=ft.Icons.SAVE_ALT, key="home-backup",
                                  on_click=lambda: app.show(BackupScreen())),
                ft.OutlinedButton("Dark or light", icon=ft.Icons.BRIGHTNESS_6, key="toggle-theme",
                                  on_click=lambda: app.toggle_theme()),
                ft.OutlinedButton("About", icon=ft.Icons.INFO_OUTLINE, key="open-about",
                                  on_click=lambda: open_about(app))]

    def _matches(self, app: App) -> list[ft.Control]:
        try:
            summaries, damaged = app.session.summaries()
        except CompanionError as exc:
            return [ft.Text(f"Your matches could not be read: {exc}", color=ft.Colors.ERROR)]
        notes: list[ft.Control] = [ft.Text(str(d), color=ft.Colors.ERROR, key="damaged-note") for d in damaged]
        if not summaries:
            return [*notes, ft.Text("No matches yet: tap New match.", key="no-matches")]
        return [*notes, *(self._tile(app, s) for s in summaries)]

    def _tile(self, app: App, s: MatchSummary) -> ft.Control:
        from companion.ui.match.table import TableScreen

        packs, _ = app.session.packs()
        system = packs[s.system].name if s.system in packs else s.system
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
            on_click=lambda: app.show(TableScreen(s.id)),
            trailing=icon_button(ft.Icons.DELETE_OUTLINE, key=f"delete-{s.id}", tooltip="Delete match",
                                   on_click=delete),
        )


def open_about(app: App) -> None:
    from companion.ui.about import AboutScreen

    app.show(AboutScreen())


def waiting_codes(app: App) -> list[ft.Control]:
    """Shared matches with parts still missing (kept from earlier scans): one tap carries on collecting."""
    return [ft.ListTile(key=f"home-waiting-{w.key}", leading=ft.Icon(ft.Icons.QR_CODE_2),
                        title=ft.Text(f"Shared match: code {w}"), subtitle=ft.Text("Tap to scan the rest"),
                        on_click=lambda: app.open_scan())
            for w in Incoming(app.session).waiting()]
