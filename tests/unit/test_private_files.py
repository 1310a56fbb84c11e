"""Every file and folder the app writes in its data folder is the player's alone: files 0600, folders 0700, lock
files included, after a typical use (matches with long histories and undos, a kept copy, a judge's event, codes in
parts, saved units, backups and a restore) and even where an older version left them readable by others."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

import pytest

from companion.core.match.events import Event
from companion.session import Session
from companion.session.data.backup import create_backup, daily_backup
from companion.session.data.restore import restore_backup
from companion.session.sharing.share_sync import import_code
from companion.share import Choice, SharedMatch
from companion.store.library import UnitLibrary
from companion.store.pack_cache import ParsedToml
from companion.store.pending_parts import PendingParts
from companion.store.sync_points import SyncPoints

from backup_data import add_event, add_match, play
from builders import unit

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX modes")


def modes(root: Path) -> dict[str, int]:
    """Every file and folder under `root` (and root itself) with its permission bits."""
    found = {".": stat.S_IMODE(root.stat().st_mode)}
    for path in root.rglob("*"):
        found[str(path.relative_to(root))] = stat.S_IMODE(path.lstat().st_mode)
    return found


def typical_use(root: Path, elsewhere: Path) -> None:
    session = Session.open(root)
    long_one = add_match(session, 70)  # segment files
    session.undo(long_one, by="p2")
    session.redo(long_one, by="p1")
    other = add_match(session, 3)
    session.dispatch(other, "add_unit", {"unit": unit("u1", "p1")})
    diverged = SharedMatch.from_export(session.export(other))  # a copy that went its own way: kept beside ours
    play(session, other, 1)
    theirs = SharedMatch.of(diverged.initial, [*diverged.events, Event("score", {"player": "p2", "kind": "vp",
                                                                                  "delta": 2}, "p2", 1.8e9)])
    import_code(session, theirs, Choice.BOTH)  # a label file, a lock file, sync.json
    add_event(root, "Friday", 2)  # tournaments/ and its .lock
    PendingParts(root).add("ABCD", 2, 1, "ttcomp://m/part-one")  # incoming/ and its .lock
    UnitLibrary(root).save("halo-actionclix", unit("u9", "p1", name="Saved"))
    SyncPoints(root).put(other, 1, 2)
    daily_backup(session)  # backups/
    create_backup(session, elsewhere / "copy.zip")
    other_device = Session.open(elsewhere / "device")
    add_match(other_device, 2)
    create_backup(other_device, elsewhere / "theirs.zip")
    restore_backup(session, elsewhere / "theirs.zip")  # a safety copy, restored files, the packs folder
    ParsedToml(root / "cache" / "packs").loads('name = "a pack"\n')  # the parsed packs' cache: cache/, cache/packs


def test_every_file_and_folder_written_is_private(tmp_path: Path) -> None:
    root = tmp_path / "data"
    (tmp_path / "out").mkdir()
    typical_use(root, tmp_path / "out")
    found = modes(root)
    names = set(found)
    assert {"matches", "tournaments", "tournaments/.lock", "backups", "incoming", "library", "sync.json",
            "cache", "cache/packs"} <= names
    assert any(n.endswith(".lock") and n.startswith("matches/") for n in names)
    assert any(n.endswith(".label") for n in names) and any(n.endswith(".log") for n in names)
    wrong = {name: oct(mode) for name, mode in found.items()
             if mode != (0o700 if (root / name).is_dir() else 0o600)}
    assert wrong == {}
    assert stat.S_IMODE((tmp_path / "out" / "copy.zip").stat().st_mode) == 0o600  # a backup anywhere: private


def test_what_an_older_version_left_readable_is_made_private_again(tmp_path: Path) -> None:
    root = tmp_path / "data"
    session = Session.open(root)
    match_id = add_match(session, 2)
    os.chmod(root, 0o755)
    os.chmod(root / "matches", 0o755)
    (root / "matches" / f"{match_id}.lock").touch()
    os.chmod(root / "matches" / f"{match_id}.lock", 0o644)
    again = Session.open(root)
    again.dispatch(match_id, "score", {"player": "p1", "kind": "vp", "delta": 1})
    found = modes(root)
    assert found["."] == found["matches"] == 0o700 and found[f"matches/{match_id}.lock"] == 0o600
