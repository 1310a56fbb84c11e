"""The session's change feed: a screen that fails to follow a change (its page gone) never fails the write."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.session import Session


def test_a_failing_listener_is_dropped_and_the_write_and_the_other_listeners_go_on(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    session = Session.open(tmp_path)
    heard: list[str | None] = []

    def gone(match_id: str | None) -> None:
        raise RuntimeError("attempt to fetch destroyed session")

    session.feed.subscribe(gone)
    session.feed.subscribe(heard.append)
    match = session.new_match("heroclix-skirmish", ["Ann", "Ben"])
    session.dispatch(match.id, "score", {"player": "p1", "kind": "vp", "delta": 2})
    assert session.state(match.id).players[0].vp == 2  # stored, and told to the screens still there
    assert heard.count(match.id) >= 2 and len(session.feed) == 1
    assert "no longer follows the feed" in caplog.text
