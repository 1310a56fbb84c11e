"""Renaming a player from Set-up (issue 39) on a real Flet session: Rename, type, Save is one undoable step; a
refused name says why in one sentence and changes nothing; a rename made elsewhere redraws the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.session.table.players import rename_player
from companion.store.matches import MatchStore

from flet_harness import Harness, told


@pytest.mark.asyncio
async def test_a_player_is_renamed_from_set_up_and_undo_brings_the_old_name_back(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, f"/match/{match_id}/setup")
    assert "Ben's force" in h.texts() and not h.has("rename-field-p2")
    await h.click("rename-p2")
    assert h.find("rename-field-p2").value == "Ben"
    await h.type("rename-field-p2", "ann")
    await h.click("rename-save-p2")
    assert h.text_of("toast") == "Ann already has that name; pick another so the log stays clear"
    assert [p.name for p in session.state(match_id).players] == ["Ann", "Ben"] and session.log(match_id) == []
    assert h.find("rename-field-p2").value == "ann"  # left as typed, to correct
    await h.type("rename-field-p2", "Benjamin")
    await h.click("rename-save-p2")
    assert [p.name for p in session.state(match_id).players] == ["Ann", "Benjamin"]
    assert "Benjamin's force" in h.texts() and not h.has("rename-field-p2")
    event = session.log(match_id)[-1]
    assert (event.type, event.by, event.data) == ("rename_player", "p1",
                                                  {"player": "p2", "name": "Benjamin", "was": "Ben"})
    session.undo(match_id, by="p1")
    await told(session)
    assert "Ben's force" in h.texts() and session.undo_news(match_id, short=True)[0] == \
        "Undid: renamed Ben to Benjamin"
    other = Session(MatchStore(tmp_path / "data"))  # another phone (or the CLI) on the same data folder
    rename_player(other, match_id, "Ann", "Annie")
    await told(session)
    assert "Annie's force" in h.texts()
    await h.click("rename-p1")
    await h.click("rename-cancel-p1")
    assert not h.has("rename-field-p1") and session.state(match_id).players[0].name == "Annie"
