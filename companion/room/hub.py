"""One shared tick for every open room page: each table's text is computed once and the same bytes go to
every viewer of that table (and one combined message to every viewer of the room overview).

A viewer is a bounded mailbox. The tick wakes when a shown second changes, when the stored event changed (a
`stat` every POLL seconds catches the judge's CLI) or when a writer in this process calls `wake()`. A viewer
that cannot keep up (its mailbox is full) is dropped: its browser reconnects by itself. A viewer whose page
closed is forgotten as soon as the server notices the closed connection (its stream's watch hears it:
room.routes.EventStream), and one that stopped reading (a write to it still blocked after STALL seconds: its
socket's buffers are full) is dropped too. At most `max_viewers` are served at once, shared fairly (session.fair):
a newcomer takes a stream of the client holding the most, so one client can't lock the room out; only a room
full of different phones tells the next one to come back.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from dataclasses import dataclass, field

from companion.session.fair import FairShare
from companion.session.judging.room import RoomFeed, TableView

MAX_VIEWERS = 2000  # open room pages at once (about 10 KB of server memory each)
POLL = 0.1  # seconds between looks at the stored event (the judge's CLI writes it from another process)
KEEPALIVE = 2.0  # a silent page hears a ping this often, so it can tell a lost connection from a still clock
RETRY_MS = 2000  # how soon a browser reconnects after losing the stream
QUEUE = 32  # messages a viewer may have pending before it is dropped
STALL = 10.0  # seconds one write to a page may stay blocked (it reads nothing) before the stream is dropped
log = logging.getLogger(__name__)


class RoomFull(Exception):
    """More viewers than `max_viewers`: the page is asked to retry later (HTTP 503)."""


class Mailbox:
    """A viewer's pending messages, for its one stream to read: the part of asyncio.Queue the room uses
    (put_nowait, get_nowait, empty, get) without its task counter, its `finished` event and its getters' and
    putters' queues, which every message to every page went through (benchmarks/room.py at 1,000 pages)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: deque[bytes | None] = deque()
        self._waiter: asyncio.Future[None] | None = None  # the stream waiting for the next message

    def empty(self) -> bool:
        return not self._items

    def put_nowait(self, item: bytes | None) -> None:
        if len(self._items) >= self.size:
            raise asyncio.QueueFull
        self._items.append(item)
        waiter, self._waiter = self._waiter, None
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    def get_nowait(self) -> bytes | None:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def clear(self) -> None:
        self._items.clear()

    async def get(self) -> bytes | None:
        while not self._items:
            self._waiter = waiter = asyncio.get_running_loop().create_future()
            try:
                await waiter
            finally:
                if self._waiter is waiter:
                    self._waiter = None
        return self._items.popleft()


@dataclass(eq=False)
class Viewer:
    topic: int | None  # a table number, or None for the room overview
    client: str = ""  # the page's address: the fair share counts streams per client
    queue: Mailbox = field(default_factory=lambda: Mailbox(QUEUE))
    last: float = 0.0  # when it was last sent something
    dropped: bool = False
    writing: float = 0.0  # when the write to its page now under way began (0: none is)
    cut: Callable[[], None] | None = None  # ends the stream's write at once (set by the stream, room.routes)


_json = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode  # one encoder, not one per message


def encode(event: str, data: object) -> bytes:
    return f"event: {event}\ndata: {_json(data)}\n\n".encode()


def table_message(v: TableView) -> dict[str, object]:
    return {"n": v.number, "s": v.status, "st": v.status_text, "c": v.clock, "d": v.deadline, "l": v.level,
            "w": v.warning, "x": "; ".join(v.extensions), "r": v.result, "p": v.reports}


def tables_message(now: float, parts: Iterable[str]) -> bytes:
    """`encode("tables", {"t": now, "tables": [...]})` from tables already in JSON (`parts`): each table's JSON is
    made once per change and shared by the message to its pages, the room overview's and every newcomer's."""
    return f'event: tables\ndata: {{"t":{_json(now)},"tables":[{",".join(parts)}]}}\n\n'.encode()


