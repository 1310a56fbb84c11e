"""Restoring a backup merges it into the data folder by the rules of a shared match, never overwriting unseen:

- a match (or judge event) the device lacks is added; one whose history the backup extends is fast-forwarded;
  one the device has played further is kept; one that went different ways on both sides is kept twice, the
  backup's copy stored as `<id>-backup` and named "from backup of 12 Nov" so the player can tell them apart;
- a user rule pack the device lacks is added; a newer version replaces the older; otherwise the device's is kept;
- unit library files the device lacks are added; a file that differs is kept as the device has it (reported);
- a second restore of the same file changes nothing.

The whole file is checked first (store/backup_archive.py); an entry that is sound as a file but wrong as data
(a history that doesn't replay, a pack that doesn't load) is refused alone and named in the report. Every match
is compared and written under its lock (restore_matches.py: in worker processes where there are any); before
a restore changes anything, the app keeps a copy of the folder.
"""

from __future__ import annotations

import gc
import json
import shutil
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path, PurePosixPath
from typing import IO, Any

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.packs.load import load_pack
from companion.core.tournament.state import Tournament
from companion.core.tournament.state import from_json as tournament_from_json
from companion.session.data.backup import PACKS, data_root, holds_anything, safety_backup
from companion.session.data.restore_matches import Kept, MatchMerge, copy_id, merge_matches, outcome_of
from companion.session.matches import Session
from companion.store.backup_archive import BackupReader, Entry, kind_of
from companion.store.backup_files import read_tree, write_file, write_tree
from companion.store.tournaments import TournamentStore

KINDS = ("matches", "events", "packs", "library")
OUTCOMES = ("added", "updated", "kept_both", "unchanged", "kept_local", "refused")


@dataclass
class RestoreReport:
    dry_run: bool
    counts: dict[str, dict[str, int]] = field(
        default_factory=lambda: {k: dict.fromkeys(OUTCOMES, 0) for k in KINDS})
    notes: list[str] = field(default_factory=list)  # why an entry was refused or kept as it is here
    settings: dict[str, Any] | None = None
    safety_copy: Path | None = None  # the copy of the data folder made just before the restore

    def count(self, kind: str, outcome: str, note: str = "") -> None:
        self.counts[kind][outcome] += 1
        if note:
            self.notes.append(note)

    @property
    def changes(self) -> int:
        return sum(c["added"] + c["updated"] + c["kept_both"] for c in self.counts.values())

    def to_json(self) -> dict[str, Any]:
        return {"dry_run": self.dry_run, "counts": self.counts, "notes": self.notes, "settings": self.settings,
                "safety_copy": str(self.safety_copy) if self.safety_copy else None}

    def lines(self) -> list[str]:
        """One line per kind, for people: "matches: 3 added, 1 updated, 12 unchanged"."""
        out = []
        for kind, counts in self.counts.items():
            said = [f"{n} {outcome.replace('_', ' ')}" for outcome, n in counts.items() if n]
            out.append(f"{kind}: {', '.join(said) if said else 'none in the backup'}")
        return out


def restore_backup(session: Session, source: Path | bytes | IO[bytes], *, dry_run: bool = False,
                   now: float | None = None, workers: int | None = None) -> RestoreReport:
    """Merge a backup into the data folder (or, with `dry_run`, say what that would do and write nothing).

    `workers`: processes to replay and write the matches in; None lets the restore choose (restore_matches.py),
    0 keeps it all in this process."""
    root = data_root(session)
    with BackupReader(source) as backup, _gc_paused():
        made = backup.manifest.get("created")
        label = "from backup" + (f" of {_day(made)}" if isinstance(made, int | float) else "")
        if dry_run:
            return _Merge(session, root, backup, label, apply=False, workers=workers).run()
        safety, holds = None, holds_anything(session)
        if holds or session.store.ids():  # an empty folder has nothing to compare or keep a copy of
            plan = _Merge(session, root, backup, label, apply=False, check=False).run()  # comparisons only
            if not plan.changes:
                plan.dry_run = False
                return plan
            safety = safety_backup(session, now=now) if holds else None
        report = _Merge(session, root, backup, label, apply=True, workers=workers).run()
        report.safety_copy = safety
        return report


