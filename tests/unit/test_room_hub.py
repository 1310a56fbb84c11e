"""The room's shared tick (companion.room.hub): one computation per change, the same bytes to every viewer,
pings for quiet pages, a bounded room, and viewers forgotten when they go."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from companion.room.hub import KEEPALIVE, QUEUE, STALL, RoomFull, RoomHub
from companion.session.judging.room import RoomFeed

from room_fixtures import Clock, judge, seeded_store

pytestmark = pytest.mark.asyncio


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hub(tmp_path: Path, clock: Clock) -> RoomHub:
    hub = RoomHub(RoomFeed(seeded_store(tmp_path, clock), "ev-1", clock=clock), clock=clock, max_viewers=50)
    hub.step(clock())
    return hub


def drain(viewer) -> list[tuple[str, dict]]:
    out = []
    while not viewer.queue.empty():
        item = viewer.queue.get_nowait()
        for block in item.decode().strip().split("\n\n"):
            lines = dict(line.split(": ", 1) for line in block.split("\n") if not line.startswith("retry"))
            out.append((lines["event"], json.loads(lines["data"])))
    return out


def step(hub: RoomHub, clock: Clock) -> None:
    hub.feed.refresh()
    hub.step(clock())


async def test_a_new_viewer_gets_its_table_at_once(hub: RoomHub) -> None:
    viewer = hub.join(2)
    [(event, data)] = drain(viewer)
    assert event == "tables" and data["tables"][0]["n"] == 2 and data["tables"][0]["c"] == "30:00"
    assert data["tables"][0]["s"] == "waiting" and data["tables"][0]["d"] is None


async def test_one_tick_sends_the_same_bytes_to_every_viewer_of_a_table(hub: RoomHub, clock: Clock) -> None:
    viewers = [hub.join(1) for _ in range(5)] + [hub.join(None) for _ in range(3)] + [hub.join(3)]
    for v in viewers:
        drain(v)
    judge(hub.feed.judging, "start", {"tables": [1, 2]}, clock.now)
    clock.now += 1.0
    step(hub, clock)
    table_items = [v.queue.get_nowait() for v in viewers[:5]]
    assert all(item is table_items[0] for item in table_items)  # computed once, shared
    room_items = [v.queue.get_nowait() for v in viewers[5:8]]
    assert all(item is room_items[0] for item in room_items)
    room = json.loads(room_items[0].decode().split("data: ")[1])
    assert [t["n"] for t in room["tables"]] == [1, 2] and room["tables"][0]["c"] == "29:59"
    assert room["tables"][0]["d"] == pytest.approx(clock.now - 1 + 1800)  # pages count down from it
    assert viewers[8].queue.empty()  # table 3 did not change and was not silent long enough for a ping


async def test_a_pause_made_elsewhere_reaches_the_viewers_at_the_next_step(hub: RoomHub, clock: Clock) -> None:
    judge(hub.feed.judging, "start", {}, clock.now)
    step(hub, clock)
    viewer = hub.join(1)
    drain(viewer)
    clock.now += 0.3
    judge(hub.feed.judging, "pause", {"tables": [1]}, clock.now)
    step(hub, clock)
    [(event, data)] = drain(viewer)
    assert data["tables"][0]["s"] == "paused" and data["tables"][0]["d"] is None


async def test_quiet_pages_hear_a_ping(hub: RoomHub, clock: Clock) -> None:
    viewer = hub.join(1)
    drain(viewer)
    clock.now += KEEPALIVE / 2
    step(hub, clock)
    assert viewer.queue.empty()
    clock.now += KEEPALIVE / 2
    step(hub, clock)
    assert drain(viewer) == [("ping", {})]


async def test_a_changed_seating_reloads_open_pages(hub: RoomHub, clock: Clock) -> None:
    viewer = hub.join(None)
    drain(viewer)
    judge(hub.feed.judging, "seat", {"table": 4, "players": ["Hal", "Ivy"]}, clock.now)
    step(hub, clock)
    events = [e for e, _ in drain(viewer)]
    assert events[0] == "reload"


async def test_a_room_full_of_different_phones_is_full(hub: RoomHub) -> None:
    phones = [hub.join(1, f"10.0.0.{i}") for i in range(50)]
    with pytest.raises(RoomFull):
        hub.join(1, "10.0.0.99")
    assert len(hub.viewers) == 50 and not any(v.dropped for v in phones)


async def test_one_client_holding_the_room_gives_a_stream_up_to_each_newcomer(hub: RoomHub) -> None:
    hog = [hub.join(None, "10.0.0.66") for _ in range(50)]
    ann = hub.join(1, "10.0.0.1")  # takes the hog's oldest stream
    assert hog[0].dropped and hog[0] not in hub.viewers and ann in hub.viewers
    assert hog[0].queue.get_nowait() is None  # its stream ends now (what it had pending is gone)
    again = hub.join(None, "10.0.0.66")  # the hog opening another takes back one of its own, never Ann's
    assert hog[1].dropped and not ann.dropped and again in hub.viewers
    assert len(hub.viewers) == 50 and hub.share.evicted == 2


async def test_a_stream_whose_page_stops_reading_is_dropped(hub: RoomHub, clock: Clock) -> None:
    from companion.room import routes

    viewer, other = hub.join(1, "10.0.0.1"), hub.join(1, "10.0.0.2")

    async def blocked_send(message: dict) -> None:  # the socket's buffers are full: a write never completes
        if message["type"] == "http.response.body":
            await asyncio.Event().wait()

    streaming = asyncio.create_task(routes.EventStream(hub, viewer).stream_response(blocked_send))
    await asyncio.sleep(0.01)
    assert viewer.writing == clock.now  # the first write is blocked
    clock.now += STALL - 0.5
    step(hub, clock)
    await asyncio.sleep(0.01)
    assert not streaming.done() and viewer in hub.viewers  # a slow phone has STALL seconds
    clock.now += 0.5
    step(hub, clock)
    await asyncio.sleep(0)  # the deadline expires; the stream has not yet seen it
    step(hub, clock)  # a second tick before the cut write ends changes nothing
    await asyncio.wait_for(streaming, 2)  # the tick cut the write: the stream ended
    assert viewer.dropped and viewer not in hub.viewers and len(hub.share) == 1
    assert other in hub.viewers and not other.dropped


async def test_a_page_that_closes_is_let_go_at_once(hub: RoomHub) -> None:
    from companion.room import routes

    viewer, other = hub.join(1, "10.0.0.1"), hub.join(1, "10.0.0.2")
    sent: list[dict] = []
    gone = asyncio.Event()
    asked = 0

    async def send(message: dict) -> None:
        sent.append(message)

    async def receive() -> dict:  # the request, then nothing until the page's connection closes
        nonlocal asked
        asked += 1
        if asked == 1:
            return {"type": "http.request", "body": b"", "more_body": False}
        await gone.wait()
        return {"type": "http.disconnect"}

    streaming = asyncio.create_task(routes.EventStream(hub, viewer)({"type": "http"}, receive, send))
    await asyncio.sleep(0.01)
    assert sent[0]["status"] == 200 and sent[1]["body"].startswith(b"retry:") and viewer in hub.viewers
    gone.set()
    await asyncio.wait_for(streaming, 2)  # no tick, no write needed: the close itself ends the stream
    assert viewer not in hub.viewers and len(hub.share) == 1 and other in hub.viewers
    assert sent[-1] == {"type": "http.response.body", "body": b"", "more_body": False}


async def test_a_viewer_that_stops_reading_is_dropped(hub: RoomHub, clock: Clock) -> None:
    judge(hub.feed.judging, "start", {}, clock.now)
    slow = hub.join(1)
    for _ in range(QUEUE + 2):
        clock.now += 1
        step(hub, clock)
    assert slow.dropped and slow not in hub.viewers


async def test_a_closed_stream_forgets_its_viewer_and_shutdown_ends_them_all(hub: RoomHub) -> None:
    viewer = hub.join(1)
    stream = hub.stream(viewer)
    assert (await anext(stream)).startswith(b"retry:")
    await stream.aclose()  # what the server does when the page's connection closes
    assert viewer not in hub.viewers
    others = [hub.join(2) for _ in range(3)]
    streams = [hub.stream(v) for v in others]
    for s in streams:
        await anext(s)
    hub.end_streams()
    for s in streams:
        with pytest.raises(StopAsyncIteration):
            await asyncio.wait_for(anext(s), 1)
    assert not hub.viewers