class RoomHub:
    def __init__(self, feed: RoomFeed, *, clock: Callable[[], float] = time.time,
                 max_viewers: int = MAX_VIEWERS) -> None:
        self.feed = feed
        self.clock = clock
        self.max_viewers = max_viewers
        self.viewers: set[Viewer] = set()
        self.share: FairShare[Viewer] = FairShare(max_viewers, self.drop)
        self.views: dict[int, TableView] = {}
        self.parts: dict[int, str] = {}  # each table's `table_message` in JSON, as of the last step
        self.layout = self._layout()
        self._state = feed.state  # the event as of the last step
        self.sent = 0  # messages handed to viewers (for the benchmark)
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None

    def _layout(self) -> tuple[object, ...]:
        """What a page is built from, beyond the clocks: when it changes, open pages reload."""
        return (self.feed.title, tuple((t.number, t.players) for t in self.feed.state.tables))

    # --- viewers ----------------------------------------------------------------------------------

    def join(self, topic: int | None, client: str = "") -> Viewer:
        now = self.clock()
        viewer = Viewer(topic, client, last=now)
        if not self.share.admit(client, viewer):
            raise RoomFull(f"{self.max_viewers} pages are open already")
        parts = self.parts.values() if topic is None else [self.parts[topic]] if topic in self.parts else []
        viewer.queue.put_nowait(f"retry: {RETRY_MS}\n".encode() + tables_message(now, parts))
        self.viewers.add(viewer)
        return viewer

    def leave(self, viewer: Viewer) -> None:
        self.viewers.discard(viewer)
        self.share.release(viewer)

    def drop(self, viewer: Viewer) -> None:
        """End a viewer's stream now (taken back for a newcomer, or it stopped reading): what it had pending goes."""
        viewer.dropped = True
        self.leave(viewer)
        viewer.queue.clear()
        viewer.queue.put_nowait(None)

    async def stream(self, viewer: Viewer) -> AsyncIterator[bytes]:
        """The bytes one page receives, until it goes away or the server stops."""
        try:
            while True:
                item = await viewer.queue.get()
                if item is None or viewer.dropped:
                    return
                yield item
        finally:
            self.leave(viewer)

    def _send(self, viewer: Viewer, data: bytes, now: float) -> None:
        try:
            viewer.queue.put_nowait(data)
        except asyncio.QueueFull:  # it stopped reading: let it go (its browser reconnects)
            self.drop(viewer)
            return
        viewer.last = now
        self.sent += 1

    # --- the tick ---------------------------------------------------------------------------------

    def wake(self) -> None:
        """A writer in this process changed the event: look now instead of at the next poll."""
        self._wake.set()

    def step(self, now: float) -> None:
        """Compute every table's text once and send what changed; ping pages that heard nothing lately."""
        if self.feed.state is not self._state:
            self._state = self.feed.state
            layout = self._layout()
            if layout != self.layout:
                self.layout = layout
                reload = encode("reload", {})
                for viewer in list(self.viewers):
                    self._send(viewer, reload, now)
        views = {v.number: v for v in self.feed.tables(now)}
        fresh = {n: _json(table_message(v)) for n, v in views.items() if self.views.get(n) != v}
        self.views = views
        self.parts = {n: fresh[n] if n in fresh else self.parts[n] for n in views}
        by_table = {n: tables_message(now, [part]) for n, part in fresh.items()}
        room = tables_message(now, fresh.values()) if fresh else None
        ping = encode("ping", {})
        for viewer in list(self.viewers):
            if viewer.writing and now - viewer.writing >= STALL and viewer.cut is not None:
                viewer.cut()  # it stopped reading: its stream ends (and the slot is freed) as the write is cut
                continue
            data = room if viewer.topic is None else by_table.get(viewer.topic)
            if data is not None:
                self._send(viewer, data, now)
            elif now - viewer.last >= KEEPALIVE:
                self._send(viewer, ping, now)

    def next_wait(self, now: float) -> float:
        flip = self.feed.next_change(now)
        until_flip = POLL if flip is None else flip - now + 0.005
        return max(0.01, min(POLL, until_flip))

    async def run(self) -> None:
        flip_due = last = 0.0
        while True:
            now = self.clock()
            self._wake.clear()
            try:
                self.feed.refresh()
                if self.feed.state is not self._state or now >= flip_due or now - last >= KEEPALIVE / 2:
                    self.step(now)
                    last = now
                    flip = self.feed.next_change(now)
                    flip_due = now + KEEPALIVE if flip is None else flip
            except Exception:  # a damaged file must not stop every clock in the room
                log.exception("room tick failed")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.next_wait(self.clock()))

    def start(self) -> None:
        self.step(self.clock())
        self._task = asyncio.get_running_loop().create_task(self.run())

    def end_streams(self) -> None:
        """End every open stream now (the server is shutting down: it need not wait for the pages)."""
        for viewer in list(self.viewers):
            self.drop(viewer)

    async def stop(self) -> None:
        self.end_streams()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
