"""A match's event history with undo/redo, kept as a snapshot plus a bounded tail of events.

Older events move into immutable segments (each with the state it starts from) so that saving after one
tap costs the same whether the match has 10 events or 10,000. Undo past the tail reopens the last segment.

Undoing a step that rolled dice leaves an `undone` event in its place at the end of the log: it changes nothing,
and undo never takes it back, so a roll undone and rolled again is in every copy of the match. Redo, straight
after the undo, takes the step back and drops its `undone` record again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.match.events import UNDONE, Event, apply, replay, rolled
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

    @staticmethod
    def replayed(initial: Match, events: Iterable[Event], limit: int = TAIL_LIMIT) -> tuple[History, list[Segment]]:
        """Apply a whole log from `initial` (raises IllegalAction at the first illegal event): the history and the
        segments that pushing and compacting event after event would give, without a History per event."""
        base, snapshot, state, tail, segments = 0, initial, initial, [], []
        for event in events:
            state = apply(state, event)
            tail.append(event)
            if len(tail) >= limit:  # what compact() cuts: a log replayed has nothing to redo
                segments.append(Segment(base, snapshot, tuple(tail)))
                base, snapshot, tail = base + len(tail), state, []
        return History(base, snapshot, tuple(tail), (), state), segments

    @property
    def length(self) -> int:
        return self.base + len(self.tail)

    @property
    def can_undo(self) -> bool:
        return self.base > 0 or any(e.type != UNDONE for e in self.tail)

    @property
    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def push(self, event: Event) -> History:
        """Apply a new event (raises IllegalAction); a new event clears what could be redone."""
        state = apply(self.state, event)
        return History(self.base, self.snapshot, (*self.tail, event), (), state)

    def undo(self, by: str | None = None, at: float = 0.0) -> History:
        """Take back the last step (never an `undone` record); a step that rolled dice leaves one, by `by` at `at`."""
        index = next((i for i in range(len(self.tail) - 1, -1, -1) if self.tail[i].type != UNDONE), None)
        if index is None:
            if self.base == 0:
                raise IllegalAction("nothing to undo")
            raise NeedSegment(self.base)
        step = self.tail[index]
        kept = (*self.tail[:index], *self.tail[index + 1:])
        if rolled(step):
            kept = (*kept, Event(UNDONE, {"step": step.to_json()}, by, at))
        return History(self.base, self.snapshot, kept, (*self.redo_stack, step), replay(self.snapshot, list(kept)))

    def redo(self) -> History:
        if not self.redo_stack:
            raise IllegalAction("nothing to redo")
        *rest, event = self.redo_stack
        record = {"step": event.to_json()}
        index = next((i for i in range(len(self.tail) - 1, -1, -1)
                      if self.tail[i].type == UNDONE and self.tail[i].data == record), None)
        if index is None:  # no record of it to drop (the step rolled no dice)
            return History(self.base, self.snapshot, (*self.tail, event), tuple(rest), apply(self.state, event))
        tail = (*self.tail[:index], *self.tail[index + 1:], event)
        return History(self.base, self.snapshot, tail, tuple(rest), replay(self.snapshot, list(tail)))

    def reopen(self, segment: Segment) -> History:
        """Make the segment that ends where this history's tail begins part of the tail again (for undo); the tail
        may hold `undone` records only, which stay after it."""
        if any(e.type != UNDONE for e in self.tail) or segment.end != self.base:
            raise ValueError("segment does not end where the tail begins")
        return History(segment.base, segment.state, (*segment.events, *self.tail), self.redo_stack, self.state)

    def compact(self, limit: int = TAIL_LIMIT) -> tuple[Segment | None, History]:
        """When the tail is full, cut it off as a segment and start a new tail from the current state.

        Not while a redo could still drop an `undone` record from the tail: the tail then grows by at most the
        steps being redone, and is cut as soon as nothing is left to redo or a new step clears the redo stack."""
        if len(self.tail) < limit or (self.redo_stack and any(e.type == UNDONE for e in self.tail)):
            return None, self
        segment = Segment(self.base, self.snapshot, self.tail)
        return segment, History(segment.end, self.state, (), self.redo_stack, self.state)
