"""The store and the session: persistence, damaged files, export/import, where data lives."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from companion.core.errors import IllegalAction, InvalidMatch, UnknownSystem
from companion.core.match.events import Event
from companion.core.match.history import TAIL_LIMIT
from companion.session import EXPORT_VERSION, MatchExists, Session
from companion.store import atomic
from companion.store.atomic import AtomicJSONStorage, DamagedFile
from companion.store.matches import MatchStore, NewerFormat
from companion.store.paths import data_dir

from builders import unit


def play(session: Session, n: int) -> str:
    m = session.new_match("halo-actionclix", ["Ann", "Ben"])
    session.dispatch(m.id, "add_unit", {"unit": unit("u1", "p1")})
    for _ in range(n):
        session.dispatch(m.id, "score", {"player": "p1", "kind": "vp", "delta": 1}, by="p1")
    return m.id


def test_state_survives_a_new_session(tmp_path: Path) -> None:
    match_id = play(Session(MatchStore(tmp_path)), 150)
    again = Session(MatchStore(tmp_path))
    assert again.state(match_id).player("p1").vp == 150
    assert len(again.log(match_id)) == 151
    assert again.list_matches()[0].events == 151
    # older events live in segments; the head holds a bounded tail
    assert again.history(match_id).base == 2 * TAIL_LIMIT
    assert len(list((tmp_path / "matches" / f"{match_id}.log").glob("*.json"))) == 2


def test_undo_crosses_segments_and_persists(session: Session) -> None:
    match_id = play(session, 2 * TAIL_LIMIT + 5)
    for _ in range(TAIL_LIMIT + 10):
        session.undo(match_id)
    assert session.state(match_id).player("p1").vp == TAIL_LIMIT + 5 - 10
    if session.store.root is not None:
        assert Session(MatchStore(session.store.root)).state(match_id) == session.state(match_id)
    session.redo(match_id)
    assert session.state(match_id).player("p1").vp == TAIL_LIMIT - 4
    session.dispatch(match_id, "score", {"player": "p2", "kind": "vp", "delta": 1})
    with pytest.raises(IllegalAction, match="nothing to redo"):  # a new event clears the redo stack
        session.redo(match_id)



def test_a_tap_and_its_undo_at_the_segment_edge_read_no_segment_back(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The tap that cuts a segment stays in the new tail: undoing it, again and again, reads nothing back."""
    session = Session(MatchStore(tmp_path))
    match_id = play(session, TAIL_LIMIT - 3)  # the unit and 61 scores: after a tap and its undo, the next tap cuts

    def no_segment(*args: object) -> None:
        raise AssertionError("a segment was read back")

    monkeypatch.setattr(session.store, "read_segment", no_segment)
    for _ in range(10):
        session.dispatch(match_id, "score", {"player": "p1", "kind": "vp", "delta": 1})
        session.undo(match_id)
    assert session.history(match_id).base == TAIL_LIMIT  # one segment, the first 64 events, cut by the second tap
    assert [p.name for p in (tmp_path / "matches" / f"{match_id}.log").iterdir()] == [f"{0:08d}.json"]
    monkeypatch.undo()
    again = Session(MatchStore(tmp_path))
    assert again.state(match_id).player("p1").vp == TAIL_LIMIT - 3 and len(again.log(match_id)) == TAIL_LIMIT + 18
    again.undo(match_id)  # past the tail: the segment is read back
    assert again.state(match_id).player("p1").vp == TAIL_LIMIT - 4


def test_the_head_is_the_json_of_its_tables_after_every_kind_of_save(tmp_path: Path) -> None:
    """The head is written from parts encoded at earlier saves (the snapshot, each event of the tail): after steps,
    undos across a segment, redos and a compaction it is still exactly TinyDB's file of the match's tables."""
    from tinydb import TinyDB

    session = Session(MatchStore(tmp_path))
    match_id = play(session, TAIL_LIMIT + 3)
    head = tmp_path / "matches" / f"{match_id}.json"
    score = {"player": "p2", "kind": "vp", "delta": 1}
    for change in ["undo"] * 6 + ["redo"] * 2 + ["step"] * (TAIL_LIMIT + 2) + ["undo", "step"]:
        if change == "step":
            session.dispatch(match_id, "score", score)
        else:
            getattr(session, change)(match_id)
        data = head.read_bytes()
        assert atomic.dump(json.loads(data)) == data
        history = session.history(match_id)
        with TinyDB(head, storage=AtomicJSONStorage) as db:
            assert [dict(d) for d in db.table("tail").all()] == [e.to_json() for e in history.tail]
            assert db.table("snapshot").all()[0]["base"] == history.base
        assert Session(MatchStore(tmp_path)).state(match_id) == history.state


