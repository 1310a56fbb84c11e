"""Each stored match's lock: one read-change-write at a time, against other threads and other processes.

Within a process a re-entrant lock per match; across processes (POSIX) an flock on `<id>.lock` beside the head.
Where there is no flock (Windows, phones) one process writes a match there, and the thread lock is enough.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from companion.store.atomic import open_private

try:
    import fcntl
except ImportError:  # Windows, phones: one process writes a match there
    fcntl = None  # type: ignore[assignment]

ACROSS_PROCESSES = fcntl is not None  # whether a match's lock also holds against other processes


class MatchLocks:
    def __init__(self, folder: Path | None) -> None:
        self.folder = folder  # where the heads and their lock files are; None for a store kept in memory
        self._guard = threading.Lock()
        self._thread_locks: dict[str, threading.RLock] = {}
        self._depth: dict[str, int] = {}  # how deeply this process holds each match's lock

    @contextmanager
    def locked(self, match_id: str, must_exist: Callable[[str], None], *, create: bool = False) -> Iterator[None]:
        """Hold the match for one read-change-write, against other threads and processes writing it.

        Re-entrant within a thread (an import holds it around its compare and its write). Without `create` an
        unknown id raises (`must_exist`: MatchNotFound) before any lock file is made; a lock file with no match
        behind it (a refused import, a deletion) is removed on the way out.
        """
        with self._guard:
            thread_lock = self._thread_locks.setdefault(match_id, threading.RLock())
        with thread_lock:
            depth = self._depth.get(match_id, 0)
            if depth or self.folder is None or fcntl is None:
                if not depth and not create:
                    must_exist(match_id)
                self._depth[match_id] = depth + 1
                try:
                    yield
                finally:
                    self._depth[match_id] = depth
                return
            if not create:
                must_exist(match_id)
            with self._file_lock(self.folder / f"{match_id}.lock"):
                self._depth[match_id] = 1
                try:
                    yield
                finally:
                    self._depth[match_id] = 0
                    if not (self.folder / f"{match_id}.json").exists():  # deleted, or a new match that was refused
                        (self.folder / f"{match_id}.lock").unlink(missing_ok=True)

    @staticmethod
    @contextmanager
    def _file_lock(path: Path) -> Iterator[None]:
        """flock on `path`; retried when the file was removed or replaced while we waited for it."""
        while True:
            f = open_private(path)  # closed below, after the lock is released
            try:
                fcntl.flock(f.fileno(), fcntl.LOCK_EX)
                try:
                    same = os.fstat(f.fileno()).st_ino == path.stat().st_ino
                except FileNotFoundError:
                    same = False
                if same:
                    try:
                        yield
                    finally:
                        fcntl.flock(f.fileno(), fcntl.LOCK_UN)
                    return
            finally:
                f.close()
