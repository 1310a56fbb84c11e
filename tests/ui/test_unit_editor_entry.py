"""The unit editor made for a force of many units (issue 39) on a real Flet session: the dial entered click by
click in number fields (only what changes typed), the same dial as the typed lines, *Save and add next*, and the
owner last chosen kept for the match on this phone."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.core.model import Click
from companion.session import Session
from companion.store.matches import MatchStore

from flet_harness import Harness, routes

KO = Click(markers=("ko",))


def _clicks(*rows: tuple[int, int, int, int]) -> tuple[Click, ...]:
    stats = ("speed", "attack", "defense", "damage")
    return (*(Click(stats=dict(zip(stats, r, strict=True))) for r in rows), KO)


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session(MatchStore(tmp_path / "data"))


def _copied(h: Harness, key: str) -> tuple[str, str]:
    """A dial field's copied value as it shows (its label's text) and its name (the label's semantics label)."""
    label = h.find(key).label
    text = label if isinstance(label, ft.Text) else label.content
    return text.value, text.semantics_label


async def _fill_row(h: Harness, row: int, *values: str) -> None:
    for stat, value in enumerate(values):
        if value:
            await h.type(f"dial-{row}-{stat}", value)


@pytest.mark.asyncio
async def test_a_dial_entered_click_by_click_then_the_next_unit_for_the_same_owner(session: Session) -> None:
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, f"/match/{match_id}/add-unit")
    assert h.find("unit-owner").value == "p1" and h.find("dial-0-0").keyboard_type.name == "NUMBER"
    await h.choose("unit-owner", "p2")
    await h.type("unit-name", "Grunt")
    await h.type("unit-points", "20")
    await _fill_row(h, 0, "8", "10", "17", "3")
    await h.click("dial-add-click")  # a copy of the last click, shown grey: type what changes
    assert [_copied(h, f"dial-1-{j}")[0] for j in range(4)] == ["8", "10", "17", "3"]
    assert _copied(h, "dial-1-0")[1] == "click 2 speed"  # the field's name for a screen reader, not the number
    assert h.find("dial-1-0").label.content.style.italic and "pale italics is copied" in h.text_of("dial-copied-hint")
    await h.type("dial-1-1", "9")
    assert _copied(h, "dial-1-1") == ("", "click 2 attack")  # typed: the copy goes, the name stays
    await h.click("dial-add-click")
    await _fill_row(h, 2, "7", "", "16", "2")
    assert h.text_of("dial-preview").splitlines()[1].startswith("2. ")
    await h.click("save-next")
    grunt = session.state(match_id).units[0]
    assert (grunt.name, grunt.points, grunt.owner) == ("Grunt", 20, "p2")
    assert grunt.dial == _clicks((8, 10, 17, 3), (8, 9, 17, 3), (7, 9, 16, 2))
    assert h.text_of("toast") == "Grunt joins Ben's force. Type the next unit."
    # the next unit's empty form, for Ben still, on the same screen
    assert routes(h)[-1] == f"/match/{match_id}/add-unit" and h.find("unit-owner").value == "p2"
    assert h.find("unit-name").value == "" and h.find("dial-0-0").value == "" and not h.has("dial-row-1")
    await h.type("unit-name", "Jackal")
    await h.type("unit-points", "25")
    await _fill_row(h, 0, "7", "9", "16", "2")
    await h.click("save-unit")  # back to the table: no "type the next unit" there
    assert routes(h)[-1] == f"/match/{match_id}"
    assert h.text_of("toast") == "Jackal joins Ben's force."
    assert [(u.name, u.owner) for u in session.state(match_id).units] == [("Grunt", "p2"), ("Jackal", "p2")]
    await h.click("add-unit")  # opened again: Ben is still the owner chosen last (Ann is still to play)
    assert session.state(match_id).active_player.id == "p1" and h.find("unit-owner").value == "p2"


@pytest.mark.asyncio
async def test_both_forms_give_one_dial_and_switching_keeps_what_was_typed(session: Session) -> None:
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, f"/match/{match_id}/add-unit")
    await h.type("unit-name", "Spartan")
    await h.type("unit-points", "45")
    await _fill_row(h, 0, "8", "10", "", "3")
    await h.click("save-unit")  # a stat missing from the first click: named, nothing added
    assert h.text_of("toast") == "Dial: click 1: type its defense (0 when it has none)"
    assert session.state(match_id).units == ()
    await h.type("dial-0-2", "17")
    await h.click("dial-add-click")
    await h.type("dial-1-3", "2")
    await h.click("dial-marks")
    await h.type("dial-1-marks", "special:attack")
    await h.click("dial-typed")
    assert h.find("unit-dial").value == "8 10 17 3\n8 10 17 2 special:attack"
    await h.type("unit-dial", "8 10 17 3\n8 10 17 2 special:attack\n7 9 16 2")
    await h.click("dial-per-click")
    assert [h.find(f"dial-2-{j}").value for j in range(4)] == ["7", "9", "16", "2"]
    assert h.find("dial-1-marks").value == "special:attack"
    await h.click("dial-remove-click")
    assert not h.has("dial-row-2")
    await h.click("save-unit")
    spartan = session.state(match_id).units[0]
    typed = Session(MatchStore(None))  # the same dial typed as lines, on another session
    other = typed.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h2 = await Harness.at(typed, f"/match/{other}/add-unit")
    await h2.type("unit-name", "Spartan")
    await h2.type("unit-points", "45")
    await h2.click("dial-typed")
    await h2.type("unit-dial", "8 10 17 3\n8, 10, 17, 2 special:attack")
    await h2.click("save-unit")
    assert typed.state(other).units[0].dial == spartan.dial
    assert spartan.dial[1].markers == ("special:attack",) and spartan.dial[-1].ko and len(spartan.dial) == 3


@pytest.mark.asyncio
async def test_editing_a_unit_starts_from_its_dial_click_by_click(session: Session) -> None:
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, f"/match/{match_id}/add-unit")
    await h.type("unit-name", "Grunt")
    await h.type("unit-points", "20")
    await _fill_row(h, 0, "8", "10", "17", "3")
    await h.click("dial-add-click")
    await h.type("dial-1-0", "7")
    await h.click("save-unit")
    await h.click("unit-u1-open")
    await h.click("unit-edit")
    assert [h.find(f"dial-1-{j}").value for j in range(4)] == ["7", "10", "17", "3"] and not h.has("save-next")
    await h.type("dial-1-3", "1")
    await h.click("save-unit")
    assert session.state(match_id).unit("u1").dial == _clicks((8, 10, 17, 3), (7, 10, 17, 1))


@pytest.mark.asyncio
async def test_the_keyboards_next_goes_to_the_next_stat_then_the_next_click(session: Session) -> None:
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, f"/match/{match_id}/add-unit")
    await h.click("dial-add-click")
    focused = []
    for key in ("dial-0-0", "dial-0-3", "dial-1-3"):  # a stat, a click's last stat, the last click's last
        before = h.conn.invoked[:]
        await h.event(key, "submit", "")
        focused.append([body for body in h.conn.invoked[len(before):] if body[0] == "focus"])
    assert [len(f) for f in focused] == [1, 1, 0]
