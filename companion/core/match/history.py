"""A match's event history with undo/redo, kept as a snapshot plus a bounded tail of events.

Undo and redo are events appended to the log: an `undo` names the step it takes back by its place in the log
({"step": index}), a `redo` the step it brings back, and both keep who and when, like any event. Undo always takes
back the last step in effect and redo brings back the step undone last (a new step forgets what could be redone),
so the steps in effect are always in log order and the state is their replay, in order. Because nothing is ever
removed, a device that undid holds a strictly longer log than one that did not: a share or a restore sees
"newer", never "a step not yet seen". Before this, undo removed the step (a step with dice left an `undone`
record in its place): those records still read. They change nothing, and undo and redo pass them by.

Older events move into immutable segments (each with the state it starts from) so that saving after one
tap costs the same whether the match has 10 events or 10,000. A segment is cut by a new step, just before it,
when TAIL_LIMIT events precede it in the tail: the step stays in the new tail, so undoing it (the usual correction
right after a tap) needs no segment. Undo past the tail reopens the last segment, and a step forgets what could
be redone, so no later undo or redo reaches back before a cut: each segment replays on its own from its state.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from companion.core.errors import IllegalAction
from companion.core.match.events import UNDONE, Event, apply, replay
from companion.core.model import Match

UNDO = "undo"
REDO = "redo"
MARKS = (UNDO, REDO)  # events about other events: the history handles them, the reducer never sees them


def mark(kind: str, step: int, by: str | None, at: float) -> Event:
    return Event(kind, {"step": step}, by, at)


def target(event: Event, index: int) -> int:
    """The log index an undo or redo at `index` names; IllegalAction when it names no earlier event."""
    step = event.data.get("step")
    if type(step) is not int or not 0 <= step < index or len(event.data) != 1:
        raise IllegalAction(f"{event.type} (event {index + 1}): it must name an earlier step of the log")
    return step


def is_step(event: Event) -> bool:
    """A change undo can take back (not an undo or redo, nor an old `undone` record)."""
    return event.type not in MARKS and event.type != UNDONE


def stacks(events: Sequence[Event], start: int = 0) -> tuple[list[int], list[int]]:
    """The steps in effect after `events` (log indexes from `start`, oldest first) and those redo would bring
    back (the next one last). IllegalAction when an undo or redo breaks the order undo and redo keep."""
    active: list[int] = []
    undone: list[int] = []
    for index, event in enumerate(events, start):
        kind = event.type
        if kind == UNDO:
            step = target(event, index)
            if not active or active[-1] != step:
                raise IllegalAction(f"undo (event {index + 1}): it must take back the last step in effect")
            undone.append(active.pop())
        elif kind == REDO:
            step = target(event, index)
            if not undone or undone[-1] != step:
                raise IllegalAction(f"redo (event {index + 1}): it must bring back the step undone last")
            active.append(undone.pop())
        elif kind != UNDONE:
            active.append(index)
            undone.clear()
    return active, undone


def in_effect(events: Sequence[Event], active: Sequence[int], start: int = 0) -> list[Event]:
    """The events a replay applies, in log order: the steps in effect and the old `undone` records (which change
    nothing but were always applied, so a state keeps the same count of applied events, `seq`)."""
    keep = set(active)
    return [e for i, e in enumerate(events, start) if i in keep or e.type == UNDONE]


def effective(events: Sequence[Event], start: int = 0) -> list[Event]:
    """The events of a log (a whole one, or a segment from log index `start`) that make its state, for anything
    that walks a log step by step."""
    return in_effect(events, stacks(events, start)[0], start)


def replay_log(initial: Match, events: Sequence[Event]) -> Match:
    """The state a whole log (undo and redo included) leads to; IllegalAction at the first event that doesn't fit."""
    return replay(initial, effective(events))


def undone_steps(events: Sequence[Event]) -> set[int]:
    """The log indexes of the steps that are taken back now."""
    active = set(stacks(events)[0])
    return {i for i, e in enumerate(events) if is_step(e) and i not in active}


