"""Units beyond the table's taps: edit, duplicate, the personal library (files in <data dir>/library/)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import CompanionError
from companion.session import Session
from companion.session.table.library import (
    add_from_library,
    dial_as_text,
    duplicate_unit,
    edit_unit,
    forget_saved,
    save_to_library,
    saved_units,
)
from companion.store.library import UnitLibrary
from companion.store.matches import MatchStore

from builders import unit
from ui_flows_kit import add_unit, new_match_of, start


def halo_with_a_unit(tmp_path: Path) -> tuple[Session, str]:
    session = Session(MatchStore(tmp_path))
    match = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1", clicks=3, name="Spartan", points=45)})
    return session, match.id


def test_saved_unit_joins_another_match_of_the_same_game_fresh(tmp_path: Path) -> None:
    session, first = halo_with_a_unit(tmp_path)
    session.dispatch(first, "damage", {"unit": "u1", "amount": 1})
    session.dispatch(first, "token", {"unit": "u1", "kind": "action", "delta": 1})
    saved = save_to_library(session, first, "u1")
    assert (tmp_path / "library" / f"{saved.id}.json").is_file()
    second = session.new_match("halo-actionclix", ["Cat", "Dan"]).id
    assert [s.name for s in saved_units(session, "halo-actionclix")] == ["Spartan"]
    assert saved_units(session, "heroclix-skirmish") == []
    added = add_from_library(session, second, saved.id, "p2").unit("u1")
    original = session.state(first).unit("u1")
    assert (added.name, added.points, added.dial, added.owner) == ("Spartan", 45, original.dial, "p2")
    assert (added.click, added.tokens.action) == (0, 0)  # what it is, not the state it was in
    skirmish = session.new_match("heroclix-skirmish", ["Eve", "Fay"]).id
    with pytest.raises(CompanionError, match="another game"):
        add_from_library(session, skirmish, saved.id, "p1")
    forget_saved(session, saved.id)
    assert saved_units(session, "halo-actionclix") == []


def test_a_damaged_library_file_is_moved_aside_and_the_rest_still_loads(tmp_path: Path) -> None:
    library = UnitLibrary(tmp_path)
    library.save("halo-actionclix", {"name": "Elite", "points": 30, "dial": []})
    (tmp_path / "library" / "broken.json").write_text("{not json")
    found, damaged = library.entries()
    assert [s.name for s in found] == ["Elite"] and len(damaged) == 1
    assert not (tmp_path / "library" / "broken.json").exists()
    assert any(p.name.startswith("broken.json.damaged-") for p in (tmp_path / "library").iterdir())


def test_duplicate_and_edit_keep_one_undo_step_each(tmp_path: Path) -> None:
    session, match_id = halo_with_a_unit(tmp_path)
    session.dispatch(match_id, "damage", {"unit": "u1", "amount": 1})
    copy = duplicate_unit(session, match_id, "u1").unit("u2")
    assert (copy.name, copy.click, copy.owner) == ("Spartan (2)", 0, "p1")
    state = session.state(match_id)
    text = dial_as_text(state.unit("u1"), state.rules.stats)
    assert text.splitlines()[0] == "8 10 16 2"
    edited = edit_unit(session, match_id, "u1", name="Spartan Mk VI", points=50, dial_text=text + "\n6 8 14 1",
                       owner="p1").unit("u1")
    assert (edited.name, edited.points, edited.click, len(edited.dial)) == ("Spartan Mk VI", 50, 1, 5)
    session.undo(match_id)
    assert session.state(match_id).unit("u1").name == "Spartan"


@pytest.mark.asyncio
async def test_save_then_add_from_the_library_in_the_app(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    first = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await add_unit(h, "Spartan", "8 10 17 3\n8 9 16 3")
    await h.click("unit-u1-open")
    await h.click("unit-save")
    assert "in your library" in h.text_of("toast")
    await h.click("unit-duplicate")
    assert [u.name for u in session.state(first).units] == ["Spartan", "Spartan (2)"]
    await h.click("unit-edit")
    await h.type("unit-name", "Spartan Mk VI")
    await h.click("save-unit")
    assert session.state(first).unit("u1").name == "Spartan Mk VI"
    h2, _ = await start(tmp_path)
    second = await new_match_of(h2, "halo-actionclix", "Cat", "Dan")
    await h2.click("add-unit")
    saved = next(k for k in h2.key_list() if k.startswith("library-"))
    await h2.click(saved)
    assert [u.name for u in session.state(second).units] == ["Spartan"]
