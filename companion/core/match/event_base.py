"""The match's reducer: `apply(state, event)` runs the handler registered for the event's type
(in `events` and `dice_events`) and checks the result, or raises `IllegalAction` with the reason."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import IllegalAction
from companion.core.match.event import Event
from companion.core.match.reducer import Reducer
from companion.core.model import Match, validate, validate_step

UNDONE = "undone"  # a step with dice that undo took back, kept in the log (see dice_events)


def _guard(state: Match, event: Event) -> None:
    if state.status == "finished" and event.type not in ("reopen", UNDONE):
        raise IllegalAction("the match is over; undo the last step or reopen it to go on")


# What a game system checks on every state its matches reach (which tokens a unit takes ...): core can't import
# the systems, so whoever knows them hands a lookup by system id to the reducer it builds (`match_reducer`), or
# to the one every path shares (`check_systems`, which the session does when it is built: session/wiring.py).
SystemInvariant = Callable[[Match], None]
SystemLookup = Callable[[str], SystemInvariant | None]


class SystemChecks:
    """The core's checks followed by the match's system's invariant, which `lookup` gives by system id (asked
    once per system: a replay of thousands of events pays one dict look-up each)."""

    def __init__(self, lookup: SystemLookup) -> None:
        self.lookup = lookup
        self.invariants: dict[str, SystemInvariant | None] = {}

    def system(self, state: Match) -> None:
        try:
            invariant = self.invariants[state.system]
        except KeyError:
            invariant = self.invariants[state.system] = self.lookup(state.system)
        if invariant is not None:
            invariant(state)

    def validate(self, state: Match) -> None:
        validate(state)
        self.system(state)

    def validate_step(self, before: Match, after: Match) -> None:
        validate_step(before, after)
        self.system(after)


# The reducer every path shares (history, import, share codes, the live table): the core's checks alone until
# `check_systems` hands it a lookup.
REDUCER: Reducer[Match, Event] = Reducer(validate, _guard, validate_step)
HANDLERS = REDUCER.handlers
handler = REDUCER.handler
apply = REDUCER.apply
replay = REDUCER.replay


def match_reducer(lookup: SystemLookup | None = None) -> Reducer[Match, Event]:
    """A match reducer with every registered handler, checking each state with `lookup`'s system invariants too."""
    if lookup is None:
        reducer: Reducer[Match, Event] = Reducer(validate, _guard, validate_step)
    else:
        checks = SystemChecks(lookup)
        reducer = Reducer(checks.validate, _guard, checks.validate_step)
    reducer.handlers = HANDLERS  # the same registry: a handler registered later is known to it as well
    return reducer


def check_systems(lookup: SystemLookup) -> None:
    """Make the shared reducer check each match's system with `lookup` from now on."""
    checks = SystemChecks(lookup)
    REDUCER.validate, REDUCER.validate_step = checks.validate, checks.validate_step
