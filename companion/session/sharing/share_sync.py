"""Keeping two devices' copies of a match in step with the smallest safe code (the service for ui/ and cli/).

How a device knows what the other one holds: when it reads the other device's code (a whole match or a turn),
that device held every event in it, so this device remembers, per match, that point (the number of events
and a CRC-32 of the start and those events) in the store's `sync.json`. The next code it shows is a turn code
from that point when the point is still the start of its own history (same check), else the whole match;
whichever is smaller wins. The first exchange is always a whole code; after that each side sends its turn.
With three or more devices the point is the last one read from any of them: a device that is further behind
refuses the turn code (nothing is stored) and asks for the whole one (`full=True`).
"""

from __future__ import annotations

import time
import weakref
from dataclasses import dataclass, replace
from typing import Any

from companion.core.words import counted
from companion.session.sharing.keeping import ImportResult, import_shared, library_for, read_collected
from companion.share import Choice, CodePlan, Collector, SharedMatch, base_check, encode, encode_turn, plan
from companion.store.sync_points import SyncPoints

_POINTS: weakref.WeakKeyDictionary[Any, SyncPoints] = weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class ShareCode:
    """The code to show: a turn code (the events after `base`) or the whole match (base 0, turn False)."""

    plan: CodePlan
    turn: bool
    base: int  # events the other device already holds
    events: int  # events in the match
    size: int  # bytes

    @property
    def new_events(self) -> int:
        return self.events - self.base

    def describe(self) -> str:
        what = (f"your turn: the {counted(self.new_events, 'step')} since the last exchange" if self.turn
                else f"the whole match ({self.events} steps)")
        return f"{what}, {self.size} bytes, QR version {self.plan.version}"


def points(session: Any) -> SyncPoints:
    """The session's remembered points (one object per store, so a session in memory keeps them too)."""
    store = session.store
    if store not in _POINTS:
        _POINTS[store] = SyncPoints(store.root)
    return _POINTS[store]


def peer_base(session: Any, shared: SharedMatch) -> int | None:
    """The point the other device holds, if it is still the start of this device's history."""
    point = points(session).get(shared.id)
    if point is None:
        return None
    n, check = point
    if n > len(shared.events) or base_check(shared.initial, shared.events[:n]) != check:
        return None
    return n


def share_code(session: Any, match_id: str, *, full: bool = False) -> ShareCode:
    """The smallest safe code for a stored match: a turn code when the other device's point is known (and
    smaller), else the whole match. `full` forces the whole match."""
    shared = SharedMatch.from_export(session.export(match_id))
    library = library_for(session)
    whole = encode(shared, library)
    best = ShareCode(plan(whole), False, 0, len(shared.events), len(whole))
    base = None if full else peer_base(session, shared)
    if base is not None:
        data = encode_turn(shared, base, library)
        turn = ShareCode(plan(data), True, base, len(shared.events), len(data))
        if (turn.plan.parts, turn.plan.version, turn.size) <= (best.plan.parts, best.plan.version, best.size):
            best = turn
    return best


def read_code(session: Any, collector: Collector) -> SharedMatch:
    """The match in the collected texts; a turn code comes back as the whole match (our events + theirs)."""
    return read_collected(session, collector)


def import_code(session: Any, theirs: SharedMatch, choice: Choice | None = None) -> ImportResult:
    """Store a read code by the merge rules, and remember that the other device holds all of it. Their copy kept
    beside ours gets a label (the same from the app and the CLI), so the match list tells the two apart."""
    result = import_shared(session, theirs, choice)
    points(session).put(theirs.id, len(theirs.events), base_check(theirs.initial, theirs.events))
    if result.match_id != theirs.id:
        label = name_their_copy(session, result.match_id, session.clock())
        result = replace(result, action=f"{result.action} (“{label}”)")
    return result


def name_their_copy(session: Any, match_id: str, now: float | None = None) -> str:
    """Label the copy "keep both" stored beside ours: "their copy, kept 25 Nov 14:30"."""
    label = f"their copy, kept {time.strftime('%d %b %H:%M', time.localtime(now))}"
    session.store.set_label(match_id, label)
    return label


def turn_ready(session: Any, match_id: str) -> bool:
    """Whether the other device's point is known (the share screen then offers "send my turn"). Asked at every end
    of turn: a match never exchanged is answered from the remembered points, without replaying its history."""
    if points(session).get(match_id) is None:
        return False
    return peer_base(session, SharedMatch.from_export(session.export(match_id))) is not None
