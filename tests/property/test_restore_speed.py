"""What makes a restore fast changes nothing it does: worker processes merge exactly as this process does, a
history that doesn't replay is still refused with nothing stored, and each shortcut gives the slow way's result."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.errors import CompanionError
from companion.core.match.bounds import _walk, check_event
from companion.core.match.events import Event, apply
from companion.core.match.history import History
from companion.core.model import to_json
from companion.session import Session
from companion.session.data import restore_matches
from companion.session.data.backup import create_backup
from companion.session.data.restore import restore_backup
from companion.session.data.restore_matches import MatchMerge
from companion.store import atomic
from companion.store.atomic import SaveFailed, write_files
from companion.store.backup_archive import Entry, write_backup
from companion.store.matches import MatchStore

from backup_data import add_match, play
from properties_kit import events, start


def _folder_and_backup(tmp_path: Path) -> tuple[Session, list[str], Path]:
    """Matches whose older history is in segment files, one that doesn't replay, one the device has on its own."""
    a = Session.open(tmp_path / "a")
    ids = [add_match(a, n) for n in (0, 3, 70, 130)]
    bad = {**a.export(ids[1]), "initial": {**a.export(ids[1])["initial"], "id": "badbadbad"}}
    bad["events"] = [*bad["events"], {"type": "score", "data": {"player": "p9", "kind": "vp", "delta": 1}, "at": 0}]
    entries = [Entry(f"matches/{m}.json", json.dumps(a.export(m)).encode()) for m in ids]
    write_backup(tmp_path / "b.zip", [*entries, Entry("matches/badbadbad.json", json.dumps(bad).encode())],
                 app_version="t")
    return a, ids, tmp_path / "b.zip"


@pytest.mark.parametrize("workers", [0, 2])
def test_a_history_that_does_not_replay_is_refused_with_nothing_stored(tmp_path: Path, workers: int) -> None:
    a, ids, backup = _folder_and_backup(tmp_path)
    b = Session.open(tmp_path / "b")
    report = restore_backup(b, backup, workers=workers)
    assert report.counts["matches"]["added"] == 4 and report.counts["matches"]["refused"] == 1
    assert report.notes == [n for n in report.notes if n.startswith("matches/badbadbad.json: ")] != []
    assert not b.store.exists("badbadbad")
    assert [p.name for p in (tmp_path / "b" / "matches").iterdir() if p.name.startswith("badbadbad")] == []
    for match_id in ids:
        assert (b.state(match_id), b.log(match_id)) == (a.state(match_id), a.log(match_id))


def test_workers_merge_like_this_process(tmp_path: Path) -> None:
    """The same report and the same matches, whoever merged them."""
    a, ids, backup = _folder_and_backup(tmp_path)
    devices = {w: Session.open(tmp_path / f"device-{w}") for w in (0, 2)}
    own = set()
    for device in devices.values():
        restore_backup(device, backup, workers=0)  # every match here; then each side plays on
        play(device, ids[3], 1)
        own.add(add_match(device, 5))
    play(a, ids[2], 4)
    play(a, ids[3], 2, vp_of="p2")
    create_backup(a, tmp_path / "later.zip")
    reports = {w: restore_backup(d, tmp_path / "later.zip", workers=w).to_json() for w, d in devices.items()}
    assert reports[0]["counts"] == reports[2]["counts"] and reports[0]["notes"] == reports[2]["notes"]
    assert reports[2]["counts"]["matches"] == {"added": 0, "updated": 1, "kept_both": 1, "unchanged": 2,
                                               "kept_local": 0, "refused": 0}
    for device in devices.values():
        assert device.log(ids[2]) == a.log(ids[2])  # fast-forwarded
        assert device.log(restore_matches.copy_id(ids[3])) == a.log(ids[3])  # went two ways: kept twice
        assert device.store.label(restore_matches.copy_id(ids[3])).startswith("from backup")
    assert set(devices[0].store.ids()) - own == set(devices[2].store.ids()) - own


def test_workers_only_where_they_pay_and_a_real_python_can_start_them(monkeypatch: pytest.MonkeyPatch,
                                                                     tmp_path: Path) -> None:
    merger = MatchMerge(Session.open(tmp_path), "from backup", apply=True)
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert restore_matches._worker_count(merger, 200) == 2
    assert restore_matches._worker_count(merger, 10) == 0  # a small restore: starting them costs more
    assert restore_matches._worker_count(MatchMerge(merger.session, "", apply=False, check=False), 200) == 0
    monkeypatch.setattr(restore_matches, "ACROSS_PROCESSES", False)  # Windows: a match's lock is this process's
    assert restore_matches._worker_count(merger, 200) == 0
    monkeypatch.setattr(restore_matches, "ACROSS_PROCESSES", True)
    monkeypatch.setattr(sys, "executable", "/data/app/Runner")  # an embedded Python (a phone, a flet build)
    assert restore_matches._worker_count(merger, 200) == 0
    memory = MatchMerge(Session(MatchStore(None)), "", apply=True)
    entries = [("matches/x.json", b"{}")] * 40
    assert [o for o, _ in restore_matches.merge_matches(memory, entries, 40, workers=2)] == ["refused"] * 40


