"""A Halo respawn's shot on the action screen (issue 40): the attack's own form and chance, then the roll."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.match.events import Event
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
