"""The share screen offers "send my turn" once the other device's copy is known, and the turn code reads there."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.sharing.share_sync import import_code, read_code
from companion.share import Collector, read_text
from companion.share.codec import TURN

from flet_harness import Harness
from ui_flows_kit import new_halo_match, start
from ui_share_kit import other_device


async def scanned_on_the_other_device(tmp_path: Path, link: str) -> tuple[Harness, Session]:
    """The other device pastes the link on its scan screen (the match is stored and opened there)."""
    o, theirs = await other_device(tmp_path)
    await o.click("home-scan")
    await o.type("scan-text", link)
    await o.click("scan-add")
    return o, theirs


@pytest.mark.asyncio
async def test_send_my_turn_after_one_exchange(tmp_path: Path) -> None:
    h, mine = await start(tmp_path)
    match_id = await new_halo_match(h)
    await h.click("open-share")
    assert h.has("share-whole") and not h.has("share-turn")  # nothing exchanged yet: the whole match
    whole = h.find("share-text").value

    o, theirs = await scanned_on_the_other_device(tmp_path, whole)
    theirs.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 1}, by="p2")

    await o.click("open-share")  # their share screen: they know we hold what we sent them
    assert o.has("share-turn")
    turn = o.find("share-text").value
    assert read_text(turn).data[0] & TURN and len(turn) < len(whole)

    h2, empty = await other_device(tmp_path / "me-again", route="/" + turn.split("/", 3)[3])
    assert empty.list_matches() == []
    assert "not on this device" in h2.text_of("scan-status")  # a device without the match: refused, nothing stored
    assert h2.top.route == "/scan"

    collector = Collector()
    collector.add(turn)
    import_code(mine, read_code(mine, collector))  # the device that sent the whole match takes their turn
    assert mine.log(match_id) == theirs.log(match_id)


@pytest.mark.asyncio
async def test_ending_a_turn_offers_send_my_turn_once_the_match_was_exchanged(tmp_path: Path) -> None:
    h, _mine = await start(tmp_path)
    match_id = await new_halo_match(h)
    await h.click("end-turn")
    await h.click("confirm-yes")
    assert not h.has("send-turn")  # played on this phone only: nothing to send, just the message
    await h.click("open-share")
    whole = h.find("share-text").value

    o, _theirs = await scanned_on_the_other_device(tmp_path, whole)  # their table is open on the match we sent
    assert o.top.route == f"/match/{match_id}"
    await o.click("end-turn")
    await o.click("confirm-yes")
    assert o.has("send-turn")  # the turn ended on a match two devices share: one tap to send it
    await o.event("send-turn", "action")
    assert o.top.route == f"/match/{match_id}/share" and o.has("share-turn")
