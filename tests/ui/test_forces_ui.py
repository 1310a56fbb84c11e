"""A force in seconds, on a real Flet session: paste a force per player from an empty table (a wrong line shows
as one sentence and adds nothing), save each player's force from Set-up, and start a new match with both."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.table.forces import saved_forces
from companion.store.matches import MatchStore

from flet_harness import Harness
from ui_flows_kit import new_match_of, start

ANN = "Spartan Sniper, 45: 8 10 17 3 / 7 10 16 2\nGrunt, 12: 6 8 14 1 / 5 7 13 1"
BEN = "Elite, 30: 7 9 16 2 / 6 9 15 2\nJackal, 10: 6 7 15 1"


async def paste(h: Harness, text: str) -> None:
    await h.type("force-text", text)
    await h.click("add-force")


@pytest.mark.asyncio
async def test_paste_save_and_start_a_match_with_saved_forces(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    first = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    assert "No units yet" in h.text_of("empty-table-text")
    await h.click("empty-paste-force")
    assert h.find("force-owner").value == "p1"
    await paste(h, ANN + "\nElite 30: 7 9 16 2")
    assert h.text_of("force-error").startswith("line 3: write a unit as its name, points: clicks")
    assert session.state(first).units == ()  # nothing added, the text kept as typed
    assert h.find("force-text").value.endswith("Elite 30: 7 9 16 2")
    await paste(h, ANN)
    assert h.text_of("toast") == "2 units added for Ann"
    assert h.top.route == f"/match/{first}"
    assert h.text_of("empty-table-text").startswith("Ben has no units yet. Paste Ben's force")  # still his to bring
    # the add flow leads to it too, for the next player without units
    await h.click("add-unit")
    await h.click("open-paste-force")
    assert h.find("force-owner").value == "p2"
    await paste(h, BEN)
    assert [(u.name, u.owner) for u in session.state(first).units] == [
        ("Spartan Sniper", "p1"), ("Grunt", "p1"), ("Elite", "p2"), ("Jackal", "p2")]
    assert h.top.route == f"/match/{first}"  # back goes to the table, not the unit form
    assert not h.has("empty-table")  # every player has a force now

    await h.click("open-setup")
    await h.click("save-force-p1")
    assert h.text_of("toast") == "Saved force “Ann's force” (2 units)"
    await h.click("save-force-p1")  # a second tap: the same units, nothing replaced
    assert h.text_of("toast") == "“Ann's force” is already saved with these 2 units"
    await h.type("force-name-p2", "Ben's Covenant")
    await h.click("save-force-p2")
    assert h.text_of("toast") == "Saved force “Ben's Covenant” (2 units)"
    assert h.has("share-force-p2")

    h2, _ = await start(tmp_path)
    await h2.click("new-match")
    assert h2.text_of("game-chosen-name") == "Halo ActionClix"  # the saved forces' game, chosen at once
    # the last match's players typed in again, and each one's saved force picked by its name
    assert [h2.find(f"player-{i}").value for i in range(2)] == ["Ann", "Ben"]
    keys = {o.text.split(" · ")[0]: o.key for o in h2.find("player-force-0").options}
    assert [h2.find(f"player-force-{i}").value for i in range(2)] == [keys["Ann's force"], keys["Ben's Covenant"]]
    await h2.type("player-0", "Cat")
    await h2.type("player-1", "Dan")
    covenant = next(o.key for o in h2.find("player-force-0").options if o.text.startswith("Ben's Covenant"))
    spartans = next(o.key for o in h2.find("player-force-1").options if o.text.startswith("Ann's force"))
    await h2.choose("player-force-0", covenant)
    await h2.choose("player-force-1", spartans)
    await h2.click("create-match")
    second = h2.top.route.removeprefix("/match/")
    assert [(u.name, u.owner) for u in session.state(second).units] == [
        ("Elite", "p1"), ("Jackal", "p1"), ("Spartan Sniper", "p2"), ("Grunt", "p2")]


@pytest.mark.asyncio
async def test_a_pasted_force_with_a_title_line_is_saved_under_that_title(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    first = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("empty-paste-force")
    await paste(h, "# Ann's Spartans\n" + ANN)
    assert h.text_of("toast") == "2 units added for Ann, saved as “Ann's Spartans”"
    assert [(f.name, len(f.units)) for f in saved_forces(session, "halo-actionclix")[0]] == [("Ann's Spartans", 2)]
    await h.click("add-unit")
    await h.click("open-paste-force")  # Ben's other units under the same title: Ann's saved force stays
    await paste(h, "# Ann's Spartans\n" + BEN)
    assert h.text_of("toast") == ("2 units added for Ben, not saved: a saved force is already named "
                                  "“Ann's Spartans” (Set-up can save it under another name)")
    assert [u["name"] for u in saved_forces(session, "halo-actionclix")[0][0].units] == ["Spartan Sniper", "Grunt"]
    assert len(session.state(first).units) == 4
    await h.click("open-setup")  # Set-up offers Ann's title as the name, and her force to share at once
    assert h.find("force-name-p1").value == "Ann's Spartans" and h.has("share-force-p1")
    assert h.find("force-name-p2").value == "Ben's force"


@pytest.mark.asyncio
async def test_a_saved_force_joins_with_one_tap_from_the_force_screen(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    first = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("empty-saved-forces")
    assert "None yet for this game" in h.text_of("saved-forces-empty")
    await paste(h, ANN)
    await h.click("open-setup")
    await h.click("save-force-p1")
    await h.back()
    await h.back()
    second = await new_match_of(h, "halo-actionclix", "Cat", "Dan")
    await h.click("empty-saved-forces")
    await h.choose("force-owner", "p2")
    saved = next(k for k in h.key_list() if k.startswith("saved-force-"))
    await h.click(saved)
    assert h.text_of("toast") == "“Ann's force” added for Dan (2 units)"
    assert [(u.name, u.owner) for u in session.state(second).units] == [("Spartan Sniper", "p2"), ("Grunt", "p2")]
    assert len(session.state(first).units) == 2


@pytest.mark.asyncio
async def test_the_force_screen_has_a_route_a_reload_comes_back_to(tmp_path: Path) -> None:
    h, session = await start(tmp_path)
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    again = await Harness.at(session, f"/match/{match_id}/forces")
    assert [v.route for v in again.views] == ["/", f"/match/{match_id}", f"/match/{match_id}/forces"]
    assert again.has("force-text")


@pytest.mark.asyncio
async def test_a_saved_force_travels_by_its_code_to_another_phone(tmp_path: Path) -> None:
    h, _ = await start(tmp_path / "ann")
    await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("empty-paste-force")
    await paste(h, ANN)
    await h.click("open-setup")
    await h.type("force-name-p1", "Ann's Spartans")
    await h.click("save-force-p1")
    await h.click("share-force-p1")
    assert h.text_of("force-share-title") == "Ann's Spartans · 2 units, 57 points"
    assert h.find("force-qr").src
    link = h.text_of("force-link")
    assert link.startswith("ttcomp://m/F-") and h.find("force-link").size >= 12  # readable under the QR code

    other, phone = await start(tmp_path / "ben")  # another phone: Scan a code, the link pasted
    await other.click("home-scan")
    await other.type("scan-text", link)
    await other.click("scan-add")
    assert other.text_of("toast") == "Saved force “Ann's Spartans” (2 units)"
    assert other.text_of("scan-status").startswith("Saved force “Ann's Spartans” (2 units). Pick it on New match")
    await other.back()
    await new_match_of(other, "halo-actionclix", "Cat", "Dan")
    await other.click("empty-saved-forces")
    await other.click(next(k for k in other.key_list() if k.startswith("saved-force-")))
    match = phone.list_matches()[0].id
    assert [u.name for u in phone.state(match).units] == ["Spartan Sniper", "Grunt"]


@pytest.mark.asyncio
async def test_a_force_link_opened_from_the_camera_app_saves_the_force(tmp_path: Path) -> None:
    from companion.session.sharing.force_share import force_link_of
    from companion.session.table.forces import add_force_text, save_force

    h, session = await start(tmp_path / "ann")
    match_id = await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    add_force_text(session, match_id, ANN, "p1")
    force, _ = save_force(session, match_id, "p1", "Ann's Spartans")
    link = force_link_of(session, force.id)
    phone = Session(MatchStore(tmp_path / "ben"))
    other = await Harness.at(phone, "/" + link.split("/", 3)[3])  # the route a deep link opens
    assert other.text_of("scan-status").startswith("Saved force “Ann's Spartans” (2 units)")


@pytest.mark.asyncio
async def test_a_force_saved_before_can_be_shared_on_a_later_visit(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)
    await new_match_of(h, "halo-actionclix", "Ann", "Ben")
    await h.click("empty-paste-force")
    await paste(h, ANN)
    await h.click("open-setup")
    assert not h.has("share-force-p1")  # nothing kept under "Ann's force" yet
    await h.click("save-force-p1")
    await h.back()
    await h.click("open-setup")
    await h.click("share-force-p1")
    assert h.text_of("force-share-title") == "Ann's force · 2 units, 57 points"
