"""Importing a shared match next to the local copy: fast-forward when one history extends the other, else ask.

`compare` is the pure decision; `import_shared` stores the outcome through the Session (any object with
its export/import methods: share/ sits below the session and does not import it). Nothing local is dropped
unless the person chose "take theirs" for a match whose two histories went different ways.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from companion.core.match.events import Event
from companion.core.model import Match
from companion.share.errors import ChoiceNeeded
from companion.share.payload import SharedMatch


class _Store(Protocol):
    def exists(self, match_id: str) -> bool: ...

    def locked(self, match_id: str, *, create: bool = False) -> AbstractContextManager[None]: ...


class Keeper(Protocol):
    """The parts of companion.session.Session that importing uses."""

    @property
    def store(self) -> _Store: ...

    def export(self, match_id: str) -> dict[str, Any]: ...

    def import_match(self, data: Any, *, as_new: bool = False) -> Match: ...

    def replace_history(self, initial: Match, events: list[Event]) -> Match: ...


class Relation(Enum):
    NEW = "new"  # no local copy
    SAME = "same"  # identical histories
    THEIRS_AHEAD = "theirs_ahead"  # their log continues ours: take their extra events
    MINE_AHEAD = "mine_ahead"  # our log continues theirs: nothing to take
    DIVERGED = "diverged"  # both went on differently since `common` events (or started differently)


class Choice(Enum):
    MINE = "mine"  # keep the local copy as it is
    THEIRS = "theirs"  # replace the local copy with theirs
    BOTH = "both"  # keep ours and store theirs beside it under a new id


@dataclass(frozen=True)
class Comparison:
    relation: Relation
    common: int  # events both logs share from the start
    mine: int  # events in the local log (0 when there is none)
    theirs: int

    def describe(self) -> str:
        if self.relation is Relation.DIVERGED:
            since = f"after {self.common} shared events" if self.common else "from the start"
            return (f"this match went different ways on the two devices {since}: yours has "
                    f"{events(self.mine - self.common, 'other')}, theirs {self.theirs - self.common}")
        return {
            Relation.NEW: "a match that is not on this device yet",
            Relation.SAME: "the same match, already up to date here",
            Relation.THEIRS_AHEAD: f"{events(self.theirs - self.mine, 'newer')} for a match you have",
            Relation.MINE_AHEAD: f"an older copy of a match you have ({events(self.mine - self.theirs)} behind yours)",
        }[self.relation]

    @property
    def dropped(self) -> int:
        """How many of the local events *take theirs* drops (those after the shared start)."""
        return self.mine - self.common


def events(n: int, kind: str = "") -> str:
    """"1 newer event", "2 newer events"."""
    return f"{n} {kind + ' ' if kind else ''}event{'' if n == 1 else 's'}"


class Log(Protocol):
    """A history to compare: where it started and its events (a SharedMatch, or the stored JSON of one)."""

    @property
    def initial(self) -> Any: ...

    @property
    def events(self) -> Sequence[Any]: ...


def compare(mine: Log | None, theirs: Log) -> Comparison:
    """How the local history (if any) and the imported one relate, event by event."""
    if mine is None:
        return Comparison(Relation.NEW, 0, 0, len(theirs.events))
    if mine.initial != theirs.initial:
        return Comparison(Relation.DIVERGED, 0, len(mine.events), len(theirs.events))
    common = 0
    for a, b in zip(mine.events, theirs.events, strict=False):
        if a != b:
            break
        common += 1
    n, m = len(mine.events), len(theirs.events)
    if common == n == m:
        relation = Relation.SAME
    elif common == n:
        relation = Relation.THEIRS_AHEAD
    elif common == m:
        relation = Relation.MINE_AHEAD
    else:
        relation = Relation.DIVERGED
    return Comparison(relation, common, n, m)


@dataclass(frozen=True)
class ImportResult:
    comparison: Comparison
    action: str  # what was done, for people: "stored", "updated", "unchanged", "kept yours", ...
    match_id: str  # where their match now is (a new id when both were kept)


def local_copy(session: Keeper, match_id: str) -> SharedMatch | None:
    if not session.store.exists(match_id):
        return None
    return SharedMatch.from_export(session.export(match_id))


def import_shared(session: Keeper, theirs: SharedMatch, choice: Choice | None = None, *,
                  seen: Comparison | None = None) -> ImportResult:
    """Store a shared match by the merge rules; a diverged history needs `choice` (else ChoiceNeeded).

    The local copy is compared and written under the match's lock, so an event saved here meanwhile is never
    replaced unseen. `seen` is the comparison the person chose on: if the local copy changed since, ask again.
    """
    with session.store.locked(theirs.id, create=True):
        comparison = compare(local_copy(session, theirs.id), theirs)
        if seen is not None and comparison != seen:
            raise ChoiceNeeded(f"the copy here changed meanwhile: {comparison.describe()}")
        relation = comparison.relation
        if relation is Relation.NEW:
            session.import_match(theirs.to_export())
            return ImportResult(comparison, "stored", theirs.id)
        if relation is Relation.THEIRS_AHEAD:
            session.replace_history(theirs.initial, list(theirs.events))
            return ImportResult(comparison, "updated with their newer events", theirs.id)
        if relation in (Relation.SAME, Relation.MINE_AHEAD):
            return ImportResult(comparison, "unchanged: your copy already has all of it", theirs.id)
        if choice is None:
            raise ChoiceNeeded(f"{comparison.describe()}; choose keep mine, take theirs (drops "
                               f"{events(comparison.dropped)} of yours) or keep both")
        if choice is Choice.THEIRS:
            session.replace_history(theirs.initial, list(theirs.events))
            return ImportResult(comparison, f"replaced yours with theirs: {events(comparison.dropped)} of yours "
                                "dropped", theirs.id)
        if choice is Choice.BOTH:
            stored = session.import_match(theirs.to_export(), as_new=True)
            return ImportResult(comparison, f"kept both: theirs is stored as match {stored.id}", stored.id)
        return ImportResult(comparison, "kept yours", theirs.id)
