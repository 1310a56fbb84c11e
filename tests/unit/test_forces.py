"""Whole forces: text added for a player in one step (or not at all), saved to the library, and brought into a
new match; the store keeps them beside the saved units and reports a damaged file."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.errors import CompanionError
from companion.core.records import SavedForce
from companion.session import Session
from companion.session.table.forces import (
    ForceTextError,
    add_force_text,
    force_as_text,
    new_match_with_forces,
    own_force,
    save_force,
    saved_force_text,
    saved_forces,
    saved_words,
)
from companion.store.forces import ForceLibrary

HALO = "halo-actionclix"
SPARTANS = "# Ann's Spartans\nSpartan Sniper, 45: 8 10 17 3 / 7 10 16 2\nGrunt, 12: 6 8 14 1 / 5 7 13 1\n"


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session.open(tmp_path)


def test_a_force_joins_for_the_chosen_player_as_one_step(session: Session) -> None:
    match = session.new_match(HALO, ["Ann", "Ben"])
    after, count = add_force_text(session, match.id, SPARTANS, "Ben")
    assert count == 2
    assert [(u.id, u.name, u.owner, u.points) for u in after.units] == [
        ("u1", "Spartan Sniper", "p2", 45), ("u2", "Grunt", "p2", 12)]
    assert session.undo(match.id).units == ()  # one undo takes the whole force back


def test_the_player_to_play_by_default_and_by_name(session: Session) -> None:
    match = session.new_match(HALO, ["Ann", "Ben"])
    add_force_text(session, match.id, "Grunt, 12: 6 8 14 1")
    after, _ = add_force_text(session, match.id, "Elite, 30: 7 9 16 2", "ben")
    assert [(u.id, u.owner) for u in after.units] == [("u1", "p1"), ("u2", "p2")]
    with pytest.raises(CompanionError, match="no player 'Cat' in this match: its players are p1 \\(Ann\\)"):
        add_force_text(session, match.id, "Grunt, 12: 6 8 14 1", "Cat")


def test_a_wrong_line_adds_nothing(session: Session) -> None:
    match = session.new_match(HALO, ["Ann", "Ben"])
    before = session.history(match.id).length
    with pytest.raises(ForceTextError, match="^line 4 \\(Elite\\): click 2: expected 4 numbers"):
        add_force_text(session, match.id, SPARTANS + "Elite, 30: 7 9 16 2 / 7 9")
    assert session.state(match.id).units == ()
    assert session.history(match.id).length == before


def test_save_list_replace_and_read_back_a_force(session: Session) -> None:
    match = session.new_match(HALO, ["Ann", "Ben"])
    add_force_text(session, match.id, SPARTANS, "p1")
    force, outcome = save_force(session, match.id, "Ann", "Ann's Spartans")
    assert (force.name, len(force.units), force.points, outcome) == ("Ann's Spartans", 2, 57, "saved")
    assert saved_words(force, outcome) == "Saved force “Ann's Spartans” (2 units)"
    assert force.units[0]["name"] == "Spartan Sniper" and "owner" not in force.units[0]
    again, outcome = save_force(session, match.id, "p1", "  ann's   spartans ")
    assert outcome == "unchanged" and again.id == force.id  # the same units: nothing to replace
    assert saved_words(again, outcome) == "“ann's spartans” is already saved with these 2 units"
    add_force_text(session, match.id, "Grunt, 12: 6 8 14 1", "p1")
    third, outcome = save_force(session, match.id, "p1", "ann's spartans")
    assert (outcome, len(third.units)) == ("replaced", 3)
    assert saved_words(third, outcome) == "Replaced force “ann's spartans” (3 units)"
    assert [f.name for f in saved_forces(session, HALO)[0]] == ["ann's spartans"]
    assert saved_forces(session, "heroclix-skirmish")[0] == []
    assert saved_force_text(session, again) == "# ann's spartans\n" + SPARTANS.split("\n", 1)[1].rstrip("\n")
    assert force_as_text(session, match.id, "p1").startswith("# Ann's force\nSpartan Sniper, 45:")
    with pytest.raises(CompanionError, match="Ben has no units in this match to save"):
        save_force(session, match.id, "p2", "Ben's")


def test_a_new_match_takes_one_saved_force_per_player(session: Session) -> None:
    first = session.new_match(HALO, ["Ann", "Ben"])
    add_force_text(session, first.id, SPARTANS, "p1")
    add_force_text(session, first.id, "Elite, 30: 7 9 16 2", "p2")
    save_force(session, first.id, "p1", "Spartans")
    save_force(session, first.id, "p2", "Elites")
    match = new_match_with_forces(session, HALO, ["Cat", "Dan"], {"p1": "Elites", "Dan": "spartans"})
    assert [(u.id, u.name, u.owner) for u in match.units] == [
        ("u1", "Elite", "p1"), ("u2", "Spartan Sniper", "p2"), ("u3", "Grunt", "p2")]
    assert all(u.click == 0 and not u.eliminated for u in match.units)


def test_an_unknown_force_or_player_makes_no_match(session: Session) -> None:
    first = session.new_match(HALO, ["Ann", "Ben"])
    add_force_text(session, first.id, SPARTANS, "p1")
    save_force(session, first.id, "p1", "Spartans")
    with pytest.raises(CompanionError, match="no saved force 'Orks' for this game"):
        new_match_with_forces(session, HALO, ["Cat", "Dan"], {"p1": "Spartans", "p2": "Orks"})
    with pytest.raises(CompanionError, match="no player 'p3'"):
        new_match_with_forces(session, HALO, ["Cat", "Dan"], {"p3": "Spartans"})
    assert [m.id for m in session.list_matches()] == [first.id]


def test_a_damaged_force_file_is_reported_and_moved_aside(tmp_path: Path) -> None:
    library = ForceLibrary(tmp_path)
    kept, _ = library.save(HALO, "Spartans", [{"name": "Grunt", "points": 12, "dial": []}])
    (library.folder / "broken.json").write_text("{not json", encoding="utf-8")
    (library.folder / "other.json").write_text('{"format": "ttcomp-unit"}', encoding="utf-8")
    found, damaged = library.entries()
    assert [f.id for f in found] == [kept.id]
    assert len(damaged) == 2 and all("could not be read" in str(d) for d in damaged)
    assert sorted(p.name.split(".json")[0] for p in library.folder.iterdir()) == ["broken", "other", kept.id]
    assert library.entries()[1] == []  # moved aside once, not reported again


def test_forces_stay_beside_the_saved_units(session: Session, tmp_path: Path) -> None:
    from companion.session.table.library import save_to_library, saved_units

    match = session.new_match(HALO, ["Ann", "Ben"])
    add_force_text(session, match.id, SPARTANS, "p1")
    save_force(session, match.id, "p1", "Spartans")
    save_to_library(session, match.id, "u1")
    assert [s.name for s in saved_units(session, HALO)] == ["Spartan Sniper"]  # the forces folder is not a unit
    assert (tmp_path / "library" / "forces").is_dir()


def test_a_backup_carries_the_saved_forces_to_a_new_phone(tmp_path: Path) -> None:
    from companion.session.data.backup import create_backup
    from companion.session.data.restore import restore_backup

    old = Session.open(tmp_path / "old")
    match = old.new_match(HALO, ["Ann", "Ben"])
    add_force_text(old, match.id, SPARTANS, "p1")
    force, _ = save_force(old, match.id, "p1", "Ann's Spartans")
    create_backup(old, tmp_path / "all.zip")
    new = Session.open(tmp_path / "new")
    restore_backup(new, tmp_path / "all.zip")
    assert saved_forces(new, HALO)[0] == [force]


def test_the_force_named_for_a_player_is_theirs_only_when_it_is_clear() -> None:
    def forces(*names: str) -> list[SavedForce]:
        return [SavedForce(f"f{n}", HALO, name, ()) for n, name in enumerate(names)]

    assert own_force("Ann", forces("Ben's force", "Ann\u2019s force")) == "f1"  # a typographic apostrophe too
    assert own_force(" ann ", forces("Ann's Spartans", "Ben's force")) == "f0"  # the one force titled for Ann
    assert own_force("Ann", forces("Ann's Spartans", "Ann's force")) == "f1"  # "Ann's force" first
    assert own_force("Ann", forces("Ann's Spartans", "Ann's Grunts")) is None  # two of hers: unclear
    assert own_force("Ann", forces("Annabel's force", "Spartans")) is None
    assert own_force("  ", forces("'s force")) is None  # no name typed yet
