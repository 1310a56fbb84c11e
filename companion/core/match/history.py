"""A match's event history with undo/redo, kept as a snapshot plus a bounded tail of events.

Older events move into immutable segments (each with the state it starts from) so that saving after one
tap costs the same whether the match has 10 events or 10,000. Undo past the tail reopens the last segment.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, apply, replay
from companion.core.model import Match

TAIL_LIMIT = 64


class NeedSegment(Exception):  # noqa: N818 - a request, not a failure
    """Undo reached the start of the tail: the caller must load the segment that ends at `base`."""

    def __init__(self, base: int) -> None:
        super().__init__(base)
        self.base = base


@dataclass(frozen=True)
class Segment:
    base: int  # events before this segment
    state: Match  # the state after `base` events
    events: tuple[Event, ...]

    @property
    def end(self) -> int:
        return self.base + len(self.events)


@dataclass(frozen=True)
class History:
    base: int  # events kept in segments before the snapshot
    snapshot: Match  # the state after `base` events
    tail: tuple[Event, ...]
    redo_stack: tuple[Event, ...]  # the next event to redo is the last one
    state: Match  # the current state: snapshot with the tail applied

    @staticmethod
    def start(match: Match) -> History:
        return History(0, match, (), (), match)

    @property
    def length(self) -> int:
        return self.base + len(self.tail)

    @property
    def can_undo(self) -> bool:
        return self.length > 0

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def push(self, event: Event) -> History:
        """Apply a new event (raises IllegalAction); a new event clears what could be redone."""
        state = apply(self.state, event)
        return History(self.base, self.snapshot, (*self.tail, event), (), state)

    def undo(self) -> History:
        if not self.tail:
            if self.base == 0:
                raise IllegalAction("nothing to undo")
            raise NeedSegment(self.base)
        *kept, last = self.tail
        state = replay(self.snapshot, kept)
        return History(self.base, self.snapshot, tuple(kept), (*self.redo_stack, last), state)

    def redo(self) -> History:
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        *rest, event = self.redo_stack
        state = apply(self.state, event)
        return History(self.base, self.snapshot, (*self.tail, event), tuple(rest), state)

    def reopen(self, segment: Segment) -> History:
        """Make the segment that ends where this history's tail begins the tail again (for undo)."""
        if self.tail or segment.end != self.base:
            raise ValueError("segment does not end where the tail begins")
        return History(segment.base, segment.state, segment.events, self.redo_stack, self.state)

    def compact(self, limit: int = TAIL_LIMIT) -> tuple[Segment | None, History]:
        """When the tail is full, cut it off as a segment and start a new tail from the current state."""
        if len(self.tail) < limit:
            return None, self
        segment = Segment(self.base, self.snapshot, self.tail)
        return segment, History(segment.end, self.state, (), self.redo_stack, self.state)
