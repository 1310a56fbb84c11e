"""Helpers shared by test_live_ui.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from flet.pubsub.pubsub_hub import PubSubHub

from companion.session import Session
from companion.session.live_table import LiveTable
from companion.ui.live.phone import PhoneApp

import flet_harness
from builders import unit
from flet_harness import Harness


@pytest.fixture(autouse=True)
def one_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every session of a test on one pub/sub hub, as the sessions of one server process are."""
    hubs: list[Any] = []

    def shared(**kwargs: Any) -> Any:
        if not hubs:
            hubs.append(PubSubHub(**kwargs))
        return hubs[0]

    monkeypatch.setattr(flet_harness, "PubSubHub", shared)


def hosted(root: Path) -> LiveTable:
    host = Session.open(root)
    match = host.new_match("halo-actionclix", ["Ann", "Ben"])
    host.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1", name="Spartan")})
    return LiveTable(match.id, root)


async def phone(table: LiveTable, app: PhoneApp, seat: str | None = None) -> Harness:
    """A phone's session; with `seat`, its connection brought that player's cookie."""

    async def main(page: ft.Page) -> None:
        page.web = True  # as every phone's page is: a browser on the host's server
        if seat is not None:
            table.access.new_code()
            table.access.admit(page.session.connection, table.access.redeem(table.access.code, seat))
        await app.main(page)

    return await Harness.start(main)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0.01)