def test_segments_cut_after_undos_past_the_tail_are_the_json_of_their_events(tmp_path: Path) -> None:
    """A segment cut from the saved tail is written from that save's bytes: after undos that reopen a segment and
    the step that cuts it again, each segment file is exactly the JSON of its state and events, the stored log is
    the one played, and the head read back through the kept handle is the file's."""
    session = Session(MatchStore(tmp_path))
    match_id = play(session, 2 * TAIL_LIMIT + 5)
    score = {"player": "p2", "kind": "vp", "delta": 1}
    for _ in range(3):
        for _ in range(8):
            session.undo(match_id)
        for _ in range(3):
            session.redo(match_id)
        for _ in range(TAIL_LIMIT + 2):
            session.dispatch(match_id, "score", score)
    folder = tmp_path / "matches" / f"{match_id}.log"
    files = sorted(folder.glob("*.json"))
    assert len(files) >= 2
    for path in files:
        data = path.read_bytes()
        stored = json.loads(data)
        assert atomic.dump(stored) == data
        segment = session.store.read_segment(match_id, stored["base"])
        assert stored["events"] == [e.to_json() for e in segment.events]
    again = Session(MatchStore(tmp_path))
    assert again.log(match_id) == session.log(match_id)
    assert again.state(match_id) == session.state(match_id)
    initial, events = session.store.raw_log(match_id)  # the kept handle reads the head the last save wrote
    assert events == [e.to_json() for e in session.log(match_id)]


def test_a_replaced_history_is_written_from_its_own_events(tmp_path: Path) -> None:
    """Another device's log that differs after a common start replaces ours: the head holds its events, not the
    ones encoded at our earlier saves."""
    session = Session(MatchStore(tmp_path))
    match_id = play(session, 3)
    initial, events = session.store.full_log(match_id)
    theirs = [*events[:2], Event("score", {"player": "p2", "kind": "kills", "delta": 2}, "p2", 1.0), *events[2:]]
    session.replace_history(initial, theirs)
    head = json.loads((tmp_path / "matches" / f"{match_id}.json").read_bytes())
    assert list(head["tail"].values()) == [e.to_json() for e in theirs]
    assert Session(MatchStore(tmp_path)).state(match_id).player("p2").kills == 2


def test_refused_event_is_not_stored(session: Session) -> None:
    match_id = play(session, 1)
    before = session.history(match_id)
    with pytest.raises(IllegalAction):
        session.dispatch(match_id, "damage", {"unit": "u1", "amount": 99999})
    assert session.history(match_id) == before
    assert len(session.log(match_id)) == 2


def test_nothing_to_undo_at_the_start(session: Session) -> None:
    m = session.new_match("scarab", ["Scarab", "Ann"])
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo(m.id)


def test_unknown_system_and_bad_players(session: Session) -> None:
    with pytest.raises(UnknownSystem, match="known systems: .*halo-actionclix"):
        session.new_match("chess", ["Ann", "Ben"])
    with pytest.raises(IllegalAction, match="same name"):
        session.new_match("halo-actionclix", ["Ann", "ann"])
    with pytest.raises(IllegalAction, match="2 to 4 players"):
        session.new_match("halo-actionclix", ["Ann"] * 5)
    assert session.list_matches() == []


