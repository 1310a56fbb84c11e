"""Armageddon Empires' challenge on a real Flet session: the assassin's form has a switch for each enemy hero
seen (the random target is drawn among those ticked), and the defender's Prerogative is taken from the helper as
the defender's move (the app acts as the side whose move it is, not the active player); a threshold challenge
rolls its threshold dice against the hero's."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.rules.empires import flow
from companion.session import Session
from companion.store.matches import MatchStore
from companion.ui.app import main

from armageddon_challenges_kit import card
from flet_harness import Harness


@pytest.mark.asyncio
async def test_the_draw_among_the_heroes_ticked_and_the_defenders_accept(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "store"))
    made = session.new_match("armageddon-empires", ["Ann", "Ben"])
    for data in (card("kade", "Kade", "p1", {"pool": 7, "fate": 2, "wound-points": 3}, "assassin"),
                 card("vex", "Lord Vex", "p2", {"fate": 3, "wound-points": 3}),
                 card("shade", "Shade", "p2", {"fate": 2, "wound-points": 2}),
                 card("gus", "Gus", "p2", {"fate": 1, "wound-points": 2})):
        session.dispatch(made.id, "add_unit", {"unit": data})
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{made.id}")
    await h.click("open-helper")
    await h.click("do-assassinate-kade")
    assert all(h.has(f"param-seen_{uid}") for uid in ("vex", "shade", "gus"))
    for uid in ("shade", "gus"):  # Lord Vex is the target field's default; two more were seen
        switch = h.find(f"param-seen_{uid}")
        h.session.apply_patch(switch._i, {"value": True})
        await h.event(f"param-seen_{uid}", "change", "true")
    assert "drawn among the 3 seen" in h.text_of("action-odds")
    await h.click("action-resolve")
    state = session.state(made.id)
    assert state.rolls[0].expr == "1d3" and state.rolls[0].purpose == "Kade: random target"
    challenge = flow.current(state)
    assert challenge is not None and challenge.prerogative and session.mover(made.id) == "p2"
    await h.back()
    defender = challenge.defender.id
    await h.click(f"do-accept-{defender}")  # Ben's move, though Ann is the active player
    assert flow.current(session.state(made.id)) is None
    assert session.history(made.id).tail[-1].by == "p2"  # logged as the defender's


@pytest.mark.asyncio
async def test_a_threshold_challenge_rolls_the_threshold_dice_from_the_helper(tmp_path: Path) -> None:
    # seed 004 ¶10: the threshold is a fixed number of dice; the form asks for it and the roll shows both pools
    session = Session(MatchStore(tmp_path / "store"))
    made = session.new_match("armageddon-empires", ["Ann", "Ben"], settings={"die-sides": 6, "success-on": 4})
    session.dispatch(made.id, "add_unit", {"unit": card("ovo", "Ovo", "p1", {"pool": 4, "fate": 1}, "tactician")})
    h = await Harness.start(lambda page: main(page, session))
    await h.click(f"match-{made.id}")
    await h.click("open-helper")
    await h.click("do-threshold-ovo")
    assert "Threshold: its fixed number of dice" in str(h.find("param-threshold").label)
    await h.type("param-threshold", "3")
    assert "against 3 threshold dice" in h.text_of("action-odds")
    await h.click("action-resolve")
    state = session.state(made.id)
    assert [r.expr for r in state.rolls] == ["4d6>=4", "3d6>=4"]
    challenge = flow.current(state)
    assert challenge is not None and challenge.needed == state.rolls[1].total
