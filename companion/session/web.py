"""The one server assembly: plain pages and a Flet app on one port, behind one door (session.access).

Both `companion judge serve` (the room's pages + the judge's screen) and a hosted table (`companion table host`,
the app's "Host this table": the join pages + the phones' table) are built here, so they share:
- flet-web's FastAPI app without /docs, /redoc or /openapi.json, the Flutter client served from here (no
  internet needed), cross-origin isolation headers (its wasm needs them), a week's cache for its files, a
  plain 404 for absurd paths;
- the Origin check on every WebSocket upgrade and every POST (session.access.OriginGuard);
- one Flet socket endpoint: the cookie it brings is checked once, per connection (session.access); a socket
  without one only watches, and watchers share `max_watchers` slots fairly (session.fair): a newcomer takes the
  oldest watcher of the address holding the most, whose session is deleted at once, so memory stays bounded;
- uvicorn's settings behind the connection guard (open files, a cap per address, header deadlines:
  session.connection_guard), a stop that ends open streams at once, and a background thread for the app's host.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

import uvicorn
from flet_web.fastapi import FastAPI, FletApp, FletStaticFiles, app_manager
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocket

from companion.flet_adapter import end_send_loop, flet_session_key
from companion.session.access import Access, OriginGuard
from companion.session.connection_guard import (
    HEADER_DEADLINE,
    PER_ADDRESS,
    Connections,
    guarded_protocol,
    raise_open_files,
)
from companion.session.fair import FairShare

PING = 5  # seconds between WebSocket pings, and to wait for the answer (a phone gone is noticed in 2 * PING)
GRACE = 2  # seconds the server waits for open requests when told to stop; an evicted socket gets as long
MAX_PATH = 300  # longer paths are answered 404 before any route looks at them
MAX_WATCHERS = 60  # Flet sessions without a cookie at once (a watch view is ~150 KB of server memory)
START_TIMEOUT = 10  # seconds a background server may take to listen
STATIC_MAX_AGE = 7 * 24 * 3600
STATIC_FILES = (".js", ".mjs", ".wasm", ".png", ".ico", ".ttf", ".otf", ".woff", ".woff2", ".bin", ".symbols",
                ".frag", ".map")
log = logging.getLogger(__name__)


BODY_DEADLINE = 10.0  # seconds for a small form's body to arrive once its headers are in


async def small_body(request: Any, limit: int, deadline: float | None = None) -> bytes | None:
    """A posted form's body, or None when it is longer than `limit` bytes or does not arrive within `deadline`
    seconds (a phone trickling a body holds no connection for long: the header deadline stops at the headers)."""

    async def read() -> bytes | None:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                return None
        return body

    try:
        return await asyncio.wait_for(read(), BODY_DEADLINE if deadline is None else deadline)
    except TimeoutError:
        return None


def plain_404(scope: Scope) -> Response:
    return Response("Not found: there is no such page here.\n", 404, media_type="text/plain")


class Headers:
    """Cross-origin isolation, a week's cache for the client's files, `no-cache` for the rest, and a 404 for
    absurd paths: a pure ASGI wrapper, so event streams pass through unbuffered."""

    def __init__(self, app: ASGIApp, not_found: Callable[[Scope], Response] = plain_404) -> None:
        self.app = app
        self.not_found = not_found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path: str = scope["path"]
        if len(path) > MAX_PATH:
            await self.not_found(scope)(scope, receive, send)
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


@dataclass(eq=False)
class Socket:
    """One Flet socket, as the watcher slots know it."""

    websocket: WebSocket
    connection: FletApp | None = None
    session_id: str | None = None  # the app manager's key for its Flet session, once it has one
    task: asyncio.Task[Any] | None = field(default_factory=asyncio.current_task)

    def started(self, page: Any) -> None:
        """Flet's before_main: note the new session's key (Flet forgets it when the socket closes)."""
        if self.connection is not None:
            self.session_id = flet_session_key(self.connection)


class FletDoor:
    """The /ws endpoint: every Flet socket shows its cookie here once; sockets without one share the watcher
    slots fairly, and a watcher's session is deleted as soon as its socket ends (rebuilding one is cheap)."""

    def __init__(self, main: Callable[[Any], Any], access: Access, *, session_timeout: int,
                 max_watchers: int) -> None:
        self.main = main
        self.access = access
        self.session_timeout = session_timeout
        self.watchers: FairShare[Socket] = FairShare(max_watchers, self._evict)

    async def __call__(self, websocket: WebSocket) -> None:
        socket = Socket(websocket)
        socket.connection = connection = FletApp(
            loop=asyncio.get_running_loop(), executor=app_manager.executor, main=self.main,
            before_main=socket.started, session_timeout_seconds=self.session_timeout)
        watcher = self.access.admit(connection, websocket.cookies.get(self.access.cookie)) is None
        client = websocket.client.host if websocket.client else ""
        if watcher and not self.watchers.admit(client, socket):
            await websocket.close(1013, "Too many pages watch this server: try again in a minute.")
            return
        try:
            await connection.handle(websocket)
        except Exception:  # noqa: BLE001 - a socket that died mid-send (a phone gone from the Wi-Fi)
            # Flet's send loop raises before it marks the session disconnected: without this, the session
            # and its screen would never expire
            unique = flet_session_key(connection)
            if unique is not None:
                await app_manager.disconnect_session(unique, self.session_timeout)
        finally:
            if watcher:
                self.watchers.release(socket)
                if socket.session_id is not None:
                    await app_manager.delete_session(socket.session_id)

    def _evict(self, socket: Socket) -> None:
        """A newcomer took this watcher's slot: close its socket; one that doesn't close in GRACE is cut."""

        async def close() -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(socket.websocket.close(1008, "A newer page took this one's place."), GRACE)
            await asyncio.sleep(GRACE)
            if socket.task is not None and not socket.task.done():
                socket.task.cancel()
                if socket.connection is not None:
                    end_send_loop(socket.connection)

        asyncio.get_running_loop().create_task(close())


