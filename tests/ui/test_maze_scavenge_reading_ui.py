"""The Maze on a real Flet session (audit 3): the new-match screen names the imperial seat, and once a Servo
Skull bearer's Scavenge has rolled its three dice, *Scavenge: read the roll* offers the readings and the one
tapped is applied."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.rules import Action
from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness
from maze_actions_kit import model


@pytest.mark.asyncio
async def test_the_scavenge_reading_is_picked_in_four_taps(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "store"))
    made = session.new_match("killer-of-the-maze", ["Ann", "Ben"])
    session.dispatch(made.id, "add_unit", {"unit": model("vale", "Brother Vale", "space-marine",
                                                         counters={"skull-analysis": 1})})
    session.act(made.id, Action("start-activity"))
    resolution, _ = session.act(made.id, Action("scavenge", "vale"), rng=random.Random(5))
    state = session.state(made.id)
    d66, extra = state.rolls[-2], state.rolls[-1]
    tens, units = d66.dice
    last = str(10 * tens + extra.total) if extra.total != units else str(10 * tens + units)
    assert "read it as" in resolution.summary
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{made.id}")
    await h.click("open-helper")
    await h.click("do-scavenge-read-vale")  # tap 2 (opening the helper was tap 1)
    await h.choose("param-reading", last)  # tap 3
    await h.click("action-resolve")  # tap 4
    assert h.text_of("roll-word") == "DONE"
    assert f"Brother Vale's Scavenge, read as {last}" in h.text_of("action-summary")
    assert not session.state(made.id).unit("vale").counters.get("scavenge-dice")


@pytest.mark.asyncio
async def test_new_match_says_player_1_is_the_imperial_team(tmp_path: Path) -> None:
    """The helper gives player 1 the Imperial Action phase: the new-match screen says so before the seats are
    filled (audit 3)."""
    session = Session(MatchStore(tmp_path / "store"))
    h = await Harness.start(lambda page: main(page, session))
    await h.click("new-match")
    await h.choose("system", "killer-of-the-maze")
    assert any(t.startswith("Player 1 plays the imperial team") for t in h.texts())
