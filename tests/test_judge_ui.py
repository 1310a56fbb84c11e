"""The live view through real Flet sessions without a browser (companion.ui.judge.headless).

The clock is injected; the shared tick is driven by hand (`hub.step()`), so every assertion is exact.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import flet as ft
import msgpack
import pytest
from flet.messaging.protocol import MessageAction
from flet.pubsub.pubsub_hub import PubSubHub

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.store.tournaments import TournamentStore
from companion.ui.judge import headless as h
from companion.ui.judge.live import LiveHub, NotJudge

T0 = 1_800_000_000.0
pytestmark = pytest.mark.asyncio


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def hub(tmp_path: Path, clock: Clock) -> Iterator[LiveHub]:
    store = TournamentStore(tmp_path, clock=clock)
    store.create(new_tournament("ev-1", "Friday Skirmish", now=T0))
    for n, players in enumerate((["Ann", "Ben"], ["Cat", "Dan", "Eve"], ["Fay", "Gus"]), 1):
        store.apply("ev-1", Event("seat", {"table": n, "players": players}, "judge", T0))
    yield LiveHub(store, "ev-1", clock=clock, url="http://127.0.0.1:8551/")


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


class Room:
    """A judge session and read-only sessions on one hub; the automatic tick is stopped (driven by hand)."""

    def __init__(self, hub: LiveHub) -> None:
        self.hub = hub
        self.pubsub = PubSubHub(loop=asyncio.get_running_loop())
        self.sessions: list = []  # kept: a Flet page holds its session weakly

    async def open(self, route: str) -> tuple:
        session, conn = await h.open_session(self.hub.main, self.pubsub, route)
        self.sessions.append((session, conn))
        if self.hub._task is not None:
            self.hub._task.cancel()
        return session, conn

    async def tick(self) -> None:
        self.hub.step()
        await settle()


def controls_that_act(root: ft.Control) -> list[ft.Control]:
    """Anything a person could press or type into."""
    acting = (ft.Button, ft.FilledButton, ft.OutlinedButton, ft.TextButton, ft.IconButton, ft.TextField,
              ft.Dropdown, ft.Checkbox, ft.Switch)
    return [c for c in h.walk(root) if isinstance(c, acting) or getattr(c, "on_click", None) is not None]


async def test_judge_starts_all_and_every_page_follows(hub: LiveHub, clock: Clock) -> None:
    room = Room(hub)
    judge, _ = await room.open(hub.judge_path())
    table2, _ = await room.open("/table/2")
    assert "Table 2 · waiting to start" in h.texts(table2.page)
    await h.click(judge, h.find(judge.page, "start-all"))
    await settle()
    assert "Table 2 · running" in h.texts(table2.page)
    clock.now += 61.5
    await room.tick()
    assert h.find(table2.page, "clock-2").value == "28:59"
    assert [h.find(judge.page, f"clock-{n}").value for n in (1, 2, 3)] == ["28:59"] * 3


async def test_pause_from_the_judge_reaches_read_only_pages(hub: LiveHub, clock: Clock) -> None:
    room = Room(hub)
    judge, _ = await room.open(hub.judge_path())
    page_a, _ = await room.open("/table/1")
    page_b, _ = await room.open("/")
    await h.click(judge, h.find(judge.page, "start-all"))
    clock.now += 10
    await h.click(judge, h.find(judge.page, "pause-1"))
    await settle()
    assert "Table 1 · paused" in h.texts(page_a.page)
    assert "Table 1 · paused" in h.texts(page_b.page)
    clock.now += 100
    await room.tick()
    assert h.find(page_a.page, "clock-1").value == "29:50"  # paused: it stays
    assert h.find(page_b.page, "clock-2").value == "28:10"  # the others run on
    await h.click(judge, h.find(judge.page, "resume-1"))
    await settle()
    assert "Table 1 · running" in h.texts(page_a.page)


async def test_read_only_pages_have_nothing_that_writes(hub: LiveHub) -> None:
    room = Room(hub)
    table, _ = await room.open("/table/1")
    assert controls_that_act(table.page) == []
    overview, _ = await room.open("/")
    # the overview's only actions are its table rows, which open a table's page (navigation, no write)
    assert {c.key for c in controls_that_act(overview.page)} == {"open-1", "open-2", "open-3"}
    forged, _ = await room.open("/judge?token=guess")
    assert "That judge link is not valid: this is the read-only view." in h.texts(forged.page)
    assert not any(str(c.key).startswith(("start", "pause")) for c in controls_that_act(forged.page))
    with pytest.raises(NotJudge):
        hub.write("guess", "start", {})
    with pytest.raises(NotJudge):
        hub.write(None, "start", {})
    assert not any(t.started for t in hub.store.load("ev-1").state.tables)


async def test_only_changed_clocks_are_sent(hub: LiveHub, clock: Clock) -> None:
    room = Room(hub)
    judge, conn = await room.open(hub.judge_path())
    _, reader = await room.open("/table/3")
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "pause-2"))
    await settle()
    clock.now += 1
    sent, read = len(conn.messages), len(reader.messages)
    await room.tick()
    patches = conn.patches()[-(len(conn.messages) - sent):]
    assert len(patches) == 2  # tables 1 and 3 ran; table 2 is paused and its text did not change
    assert all(p["patch"][1:] == [[0, 0, "value", "29:59"]] for p in patches)
    assert len(reader.messages) - read == 1
    clock.now += 0.3
    sent = len(conn.messages)
    await room.tick()
    assert len(conn.messages) == sent  # the same second: nothing sent


async def test_extend_and_result_from_the_judge_screen(hub: LiveHub, clock: Clock) -> None:
    room = Room(hub)
    judge, _ = await room.open(hub.judge_path())
    page, _ = await room.open("/table/1")
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "extend-1"))
    await h.type_into(judge, h.find(judge.page, "extend-minutes-1"), "3")
    await h.click(judge, h.find(judge.page, "extend-add-1"))  # no reason yet: refused, said on screen
    assert "say why" in h.find(judge.page, "message").value
    await h.type_into(judge, h.find(judge.page, "extend-reason-1"), "judge call")
    await h.click(judge, h.find(judge.page, "extend-add-1"))
    await settle()
    assert h.find(judge.page, "message").value == ""
    assert h.find(page.page, "clock-1").value == "33:00"
    assert "Table 1 · running (+3 min)" in h.texts(page.page)
    assert hub.state.table(1).extensions[0].reason == "judge call"

    clock.now += 1900
    await h.click(judge, h.find(judge.page, "result-1"))
    await h.type_into(judge, h.find(judge.page, "vp-1-0"), "12")
    await h.type_into(judge, h.find(judge.page, "vp-1-1"), "12")
    await h.click(judge, h.find(judge.page, "result-save-1"))
    await settle()
    line = "Tie: Ann and Ben (time called: most VP wins) · Ann 12, Ben 12"
    assert h.find(judge.page, "outcome-1").value == line
    assert h.find(page.page, "outcome").value == line
    assert "Table 1 · result in (+3 min)" in h.texts(page.page)
    first_row = h.find(page.page, "standings-box").content.rows[0]
    assert [c.content.value for c in first_row.cells] == ["=1", "Ann", "1", "0", "1", "0", "12", "33%"]


async def test_warnings_fire_once_on_the_pages(hub: LiveHub, clock: Clock) -> None:
    room = Room(hub)
    judge, judge_conn = await room.open(hub.judge_path())
    page, conn = await room.open("/table/1")
    _, other_conn = await room.open("/table/2")
    await h.click(judge, h.find(judge.page, "start-all"))
    await h.click(judge, h.find(judge.page, "pause-2"))
    await room.tick()
    clock.now += 1199
    await room.tick()
    assert h.find(page.page, "alert").value == ""
    clock.now += 1
    await room.tick()
    assert h.find(page.page, "alert").value == "Table 1: 10 minutes left"
    assert "Table 1: 10 minutes left" in h.find(judge.page, "alert").value
    await settle()
    assert conn.invoked() == ["play", "vibrate"] and judge_conn.invoked() == ["play", "vibrate"]  # beep + buzz
    clock.now += 1000  # the server was busy across two marks: only the latest, once
    await room.tick()
    assert h.find(page.page, "alert").value == "Table 1: Time!"
    assert h.find(page.page, "clock-1").value == "0:00" and "Table 1 · time!" in h.texts(page.page)
    await settle()
    assert conn.invoked() == ["play", "vibrate", "play", "vibrate"]
    sent = len(conn.messages)
    clock.now += 5
    await room.tick()
    assert len(conn.messages) == sent
    assert other_conn.invoked() == []  # table 2 is paused: its players' phones stay quiet


async def test_changes_made_with_the_cli_reach_the_live_view(hub: LiveHub, tmp_path: Path, clock: Clock) -> None:
    room = Room(hub)
    page, _ = await room.open("/table/2")
    other = TournamentStore(tmp_path)  # another process's store, same folder
    other.apply("ev-1", Event("start", {"tables": [2]}, "judge", clock.now))
    await room.tick()
    assert "Table 2 · running" in h.texts(page.page)
    other.apply("ev-1", Event("seat", {"table": 4, "players": ["Hal", "Ivy"]}, "judge", clock.now))
    overview, _ = await room.open("/")
    assert "Table 4 · waiting to start" in h.texts(overview.page)


async def test_overview_rows_open_a_table_page(hub: LiveHub) -> None:
    room = Room(hub)
    overview, conn = await room.open("/")
    await h.click(overview, h.find(overview.page, "open-3"))
    await settle()
    calls = [msgpack.unpackb(m)[1] for a, m in conn.messages if a == MessageAction.INVOKE_METHOD]
    assert [(c["name"], c["args"]) for c in calls] == [("push_route", {"route": "/table/3"})]
    # the browser answers with a route change: the page becomes table 3's clock
    await overview.dispatch_event(overview.page._i, "route_change", {"route": "/table/3"})
    assert h.find(overview.page, "table-page") and "Fay vs Gus" in h.texts(overview.page)
