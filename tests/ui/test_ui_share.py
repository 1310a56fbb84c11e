"""Sharing in the app: show the code, read it on another device, and the merge choice."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.sharing.incoming import Incoming
from companion.session.sharing.keeping import library_for, share_match
from companion.share import SharedMatch, encode
from companion.share.text import to_parts
from companion.store.matches import MatchStore
from companion.ui.app import main

from flet_harness import Harness, drawn
from ui_flows_kit import new_halo_match, start
from ui_share_kit import other_device


@pytest.mark.asyncio
async def test_share_scan_and_merge_between_two_devices(tmp_path: Path) -> None:
    h, mine = await start(tmp_path)
    match_id = await new_halo_match(h)
    await h.click("player-p1-kills-plus")
    await h.click("open-share")
    assert h.text_of("share-part").startswith("Code 1 of 1")
    assert isinstance(h.find("share-qr").src, bytes | str)
    link = h.find("share-text").value
    assert link.startswith("ttcomp://m/")
    await h.click("share-copy")
    assert ("set", {"data": link}) in h.conn.invoked  # the clipboard got the link

    # the other device pastes the link: a new match is stored and opened
    o, theirs = await other_device(tmp_path)
    await o.click("home-scan")
    await o.type("scan-text", "not a code")
    await o.click("scan-add")
    assert "not" in o.text_of("scan-status").lower()
    await o.type("scan-text", link)
    await o.click("scan-add")
    assert theirs.state(match_id) == mine.state(match_id)
    assert o.top.route == f"/match/{match_id}"

    # both go on differently: importing asks what to keep; "keep both" keeps both
    mine.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 1})
    theirs.dispatch(match_id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    new_link = share_match(mine, match_id).texts[0]
    o2, _ = await other_device(tmp_path, route="/" + new_link.split("/", 3)[3])  # deep link route
    assert "went different ways" in o2.text_of("scan-status")
    # what differs, side by side (on this device "yours" is the local copy)
    rows = [o2.text_of(k) for k in o2.key_list() if k.startswith("diff-")]
    assert "Ann 2 kills 1 kill" in rows and "Ben 0 kills 1 kill" in rows
    assert any(r.startswith("Events 2 (1 since the split) 2 (1 since the split)") for r in rows)
    await o2.click("merge-both")
    assert len(theirs.list_matches()) == 2
    assert theirs.state(match_id).player("p1").kills == 2  # mine kept as it was
    copy_id = next(m.id for m in theirs.list_matches() if m.id != match_id)
    copy = theirs.state(copy_id)
    assert (copy.player("p1").kills, copy.player("p2").kills) == (1, 1)
    o3, _ = await other_device(tmp_path)  # the match list tells theirs from mine
    assert "their copy, kept" in o3.text_of(f"match-{copy_id}")
    assert "their copy" not in o3.text_of(f"match-{match_id}")


@pytest.mark.asyncio
async def test_camera_only_where_flet_has_one(tmp_path: Path) -> None:
    h, _ = await start(tmp_path)  # the harness page is a desktop page: Flet's camera isn't there
    await h.click("home-scan")
    assert not h.has("scan-camera") and h.has("scan-image")


    async def in_a_browser(page):  # type: ignore[no-untyped-def]
        page.web = True  # in a browser it is (tests/browser/test_browser_camera.py scans through it)
        await main(page, Session(MatchStore(tmp_path / "web")))

    web = await Harness.start(in_a_browser)
    await web.click("home-scan")
    assert web.has("scan-camera")


@pytest.mark.asyncio
async def test_the_share_code_follows_a_change_made_elsewhere_without_a_refresh(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id

    h = await Harness.at(session, f"/match/{match_id}/share")
    before = h.find("share-text").value
    assert h.text_of("share-whole").startswith("The whole match (0 steps)")
    assert before == share_match(session, match_id).texts[0]
    other = Session(MatchStore(tmp_path / "data"))  # another phone (or the CLI) on the same data folder
    other.dispatch(match_id, "score", {"player": "p1", "kind": "kills", "delta": 1})
    session.feed.changed(None)  # what the app hears when anything looks again (a hosted table's tick)
    await drawn()
    after = h.find("share-text").value
    assert after != before and after == share_match(session, match_id).texts[0]
    assert h.text_of("share-whole").startswith("The whole match (1 steps)")  # the words redrawn too


@pytest.mark.asyncio
async def test_the_scan_screen_lists_parts_kept_elsewhere_when_told_to_look_again(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    sender = Session(MatchStore(tmp_path / "sender"))
    match = sender.new_match("halo-actionclix", ["Ann", "Ben"])
    parts = to_parts(encode(SharedMatch.from_export(sender.export(match.id)), library_for(sender)), 3)

    async def app(page):  # type: ignore[no-untyped-def]
        page.route = "/scan"
        await main(page, session)

    h = await Harness.start(app)
    assert not [k for k in h.key_list() if k.startswith("waiting-")]
    # a part read elsewhere on this data folder (the camera screen, another launch): kept, not yet on screen
    Incoming(Session(MatchStore(tmp_path / "data"))).add_text(parts[1])
    session.feed.changed(None)  # what the scanner hears when the camera screen closes (the shell's refresh)
    await drawn()
    (tile,) = [k for k in h.key_list() if k.startswith("waiting-")]
    assert "1 of 3 received" in h.text_of(tile)
    assert "from an earlier scan" in h.text_of(tile) and h.has(tile.replace("waiting-", "discard-"))
