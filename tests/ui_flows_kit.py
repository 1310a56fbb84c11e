"""Helpers shared by test_ui_flows.py and the tests that build on it, so no test imports a test."""

from __future__ import annotations

from pathlib import Path

from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness


async def start(tmp_path: Path) -> tuple[Harness, Session]:
    session = Session(MatchStore(tmp_path / "store"))
    harness = await Harness.start(lambda page: main(page, session))
    return harness, session


async def new_match_of(h: Harness, system: str, *names: str) -> str:
    """Start a match from the home screen as a player would; its id."""
    await h.click("new-match")
    if not h.has("system"):  # a player with saved forces sees one of their games chosen, the list folded
        await h.click("change-game")
    await h.choose("system", system)
    for i, name in enumerate(names):
        await h.type(f"player-{i}", name)
    await h.click("create-match")
    assert h.text_of("turn-line").startswith(f"Turn 1 · {names[0]}")  # "to play", or "'s round 1 of 2"
    return h.top.route.removeprefix("/match/")


async def new_halo_match(h: Harness) -> str:
    return await new_match_of(h, "halo-actionclix", "Ann", "Ben")


async def add_unit(h: Harness, name: str, dial: str, owner_index: int = 0) -> None:
    await h.click("add-unit")
    await h.type("unit-name", name)
    await h.type("unit-points", "50")
    owner = h.find("unit-owner").options[owner_index].key
    await h.choose("unit-owner", owner)
    await h.click("dial-typed")  # the typed-line form
    await h.type("unit-dial", dial)
    await h.click("save-unit")
