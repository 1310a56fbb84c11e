"""The room's HTTP routes: pages and event streams (GET only; the players' reports are room.report's POSTs).

    /find[?name=..]   find my table          /table/N          one table's clock
    /standings        the event's standings  /room             every table's clock (a projector)
    /table/N/events, /room/events            Server-Sent Events from the hub's shared tick
    /judge/login?code=..                     the judge's one-time link, exchanged for a cookie (session.access),
                                             where the room serves the judge's screen (room.judge_client)

Bad table numbers and unknown paths answer a plain 404 page; a room full of different phones answers 503 with
Retry-After (session.fair: one client holding many streams gives one up for a newcomer instead).
"""

from __future__ import annotations

import asyncio

from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import BaseRoute, Route
from starlette.types import Message, Send

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
    notes when it began: a timer per write (asyncio.wait_for) cost more than the write itself at 1,000 pages."""

    def __init__(self, hub: RoomHub, viewer: Viewer) -> None:
        super().__init__(hub.stream(viewer), media_type="text/event-stream", headers=STREAM_HEADERS)
        self.hub = hub
        self.viewer = viewer

    async def stream_response(self, send: Send) -> None:
        viewer, clock = self.viewer, self.hub.clock

        async def noted(message: Message) -> None:
            viewer.writing = clock()
            try:
                await send(message)
            finally:
                viewer.writing = 0.0

        try:
            async with asyncio.timeout(None) as deadline:  # no deadline until the hub sees a write stalled

                def cut() -> None:
                    viewer.cut = None  # once: a second reschedule of an expiring deadline would raise
                    deadline.reschedule(-1.0)  # -1: at once (before the loop's clock)

                viewer.cut = cut
                await super().stream_response(noted)
        except TimeoutError:
            self.hub.drop(viewer)
        finally:
            viewer.cut = None


def client_of(request: Request) -> str:
    return request.client.host if request.client else ""


def room_routes(hub: RoomHub, access: Access, reports: Reports | None = None, *,
                judge_login: bool = True) -> list[BaseRoute]:
    feed = hub.feed
    preload("room")

    def fresh() -> float:
        """The time now, after a look at the stored event (a `stat`): a page shows the latest change."""
        feed.refresh()
        return hub.clock()

    def seated(request: Request) -> int | None:
        """The table number in the path when that table is seated this round."""
        raw = request.path_params["n"]
        if not raw.isdigit() or len(raw) > MAX_TABLE_DIGITS or feed.table(int(raw), fresh()) is None:
            return None
        return int(raw)

    async def table(request: Request) -> Response:
        n = seated(request)
        view = None if n is None else feed.table(n, hub.clock())
        if view is None:
            return not_found(f"There is no table {request.path_params['n'][:20]} this round. Find yours at /find.")
        return html(pages.table_page(feed, view, reports.block(request, view.number) if reports else ""))

    async def room(request: Request) -> Response:
        return html(pages.room_page(feed, feed.tables(fresh())))

    async def find(request: Request) -> Response:
        query = request.query_params.get("name", "")[:60]
        fresh()
        return html(pages.find_page(feed, query, feed.seats(query)))

    async def standings(request: Request) -> Response:
        fresh()
        return html(pages.standings_page(feed, feed.standings()))

    def stream(topic: int | None, request: Request) -> Response:
        try:
            viewer = hub.join(topic, client_of(request))
        except RoomFull as exc:
            return Response(f"The room is full ({exc}): try again in a minute.\n", 503,
                            headers={"Retry-After": "30"}, media_type="text/plain")
        return EventStream(hub, viewer)

    async def table_events(request: Request) -> Response:
        n = seated(request)
        return not_found() if n is None else stream(n, request)

    async def room_events(request: Request) -> Response:
        return stream(None, request)

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
        Route("/table/{n}", table), Route("/table/{n}/events", table_events), Route("/room/events", room_events),
        *([Route("/judge/login", login)] if judge_login else []), *(reports.routes() if reports else ()),
    ]
