"""Hosting a table: one uvicorn server on flet-web's FastAPI app, serving the hosted match to the table's phones.

    /                the Flet client (every file from here: no internet needed); a phone with a seat cookie
                     plays as its player, any other page only watches (ui/live/phone.py)
    /join?code=..    the join QR's address: pick your player; POST /join spends the one-time code and sets
                     the seat cookie (session/access.py), then sends the phone to /
    /ws              Flet's socket; the cookie it brings is checked here, per connection

The same door as `companion judge serve`'s (session.access: a one-time code for a signed cookie, the Origin
check) and the same assembly (session.web: a socket without a seat cookie only watches, within its fair share
of MAX_WATCHERS). `serve()` runs it in the foreground for `companion table host`; `Hosting` runs it on a thread
for the app's "Host this table".
"""

from __future__ import annotations

from urllib.parse import parse_qs, quote

from flet_web.fastapi import FletStaticFiles
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp

from companion.core.errors import CompanionError
from companion.session.flet_site import FletDoor, assemble
from companion.session.lan import lan_address, public_base
from companion.session.live_table import LiveTable
from companion.session.render import preload
from companion.session.web import MAX_WATCHERS, Background, Server, config, small_body
from companion.ui.live import join_page
from companion.ui.live.phone import PhoneApp

SESSION_TIMEOUT = 30  # seconds a closed seated page's Flet session waits for its phone to reconnect
MAX_FORM = 2_000  # bytes of a join form; longer ones are refused unread
PAGE_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}


class HostingFailed(CompanionError):
    pass


def build(table: LiveTable, *, printed: tuple[str, ...] = (),
          max_watchers: int = MAX_WATCHERS) -> tuple[ASGIApp, PhoneApp]:
    """The whole server as one ASGI app (tests run it too);
    `printed`: the addresses shown to the host, besides the server's own origin, a join form may come from."""
    phone = PhoneApp(table)
    access = table.access
    preload("join")

    async def join_form(request: Request) -> Response:
        code = request.query_params.get("code", "")[:100]
        if not access.is_current(code):
            return HTMLResponse(join_page.spent(), 403, headers=PAGE_HEADERS)
        return HTMLResponse(join_page.choose_seat(table.title(), code, table.seats()), headers=PAGE_HEADERS)

    async def join(request: Request) -> Response:
        body = await small_body(request, MAX_FORM)  # too long or too slow: refused unread
        if body is None:
            return HTMLResponse(join_page.spent(), 413, headers=PAGE_HEADERS)
        form = parse_qs(body.decode("utf-8", "replace"))
        cookie = access.redeem(form.get("code", [""])[0], form.get("player", [""])[0])
        if cookie is None:
            return HTMLResponse(join_page.spent(), 403, headers=PAGE_HEADERS)
        response = RedirectResponse("/", 303)
        response.set_cookie(access.cookie, cookie, httponly=True, samesite="strict", path="/")
        return response

    routes = [Route("/join", join_form, methods=["GET"]), Route("/join", join, methods=["POST"])]
    door = FletDoor(phone.main, access, session_timeout=SESSION_TIMEOUT, max_watchers=max_watchers)
    files = FletStaticFiles(app_name=table.title(), no_cdn=True, websocket_endpoint_path="ws")
    return assemble(routes=routes, door=door, client_files=files, printed=lambda: printed,
                    on_shutdown=[phone.stop]), phone


def join_url(base: str, code: str) -> str:
    return f"{base}/join?code={quote(code)}"


def reach(host: str) -> str:
    """Who can open the table, in words for the host."""
    if host in ("0.0.0.0", "", "::"):
        return (f"Anyone on this network ({lan_address()}'s Wi-Fi or LAN) can watch the table at the address "
                "above. Only a phone that opened a join code can change it.")
    if host.startswith("127.") or host == "localhost":
        return "Only this device can open the table (add --lan to let the players' phones in)."
    return f"Anyone who can reach {host} can watch the table; only a phone that opened a join code can change it."


def printed(host: str, port: int) -> tuple[str, ...]:
    """The addresses the host is shown (a join form or a socket from one of them is not "another site")."""
    return public_base(host, port), f"http://127.0.0.1:{port}", f"http://localhost:{port}"


def serve(table: LiveTable, *, host: str, port: int) -> int:
    """Serve until Ctrl+C (the `companion table host` command)."""
    app, _ = build(table, printed=printed(host, port))
    Server(config(app, host, port)).run_alone()
    return 0


class Hosting:
    """The server on a background thread, for the app's "Host this table" (a desktop or laptop)."""

    def __init__(self, table: LiveTable, *, host: str, port: int) -> None:
        self.table = table
        self.base = public_base(host, port)
        app, _ = build(table, printed=printed(host, port))
        self.server = Background(Server(config(app, host, port)), name=f"table-{table.match_id}")

    def start(self) -> None:
        """Start serving; returns once the server listens (or raises why it could not)."""
        if not self.server.start():
            raise HostingFailed(f"the table could not be served at {self.base} (is the port taken?)")

    def stop(self) -> None:
        self.server.stop()
