"""The Flet app's entry: builds the shell over the user's data and shows the home screen.

The one module that knows every screen the shell may open by itself; screens import `ui/shell.py`, not this.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.session import Session
from companion.session.share import is_share_route
from companion.ui.helper.rules_screen import RulesScreen
from companion.ui.home import HomeScreen
from companion.ui.match.table import TableScreen
from companion.ui.share.screens import ScanScreen
from companion.ui.shell import App, Places


async def main(page: ft.Page, session: Session | None = None) -> None:
    page.title = "Tabletop Companion"
    page.theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    page.dark_theme = ft.Theme(color_scheme_seed=ft.Colors.INDIGO)
    page.theme_mode = ft.ThemeMode.DARK  # game stores are dim
    app = App(page, session or Session.open(), Places(rules=RulesScreen, scan=ScanScreen, table=TableScreen))

    def on_view_pop(_: Any) -> None:
        app.back()

    def on_route_change(e: ft.RouteChangeEvent) -> None:
        if is_share_route(e.route):  # a shared link opened by the phone's camera app (deep link)
            app.open_scan(e.route)

    page.on_view_pop = on_view_pop
    page.on_route_change = on_route_change
    page.views.clear()
    app.show(HomeScreen())
    if is_share_route(page.route):
        app.open_scan(page.route)
    page.run_task(app.load_theme)
