"""What a share code carries: a match's starting state and its whole event log.

The current state is not sent; it is the replay of the log, which both checks the log and lets a merge
compare histories event by event.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError
from companion.core.limits import IMPORT_EVENTS
from companion.core.match.events import Event
from companion.core.match.history import replay_log
from companion.core.model import Match, from_json, to_json
from companion.share.errors import InvalidSharedMatch, NewerCode, NotOurCode

EXPORT_FORMAT = "tabletop-companion/match-export"  # the same JSON as Session.export
EXPORT_VERSION = 2  # 2: undo and redo are events of the log (version 1 exports still read)
MAX_EVENTS = IMPORT_EVENTS  # a long tournament match has a few thousand; replay of this many stays under a second


@dataclass(frozen=True)
class SharedMatch:
    """A match with its history. Build it with `of`, which replays the log and refuses one that doesn't apply."""

    initial: Match
    events: tuple[Event, ...]
    state: Match = field(compare=False)

    @staticmethod
    def of(initial: Match, events: tuple[Event, ...] | list[Event]) -> SharedMatch:
        events = tuple(events)
        if len(events) > MAX_EVENTS:
            raise InvalidSharedMatch(f"the match has {len(events)} events, more than the {MAX_EVENTS} a code may hold")
        try:
            state = replay_log(initial, events)
        except CompanionError as exc:
            raise InvalidSharedMatch(f"the match's history does not replay: {exc}") from None
        return SharedMatch(initial, events, state)

    @property
    def id(self) -> str:
        return self.initial.id

    def squashed(self) -> SharedMatch:
        """Only the current state, without the history: much smaller, but it can't be merged event by event."""
        return SharedMatch(self.state, (), self.state)

    # --- the export JSON (Session.export / `companion match export`) ---------------------------------

    def to_export(self) -> dict[str, Any]:
        return {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "initial": to_json(self.initial),
                "events": [e.to_json() for e in self.events], "state": to_json(self.state)}

    @staticmethod
    def from_export(data: Any) -> SharedMatch:
        """Read an export; the `state` in it is ignored (replay makes it) and extra keys such as notes are allowed."""
        if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
            raise NotOurCode("this file")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            raise InvalidSharedMatch("the export has no format version")
        if version > EXPORT_VERSION:
            raise NewerCode()
        events = data.get("events")
        if not isinstance(events, list):
            raise InvalidSharedMatch("the export has no list of events")
        try:
            initial = from_json(data.get("initial"))
            return SharedMatch.of(initial, [Event.from_json(e) for e in events])
        except InvalidSharedMatch:
            raise
        except CompanionError as exc:
            raise InvalidSharedMatch(f"the match is not valid: {exc}") from None


def canonical(shared: SharedMatch) -> str:
    """A type-strict text of the initial state and log (1, 1.0 and True differ): for exactness checks."""
    body = {"initial": to_json(shared.initial), "events": [e.to_json() for e in shared.events]}
    return json.dumps(body, sort_keys=True, ensure_ascii=False)
