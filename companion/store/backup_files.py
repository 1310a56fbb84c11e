"""The files a backup reads and restores besides matches and judge events: folders kept byte for byte (the
user's rule packs, the unit library), and the app's own automatic backups in `<data>/backups/`.

A folder is restored whole or not at all: its files are written to a hidden sibling first, then renamed into
place (the old one kept aside until the new one stands), so a kill at any moment leaves one or the other.
"""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from companion.store.atomic import private_dir, write_atomic

BACKUPS = "backups"
KEEP_DAILY = 5  # automatic daily backups kept
KEEP_BEFORE_RESTORE = 3  # backups made just before a restore, kept


def read_tree(folder: Path) -> dict[str, bytes]:
    """Every regular file under `folder` by its relative POSIX path (links and hidden temporaries skipped)."""
    found: dict[str, bytes] = {}
    if not folder.is_dir():
        return found
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder)
        if path.is_symlink() or not path.is_file() or any(p.startswith(".") for p in rel.parts):
            continue
        found[rel.as_posix()] = path.read_bytes()
    return found


def write_tree(folder: Path, files: dict[str, bytes]) -> None:
    """Make `folder` hold exactly `files`, atomically as seen by readers of the folder's name."""
    parent = folder.parent
    private_dir(parent)
    fresh = parent / f".{folder.name}.restoring-{os.getpid()}"
    old = parent / f".{folder.name}.replaced-{os.getpid()}"
    shutil.rmtree(fresh, ignore_errors=True)
    for rel, data in files.items():
        target = fresh.joinpath(*PurePosixPath(rel).parts)
        private_dir(target.parent)
        write_atomic(target, data)
    private_dir(fresh)
    if folder.exists():
        shutil.rmtree(old, ignore_errors=True)
        os.replace(folder, old)
        os.replace(fresh, folder)
        shutil.rmtree(old, ignore_errors=True)
    else:
        os.replace(fresh, folder)
    _sync_dir(parent)


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:  # some platforms can't open folders; the rename still happened
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_file(path: Path, data: bytes) -> None:
    private_dir(path.parent)
    write_atomic(path, data)


@dataclass(frozen=True)
class StoredBackup:
    path: Path
    kind: str  # "daily" or "before-restore"
    made: float  # when it was written (the file's time)
    size: int


def backups_dir(root: Path) -> Path:
    return root / BACKUPS


def stored_backups(root: Path) -> list[StoredBackup]:
    """The app's automatic backups, newest first."""
    found = []
    for path in backups_dir(root).glob("*.zip"):
        kind = "daily" if path.name.startswith("daily-") else "before-restore"
        st = path.stat()
        found.append(StoredBackup(path, kind, st.st_mtime, st.st_size))
    return sorted(found, key=lambda b: b.made, reverse=True)


def new_backup_path(root: Path, kind: str, now: float | None = None) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S" if kind == "before-restore" else "%Y%m%d", time.gmtime(now))
    folder = private_dir(backups_dir(root))
    return folder / f"{kind}-{stamp}.zip"


def prune_backups(root: Path) -> None:
    """Keep the newest few of each kind."""
    keep = {"daily": KEEP_DAILY, "before-restore": KEEP_BEFORE_RESTORE}
    seen = dict.fromkeys(keep, 0)
    for backup in stored_backups(root):
        seen[backup.kind] += 1
        if seen[backup.kind] > keep[backup.kind]:
            backup.path.unlink(missing_ok=True)
