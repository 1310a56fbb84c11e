"""The event type and the match's reducer: `apply(state, event)` runs the handler registered for the event's type
(in `events` and `dice_events`) and checks the result, or raises `IllegalAction` with the reason."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.match.reducer import Reducer
from companion.core.model import JSON, Match, validate

UNDONE = "undone"  # a step with dice that undo took back, kept in the log (see dice_events)


@dataclass(frozen=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    by: str | None = None  # player id, "judge", or None for the app itself
    at: float = 0.0  # UTC epoch seconds

    def to_json(self) -> JSON:
        return {"type": self.type, "data": self.data, "by": self.by, "at": self.at}

    @staticmethod
    def from_json(data: Any) -> Event:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise InvalidMatch("event: expected an object with a type")
        payload = data.get("data", {})
        by = data.get("by")
        at = data.get("at", 0.0)
        if not isinstance(payload, dict) or not (by is None or isinstance(by, str)):
            raise InvalidMatch(f"event {data['type']}: data must be an object and by a string")
        if isinstance(at, bool) or not isinstance(at, int | float):
            raise InvalidMatch(f"event {data['type']}: at must be a time in seconds")
        return Event(data["type"], payload, by, float(at))


def _guard(state: Match, event: Event) -> None:
    if state.status == "finished" and event.type not in ("reopen", UNDONE):
        raise IllegalAction("the match is over; undo the last step or reopen it to go on")


REDUCER: Reducer[Match, Event] = Reducer(validate, _guard)
HANDLERS = REDUCER.handlers
handler = REDUCER.handler
apply = REDUCER.apply
replay = REDUCER.replay
