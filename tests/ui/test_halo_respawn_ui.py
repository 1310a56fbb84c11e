"""A Halo respawn's shot on the action screen (issue 40): the attack's own form and chance, then the roll."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.rules import Action
from companion.rules.halo.respawn import elimination_events

from builders import unit
from flet_harness import Harness
from ui_flows_kit import start


@pytest.mark.asyncio
async def test_a_respawns_shot_shows_its_odds_and_rolls(tmp_path: Path) -> None:
    """Issue 40: the respawn's form is the attack's (target, modifiers, the double-six card), with its chance."""
    _, session = await start(tmp_path)
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch_events(match.id, [Event("add_unit", {"unit": u}) for u in (
        unit("a0", "p1"), unit("x", "p1", points=50), unit("e0", "p2"), unit("e1", "p2"))], "set-up", by="p1")
    state = session.state(match.id)
    session.dispatch_events(match.id, [Event("damage", {"unit": "x", "amount": 4}),
                                       *elimination_events(state.unit("e0"), state.unit("x"))], "KO", by="p2")
    h = await Harness.at(session, f"/match/{match.id}/action/respawn/x?target=e0")
    assert not h.has("param-splash")  # the double-six card waits behind More options, as on the plain attack
    await h.click("more-options")
    assert h.has("param-splash") and not h.has("param-adjacent_e1")  # the units next to it: with the splash on
    await h.choose("param-splash", True)
    assert h.has("param-adjacent_e1") and not h.has("param-adjacent_e0")  # not the target itself
    assert h.text_of("action-odds").startswith("Chance: attack 10 vs defense 16: needs 6+ on 2d6")
    await h.click("action-resolve")
    state = session.state(match.id)
    assert state.unit("x").location == "table" and state.rolls[-1].purpose == "Unit x attacks Unit e0"


@pytest.mark.asyncio
async def test_a_unit_knocked_out_by_hand_goes_to_the_reserves_in_one_tap_and_respawns(tmp_path: Path) -> None:
    """Audit 3: damage entered by hand KO'd Ann's a1 on the table; the helper names it and the tap that puts it in
    the reserves, which opens its respawn (and no swap brings it back)."""
    _, session = await start(tmp_path)
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch_events(match.id, [Event("add_unit", {"unit": u}) for u in (
        unit("a0", "p1"), unit("a1", "p1"), unit("e0", "p2"))], "set-up", by="p1")
    session.dispatch(match.id, "end_turn", {})
    session.dispatch(match.id, "damage", {"unit": "a1", "amount": 4})  # a card's text, entered by hand
    session.dispatch(match.id, "end_turn", {})
    h = await Harness.at(session, f"/match/{match.id}/helper")
    assert "Unit a1 is KO'd on the table: put it in your reserves (Move to reserve on its unit screen)" in \
        h.text_of("why-respawn")
    h = await Harness.at(session, f"/match/{match.id}/unit/a1")
    await h.click("unit-location")  # Move to reserve
    h = await Harness.at(session, f"/match/{match.id}/helper")
    assert not h.has("why-respawn")  # Respawn is open
    assert "comes back by respawning" in h.text_of("why-swap-weapons")


@pytest.mark.asyncio
async def test_the_tables_end_turn_asks_with_the_loot_roll_still_open(tmp_path: Path) -> None:
    """Audit 3: a unit that ended its action on an opponent's spawn point may still roll for loot; the table's
    End turn (two taps, the common way) says so before the turn ends, and the helper's unused actions too."""
    _, session = await start(tmp_path)
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch_events(match.id, [Event("add_unit", {"unit": u}) for u in (
        unit("a0", "p1"), unit("e0", "p2"))], "set-up", by="p1")
    session.act(match.id, Action("move", "a0", {"ends": "enemy-spawn"}), rng=random.Random(0))
    h = await Harness.at(session, f"/match/{match.id}")
    await h.click("end-turn")
    assert any(t.startswith("2 unused actions will be lost. Unit a0 may still make its loot roll.")
               for t in h.texts())
    await h.click("confirm-no")
    assert session.state(match.id).active_player.id == "p1"
