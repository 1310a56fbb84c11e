"""Stored matches: one small TinyDB file per match, plus immutable segments of older events.

    <root>/matches/<id>.json          head: meta, snapshot (state after `base` events), tail, redo
    <root>/matches/<id>.log/<base>.json   segment: the state at `base` and the events after it

Saving after one event rewrites only the head, whose size is bounded by the tail limit, so the cost of a
tap does not grow with the match's history or with the number of stored matches. A segment is written
(atomically) before the head that points past it, so a kill between the two loses nothing.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Sequence
from contextlib import AbstractContextManager
from operator import is_
from pathlib import Path
from typing import Any, NamedTuple

from tinydb import TinyDB

from companion.core.errors import CompanionError, InvalidMatch
from companion.core.match.events import Event
from companion.core.match.history import History, Segment
from companion.core.model import Match, from_json, to_json
from companion.core.plain import Memo
from companion.core.records import MatchSummary
from companion.store.atomic import (
    DamagedFile,
    dump,
    private_dir,
    read_json,
    write_atomic,
)
from companion.store.match_locks import MatchLocks
from companion.store.place import Place

HEAD_FORMAT = "tabletop-companion/match-head"
SEGMENT_FORMAT = "tabletop-companion/match-segment"
STORE_VERSION = 2  # 2: undo and redo are events of the tail (core.match.timeline); the redo table stays empty
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


class StoredSnapshot(NamedTuple):
    """A head's snapshot as stored: the state, its JSON tree (kept in the handle's tables) and its bytes."""

    state: Match
    tree: Any
    encoded: bytes


class StoredTail(NamedTuple):
    """A head's tail as last stored: its events, and each one's JSON tree and bytes, so that a save encodes only
    the events that are new since (a tap adds one; the other 63 were encoded by the taps before)."""

    base: int
    events: tuple[Event, ...]
    trees: list[Any]
    encoded: list[bytes]  # each event's JSON
    entries: list[bytes]  # each event as its entry of the tail's table: b'"7":{...}' (its number is its place)


def _same_start(old: Sequence[Event], new: Sequence[Event]) -> int:
    """How many events `new` starts with that are the very objects `old` starts with. A tap or an undo adds to the
    tail, so usually all of `old`: checked in one pass of C (a tail grows past a thousand events in a long run of
    undos and redos, each of them a save)."""
    if all(map(is_, old, new)):
        return min(len(old), len(new))
    return next(n for n, (a, b) in enumerate(zip(old, new, strict=False)) if a is not b)


class MatchNotFound(CompanionError):
    pass


class NewerFormat(CompanionError):
    pass


def check_id(match_id: str) -> str:
    if not isinstance(match_id, str) or not ID_PATTERN.match(match_id):
        raise InvalidMatch(f"{match_id!r} is not a valid match id (lower-case letters, digits and '-', up to 40)")
    return match_id


class MatchStore:
    """Matches on disk under `root`, or in memory when `root` is None (tests, previews)."""

    def __init__(self, root: Path | None) -> None:
        self.root = root
        self._place = Place(root, "matches")  # a head per match; in memory the segments and labels are values
        self._snapshots: dict[str, StoredSnapshot] = {}  # each head's snapshot: it changes only at compaction
        self._tails: dict[str, StoredTail] = {}  # each head's tail: a tap adds an event to it
        self._listed: dict[str, Any] = {}  # each head's signature when `summaries` last read it
        self._locks = MatchLocks(self._place)

    def _head_path(self, match_id: str) -> Path:
        return self._place.path(check_id(match_id))

    def _segment_dir(self, match_id: str) -> Path:
        return self._place.path(check_id(match_id), ".log")

    def _db(self, match_id: str, *, create: bool = False) -> TinyDB:
        db = self._place.db(match_id, create=create, cache=True)  # kept open: this process is its writer
        if db is None:
            raise MatchNotFound(f"no match {match_id!r}")
        return db

    # --- queries ----------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return [name for name in self._place.names() if ID_PATTERN.match(name)]

    def signature(self, match_id: str) -> Any:
        """Changes whenever the stored head changes: another process (the CLI, a second window) wrote it."""
        return self._place.signature(match_id)  # None in memory: a memory store lives in one process

    def forget(self, match_id: str) -> None:
        """Drop what is cached of a match, so the next read comes from disk."""
        if not self._place.in_memory:
            self._place.forget(match_id)
            self._snapshots.pop(match_id, None)
            self._tails.pop(match_id, None)

    def locked(self, match_id: str, *, create: bool = False) -> AbstractContextManager[None]:
        """Hold the match for one read-change-write (store.match_locks)."""
        return self._locks.locked(check_id(match_id), self._must_exist, create=create)  # no cycle to the store

    def _must_exist(self, match_id: str) -> None:
        if not self.exists(match_id):
            raise MatchNotFound(f"no match {match_id!r}")

    def exists(self, match_id: str) -> bool:
        return self._place.exists(check_id(match_id))

    def summaries(self) -> tuple[list[MatchSummary], list[DamagedFile]]:
        """Every readable match, most recently updated first, and the damaged files that were moved aside."""
        found: list[MatchSummary] = []
        damaged: list[DamagedFile] = []
        listed: dict[str, Any] = {}
        for match_id in self.ids():
            listed[match_id] = signature = self.signature(match_id)
            if signature != self._listed.get(match_id):  # written since: maybe by another process, whose change
                self.forget(match_id)  # a handle kept open here would not show (a phone finished it, the CLI)
            try:
                meta = self._read_tables(match_id)["meta"]
            except DamagedFile as exc:
                damaged.append(exc)
                continue
            except NewerFormat:
                continue
            found.append(MatchSummary(
                id=match_id, system=meta["system"], players=tuple(meta["players"]), created=meta["created"],
                updated=meta["updated"], events=meta["events"], turn=meta["turn"], status=meta["status"],
                label=self.label(match_id)))
        self._listed = listed
        found.sort(key=lambda s: s.updated, reverse=True)
        return found, damaged

    def label(self, match_id: str) -> str:
        if self._place.in_memory:
            return self._place.value(f"{match_id}.label") or ""
        try:
            return self._head_path(match_id).with_suffix(".label").read_text("utf-8")[:80]
        except (OSError, UnicodeDecodeError):
            return ""

    def set_label(self, match_id: str, label: str) -> None:
        """Name a match for people (a second copy of a match kept beside the first)."""
        if self._place.in_memory:
            self._place.keep(f"{match_id}.label", label[:80])
        else:
            write_atomic(self._head_path(match_id).with_suffix(".label"), label[:80].encode())

    # --- reading ----------------------------------------------------------------------------------

    def _read_tables(self, match_id: str) -> dict[str, Any]:
        """The head's tables as plain data; a damaged or foreign file is moved aside (DamagedFile)."""
        if not self.exists(match_id):
            raise MatchNotFound(f"no match {match_id!r}")
        db = self._db(match_id)
        try:
            tables = {name: [dict(d) for d in db.table(name).all()] for name in ("meta", "snapshot", "tail", "redo")}
        except DamagedFile as exc:
            raise self._set_aside(match_id, str(exc)) from None
        meta = tables["meta"][0] if len(tables["meta"]) == 1 else {}
        if meta.get("format") != HEAD_FORMAT or len(tables["snapshot"]) != 1:
            raise self._set_aside(match_id, "not a match file of this app")
        if not isinstance(meta.get("version"), int) or meta["version"] > STORE_VERSION:
            raise NewerFormat(f"match {match_id} was saved by a newer version of the app; update the app to open it")
        return {"meta": meta, "snapshot": tables["snapshot"][0], "tail": tables["tail"], "redo": tables["redo"]}

    def _set_aside(self, match_id: str, reason: str) -> DamagedFile:
        return self._place.set_aside(match_id, reason, f"match {match_id}")

    def load(self, match_id: str) -> History:
        tables = self._read_tables(match_id)
        try:
            snapshot = from_json(tables["snapshot"]["state"])
            base = tables["snapshot"]["base"]
            # A version 1 head's redo table holds steps undo removed from the log: they are not part of it, so they
            # can't come back as events, and are left behind (the log itself reads as it is).
            history = History.of(base, snapshot, (Event.from_json(e) for e in tables["tail"]))
        except (InvalidMatch, KeyError, TypeError) as exc:
            raise self._set_aside(match_id, f"its content is inconsistent: {exc}") from None
        except CompanionError as exc:  # an event in the tail no longer applies
            raise self._set_aside(match_id, f"its history does not replay: {exc}") from None
        return history

    def _segment_json(self, match_id: str, base: int) -> Any:
        if self._place.in_memory:
            data = self._segments(match_id).get(base)
            if data is None:
                raise MatchNotFound(f"match {match_id}: history segment {base} is missing")
        else:
            path = self._segment_dir(match_id) / f"{base:08d}.json"
            if not path.exists():
                raise MatchNotFound(f"match {match_id}: history file {path.name} is missing")
            data = read_json(path)
        if not isinstance(data, dict) or data.get("format") != SEGMENT_FORMAT or data.get("base") != base \
                or not isinstance(data.get("events"), list):
            raise DamagedFile(f"match {match_id}: history segment {base} is damaged (not a history segment of "
                              "this match)", Path(str(base)))
        return data

    def read_segment(self, match_id: str, base: int) -> Segment:
        data = self._segment_json(match_id, base)
        try:
            return Segment(base, from_json(data["state"]), tuple(Event.from_json(e) for e in data["events"]))
        except (InvalidMatch, KeyError, TypeError, AttributeError) as exc:
            raise DamagedFile(f"match {match_id}: history segment {base} is damaged ({exc})",
                              Path(str(base))) from None

    def segment_ending_at(self, match_id: str, end: int) -> Segment:
        """The segment whose events end where a history's tail begins (undo reopens it)."""
        if self._place.in_memory:
            bases = sorted(self._segments(match_id), reverse=True)
        else:
            names = self._segment_dir(match_id).glob("*.json")
            bases = sorted((int(p.stem) for p in names if p.stem.isdigit()), reverse=True)
        for base in (b for b in bases if b < end):
            segment = self.read_segment(match_id, base)
            if segment.end == end:
                return segment
        raise MatchNotFound(f"match {match_id}: the history before event {end} is missing")

    def full_log(self, match_id: str) -> tuple[Any, list[Event]]:
        """The state the match started from and every event since, oldest first (for export and sharing)."""
        history = self.load(match_id)
        events: list[Event] = []
        initial = history.snapshot
        base = 0
        while base < history.base:
            segment = self.read_segment(match_id, base)
            if base == 0:
                initial = segment.state
            events.extend(segment.events)
            base = segment.end
        return initial, [*events, *history.tail]

    def raw_log(self, match_id: str) -> tuple[Any, list[Any]]:
        """`full_log` as the stored JSON, never converted (a backup copies it as it is; a restore compares it)."""
        tables = self._read_tables(match_id)
        head_base = tables["snapshot"]["base"]
        initial, events, base = tables["snapshot"]["state"], [], 0
        while base < head_base:
            data = self._segment_json(match_id, base)
            if base == 0:
                initial = data["state"]
            events.extend(data["events"])
            base += len(data["events"]) or head_base  # an empty segment would never end: stop instead
        return initial, [*events, *tables["tail"]]

    # --- writing ----------------------------------------------------------------------------------

    def save(self, history: History, segments: Sequence[Segment] = (), *, now: float | None = None) -> None:
        """Persist the history's head, after the segments cut off from it. Durable when it returns.

        On disk the segments and the head are one write_files step: every file fsynced before any is renamed,
        the segments renamed (and their folder fsynced) before the head that points past them."""
        match = history.state
        match_id = check_id(match.id)
        memo = self._memo(match_id)  # a segment's state is often the last snapshot, and shares parts with the next
        files = []
        if segments and not self._place.in_memory:
            private_dir(self._segment_dir(match_id))
        for segment in segments:
            if self._place.in_memory:
                self._segments(match_id)[segment.base] = {
                    "format": SEGMENT_FORMAT, "base": segment.base, "state": to_json(segment.state, memo),
                    "events": [e.to_json() for e in segment.events]}
            else:
                files.append((self._segment_dir(match_id) / f"{segment.base:08d}.json",
                              self._segment_encoded(match_id, segment, memo)))
        db = self._db(match_id, create=True)
        meta = {
            "format": HEAD_FORMAT, "version": STORE_VERSION, "id": match_id, "system": match.system,
            "players": [p.name for p in match.players], "created": match.created,
            "updated": time.time() if now is None else now, "events": history.length, "turn": match.turn,
            "status": match.status,
        }
        snapshot = self._snapshot_of(match_id, history.snapshot, memo)
        stored = self._tail_of(match_id, history)
        # TinyDB's layout written whole (each table's documents by id from "1"): the head is rewritten at every
        # tap, and TinyDB's truncate and insert of each table cost a third of the save's own work
        if self._place.in_memory:
            db.storage.write({
                "meta": {"1": meta},
                "snapshot": {"1": {"base": history.base, "state": snapshot.tree}},
                "tail": {str(n): tree for n, tree in enumerate(stored.trees, 1)},
                "redo": {},  # version 1 kept undone steps here; redo now reads them from the tail
            })
            return
        # on disk, what json.dumps of those tables gives, made from the parts already encoded: the snapshot (the
        # largest part, encoded once per compaction) and the tail's events (each encoded once)
        encoded = b"".join((
            b'{"meta":{"1":', dump(meta), b'},"snapshot":{"1":{"base":', str(history.base).encode(),
            b',"state":', snapshot.encoded, b'}},"tail":{', b",".join(stored.entries), b'},"redo":{}}'))
        db.storage.write_encoded(encoded, before=files)

    def _segments(self, match_id: str) -> dict[int, Any]:
        """A memory store's history segments of one match (on disk: files in <id>.log/)."""
        found = self._place.value(f"{match_id}.log")
        if found is None:
            found = {}
            self._place.keep(f"{match_id}.log", found)
        return found

    def _memo(self, match_id: str) -> Memo:
        cached = self._snapshots.get(match_id)
        return {id(cached.state): (cached.state, cached.tree)} if cached else {}

    def _snapshot_of(self, match_id: str, snapshot: Match, memo: Memo) -> StoredSnapshot:
        cached = self._snapshots.get(match_id)
        if cached is None or cached.state is not snapshot:
            tree = to_json(snapshot, memo)
            cached = self._snapshots[match_id] = StoredSnapshot(snapshot, tree, dump(tree))
        return cached

    def _segment_encoded(self, match_id: str, segment: Segment, memo: Memo) -> bytes:
        """A segment file's JSON (what dump of {"format", "base", "state", "events"} gives). A segment cut from the
        tail saved last, at a step, is made of that save's bytes: the snapshot it starts from and the tail's events
        (after a run of undos reopened older segments, a thousand events or more to encode again)."""
        snapshot, tail, n = self._snapshots.get(match_id), self._tails.get(match_id), len(segment.events)
        if snapshot is not None and snapshot.state is segment.state and tail is not None \
                and tail.base == segment.base and _same_start(tail.events, segment.events) == n:
            state, events = snapshot.encoded, tail.encoded[:n]
        else:
            state, events = dump(to_json(segment.state, memo)), [dump(e.to_json()) for e in segment.events]
        return b'{"format":%s,"base":%d,"state":%s,"events":[%s]}' % (
            dump(SEGMENT_FORMAT), segment.base, state, b",".join(events))

    def _tail_of(self, match_id: str, history: History) -> StoredTail:
        """The tail's JSON, reusing what the last save encoded of the same events (the same objects, in order)."""
        cached = self._tails.get(match_id)
        kept = _same_start(cached.events, history.tail) if cached is not None and cached.base == history.base else 0
        trees = cached.trees[:kept] if cached else []
        encoded = cached.encoded[:kept] if cached else []
        entries = cached.entries[:kept] if cached else []
        for event in history.tail[kept:]:
            trees.append(event.to_json())
            encoded.append(dump(trees[-1]))
            entries.append(b'"%d":%s' % (len(trees), encoded[-1]))
        stored = self._tails[match_id] = StoredTail(history.base, history.tail, trees, encoded, entries)
        return stored

    def delete(self, match_id: str) -> None:
        if not self.exists(match_id):
            raise MatchNotFound(f"no match {match_id!r}")
        self._snapshots.pop(match_id, None)
        self._tails.pop(match_id, None)
        for name in (match_id, f"{match_id}.label", f"{match_id}.log"):
            self._place.remove(name)  # the head (its handle too), and in memory its label and segments
        if not self._place.in_memory:
            self._head_path(match_id).with_suffix(".lock").unlink(missing_ok=True)
            self._head_path(match_id).with_suffix(".label").unlink(missing_ok=True)
            shutil.rmtree(self._segment_dir(match_id), ignore_errors=True)
