"""A game's dials screen and its guided turn follow the match without a refresh(): the Event dial rotated, a
dial turned, a step taken or undone, or dials typed in on another phone (or the CLI, or this app's other
screens) show on the open screen, and the dials typed so far survive that redraw."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.session import Session
from companion.session.play.helper import Action
from companion.session.play.match_tools import Event
from companion.store.matches import MatchStore

from flet_harness import Harness, drawn, told
from scarab_setup_kit import scarab_dials


def _scarab(tmp_path: Path, *, dials: bool) -> tuple[Session, Session, str]:
    """This phone's session and another's on the same data folder, over a Scarab match (Sam plays the Scarab)."""
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("scarab", ["Sam", "Ann"]).id
    if dials:
        session.dispatch_events(match_id, [_added(u) for u in scarab_dials()], "the game's own dials", by="p1")
    return session, Session(MatchStore(tmp_path / "data")), match_id


def _added(unit: dict[str, Any]) -> Event:
    return Event("add_unit", {"unit": unit})


@pytest.mark.asyncio
async def test_the_guided_turn_follows_the_event_dial_rotated_on_another_phone_and_its_undo(tmp_path: Path) -> None:
    session, other, match_id = _scarab(tmp_path, dials=True)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("turn-guide")
    assert h.text_of("guide-step").startswith("Step 1 of 9")
    assert h.text_of("guide-dial-event") == "Event dial: shift"
    other.dispatch(match_id, "set_phase", {"phase": "turn-event"}, by="p1")
    other.act(match_id, Action("turn-event", None), by="p1")  # the Event dial rotates one click
    await told(session)
    assert h.text_of("guide-dial-event") == "Event dial: rotate · special:plasma"
    assert h.text_of("guide-step").startswith("Step 6 of 9") and not h.has("guide-do-turn-event")
    other.undo(match_id, by="p1")
    await told(session)
    assert h.text_of("guide-dial-event") == "Event dial: shift"
    assert h.text_of("guide-step").startswith("Step 5 of 9") and h.has("guide-do-turn-event")


@pytest.mark.asyncio
async def test_the_guided_turn_follows_a_dial_turned_and_the_end_of_the_match_here(tmp_path: Path) -> None:
    """Another screen of this app writes through the same session: its feed redraws the guide, with no look at
    the files."""
    session, _, match_id = _scarab(tmp_path, dials=True)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("turn-guide")
    assert h.text_of("guide-dial-main-power-core") == "Main Power Core dial: ATT 10 · DEF 18 · DMG 3"
    session.dispatch(match_id, "set_click", {"unit": "scarab-main-power-core", "click": 1}, by="p1")
    await drawn()
    assert h.text_of("guide-dial-main-power-core") == "Main Power Core dial: ATT 9 · DEF 17 · DMG 3"
    session.dispatch(match_id, "end_match", {"winners": ["p2"]})
    await drawn()
    assert "Ann won" in h.text_of("guide-over") and not h.has("guide-do-roll-event")


@pytest.mark.asyncio
async def test_the_dials_form_follows_dials_typed_in_on_another_phone_and_keeps_the_typing(tmp_path: Path) -> None:
    session, other, match_id = _scarab(tmp_path, dials=False)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("fixed-dials")
    await h.type("dial-event", "shift\nrotate")
    shell, *rest = scarab_dials()
    other.dispatch(match_id, "add_unit", {"unit": shell}, by="p1")
    await told(session)
    assert not h.has("dial-shell") and h.find("dial-event").value == "shift\nrotate"
    other.undo(match_id, by="p1")
    await told(session)
    assert h.has("dial-shell") and h.find("dial-event").value == "shift\nrotate"
    other.dispatch_events(match_id, [_added(u) for u in (shell, *rest)], "the game's own dials", by="p1")
    await told(session)
    assert h.has("dials-done") and not h.has("save-dials") and not h.has("dial-event")
    await h.click("dials-back")
    assert h.has("turn-guide")


@pytest.mark.asyncio
async def test_the_guide_says_whose_turn_it_is_once_the_scarabs_turn_ends_elsewhere(tmp_path: Path) -> None:
    session, other, match_id = _scarab(tmp_path, dials=True)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("turn-guide")
    other.dispatch(match_id, "end_turn", {}, by="p1")  # Sam ends the Scarab's turn on another phone
    await told(session)
    assert h.text_of("guide-not-now") == "It is Ann's turn now, with no guided turn: play it from the table."
    assert not h.has("guide-step") and not h.has("guide-actions")
    other.undo(match_id, by="p1")  # taken back: the Scarab's turn and its guide again
    await told(session)
    assert h.text_of("guide-step").startswith("Step 1 of 9") and not h.has("guide-not-now")
    other.dispatch(match_id, "end_turn", {}, by="p1")
    await told(session)
    await h.click("guide-back")
    assert h.has("turn-guide") is False and h.top.route == f"/match/{match_id}"


@pytest.mark.asyncio
async def test_a_reload_of_the_guide_the_dials_or_the_clock_lands_on_that_screen(tmp_path: Path) -> None:
    """Issue 41: every screen the table opens reloads to itself (they used to land on the table)."""
    session, _, match_id = _scarab(tmp_path, dials=True)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("turn-guide")
    guide = h.top.route
    assert guide.startswith(f"/match/{match_id}/guide/")
    for route, key in ((guide, "guide-step"), (f"/match/{match_id}/clock", None), (f"/match/{match_id}/dials", None)):
        again = await Harness.at(session, route)
        assert [v.route for v in again.views] == ["/", f"/match/{match_id}", route]
        assert key is None or again.has(key)
