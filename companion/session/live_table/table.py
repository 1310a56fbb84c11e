"""A live table: one hosted match that every phone at the table follows and changes through one process.

`LiveTable` holds the hosted match, its door (session/access.py) and its change feed: after every
write, and when the match's file changed under it (the host's own app or the CLI in another process; a `stat`
twice a second), it tells every follower (Flet pub/sub for the phones, plain callbacks for the host's own screen).
Each phone gets a plain Session with a `SeatPolicy` (session/policy.py): it acts as that phone's player for
this match only, and refuses every write from a connection that has no seat. Writes are serialised per
match in this process (a lock) and against other processes (the store's file lock), so two phones acting at
once lose nothing.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError
from companion.core.model import Match
from companion.session.access import table_access
from companion.session.matches import Session
from companion.store.matches import MatchStore
from companion.store.paths import data_dir

POLL = 0.5  # seconds between looks at the match's file for changes made by another process



class NotSeated(CompanionError):
    pass


WATCH_ONLY = "This phone only watches the table: open the host's join code to play as yourself."
OTHER_MATCH = "A hosted table's phones change only the hosted match."
HOST_ONLY = {"new": OTHER_MATCH, "import": OTHER_MATCH, "delete": "Only the host can delete a hosted match.",
             "replace": "Only the host can replace a hosted match's history."}


@functools.cache
def host_unavailable() -> str | None:
    """Why this installation can't host a table (None: it can). Phone builds carry no web server."""
    missing = [m for m in ("flet_web", "uvicorn") if importlib.util.find_spec(m) is None]
    if missing:
        return "hosting a table needs the web extra: pip install 'tabletop-companion[web]'"
    return None


class LiveTable:
    def __init__(self, match_id: str, root: Path | None = None, *,
                 announce: Callable[[str], None] = lambda code: None) -> None:
        self.root = root or data_dir()
        self.match_id = match_id
        self.reader = Session(MatchStore(self.root))
        self.reader.state(match_id)  # raises MatchNotFound before anything is served
        self.access = table_access(match_id, self.players, announce)
        self.lock = threading.RLock()  # one write at a time for this match in this process
        self.topic = f"table:{match_id}"
        self.publish: Callable[[str, Any], None] | None = None  # the server's pub/sub, once a phone connected
        self._listeners: list[Callable[[], None]] = []
        self._signature = self.reader.store.signature(match_id)

    # --- reading ----------------------------------------------------------------------------------

    def state(self) -> Match:
        return self.reader.state(self.match_id)

    def title(self) -> str:
        return " vs ".join(p.name for p in self.state().players)

    def players(self) -> tuple[str, ...]:
        return tuple(p.id for p in self.state().players)

    def seats(self) -> list[tuple[str, str]]:
        """(player id, name) for the join page's choice."""
        return [(p.id, p.name) for p in self.state().players]

    def sign_everyone_out(self) -> None:
        """A new key (every phone loses its seat) and a change to every follower, so seated phones show the
        read-only view at once instead of buttons that would be refused."""
        self.access.rotate()
        self.changed()

    def policy_for(self, page: Any) -> SeatPolicy:
        """What a phone's page may do: act as the player its connection's cookie seats, else only watch."""
        from companion.flet_adapter import page_session_id  # Flet loads with a page, not with the CLI's commands

        return SeatPolicy(self, lambda: self.access.holder_of(page), origin=page_session_id(page))

    def session_with(self, policy: SeatPolicy) -> Session:
        """The plain Session a phone acts through; `policy` is consulted on every read and write."""
        return Session(MatchStore(self.root), policy=policy)

    # --- the change feed --------------------------------------------------------------------------

    def listen(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call `callback` after every change (from any thread); returns the way to stop."""
        self._listeners.append(callback)
        return lambda: self._listeners.remove(callback) if callback in self._listeners else None

    def changed(self, origin: str = "") -> None:
        """Tell every follower; `origin` names the phone that made the change (it redrew itself already)."""
        self._signature = self.reader.store.signature(self.match_id)
        if self.publish is not None:
            self.publish(self.topic, origin)
        for callback in list(self._listeners):
            callback()

    def undo_news(self, since: int) -> tuple[str, int]:
        """Who undid or redid what among the events after the first `since` (Session.undo_news), for the phones."""
        return self.reader.undo_news(self.match_id, since)

    def poll(self) -> bool:
        """Notice a change made by another process; True when there was one (and followers were told)."""
        signature = self.reader.store.signature(self.match_id)
        if signature == self._signature:
            return False
        self.changed()
        return True


class SeatPolicy:
    """What a phone at a hosted table may do through its Session (session.policy): read and change the hosted
    match only, as its own seat (asked again at every write: a rotated key signs the phone out at once), one
    write at a time in this process; the other phones hear of each change."""

    def __init__(self, table: LiveTable, seat: Callable[[], str | None], origin: str = "") -> None:
        self.table = table
        self.origin = origin  # the phone's Flet session id, sent with its changes
        self._seat = seat

    @property
    def seat(self) -> str | None:
        return self._seat()

    def visible(self, match_id: str) -> bool:
        return match_id == self.table.match_id

    def check_events(self) -> None:
        raise NotSeated(OTHER_MATCH)  # a phone at the table never reaches the host's events

    @contextlib.contextmanager
    def writing(self, what: str, match_id: str | None, by: str | None) -> Iterator[str]:
        if what in HOST_ONLY:
            raise NotSeated(HOST_ONLY[what])
        if match_id != self.table.match_id:
            raise NotSeated(OTHER_MATCH)
        with self.table.lock:
            seat = self._seat()  # inside the lock: no write slips in after a rotation
            if seat is None:
                raise NotSeated(WATCH_ONLY)
            yield seat  # the phone acts as its own player, whatever the screen proposed (the active player)
        self.table.changed(self.origin)
