"""The matches of a backup, merged one by one (see restore.py for the rules), in worker processes where there are any.

A match's merge compares it with the stored one under its lock and, when it is stored, replays its whole history
first (a backup is never trusted). Nothing of that is shared between matches, so a big restore on a desktop or
the command line splits the matches among worker processes, each with its own Session on the same data folder:
every match is still compared and written under its lock (an flock, which holds across processes), each write
is the same atomic one, and a worker dies with the app that started it. Phones (an embedded Python: no
interpreter to start a worker with), Windows (no lock across processes), small restores and stores kept in
memory merge here, the same way.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, ExitStack, nullcontext
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.model import from_json
from companion.session.data.restore_batch import Batch, entry_ids
from companion.session.matches import EXPORT_FORMAT, EXPORT_VERSION, Session
from companion.share.merge import Relation, compare
from companion.share.payload import SharedMatch
from companion.store.match_locks import ACROSS_PROCESSES
from companion.store.matches import check_id

PARALLEL_FROM = 32  # matches to replay before worker processes pay for starting (about 0.1 s each)
MAX_WORKERS = 4
WORKER_CHUNK = 8  # entries a worker merges (and writes as one batch) at a time


class Kept(Exception):  # noqa: N818 - an outcome, not a failure
    """The device's own copy stays as it is (the reason is reported)."""


def outcome_of(name: str, merge: Callable[[], str]) -> tuple[str, str]:
    """One entry's merge as (outcome, note); a sound file holding wrong data is refused alone, with the reason."""
    try:
        return merge(), ""
    except Kept as kept:
        return "kept_local", f"{name}: {kept}"
    except (CompanionError, ValueError, TypeError, KeyError, RecursionError) as exc:
        return "refused", f"{name}: {exc}"


def copy_id(original: str) -> str:
    """Where the backup's side of a match (or event) that went two ways is kept: the same id every time."""
    return f"{original[:33]}-backup"


class MatchMerge:
    def __init__(self, session: Session, label: str, *, apply: bool, check: bool = True) -> None:
        self.session, self.label = session, label
        self.apply = apply  # write what the merge decides
        self.check = check  # without writing, still replay what would be stored (a dry run's report is exact)
        self.batch: Batch | None = None  # where the matches it adds are held until written together

    def merge(self, name: str, data: bytes) -> tuple[str, str]:
        return outcome_of(name, lambda: self._match(name, data))

    def _lock(self, match_id: str) -> AbstractContextManager[None]:
        return self.session.store.locked(match_id, create=True) if self.apply else nullcontext()

    def _match(self, name: str, data: bytes) -> str:
        theirs = _log_of(json.loads(data))
        if PurePosixPath(name).stem != theirs.initial.get("id"):
            raise ValueError("the file name and the match inside differ")
        outcome = self._merge_match(theirs)
        if outcome != "diverged":
            return outcome
        copy = _Log({**theirs.initial, "id": copy_id(theirs.initial["id"])}, theirs.events)
        outcome = self._merge_match(copy, label=self.label)
        if outcome == "diverged":
            raise Kept(f"differs from this device's copy and from the copy of an earlier backup ({copy.id})")
        return "kept_both" if outcome == "added" else outcome

    def _merge_match(self, theirs: _Log, label: str = "") -> str:
        """Compare the stored JSON logs (no replay for what is already here); what is stored is replayed whole."""
        match_id = check_id(theirs.id)
        with ExitStack() as lock:
            lock.enter_context(self._lock(match_id))
            mine = _Log(*self.session.store.raw_log(match_id)) if self.session.store.exists(match_id) else None
            relation = compare(mine, theirs).relation
            if relation in (Relation.SAME, Relation.MINE_AHEAD):
                if relation is Relation.MINE_AHEAD:
                    raise Kept("this device has played it further")
                return "unchanged"
            if relation is Relation.DIVERGED and mine is not None:
                return "diverged"
            if not self.apply:
                if self.check:  # the replay storing it would do: a history that doesn't replay is refused
                    SharedMatch.from_export(theirs.export())
            elif relation is Relation.NEW:
                with self.batch.holding(match_id, lock) if self.batch else nullcontext():
                    self.session.import_match(theirs.export())  # replays the whole history before storing anything
                    if label:
                        self.session.store.set_label(match_id, label)
            else:
                self.session.replace_history(from_json(theirs.initial), [Event.from_json(e) for e in theirs.events])
            return "added" if relation is Relation.NEW else "updated"


