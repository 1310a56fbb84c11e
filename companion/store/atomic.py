"""Crash-safe files: a write either fully happens or not at all.

Each write goes to a temporary file in the same folder, is flushed and fsynced, then renamed over the old
file with `os.replace` (atomic on POSIX and Windows); the folder is fsynced so the rename itself survives a
power cut. A reader never sees half a file, whenever the process is killed.
"""

from __future__ import annotations

import json
import os
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path
from typing import Any, BinaryIO

from tinydb.storages import Storage

from companion.core.errors import CompanionError

try:  # POSIX: serialise writers across processes; elsewhere (Windows, phones) one process writes at a time
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMP_SUFFIX = ".tmp"
# Where sync(2) returns only once everything is on disk (Linux, so Android too): one call can stand for the
# fsyncs of many files. Elsewhere (macOS's sync may return early; Windows has none) every file is fsynced.
SYNC_WAITS = hasattr(os, "sync") and sys.platform.startswith(("linux", "android"))
Group = list[tuple[Path, bytes]]
_HELD: ContextVar[list[Group] | None] = ContextVar("held_writes", default=None)


class DamagedFile(CompanionError):
    """A file that is not readable JSON of ours. `path` is where it is now."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class SaveFailed(CompanionError):
    """The disk refused a write (full, file too large, read-only); the file on disk is as it was before."""


PRIVATE_FILE = 0o600  # a judge's event file holds the judge's key, and matches are nobody else's business either
PRIVATE_DIR = 0o700


def private_dir(folder: Path) -> Path:
    """`folder` made (with any missing parents) for this user only, and made so again if an older version left it
    readable by others. Cheap enough for every save: a stat when nothing is to be done."""
    missing = []
    probe = folder
    while not probe.exists():
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    for path in reversed(missing):
        with suppress(FileExistsError):
            os.mkdir(path, PRIVATE_DIR)  # the umask can only take rights away
    if not missing:
        with suppress(OSError):
            if folder.stat().st_mode & 0o077:
                os.chmod(folder, PRIVATE_DIR)
    return folder


def open_private(path: Path) -> tuple[int, os.stat_result]:
    """A lock file: `path` opened (created if missing) with mode 0600, as a descriptor the caller closes (nothing
    is read or written through it: no file object, whose buffers and seeks a tap would pay for), and its status."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, PRIVATE_FILE)
    try:
        status = os.fstat(fd)
    except OSError:
        os.close(fd)
        raise
    if status.st_mode & 0o077:  # left by an older version
        with suppress(OSError):
            os.fchmod(fd, PRIVATE_FILE)
    return fd, status


def private_file(path: Path) -> BinaryIO:
    """`path` opened to write from the start (created if missing) with mode 0600."""
    return open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE), "wb")  # noqa: SIM115


def write_atomic(path: Path, data: bytes) -> None:
    write_files([(path, data)])


def write_files(files: Sequence[tuple[Path, bytes]]) -> None:
    """Write files atomically, each published no earlier than the ones before it (a match's segments before the
    head that points past them), with one folder fsync per folder instead of one per file.

    Every file's data is written to a temp file first, then all of them are fsynced (the file system can flush
    them together), then they are renamed in order, and a folder is fsynced once its files are renamed, before a
    file in another folder is. A failed write removes the temp files not yet renamed: what was renamed is
    complete, and what points to it (the last file) is not changed.

    Inside `held_writes`, the files are only kept (as one group) for `write_groups` to write later.
    """
    held = _HELD.get()
    if held is not None:
        held.append(list(files))
        return
    temps: list[Path] = []
    try:
        with ExitStack() as opened:
            written = []
            for path, data in files:
                temps.append(path.with_name(f"{path.name}.{os.getpid()}{TEMP_SUFFIX}"))
                f = opened.enter_context(private_file(temps[-1]))
                f.write(data)
                f.flush()
                written.append(f)
            for f in written:
                os.fsync(f.fileno())
        for n, ((path, _), tmp) in enumerate(zip(files, temps, strict=True)):
            if n and path.parent != files[n - 1][0].parent:
                _sync_folder(files[n - 1][0].parent)
            os.replace(tmp, path)
    except OSError as exc:
        for tmp in temps:
            with suppress(OSError):
                tmp.unlink(missing_ok=True)
        raise SaveFailed(f"could not save {path.name} ({exc.strerror or exc}); nothing was changed") from None
    if files:
        _sync_folder(files[-1][0].parent)


