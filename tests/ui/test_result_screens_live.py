"""The end of a match and its result follow the match without a refresh(): a change made on another phone (or
the CLI) to the same data folder redraws them."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from flet_harness import Harness, told


def _match(tmp_path: Path) -> tuple[Session, Session, str]:
    """This phone's session and another's on the same data folder, over a Halo match of Ann and Ben."""
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    return session, Session(MatchStore(tmp_path / "data")), match_id


@pytest.mark.asyncio
async def test_ending_the_match_follows_a_kill_scored_on_another_phone(tmp_path: Path) -> None:
    session, other, match_id = _match(tmp_path)
    h = await Harness.at(session, f"/match/{match_id}/end")
    assert h.find("winner").value == "draw"  # 0 to 0: tied
    other.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 1}, by="p1")
    await told(session)
    assert h.find("winner").value == "p2" and "Ben wins (1 kill)" in h.text_of("winner")
    assert h.text_of("end-suggested") == "Suggested from the scores: Ben"
    await h.choose("winner", "p1")  # picked by the player: a later change elsewhere leaves the pick alone
    other.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 1}, by="p1")
    await told(session)
    assert h.find("winner").value == "p1" and "Ben wins (2 kills)" in h.text_of("winner")
    await h.click("end-match-confirm")
    assert session.state(match_id).winners == ("p1",) and h.text_of("result-line") == "Winner: Ann"


@pytest.mark.asyncio
async def test_the_result_follows_the_match_ended_again_elsewhere(tmp_path: Path) -> None:
    session, other, match_id = _match(tmp_path)
    session.dispatch(match_id, "end_match", {"winners": ["p1"]})
    h = await Harness.at(session, f"/match/{match_id}/result")
    assert h.text_of("result-line") == "Winner: Ann"
    other.dispatch(match_id, "reopen")
    other.dispatch(match_id, "score", {"player": "p2", "kind": "vp", "delta": 3}, by="p1")
    other.dispatch(match_id, "end_match", {"winners": ["p2"]})
    await told(session)
    assert h.text_of("result-line") == "Winner: Ben" and h.text_of("result-p2") == "Ben: 3 VP, 0 kills"