def merge_matches(merger: MatchMerge, entries: Iterable[tuple[str, bytes]], count: int, *,
                  workers: int | None = None) -> Iterator[tuple[str, str]]:
    """Each of the `count` entries' (outcome, note), in order. `workers`: processes to merge in; None chooses."""
    workers = _worker_count(merger, count) if workers is None else workers
    if workers < 1 or merger.session.store.root is None:
        yield from _merged(merger, entries)  # one at a time: a phone never holds the whole backup inflated
        return
    listed = list(entries)
    done = _in_workers(merger, listed, workers, merger.session.store.root)
    yield from done
    yield from _merged(merger, listed[len(done):])


def _merged(merger: MatchMerge, entries: Iterable[tuple[str, bytes]]) -> Iterator[tuple[str, str]]:
    """Each entry's (outcome, note), in order; the matches added are written a batch at a time (restore_batch)."""
    if not merger.apply or merger.session.store.root is None:  # nothing to write, or nothing to sync
        for name, data in entries:
            yield merger.merge(name, data)
        return
    batch = merger.batch = Batch(merger.session)
    try:
        for name, data in entries:
            batch.may_lock(entry_ids(name, copy_id))
            batch.entry(name, len(batch.groups), lambda n=name, d=data: merger.merge(n, d))
            yield from batch.take()
        batch.flush()
        yield from batch.take()
    finally:
        batch.close()  # stopped early: what is still held is not written
        merger.batch = None


def _in_workers(merger: MatchMerge, entries: list[tuple[str, bytes]], workers: int,
                root: Path) -> list[tuple[str, str]]:
    """The outcomes of the entries merged in worker processes, in order, up to the first that could not be (if a
    worker could not start or died, the rest are left to this process: a match the lost worker had already
    written is then found unchanged, as its copy is the backup's)."""
    done: list[tuple[str, str]] = []
    try:  # imported here: where processes can't be made, even importing this may fail
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        # spawn, never fork: this process has the app's threads, whose locks a forked child would inherit held
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker,
                                 initargs=(str(root), merger.label, merger.apply, merger.check)) as pool:
            chunks = [entries[n:n + WORKER_CHUNK] for n in range(0, len(entries), WORKER_CHUNK)]
            for outcomes in pool.map(_merge_in_worker, chunks):
                done.extend(outcomes)
    except (ImportError, NotImplementedError, OSError, RuntimeError):  # BrokenProcessPool is a RuntimeError
        pass
    finally:
        for name, _ in entries:  # written by other processes: what this one remembers of them is stale
            merger.session.store.forget(PurePosixPath(name).stem)
            merger.session.store.forget(copy_id(PurePosixPath(name).stem))
    return done


def _worker_count(merger: MatchMerge, entries: int) -> int:
    """Worker processes worth starting: none unless this is a real Python that can start another one, and a
    match's lock holds against them (an flock: not on Windows)."""
    replays = merger.apply or merger.check
    executable = os.path.basename(sys.executable or "").lower()
    if (not replays or entries < PARALLEL_FROM or not ACROSS_PROCESSES or getattr(sys, "frozen", False)
            or hasattr(sys, "getandroidapilevel") or sys.platform in ("ios", "android")
            or not executable.startswith("python")):
        return 0
    cores = os.cpu_count() or 1
    return min(MAX_WORKERS, cores) if cores > 1 else 0


_MERGER: list[MatchMerge] = []  # in a worker process: its own


def _start_worker(root: str, label: str, apply: bool, check: bool) -> None:
    import multiprocessing

    gc.disable()  # as in the app's own restore: no reference cycles, millions of short-lived objects
    _MERGER.append(MatchMerge(Session.open(Path(root)), label, apply=apply, check=check))
    parent = multiprocessing.parent_process()
    if parent is not None:  # a worker dies with its app, as if killed with it: mid-write, a match stays as it was
        threading.Thread(target=lambda: (parent.join(), os._exit(1)), daemon=True).start()


def _merge_in_worker(entries: list[tuple[str, bytes]]) -> list[tuple[str, str]]:
    return list(_merged(_MERGER[0], entries))


@dataclass(frozen=True)
class _Log:
    """A match's history as stored JSON: compared without replaying it."""

    initial: dict[str, Any]
    events: list[Any]

    @property
    def id(self) -> str:
        return self.initial["id"]

    def export(self) -> dict[str, Any]:
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "initial": self.initial, "events": self.events}


def _log_of(data: Any) -> _Log:
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise ValueError("not a match of this app")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > EXPORT_VERSION:
        raise ValueError("a match from a newer version of the app; update the app")
    initial, events = data.get("initial"), data.get("events")
    if not isinstance(initial, dict) or not isinstance(events, list) or not isinstance(initial.get("id"), str):
        raise ValueError("a match without its start or its events")
    return _Log(initial, events)
