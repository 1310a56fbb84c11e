"""A hosted table's Session (a plain Session with a SeatPolicy): phones act as their own player on the hosted
match only, a phone without a seat writes nothing, every writer of Session asks the policy, two phones writing
at once lose nothing, and every change reaches the followers."""

from __future__ import annotations

import random
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from companion.core.errors import CompanionError
from companion.session import Session
from companion.session.live_table import LiveTable, NotSeated, SeatPolicy, host_unavailable
from companion.session.play.helper import Action, helper_for
from companion.session.policy import WRITES, guarded
from companion.store.matches import MatchNotFound

from builders import unit


@pytest.fixture
def hosted(tmp_path: Path) -> tuple[LiveTable, Session]:
    host = Session.open(tmp_path / "data")
    match = host.new_match("halo-actionclix", ["Ann", "Ben"])
    host.dispatch(match.id, "add_unit", {"unit": unit("u1", "p1")})
    return LiveTable(match.id, tmp_path / "data"), host


def seated(table: LiveTable, seat: str | None, origin: str = "") -> Session:
    return table.session_with(SeatPolicy(table, lambda: seat, origin))


def kill(session: Session, match_id: str, player: str = "p1", *, by: str | None = None) -> None:
    session.dispatch(match_id, "score", {"player": player, "kind": "kills", "delta": 1}, by=by)


def test_a_phone_without_a_seat_changes_nothing(hosted: tuple[LiveTable, Session]) -> None:
    table, host = hosted
    watcher, before = seated(table, None), Session.open(table.root).log(table.match_id)
    attempts = [
        lambda: kill(watcher, table.match_id),
        lambda: watcher.dispatch_events(table.match_id, [], "nothing"),
        lambda: watcher.roll(table.match_id, "2d6"),
        lambda: watcher.undo(table.match_id),
        lambda: watcher.redo(table.match_id),
        lambda: watcher.delete(table.match_id),
        lambda: watcher.replace_history(table.state(), []),
    ]
    for attempt in attempts:
        with pytest.raises(NotSeated):
            attempt()
    assert Session.open(table.root).log(table.match_id) == before and len(before) == 1
    assert watcher.state(table.match_id).players[0].kills == 0  # reading is fine


READS = {"open", "packs", "user_pack_dirs", "list_matches", "summaries", "has_match", "root", "judging", "history",
         "state", "log", "export", "undo_news", "advise", "pack_names",
         "mover",  # whose move it is (a challenge's defender): a question, not a change
         "forget"}  # forget drops what this session keeps in memory of a match: the files stay as they are
THROUGH_DISPATCH = {"roll", "dispatch_events"}  # they write by calling dispatch, which is guarded


class Refused(CompanionError):
    pass


