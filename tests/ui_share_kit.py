"""Helpers shared by test_ui_share.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from pathlib import Path

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness


async def other_device(tmp_path: Path, route: str = "/") -> tuple[Harness, Session]:
    session = Session(MatchStore(tmp_path / "other"))

    async def app(page):  # type: ignore[no-untyped-def]
        page.route = route
        await main(page, session)

    return await Harness.start(app), session
