"""The one server assembly: plain pages on one port, behind one door (session.access).

Both `companion judge serve` (the room's pages + the judge's screen) and a hosted table (`companion table host`,
the app's "Host this table": the join pages + the phones' table) are built here, so they share:
- cross-origin isolation headers (Flet's wasm needs them), a week's cache for the client's files, a plain 404 for
  absurd paths;
- the Origin check on every WebSocket upgrade and every POST (session.access.OriginGuard);
- uvicorn's settings behind the connection guard (open files, a cap per address, header deadlines:
  session.connection_guard), a stop that ends open streams at once, and a background thread for the app's host.

A Flet app beside the pages (the phones' table, the judge's screen on another device) is flet-web's part
(session.flet_site). Without it the site is plain Starlette (`plain_site`) and, with `pure=True`, uvicorn runs on
its pure-Python paths only (asyncio's loop, h11): what a phone build packages (starlette, uvicorn, h11, anyio,
jinja2, itsdangerous are pure Python), so the room opens from the app on a phone too.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import threading
import time
from collections.abc import AsyncIterator, Callable, Iterable
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.middleware.gzip import GZipMiddleware
from starlette.responses import Response
from starlette.routing import BaseRoute, Match
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.session.access import OriginGuard
from companion.session.connection_guard import (
    HEADER_DEADLINE,
    PER_ADDRESS,
    Connections,
    guarded_protocol,
    raise_open_files,
)

PING = 5  # seconds between WebSocket pings, and to wait for the answer (a phone gone is noticed in 2 * PING)
GRACE = 2  # seconds the server waits for open requests when told to stop; an evicted socket gets as long
MAX_PATH = 300  # longer paths are answered 404 before any route looks at them
MAX_WATCHERS = 60  # Flet sessions without a cookie at once (a watch view is ~150 KB of server memory)
START_TIMEOUT = 10  # seconds a background server may take to listen
STATIC_MAX_AGE = 7 * 24 * 3600
STATIC_FILES = (".js", ".mjs", ".wasm", ".png", ".ico", ".ttf", ".otf", ".woff", ".woff2", ".bin", ".symbols",
                ".frag", ".map")


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


class Ahead:
    """Routes answered before the app and its middleware (gzip's, the error page's, the exception handlers'), still
    behind the Origin check and the headers: the room's event streams. Each of those layers wraps `send`, and a
    stream sends a message a second for hours, which none of them has anything to do with (a stream is never
    gzipped, and an error once it has begun can only end it): at 1,000 pages their wrappers were a large share of
    the room's CPU (benchmarks/room.py). A wrong method on one of these paths gets its route's 405, as in the app."""

    def __init__(self, routes: Iterable[BaseRoute], app: ASGIApp) -> None:
        self.routes = tuple(routes)
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            for route in self.routes:
                match, child = route.matches(scope)
                if match is not Match.NONE:
                    scope.update(child)
                    await route.handle(scope, receive, send)
                    return
        await self.app(scope, receive, send)


def wrap(app: ASGIApp, printed: Callable[[], Iterable[str]], *, not_found: Callable[[Scope], Response] = plain_404,
         gzip: bool = False, ahead: Iterable[BaseRoute] = ()) -> ASGIApp:
    """What every site of ours goes through: the Origin check, the headers, gzip where asked. `ahead`: routes
    answered before the app's own middleware (`Ahead`: the room's event streams)."""
    inner: ASGIApp = GZipMiddleware(app, minimum_size=800, compresslevel=6) if gzip else app
    if ahead := tuple(ahead):
        inner = Ahead(ahead, inner)
    return OriginGuard(Headers(inner, not_found), printed)


def plain_site(*, routes: list[BaseRoute], printed: Callable[[], Iterable[str]],
               on_startup: Iterable[Callable[[], Any]] = (), on_shutdown: Iterable[Callable[[], Any]] = (),
               not_found: Callable[[Scope], Response] = plain_404, gzip: bool = False,
               ahead: Iterable[BaseRoute] = ()) -> ASGIApp:
    """Plain pages only (no Flet socket, no Flutter client): Starlette, which a phone build packages.
    `on_startup`/`on_shutdown`: functions run on the server's loop (a coroutine they return is awaited);
    `ahead`: routes answered before the app's middleware (`Ahead`)."""

    async def run(calls: Iterable[Callable[[], Any]]) -> None:
        for call in calls:
            if asyncio.iscoroutine(result := call()):
                await result

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await run(on_startup)
        yield
        await run(on_shutdown)

    async def answer_404(request: Any, exc: Exception) -> Response:
        return not_found(request.scope)

    app = Starlette(routes=routes, lifespan=lifespan, exception_handlers={404: answer_404})
    return wrap(app, printed, not_found=not_found, gzip=gzip, ahead=ahead)


def config(app: ASGIApp, host: str, port: int, *, per_address: int = PER_ADDRESS,
           header_deadline: float = HEADER_DEADLINE, pure: bool = False, **extra: Any) -> uvicorn.Config:
    """uvicorn's settings for a room's or a table's server, behind the connection guard (session.connection_guard:
    open files raised to the hard limit, a cap per client address, a deadline for request headers).
    `pure`: only uvicorn's pure-Python paths, as on a phone (asyncio's loop, h11, no WebSocket: uvloop,
    httptools and websockets are native or desktop-only and never even tried)."""
    os.environ.setdefault("FLET_WEB_NO_CDN", "1")  # no internet at the table or in the room
    raise_open_files()
    if pure:
        extra = {"loop": "asyncio", "ws": "none", **extra}
    # proxy_headers off: no proxy stands in front of a table's or a room's server, so an X-Forwarded-For header is
    # only a phone's claim (uvicorn trusts it from loopback by default: a fresh allowance of code tries per claim)
    return uvicorn.Config(app, host=host, port=port, log_level="warning", ws_ping_interval=PING,
                          ws_ping_timeout=PING, timeout_graceful_shutdown=GRACE, lifespan="on", proxy_headers=False,
                          http=guarded_protocol(Connections(per_address), header_deadline, pure=pure), **extra)


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

    def run_alone(self) -> None:
        """Serve in a process of its own (`judge serve`, `table host`) until told to stop, with the cycle collector
        set for a server. Every tick puts a message in each open stream's queue, and the wake-ups in flight pushed
        Python's young generation past its 700-object trigger many times a second: at 1,000 open streams the
        collections were a quarter of the room's CPU (benchmarks/room.py), though they found almost no cycles.
        At 20,000 they start only when the heap really grows (the phones connecting). What the process built to
        get here (modules, Flet, the app) lives as long as it does, so the rare full collections of a long event
        skip it (gc.freeze). Not for a server on the app's thread: the app's screens come and go."""
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 10, 10)
        self.run()


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
