"""A unit's screens follow the match without a refresh(): a change made on another phone (or the CLI) to the
same data folder redraws its details and its editor, and the editor's typed fields survive that redraw."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.table.library import dial_as_text, edit_unit
from companion.store.matches import MatchStore

from builders import unit
from flet_harness import Harness, told


def _table(tmp_path: Path) -> tuple[Session, Session, str]:
    """This phone's session and another's on the same data folder, over a Halo match with Ann's unit u1."""
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    session.dispatch(match_id, "add_unit", {"unit": unit("u1", "p1", clicks=3, name="Spartan", points=45)})
    return session, Session(MatchStore(tmp_path / "data")), match_id


@pytest.mark.asyncio
async def test_the_unit_details_follow_damage_dealt_on_another_phone(tmp_path: Path) -> None:
    session, other, match_id = _table(tmp_path)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("unit-u1-open")
    assert "(now)" in h.text_of("dial-click-0")
    other.dispatch(match_id, "set_click", {"unit": "u1", "click": 1}, by="p1")
    await told(session)
    assert "(now)" in h.text_of("dial-click-1") and "(now)" not in h.text_of("dial-click-0")
    assert h.text_of("appbar-title") == "Spartan"
    edit_unit(other, match_id, "u1", name="Spartan Mk VI", points=45, owner="p1",
              dial_text=dial_as_text(other.state(match_id).unit("u1"), other.state(match_id).rules.stats))
    await told(session)
    assert h.text_of("appbar-title") == "Spartan Mk VI"
    other.dispatch(match_id, "remove_unit", {"unit": "u1"}, by="p1")
    await told(session)
    assert "This unit is no longer in the match." in h.text_of("unit-details")


@pytest.mark.asyncio
async def test_the_unit_editor_follows_the_match_and_keeps_the_typing(tmp_path: Path) -> None:
    session, other, match_id = _table(tmp_path)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("add-unit")
    await h.type("unit-name", "Grunt")
    await h.type("unit-points", "20")
    await h.click("dial-typed")  # the typed-line form
    await h.type("unit-dial", "8 10 17 3")
    assert h.find("unit-owner").value == "p2"  # no owner chosen: the first player without units, Ben
    other.dispatch(match_id, "add_unit", {"unit": unit("u2", "p2", clicks=2, name="Elite", points=30)})
    other.dispatch(match_id, "end_turn", by="p1")
    await told(session)
    assert h.find("unit-owner").value == "p2"  # each has units now: the player to play, Ben since the turn passed
    assert h.find("unit-name").value == "Grunt" and h.text_of("dial-preview").startswith("1. ")
    await h.click("save-unit")
    assert [(u.name, u.owner) for u in session.state(match_id).units] == [
        ("Spartan", "p1"), ("Elite", "p2"), ("Grunt", "p2")]


@pytest.mark.asyncio
async def test_editing_a_unit_removed_on_another_phone_says_so(tmp_path: Path) -> None:
    session, other, match_id = _table(tmp_path)
    h = await Harness.at(session, f"/match/{match_id}")
    await h.click("unit-u1-open")
    await h.click("unit-edit")
    assert h.find("unit-name").value == "Spartan"
    other.dispatch(match_id, "remove_unit", {"unit": "u1"}, by="p1")
    await told(session)
    assert h.text_of("unit-editor-gone") == "This unit is no longer in the match."
