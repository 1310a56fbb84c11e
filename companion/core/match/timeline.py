"""Undo and redo as events of the log: the log only ever grows, and the match is the steps not undone.

An `undo` event names the step it takes back by its place in the log ({"step": index}); a `redo` names the step it
brings back. Both keep who and when, like any event. Undo always takes back the last step in effect and redo
brings back the step undone last (a new step forgets what could be redone), so the steps in effect are always in
log order and the state is their replay, in order. Because nothing is ever removed, a device that undid holds a
strictly longer log than one that did not: a share or a restore sees "newer", never "a step not yet seen".

Before this, undo removed the step (a step with dice left an `undone` record in its place): those records still
read. They change nothing, and undo and redo pass them by.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.core.errors import IllegalAction
from companion.core.match.events import UNDONE, Event, replay
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


def effective(events: Sequence[Event]) -> list[Event]:
    """The events of a whole log that make its state (for anything that walks a log step by step)."""
    return in_effect(events, stacks(events)[0])


def replay_log(initial: Match, events: Sequence[Event]) -> Match:
    """The state a whole log (undo and redo included) leads to; IllegalAction at the first event that doesn't fit."""
    return replay(initial, effective(events))


def undone_steps(events: Sequence[Event]) -> set[int]:
    """The log indexes of the steps that are taken back now."""
    active = set(stacks(events)[0])
    return {i for i, e in enumerate(events) if is_step(e) and i not in active}
