"""Helpers shared by test_judge_ui.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from companion.core.match.events import Event
from companion.core.tournament.state import new_tournament
from companion.session.access import Access, judge_access
from companion.session.judging.service import Judging
from companion.ui.judge.live import LiveHub

import flet_harness as h

T0 = 1_800_000_000.0


class Clock:
    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def store(tmp_path: Path, clock: Clock) -> Judging:
    store = Judging(tmp_path, clock=clock)
    store.create(new_tournament("ev-1", "Friday Skirmish", now=T0))
    for n, players in enumerate((["Ann", "Ben"], ["Cat", "Dan", "Eve"], ["Fay", "Gus"]), 1):
        store.apply("ev-1", Event("seat", {"table": n, "players": players}, "judge", T0))
    return store


@pytest.fixture
def access(store: Judging) -> Access:
    codes: list[str] = []
    return judge_access(store.load("ev-1").token, lambda: store.rotate_token("ev-1"), codes.append)


@pytest.fixture
def hub(store: Judging, clock: Clock, access: Access) -> Iterator[LiveHub]:
    yield LiveHub(store, "ev-1", clock=clock, url="http://127.0.0.1:8551/find", may_write=access.admits,
                  on_rotate=access.rotate)


async def settle() -> None:
    for _ in range(5):
        await asyncio.sleep(0)


class Room:
    """Judge sessions on one hub; the automatic tick is stopped (driven by hand)."""

    def __init__(self, hub: LiveHub, access: Access) -> None:
        self.hub = hub
        self.access = access
        self.pubsub: PubSubHub | None = None
        self.sessions: list = []  # kept: a Flet page holds its session weakly

    async def open(self, *, judge: bool = True) -> tuple:
        if self.pubsub is None:
            self.pubsub = PubSubHub(loop=asyncio.get_running_loop())
        code = self.access.new_code()
        cookie = self.access.redeem(code) if judge else "forged.cookie"
        session, conn = await h.open_session(self.hub.main, self.pubsub, "/judge",
                                             admit=lambda c: self.access.admit(c, cookie))
        self.sessions.append((session, conn))
        if self.hub._task is not None:
            self.hub._task.cancel()
        return session, conn

    async def tick(self) -> None:
        self.hub.step()
        await settle()


@pytest.fixture
def room(hub: LiveHub, access: Access) -> Room:
    return Room(hub, access)
