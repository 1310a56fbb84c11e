"""Everything a player owns in one file: every match with its whole history, every judge event, the user's
own rule packs, the unit library and the settings — and the app's own automatic copies of it.

    create_backup(session, path)            # the file (see docs/backup-format.md)
    restore_backup(session, path, dry_run=True)   # what a restore would do, per kind (see session/data/restore.py)
    daily_backup(session)                   # at most one a day, kept in <data>/backups/ (the newest few)
"""

from __future__ import annotations

import io
import json
import time
from pathlib import Path
from typing import IO, Any

from companion import version
from companion.core.errors import CompanionError
from companion.core.tournament.state import to_json as tournament_json
from companion.session.matches import EXPORT_FORMAT, EXPORT_VERSION, Session
from companion.store.atomic import private_dir, private_file
from companion.store.backup_archive import Entry, write_backup
from companion.store.backup_files import (
    StoredBackup,
    new_backup_path,
    prune_backups,
    read_tree,
    stored_backups,
)
from companion.store.tournaments import TournamentStore

LIBRARY = "library"
PACKS = "packs"


class NoDataFolder(CompanionError):
    pass


def data_root(session: Session) -> Path:
    if session.store.root is None:
        raise NoDataFolder("this session keeps its matches in memory: there is no data folder to back up")
    return session.store.root


def backup_entries(session: Session, settings: dict[str, Any] | None = None) -> list[Entry]:
    """What a backup holds, read from the data folder now (each match as of one moment, under its lock)."""
    root = data_root(session)
    entries = [Entry(f"matches/{s.id}.json", _json(match_log(session, s.id))) for s in _all_matches(session)]
    judge = TournamentStore(root)
    for tid in judge.ids():
        try:
            stored = judge.load(tid)
        except CompanionError:  # a damaged event is moved aside and reported by judge mode; not backed up
            continue
        entries.append(Entry(f"events/{tid}.json", _json({
            "state": tournament_json(stored.state), "log": [e.to_json() for e in stored.log],
            "updated": stored.updated})))
    for folder in (PACKS, LIBRARY):
        for rel, data in read_tree(root / folder).items():
            entries.append(Entry(f"{folder}/{rel}", data))
    if settings:
        entries.append(Entry("settings.json", _json(settings)))
    return entries


def match_log(session: Session, match_id: str) -> dict[str, Any]:
    """A match as an export without its state (a restore makes the state by replaying the log), read as stored:
    copying the JSON as it is costs no replay, and equal histories compare equal."""
    with session.store.locked(match_id):
        initial, events = session.store.raw_log(match_id)
    return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "initial": initial, "events": events}


def _all_matches(session: Session) -> list[Any]:
    return sorted(session.list_matches(), key=lambda s: s.id)


def _json(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":"), sort_keys=True).encode()


def create_backup(session: Session, out: Path | IO[bytes], *, settings: dict[str, Any] | None = None
                  ) -> dict[str, Any]:
    """Write the whole backup to `out` (a path is written atomically: a temporary file, then renamed)."""
    entries = backup_entries(session, settings)
    if not isinstance(out, Path):
        return write_backup(out, entries, app_version=version())
    try:
        private_dir(out.parent)
        temp = out.with_name(f".{out.name}.writing")
        with private_file(temp) as f:  # 0600: a backup holds everything the player owns
            manifest = write_backup(f, entries, app_version=version())
        temp.replace(out)
    except OSError as exc:
        raise CompanionError(f"can't write the backup to {out}: {exc.strerror or exc}") from None
    return manifest


def backup_bytes(session: Session, *, settings: dict[str, Any] | None = None) -> bytes:
    """The backup as bytes (the app hands them to the system's save dialog or the browser's download)."""
    buffer = io.BytesIO()
    create_backup(session, buffer, settings=settings)
    return buffer.getvalue()


def daily_backup(session: Session, *, now: float | None = None) -> Path | None:
    """Today's automatic backup, made once a day (the app calls this when it starts); None when there is one."""
    root = data_root(session)
    path = new_backup_path(root, "daily", now)
    if path.exists() or not holds_anything(session):
        return None
    create_backup(session, path)
    prune_backups(root)
    return path


def holds_anything(session: Session) -> bool:
    """Whether the data folder holds anything a backup would keep."""
    root = data_root(session)
    return bool(session.list_matches() or TournamentStore(root).ids() or read_tree(root / PACKS)
                or read_tree(root / LIBRARY))


def safety_backup(session: Session, *, now: float | None = None) -> Path:
    """A copy of everything just before a restore changes it."""
    root = data_root(session)
    path = new_backup_path(root, "before-restore", now or time.time())
    create_backup(session, path)
    prune_backups(root)
    return path


def automatic_backups(session: Session) -> list[StoredBackup]:
    return stored_backups(data_root(session))
