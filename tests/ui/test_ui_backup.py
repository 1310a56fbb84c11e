"""Backup and restore from the app: the save dialog gets a real backup; a picked backup is previewed, and only
"Restore" changes anything."""

from __future__ import annotations

import io
from pathlib import Path

import flet as ft
import pytest

from companion.session import Session
from companion.session.data.backup import backup_bytes
from companion.store.backup_archive import BackupReader
from companion.store.matches import MatchStore
from companion.ui.app import main

from backup_data import add_match, snapshot
from flet_harness import Harness


@pytest.mark.asyncio
async def test_back_up_then_restore_on_another_device(tmp_path: Path) -> None:
    old_phone = Session.open(tmp_path / "old")
    ids = [add_match(old_phone, 70), add_match(old_phone, 2)]
    new_phone = Session(MatchStore(tmp_path / "new"))
    h = await Harness.start(lambda page: main(page, new_phone))
    await h.click("home-backup")
    assert h.has("backup-auto-none")

    data = backup_bytes(old_phone)
    h.conn.answers["pick_files"] = [{"id": 1, "name": "phone.zip", "size": len(data), "path": None, "bytes": data}]
    before = snapshot(tmp_path / "new")
    await h.click("backup-pick")
    assert h.text_of("backup-preview-0") == "matches: 2 added"
    assert snapshot(tmp_path / "new") == before  # the preview is a dry run
    await h.click("backup-restore")
    assert h.text_of("backup-status").startswith("Restored: matches: 2 added")
    for match_id in ids:
        assert new_phone.log(match_id) == old_phone.log(match_id)

    h.conn.answers["save_file"] = "/storage/backup.zip"
    h.page.platform = ft.PagePlatform.ANDROID  # a phone: the system's save dialog takes the file's bytes
    await h.click("backup-create")
    saved = next(args for name, args in h.conn.invoked if name == "save_file")
    with BackupReader(io.BytesIO(saved["src_bytes"])) as backup:
        assert sorted(backup.names) == sorted([*(f"matches/{i}.json" for i in ids), "settings.json"])
    assert "Saved the backup" in h.text_of("backup-status")


@pytest.mark.asyncio
async def test_a_bad_file_is_refused_in_one_line(tmp_path: Path) -> None:
    phone = Session(MatchStore(tmp_path / "phone"))
    add_match(phone, 3)
    h = await Harness.start(lambda page: main(page, phone))
    await h.click("home-backup")
    h.conn.answers["pick_files"] = [{"id": 1, "name": "x.zip", "size": 5, "path": None, "bytes": b"hello"}]
    before = snapshot(tmp_path / "phone" / "matches")  # (the day's automatic backup may be written meanwhile)
    await h.click("backup-pick")
    assert h.text_of("backup-status").startswith("this is not a backup")
    assert not h.has("backup-preview") and snapshot(tmp_path / "phone" / "matches") == before
