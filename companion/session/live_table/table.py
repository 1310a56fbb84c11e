"""A live table: one hosted match that every phone at the table follows and changes through one process.

`LiveTable` holds the hosted match, its access rules (live_table/access.py) and its change feed: after every
write, and when the match's file changed under it (the host's own app or the CLI in another process; a `stat`
twice a second), it tells every follower (Flet pub/sub for the phones, plain callbacks for the host's own screen).
Each phone gets a `SeatSession`: a Session that acts as that phone's player for this match only, and refuses
every write from a connection that has no seat. Writes are serialised per match in this process (a lock) and
against other processes (the store's file lock), so two phones acting at once lose nothing.
"""

from __future__ import annotations

import functools
import importlib.util
import random
import threading
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.match.history import History, Segment
from companion.core.model import Match
from companion.session.live_table.access import TableAccess
from companion.session.matches import Session
from companion.store.matches import MatchStore, MatchSummary
from companion.store.paths import data_dir

T = TypeVar("T")
POLL = 0.5  # seconds between looks at the match's file for changes made by another process



class NotSeated(CompanionError):
    pass


WATCH_ONLY = "This phone only watches the table: open the host's join code to play as yourself."
OTHER_MATCH = "A hosted table's phones change only the hosted match."


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
        self.access = TableAccess(match_id, self.players, announce)
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

    def session_for(self, page: Any) -> SeatSession:
        """The Session a phone's page acts through: as the player its connection's cookie seats, else read-only."""
        return SeatSession(self, lambda: self.access.seat(page), origin=str(page.session.id))

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


class SeatSession(Session):
    """A Session for one phone at a hosted table: it acts as the phone's seat, on the hosted match only."""

    def __init__(self, table: LiveTable, seat: Callable[[], str | None], origin: str = "") -> None:
        super().__init__(MatchStore(table.root))
        self.table = table
        self.origin = origin  # the phone's Flet session id, sent with its changes
        self._seat = seat  # asked again before every write: a rotated key signs the phone out at once

    @property
    def seat(self) -> str | None:
        return self._seat()

    def _may_write(self, match_id: str) -> str:
        if match_id != self.table.match_id:
            raise NotSeated(OTHER_MATCH)
        seat = self._seat()
        if seat is None:
            raise NotSeated(WATCH_ONLY)
        return seat

    def history(self, match_id: str) -> Any:
        if match_id != self.table.match_id:
            raise NotSeated(OTHER_MATCH)
        return super().history(match_id)

    def list_matches(self) -> list[MatchSummary]:
        return [s for s in super().list_matches() if s.id == self.table.match_id]

    # Every write reaches `_push` or `_commit` (the Session's funnels into the store): the seat is checked there,
    # inside the match's lock, and stamped on the event. The public writers add the table's lock and tell the
    # followers; those that call another writer (roll, dispatch_events: dispatch) need nothing more.

    def _push(self, match_id: str, event: Event) -> Match:
        return super()._push(match_id, replace(event, by=self._may_write(match_id)))

    def _commit(self, history: History, segment: Segment | None = None) -> None:
        self._may_write(history.state.id)
        super()._commit(history, segment)

    def _writing(self, match_id: str, write: Callable[[], T]) -> T:
        self._may_write(match_id)
        with self.table.lock:
            result = write()
        self.table.changed(self.origin)
        return result

    def dispatch(self, match_id: str, type_: str, data: dict[str, Any] | None = None, *,
                 by: str | None = None) -> Match:
        # the phone acts as its own player, whatever the screen proposed (the active player)
        return self._writing(match_id, lambda: Session.dispatch(self, match_id, type_, data, by=by))

    def act(self, match_id: str, action: Any, *, by: str | None = None,
            rng: random.Random | None = None) -> tuple[Any, Match]:
        return self._writing(match_id, lambda: Session.act(self, match_id, action, by=by, rng=rng))

    def undo(self, match_id: str, *, by: str | None = None) -> Match:
        return self._writing(match_id, lambda: Session.undo(self, match_id, by=self._may_write(match_id)))

    def redo(self, match_id: str, *, by: str | None = None) -> Match:
        return self._writing(match_id, lambda: Session.redo(self, match_id, by=self._may_write(match_id)))

    def new_match(self, *args: Any, **kwargs: Any) -> Match:
        raise NotSeated(OTHER_MATCH)

    def delete(self, match_id: str) -> None:
        raise NotSeated("Only the host can delete a hosted match.")

    def import_match(self, data: Any, *, as_new: bool = False) -> Match:
        raise NotSeated(OTHER_MATCH)

    def replace_history(self, initial: Match, events: list[Any], **kwargs: Any) -> Match:
        raise NotSeated("Only the host can replace a hosted match's history.")
