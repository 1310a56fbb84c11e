"""The app's "Host this table": serve the open match to the phones at the table, from a desktop or a laptop.

Shown where the app runs its own Python beside a network the phones share: the desktop window. Not on phones
(a phone build carries no web server: flet-web's Flutter client is 74 MB, and Android and iOS suspend an app's
sockets once it leaves the screen) and not in the browser version (its server already runs elsewhere: host
from there with `companion table host`). The server keeps running when the host leaves this screen, until
"Stop hosting" or the app closes; the host's own table redraws when a phone changes the match.
"""

from __future__ import annotations

import contextvars
import socket
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.session.live_table import LiveTable, host_unavailable
from companion.ui.hooks import use_feed
from companion.ui.judge.qr import qr_png
from companion.ui.shell import App, app_bar

FIRST_PORT = 8552
PORTS_TRIED = 20
QR_SIDE = 220
# match id -> (ui.live.server.Hosting, stop listening): one server per hosted match in this process
_hosted: dict[str, tuple[Any, Callable[[], None]]] = {}


def can_host(page: ft.Page) -> bool:
    return (not page.web and page.platform not in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS)
            and host_unavailable() is None)


def free_port(host: str) -> int:
    for port in range(FIRST_PORT, FIRST_PORT + PORTS_TRIED):
        with socket.socket() as s:
            try:
                s.bind((host, port))
            except OSError:
                continue
            return port
    raise OSError(f"no free port between {FIRST_PORT} and {FIRST_PORT + PORTS_TRIED - 1}")


class HostScreen:
    live = True  # drawn by a component over the session's feed

    def __init__(self, match_id: str) -> None:
        self.match_id = match_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, "Host this table"),
                       controls=[HostBody(app, self.match_id, key="host")])


@ft.component
def HostBody(app: App, match_id: str) -> ft.Control:
    """The offer to host, or the join code while hosting. The code is read again whenever the feed says the
    hosted match changed: the hosted table tells the host's feed of every change and every new join code."""
    hosted, look_again = use_feed(app.session, match_id, lambda: _hosted_now(match_id))

    def start() -> None:
        app.attempt(lambda: _start(app, match_id))
        look_again()

    if hosted is None and not can_host(app.page):  # reached by its address (the table offers it only where it can)
        why = host_unavailable() or "only the app on a computer hosts a table, not a browser tab or a phone"
        return ft.Text(f"This device can't host the table: {why}.", key="host-body")
    if hosted is None:
        return ft.Column(key="host-body", spacing=12, controls=[
            ft.Text("Every phone at the table follows this match live in its browser, over this device's Wi-Fi "
                    "or LAN; no internet needed. Each player scans a join code once and then plays as themself; "
                    "anyone else on the network can only watch."),
            ft.FilledButton("Host on this network", icon=ft.Icons.WIFI_TETHERING, key="start-hosting",
                            on_click=start),
        ])
    return _hosting(app, match_id, hosted[0], look_again)


def _hosted_now(match_id: str) -> tuple[Any, str] | None:
    """The match's server and its current join code (a new code is a new value: the screen redraws)."""
    hosted = _hosted.get(match_id)
    return None if hosted is None else (hosted[0], hosted[0].table.access.code)


def _hosting(app: App, match_id: str, hosting: Any, look_again: Callable[[], None]) -> ft.Control:
    from companion.ui.live.server import join_url, reach

    join = join_url(hosting.base, hosting.table.access.code)
    watch = hosting.base + "/"

    def sign_out() -> None:
        hosting.table.sign_everyone_out()
        look_again()

    def stop() -> None:
        _, stop_listening = _hosted.pop(match_id)
        stop_listening()
        hosting.stop()
        look_again()

    return ft.Column(key="host-body", spacing=12, controls=[
        ft.Text("Scan to join as a player", weight=ft.FontWeight.BOLD),
        ft.Image(src=qr_png(join), width=QR_SIDE, height=QR_SIDE, key="join-qr"),
        ft.Text("Each code works once; the next one shows here as soon as a phone has joined.", size=12),
        ft.Text(join, key="join-link", selectable=True, size=12),
        ft.Text("Watch only (no changes)", weight=ft.FontWeight.BOLD),
        ft.Image(src=qr_png(watch), width=QR_SIDE // 2, height=QR_SIDE // 2, key="watch-qr"),
        ft.Text(watch, key="watch-link", selectable=True, size=12),
        ft.Text(reach("0.0.0.0"), size=12, key="reach"),
        ft.Row(wrap=True, controls=[
            ft.OutlinedButton("Sign every phone out", icon=ft.Icons.LOCK_RESET, key="rotate-join",
                              on_click=lambda: app.confirm(
                                  "Sign every phone out?", "Every phone loses its seat and can only watch until "
                                  "it scans the new join code.", "Sign out", sign_out)),
            ft.TextButton("Stop hosting", key="stop-hosting", on_click=stop),
        ]),
    ])


def _start(app: App, match_id: str) -> None:
    from companion.ui.live.server import Hosting

    def tell() -> None:
        # called on the server's threads: hand it to the page's own loop, in a throwaway context (run_task
        # sets Flet's current page, which must not stick to a phone's handler)
        contextvars.Context().run(app.page.run_task, _changed, app, match_id)

    table = LiveTable(match_id, app.session.root, announce=lambda code: tell())
    hosting = Hosting(table, host="0.0.0.0", port=free_port("0.0.0.0"))
    table.access.new_code()
    hosting.start()
    _hosted[match_id] = (hosting, table.listen(tell))


async def _changed(app: App, match_id: str) -> None:
    """A phone (or the CLI) changed the hosted match, or a phone spent the join code: the host's screens that
    show the match (its table, its log, this screen) read it again."""
    app.session.feed.changed(match_id)
