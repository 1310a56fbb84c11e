"""One backup file holds everything a player owns; restoring it merges, never overwrites what it has not seen."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.core.match.events import Event
from companion.core.tournament.results import standings
from companion.session import Session
from companion.session.data.backup import create_backup, daily_backup
from companion.session.data.restore import copy_id, restore_backup
from companion.session.judging.service import Judging
from companion.store.backup_archive import Entry, write_backup

from backup_data import add_event, add_library, add_match, add_pack, play, snapshot


def folder(root: Path) -> Session:
    return Session.open(root)


def test_restore_into_an_empty_folder_gives_everything_back(tmp_path: Path) -> None:
    a = folder(tmp_path / "a")
    ids = [add_match(a, 70), add_match(a, 3)]  # 70 events: older history lives in segment files
    event = add_event(tmp_path / "a", "Friday", 3)
    add_pack(tmp_path / "a")
    add_library(tmp_path / "a", 4)
    manifest = create_backup(a, tmp_path / "b.zip")
    packed = len([f for f in (tmp_path / "a" / "packs" / "my-halo").iterdir()])
    assert manifest["counts"] == {"matches": 2, "events": 1, "packs": packed, "library": 1, "settings": 0}
    b = folder(tmp_path / "b")
    report = restore_backup(b, tmp_path / "b.zip")
    assert report.counts["matches"]["added"] == 2 and report.counts["events"]["added"] == 1
    assert report.counts["packs"]["added"] == 1 and report.counts["library"]["added"] == 1
    for match_id in ids:
        assert b.state(match_id) == a.state(match_id)
        assert b.log(match_id) == a.log(match_id)
    mine, theirs = Judging(tmp_path / "a").load(event), Judging(tmp_path / "b").load(event)
    assert (theirs.state, theirs.log) == (mine.state, mine.log)
    assert theirs.token != mine.token  # a judge token never travels in a backup
    assert snapshot(tmp_path / "b" / "library") == snapshot(tmp_path / "a" / "library")
    assert snapshot(tmp_path / "b" / "packs") == snapshot(tmp_path / "a" / "packs")
    assert "my-halo" in b.packs()[0]


@settings(max_examples=8, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(matches=st.lists(st.integers(0, 150), min_size=0, max_size=3), tables=st.lists(st.integers(1, 4), max_size=2),
       units=st.integers(0, 5), pack=st.booleans())
def test_any_data_folder_survives_create_and_restore(tmp_path_factory: pytest.TempPathFactory, matches: list[int],
                                                     tables: list[int], units: int, pack: bool) -> None:
    root = tmp_path_factory.mktemp("data")
    a = folder(root / "a")
    ids = [add_match(a, n) for n in matches]
    events = [add_event(root / "a", f"Event {i}", n) for i, n in enumerate(tables)]
    if units:
        add_library(root / "a", units)
    if pack:
        add_pack(root / "a")
    create_backup(a, root / "file.zip")
    b = folder(root / "b")
    restore_backup(b, root / "file.zip")
    for match_id in ids:
        assert (b.state(match_id), b.log(match_id)) == (a.state(match_id), a.log(match_id))
    for event in events:
        mine, theirs = Judging(root / "a").load(event), Judging(root / "b").load(event)
        assert standings(theirs.state) == standings(mine.state) and theirs.log == mine.log
    for kind in ("library", "packs"):
        assert snapshot(root / "b" / kind) == snapshot(root / "a" / kind)


def test_restore_merges_like_a_shared_match(tmp_path: Path) -> None:
    phone = folder(tmp_path / "phone")
    ahead, behind, split, same = (add_match(phone, 5) for _ in range(4))
    create_backup(phone, tmp_path / "old.zip")
    play(phone, ahead, 3)  # the backup extends nothing here: the device played further
    play(phone, split, 2)
    create_backup(phone, tmp_path / "new.zip")

    laptop = folder(tmp_path / "laptop")
    restore_backup(laptop, tmp_path / "old.zip")
    play(laptop, behind, 4)  # the laptop went on with `behind` past the backup: kept
    play(laptop, split, 1, vp_of="p2")  # and `split` differently from the phone: kept twice
    report = restore_backup(laptop, tmp_path / "new.zip")

    assert report.counts["matches"] == {"added": 0, "updated": 1, "kept_both": 1, "unchanged": 1, "kept_local": 1,
                                        "refused": 0}
    assert laptop.log(ahead) == phone.log(ahead)  # fast-forwarded
    assert len(laptop.log(behind)) == 9  # kept as the laptop has it
    assert len(laptop.log(split)) == 6  # the laptop's own line of play is untouched ...
    assert laptop.log(copy_id(split)) == phone.log(split)  # ... and the phone's is kept beside it
    label = next(s.label for s in laptop.list_matches() if s.id == copy_id(split))
    assert label.startswith("from backup of ")
    assert report.safety_copy is not None and report.safety_copy.exists()

    before = snapshot(tmp_path / "laptop")
    again = restore_backup(laptop, tmp_path / "new.zip")
    assert again.changes == 0 and again.safety_copy is None
    assert snapshot(tmp_path / "laptop") == before  # a second restore of the same file changes nothing


def test_a_dry_run_reports_the_same_and_writes_nothing(tmp_path: Path) -> None:
    phone = folder(tmp_path / "phone")
    add_match(phone, 80)
    add_event(tmp_path / "phone", "Friday", 2)
    create_backup(phone, tmp_path / "b.zip")
    laptop = folder(tmp_path / "laptop")
    add_match(laptop, 2)
    before = snapshot(tmp_path / "laptop")
    dry = restore_backup(laptop, tmp_path / "b.zip", dry_run=True)
    assert snapshot(tmp_path / "laptop") == before
    real = restore_backup(laptop, tmp_path / "b.zip")
    assert dry.dry_run and not real.dry_run
    assert dry.counts == real.counts


def test_judge_events_merge_too(tmp_path: Path) -> None:
    a = folder(tmp_path / "a")
    event = add_event(tmp_path / "a", "Friday", 2)
    create_backup(a, tmp_path / "b.zip")
    b = folder(tmp_path / "b")
    restore_backup(b, tmp_path / "b.zip")
    store = Judging(tmp_path / "b")
    store.apply(event, Event("pause", {}, "judge", 1_800_000_100.0))  # the new device's judge went on
    report = restore_backup(b, tmp_path / "b.zip")
    assert report.counts["events"]["kept_local"] == 1
    assert [e.type for e in store.load(event).log][-1] == "pause"


def test_a_newer_user_pack_replaces_an_older_one_and_an_equal_one_is_kept(tmp_path: Path) -> None:
    a = folder(tmp_path / "a")
    add_pack(tmp_path / "a", version="2.0")
    create_backup(a, tmp_path / "new.zip")
    b = folder(tmp_path / "b")
    add_pack(tmp_path / "b", version="1.0")
    assert restore_backup(b, tmp_path / "new.zip").counts["packs"]["updated"] == 1
    assert b.packs()[0]["my-halo"].version == "2.0"
    c = folder(tmp_path / "c")
    pack = add_pack(tmp_path / "c", version="2.0")
    (pack / "rules.md").write_text((pack / "rules.md").read_text() + "\nA local note.\n")
    report = restore_backup(c, tmp_path / "new.zip")
    assert report.counts["packs"]["kept_local"] == 1 and "differs" in report.notes[0]


def test_a_match_that_does_not_replay_is_refused_alone(tmp_path: Path) -> None:
    a = folder(tmp_path / "a")
    good = add_match(a, 2)
    export = a.export(good)
    bad = {**export, "initial": {**export["initial"], "id": "badbadbad"}}
    bad["events"] = [*bad["events"], {"type": "score", "data": {"player": "p9", "kind": "vp", "delta": 1},
                                      "by": None, "at": 0}]
    write_backup(tmp_path / "b.zip", [Entry(f"matches/{good}.json", json.dumps(export).encode()),
                                      Entry("matches/badbadbad.json", json.dumps(bad).encode())], app_version="t")
    assert zipfile.is_zipfile(tmp_path / "b.zip")
    report = restore_backup(folder(tmp_path / "b"), tmp_path / "b.zip")
    assert report.counts["matches"]["added"] == 1 and report.counts["matches"]["refused"] == 1
    assert report.notes[0].startswith("matches/badbadbad.json:")


def test_the_app_keeps_one_automatic_backup_a_day(tmp_path: Path) -> None:
    a = folder(tmp_path / "a")
    assert daily_backup(a, now=1_800_000_000) is None  # nothing to keep yet
    add_match(a, 1)
    first = daily_backup(a, now=1_800_000_000)
    assert first is not None and first.exists()
    assert daily_backup(a, now=1_800_000_100) is None  # the same day
    for day in range(1, 9):
        daily_backup(a, now=1_800_000_000 + day * 86_400)
    kept = sorted(p.name for p in (tmp_path / "a" / "backups").glob("daily-*.zip"))
    assert len(kept) == 5 and first.name not in kept
