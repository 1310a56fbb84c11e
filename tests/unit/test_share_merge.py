"""Importing a shared match next to a local copy: fast-forward, identical, diverged with each choice."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest

from companion.core.match.events import replay
from companion.core.model import Match
from companion.session import Session
from companion.session.sharing.keeping import import_shared
from companion.share import Choice, ChoiceNeeded, DamagedCode, Relation, SharedMatch, compare, decode, encode, read_text
from companion.share.text import to_text
from companion.store.matches import MatchStore

from builders import unit

Device = Callable[[], Session]


@pytest.fixture(params=["memory", "files"])
def device(request: pytest.FixtureRequest, tmp_path: Path) -> Device:
    """Makes phones: sessions over memory or over their own folder, like two devices at one table."""
    count = iter(range(100))

    def make() -> Session:
        root = None if request.param == "memory" else tmp_path / f"phone{next(count)}"
        return Session(MatchStore(root))

    return make


def play(session: Session, match_id: str, n: int, player: str = "p1") -> None:
    """n events that always apply: rolls and points."""
    for i in range(n):
        if i % 2:
            session.dispatch(match_id, "score", {"player": player, "kind": "vp", "delta": 1}, by=player)
        else:
            session.dispatch(match_id, "roll", {"expr": "2d6", "dice": [i % 6 + 1, 3], "total": i % 6 + 4}, by=player)


def scan(session: Session, match_id: str) -> SharedMatch:
    """What another phone gets from this one's code: export -> bytes -> link -> bytes -> match."""
    data = encode(SharedMatch.from_export(session.export(match_id)))
    return decode(read_text(to_text(data)).data)


def same_table(state: Match, expected: Match) -> bool:
    """Equal but for the event count: each undone roll leaves an `undone` record in the log."""
    return replace(state, seq=0) == replace(expected, seq=0)


def log(session: Session, match_id: str) -> SharedMatch:
    return SharedMatch.from_export(session.export(match_id))


def started(device: Device) -> tuple[Session, str]:
    phone = device()
    match_id = phone.new_match("halo-actionclix", ["Ann", "Ben"]).id
    phone.dispatch(match_id, "add_unit", {"unit": unit("u1", "p1")}, by="p1")
    phone.dispatch(match_id, "add_unit", {"unit": unit("u2", "p2")}, by="p2")
    return phone, match_id


def test_a_new_match_is_stored_as_it_was(device: Device) -> None:
    a, match_id = started(device)
    play(a, match_id, 10)
    b = device()
    result = import_shared(b, scan(a, match_id))
    assert result.comparison.relation is Relation.NEW and result.action == "stored"
    assert log(b, match_id) == log(a, match_id)
    assert b.state(match_id) == a.state(match_id)


def test_newer_events_fast_forward_across_history_segments(device: Device) -> None:
    a, match_id = started(device)
    play(a, match_id, 5)
    b = device()
    import_shared(b, scan(a, match_id))
    play(a, match_id, 150)  # more than two segments of the stored history
    result = import_shared(b, scan(a, match_id))
    assert result.comparison.relation is Relation.THEIRS_AHEAD
    assert log(b, match_id) == log(a, match_id)
    whole = log(b, match_id)
    for back in range(1, 90):  # undo walks back through the rewritten segments correctly
        state = b.undo(match_id)
        assert same_table(state, replay(whole.initial, list(whole.events[: len(whole.events) - back])))
    reopened = Session(MatchStore(b.store.root))
    if b.store.root is not None:
        assert reopened.state(match_id) == b.state(match_id)


def test_an_older_copy_or_the_same_copy_changes_nothing(device: Device) -> None:
    a, match_id = started(device)
    play(a, match_id, 4)
    old = scan(a, match_id)
    play(a, match_id, 6)
    before = log(a, match_id)
    assert import_shared(a, old).comparison.relation is Relation.MINE_AHEAD
    assert import_shared(a, scan(a, match_id)).comparison.relation is Relation.SAME
    assert log(a, match_id) == before


def diverged(device: Device) -> tuple[Session, Session, str]:
    a, match_id = started(device)
    play(a, match_id, 6)
    b = device()
    import_shared(b, scan(a, match_id))
    play(a, match_id, 70, "p1")
    play(b, match_id, 3, "p2")
    return a, b, match_id


