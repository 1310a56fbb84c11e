"""Rule packs: every built-in pack loads and is complete; broken copies fail naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.core.dice.roll_tables import TableIncomplete
from companion.core.errors import CompanionError
from companion.core.match.creation import new_match
from companion.core.packs.load import Pack, PackError, builtin_dir, discover, get_pack, load_pack, names
from companion.session import Session
from companion.store.matches import MatchStore

from packs_kit import SYSTEMS, copy_pack, edit

DATA_FILES = ("units", "turn", "tables", "force", "victory", "options")


def broken(folder: Path) -> str:
    with pytest.raises(PackError) as info:
        load_pack(folder)
    return str(info.value)


# --- the built-in packs ------------------------------------------------------------------------------


def test_every_builtin_pack_loads() -> None:
    packs, errors = discover()
    assert errors == []
    assert sorted(packs) == list(SYSTEMS)


@pytest.mark.parametrize("system", SYSTEMS)
def test_builtin_pack_is_complete(system: str) -> None:
    pack = get_pack(system)
    for name in DATA_FILES:
        assert name in pack.data, f"{system} lacks {name}.toml"
    assert len(pack.sections) >= 15
    assert all(s.keywords for s in pack.sections), "every section needs keywords for lookup"
    assert pack.entries("units", "stat") and pack.entries("victory", "victory")
    ids = {s.id for s in pack.sections}
    for section in pack.sections:
        assert all(link.split("/")[-1] in ids or "/" in link for link in section.links)


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_pack_still_makes_a_match(system: str) -> None:
    pack = get_pack(system)
    names = ["Ann", "Ben", "Cat", "Dan"][: pack.min_players]
    match = new_match(pack, names, match_id="m1", now=0.0)
    assert match.system == system and match.rules == pack.rules


def test_match_tables_read_as_before() -> None:
    halo = get_pack("halo-actionclix").rules
    assert halo.token_limits == {"action": 1, "upgrade": None, "grenade": None}
    skirmish = get_pack("heroclix-skirmish").rules
    assert (skirmish.turn_style, skirmish.rounds_per_turn) == ("shared", 2)
    maze = get_pack("killer-of-the-maze").rules
    assert maze.phases[0] == "Imperial Action: Movement"
    assert maze.counters["unit"][:2] == ("morale", "advanced-turn")  # the rules helper declares more after them


def test_scarab_turn_sequence_in_order() -> None:
    steps = get_pack("scarab").steps("scarab-turn")
    assert [s["id"] for s in steps] == ["roll-event", "move", "displaced", "event-specials", "turn-event",
                                       "shell-specials", "main-gun", "turret", "reinforcements"]
    assert {s["order"] for s in steps if s["group"] == "attacks"} == {"any"}
    assert steps[0]["table"] == "event-bands"


def test_scarab_event_bands_say_to_read_the_dial() -> None:
    table = get_pack("scarab").tables["event-bands"]
    assert [r.label for r in table.rows] == ["1-2", "3-4", "5", "6"]
    assert table.lookup(4).id == "band-3-4"
    assert all(r.read_from == "event" and "read from your Event dial" in r.result for r in table.rows)


def test_maze_scavenge_table_covers_every_d66_roll() -> None:
    pack = get_pack("killer-of-the-maze")
    table = pack.tables["scavenge"]
    assert len(table.outcomes()) == 36
    assert table.lookup(12).result.startswith("Jagged Metal")
    assert table.lookup(35).item == "bolter-ammo"
    assert table.lookup(66).item == "storm-bolter"
    items = {i["id"] for kind in ("weapon", "equipment", "ammo") for i in pack.entries("items", kind)}
    assert {r.item for r in table.rows if r.item} <= items


def test_maze_weapon_and_equipment_columns() -> None:
    pack = get_pack("killer-of-the-maze")
    weapons = {w["id"]: w for w in pack.entries("items", "weapon")}
    assert len(weapons) == 9
    shotgun = weapons["shotgun"]
    assert [(p["range"], p["to_wound"], p["damage"]) for p in shotgun["profile"]] == [(3, 6, 1), (2, 5, 1), (1, 4, 2)]
    stubber = weapons["heavy-stubber"]
    assert (stubber["min_shots"], stubber["max_shots"], stubber["recharge"]) == (3, 6, 12)
    assert stubber["only"] == ["weapons-expert", "space-marine"]
    assert weapons["frag-grenade"]["slot"] == "equipment" and "recharge" not in weapons["frag-grenade"]
    gear = {e["id"]: e for e in pack.entries("items", "equipment")}
    assert (gear["beacon"]["slots"], gear["servo-skull"]["uses"], gear["ration-pack"]["uses"]) == (2, 3, 2)
    assert gear["sacrificial-blade"]["not_with"] == ["crest-pendant"]
    advance = next(a for a in pack.entries("turn", "action") if a["id"] == "advance")
    assert advance["first"] and set(advance["excludes"]) == {"move", "fire", "light-vent"}


def test_halo_loot_numbers_are_missing_until_the_player_enters_them() -> None:
    table = get_pack("halo-actionclix").tables["loot"]
    assert not table.complete and "cut off" in table.numbers_missing
    with pytest.raises(TableIncomplete):
        table.lookup(7)
    filled = table.with_numbers({"grenade": (2, 5), "upgrade": (6, 8), "heal": (9, 12)})
    assert filled.lookup(7).effects == ({"token": "upgrade", "amount": 1},)
    with pytest.raises(TableIncomplete, match="no row for a roll of 12"):
        table.with_numbers({"grenade": (2, 5), "upgrade": (6, 8), "heal": (9, 11)})
    with pytest.raises(TableIncomplete, match="two rows"):
        table.with_numbers({"grenade": (2, 6), "upgrade": (6, 8), "heal": (9, 12)})


def test_skirmish_starting_squares_and_force_rules() -> None:
    pack = get_pack("heroclix-skirmish")
    squares = pack.tables["starting-squares"]
    assert (squares.dice, squares.read, squares.reroll_duplicates) == ("2d10", "tens-ones", True)
    assert squares.outcomes() == tuple(range(100))
    rules = {r["id"]: r for r in pack.entries("force", "rule")}
    assert rules["build-total"]["choices"] == [200, 300]
    assert rules["min-characters"]["value"] == 3 and rules["max-share"]["fraction"] == 0.5
    assert rules["max-characters-multiplayer"]["players"] == [3, 4]
    lists = {x["kind"]: x for x in pack.entries("force", "list")}
    assert len(lists["banned"]["figure"]) == 5 and lists["restricted"]["per_force"] == 1
    wins = {v["id"]: v for v in pack.entries("victory", "victory")}
    assert (wins["vp-2-players"]["value"], wins["vp-3-4-players"]["value"], wins["time-up"]["minutes"]) == (15, 20, 30)


def test_missing_numbers_and_suggestions_are_options_not_rules() -> None:
    halo = get_pack("halo-actionclix")
    force = {r["id"]: r for r in halo.entries("force", "rule")}
    assert force["min-units"]["value"] == 5
    assert "missing" in force["max-total"] and "value" not in force["max-total"]
    scarab = get_pack("scarab")
    assert scarab.option_defaults() == {"heroclix-attacker-actions": False, "flyers-board-from-adjacent": False,
                                        "flyer-limit-2": False}
    assert scarab.section("flying-onto").option == "flyers-board-from-adjacent"
    settings = {s["id"]: s for s in get_pack("armageddon-empires").entries("options", "setting")}
    assert "default" not in settings["success-on"] and settings["success-on"]["missing"]


# --- broken copies -------------------------------------------------------------------------------------


def test_missing_field_names_file_and_field(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "halo-actionclix")
    edit(folder / "pack.toml", 'name = "Halo ActionClix"\n', "")
    message = broken(folder)
    assert str(folder / "pack.toml") in message and "pack.name" in message and "missing" in message


def test_wrong_type_names_file_field_and_expectation(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "halo-actionclix")
    edit(folder / "units.toml", "points = 25", 'points = "25"')
    message = broken(folder)
    assert str(folder / "units.toml") in message
    assert "token[upgrade].points" in message and "expected a whole number" in message and "'25'" in message


def test_unknown_token_in_a_table(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "halo-actionclix")
    edit(folder / "tables.toml", 'token = "grenade"', 'token = "granade"')
    message = broken(folder)
    assert str(folder / "tables.toml") in message
    assert "table[loot].row[grenade].effects[0].token" in message
    assert "'granade'" in message and "grenade, kill, upgrade" in message


def test_unknown_item_in_the_scavenge_table(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "killer-of-the-maze")
    edit(folder / "tables.toml", 'item = "storm-bolter"', 'item = "plasma-gun"')
    message = broken(folder)
    assert "tables.toml" in message and "table[scavenge].row[19].item" in message and "plasma-gun" in message


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "killer-of-the-maze")
    edit(folder / "items.toml", 'name = "Boltgun"', 'name = "Boltgun"\ncolour = "grey"')
    message = broken(folder)
    assert "items.toml" in message and "weapon[boltgun].colour: unknown field" in message


def test_gap_in_a_roll_table(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "killer-of-the-maze")
    edit(folder / "tables.toml", "roll = 51\n", "roll = 52\n")
    message = broken(folder)
    assert "tables.toml: table[scavenge].row" in message and "52" in message


def test_bad_dice_and_roll_outside_the_dice(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "scarab")
    edit(folder / "tables.toml", "roll = 6\n", "roll = 7\n")
    assert "table[event-bands].row" in broken(folder) and "can't roll" in broken(folder)
    edit(folder / "tables.toml", 'dice = "d6"\ntable', 'dice = "d7"\ntable')
    assert "roll[event-roll].dice" in broken(folder)


def test_broken_section_link_names_the_markdown_file(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "heroclix-skirmish")
    edit(folder / "rules.md", "see: bonus-rounds, first-round, turn-structure", "see: bonus-round")
    message = broken(folder)
    assert str(folder / "rules.md") in message and "bonus-round" in message and "section" in message


def test_section_without_id_and_duplicate_ids(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "heroclix-skirmish")
    edit(folder / "rules.md", "## Bonus rounds {#bonus-rounds}", "## Bonus rounds")
    assert "rules.md: line" in broken(folder) and "needs an id" in broken(folder)
    edit(folder / "rules.md", "## Bonus rounds", "## Bonus rounds {#end-of-turn}")
    assert "already used" in broken(folder)


def test_section_reference_from_data_must_exist(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "armageddon-empires")
    edit(folder / "tables.toml", 'section = "sabotage-challenge"', 'section = "sabotaj"')
    message = broken(folder)
    assert "tables.toml" in message and "challenge[sabotage].section" in message and "sabotaj" in message


def test_token_limits_must_agree_with_units(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "halo-actionclix")
    edit(folder / "pack.toml", "action = 1 ", "action = 2 ")
    message = broken(folder)
    assert "units.toml" in message and "token[action].limit" in message


def test_invalid_toml_and_unknown_data_file(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "scarab")
    (folder / "extras.toml").write_text("x = 1\n", encoding="utf-8")
    assert "extras.toml: unknown data file" in broken(folder)
    (folder / "extras.toml").unlink()
    (folder / "victory.toml").write_text("[[victory]\n", encoding="utf-8")
    assert "victory.toml: not valid TOML" in broken(folder)


def test_force_rule_needs_a_value_or_a_missing_note(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "halo-actionclix")
    edit(folder / "force.toml", "value = 5\n", "")
    assert "force.toml: rule[min-units].value" in broken(folder)


def test_pack_error_is_a_companion_error() -> None:
    assert issubclass(PackError, CompanionError)


# --- user packs -------------------------------------------------------------------------------------


def test_user_pack_appears_beside_builtin_ones(tmp_path: Path) -> None:
    root = tmp_path / "data"
    mine = copy_pack(root / "packs", "halo-actionclix", "halo-house")
    edit(mine / "pack.toml", 'name = "Halo ActionClix"', 'name = "Halo (our house rules)"')
    packs, errors = Session(MatchStore(root)).packs()
    assert errors == []
    assert set(packs) == {*SYSTEMS, "halo-house"}
    assert packs["halo-house"].name == "Halo (our house rules)" and packs["halo-house"].path == mine


def test_broken_user_pack_hides_no_other(tmp_path: Path) -> None:
    root = tmp_path / "packs"
    copy_pack(root, "scarab", "scarab-two")
    bad = copy_pack(root, "heroclix-skirmish", "skirmish-bad")
    edit(bad / "victory.toml", "value = 15", "value = 0")
    packs, errors = discover((root,))
    assert "scarab-two" in packs and "skirmish-bad" not in packs and set(SYSTEMS) <= set(packs)
    assert len(errors) == 1 and "victory.toml" in errors[0] and "victory[vp-2-players].value" in errors[0]


def test_user_copy_of_a_builtin_id_is_ignored_with_a_reason(tmp_path: Path) -> None:
    copy_pack(tmp_path, "scarab")
    packs, errors = discover((tmp_path,))
    assert packs["scarab"].path == builtin_dir() / "scarab"
    assert any("already loaded" in e for e in errors)


def test_the_names_read_from_pack_toml_alone_are_those_of_the_loaded_packs(tmp_path: Path) -> None:
    """Home names each match's game from pack.toml alone (session.pack_names): the same names the whole packs give,
    a user's pack's too; a pack.toml that can't be read or names another folder gives no name, as it gives no
    pack; a user's copy of a built-in pack's id keeps the built-in name."""
    root = tmp_path / "data"
    mine = copy_pack(root / "packs", "halo-actionclix", "halo-house")
    edit(mine / "pack.toml", 'name = "Halo ActionClix"', 'name = "Halo (our house rules)"')
    edit(copy_pack(root / "packs", "scarab", "scarab-bad") / "pack.toml", "[pack]", "[pack")
    edit(copy_pack(root / "packs", "scarab", "scarab-moved") / "pack.toml", 'id = "scarab-moved"', 'id = "elsewhere"')
    edit(copy_pack(root / "packs", "scarab") / "pack.toml", "name = ", 'name = "Not this one" # ')
    session = Session(MatchStore(root))
    packs, _ = session.packs()
    assert session.pack_names() == {pack.id: pack.name for pack in packs.values()}
    assert session.pack_names()["halo-house"] == "Halo (our house rules)"
    assert names() == {system: get_pack(system).name for system in SYSTEMS}


def test_edited_pack_is_reloaded(tmp_path: Path) -> None:
    folder = copy_pack(tmp_path, "scarab")
    first = load_pack(folder)
    assert load_pack(folder) is first  # unchanged files: cached
    edit(folder / "pack.toml", 'version = "0.1.0"', 'version = "0.2.0-test"')
    again = load_pack(folder)
    assert isinstance(again, Pack) and again.version == "0.2.0-test"
