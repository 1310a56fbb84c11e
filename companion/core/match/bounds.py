"""Bounds of one event and one imported log (core.limits), checked before an event is applied or stored."""

from __future__ import annotations

from typing import Any

from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.limits import EVENT_DATA_BYTES, EVENT_DATA_DEPTH, IMPORT_EVENTS
from companion.core.match.events import Event


def check_event(event: Event) -> Event:
    """Refuse an event whose data is deeper or larger than one event may be (nested data: _walk)."""
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
    """check_event for data with lists or objects inside: every level, however deep (recursing no deeper than the
    EVENT_DATA_DEPTH levels allowed)."""
    _sized(event.data, 1, len(event.type) + len(event.by or ""), event)
    return event


def _sized(value: dict[str, Any] | list[Any], depth: int, size: int, event: Event) -> int:
    """`size` plus the size of `value` (an object or a list at `depth`); raises once the data is too deep or large.
    Words and numbers are sized where they are met: a unit's dial holds a hundred of them."""
    if isinstance(value, dict):  # (keys mapped in C)
        size += sum(map(len, map(str, value))) + 4 * len(value)
        values: Any = value.values()
    else:
        size += len(value) + 2
        values = value
    if depth >= EVENT_DATA_DEPTH and value:  # what it holds would be one level deeper than allowed
        raise IllegalAction(f"{event.type[:40]}: the data is nested more than {EVENT_DATA_DEPTH} deep")
    for v in values:
        kind = type(v)
        if kind is str:
            size += len(v) + 2
        elif kind is int:
            size += 8
        elif isinstance(v, dict | list):
            size = _sized(v, depth + 1, size, event)
        else:
            size += len(v) + 2 if isinstance(v, str) else 8
        if size > EVENT_DATA_BYTES:
            raise _too_large(event)
    if size > EVENT_DATA_BYTES:
        raise _too_large(event)
    return size


def check_log(events: list[Any] | tuple[Any, ...]) -> None:
    """Refuse a log (raw or read) longer than an import may carry, before any event is read or replayed."""
    if len(events) > IMPORT_EVENTS:
        raise InvalidMatch(f"the match has {len(events):,} events, more than the {IMPORT_EVENTS:,} an import "
                           "may carry")

