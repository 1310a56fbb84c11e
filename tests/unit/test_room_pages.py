"""The room's pages over plain HTTP, as a phone without JavaScript sees them (companion.room)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
import pytest_asyncio
from starlette.applications import Starlette

from companion.room.hub import RoomHub
from companion.room.routes import not_found, room_routes, stream_routes
from companion.session.access import JUDGE_COOKIE as COOKIE
from companion.session.access import judge_access
from companion.session.judging.room import RoomFeed
from companion.session.web import Headers

from room_fixtures import Clock, judge, seeded_store

pytestmark = pytest.mark.asyncio


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest_asyncio.fixture
async def served(tmp_path: Path, clock: Clock):
    store = seeded_store(tmp_path, clock)
    feed = RoomFeed(store, "ev-1", clock=clock)
    hub = RoomHub(feed, clock=clock)
    hub.step(clock())
    codes: list[str] = []
    access = judge_access(feed.judge_key(), feed.rotate_judge_key, codes.append)
    app = Headers(Starlette(routes=room_routes(hub, access) + stream_routes(hub)), lambda scope: not_found())
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as client:
        yield client, store, hub, access


async def test_a_table_page_names_the_players_and_shows_the_time_left(served, clock: Clock) -> None:
    client, store, _, _ = served
    judge(store, "start", {}, clock.now)
    clock.now += 70.5
    r = await client.get("/table/2")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "Cat vs Dan vs Eve" in r.text
    assert '<div class="clock" data-f="clock" role="timer">28:50</div>' in r.text
    assert "running" in r.text and "Table 2" in r.text
    assert len(r.content) < 8_000  # the whole page, style and script included


async def test_paused_extended_and_finished_tables_say_so(served, clock: Clock) -> None:
    client, store, _, _ = served
    judge(store, "start", {}, clock.now)
    judge(store, "extend", {"table": 1, "seconds": 120, "reason": "rules question"}, clock.now)
    judge(store, "pause", {"tables": [1]}, clock.now + 10)
    clock.now += 1500
    page = (await client.get("/table/1")).text
    assert "paused" in page and "31:50" in page and "+2 min: rules question" in page
    late = (await client.get("/table/2")).text  # 5:00 left: past the 10 and 5 minute marks
    assert 'class="tbl running warn"' in late and "5 minutes left" in late
    clock.now += 290
    assert 'class="tbl running late"' in (await client.get("/table/2")).text
    judge(store, "result", {"table": 3, "vp": {"Fay": 15, "<b>Gus</b>": 3}}, clock.now)
    done = (await client.get("/table/3")).text
    assert "Fay wins (reached the VP target)" in done and "result in" in done


async def test_names_are_escaped(served) -> None:
    client, *_ = served
    page = (await client.get("/table/3")).text
    assert "<b>Gus</b>" not in page and "&lt;b&gt;Gus&lt;/b&gt;" in page


@pytest.mark.parametrize("path", ["/table/999", "/table/0", "/table/abc", "/table/-1", "/table/1.5",
                                  "/table/" + "9" * 5000, "/" + "x" * 20_000, "/table/999/events", "/nowhere"])
async def test_bad_paths_get_a_clear_404(served, path: str) -> None:
    client, *_ = served
    r = await client.get(path)
    assert r.status_code == 404
    assert "not found" in r.text.lower() and "Traceback" not in r.text and len(r.content) < 8_000


async def test_find_my_table_by_any_part_of_a_name(served) -> None:
    client, *_ = served
    page = (await client.get("/find", params={"name": "an"})).text
    assert '<a href="/table/1">Table 1</a> Ann vs Ben' in page and '<a href="/table/2">Table 2</a> Dan' in page
    assert "Fay" not in page.split("<ul")[1]
    assert "No player named like Zed" in (await client.get("/find", params={"name": "Zed"})).text
    everyone = (await client.get("/find")).text
    assert all(f"</a> {name}" in everyone for name in ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay"))
    huge = await client.get("/find", params={"name": "a" * 5_000})
    assert huge.status_code == 200


async def test_standings_and_the_room_overview(served, clock: Clock) -> None:
    client, store, _, _ = served
    judge(store, "result", {"table": 1, "vp": {"Ann": 15, "Ben": 9}}, clock.now)
    standings = (await client.get("/standings")).text
    assert '<td class="n">1</td><td>Ann</td><td class="n">1</td><td class="n">1</td>' in standings
    assert "Order: Wins, then VP: wins → ties → VP" in standings and '<th class="n">Opp</th>' in standings
    room = (await client.get("/room")).text
    assert all(f'href="/table/{n}"' in room for n in (1, 2, 3)) and 'data-events="/room/events"' in room
    r = await client.get("/", follow_redirects=False)
    assert r.status_code == 307 and r.headers["location"] == "/find"


async def test_no_route_changes_anything(served, tmp_path: Path) -> None:
    client, store, hub, _ = served
    before = store.signature("ev-1")
    for path in ("/", "/find", "/room", "/standings", "/table/1", "/judge/login?code=guess"):
        for method in ("POST", "PUT", "DELETE", "PATCH"):
            assert (await client.request(method, path)).status_code == 405, (method, path)
        await client.get(path)
    assert store.signature("ev-1") == before


async def test_the_judge_link_works_once_and_sets_a_strict_cookie(served) -> None:
    client, _, _, access = served
    code = access.new_code()
    r = await client.get(f"/judge/login?code={code}", follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/judge"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=") and "HttpOnly" in cookie and "SameSite=strict" in cookie
    assert access.holder(r.cookies[COOKIE]) == "judge"
    again = await client.get(f"/judge/login?code={code}", follow_redirects=False)
    assert again.status_code == 403 and "spent or wrong" in again.text


async def test_a_full_room_answers_503(served) -> None:
    client, _, hub, _ = served
    hub.share.cap = 0  # no slot to share
    r = await client.get("/table/1/events")
    assert r.status_code == 503 and r.headers["retry-after"] == "30" and "The room is full" in r.text


async def test_find_uses_the_swiss_pairings_and_names_a_bye(tmp_path: Path) -> None:
    import random

    from companion.session.judging.service import Judging

    store = Judging(tmp_path)
    t = store.new_swiss("Swiss Friday", ["Ann", "Ben", "Cat", "Dan", "Eve"], chance=random.Random(7))
    feed = RoomFeed(store, t.id)
    bye = t.current.byes[0]
    [seat] = feed.seats(bye)
    assert seat.table is None
    hub = RoomHub(feed)
    hub.step(0.0)
    app = Headers(Starlette(routes=room_routes(hub, judge_access(feed.judge_key(), feed.rotate_judge_key, print))))
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as client:
        page = (await client.get("/find", params={"name": bye})).text
        assert f"<b>Bye</b> {bye}: no game this round" in page
        seated = next(p for tb in t.current.tables for p in tb.players)
        table = next(tb.number for tb in t.current.tables if seated in tb.players)
        assert f'<a href="/table/{table}">Table {table}</a> {seated}' in (
            await client.get("/find", params={"name": seated})).text


async def test_the_served_room_answers_its_streams_ahead_of_the_app_with_the_same_headers(tmp_path: Path,
                                                                                          clock: Clock) -> None:
    from companion.room.server import build

    feed = RoomFeed(seeded_store(tmp_path, clock), "ev-1", clock=clock)
    app, hub, _, _ = build(feed, None, players_url="http://room/find", announce=print)
    hub.clock = clock
    hub.step(clock())
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as client:
        streaming = asyncio.create_task(client.get("/table/2/events"))
        while not hub.viewers:
            await asyncio.sleep(0.01)
        hub.end_streams()  # the server stopping: the stream ends, with what it had sent
        r = await asyncio.wait_for(streaming, 5)
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/event-stream")
        assert r.headers["cache-control"] == "no-store" and r.headers["cross-origin-opener-policy"] == "same-origin"
        assert "content-encoding" not in r.headers and r.text.startswith("retry: ")
        assert '"n":2' in r.text and '"c":"30:00"' in r.text
        assert (await client.post("/room/events")).status_code == 405  # a wrong method: the route's answer
        assert (await client.get("/table/9/events")).status_code == 404 and not hub.viewers
        hub.share.cap = 0
        assert (await client.get("/room/events")).status_code == 503
        assert (await client.get("/room")).status_code == 200  # the pages: the app behind
