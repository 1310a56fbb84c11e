"""Stored events (tournaments): one small TinyDB file per event, written atomically.

    <root>/tournaments/<id>.json    meta (name, judge token, times), state (the event now), log (every change)

Each change is a locked read-modify-write of the whole file: the judge's CLI and a running live server may
both write the same event, and neither may lose the other's change. Timers are deadlines, so a new process
that opens the file shows every table's right remaining time at once.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tinydb import TinyDB

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.tournament.state import InvalidTournament, Tournament, check_id, from_json, slug, to_json
from companion.store.atomic import DamagedFile
from companion.store.place import Place

META_FORMAT = "tabletop-companion/tournament-file"
STORE_VERSION = 1


class TournamentNotFound(CompanionError):
    pass


@dataclass(frozen=True)
class StoredTournament:
    state: Tournament
    log: tuple[Event, ...]
    token: str  # the judge's secret: only a session that shows it may change clocks in the live view
    updated: float


class TournamentStore:
    """Events on disk under `root`, or in memory when `root` is None (tests)."""

    def __init__(self, root: Path | None, *, clock: Any = time.time) -> None:
        self.root = root
        self.clock = clock
        self._place = Place(root, "tournaments")

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
        if self._place.in_memory:  # one process: the log's length is enough
            return len(self._db(tournament_id).table("log"))
        return self._place.signature(check_id(tournament_id))

    # --- reading ----------------------------------------------------------------------------------

    def _db(self, tournament_id: str) -> TinyDB:
        db = self._place.db(check_id(tournament_id))  # a fresh handle: another process may have replaced the file
        if db is None:
            raise TournamentNotFound(f"no event {tournament_id!r}")
        return db

    def load(self, tournament_id: str) -> StoredTournament:
        db = self._db(tournament_id)
        try:
            meta, state, log = (db.table(name).all() for name in ("meta", "state", "log"))
        except DamagedFile as exc:
            raise self._set_aside(tournament_id, str(exc)) from None
        if len(meta) != 1 or len(state) != 1 or meta[0].get("format") != META_FORMAT:
            raise self._set_aside(tournament_id, "not an event file of this app")
        if not isinstance(meta[0].get("version"), int) or meta[0]["version"] > STORE_VERSION:
            raise InvalidTournament(f"event {tournament_id} was saved by a newer version of the app; update the app")
        try:
            tournament = from_json(dict(state[0]))
            events = tuple(Event.from_json(dict(e)) for e in log)
            token, updated = meta[0]["token"], float(meta[0]["updated"])
        except (CompanionError, KeyError, TypeError, ValueError) as exc:
            raise self._set_aside(tournament_id, f"its content is inconsistent: {exc}") from None
        return StoredTournament(tournament, events, token, updated)

    def _set_aside(self, tournament_id: str, reason: str) -> DamagedFile:
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
            self._write(tournament.id, tournament, (), token, tournament.created)
        return StoredTournament(tournament, (), token, tournament.created)

    def append(self, tournament_id: str, event: Event,
               apply: Callable[[Tournament, Event], Tournament]) -> StoredTournament:
        """Add one event to the stored event and save it; durable when it returns. The read, `apply` (the
        service's reducer) and the write run under one lock, so a change another process makes meanwhile is
        never lost. When `apply` raises (IllegalAction), nothing changes."""
        with self._place.lock():
            stored = self.load(tournament_id)
            state = apply(stored.state, event)
            log = (*stored.log, event)
            now = self.clock()
            self._write(tournament_id, state, log, stored.token, now)
        return StoredTournament(state, log, stored.token, now)

    def put(self, state: Tournament, log: tuple[Event, ...], *, replacing: tuple[Event, ...] | None = None) -> None:
        """Store an event read from elsewhere (a backup): a new one (`replacing` None), or in place of the stored one
        whose log is still exactly `replacing` — checked under the lock, so no change made meanwhile is lost."""
        with self._place.lock():
            if replacing is None:
                if self.exists(state.id):
                    raise InvalidTournament(f"there is already an event {state.id!r}")
                token = secrets.token_urlsafe(16)  # a restored event gets a judge token of its own
            else:
                stored = self.load(state.id)
                if stored.log != replacing:
                    raise InvalidTournament(f"event {state.id} changed meanwhile; nothing was replaced")
                token = stored.token
            self._write(state.id, state, log, token, self.clock())

    def rotate_token(self, tournament_id: str) -> str:
        """A new judge's secret: whatever was signed with the old one stops working."""
        with self._place.lock():
            stored = self.load(tournament_id)
            token = secrets.token_urlsafe(16)
            self._write(tournament_id, stored.state, stored.log, token, stored.updated)
        return token

    def _write(self, tournament_id: str, state: Tournament, log: tuple[Event, ...], token: str,
               updated: float) -> None:
        meta = {"format": META_FORMAT, "version": STORE_VERSION, "id": state.id, "name": state.name,
                "token": token, "created": state.created, "updated": updated}
        db = self._place.db(check_id(tournament_id), create=True)
        assert db is not None
        with self._place.batch(db):
            for name, docs in (("meta", [meta]), ("state", [to_json(state)]), ("log", [e.to_json() for e in log])):
                table = db.table(name)
                table.truncate()
                table.insert_multiple(docs)


def _is_id(name: str) -> bool:
    try:
        check_id(name)
    except InvalidTournament:
        return False
    return True