class GroupsFailed(SaveFailed):
    """write_groups stopped: the first `done` groups are written whole, the others not at all (their last file)."""

    def __init__(self, message: str, done: int) -> None:
        super().__init__(message)
        self.done = done


@contextmanager
def held_writes(groups: list[Group]) -> Iterator[None]:
    """In this thread, each write_files step inside is kept in `groups` instead of written: the caller writes
    them with write_groups, and holds until then whatever made them safe to write (a restore: each match's lock)."""
    token = _HELD.set(groups)
    try:
        yield
    finally:
        _HELD.reset(token)


def write_groups(groups: Sequence[Group]) -> None:
    """Write independent write_files steps (no path in two of them) as one, with three syncs in all.

    Every temp file is written, then one sync puts their data on disk; each group's files but its last (a match's
    segments) are renamed and synced, then each group's last file (the head that points to them), and synced
    again. A kill leaves each group old or new, as write_files does; a failure raises GroupsFailed saying how
    many groups, from the first, are written whole. Where a sync does not wait (SYNC_WAITS), group by group."""
    paths = [path for group in groups for path, _ in group]
    if not SYNC_WAITS or len(set(paths)) != len(paths):
        for done, group in enumerate(groups):
            try:
                write_files(group)
            except SaveFailed as exc:
                raise GroupsFailed(str(exc), done) from None
        return
    temps = {path: path.with_name(f"{path.name}.{os.getpid()}{TEMP_SUFFIX}") for path in paths}
    done, path = 0, None
    try:
        for group in groups:
            for path, data in group:
                with private_file(temps[path]) as f:
                    f.write(data)
        os.sync()  # every file's data on disk before any is renamed
        for group in groups:
            for path, _ in group[:-1]:
                os.replace(temps[path], path)
                del temps[path]
        os.sync()  # the renames of what the last files point to, before those are renamed
        for group in groups:
            path = group[-1][0] if group else None
            if path is not None:
                os.replace(temps[path], path)
                del temps[path]
            done += 1
    except OSError as exc:
        for tmp in temps.values():
            with suppress(OSError):
                tmp.unlink(missing_ok=True)
        name = path.name if path is not None else "a file"
        raise GroupsFailed(f"could not save {name} ({exc.strerror or exc})", done) from None
    os.sync()


def _sync_folder(folder: Path) -> None:
    """Make the renames in `folder` survive a power cut."""
    if os.name == "posix":  # Windows can't open a folder to fsync it
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


# no check for cycles: what is stored is built from frozen trees and parsed JSON, which have none (a sixth faster);
# one encoder for every save, not one made by json.dumps at each call (a tap encodes two small parts)
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def dump(data: Any) -> bytes:
    return _ENCODER.encode(data).encode("utf-8")


def read_json(path: Path) -> Any:
    """Parse a JSON file; raise DamagedFile (without touching it) when it is not valid JSON."""
    try:
        return json.loads(path.read_bytes())
    except (ValueError, UnicodeDecodeError) as exc:
        raise DamagedFile(f"{path.name} is damaged: not valid JSON ({exc})", path) from None


def move_aside(path: Path, reason: str) -> DamagedFile:
    """Rename a damaged or foreign file out of the way (never overwrite it) and describe what happened."""
    target = path.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}")
    n = 1
    while target.exists():
        target = target.with_name(f"{path.name}.damaged-{time.strftime('%Y%m%d-%H%M%S')}-{n}")
        n += 1
    os.replace(path, target)
    return DamagedFile(f"{path.name} could not be read ({reason}); it was moved to {target.name} "
                       "and left as it was", target)