@contextmanager
def _gc_paused() -> Iterator[None]:
    """A restore makes millions of short-lived objects and no reference cycles: the cycle collector would only walk
    them, again and again (about a tenth of a restore's time); reference counting frees them all the same. One
    collection of the young generations at the end ages what the restore keeps (all of it young: nothing is
    promoted while the collector is off), so the app's next steps don't walk it instead; the app's older objects
    are left alone (a full collection walks them all: some 30 ms)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
            gc.collect(1)


def _day(stamp: float) -> str:
    return time.strftime("%d %b %Y", time.gmtime(stamp)).lstrip("0")


class _Merge:
    def __init__(self, session: Session, root: Path, backup: BackupReader, label: str, *, apply: bool,
                 check: bool = True, workers: int | None = 0) -> None:
        self.session, self.root, self.backup, self.label = session, root, backup, label
        self.apply = apply  # write what the merge decides
        self.check = check  # without writing, still replay what would be stored (a dry run's report is exact)
        self.workers = workers  # processes to merge the matches in (restore_matches); None chooses
        self.judge = TournamentStore(root)
        self.report = RestoreReport(dry_run=not apply)

    def run(self) -> RestoreReport:
        merger = MatchMerge(self.session, self.label, apply=self.apply, check=self.check)
        count = sum(kind_of(name) == "matches" for name in self.backup.names)
        entries = ((e.name, e.data) for e in self.backup.entries("matches"))
        for outcome, note in merge_matches(merger, entries, count, workers=self.workers):
            self.report.count("matches", outcome, note)
        for entry in self.backup.entries("events"):
            self._guarded("events", entry, self._event)
        packs: dict[str, dict[str, bytes]] = {}
        for entry in self.backup.entries("packs"):
            top, _, rel = entry.name.removeprefix("packs/").partition("/")
            if rel:
                packs.setdefault(top, {})[rel] = entry.data
            else:
                self.report.count("packs", "refused", f"{entry.name}: a file outside any pack folder")
        for folder, files in sorted(packs.items()):
            self._guarded("packs", Entry(f"packs/{folder}", b""), lambda e, f=folder, fs=files: self._pack(f, fs))
        for entry in self.backup.entries("library"):
            self._guarded("library", entry, self._library_file)
        for entry in self.backup.entries("settings"):
            self.report.settings = _loads(entry)
        return self.report

    def _guarded(self, kind: str, entry: Entry, merge: Callable[[Entry], str]) -> None:
        self.report.count(kind, *outcome_of(entry.name, lambda: merge(entry)))

    # --- judge events -----------------------------------------------------------------------------

    def _event(self, entry: Entry) -> str:
        data = _loads(entry)
        state = tournament_from_json(data["state"])
        log = tuple(Event.from_json(e) for e in data["log"])
        if PurePosixPath(entry.name).stem != state.id:
            raise ValueError("the file name and the event inside differ")
        outcome = self._merge_event(state, log)
        if outcome != "diverged":
            return outcome
        copy = replace(state, id=copy_id(state.id), name=f"{state.name} ({self.label})")
        outcome = self._merge_event(copy, log)
        if outcome == "diverged":
            raise Kept(f"differs from this device's event and from the copy of an earlier backup ({copy.id})")
        return "kept_both" if outcome == "added" else outcome

    def _merge_event(self, state: Tournament, log: tuple[Event, ...]) -> str:
        if not self.judge.exists(state.id):
            if self.apply:
                self.judge.put(state, log)
            return "added"
        local = self.judge.load(state.id)
        if local.log == log:
            return "unchanged"
        if log[: len(local.log)] == local.log:
            if self.apply:
                self.judge.put(state, log, replacing=local.log)  # refuses if it changed since this comparison
            return "updated"
        if local.log[: len(log)] == log:
            raise Kept("this device has run it further")
        return "diverged"

    # --- packs and the library --------------------------------------------------------------------

    def _pack(self, folder: str, files: dict[str, bytes]) -> str:
        incoming = self._checked_pack(folder, files)
        target = self.root / PACKS / folder
        here = read_tree(target)
        if not here:
            if self.apply:
                write_tree(target, files)
            return "added"
        if here == files:
            return "unchanged"
        try:
            local_version = load_pack(target).version
        except CompanionError:
            local_version = ""
        if _version_key(incoming) > _version_key(local_version):
            if self.apply:
                write_tree(target, files)
            return "updated"
        raise Kept(f"this device's pack (version {local_version or '?'}) differs; the backup's is {incoming}")

    def _checked_pack(self, folder: str, files: dict[str, bytes]) -> str:
        """Load the backup's pack from a scratch folder inside the data folder (removed again): its version."""
        scratch = self.root / ".restore-check"
        try:
            write_tree(scratch / folder, files)
            return load_pack(scratch / folder).version
        finally:
            shutil.rmtree(scratch, ignore_errors=True)

    def _library_file(self, entry: Entry) -> str:
        target = self.root.joinpath(*PurePosixPath(entry.name).parts)
        if not target.exists():
            if self.apply:
                write_file(target, entry.data)
            return "added"
        if target.read_bytes() == entry.data:
            return "unchanged"
        raise Kept("this device's library file differs")


def _loads(entry: Entry) -> Any:
    return json.loads(entry.data)


def _version_key(version: str) -> tuple[int, ...]:
    parts = []
    for piece in version.replace("-", ".").split("."):
        digits = "".join(ch for ch in piece if ch.isdigit())
        parts.append(int(digits) if digits else 0)
    return tuple(parts)


__all__ = ["OUTCOMES", "RestoreReport", "copy_id", "restore_backup"]
