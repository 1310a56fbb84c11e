"""How a shared match stands against the local copy: fast-forward when one history extends the other, else the
two went different ways and the person chooses. `compare` is the pure decision over two logs; storing its
outcome is the session's (session/sharing/keeping.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from companion.core.words import counted


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
    return counted(n, f"{kind} event" if kind else "event")


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
