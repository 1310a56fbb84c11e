"""Stored events (tournaments): one JSON file per event, rewritten whole and atomically at each change.

    <root>/tournaments/<id>.json    {"meta": {"1": meta}, "state": {"1": state}, "log": {"1": event, ...}}
                                    meta: name, judge token, players' code key and codes spent, times;
                                    state: the event now; log: every change, in order

The file is one plain JSON document, read and written through the atomic writer (Place.document and
write_document), not through TinyDB: every change rewrites all of it, and TinyDB's own writes would first read
and parse the whole file again. Its shape is the table -> document id -> document layout the TinyDB files of
earlier versions had, so their files open here and this version's files open there.

Each change is a locked read-modify-write of the whole file: the judge's CLI and a running live server may
both write the same event, and neither may lose the other's change. Timers are deadlines, so a new process
that opens the file shows every table's right remaining time at once.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.plain import Memo
from companion.core.tournament.state import InvalidTournament, Tournament, check_id, from_json, slug, to_json
from companion.store.atomic import DamagedFile
from companion.store.place import Place

META_FORMAT = "tabletop-companion/tournament-file"
STORE_VERSION = 1
MEMO_SLACK = 2  # a kept conversion memo may grow to this many times its size after a full conversion


@dataclass
class _Kept:
    """The event as this store last read or wrote it, while the file still has that signature: a result at
    1,000 players re-parsed and re-converted the whole event (state and log) for every change (95-190 ms)."""

    signature: Any
    stored: StoredTournament
    log_json: list[dict[str, Any]]  # the log as written, one dict per event (a change appends one)
    memo: Memo  # the JSON of every part converted before: tables no change touched are not converted again
    full: int  # the memo's size after its last full conversion


class TournamentNotFound(CompanionError):
    pass


@dataclass(frozen=True)
class StoredTournament:
    state: Tournament
    log: tuple[Event, ...]
    token: str  # the judge's secret: only a session that shows it may change clocks in the live view
    updated: float
    players_key: str = ""  # the secret of the players' own codes and cookies (session.judging.player_codes)
    spent: dict[str, int] = field(default_factory=dict)  # player -> how many of their codes were spent


class TournamentStore:
    """Events on disk under `root`, or in memory when `root` is None (tests)."""

    def __init__(self, root: Path | None, *, clock: Any = time.time) -> None:
        self.root = root
        self.clock = clock
        self._place = Place(root, "tournaments")
        self._kept: dict[str, _Kept] = {}

    # --- queries ----------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return [name for name in self._place.names() if _is_id(name)]

    def exists(self, tournament_id: str) -> bool:
        return self._place.exists(check_id(tournament_id))

    def latest(self) -> str:
        """The most recently changed event: the one the judge means when they name none.

        A damaged file may have been the newest: then nothing is chosen in its place (DamagedFile names where
        it was kept aside), so no command acts on an event the judge did not mean.
        """
        found = []
        for tid in self.ids():
            try:
                found.append((self.load(tid).updated, tid))
            except DamagedFile as exc:
                raise DamagedFile(f"{exc}. Nothing was done: name the event with --event ID "
                                  "(`companion judge list` shows them)", exc.path) from None
            except InvalidTournament:  # saved by a newer version: not this app's to pick
                continue
        if not found:
            raise TournamentNotFound("no event yet: make one with `companion judge new NAME`")
        return max(found)[1]

    def signature(self, tournament_id: str) -> Any:
        """Changes whenever the stored event changes (a cheap check for a server watching the file)."""
        return self._place.signature(check_id(tournament_id))

    # --- reading ----------------------------------------------------------------------------------

    def load(self, tournament_id: str) -> StoredTournament:
        return self._load(tournament_id).stored

    def _load(self, tournament_id: str) -> _Kept:
        kept = self._kept.get(tournament_id)
        # the signature before the read: if the file is replaced meanwhile, the next look sees it changed (taken
        # after, it could name a newer file than the one read, and keep a stale event for good)
        signature = self.signature(tournament_id)
        if kept is not None and kept.signature is not None and kept.signature == signature:
            return kept  # nobody wrote the file since: what it holds is what this store read or wrote last
        try:
            document = self._place.document(check_id(tournament_id))  # read afresh: another process may have written
        except DamagedFile as exc:
            raise self._set_aside(tournament_id, str(exc)) from None
        if document is None:
            raise TournamentNotFound(f"no event {tournament_id!r}")
        tables = _tables(document)
        if tables is None:
            raise self._set_aside(tournament_id, "not an event file of this app")
        meta, state, log = tables
        if len(meta) != 1 or len(state) != 1 or meta[0].get("format") != META_FORMAT:
            raise self._set_aside(tournament_id, "not an event file of this app")
        if not isinstance(meta[0].get("version"), int) or meta[0]["version"] > STORE_VERSION:
            raise InvalidTournament(f"event {tournament_id} was saved by a newer version of the app; update the app")
        try:
            tournament = from_json(dict(state[0]))
            events = tuple(Event.from_json(dict(e)) for e in log)
            token, updated = meta[0]["token"], float(meta[0]["updated"])
            players_key, spent = str(meta[0].get("players_key", "")), dict(meta[0].get("spent", {}))
            if not all(isinstance(n, int) for n in spent.values()):
                raise ValueError("codes spent must be counts")
        except (CompanionError, KeyError, TypeError, ValueError) as exc:
            raise self._set_aside(tournament_id, f"its content is inconsistent: {exc}") from None
        kept = _Kept(signature, StoredTournament(tournament, events, token, updated, players_key, spent), log, {}, 0)
        self._kept[tournament_id] = kept
        return kept

    def _set_aside(self, tournament_id: str, reason: str) -> DamagedFile:
        self._kept.pop(tournament_id, None)
        return self._place.set_aside(tournament_id, reason, f"event {tournament_id}")

    # --- writing ----------------------------------------------------------------------------------

    def new_id(self, name: str) -> str:
        base = slug(name)
        while True:
            tid = f"{base}-{secrets.token_hex(2)}"
            if not self.exists(tid):
                return tid

    def create(self, tournament: Tournament) -> StoredTournament:
        with self._place.lock():
            if self.exists(tournament.id):
                raise InvalidTournament(f"there is already an event {tournament.id!r}")
            token = secrets.token_urlsafe(16)
            return self._write(StoredTournament(tournament, (), token, tournament.created), None, []).stored

    def append(self, tournament_id: str, event: Event,
               apply: Callable[[Tournament, Event], Tournament]) -> StoredTournament:
        """Add one event to the stored event and save it; durable when it returns. The read, `apply` (the
        service's reducer) and the write run under one lock, so a change another process makes meanwhile is
        never lost. When `apply` raises (IllegalAction), nothing changes."""
        with self._place.lock():
            kept = self._load(tournament_id)
            state = apply(kept.stored.state, event)
            stored = replace(kept.stored, state=state, log=(*kept.stored.log, event), updated=self.clock())
            return self._write(stored, kept, [*kept.log_json, event.to_json()]).stored

    def put(self, state: Tournament, log: tuple[Event, ...], *, replacing: tuple[Event, ...] | None = None) -> None:
        """Store an event read from elsewhere (a backup): a new one (`replacing` None), or in place of the stored one
        whose log is still exactly `replacing` — checked under the lock, so no change made meanwhile is lost."""
        with self._place.lock():
            if replacing is None:
                if self.exists(state.id):
                    raise InvalidTournament(f"there is already an event {state.id!r}")
                # a restored event gets a judge token of its own (and players' codes of its own)
                stored = StoredTournament(state, log, secrets.token_urlsafe(16), self.clock())
            else:
                stored = self.load(state.id)
                if stored.log != replacing:
                    raise InvalidTournament(f"event {state.id} changed meanwhile; nothing was replaced")
                stored = replace(stored, state=state, log=log, updated=self.clock())
            self._write(stored, None, [e.to_json() for e in log])

    def rotate_token(self, tournament_id: str) -> str:
        """A new judge's secret: whatever was signed with the old one stops working."""
        with self._place.lock():
            kept = self._load(tournament_id)
            token = secrets.token_urlsafe(16)
            self._write(replace(kept.stored, token=token), kept, kept.log_json)
        return token

    def players_key(self, tournament_id: str) -> str:
        """The secret of the players' own codes and cookies, made (and stored) when first asked for."""
        stored = self.load(tournament_id)
        if stored.players_key:
            return stored.players_key
        with self._place.lock():
            kept = self._load(tournament_id)
            if not kept.stored.players_key:
                self._write(replace(kept.stored, players_key=secrets.token_urlsafe(32)), kept, kept.log_json)
        return self.load(tournament_id).players_key

    def spend(self, tournament_id: str, player: str, spent: int) -> bool:
        """Count one more of `player`'s codes spent, if `spent` is still their count (one device wins a race)."""
        with self._place.lock():
            kept = self._load(tournament_id)
            if kept.stored.spent.get(player, 0) != spent:
                return False
            self._write(replace(kept.stored, spent={**kept.stored.spent, player: spent + 1}), kept, kept.log_json)
        return True

    def _write(self, stored: StoredTournament, kept: _Kept | None, log_json: list[dict[str, Any]]) -> _Kept:
        """Write the whole file (atomically); the parts of the state converted before are reused from `kept`."""
        state, tournament_id = stored.state, stored.state.id
        meta = {"format": META_FORMAT, "version": STORE_VERSION, "id": state.id, "name": state.name,
                "token": stored.token, "created": state.created, "updated": stored.updated,
                "players_key": stored.players_key, "spent": stored.spent}
        memo, full = (kept.memo, kept.full) if kept is not None else ({}, 0)
        if not memo or len(memo) > MEMO_SLACK * full:  # parts of states long gone pile up: convert all again
            memo.clear()
            state_json = to_json(state, memo)
            full = len(memo)
        else:
            state_json = to_json(state, memo)
        self._kept.pop(tournament_id, None)  # if the write fails, the next read comes from the file
        self._place.write_document(check_id(tournament_id), {
            "meta": {"1": meta}, "state": {"1": state_json},
            "log": {str(n): doc for n, doc in enumerate(log_json, 1)}})
        # under the lock: the file is the one just written until this store lets go
        kept = self._kept[tournament_id] = _Kept(self.signature(tournament_id), stored, log_json, memo, full)
        return kept


def _tables(document: Any) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]] | None:
    """The meta, state and log documents of an event file (each in its stored order: the log's is the events'),
    or None when it is not shaped as one. A missing table is empty, as TinyDB read it."""
    if not isinstance(document, dict):
        return None
    tables = []
    for name in ("meta", "state", "log"):
        table = document.get(name, {})
        if not isinstance(table, dict) or not all(isinstance(doc, dict) for doc in table.values()):
            return None
        tables.append(list(table.values()))
    return tables[0], tables[1], tables[2]


def _is_id(name: str) -> bool:
    try:
        check_id(name)
    except InvalidTournament:
        return False
    return True
