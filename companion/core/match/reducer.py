"""The one way state changes: a registry of event handlers and a pure `apply` that validates the result.

A match (core.events) and a judge's event (core.tournament_events) each keep a Reducer; a handler builds the
new state or raises IllegalAction, and a result that breaks the state's invariants is refused the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from sys import getrefcount
from typing import Any, Generic, TypeVar

from companion.core.errors import CompanionError, IllegalAction
from companion.core.frozen import replace

S = TypeVar("S")
E = TypeVar("E")

# What sys.getrefcount says of an object held by one local variable only (the variable and the call's argument;
# an interpreter that borrows the argument says 1): a replay applies hundreds of thousands of events, and each
# new state would otherwise be copied once more just to count it.
_ONLY_HERE = 2


class Reducer(Generic[S, E]):
    def __init__(self, validate: Callable[[S], None], guard: Callable[[S, E], None] | None = None) -> None:
        self.handlers: dict[str, Callable[[S, E], S]] = {}
        self.validate = validate
        self.guard = guard  # refuses events before any handler runs (e.g. "the match is over")

    def handler(self, *names: str) -> Callable[[Callable[[S, E], S]], Callable[[S, E], S]]:
        def register(fn: Callable[[S, E], S]) -> Callable[[S, E], S]:
            for name in names:
                self.handlers[name] = fn
            return fn

        return register

    def apply(self, state: S, event: E) -> S:
        """Apply one event; raise IllegalAction (state untouched) when it is not allowed."""
        kind: str = event.type
        fn = self.handlers.get(kind)
        if fn is None:
            raise IllegalAction(f"unknown kind of event {kind!r}")
        if self.guard is not None:
            self.guard(state, event)
        new: Any = fn(state, event)
        if getrefcount(new) <= _ONLY_HERE:  # built by the handler, held by nothing else: counted in place, not copied
            new.__dict__["seq"] = state.seq + 1
        else:  # e.g. the state itself, from a handler that only checks (a kept record)
            new = replace(new, seq=state.seq + 1)
        try:
            self.validate(new)
        except IllegalAction:
            raise
        except CompanionError as exc:  # a handler let something through: refuse rather than store it
            raise IllegalAction(str(exc)) from exc
        return new

    def replay(self, state: S, events: list[E]) -> S:
        for event in events:
            state = self.apply(state, event)
        return state
