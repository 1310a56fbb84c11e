"""`companion judge serve` and the app's *Open the room*: one process, one port, two kinds of page.

- the room pages and their event streams (room.routes), for every player's phone: a few KB each;
- the judge's Flet screen at /judge for another device of the judge's (room.judge_client, on flet-web: the
  Flutter client is served gzipped and cached by the browser for a week), reached through a one-time link.

Without judge screens (a phone build, which packages no flet-web; the judge's screen is the app itself) the room is
the plain site alone, on uvicorn's pure-Python paths (session.web's `plain_site` and `config(pure=True)`).

No /docs, /redoc or /openapi.json. Closed judge pages' sessions are dropped SESSION_TIMEOUT (room.judge_client)
seconds after their socket closes, and a dead socket is noticed by the WebSocket ping within PING * 2 seconds.
SIGTERM or Ctrl+C ends every stream at once and stops the server within GRACE seconds. The server itself (headers,
the Origin check, the Flet socket's door and its watcher slots, uvicorn) is assembled by session.web and
session.flet_site, as a hosted table's is; the judge's rights are session.access's.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from starlette.types import ASGIApp

from companion.room.hub import MAX_VIEWERS, RoomHub
from companion.room.report import Reports
from companion.room.routes import not_found, room_routes, stream_routes
from companion.session.access import Access, judge_access, player_access
from companion.session.connection_guard import file_budget
from companion.session.judging.player_codes import EventCodes
from companion.session.judging.room import RoomFeed, room_url
from companion.session.lan import lan_address, port_problem, public_base
from companion.session.web import MAX_WATCHERS, Background, Server, config, plain_site


class JudgeScreens(Protocol):
    """The judge's Flet screen (ui.judge.live.LiveHub, handed in by the command line: room/ imports no UI)."""

    async def main(self, page: Any) -> None: ...

    def reread(self) -> None: ...  # show a change made elsewhere (a player's report) now

    def stop(self) -> None: ...


# (feed, url=the players' page, may_write=the access check, on_write=wake the room, on_rotate=rotate the key)
MakeJudgeScreens = Callable[..., JudgeScreens]


def build(feed: RoomFeed, judge_screens: MakeJudgeScreens | None, *, players_url: str,
          announce: Callable[[str], None], printed: tuple[str, ...] = (), max_viewers: int = MAX_VIEWERS,
          max_watchers: int = MAX_WATCHERS) -> tuple[ASGIApp, RoomHub, Access, JudgeScreens | None]:
    """The whole server as one ASGI app (tests and benchmarks run it too). `printed`: the addresses shown on
    the terminal, besides the server's own origin, that a form or a socket may come from. `judge_screens` None:
    the players' pages alone (no flet-web needed: what a phone build serves)."""
    watchers = max_watchers if judge_screens is not None else 0
    # every stream and socket is an open file: the caps fit in what the process really has (a 1,024 limit left
    # the room "Too many open files" below a 2,000-stream cap)
    max_viewers = min(max_viewers, file_budget() - watchers)
    hub = RoomHub(feed, max_viewers=max_viewers)
    access = judge_access(feed.judge_key(), feed.rotate_judge_key, announce)
    live = None if judge_screens is None else judge_screens(
        feed, url=players_url, may_write=access.admits, on_write=hub.wake, on_rotate=access.rotate)

    async def stop() -> None:
        if live is not None:
            live.stop()
        await hub.stop()

    players = player_access(feed.id, feed.judging.players_key(feed.id), EventCodes(feed.judging, feed.id))

    def reported() -> None:  # a player's report: the room's pages and the judge's screens show it at once
        hub.wake()
        if live is not None:
            live.reread()

    reports = Reports(feed, players, on_write=reported)
    routes = room_routes(hub, access, reports, judge_login=live is not None)
    streams = stream_routes(hub)  # ahead of the app's middleware (session.web.Ahead)
    if live is None:
        app = plain_site(routes=routes, printed=lambda: printed, on_startup=[hub.start], on_shutdown=[stop],
                         not_found=lambda scope: not_found(), gzip=True, ahead=streams)
    else:
        from companion.room.judge_client import judge_site  # flet-web: loaded only where the judge's screen is served

        app = judge_site(live.main, access, routes, name=feed.state.name, printed=lambda: printed,
                         on_startup=[hub.start], on_shutdown=[stop], max_watchers=max_watchers, streams=streams)
    return app, hub, access, live


def serve(event_id: str | None, judge_screens: MakeJudgeScreens | None, *, host: str, port: int, lan: bool) -> int:
    """Serve until Ctrl+C (`companion judge serve`); without `judge_screens` (no flet-web) the players' pages alone,
    the judge judging with `companion judge` commands."""
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

    app, hub, access, live = build(feed, judge_screens, players_url=players, announce=announce,
                                   printed=(public_base(host, port), f"http://{local}:{port}"))
    print(f"Players follow their table at: {players}", flush=True)
    if lan:
        print(f"Warning: anyone on this network ({lan_address()}'s Wi-Fi or LAN) can open the room pages: table "
              "numbers, player names, clocks and standings. Only the judge's one-time link changes anything, besides "
              "a player's own code, which reports that player's table's result.",
              flush=True)
    if live is not None:
        access.new_code()  # announced: the judge's first link
    else:
        print("No judge's screen here (flet-web is not installed: pip install 'tabletop-companion[web]'): judge with "
              "`companion judge start|result|status ...` in another terminal.", flush=True)
    print("Players report results with their own codes: `companion judge codes` (or Player codes on the judge's "
          "screen).", flush=True)
    Server(config(app, host, port, backlog=2048, pure=live is None), on_exit=hub.end_streams).run_alone()
    return 0


class OpenRoom:
    """The room served from inside the app (judge mode's *Open the room*: a desktop, the browser app's machine, a
    phone): the same assembly as `companion judge serve --lan`, on a thread of the app's process, until `stop()`.
    The judge's own device is the app itself; with `judge_screens` (flet-web installed), `judge_link()` makes a
    one-time link for another device of theirs. Without them (a phone build) the room is the players' pages alone,
    on uvicorn's pure-Python paths."""

    def __init__(self, root: Path | None, event_id: str, judge_screens: MakeJudgeScreens | None, *, port: int,
                 host: str = "0.0.0.0") -> None:
        self.feed = RoomFeed.open(event_id, root)
        local = "127.0.0.1" if host in ("0.0.0.0", "", "::") else host
        self.base = public_base(host, port)
        self.players_url = room_url(host, port) + "find"
        self.local = f"http://{local}:{port}"
        self.remote_judge = judge_screens is not None
        app, hub, self.access, _ = build(self.feed, judge_screens, players_url=self.players_url,
                                         announce=lambda code: None, printed=(self.base, self.local))
        settings = config(app, host, port, backlog=2048, pure=not self.remote_judge)
        self._server = Background(Server(settings, on_exit=hub.end_streams), name=f"room-{event_id}")

    def start(self) -> bool:
        """Serve; True once it listens (False: the port was taken or the server failed, and nothing runs)."""
        return self._server.start()

    def judge_link(self) -> str:
        """A fresh one-time link to the judge's screen (it works once; an older one stops working); only where
        `remote_judge` (the room serves the judge's screen)."""
        if not self.remote_judge:
            raise RuntimeError("this room serves no judge's screen (no flet-web here)")
        return f"{self.base}/judge/login?code={self.access.new_code()}"

    def stop(self) -> None:
        self._server.stop()