TAIL_LIMIT = 64
# A new match whose log is written whole (an import, a restore) keeps its older events in segments of up to this
# many: a quarter of the files and stored states of cutting at TAIL_LIMIT, for an undo past the tail that reopens
# up to 256 events.
WHOLE_SEGMENT = 4 * TAIL_LIMIT


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
    state: Match  # the current state: snapshot with the tail's steps in effect applied
    active: tuple[int, ...] = ()  # log indexes of the tail's steps in effect, oldest first
    undone: tuple[int, ...] = ()  # log indexes of the tail's steps redo brings back, the next one last
    # The state before each of the last len(befores) steps in effect (the newest last), as this process saw it: undo
    # takes it back instead of replaying the tail. Not part of the history's value: a history read back has none.
    befores: tuple[Match, ...] = field(default=(), compare=False, repr=False)

    @staticmethod
    def start(match: Match) -> History:
        return History(0, match, (), match)

    @staticmethod
    def of(base: int, snapshot: Match, tail: Iterable[Event]) -> History:
        """A stored head read back: the tail's undo/redo order checked and its steps in effect replayed."""
        tail = tuple(tail)
        active, undone = stacks(tail, base)
        state = replay(snapshot, in_effect(tail, active, base))
        return History(base, snapshot, tail, state, tuple(active), tuple(undone))

    @staticmethod
    def replayed(initial: Match, events: Iterable[Event], limit: int = TAIL_LIMIT) -> tuple[History, list[Segment]]:
        """Apply a whole log from `initial` (raises IllegalAction at the first illegal event): the history and the
        segments that pushing and compacting event after event would give, without a History per event."""
        log = list(events)
        active, undone = stacks(log)
        keep = set(active)
        # reach[i]: the earliest step named by an undo/redo at i or later (or still to redo): no cut after it (there
        # an undo reopened the segment, and the tail grew on to a later step)
        reach = [min(undone, default=len(log))] * (len(log) + 1)
        for i in range(len(log) - 1, -1, -1):
            reach[i] = min(reach[i + 1], target(log[i], i)) if log[i].type in MARKS else reach[i + 1]
        base, snapshot, state, segments = 0, initial, initial, []
        for index, event in enumerate(log):
            if is_step(event) and index - base >= limit and reach[index] >= index:  # what compact() cuts
                segments.append(Segment(base, snapshot, tuple(log[base:index])))
                base, snapshot = index, state
            if index in keep or event.type == UNDONE:  # a step in effect, or an old `undone` record
                state = apply(state, event)
        return History(base, snapshot, tuple(log[base:]), state, tuple(i for i in active if i >= base),
                       tuple(undone)), segments

    @staticmethod
    def joined(segments: list[Segment], most: int = WHOLE_SEGMENT) -> list[Segment]:
        """Consecutive segments (each ends where the next begins) joined into as few as hold up to `most` events
        each (one already longer stays alone): no cut is added, so each still replays on its own."""
        out: list[Segment] = []
        for segment in segments:
            last = out[-1] if out else None
            if last is not None and last.end == segment.base and len(last.events) + len(segment.events) <= most:
                out[-1] = Segment(last.base, last.state, (*last.events, *segment.events))
            else:
                out.append(segment)
        return out

    @property
    def length(self) -> int:
        return self.base + len(self.tail)

    @property
    def can_undo(self) -> bool:
        return self.base > 0 or bool(self.active)

    @property
    def can_redo(self) -> bool:
        return bool(self.undone)

    def step(self, index: int) -> Event:
        """The event at log index `index` (in the tail)."""
        return self.tail[index - self.base]

    def push(self, event: Event) -> History:
        """Apply a new step (raises IllegalAction); a new step clears what could be redone."""
        if event.type in MARKS:
            raise IllegalAction(f"{event.type} is not a change to dispatch: use undo and redo")
        state = apply(self.state, event)
        return History(self.base, self.snapshot, (*self.tail, event), state, (*self.active, self.length),
                       befores=(*self.befores, self.state))

    def undo(self, by: str | None = None, at: float = 0.0) -> History:
        """Take back the last step in effect: an `undo` event naming it, by `by` at `at`, joins the log."""
        if not self.active:
            if self.base == 0:
                raise IllegalAction("nothing to undo")
            raise NeedSegment(self.base)
        *active, step = self.active
        tail = (*self.tail, mark(UNDO, step, by, at))
        if self.befores:
            state, befores = self.befores[-1], self.befores[:-1]
        else:
            state, befores = self._replay_keeping_befores(tail, active)
        return History(self.base, self.snapshot, tail, state, tuple(active), (*self.undone, step), befores)

    def _replay_keeping_befores(self, tail: Sequence[Event], active: Sequence[int]) -> tuple[Match, tuple[Match, ...]]:
        """The state the tail's steps `active` make from the snapshot, and the state before each of them (for the
        undos that follow). An old `undone` record after a step changes the state's count of applied events, so the
        states before it are not kept."""
        keep = set(active)
        state, befores = self.snapshot, []
        for index, event in enumerate(tail, self.base):
            if index in keep:
                befores.append(state)
                state = apply(state, event)
            elif event.type == UNDONE:
                befores.clear()
                state = apply(state, event)
        return state, tuple(befores)

    def redo(self, by: str | None = None, at: float = 0.0) -> History:
        """Bring back the step undone last: a `redo` event naming it joins the log."""
        if not self.undone:
            raise IllegalAction("nothing to redo")
        *undone, step = self.undone
        state = apply(self.state, self.step(step))
        return History(self.base, self.snapshot, (*self.tail, mark(REDO, step, by, at)), state,
                       (*self.active, step), tuple(undone), (*self.befores, self.state))

    def reopen(self, segment: Segment) -> History:
        """Make the segment that ends where this history's tail begins part of the tail again (for undo); the tail
        may hold no step in effect (only steps taken back, undo/redo events and old `undone` records)."""
        if self.active or segment.end != self.base:
            raise ValueError("segment does not end where the tail begins")
        tail = (*segment.events, *self.tail)
        active, undone = stacks(tail, segment.base)
        return History(segment.base, segment.state, tail, self.state, tuple(active), tuple(undone))

    def compact(self, limit: int = TAIL_LIMIT) -> tuple[Segment | None, History]:
        """After a new step (`push`): when `limit` events or more precede it in the tail, cut them off as a segment
        and start the tail again at the step, from the state before it (`befores`).

        Keeping the step in the tail means an undo of it, the usual correction right after a tap, neither reads the
        segment back nor replays it; cut after the step, a tap/undo alternation at the edge reopened the segment at
        every undo and wrote it again, two events longer, at every tap. Only a new step cuts: it forgot what could be
        redone, so no redo names a step of the segment, which replays on its own. Undos and redos grow the tail
        until the next step."""
        if len(self.tail) <= limit or not self.befores or not is_step(self.tail[-1]):
            return None, self
        step, before = self.length - 1, self.befores[-1]
        segment = Segment(self.base, self.snapshot, self.tail[:-1])
        return segment, History(step, before, self.tail[-1:], self.state, (step,), (), (before,))
