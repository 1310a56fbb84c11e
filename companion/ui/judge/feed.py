"""What a judge's screen shows, as a change feed: the event after each write, and the clock's ticks.

Whoever owns the event pushes into it (the live server's shared tick and pub/sub in `judge serve`, the app's own
tick and writes in judge mode); the screen's components subscribe: the console to the event, each table's clock
and the warning line to the ticks. A component redraws only when what it shows changed, so a tick sends just
the clocks whose second changed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import flet as ft

from companion.session.judging.judge import Tournament

T = TypeVar("T")


@dataclass(frozen=True)
class Tick:
    now: float
    warnings: tuple[tuple[int, float], ...] = ()  # (table, mark) that fired at this tick


class Channel(Generic[T]):
    """One value and the callbacks that follow it."""

    def __init__(self, value: T) -> None:
        self.value = value
        self._listeners: list[Callable[[T], None]] = []

    def subscribe(self, listener: Callable[[T], None]) -> Callable[[], None]:
        """Follow the value; returns the unsubscribe function (what a component's effect cleans up with)."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    def push(self, value: T) -> None:
        self.value = value
        for listener in list(self._listeners):
            listener(value)


class JudgeFeed:
    def __init__(self, state: Tournament, now: float) -> None:
        self.state = Channel(state)
        self.tick = Channel(Tick(now))

    def show(self, state: Tournament) -> None:
        """A new state of the event (after a write here, another judge device's or the CLI's)."""
        if state != self.state.value:
            self.state.push(state)

    def advance(self, now: float, warnings: tuple[tuple[int, float], ...] = ()) -> None:
        self.tick.push(Tick(now, warnings))


def typed(store: Any, name: str) -> Callable[[ft.Event[Any]], None]:
    """A field's change handler that keeps what was typed in `store.current[name]` (a `use_ref` dict), where a
    button's handler reads it at once (state would reach the handler only after the next drawing) and the next
    drawing sets the field to it (a field is controlled: a drawing never resets what the judge typed)."""

    def on_change(e: ft.Event[Any]) -> None:
        store.current[name] = e.control.value or ""

    return on_change
