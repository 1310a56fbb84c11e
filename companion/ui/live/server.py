"""Hosting a table: one uvicorn server on flet-web's FastAPI app, serving the hosted match to the table's phones.

    /                the Flet client (every file from here: no internet needed); a phone with a seat cookie
                     plays as its player, any other page only watches (ui/live/phone.py)
    /join?code=..    the join QR's address: pick your player; POST /join spends the one-time code and sets
                     the seat cookie (session/live_table/access.py), then sends the phone to /
    /ws              Flet's socket; the cookie it brings is checked here, per connection

The same approach as `companion judge serve`'s judge link (a one-time code for a signed cookie). `serve()` runs
it in the foreground for `companion table host`; `Hosting` runs it on a thread for the app's "Host this table".
"""

from __future__ import annotations

import asyncio
import os
import threading
import time
from urllib.parse import parse_qs, quote

import uvicorn
from flet_web.fastapi import FastAPI, FletStaticFiles, app_manager
from flet_web.fastapi.flet_app import FletApp
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from companion.core.errors import CompanionError
from companion.session.lan import lan_address, public_base
from companion.session.live_table import COOKIE, LiveTable
from companion.ui.live import join_page
from companion.ui.live.phone import PhoneApp
from companion.ui.shell import Places

SESSION_TIMEOUT = 30  # seconds a closed page's Flet session waits for its phone to reconnect
PING = 5  # seconds between WebSocket pings (a phone that left is noticed within 2 * PING)
MAX_FORM = 2_000  # bytes of a join form; longer ones are refused unread
PAGE_HEADERS = {"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"}
START_TIMEOUT = 10  # seconds the app waits for its table's server to listen


class HostingFailed(CompanionError):
    pass


class IsolationHeaders:
    """Cross-origin isolation (the Flutter client's wasm needs it), as a pure ASGI wrapper."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []),
                                                  (b"cross-origin-opener-policy", b"same-origin"),
                                                  (b"cross-origin-embedder-policy", b"require-corp")]}
            await send(message)

        await self.app(scope, receive, send_with_headers)


def build(table: LiveTable, places: Places) -> tuple[ASGIApp, PhoneApp]:
    """The whole server as one ASGI app (tests run it too); `places`: the app's screens for the phones."""
    phone = PhoneApp(table, places)
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, on_shutdown=[phone.stop])

    @app.get("/join")
    async def join_form(request: Request) -> Response:
        code = request.query_params.get("code", "")[:100]
        if not table.access.is_current(code):
            return HTMLResponse(join_page.spent(), 403, headers=PAGE_HEADERS)
        return HTMLResponse(join_page.choose_seat(table.title(), code, table.seats()), headers=PAGE_HEADERS)

    @app.post("/join")
    async def join(request: Request) -> Response:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_FORM:
                return HTMLResponse(join_page.spent(), 413, headers=PAGE_HEADERS)
        form = parse_qs(body.decode("utf-8", "replace"))
        cookie = table.access.redeem(form.get("code", [""])[0], form.get("player", [""])[0])
        if cookie is None:
            return HTMLResponse(join_page.spent(), 403, headers=PAGE_HEADERS)
        response = RedirectResponse("/", 303)
        response.set_cookie(COOKIE, cookie, httponly=True, samesite="strict", path="/")
        return response

    @app.websocket("/ws")
    async def flet_socket(websocket: WebSocket) -> None:
        connection = FletApp(loop=asyncio.get_running_loop(), executor=app_manager.executor, main=phone.main,
                             before_main=None, session_timeout_seconds=SESSION_TIMEOUT)
        table.access.admit(connection, websocket.cookies.get(COOKIE))
        await connection.handle(websocket)

    app.mount("/", FletStaticFiles(app_name=table.title(), no_cdn=True, websocket_endpoint_path="ws"))
    return IsolationHeaders(app), phone


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


def _config(app: ASGIApp, host: str, port: int) -> uvicorn.Config:
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")  # the table has no internet: every file comes from here
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws_ping_interval=PING,
                          ws_ping_timeout=PING, timeout_graceful_shutdown=2, lifespan="on")


def serve(table: LiveTable, places: Places, *, host: str, port: int) -> int:
    """Serve until Ctrl+C (the `companion table host` command)."""
    app, _ = build(table, places)
    uvicorn.Server(_config(app, host, port)).run()
    return 0


class Hosting:
    """The server on a background thread, for the app's "Host this table" (a desktop or laptop)."""

    def __init__(self, table: LiveTable, places: Places, *, host: str, port: int) -> None:
        self.table = table
        self.base = public_base(host, port)
        app, _ = build(table, places)
        self.server = uvicorn.Server(_config(app, host, port))
        self.thread = threading.Thread(target=self.server.run, name=f"table-{table.match_id}", daemon=True)

    def start(self) -> None:
        """Start serving; returns once the server listens (or raises why it could not)."""
        self.thread.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                raise HostingFailed(f"the table could not be served at {self.base} (is the port taken?)")
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
