"""The room's HTTP routes: pages and event streams (GET only; the players' reports are room.report's POSTs).

    /find[?name=..]   find my table          /table/N          one table's clock
    /standings        the event's standings  /room             every table's clock (a projector)
    /table/N/events, /room/events            Server-Sent Events from the hub's shared tick
    /judge/login?code=..                     the judge's one-time link, exchanged for a cookie (session.access),
                                             where the room serves the judge's screen (room.judge_client)

Bad table numbers and unknown paths answer a plain 404 page; a room full of different phones answers 503 with
Retry-After (session.fair: one client holding many streams gives one up for a newcomer instead).

The event streams are `stream_routes`, which the server answers ahead of the app's middleware (session.web's
`ahead`): a stream's every message would otherwise pass the exception handlers', the error page's and gzip's
wrappers, which have nothing to do for it, and at 1,000 pages that was a large share of the room's CPU.
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.types import Receive, Scope, Send

from companion.room import pages
from companion.room.hub import RoomFull, RoomHub, Viewer
from companion.room.report import Reports
from companion.session.access import Access
from companion.session.render import preload

MAX_TABLE_DIGITS = 4  # core.tournament.state.MAX_TABLES is 500
PAGE_HEADERS = {"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
STREAM_HEADERS = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}


def html(text: str, status: int = 200) -> HTMLResponse:
    return HTMLResponse(text, status, headers=PAGE_HEADERS)


def not_found(what: str = "There is no such page here.") -> HTMLResponse:
    return html(pages.not_found(what), 404)


class EventStream(StreamingResponse):
    """One page's event stream. The page must keep reading: a write still blocked STALL seconds after it began (the
    socket's buffers are full) is cut by the hub's tick, which ends the stream and frees its slot. A write only
    notes when it began: a timer per write (asyncio.wait_for) cost more than the write itself at 1,000 pages, and
    so did a wrapper around `send` (the notes are written beside each write instead). A page that closes is let
    go at once: a small task waits for the server to say so."""

    def __init__(self, hub: RoomHub, viewer: Viewer) -> None:
        super().__init__(hub.stream(viewer), media_type="text/event-stream", headers=STREAM_HEADERS)
        self.hub = hub
        self.viewer = viewer

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        # Starlette's own watch is a task group (anyio's cancel scopes, a task handle per task): at 1,000 pages
        # connecting, more than the rest of a stream's start. A plain task ends the stream the same way, through
        # the hub, which lets the viewer go and hands its stream the end.
        closed = asyncio.get_running_loop().create_task(self.closed(receive))
        try:
            await self.stream_response(send)
        finally:
            closed.cancel()

    async def closed(self, receive: Receive) -> None:
        while (await receive())["type"] != "http.disconnect":
            pass
        self.hub.drop(self.viewer)

    async def stream_response(self, send: Send) -> None:
        viewer, clock = self.viewer, self.hub.clock
        try:
            async with asyncio.timeout(None) as deadline:  # no deadline until the hub sees a write stalled

                def cut() -> None:
                    viewer.cut = None  # once: a second reschedule of an expiring deadline would raise
                    deadline.reschedule(-1.0)  # -1: at once (before the loop's clock)

                viewer.cut = cut
                viewer.writing = clock()
                await send({"type": "http.response.start", "status": self.status_code, "headers": self.raw_headers})
                async for chunk in self.body_iterator:  # the hub's bytes, as they are
                    viewer.writing = clock()
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
                    viewer.writing = 0.0
                viewer.writing = clock()
                await send({"type": "http.response.body", "body": b"", "more_body": False})
        except TimeoutError:
            self.hub.drop(viewer)
        finally:
            viewer.writing = 0.0
            viewer.cut = None


def client_of(request: Request) -> str:
    return request.client.host if request.client else ""


def fresh(hub: RoomHub) -> float:
    """The time now, after a look at the stored event (a `stat`): a page shows the latest change."""
    hub.feed.refresh()
    return hub.clock()


def seated(hub: RoomHub, request: Request) -> int | None:
    """The table number in the path when that table is seated this round."""
    raw = request.path_params["n"]
    if not raw.isdigit() or len(raw) > MAX_TABLE_DIGITS or hub.feed.table(int(raw), fresh(hub)) is None:
        return None
    return int(raw)


class StreamEndpoint:
    """A page's live stream, for one table (`table`) or the whole room: a plain ASGI app, as a function endpoint
    would go through Starlette's request_response, whose exception handling wraps `send` for every message."""

    def __init__(self, hub: RoomHub, *, table: bool) -> None:
        self.hub = hub
        self.table = table

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        await self.answer(Request(scope, receive))(scope, receive, send)

    def answer(self, request: Request) -> Response:
        topic = self.shown(request) if self.table else None
        if self.table and topic is None:
            return not_found()
        try:
            viewer = self.hub.join(topic, client_of(request))
        except RoomFull as exc:
            return Response(f"The room is full ({exc}): try again in a minute.\n", 503,
                            headers={"Retry-After": "30"}, media_type="text/plain")
        return EventStream(self.hub, viewer)

    def shown(self, request: Request) -> int | None:
        """The table in the path, when the hub's last tick showed it (no look at the file, no view computed per
        page); else when it is seated now (a table seated since the last tick)."""
        raw = request.path_params["n"]
        if raw.isdigit() and len(raw) <= MAX_TABLE_DIGITS and int(raw) in self.hub.views:
            return int(raw)
        return seated(self.hub, request)


def stream_routes(hub: RoomHub) -> list[BaseRoute]:
    """/table/N/events and /room/events: the pages' live streams from the hub's shared tick (GET)."""
    return [Route("/table/{n}/events", StreamEndpoint(hub, table=True), methods=["GET"]),
            Route("/room/events", StreamEndpoint(hub, table=False), methods=["GET"])]


def room_routes(hub: RoomHub, access: Access, reports: Reports | None = None, *,
                judge_login: bool = True) -> list[BaseRoute]:
    """The pages (the streams are `stream_routes`)."""
    feed = hub.feed
    preload("room")

    async def table(request: Request) -> Response:
        n = seated(hub, request)
        view = None if n is None else feed.table(n, hub.clock())
        if view is None:
            return not_found(f"There is no table {request.path_params['n'][:20]} this round. Find yours at /find.")
        return html(pages.table_page(feed, view, reports.block(request, view.number) if reports else ""))

    async def room(request: Request) -> Response:
        return html(pages.room_page(feed, feed.tables(fresh(hub))))

    async def find(request: Request) -> Response:
        query = request.query_params.get("name", "")[:60]
        fresh(hub)
        return html(pages.find_page(feed, query, feed.seats(query)))

    async def standings(request: Request) -> Response:
        fresh(hub)
        return html(pages.standings_page(feed, feed.standings()))

    async def login(request: Request) -> Response:
        cookie = access.redeem(request.query_params.get("code", "")[:100])
        if cookie is None:
            return html(pages.judge_link_spent(), 403)
        response = RedirectResponse("/judge", 303)
        response.set_cookie(access.cookie, cookie, httponly=True, samesite="strict", path="/")
        return response

    async def home(request: Request) -> Response:
        return RedirectResponse("/find", 307)

    return [
        Route("/", home), Route("/find", find), Route("/room", room), Route("/standings", standings),
        Route("/table/{n}", table),
        *([Route("/judge/login", login)] if judge_login else []), *(reports.routes() if reports else ()),
    ]
