"""The one way state changes: a registry of event handlers and a pure `apply` that validates the result.

A match (core.events) and a judge's event (core.tournament_events) each keep a Reducer; a handler builds the
new state or raises IllegalAction, and a result that breaks the state's invariants is refused the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from companion.core.errors import CompanionError, IllegalAction
from companion.core.frozen import replace

S = TypeVar("S")
E = TypeVar("E")


class Reducer(Generic[S, E]):
    """`validate` checks a whole state. `validate_step(before, after)`, when given, is its verdict on `after` for
    an `after` made from a `before` that passed (`model.validate_step`): `apply` takes a state that came from
    this reducer, or from loading or making a match, which validate it whole."""

    def __init__(self, validate: Callable[[S], None], guard: Callable[[S, E], None] | None = None,
                 validate_step: Callable[[S, S], None] | None = None) -> None:
        self.handlers: dict[str, Callable[[S, E], S]] = {}
        self.validate = validate
        self.validate_step = validate_step
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
        new = replace(fn(state, event), seq=state.seq + 1)  # (every state counts the events applied to it)
        try:
            if self.validate_step is None:
                self.validate(new)
            else:
                self.validate_step(state, new)
        except IllegalAction:
            raise
        except CompanionError as exc:  # a handler let something through: refuse rather than store it
            raise IllegalAction(str(exc)) from exc
        return new

    def replay(self, state: S, events: list[E]) -> S:
        for event in events:
            state = self.apply(state, event)
        return state
