"""Judge mode's *Open the room*: the event's room served from this app (no terminal), and the players' codes on a
screen of their own.

The room is `companion judge serve --lan`'s assembly (room.server.OpenRoom) on a thread of the app's process: the
players' pages (find my table, the clocks, standings, *Report result*) for every phone on this device's Wi-Fi or
LAN, and the judge's screen for another device of the judge's through a one-time link. It keeps running when the
judge leaves this screen, until *Close the room* or the app closes.

Where: the desktop app, the browser app (the room then runs on the machine serving it) and a phone build. A phone
build packages no flet-web: its room serves the players' pages alone, on uvicorn's pure-Python paths (the judge's
screen is the app itself, so there is no judge's link for another device), and keeps the screen on, since a phone
stops serving once the app leaves the screen. Where the room's server can't run at all (a dependency missing),
the screen says so in one sentence instead of offering *Open the room*.

The players' codes never share a screen with the room's QR code (a projected room screen would hand every code to
everyone): they have their own screen, with the warning to hand each one over privately.
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core.errors import CompanionError
from companion.session.judging.player_codes import EventCodes
from companion.session.serving import judge_screen_served, room_unavailable
from companion.ui.judge.qr import qr_png
from companion.ui.shell import App, app_bar
from companion.ui.widgets import TAP

FIRST_PORT = 8570  # a hosted table's servers start at 8552
PORTS_TRIED = 20
QR_SIDE = 240
_open: dict[str, Any] = {}  # event id -> room.server.OpenRoom: one room per event in this process


def on_phone(page: ft.Page) -> bool:
    """The app runs on the phone itself (a phone build), not in a phone's browser."""
    return page.platform in (ft.PagePlatform.ANDROID, ft.PagePlatform.IOS) and not page.web


def _free_port() -> int:
    for port in range(FIRST_PORT, FIRST_PORT + PORTS_TRIED):
        with socket.socket() as s:
            try:
                s.bind(("0.0.0.0", port))
            except OSError:
                continue
            return port
    raise CompanionError(f"no free port between {FIRST_PORT} and {FIRST_PORT + PORTS_TRIED - 1}: close another "
                         "server on this device and try again")


def open_room(app: App, event_id: str) -> Any:
    """Start serving the event's room (once per event); raises CompanionError when it can't."""
    if event_id in _open:
        return _open[event_id]
    from companion.room.server import OpenRoom  # uvicorn and the room's pages: loaded when asked for
    from companion.ui.judge.live import LiveHub

    judge_screens = LiveHub.for_room if judge_screen_served() else None  # no flet-web (a phone): the app judges
    room = OpenRoom(app.session.judging.root, event_id, judge_screens, port=_free_port())
    if not room.start():
        raise CompanionError("the room's server did not start: try again, or restart the app")
    _open[event_id] = room
    if on_phone(app.page):
        app.keep_awake(True)  # a sleeping phone serves no room
    return room


def close_room(event_id: str) -> None:
    room = _open.pop(event_id, None)
    if room is not None:
        room.stop()


class RoomScreen:
    live = True  # its component redraws itself

    def __init__(self, event_id: str) -> None:
        self.id = event_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, "The room"), controls=[RoomBody(app, self.id, key="room")])


@ft.component
def RoomBody(app: App, event_id: str) -> ft.Control:
    _, redraw = ft.use_state(0)
    room = _open.get(event_id)
    problem = room_unavailable()

    def start() -> None:
        if app.attempt(lambda: open_room(app, event_id)) is not None:
            redraw(lambda n: n + 1)

    def stop() -> None:
        close_room(event_id)
        redraw(lambda n: n + 1)

    if room is None:
        return ft.Column(key="room-body", spacing=12, controls=[
            ft.Text("Open the room and every player follows their table on their own phone, over this device's "
                    "Wi-Fi or LAN (no internet, no account): find my table, the clock, the standings, and "
                    "reporting the result with their own code."),
            ft.Text(problem, key="room-problem", color=ft.Colors.ERROR) if problem else
            ft.FilledButton("Open the room", icon=ft.Icons.WIFI_TETHERING, key="open-room", on_click=start),
        ])
    return ft.Column(key="room-body", spacing=12, controls=[
        ft.Text("Players scan this for their table", weight=ft.FontWeight.BOLD, size=18),
        ft.Image(src=qr_png(room.players_url), width=QR_SIDE, height=QR_SIDE, key="room-qr"),
        ft.Text(room.players_url, key="room-link", selectable=True),
        ft.Text("Phones must be on the same Wi-Fi or LAN as this device. The pages show table numbers, names, "
                "clocks and standings to anyone on it; only a player's own code reports a result.", size=12),
        *([ft.Text("Keep this app open on screen while the room runs: a phone stops serving the room when it "
                   "sleeps or you switch apps.", key="room-stay", weight=ft.FontWeight.BOLD)]
          if on_phone(app.page) else []),
        ft.FilledButton("Player codes", icon=ft.Icons.KEY, key="room-codes",
                        on_click=lambda: app.go("judge.codes", event_id=event_id)),
        *([] if room.remote_judge else  # its link for another device is on the codes' screen, not here
          [ft.Text("You judge from this app: results, clocks and corrections are on the event's screen.",
                   key="room-judge-here", size=12)]),
        ft.OutlinedButton("Close the room", icon=ft.Icons.STOP_CIRCLE, key="close-room",
                          on_click=lambda: app.confirm(
                              "Close the room?", "Players' pages stop following their tables until you open the "
                              "room again. Nothing of the event is lost.", "Close the room", stop)),
    ])


