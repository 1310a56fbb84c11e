"""Skirmish's End of Turn step on a real Flet session (seed 003 ¶19, ¶32; audit 3): once every round is played
no player is active, so Record damage asks who scores; Ben's end-of-turn trigger hurting Ann's character scores
Ben, in four taps from the table, and not Ann, whose seat the turn waits at."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules import Action
from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from builders import unit
from flet_harness import Harness


@pytest.mark.asyncio
async def test_end_of_turn_damage_asks_who_scores_and_scores_that_player(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "store"))
    made = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    for data in (unit("a1", "p1"), unit("b1", "p2")):
        session.dispatch(made.id, "add_unit", {"unit": data})
    for _ in range(4):  # two rounds each: every round of turn 1 is played
        session.act(made.id, Action("end-round"))
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{made.id}")
    await h.click("open-helper")  # tap 1
    await h.click("do-deal-damage")  # tap 2
    assert h.find("param-scorer").value == "" and h.find("param-target").value == "a1"
    await h.choose("param-scorer", "p2")  # tap 3
    await h.click("action-resolve")  # tap 4
    assert "Unit a1 takes 1 click of damage" in h.text_of("action-summary")
    state = session.state(made.id)
    assert (state.player("p1").vp, state.player("p2").vp) == (0, 1)