def remove_stale_temps(folder: Path, older_than: float = 60.0) -> None:
    """Delete temporary files left by a killed writer (not fresh ones: another process may be writing)."""
    cutoff = time.time() - older_than
    for tmp in folder.glob(f"*{TEMP_SUFFIX}"):
        try:
            if tmp.stat().st_mtime < cutoff:
                tmp.unlink()
        except FileNotFoundError:
            pass


class AtomicJSONStorage(Storage):
    """TinyDB storage that writes atomically and keeps the database in memory between writes.

    Stock JSONStorage rewrites the file in place, so a kill mid-write leaves a file TinyDB can't open.
    Inside `batch()` TinyDB's many small writes become one file write at the end.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._cache: dict[str, Any] | None = None
        self._depth = 0
        self._dirty = False
        self._before: list[tuple[Path, bytes]] = []
        # A read in another thread (the app's daily backup lists the matches while a player taps) must not keep
        # what it parsed once a write has replaced the file under it: each write counts, and a parse is kept only
        # when no write began or ended since it started (else a stale head would be read back until the next
        # write, the last tap missing from the log a share or an export sends).
        self._writes = 0
        self._guard = threading.Lock()

    def read(self) -> dict[str, Any] | None:
        with self._guard:
            cached, writes = self._cache, self._writes
        if cached is not None:
            return cached
        if not self.path.exists():
            return None
        data = read_json(self.path)
        if not isinstance(data, dict):
            raise DamagedFile(f"{self.path.name} is not a database of this app", self.path)
        with self._guard:
            if self._writes == writes and self._cache is None:
                self._cache = data
        return data

    def _forget(self) -> None:
        """Before a write: drop the parsed copy (if the write fails, the next read sees what is on disk) and turn
        away any parse begun before it."""
        with self._guard:
            self._cache = None
            self._writes += 1

    def _keep(self, data: dict[str, Any] | None) -> None:
        """After a write: `data` is what the file now holds (None: parse it at the next read)."""
        with self._guard:
            self._cache = data
            self._writes += 1

    def write(self, data: dict[str, Any]) -> None:
        if self._depth:
            self._cache = data
            self._dirty = True
            return
        self._forget()
        write_atomic(self.path, dump(data))
        self._keep(data)

    def write_encoded(self, encoded: bytes, before: Sequence[tuple[Path, bytes]] = ()) -> None:
        """Write the database as `encoded`, JSON the caller made, after the files `before` (write_files: they are
        published first). The next read parses the file: no parsed copy is kept (a match's head is written at every
        tap and read back only for a list or a backup, which parse it anyway when another process wrote it)."""
        self._forget()
        write_files([*before, (self.path, encoded)])
        self._keep(None)

    @contextmanager
    def batch(self, before: Sequence[tuple[Path, bytes]] = ()) -> Iterator[None]:
        """TinyDB's writes inside become one at the end, together with the files `before` (write_files: they are
        published first, so the database never points to one that isn't there)."""
        self._depth += 1
        self._before.extend(before)
        ok = False
        try:
            yield
            ok = True
        finally:
            self._depth -= 1
            if not self._depth:
                dirty, self._dirty = self._dirty, False
                data = self._cache
                self._forget()
                files, self._before = self._before, []
                if ok and dirty:
                    write_files([*files, (self.path, dump(data))])
                elif ok:
                    write_files(files)
                self._keep(data if ok else None)

    def close(self) -> None:
        pass


@contextmanager
def folder_lock(folder: Path | None) -> Iterator[None]:
    """One read-change-write at a time in `folder` across processes (`folder/.lock`); nothing to hold for a
    store kept in memory (None) or where the platform has no flock."""
    if folder is None or fcntl is None:
        yield
        return
    private_dir(folder)
    fd, _ = open_private(folder / ".lock")
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fd, fcntl.LOCK_UN)
    finally:
        os.close(fd)
