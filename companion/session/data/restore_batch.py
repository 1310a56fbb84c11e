"""The new matches of a restore written a batch at a time: one sync for a batch's files instead of an fsync for each
(store.atomic.write_groups), as atomic as match by match.

A match's merge decides under its lock (restore_matches.py); when it adds a match, its files are kept
(store.atomic.held_writes) and its lock stays held until the batch is written, so nothing can change it between
the comparison and the write. Several locks are held at once only in ascending order of ids (a batch is written
before an entry whose ids would come lower), so two restores holding some each can never wait for each other;
every other writer holds one match at a time. An entry's outcome is told only once its files are written: a batch
the disk refuses is reported, match by match, as not restored.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import PurePosixPath

from companion.session.matches import Session
from companion.store.atomic import Group, GroupsFailed, held_writes, write_groups

BATCH_MATCHES = 32  # matches a batch holds at most (their locks held, their files in memory: some 3 MB)
BATCH_BYTES = 8 * 2**20


class Batch:
    def __init__(self, session: Session) -> None:
        self.session = session
        self.groups: list[Group] = []  # each write_files step held, in order
        self.locks = ExitStack()  # the locks of the matches whose files are held
        self.ids: list[str] = []
        self.results: list[tuple[str, str, str, int, int]] = []  # name, outcome, note, its groups' start and end
        self.ready: list[tuple[str, str]] = []  # outcomes whose files are written (or that wrote none)

    @contextmanager
    def holding(self, match_id: str, lock: ExitStack) -> Iterator[None]:
        """Keep the files written inside; when it succeeds, keep the match's `lock` (held) until they are written."""
        start = len(self.groups)
        try:
            with held_writes(self.groups):
                yield
        except BaseException:
            del self.groups[start:]  # refused half-way: nothing of it is written
            raise
        self.locks.enter_context(lock.pop_all())
        self.ids.append(match_id)

    def may_lock(self, ids: Iterable[str]) -> None:
        """Write what is held first unless each of `ids` comes after every match held (the order of locking)."""
        if self.ids and min(ids) <= max(self.ids):
            self.flush()

    def entry(self, name: str, start: int, merge: Callable[[], tuple[str, str]]) -> None:
        outcome, note = merge()
        self.results.append((name, outcome, note, start, len(self.groups)))
        if len(self.ids) >= BATCH_MATCHES or sum(len(d) for g in self.groups for _, d in g) >= BATCH_BYTES:
            self.flush()

    def flush(self) -> None:
        done, error = len(self.groups), ""
        try:
            write_groups(self.groups)
        except GroupsFailed as exc:
            done, error = exc.done, str(exc)
        finally:
            self.close()
        for name, outcome, note, start, end in self.results:
            if start < end > done:  # some of its files are not written: the match is not stored (or not changed)
                outcome, note = "refused", f"{name}: {error}; it was not restored"
            self.ready.append((outcome, note))
        self.groups, self.results = [], []

    def close(self) -> None:
        """Let go of the held matches (those written are read from their files again)."""
        self.locks.close()
        for match_id in self.ids:
            self.session.forget(match_id)
        self.ids = []

    def take(self) -> list[tuple[str, str]]:
        ready, self.ready = self.ready, []
        return ready


def entry_ids(name: str, copy_id: Callable[[str], str]) -> tuple[str, str]:
    """The ids an entry's merge may lock: its own, and its copy's when it went two ways."""
    stem = PurePosixPath(name).stem
    return stem, copy_id(stem)
