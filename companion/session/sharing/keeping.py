"""Service: a session's matches in and out of share codes. The codes for a stored match, reading scanned
codes onto this device's copy, and importing a shared match next to the local copy by the merge rules
(share/merge.py decides; this stores). share/ sits below the session and knows nothing of it.

Nothing local is dropped unless the person chose "take theirs" for a match whose two histories went
different ways.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol

from companion.core.match.events import Event
from companion.core.model import Match
from companion.share.codec import encode
from companion.share.codes.turns import read_any
from companion.share.collect import Collector
from companion.share.errors import ChoiceNeeded
from companion.share.library import Library
from companion.share.merge import Choice, Comparison, Relation, compare, events
from companion.share.payload import SharedMatch
from companion.share.qr import CodePlan, plan


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


def library_for(session: Any) -> Library:
    """The packs a session knows (built in and the user's own): what a code may leave out."""
    return Library.load(tuple(session.user_pack_dirs))


def share_match(session: Any, match_id: str, *, history: bool = True) -> CodePlan:
    """The code (or codes) for a stored match. Without history the code is smaller, but a device that already has the
    match can't merge it event by event (it will ask keep mine / take theirs / keep both)."""
    shared = SharedMatch.from_export(session.export(match_id))
    return plan(encode(shared if history else shared.squashed(), library_for(session)))


def read_collected(session: Any, collector: Collector) -> SharedMatch:
    """The match in a complete set of scanned texts (raises IncompleteCode while parts are missing). A turn
    code is read onto this device's copy of its match; TurnCodeNeedsBase says when that copy lacks the point
    it continues from (nothing is stored: ask for the whole code)."""
    return read_any(collector.data(), library_for(session), lambda match_id: local_copy(session, match_id))


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