def _applied(seq: list[Event]) -> list[tuple[Event, Any]]:
    """The events of `seq` the reducer takes, each with the state after it (refused ones are left out)."""
    out, state = [], start()
    for event in seq:
        try:
            state = apply(state, event)
        except CompanionError:
            continue
        out.append((event, state))
    return out


@given(st.lists(events(), max_size=40), st.integers(1, 5))
def test_replayed_equals_pushing_and_compacting(seq: list[Event], limit: int) -> None:
    legal = [event for event, _ in _applied(seq)]
    history, segments = History.start(start()), []
    for event in legal:
        segment, history = history.push(event).compact(limit)
        segments += [segment] if segment else []
    assert History.replayed(start(), legal, limit) == (history, segments)


@given(st.lists(events(), max_size=60), st.integers(1, 5), st.integers(1, 12))
def test_joined_segments_hold_the_same_log_and_each_replays_on_its_own(seq: list[Event], limit: int,
                                                                        most: int) -> None:
    history, segments = History.replayed(start(), [event for event, _ in _applied(seq)], limit)
    joined = History.joined(segments, most)
    assert [e for s in joined for e in s.events] == [e for s in segments for e in s.events]
    assert {s.base for s in joined} <= {s.base for s in segments}  # no new cut
    ends = [(s.base, s.state) for s in joined[1:]] + [(history.base, history.snapshot)] * bool(joined)
    for segment, (end, state) in zip(joined, ends, strict=True):
        assert len(segment.events) <= max(most, limit) and segment.end == end
        assert History.of(segment.base, segment.state, segment.events).state == state  # replays on its own


def test_an_imported_match_undoes_into_its_joined_segments_and_keeps_it(tmp_path: Path) -> None:
    a = Session.open(tmp_path / "a")
    match_id = add_match(a, 300)  # 301 events: 256 in one segment, 45 in the tail
    b = Session.open(tmp_path / "b")
    b.import_match(a.export(match_id))
    assert [p.name for p in (tmp_path / "b" / "matches" / f"{match_id}.log").iterdir()] == ["00000000.json"]
    for _ in range(120):  # past the tail, into the segment
        a.undo(match_id)
        b.undo(match_id)
    steps = [[(e.type, e.data) for e in s.log(match_id)] for s in (a, b)]  # each undo stamped with its own time
    assert b.state(match_id) == a.state(match_id) and steps[0] == steps[1]
    assert Session.open(tmp_path / "b").state(match_id) == a.state(match_id)
    b.redo(match_id)
    b.dispatch(match_id, "score", {"player": "p2", "kind": "vp", "delta": 1})
    assert Session.open(tmp_path / "b").state(match_id) == b.state(match_id)


@given(st.lists(events(), max_size=40))
def test_json_with_a_memo_equals_json_without(seq: list[Event]) -> None:
    states = [state for _, state in _applied(seq)]
    memo: dict = {}
    assert [to_json(s, memo) for s in states] == [to_json(s) for s in states]


_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=9))


@given(st.dictionaries(st.text(max_size=5), st.one_of(_SCALAR, st.lists(st.integers(), max_size=3),
                                                      st.lists(_SCALAR, max_size=4)), max_size=6),
       st.sampled_from([None, "p1", "judge"]))
def test_checking_flat_event_data_in_one_pass_equals_the_walk(data: dict, by: str | None) -> None:
    event = Event("score", data, by, 0.0)
    assert check_event(event) is _walk(event) is event
    dice = Event("roll", {**data, "dice": [6] * 8_000}, by, 0.0)  # too large in numbers alone
    with pytest.raises(CompanionError) as fast:
        check_event(dice)
    with pytest.raises(CompanionError) as slow:
        _walk(dice)
    assert str(fast.value) == str(slow.value)
    huge = Event("score", {**data, "note": "x" * 70_000}, by, 0.0)
    with pytest.raises(CompanionError) as fast:
        check_event(huge)
    with pytest.raises(CompanionError) as slow:
        _walk(huge)
    assert str(fast.value) == str(slow.value)


def test_write_files_publishes_in_order_and_a_failure_leaves_no_temp_file(tmp_path: Path,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "log").mkdir()
    calls: list[str] = []
    real_replace, real_fsync = os.replace, os.fsync
    monkeypatch.setattr(atomic.os, "replace", lambda a, b: (calls.append(f"rename {Path(b).name}"), real_replace(a, b)))
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd)))
    write_files([(tmp_path / "log" / "0.json", b"0"), (tmp_path / "log" / "64.json", b"1"), (tmp_path / "head", b"h")])
    # every file's data is on disk before any is renamed; the segments' folder before the head is renamed
    assert calls == ["fsync"] * 3 + ["rename 0.json", "rename 64.json", "fsync", "rename head", "fsync"]
    monkeypatch.setattr(atomic.os, "replace", lambda a, b: (_ for _ in ()).throw(OSError(28, "No space left")))
    with pytest.raises(SaveFailed, match="nothing was changed"):
        write_files([(tmp_path / "log" / "128.json", b"2"), (tmp_path / "head", b"new")])
    assert (tmp_path / "head").read_bytes() == b"h"
    assert sorted(p.name for p in tmp_path.rglob("*") if p.is_file()) == ["0.json", "64.json", "head"]