class RefuseAll:
    """A policy that sees everything and refuses every write, noting what each one was."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, str | None]] = []

    def visible(self, match_id: str) -> bool:
        return True

    def writing(self, what: str, match_id: str | None, by: str | None) -> Any:
        self.asked.append((what, match_id))
        raise Refused(what)


def test_every_writer_of_session_asks_its_policy(hosted: tuple[LiveTable, Session]) -> None:
    """A new public method of Session is a read, or goes through dispatch, or carries @guarded: nothing else."""
    table, host = hosted
    public = {name for name in dir(Session) if not name.startswith("_")}
    writers = {name for name in public if getattr(getattr(Session, name), "writes", None) in WRITES}
    assert public - READS - THROUGH_DISPATCH == writers
    policy = RefuseAll()
    session = Session(host.store, policy=policy)
    mid, before = table.match_id, host.log(table.match_id)
    calls = {
        "new_match": lambda: session.new_match("halo-actionclix", ["Eve", "Fay"]),
        "delete": lambda: session.delete(mid),
        "dispatch": lambda: kill(session, mid),
        "act": lambda: session.act(mid, Action("end-turn"), rng=random.Random(1)),
        "undo": lambda: session.undo(mid),
        "redo": lambda: session.redo(mid),
        "import_match": lambda: session.import_match(host.export(mid), as_new=True),
        "replace_history": lambda: session.replace_history(table.state(), []),
        "roll": lambda: session.roll(mid, "2d6"),
        "dispatch_events": lambda: session.dispatch_events(mid, [], "nothing"),
    }
    assert set(calls) == writers | THROUGH_DISPATCH
    for call in calls.values():
        with pytest.raises(Refused):
            call()
    assert {what for what, _ in policy.asked} == set(WRITES)
    assert host.log(mid) == before and len(host.list_matches()) == 1


def test_a_walk_from_a_phone_s_write_lands_in_session_dispatch(hosted: tuple[LiveTable, Session]) -> None:
    table, _ = hosted
    phone = seated(table, "p1")
    assert type(phone) is Session  # no subclass: the phone's writes are Session's own, asked of the policy
    assert type(phone).dispatch is Session.dispatch and getattr(Session.dispatch, "writes", None) == "change"
    assert guarded("undo")(lambda self, match_id: match_id).writes == "undo"  # type: ignore[attr-defined]


def test_a_rules_helper_action_is_a_seat_s_write_too(hosted: tuple[LiveTable, Session]) -> None:
    table, host = hosted
    option = next(o for o in helper_for("halo-actionclix").legal_actions(table.state()) if o.action == "end-turn")
    assert option.enabled
    action = Action(option.action)
    heard: list[str] = []
    table.listen(lambda: heard.append("change"))
    with pytest.raises(NotSeated):
        seated(table, None).act(table.match_id, action, by="p1", rng=random.Random(3))
    assert heard == [] and len(Session.open(table.root).log(table.match_id)) == 1
    seated(table, "p2").act(table.match_id, action, by="p1", rng=random.Random(3))
    assert heard == ["change"] and Session.open(table.root).log(table.match_id)[-1].by == "p2"


def test_a_phone_acts_as_its_own_player_whatever_the_screen_says(hosted: tuple[LiveTable, Session]) -> None:
    table, host = hosted
    ben = seated(table, "p2")
    kill(ben, table.match_id, by="p1")  # the table screen proposes the active player (Ann)
    ben.roll(table.match_id, "2d6", "test", by="p1")
    assert [e.by for e in Session.open(table.root).log(table.match_id)[-2:]] == ["p2", "p2"]
    ben.undo(table.match_id)
    ben.redo(table.match_id)
    assert host.state(table.match_id).players[0].kills == 1


def test_a_seat_reaches_the_hosted_match_only(hosted: tuple[LiveTable, Session]) -> None:
    table, host = hosted
    other = host.new_match("halo-actionclix", ["Cat", "Dan"])
    ann = seated(table, "p1")
    with pytest.raises(NotSeated):
        kill(ann, other.id)
    with pytest.raises(MatchNotFound):
        ann.history(other.id)
    with pytest.raises(NotSeated):
        ann.new_match("halo-actionclix", ["Eve", "Fay"])
    with pytest.raises(NotSeated):
        ann.import_match(host.export(other.id), as_new=True)
    assert [s.id for s in ann.list_matches()] == [s.id for s in ann.summaries()[0]] == [table.match_id]
    assert not ann.has_match(other.id) and host.has_match(other.id)
    with pytest.raises(NotSeated):
        ann.judging  # noqa: B018 - the host's events are out of a phone's reach
    assert len(host.list_matches()) == 2


def test_a_seat_is_asked_again_before_every_write(hosted: tuple[LiveTable, Session]) -> None:
    table, _ = hosted
    seat: list[str | None] = ["p1"]
    phone = table.session_with(SeatPolicy(table, lambda: seat[0]))
    kill(phone, table.match_id)
    seat[0] = None  # the host signed every phone out
    with pytest.raises(NotSeated, match="only watches"):
        kill(phone, table.match_id)


def test_two_phones_writing_at_once_lose_nothing(hosted: tuple[LiveTable, Session]) -> None:
    table, host = hosted
    phones = [seated(table, "p1"), seated(table, "p2")]
    each = 25
    barrier = threading.Barrier(2)
    errors: list[Exception] = []

    def play(phone: Session, player: str) -> None:
        barrier.wait()
        try:
            for _ in range(each):
                kill(phone, table.match_id, player)
        except CompanionError as exc:
            errors.append(exc)

    threads = [threading.Thread(target=play, args=(phone, p)) for phone, p in zip(phones, ("p1", "p2"), strict=True)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    state = Session.open(table.root).state(table.match_id)
    assert [p.kills for p in state.players] == [each, each]
    assert [e.by for e in Session.open(table.root).log(table.match_id)].count("p2") == each


def test_followers_hear_of_every_change_from_a_phone_or_another_process(hosted: tuple[LiveTable, Session]) -> None:
    table, host = hosted
    heard: list[str] = []
    published: list[tuple[str, object]] = []
    stop = table.listen(lambda: heard.append("change"))
    table.publish = lambda topic, message: published.append((topic, message))
    kill(seated(table, "p1", origin="ann-phone"), table.match_id)
    assert heard == ["change"] and published[-1] == (f"table:{table.match_id}", "ann-phone")  # Ann's is drawn
    assert table.poll() is False  # nothing new since
    kill(Session.open(table.root), table.match_id)  # e.g. `companion match event` in another process
    assert table.poll() is True and len(heard) == 2 and published[-1][1] == ""  # every phone redraws
    stop()
    kill(seated(table, "p2"), table.match_id)
    assert len(heard) == 2 and len(published) == 3


def test_a_table_and_its_seats(hosted: tuple[LiveTable, Session]) -> None:
    table, _ = hosted
    assert table.title() == "Ann vs Ben"
    assert table.seats() == [("p1", "Ann"), ("p2", "Ben")]
    assert table.players() == ("p1", "p2")
    assert host_unavailable() is None  # the test extras include the web server


def test_hosting_a_missing_match_fails_before_anything_is_served(tmp_path: Path) -> None:
    with pytest.raises(CompanionError, match="no match"):
        LiveTable("abcdef012345", tmp_path)


def test_the_host_command_names_what_stops_it(hosted: tuple[LiveTable, Session], capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from companion.cli import main

    table, _ = hosted
    monkeypatch.setenv("COMPANION_DATA_DIR", str(table.root))
    assert main(["table", "host", "abcdef012345"]) == 1  # no such match
    assert "no match" in capsys.readouterr().err
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["table", "host", table.match_id, "--port", str(port)]) == 1
    assert f"can't serve on 127.0.0.1:{port}" in capsys.readouterr().err
