"""`companion judge serve`: one process, one port, two kinds of page.

- the room pages and their event streams (room.routes), for every player's phone: a few KB each;
- the judge's Flet screen at /judge, on flet-web's FastAPI app (the Flutter client is served gzipped and
  cached by the browser for a week, so even the judge's first load shrinks), reached through a one-time link.

No /docs, /redoc or /openapi.json. Closed judge pages' sessions are dropped SESSION_TIMEOUT seconds after
their socket closes, and a dead socket is noticed by the WebSocket ping within PING * 2 seconds. SIGTERM or
Ctrl+C ends every stream at once and stops the server within GRACE seconds.
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Callable
from typing import Any, Protocol

import uvicorn
from flet_web.fastapi import FastAPI, FletStaticFiles, app_manager
from flet_web.fastapi.flet_app import FletApp
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from companion.room.access import COOKIE, JudgeAccess
from companion.room.hub import RoomHub
from companion.room.routes import not_found, room_routes
from companion.session.judging.room import RoomFeed, room_url
from companion.session.lan import lan_address, port_problem

SESSION_TIMEOUT = 10  # seconds a closed judge page's Flet session is kept for a reconnect (Flet's default: 1 hour)
PING = 5  # seconds between WebSocket pings, and to wait for the answer
GRACE = 2  # seconds the server waits for open requests when told to stop
MAX_PATH = 300  # longer paths are answered 404 before any route looks at them
STATIC_MAX_AGE = 7 * 24 * 3600
STATIC_FILES = (".js", ".mjs", ".wasm", ".png", ".ico", ".ttf", ".otf", ".woff", ".woff2", ".bin", ".symbols",
                ".frag", ".map")


class Headers:
    """Cross-origin isolation (the Flutter client's wasm needs it), a week's cache for the client's files,
    and a plain 404 for absurd paths: a pure ASGI wrapper, so event streams pass through unbuffered."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if len(path) > MAX_PATH:
            await not_found()(scope, receive, send)
            return
        static = path.endswith(STATIC_FILES)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() != b"cache-control"
                           or not static]
                headers += [(b"cross-origin-opener-policy", b"same-origin"),
                            (b"cross-origin-embedder-policy", b"require-corp")]
                if static and message["status"] == 200:
                    headers.append((b"cache-control", f"public, max-age={STATIC_MAX_AGE}".encode()))
                elif not any(k.lower() == b"cache-control" for k, _ in headers):
                    headers.append((b"cache-control", b"no-cache"))
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class JudgeClientFiles(FletStaticFiles):
    """The Flutter client's files; its page only at /judge (Flet would answer every unknown path with it)."""

    def lookup_path(self, path: str) -> tuple[str, Any]:
        if os.path.splitext(path)[1].lower() in ("", ".html") and path.strip("/") != "judge":
            return path, None
        return super().lookup_path(path)


class JudgeScreens(Protocol):
    """The judge's Flet screen (ui.judge.live.LiveHub, handed in by the command line: room/ imports no UI)."""

    async def main(self, page: Any) -> None: ...

    def stop(self) -> None: ...


# (feed, url=the players' page, may_write=the access check, on_write=wake the room, on_rotate=rotate the key)
MakeJudgeScreens = Callable[..., JudgeScreens]


def build(feed: RoomFeed, judge_screens: MakeJudgeScreens, *, players_url: str,
          announce: Callable[[str], None]) -> tuple[ASGIApp, RoomHub, JudgeAccess, JudgeScreens]:
    """The whole server as one ASGI app (tests and benchmarks run it too)."""
    hub = RoomHub(feed)
    access = JudgeAccess(feed.judge_key, feed.rotate_judge_key, announce)
    live = judge_screens(feed, url=players_url, may_write=access.admits, on_write=hub.wake, on_rotate=access.rotate)

    async def stop() -> None:
        live.stop()
        await hub.stop()

    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, on_startup=[hub.start], on_shutdown=[stop])
    app.router.routes.extend(room_routes(hub, access))

    @app.websocket("/ws")
    async def flet_socket(websocket: WebSocket) -> None:
        connection = FletApp(loop=asyncio.get_running_loop(), executor=app_manager.executor, main=live.main,
                             before_main=None, session_timeout_seconds=SESSION_TIMEOUT)
        access.admit(connection, websocket.cookies.get(COOKIE))
        try:
            await connection.handle(websocket)
        except Exception:  # noqa: BLE001 - a socket that died mid-send (a phone gone from the Wi-Fi)
            # Flet's send loop raises before it marks the session disconnected: without this, the session and
            # its judge screen would never expire (private names: flet is pinned in pyproject for this)
            session = getattr(connection, "_FletApp__session", None)
            if session is not None:
                unique = connection._FletApp__get_unique_session_id(session.id)  # type: ignore[attr-defined]
                await app_manager.disconnect_session(unique, SESSION_TIMEOUT)

    app.mount("/", JudgeClientFiles(app_name=f"{feed.state.name} (judge)", no_cdn=True, websocket_endpoint_path="ws"))
    return Headers(GZipMiddleware(app, minimum_size=800, compresslevel=6)), hub, access, live


class RoomServer(uvicorn.Server):
    def __init__(self, config: uvicorn.Config, hub: RoomHub) -> None:
        super().__init__(config)
        self.hub = hub
        self.loop: asyncio.AbstractEventLoop | None = None

    async def serve(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        if self.loop is not None:  # open streams would hold the shutdown for GRACE seconds
            self.loop.call_soon_threadsafe(self.hub.end_streams)


def serve(event_id: str | None, judge_screens: MakeJudgeScreens, *, host: str, port: int, lan: bool) -> int:
    feed = RoomFeed.open(event_id)
    problem = port_problem(host, port)
    if problem:
        print(f"companion: {problem}", file=sys.stderr)
        return 1
    local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
    players = room_url(host, port) + "find"

    def announce(code: str) -> None:
        print(f"Judge's one-time link (for you only; it works once): http://{local}:{port}/judge/login?code={code}",
              flush=True)

    app, hub, access, _ = build(feed, judge_screens, players_url=players, announce=announce)
    print(f"Players follow their table at: {players}", flush=True)
    if lan:
        print(f"Warning: anyone on this network ({lan_address()}'s Wi-Fi or LAN) can open the room pages: table "
              "numbers, player names, clocks and standings. Only the judge's one-time link can change anything.",
              flush=True)
    announce(access.new_code())
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")  # the room has no internet: every file comes from here
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_ping_interval=PING,
                            ws_ping_timeout=PING, timeout_graceful_shutdown=GRACE, backlog=2048, lifespan="on")
    RoomServer(config, hub).run()
    return 0
