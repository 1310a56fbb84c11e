"""One change to a match: its type, data, who made it and when (the reducer is in core.match.events)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import InvalidMatch
from companion.core.frozen import made
from companion.core.model import JSON


@dataclass(frozen=True)
class Event:
    type: str
    data: dict[str, Any] = field(default_factory=dict)
    by: str | None = None  # player id, "judge", or None for the app itself
    at: float = 0.0  # UTC epoch seconds

    def to_json(self) -> JSON:
        return self.__dict__.copy()  # its fields in order (type, data, by, at), as __init__ or from_json set them

    @staticmethod
    def from_json(data: Any) -> Event:
        if not isinstance(data, dict) or not isinstance(kind := data.get("type"), str):
            raise InvalidMatch("event: expected an object with a type")
        payload = data.get("data", {})
        by = data.get("by")
        at = data.get("at", 0.0)
        if not isinstance(payload, dict) or not (by is None or isinstance(by, str)):
            raise InvalidMatch(f"event {kind}: data must be an object and by a string")
        if type(at) is not float and (isinstance(at, bool) or not isinstance(at, int | float)):
            raise InvalidMatch(f"event {kind}: at must be a time in seconds")
        # what __init__ would set, without its four frozen setattr calls: a restore reads every event of a backup
        return made(Event, {"type": kind, "data": payload, "by": by, "at": float(at)})

