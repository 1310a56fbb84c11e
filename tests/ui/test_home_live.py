"""Home follows the session's feed: a match added, played or finished outside the screen (a hosted table's phone,
the CLI or a second window on the same data folder) shows on the list without a tap or a navigation."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session
from companion.store.matches import MatchStore

from flet_harness import Harness, drawn, told


@pytest.mark.asyncio
async def test_home_lists_a_match_added_and_finished_through_the_session(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    h = await Harness.at(session, "/")
    assert h.has("no-matches")
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    await drawn()
    assert not h.has("no-matches") and h.text_of(f"match-{match_id}").startswith("Ann vs Ben Halo")
    session.dispatch(match_id, "end_match", {"winners": ["p1"]})
    await drawn()
    assert "turn 1 · finished" in h.text_of(f"match-{match_id}")
    session.delete(match_id)
    await drawn()
    assert h.has("no-matches") and not h.has(f"match-{match_id}")


@pytest.mark.asyncio
async def test_home_lists_a_match_another_process_added_once_the_feed_is_told(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path / "data"))
    first = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, "/")
    other = Session(MatchStore(tmp_path / "data"))  # the CLI, or a second window, on the same folder
    added = other.new_match("heroclix-skirmish", ["Cat", "Dan"]).id
    other.dispatch(first, "end_match", {"winners": ["p2"]})
    await told(session)
    assert h.text_of(f"match-{added}").startswith("Cat vs Dan")
    assert "finished" in h.text_of(f"match-{first}")
    assert h.key_list().index(f"match-{first}") < h.key_list().index(f"match-{added}")  # most recent first


@pytest.mark.asyncio
async def test_home_under_another_screen_reads_nothing_until_it_is_back_on_top(tmp_path: Path,
                                                                                 monkeypatch: pytest.MonkeyPatch
                                                                                 ) -> None:
    """Every tap on a match's table tells the feed: home, under it, must not read every match at each one."""
    session = Session(MatchStore(tmp_path / "data"))
    match_id = session.new_match("halo-actionclix", ["Ann", "Ben"]).id
    h = await Harness.at(session, "/")
    await h.click(f"match-{match_id}")
    reads: list[int] = []
    summaries = session.summaries
    monkeypatch.setattr(session, "summaries", lambda: reads.append(1) or summaries())
    session.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 1}, by="p1")
    session.dispatch(match_id, "end_match", {"winners": ["p2"]})
    await drawn()
    assert reads == []
    await h.back()
    assert "finished" in h.text_of(f"match-{match_id}")
