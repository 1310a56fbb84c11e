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
from companion.store.place import Place

try:
    import fcntl
except ImportError:  # Windows, phones: one process writes a match there
    fcntl = None  # type: ignore[assignment]

ACROSS_PROCESSES = fcntl is not None  # whether a match's lock also holds against other processes


class MatchLocks:
    def __init__(self, place: Place) -> None:
        self.place = place  # where the heads and their lock files are (none for a store kept in memory)
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
            if depth or self.place.in_memory or fcntl is None:
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
            lock = self.place.path(match_id, ".lock")
            with self._file_lock(lock):
                self._depth[match_id] = 1
                try:
                    yield
                finally:
                    self._depth[match_id] = 0
                    if not self.place.exists(match_id):  # deleted, or a new match that was refused
                        lock.unlink(missing_ok=True)

    @staticmethod
    @contextmanager
    def _file_lock(path: Path) -> Iterator[None]:
        """flock on `path`; retried when the file was removed or replaced while we waited for it."""
        while True:
            fd, opened = open_private(path)  # closed below, after the lock is released
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                try:
                    same = opened.st_ino == os.stat(path).st_ino  # (the descriptor's file is the one it opened)
                except FileNotFoundError:
                    same = False
                if same:
                    try:
                        yield
                    finally:
                        fcntl.flock(fd, fcntl.LOCK_UN)
                    return
            finally:
                os.close(fd)