class CodesScreen:
    """Each player's own code, to hand over privately: *Send* puts one player's code in the device's share sheet
    (a message to that player), or print the slips with `companion judge codes --html FILE`. The judge's one-time
    link for another device is here too, never beside the room's QR (the room's screen may be shown to the room)."""

    live = True  # its component follows the event: a player's sign-in swaps their code while it is open

    def __init__(self, event_id: str) -> None:
        self.id = event_id

    def build(self, app: App) -> ft.View:
        return ft.View(route=self.route, scroll=ft.ScrollMode.AUTO, padding=16,
                       appbar=app_bar(app, "Player codes"),
                       controls=[CodesBody(app, self.id, key="codes")])


def _read_codes(app: App, event_id: str) -> tuple[dict[str, str], frozenset[str], str] | str:
    """The players' codes, who signed in and the event's name; the sentence saying why not when it can't."""
    judging = app.session.judging
    try:
        codes = EventCodes(judging, event_id)
        return codes.codes(), frozenset(codes.signed_in()), judging.state(event_id).name
    except CompanionError as exc:
        return str(exc)


@ft.component
def CodesBody(app: App, event_id: str) -> ft.Control:
    read, set_read = ft.use_state(lambda: _read_codes(app, event_id))
    link, set_link = ft.use_state("")
    page = ft.context.page

    def follow() -> Callable[[], None]:
        """Read again once a second while open: a player signing in on the room's page (another thread of this
        app, or another device's judge screen) spends their code, and the fresh one must show here at once."""
        async def poll() -> None:
            last = read
            while True:
                await asyncio.sleep(1)
                now = _read_codes(app, event_id)
                if now != last:  # a redraw only when a code changed
                    last = now
                    set_read(now)

        return page.run_task(poll).cancel

    ft.use_effect(follow, [])
    if isinstance(read, str):
        return ft.Text(read, key="codes-problem")
    codes, signed, event = read
    room = _open.get(event_id)

    async def send(name: str, code: str) -> None:
        """To one player only, through the phone's share sheet (a message app: the judge picks the player). A
        browser without a share sheet (no navigator.canShare: Flet raises) gets that one code on the clipboard."""
        where = f" Your table: {room.players_url}" if room is not None else ""
        text = (f"{name}, your code for reporting results at {event}: {code} "
                f"(it works once, on one phone; keep it to yourself).{where}")
        try:
            await app.sharing.share_text(text)
        except (RuntimeError, TimeoutError):
            await app.clipboard.set(text)
            app.toast(f"Copied {name}'s code: paste it in a message to {name} only.")

    rows: list[ft.Control] = [
        ft.Container(key=f"code-{name}", padding=ft.Padding.symmetric(vertical=6), content=ft.Column(spacing=0,
                     controls=[ft.Text(name, weight=ft.FontWeight.BOLD),
                               *([ft.Text("Signed in on a phone. This is a fresh code, only for a second "
                                          "phone: signing in there signs the first one out.",
                                          key=f"signed-{name}", size=12)] if name in signed else []),
                               ft.Row(wrap=True, controls=[
                                   ft.Text(code, size=24, selectable=True, font_family="monospace"),
                                   ft.TextButton("Send", icon=ft.Icons.SHARE, key=f"send-{name}", height=TAP,
                                                 on_click=lambda _, n=name, c=code: page.run_task(send, n, c))])]))
        for name, code in codes.items()]

    def copy() -> None:
        text = "\n".join(f"{name}: {code}" for name, code in codes.items())
        page.run_task(app.clipboard.set, text)
        app.toast("Codes copied: send each player only their own.")

    judge_link = ([ft.OutlinedButton("Judge's link for another device", icon=ft.Icons.LINK, key="room-judge-link",
                                     height=TAP, on_click=lambda: set_link(room.judge_link())),
                   ft.Text(f"For your eyes only (it works once): {link}" if link else "", key="judge-link",
                           selectable=True, visible=bool(link), size=12)]
                  if room is not None and room.remote_judge else [])
    return ft.Column(key="codes-body", spacing=8, controls=[
        ft.Text("Hand each player their own code, in private: whoever has a code can report that player's "
                "results. Don't show this screen to the room.", key="codes-warning"),
        *(rows or [ft.Text("No players yet: seat the tables first.", key="no-codes")]),
        ft.OutlinedButton("Copy all codes", icon=ft.Icons.COPY, key="copy-codes", on_click=copy, height=TAP,
                          visible=bool(codes)),
        ft.Text("A code works once, on one phone; after a player signs in, their code here changes to a fresh "
                "one (for a second phone) and their name says they signed in.", size=12),
        *judge_link,
    ])
