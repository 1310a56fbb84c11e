"""Crash-safe files: a write either fully happens or not at all.

Each write goes to a temporary file in the same folder, is flushed and fsynced, then renamed over the old
file with `os.replace` (atomic on POSIX and Windows); the folder is fsynced so the rename itself survives a
power cut. A reader never sees half a file, whenever the process is killed.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.core.errors import CompanionError

try:  # POSIX: serialise writers across processes; elsewhere (Windows, phones) one process writes at a time
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMP_SUFFIX = ".tmp"


class DamagedFile(CompanionError):
    """A file that is not readable JSON of ours. `path` is where it is now."""

    def __init__(self, message: str, path: Path) -> None:
        super().__init__(message)
        self.path = path


class SaveFailed(CompanionError):
    """The disk refused a write (full, file too large, read-only); the file on disk is as it was before."""


def write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}{TEMP_SUFFIX}")
    try:
        # 0600: a judge's event file holds the judge's key, and matches are nobody else's business either
        with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        raise SaveFailed(f"could not save {path.name} ({exc.strerror or exc}); nothing was changed") from None
    if os.name == "posix":  # Windows can't open a folder to fsync it
        fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def dump(data: Any) -> bytes:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


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

    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            if not self.path.exists():
                return None
            data = read_json(self.path)
            if not isinstance(data, dict):
                raise DamagedFile(f"{self.path.name} is not a database of this app", self.path)
            self._cache = data
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        if self._depth:
            self._cache = data
            self._dirty = True
            return
        self._cache = None  # if the write fails, the next read sees what is really on disk
        write_atomic(self.path, dump(data))
        self._cache = data

    @contextmanager
    def batch(self) -> Iterator[None]:
        self._depth += 1
        ok = False
        try:
            yield
            ok = True
        finally:
            self._depth -= 1
            if not self._depth:
                dirty, self._dirty = self._dirty, False
                data, self._cache = self._cache, None
                if ok and dirty:
                    write_atomic(self.path, dump(data))
                if ok:
                    self._cache = data

    def close(self) -> None:
        pass


@contextmanager
def folder_lock(folder: Path | None) -> Iterator[None]:
    """One read-change-write at a time in `folder` across processes (`folder/.lock`); nothing to hold for a
    store kept in memory (None) or where the platform has no flock."""
    if folder is None or fcntl is None:
        yield
        return
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / ".lock", "a+b") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)
