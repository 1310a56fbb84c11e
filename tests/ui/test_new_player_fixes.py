"""What a new player tripped on at 360x640 (a fresh-eyes run): Start match out of reach under the house rules,
the saved-force pick, the empty table's hint, the dial's fields, the plural of the end-match offer, Rename."""

from __future__ import annotations

from pathlib import Path

import flet as ft
import pytest

from companion.session.table.forces import add_force_text, save_force

from ui_flows_kit import new_match_of, start


@pytest.mark.asyncio
async def test_start_match_is_pinned_below_the_scrolling_form(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await h.click("new-match")
    await h.choose("system", "halo-actionclix")  # house rules and agreed numbers: the longest form
    assert h.top.scroll is None  # the view stays put: only the form scrolls
    form = h.find(next(k for k in h.key_list() if k.startswith("new-match-body-form")))
    assert form.scroll == ft.ScrollMode.AUTO
    bar = h.find("new-match-body-bar")
    assert [c.key for c in bar.content.controls] == ["create-match"]
    assert h.find("create-match").height >= 48


ANN = "Spartan Sniper, 45: 8 10 17 3 / 7 10 16 2\nGrunt, 12: 6 8 14 1 / 5 7 13 1"


@pytest.mark.asyncio
async def test_the_players_own_saved_force_is_picked_for_them(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    before = session.new_match("halo-actionclix", ["Ann", "Ben"])
    add_force_text(session, before.id, ANN, "p1")
    saved, _ = save_force(session, before.id, "p1", "Ann's force")
    await h.click("new-match")
    # a saved force: its game is chosen at once and the list folded to one line, so the picks are in sight
    assert h.text_of("game-chosen-name") == "Halo ActionClix" and not h.has("system")
    await h.type("player-0", "Ann")
    await h.type("player-1", "Ben")
    pick = h.find("player-force-0")
    assert pick.label == "Force for Ann" and pick.value == saved.id  # Ann's own force, picked for her
    assert h.find("player-force-1").value == "none"  # Ben has none of his own
    assert [o.text for o in pick.options] == ["No saved force", "Ann's force · 2 units"]
    await h.click("create-match")
    match_id = h.top.route.removeprefix("/match/")
    assert [(u.name, u.owner) for u in session.state(match_id).units] == [("Spartan Sniper", "p1"), ("Grunt", "p1")]


@pytest.mark.asyncio
async def test_a_force_titled_for_the_player_is_picked_unless_two_are(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    before = session.new_match("halo-actionclix", ["Ann", "Ben"])
    add_force_text(session, before.id, ANN, "p1")
    add_force_text(session, before.id, ANN.replace("Grunt", "Jackal"), "p2")
    spartans, _ = save_force(session, before.id, "p1", "Ann\u2019s Spartans")  # a pasted force's title, curly
    save_force(session, before.id, "p2", "Ben's Covenant")
    save_force(session, before.id, "p2", "Ben's Brutes")
    await h.click("new-match")
    assert h.text_of("game-chosen-name") == "Halo ActionClix"  # the game of the saved forces
    await h.type("player-0", "Ann")
    await h.type("player-1", "Ben")
    assert h.find("player-force-0").value == spartans.id  # the one force named Ann's
    assert h.find("player-force-1").value == "none"  # two of Ben's: he picks which


@pytest.mark.asyncio
async def test_the_empty_table_says_whose_force_is_missing_until_each_has_one(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    assert h.text_of("empty-table-text").startswith("No units yet")
    assert not h.has("empty-add-unit") and h.has("add-unit")  # one Add a unit, not two
    await h.click("empty-paste-force")
    await h.type("force-text", ANN)
    await h.click("add-force")  # Ann's force in: back on the table
    assert [u.owner for u in session.state(match_id).units] == ["p1", "p1"]
    assert h.text_of("empty-table-text").startswith("Ben has no units yet")
    await h.click("empty-paste-force")
    assert h.find("force-owner").value == "p2"  # the paste is for Ben


@pytest.mark.asyncio
async def test_the_unit_form_is_for_the_player_without_units(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    add_force_text(session, match_id, ANN, "p1")
    await h.click("add-unit")
    assert h.find("unit-owner").value == "p2"  # Ben has no units yet: the unit is most likely his
    field = h.find("dial-0-1")
    assert field.keyboard_type == ft.KeyboardType.NUMBER
    # the field's own name (its label's semantics label): a Semantics around it named a group, not the input
    assert field.label.semantics_label == "click 1 attack" and field.label.value == ""
    assert h.find("dial-add-click").height >= 48 and h.find("dial-remove-click").height >= 48
    await h.type("unit-name", "Marine")
    await h.type("unit-points", "20")
    for j, value in enumerate(("7", "9", "16", "2")):
        await h.type(f"dial-0-{j}", value)
    await h.click("save-next")
    assert h.text_of("toast") == "Marine joins Ben's force. Type the next unit."


@pytest.mark.asyncio
async def test_rename_says_whom_and_the_save_as_name_follows_the_new_name(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    add_force_text(session, match_id, ANN, "p1")
    add_force_text(session, match_id, ANN, "p2")
    await h.click("open-setup")
    assert h.find("rename-p1").content == "Rename Ann"  # the player, not the force the heading names
    assert h.find("force-name-p1").value == "Ann's force"
    await h.type("force-name-p2", "Ben's Spartans")  # typed: kept whatever the player's name becomes
    await h.click("rename-p1")
    await h.type("rename-field-p1", "Annie")
    await h.click("rename-save-p1")
    assert h.find("force-name-p1").value == "Annie's force" and h.find("rename-p1").content == "Rename Annie"
    await h.click("rename-p2")
    await h.type("rename-field-p2", "Benjamin the Bold")
    await h.click("rename-save-p2")
    assert h.find("force-name-p2").value == "Ben's Spartans"
    assert h.find("rename-p2").content == "Rename player"  # a long name would squeeze the heading at 320 px


@pytest.mark.asyncio
async def test_set_up_tells_a_note_of_the_rules_from_a_check_it_could_not_make(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    add_force_text(session, match_id, ANN, "p1")
    await h.click("open-setup")
    assert h.text_of("force-p1-bigger-games") == (
        "Note: Forces with more units and points are allowed; games take longer.")
    assert h.text_of("force-p1-max-unit").startswith("Not checked: the rules leave out the most one unit may cost")


@pytest.mark.asyncio
async def test_new_match_folds_the_games_for_a_player_with_saved_forces_and_lists_them_on_asking(
        tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    await h.click("new-match")
    assert h.has("system") and not h.has("game-chosen")  # no saved force: every game listed, as always
    await h.choose("system", "heroclix-skirmish")
    assert h.has("system")  # a choice keeps the list: nothing folds under a newcomer's thumb
    before = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    add_force_text(session, before.id, "Spartan, 45: 8 10 17 3", "p1")
    save_force(session, before.id, "p1", "Ann's force")
    h, _ = await start(tmp_path)
    await h.click("new-match")
    # the game of the saved force, chosen; the name fields, each with its force pick under it, come next
    assert h.text_of("game-chosen-name") == "HeroClix Skirmish" and not h.has("system")
    order = [k for k in h.key_list() if k.startswith(("game-chosen", "player-row-", "player-force-"))]
    assert order == ["game-chosen", "game-chosen-name", "player-row-0", "player-force-0", "player-row-1",
                     "player-force-1"], order
    assert h.find("player-0").counter == ""  # no "0/40" line under each name
    await h.click("change-game")
    assert h.find("system").value == "heroclix-skirmish"
    await h.choose("system", "halo-actionclix")  # chosen: folded again, this game's picks (none saved) below
    assert h.text_of("game-chosen-name") == "Halo ActionClix" and not h.has("player-force-0")
