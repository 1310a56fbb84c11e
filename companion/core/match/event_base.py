"""The match's reducer: `apply(state, event)` runs the handler registered for the event's type
(in `events` and `dice_events`) and checks the result, or raises `IllegalAction` with the reason."""

from __future__ import annotations

from companion.core.errors import IllegalAction
from companion.core.match.event import Event
from companion.core.match.reducer import Reducer
from companion.core.model import Match, validate

UNDONE = "undone"  # a step with dice that undo took back, kept in the log (see dice_events)


def _guard(state: Match, event: Event) -> None:
    if state.status == "finished" and event.type not in ("reopen", UNDONE):
        raise IllegalAction("the match is over; undo the last step or reopen it to go on")


REDUCER: Reducer[Match, Event] = Reducer(validate, _guard)
HANDLERS = REDUCER.handlers
handler = REDUCER.handler
apply = REDUCER.apply
replay = REDUCER.replay
