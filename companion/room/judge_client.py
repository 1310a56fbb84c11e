"""The judge's Flet screen on the room's server, for another device of the judge's: flet-web's Flutter client at
/judge and its socket at /ws (session.flet_site), beside the room's pages.

flet-web is a desktop and server install (74 MB of Flutter client, FastAPI): a phone build has none of it, and its
room serves the players' pages alone (room.server), the judge's screen being the app itself.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from flet_web.fastapi import FletStaticFiles
from starlette.routing import BaseRoute
from starlette.types import ASGIApp

from companion.room.routes import not_found
from companion.session.access import Access
from companion.session.flet_site import FletDoor, assemble

SESSION_TIMEOUT = 10  # seconds a closed judge page's Flet session is kept for a reconnect (Flet's default: 1 hour)


class JudgeClientFiles(FletStaticFiles):
    """The Flutter client's files; its page only at /judge (Flet would answer every unknown path with it)."""

    def lookup_path(self, path: str) -> tuple[str, Any]:
        if os.path.splitext(path)[1].lower() in ("", ".html") and path.strip("/") != "judge":
            return path, None
        return super().lookup_path(path)


def judge_site(main: Callable[[Any], Any], access: Access, routes: list[BaseRoute], *, name: str,
               printed: Callable[[], tuple[str, ...]], on_startup: list[Callable[..., Any]],
               on_shutdown: list[Callable[..., Any]], max_watchers: int, streams: list[BaseRoute]) -> ASGIApp:
    """The room's pages and `streams` (answered ahead of the app's middleware), and the judge's screen (`main`)
    behind the judge's cookie."""
    door = FletDoor(main, access, session_timeout=SESSION_TIMEOUT, max_watchers=max_watchers)
    files = JudgeClientFiles(app_name=f"{name} (judge)", no_cdn=True, websocket_endpoint_path="ws")
    return assemble(routes=routes, door=door, client_files=files, printed=printed, on_startup=on_startup,
                    on_shutdown=on_shutdown, not_found=lambda scope: not_found(), gzip=True, ahead=streams)