def assemble(*, routes: list[BaseRoute], door: FletDoor, client_files: FletStaticFiles,
             printed: Callable[[], Iterable[str]], on_startup: list[Callable[..., Any]] | None = None,
             on_shutdown: list[Callable[..., Any]] | None = None,
             not_found: Callable[[Scope], Response] = plain_404, gzip: bool = False) -> ASGIApp:
    """The whole server as one ASGI app: `routes` (plain pages), Flet's socket at /ws, the client at /."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, on_startup=on_startup or [],
                  on_shutdown=on_shutdown or [])
    app.router.routes.extend(routes)
    app.add_api_websocket_route("/ws", door)
    app.mount("/", client_files)
    inner: ASGIApp = GZipMiddleware(app, minimum_size=800, compresslevel=6) if gzip else app
    return OriginGuard(Headers(inner, not_found), printed)


def config(app: ASGIApp, host: str, port: int, *, per_address: int = PER_ADDRESS,
           header_deadline: float = HEADER_DEADLINE, **extra: Any) -> uvicorn.Config:
    """uvicorn's settings for a room's or a table's server, behind the connection guard (session.connection_guard:
    open files raised to the hard limit, a cap per client address, a deadline for request headers)."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")  # no internet at the table or in the room
    raise_open_files()
    # proxy_headers off: no proxy stands in front of a table's or a room's server, so an X-Forwarded-For header is
    # only a phone's claim (uvicorn trusts it from loopback by default: a fresh allowance of code tries per claim)
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws_ping_interval=PING,
                          ws_ping_timeout=PING, timeout_graceful_shutdown=GRACE, lifespan="on", proxy_headers=False,
                          http=guarded_protocol(Connections(per_address), header_deadline), **extra)


class Server(uvicorn.Server):
    """uvicorn, with `on_exit` run on the server's loop as soon as it is told to stop (open event streams
    would otherwise hold the shutdown for GRACE seconds)."""

    def __init__(self, config: uvicorn.Config, on_exit: Callable[[], None] = lambda: None) -> None:
        super().__init__(config)
        self.on_exit = on_exit
        self.loop: asyncio.AbstractEventLoop | None = None

    async def serve(self, sockets: Any = None) -> None:
        self.loop = asyncio.get_running_loop()
        await super().serve(sockets)

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self.on_exit)


class Background:
    """A server on a background thread (the app's "Host this table"; tests)."""

    def __init__(self, server: uvicorn.Server, name: str) -> None:
        self.server = server
        self.thread = threading.Thread(target=server.run, name=name, daemon=True)

    def start(self) -> bool:
        """Start serving; True once the server listens, False when it could not (then it is stopped)."""
        self.thread.start()
        deadline = time.monotonic() + START_TIMEOUT
        while not self.server.started:
            if not self.thread.is_alive() or time.monotonic() > deadline:
                self.stop()
                return False
            time.sleep(0.02)
        return True

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=5)
