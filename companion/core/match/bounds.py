"""Bounds of one event and one imported log (core.limits), checked before an event is applied or stored."""

from __future__ import annotations

from itertools import repeat
from typing import Any

from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.limits import EVENT_DATA_BYTES, EVENT_DATA_DEPTH, IMPORT_EVENTS
from companion.core.match.events import Event


def check_event(event: Event) -> Event:
    """Refuse an event whose data is deeper or larger than one event may be; walks without recursion."""
    size = len(event.type) + len(event.by or "")  # about the JSON size: enough to bound the work
    for key, value in event.data.items():  # most events hold only words and numbers: sized in one pass
        kind = type(value)
        if kind is str or kind is int:  # the most common, told apart without isinstance
            size += len(str(key)) + (len(value) + 6 if kind is str else 12)
            continue
        if isinstance(value, dict | list):
            if not isinstance(value, list) or any(isinstance(v, dict | list | str) for v in value):
                return _walk(event)
            size += len(str(key)) + 4 + len(value) * 9 + 2  # a roll's dice: a list of numbers, as _walk sizes it
            continue
        size += len(str(key)) + 4 + (len(value) + 2 if isinstance(value, str) else 8)
    if size > EVENT_DATA_BYTES:
        raise _too_large(event)
    return event


def _too_large(event: Event) -> IllegalAction:
    return IllegalAction(f"{event.type[:40]}: the data is larger than the {EVENT_DATA_BYTES // 1024} KB one event may "
                         "hold")


def _walk(event: Event) -> Event:
    """check_event for data with lists or objects inside: every level, however deep (never recursing)."""
    stack: list[tuple[Any, int]] = [(event.data, 1)]
    size = len(event.type) + len(event.by or "")
    while stack:
        value, depth = stack.pop()
        if depth > EVENT_DATA_DEPTH:
            raise IllegalAction(f"{event.type[:40]}: the data is nested more than {EVENT_DATA_DEPTH} deep")
        if isinstance(value, dict):  # (mapped in C: a unit's dial is a hundred values)
            size += sum(map(len, map(str, value))) + 4 * len(value)
            stack.extend(zip(value.values(), repeat(depth + 1)))
        elif isinstance(value, list):
            size += len(value) + 2
            stack.extend(zip(value, repeat(depth + 1)))
        else:
            size += len(value) + 2 if isinstance(value, str) else 8
        if size > EVENT_DATA_BYTES:
            raise _too_large(event)
    return event


def check_log(events: list[Any] | tuple[Any, ...]) -> None:
    """Refuse a log (raw or read) longer than an import may carry, before any event is read or replayed."""
    if len(events) > IMPORT_EVENTS:
        raise InvalidMatch(f"the match has {len(events):,} events, more than the {IMPORT_EVENTS:,} an import "
                           "may carry")

