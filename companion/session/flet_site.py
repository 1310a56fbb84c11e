"""flet-web's part of the one server assembly: a Flet app's socket and its Flutter client beside plain pages.

A hosted table (the phones' table) and `companion judge serve` (the judge's screen for another device) serve a Flet
app to browsers: flet-web's FastAPI app without /docs, /redoc or /openapi.json, the Flutter client served from
here (no internet needed), and one Flet socket endpoint behind the door: the cookie a socket brings is checked
once, per connection (session.access); a socket without one only watches, and watchers share `max_watchers` slots
fairly (session.fair): a newcomer takes the oldest watcher of the address holding the most, whose session is
deleted at once, so memory stays bounded.

flet-web (74 MB of Flutter client, FastAPI, pydantic-core) is for desktops and servers only: a phone build has none
of it, and the room it serves is session.web's plain site.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from flet_web.fastapi import FastAPI, FletApp, FletStaticFiles, app_manager
from starlette.responses import Response
from starlette.routing import BaseRoute
from starlette.types import ASGIApp, Scope
from starlette.websockets import WebSocket

from companion.flet_adapter import end_send_loop, flet_session_key
from companion.session.access import Access
from companion.session.fair import FairShare
from companion.session.web import GRACE, plain_404, wrap


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
             not_found: Callable[[Scope], Response] = plain_404, gzip: bool = False,
             ahead: Iterable[BaseRoute] = ()) -> ASGIApp:
    """The whole server as one ASGI app: `routes` (plain pages), Flet's socket at /ws, the client at /;
    `ahead`: routes answered before the app's middleware (session.web's `Ahead`: the room's event streams)."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None, on_startup=on_startup or [],
                  on_shutdown=on_shutdown or [])
    app.router.routes.extend(routes)
    app.add_api_websocket_route("/ws", door)
    app.mount("/", client_files)
    return wrap(app, printed, not_found=not_found, gzip=gzip, ahead=ahead)
