"""One change to a match: its type, data, who made it and when (the reducer is in core.match.events)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import InvalidMatch
from companion.core.model import JSON


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
