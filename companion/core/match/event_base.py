"""The match's reducer: `apply(state, event)` runs the handler registered for the event's type
(in `events` and `dice_events`) and checks the result, or raises `IllegalAction` with the reason."""

from __future__ import annotations

from collections.abc import Callable

from companion.core.errors import IllegalAction
from companion.core.match.event import Event
from companion.core.match.reducer import Reducer
from companion.core.model import Match, validate

UNDONE = "undone"  # a step with dice that undo took back, kept in the log (see dice_events)


def _guard(state: Match, event: Event) -> None:
    if state.status == "finished" and event.type not in ("reopen", UNDONE):
        raise IllegalAction("the match is over; undo the last step or reopen it to go on")


# What a game system checks on every state its matches reach (which tokens a unit takes ...): core can't import
# the systems, so whoever knows them (the session) installs the lookup by system id; it runs on every path
# that applies an event (buttons, CLI, import, share codes, the live table).
SystemInvariant = Callable[[Match], None]
_SYSTEM_INVARIANTS: list[Callable[[str], SystemInvariant | None]] = []
_CHECKS: dict[str, SystemInvariant | None] = {}  # what the lookup gave, by system id: asked once per system


def install_system_invariants(lookup: Callable[[str], SystemInvariant | None]) -> None:
    _SYSTEM_INVARIANTS[:] = [lookup]
    _CHECKS.clear()


def _validate(state: Match) -> None:
    validate(state)
    system = state.system
    try:
        check = _CHECKS[system]
    except KeyError:
        check = _CHECKS[system] = _SYSTEM_INVARIANTS[0](system) if _SYSTEM_INVARIANTS else None
    if check is not None:
        check(state)


REDUCER: Reducer[Match, Event] = Reducer(_validate, _guard)
HANDLERS = REDUCER.handlers
handler = REDUCER.handler
apply = REDUCER.apply
replay = REDUCER.replay