def test_diverged_histories_need_a_choice_and_change_nothing_without_one(device: Device) -> None:
    a, b, match_id = diverged(device)
    mine = log(b, match_id)
    comparison = compare(mine, scan(a, match_id))
    assert (comparison.relation, comparison.common) == (Relation.DIVERGED, 8)
    with pytest.raises(ChoiceNeeded, match="3 other events, theirs 70"):
        import_shared(b, scan(a, match_id))
    assert log(b, match_id) == mine


def test_keep_mine(device: Device) -> None:
    a, b, match_id = diverged(device)
    mine = log(b, match_id)
    assert import_shared(b, scan(a, match_id), Choice.MINE).action == "kept yours"
    assert log(b, match_id) == mine and len(b.list_matches()) == 1


def test_take_theirs(device: Device) -> None:
    a, b, match_id = diverged(device)
    import_shared(b, scan(a, match_id), Choice.THEIRS)
    assert log(b, match_id) == log(a, match_id)
    b.dispatch(match_id, "end_turn", by="p1")  # the replaced history goes on as usual
    assert b.state(match_id).seq == a.state(match_id).seq + 1


def test_keep_both_stores_theirs_under_a_new_id(device: Device) -> None:
    a, b, match_id = diverged(device)
    mine = log(b, match_id)
    result = import_shared(b, scan(a, match_id), Choice.BOTH)
    assert result.match_id != match_id
    assert log(b, match_id) == mine
    theirs = log(b, result.match_id)
    assert theirs.events == log(a, match_id).events
    assert {s.id for s in b.list_matches()} == {match_id, result.match_id}


def test_a_different_match_under_the_same_id_diverges_from_the_start(device: Device) -> None:
    a, match_id = started(device)
    b = device()
    other = b.new_match("scarab", ["Cy", "Di"])
    twin = SharedMatch.of(replace(other, id=match_id), ())
    comparison = compare(log(a, match_id), twin)
    assert (comparison.relation, comparison.common) == (Relation.DIVERGED, 0)
    assert "from the start" in comparison.describe()


def test_a_damaged_code_never_reaches_the_store(device: Device) -> None:
    a, match_id = started(device)
    b, _ = started(device)
    before = {s.id for s in b.list_matches()}
    data = bytearray(encode(log(a, match_id)))
    data[len(data) // 2] ^= 1
    with pytest.raises(DamagedCode):
        import_shared(b, decode(bytes(data)))
    assert {s.id for s in b.list_matches()} == before


def test_taking_a_shorter_history_over_a_long_one_leaves_no_stale_segments(device: Device) -> None:
    a, match_id = started(device)
    play(a, match_id, 4)
    b = device()
    import_shared(b, scan(a, match_id))
    play(b, match_id, 200, "p2")  # b's own history: several stored segments
    play(a, match_id, 100, "p1")
    import_shared(b, scan(a, match_id), Choice.THEIRS)
    theirs = log(a, match_id)
    assert log(b, match_id) == theirs
    for back in range(1, len(theirs.events) + 1):  # undo to the very start reads only the new history
        assert same_table(b.undo(match_id), replay(theirs.initial, list(theirs.events[: len(theirs.events) - back])))


def test_a_rename_on_one_phone_reaches_the_other_and_undoes_there(device: Device) -> None:
    """rename_player (issue 39) syncs like any step: the other phone fast-forwards to the new name, and an undo
    there brings the old one back."""
    from companion.session.table.players import rename_player

    a, match_id = started(device)
    b = device()
    import_shared(b, scan(a, match_id))
    rename_player(a, match_id, "Ben", "Benjamin", by="p1")
    play(a, match_id, 3, player="p2")
    result = import_shared(b, scan(a, match_id))
    assert result.comparison.relation is Relation.THEIRS_AHEAD
    assert [p.name for p in b.state(match_id).players] == ["Ann", "Benjamin"] and log(b, match_id) == log(a, match_id)
    for _ in range(4):
        b.undo(match_id, by="p1")
    assert [p.name for p in b.state(match_id).players] == ["Ann", "Ben"]
    assert b.undo_news(match_id, short=True)[0] == "Undid: renamed Ben to Benjamin"
