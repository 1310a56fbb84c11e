"""The Flet app's entry: builds the shell over the user's data and shows the screen the page's route names.

Screens import `ui/shell.py`, not this; the screens themselves are named once, in the route table (ui/routes.py),
and loaded when first shown: the first frame loads only the screens its route shows.
"""

from __future__ import annotations

import contextlib
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session import Session
from companion.session.sharing.share import is_share_route
from companion.ui.shell import App, themes

# The Flet names home's first frame uses beyond those its modules' imports load: Flet loads a control's module
# the first time its name is used (tests/unit/test_lazy_imports.py checks that this list leaves nothing out).
FIRST_FRAME_FLET = ("Column", "Row", "FilledButton", "OutlinedButton", "IconButton", "use_state",
                    "memo",  # the root component keeps each screen's View (ui/shell.py: Screens)
                    "Component",  # the renderer's module, which page.render_views loads to draw that root
                    # the services every page holds (App)
                    "Clipboard", "FilePicker", "HapticFeedback", "Share", "SharedPreferences", "Wakelock")


def load_first_frame() -> None:
    """Load now what drawing the first frame would load: cli/app_cmd.py runs this while the browser loads
    Flet's client, so the first page finds it ready. Themes are built once to load Flet's theme classes (~0.2 s
    of CPU on this machine, the most of all), the names to load their modules; nothing is kept."""
    themes()
    for name in FIRST_FRAME_FLET:
        getattr(ft, name)
    _ = ft.Icons.ADD  # the icons' table, read with the first icon named


def prepare(page: ft.Page) -> None:
    """The page as the first frame must draw it: Flet's `before_main` (cli/app_cmd.py) runs this before the
    client is told the page exists, so the client never draws a frame in its default light theme (the white
    flash before the dark app on every load). `main` runs it again for sessions started without it (tests)."""
    page.title = "Tabletop Companion"
    page.theme, page.dark_theme = themes()
    page.theme_mode = ft.ThemeMode.DARK  # game stores are dim


async def main(page: ft.Page, session: Session | None = None) -> None:
    if page.theme_mode != ft.ThemeMode.LIGHT:  # a light mode already chosen (a reconnect) stays
        prepare(page)
    app = App(page, session or Session.open())

    def on_view_pop(_: Any) -> None:
        app.back()

    def on_route_change(e: ft.RouteChangeEvent) -> None:
        if is_share_route(e.route):  # a shared link opened by the phone's camera app (deep link)
            app.open_scan(e.route)
        elif not app.route_changed(e.route):  # the browser's back button or a typed address
            app.show_route(e.route)

    page.on_view_pop = on_view_pop
    page.on_route_change = on_route_change
    page.views.clear()
    if is_share_route(page.route):
        app.show_route("/")
        app.open_scan(page.route)
    else:  # a reload or a bookmark lands on the screen the address names
        app.show_route(page.route)
    page.run_task(after_first_frame, app)


async def after_first_frame(app: App) -> None:
    """The saved theme, then today's backup: the theme's answer comes from the device after it has the first
    frame (messages arrive in order), so the backup's work never competes with sending that frame."""
    await app.load_theme()
    app.page.run_thread(keep_daily_backup, app.session)


def keep_daily_backup(session: Session) -> None:
    """Today's automatic backup, in the background (never in the way of play)."""
    from companion.session.data.backup import daily_backup

    with contextlib.suppress(CompanionError, OSError):
        daily_backup(session)