def test_damaged_file_is_moved_aside_not_overwritten(tmp_path: Path) -> None:
    session = Session(MatchStore(tmp_path))
    good = play(session, 1)
    bad = play(session, 1)
    path = tmp_path / "matches" / f"{bad}.json"
    path.write_bytes(b'{"meta": {"1": {"format": "tabletop-companion/match-he')  # cut short
    fresh = Session(MatchStore(tmp_path))
    summaries, damaged = fresh.store.summaries()
    assert [s.id for s in summaries] == [good]
    assert len(damaged) == 1 and "could not be read" in str(damaged[0]) and "moved to" in str(damaged[0])
    aside = list((tmp_path / "matches").glob(f"{bad}.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_bytes().startswith(b'{"meta"')
    assert not path.exists()


def test_the_list_shows_a_match_another_process_played_on(tmp_path: Path) -> None:
    """The list reads a match's head again once its file changed (another process wrote it): a handle kept open
    here since an earlier listing or write would show the match as it was."""
    here = Session(MatchStore(tmp_path))
    match_id = play(here, 1)
    assert here.list_matches()[0].events == 2
    there = Session(MatchStore(tmp_path))
    there.dispatch(match_id, "end_match", {"winners": ["p1"]})
    (listed,) = here.list_matches()
    assert (listed.events, listed.status) == (3, "finished")


def test_foreign_json_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "matches").mkdir(parents=True)
    (tmp_path / "matches" / "abc.json").write_text(json.dumps({"todo": {"1": {"task": "milk"}}}))
    with pytest.raises(DamagedFile, match="not a match file of this app"):
        Session(MatchStore(tmp_path)).state("abc")
    assert list((tmp_path / "matches").glob("abc.json.damaged-*"))


def test_newer_format_is_left_alone(tmp_path: Path) -> None:
    match_id = play(Session(MatchStore(tmp_path)), 1)
    path = tmp_path / "matches" / f"{match_id}.json"
    data = json.loads(path.read_text())
    data["meta"]["1"]["version"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(NewerFormat, match="update the app"):
        Session(MatchStore(tmp_path)).state(match_id)
    assert path.exists()


def test_bad_match_ids_never_reach_the_file_system(session: Session) -> None:
    for bad in ("../etc/passwd", "A B", "", "x" * 41):
        with pytest.raises(InvalidMatch):
            session.state(bad)


def test_export_import_round_trip(tmp_path: Path) -> None:
    source = Session(MatchStore(tmp_path / "a"))
    match_id = play(source, 100)
    source.undo(match_id)
    exported = json.loads(json.dumps(source.export(match_id)))
    target = Session(MatchStore(tmp_path / "b"))
    imported = target.import_match(exported)
    assert imported == source.state(match_id)
    assert target.log(match_id) == source.log(match_id)
    with pytest.raises(MatchExists):
        target.import_match(exported)
    copy = target.import_match(exported, as_new=True)
    assert copy.id != match_id and copy.players == imported.players


def test_import_checks_the_whole_history(session: Session, tmp_path: Path) -> None:
    match_id = play(session, 3)
    exported = session.export(match_id)
    session.delete(match_id)
    tampered = json.loads(json.dumps(exported))
    tampered["events"][1]["data"]["delta"] = -50  # VP would go below zero on replay
    with pytest.raises(IllegalAction):
        session.import_match(tampered)
    assert session.list_matches() == []
    with pytest.raises(InvalidMatch, match="newer version"):
        session.import_match({**exported, "version": EXPORT_VERSION + 1})
    with pytest.raises(InvalidMatch, match="not a match exported"):
        session.import_match({"hello": 1})


def test_batch_writes_the_file_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    writes: list[list[Path]] = []
    real = atomic.write_files
    monkeypatch.setattr(atomic, "write_files", lambda files: (writes.append([p for p, _ in files]), real(files)))
    storage = AtomicJSONStorage(tmp_path / "db.json")
    with storage.batch():
        storage.write({"a": {"1": {"x": 1}}})
        storage.write({"a": {"1": {"x": 2}}})
    assert writes == [[tmp_path / "db.json"]]
    assert json.loads((tmp_path / "db.json").read_text()) == {"a": {"1": {"x": 2}}}
    with pytest.raises(RuntimeError), storage.batch():
        storage.write({"a": {}})
        raise RuntimeError("boom")
    assert storage.read() == {"a": {"1": {"x": 2}}}  # the failed batch left the file and the cache alone


@pytest.mark.parametrize("write", ["write", "write_encoded", "batch"])
def test_a_read_in_another_thread_never_keeps_a_file_a_write_replaced(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, write: str) -> None:
    """The app's daily backup lists the matches in a thread while a player taps: a parse that began before a
    write must not become the handle's copy, else the head read back misses the tap (a share or an export sent
    the log without it) until the next write."""
    storage = AtomicJSONStorage(tmp_path / "db.json")
    storage.write({"a": {"1": {"x": 1}}})
    storage._forget()  # as after write_encoded: the next read parses the file
    parsing, written = threading.Event(), threading.Event()
    real = atomic.read_json

    def slow_read(path: Path) -> object:
        data = real(path)  # the old file, parsed
        parsing.set()
        assert written.wait(5)  # ... while the other thread writes the new one
        return data

    monkeypatch.setattr(atomic, "read_json", slow_read)
    reader = threading.Thread(target=storage.read)
    reader.start()
    assert parsing.wait(5)
    new = {"a": {"1": {"x": 2}}}
    if write == "write":
        storage.write(new)
    elif write == "write_encoded":
        storage.write_encoded(json.dumps(new).encode())
    else:
        with storage.batch():
            storage.write(new)
    written.set()
    reader.join()
    monkeypatch.setattr(atomic, "read_json", real)
    assert storage.read() == new


def test_stale_temp_files_are_cleaned_fresh_ones_kept(tmp_path: Path) -> None:
    folder = tmp_path / "matches"
    folder.mkdir()
    old, new = folder / "a.json.1.tmp", folder / "b.json.2.tmp"
    old.write_text("x")
    new.write_text("x")
    past = time.time() - 3600
    os.utime(old, (past, past))
    MatchStore(tmp_path)
    assert not old.exists() and new.exists()


def test_data_dir_precedence(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("COMPANION_DATA_DIR")
    monkeypatch.setenv("FLET_APP_STORAGE_DATA", str(tmp_path / "flet"))
    assert data_dir() == tmp_path / "flet"
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "mine"))
    assert data_dir() == tmp_path / "mine"
    monkeypatch.delenv("COMPANION_DATA_DIR")
    monkeypatch.delenv("FLET_APP_STORAGE_DATA")
    assert "tabletop-companion" in str(data_dir())


def test_logged_rolls_survive_a_new_session_and_batches_undo_as_one(session: Session) -> None:
    match_id = play(session, 0)
    first = session.roll(match_id, "2d6", "attack", by="p1")
    session.roll(match_id, "2d6", by="p1")
    assert session.state(match_id).rolls[0].dice == first.dice
    session.undo(match_id, by="p2")
    if session.store.root is not None:  # the undone roll is stored as such
        again = Session(MatchStore(session.store.root))
        assert [e.type for e in again.log(match_id)[-2:]] == ["roll", "undo"]
        assert again.log(match_id)[-1].by == "p2"
        assert again.state(match_id).rolls == session.state(match_id).rolls
    session.dispatch_events(match_id, [Event("damage", {"unit": "u1", "amount": 1}),
                                       Event("score", {"player": "p2", "kind": "kills", "delta": 1})], "shot")
    session.undo(match_id)
    state = session.state(match_id)
    assert (state.unit("u1").click, state.player("p2").kills) == (0, 0)


def test_two_writers_on_one_match_lose_nothing(tmp_path: Path) -> None:
    """The app and the CLI (two sessions, or two processes) take turns on one match: each sees the other's events."""
    app, cli = Session(MatchStore(tmp_path)), Session(MatchStore(tmp_path))
    match_id = play(app, 0)
    cli.dispatch(match_id, "score", {"player": "p2", "kind": "kills", "delta": 1})
    app.dispatch(match_id, "score", {"player": "p1", "kind": "kills", "delta": 1})  # reads the CLI's first
    assert [p.kills for p in cli.state(match_id).players] == [1, 1]
    cli.undo(match_id)
    assert [p.kills for p in app.state(match_id).players] == [0, 1]


def test_concurrent_processes_each_keep_every_event(tmp_path: Path) -> None:
    match_id = play(Session(MatchStore(tmp_path)), 0)
    code = ("import sys; from companion.session import Session; from companion.store.matches import MatchStore\n"
            "s = Session(MatchStore(__import__('pathlib').Path(sys.argv[1])))\n"
            "for _ in range(300):\n"
            "    s.dispatch(sys.argv[2], 'score', {'player': sys.argv[3], 'kind': 'vp', 'delta': 1})\n")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    procs = [subprocess.Popen([sys.executable, "-c", code, str(tmp_path), match_id, p], env=env)
             for p in ("p1", "p2")]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    state = Session(MatchStore(tmp_path)).state(match_id)
    assert (state.player("p1").vp, state.player("p2").vp, state.seq) == (300, 300, 601)
