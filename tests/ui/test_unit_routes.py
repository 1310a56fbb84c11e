"""A unit's details, its editor and Add a unit have routes of their own: a reload (or the browser's back and
forward) shows the same screen for the same match and unit, back leads to the table, and a unit that is not in
the match says so once, with the way back to the table."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from builders import unit
from flet_harness import Harness, browser_goes_to, pushed, routes, told

GONE = "This unit is no longer in the match."


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session(MatchStore(tmp_path / "data"))


@pytest.fixture
def match_id(session: Session) -> str:
    """A Halo match with Ann's unit u1, Spartan."""
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    session.dispatch(match_id, "add_unit", {"unit": unit("u1", "p1", clicks=3, name="Spartan", points=45)})
    return match_id


@pytest.mark.asyncio
async def test_a_reload_shows_the_units_details_over_its_table(session: Session, match_id: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, f"{table}/unit/u1")
    assert routes(h) == ["/", table, f"{table}/unit/u1"] and pushed(h) == []  # already there
    assert h.text_of("appbar-title") == "Spartan" and "(now)" in h.text_of("dial-click-0")
    await h.click("dial-click-1")  # the rebuilt screen plays as the tapped one
    assert session.state(match_id).unit("u1").click == 1
    await h.back()
    assert routes(h) == ["/", table] and pushed(h) == [table]
    assert h.has("unit-u1-open")


@pytest.mark.asyncio
async def test_a_reload_shows_the_editor_over_the_units_details(session: Session, match_id: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, f"{table}/unit/u1/edit")
    assert routes(h) == ["/", table, f"{table}/unit/u1", f"{table}/unit/u1/edit"] and pushed(h) == []
    assert h.text_of("appbar-title") == "Edit unit" and h.find("unit-name").value == "Spartan"
    await h.type("unit-name", "Spartan Mk VI")
    await h.click("save-unit")
    assert session.state(match_id).unit("u1").name == "Spartan Mk VI"
    assert routes(h) == ["/", table, f"{table}/unit/u1"] and h.text_of("appbar-title") == "Spartan Mk VI"
    await h.back()
    assert routes(h) == ["/", table] and pushed(h) == [f"{table}/unit/u1", table]


@pytest.mark.asyncio
async def test_a_reload_shows_add_a_unit_over_the_table(session: Session, match_id: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, f"{table}/add-unit")
    assert routes(h) == ["/", table, f"{table}/add-unit"] and pushed(h) == []
    assert h.text_of("appbar-title") == "Add a unit" and h.find("unit-owner").value == "p2"  # Ben: no units yet
    await h.type("unit-name", "Grunt")
    await h.type("unit-points", "20")
    await h.click("dial-typed")  # the typed-line form
    await h.type("unit-dial", "8 10 17 3")
    await h.click("save-unit")
    assert [u.name for u in session.state(match_id).units] == ["Spartan", "Grunt"]
    assert routes(h) == ["/", table] and pushed(h) == [table]


@pytest.mark.asyncio
async def test_the_browsers_back_and_forward_move_between_the_table_and_the_units_screens(
        session: Session, match_id: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, table)
    for route, title in ((f"{table}/unit/u1", "Spartan"), (f"{table}/unit/u1/edit", "Edit unit"),
                         (f"{table}/add-unit", "Add a unit")):
        await browser_goes_to(h, route)  # forward (or a typed address)
        assert routes(h)[-1] == route and h.text_of("appbar-title") == title
        await browser_goes_to(h, table)  # back
        assert routes(h) == ["/", table]


@pytest.mark.asyncio
@pytest.mark.parametrize(("tail", "key"), [("unit/u9", "unit-details"), ("unit/u9/edit", "unit-editor-gone"),
                                           ("unit/NOT%20A%20UNIT", "unit-details")])
async def test_a_unit_not_in_the_match_says_so_with_the_way_back(session: Session, match_id: str, tail: str,
                                                                key: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, f"{table}/{tail}")
    assert routes(h)[-1] == f"{table}/{tail}"  # the address stays: a reload says the same
    assert h.text_of(key) == GONE and h.texts().count(GONE) == 1
    await h.click("unit-gone-table")
    assert routes(h) == ["/", table] and pushed(h) == [table]
    assert h.has("unit-u1-open")


@pytest.mark.asyncio
async def test_a_unit_removed_on_another_phone_leaves_its_editor_the_way_to_the_table(
        tmp_path: Path, session: Session, match_id: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, f"{table}/unit/u1/edit")
    Session(MatchStore(tmp_path / "data")).dispatch(match_id, "remove_unit", {"unit": "u1"}, by="p1")
    await told(session)
    assert h.text_of("unit-editor-gone") == GONE
    await h.click("unit-gone-table")  # past the details, which have nothing to show either
    assert routes(h) == ["/", table] and not h.has("unit-u1-open")


@pytest.mark.asyncio
@pytest.mark.parametrize("tail", ["unit", "unit/u1/delete", "unit/u1/edit/more", "add-unit/u1"])
async def test_other_unit_addresses_open_the_table(session: Session, match_id: str, tail: str) -> None:
    h = await Harness.at(session, f"/match/{match_id}/{tail}")
    assert routes(h) == ["/", f"/match/{match_id}"]


@pytest.mark.asyncio
async def test_tapping_still_reaches_the_units_screens_and_the_address_follows(session: Session,
                                                                               match_id: str) -> None:
    table = f"/match/{match_id}"
    h = await Harness.at(session, table)
    await h.click("unit-u1-open")
    await h.click("unit-edit")
    assert routes(h) == ["/", table, f"{table}/unit/u1", f"{table}/unit/u1/edit"]
    assert h.find("unit-name").value == "Spartan"
    await h.back()
    await h.back()
    await h.click("add-unit")
    assert routes(h) == ["/", table, f"{table}/add-unit"]
    assert pushed(h) == [f"{table}/unit/u1", f"{table}/unit/u1/edit", f"{table}/unit/u1", table,
                         f"{table}/add-unit"]
