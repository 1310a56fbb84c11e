"""A restore writes the matches it adds a batch at a time, with one sync for a batch instead of an fsync per file:
the files are those match-by-match writing gives, a failure leaves each match whole or absent (and says which),
and a restore of a backup still gives the folder back."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.session import Session
from companion.session.data import restore_batch
from companion.session.data.backup import create_backup
from companion.session.data.restore import restore_backup
from companion.store import atomic
from companion.store.atomic import GroupsFailed, held_writes, write_files, write_groups
from companion.store.backup_archive import Entry, write_backup

from backup_data import add_match

NAMES = st.sampled_from(["a", "b", "c", "d", "e"])


@st.composite
def groups(draw: st.DrawFn) -> list[list[tuple[str, bytes]]]:
    """Independent write_files steps: each some files in its own folder, then one in the shared folder (a match's
    segments, then its head)."""
    out, used = [], set()
    for n in range(draw(st.integers(0, 4))):
        files = [(f"g{n}.log/{name}", draw(st.binary(max_size=20))) for name in draw(st.sets(NAMES, max_size=3))]
        head = f"g{n}.json"
        used.add(head)
        out.append([*files, (head, draw(st.binary(max_size=20)))])
    return out


def _paths(root: Path, group: list[tuple[str, bytes]]) -> list[tuple[Path, bytes]]:
    return [(root / rel, data) for rel, data in group]


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _prepare(root: Path, todo: list[list[tuple[str, bytes]]], old: bool) -> None:
    for group in todo:
        for rel, _ in group:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            if old:
                (root / rel).write_bytes(b"old " + rel.encode())


@pytest.mark.parametrize("sync_waits", [True, False])
@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(todo=groups(), old=st.booleans(), fail_at=st.one_of(st.none(), st.integers(0, 12)))
def test_written_together_gives_the_files_of_one_by_one(tmp_path_factory: pytest.TempPathFactory,
                                                        monkeypatch: pytest.MonkeyPatch, sync_waits: bool,
                                                        todo: list, old: bool, fail_at: int | None) -> None:
    monkeypatch.setattr(atomic, "SYNC_WAITS", sync_waits)
    one, together = tmp_path_factory.mktemp("one"), tmp_path_factory.mktemp("together")
    _prepare(one, todo, old)
    _prepare(together, todo, old)
    before = _files(together)
    for group in todo:
        write_files(_paths(one, group))
    expected = _files(one)
    real_replace, renames = os.replace, [0]

    def replace(a: object, b: object) -> None:
        if renames[0] == fail_at:
            raise OSError(28, "No space left on device")
        renames[0] += 1
        real_replace(a, b)

    with monkeypatch.context() as patch:  # undone before the next example
        patch.setattr(atomic.os, "replace", replace)
        try:
            write_groups([_paths(together, g) for g in todo])
            done = len(todo)
        except GroupsFailed as exc:
            done = exc.done
            assert fail_at is not None and "No space left" in str(exc)
    after = _files(together)
    assert not [name for name in after if name.endswith(atomic.TEMP_SUFFIX)]  # no temp file is left behind
    for n, group in enumerate(todo):
        for rel, _ in group if n < done else group[-1:]:  # whole, or its last file (the head) as it was
            assert after.get(rel) == (expected[rel] if n < done else before.get(rel))
    if done == len(todo):
        assert after == expected


def test_held_writes_are_this_threads_only_and_written_by_write_groups(tmp_path: Path) -> None:
    held: list = []
    with held_writes(held):
        write_files([(tmp_path / "a", b"1")])
    assert not (tmp_path / "a").exists() and held == [[(tmp_path / "a", b"1")]]
    write_groups(held)
    assert (tmp_path / "a").read_bytes() == b"1"


def _source(tmp_path: Path, n: int) -> tuple[Session, list[str]]:
    source = Session.open(tmp_path / "source")
    return source, [add_match(source, events) for events in (3, 70, 0, 130, 5)[:n]]


def test_a_batch_the_disk_refuses_is_reported_match_by_match_and_stored_by_none(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, ids = _source(tmp_path, 5)
    create_backup(source, tmp_path / "b.zip")
    monkeypatch.setattr(restore_batch, "BATCH_MATCHES", 2)
    real_write, calls = atomic.write_groups, [0]

    def second_batch_fails(groups: list) -> None:
        calls[0] += 1
        if calls[0] == 2:
            raise GroupsFailed("could not save x.json (No space left on device)", 0)
        real_write(groups)

    monkeypatch.setattr(restore_batch, "write_groups", second_batch_fails)
    device = Session.open(tmp_path / "device")
    report = restore_backup(device, tmp_path / "b.zip")
    assert report.counts["matches"]["added"] == 3 and report.counts["matches"]["refused"] == 2
    refused = [note.split(".json")[0].removeprefix("matches/") for note in report.notes]
    assert all("No space left" in note and note.endswith("it was not restored") for note in report.notes)
    stored = {s.id for s in device.list_matches()}
    assert stored == set(ids) - set(refused) and len(stored) == 3
    for match_id in stored:
        assert device.log(match_id) == source.log(match_id)
    assert not list((tmp_path / "device" / "matches").glob("*.lock")) or all(
        (tmp_path / "device" / "matches" / f"{p.stem}.json").exists()
        for p in (tmp_path / "device" / "matches").glob("*.lock"))  # no lock file left without its match
    monkeypatch.setattr(restore_batch, "write_groups", real_write)
    again = restore_backup(device, tmp_path / "b.zip")  # the disk has room again: the rest comes in
    assert again.counts["matches"]["added"] == 2 and again.counts["matches"]["unchanged"] == 3
    assert {s.id for s in device.list_matches()} == set(ids)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(batch=st.integers(1, 4), order=st.permutations(range(5)), matches=st.integers(0, 5))
def test_restore_of_a_backup_gives_the_folder_back_whatever_the_batches(tmp_path_factory: pytest.TempPathFactory,
                                                                       monkeypatch: pytest.MonkeyPatch, batch: int,
                                                                       order: list[int], matches: int) -> None:
    """In any order the backup lists its matches (a hostile file may list them backwards), in batches of any
    size: every match comes back as it was, and a restore of the same file again changes nothing."""
    root = tmp_path_factory.mktemp("data")
    monkeypatch.setattr(restore_batch, "BATCH_MATCHES", batch)
    source, ids = _source(root, matches)
    entries = [Entry(f"matches/{m}.json", json.dumps(source.export(m)).encode()) for m in ids]
    write_backup(root / "b.zip", [entries[i] for i in order if i < len(entries)], app_version="t")
    device = Session.open(root / "device")
    report = restore_backup(device, root / "b.zip")
    assert report.counts["matches"]["added"] == len(ids) and not report.notes
    assert {s.id for s in device.list_matches()} == set(ids)
    for match_id in ids:
        assert (device.state(match_id), device.log(match_id)) == (source.state(match_id), source.log(match_id))
    assert restore_backup(device, root / "b.zip").changes == 0


def test_a_batch_costs_three_syncs_and_no_fsync_per_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source, ids = _source(tmp_path, 5)
    create_backup(source, tmp_path / "b.zip")
    monkeypatch.setattr(restore_batch, "BATCH_MATCHES", 2)
    monkeypatch.setattr(atomic, "SYNC_WAITS", True)
    calls: list[str] = []
    real_sync, real_fsync = os.sync, os.fsync
    monkeypatch.setattr(atomic.os, "sync", lambda: (calls.append("sync"), real_sync())[1])
    monkeypatch.setattr(atomic.os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    device = Session.open(tmp_path / "device")
    assert restore_backup(device, tmp_path / "b.zip").counts["matches"]["added"] == 5
    assert calls == ["sync"] * 3 * 3  # batches of 2, 2 and 1 match, each file's data on disk before it is renamed
