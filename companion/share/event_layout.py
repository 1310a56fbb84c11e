"""The event log as compact columns (format 1), and back.

The log is written as four columns (kinds, times, who, arguments) rather than one array per event: each
column holds values of one sort, which compresses better and saves a header per event. A known event whose
data has exactly the usual keys is written as its kind's number and its arguments in a fixed order; units and
players are numbers, times are milliseconds since the event before. Any other event (extra keys, other types)
travels as its type name and its data as plain JSON, so the log always comes back exactly as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.core.errors import CompanionError
from companion.core.match.events import Event
from companion.core.model import COUNTER_SCOPES, LOCATIONS, _unit, to_json
from companion.share.layout import Scope, read_total, total_code, unit_in, unit_out
from companion.share.values import (
    MAX_INT,
    code,
    damaged,
    json_value,
    pad,
    pick,
    same,
    seq,
    trim,
    want_float,
    want_int,
    want_str,
)

# Argument kinds: how one data value is written and read.
Writer = Callable[[Any, Scope], Any]
Reader = Callable[[Any, Scope, str], Any]


def _names(names: tuple[str, ...]) -> tuple[Writer, Reader]:
    return (lambda v, s: code(v, names)), (lambda v, s, w: pick(v, names, w))


def _unit_data_out(data: Any, scope: Scope) -> Any:
    return unit_out(_unit(data, "unit"), scope)


def _unit_data_in(value: Any, scope: Scope, what: str) -> Any:
    return to_json(unit_in(value, scope, what))


KINDS: dict[str, tuple[Writer, Reader]] = {
    "int": ((lambda v, s: v), (lambda v, s, w: want_int(v, w))),
    "str": ((lambda v, s: v), (lambda v, s, w: want_str(v, w))),
    "unit": ((lambda v, s: s.unit_code(v)), (lambda v, s, w: s.read_unit(v, w))),
    "player": ((lambda v, s: s.player_code(v)), (lambda v, s, w: s.read_player(v, w))),
    "players": ((lambda v, s: [s.player_code(p) for p in v]),
                (lambda v, s, w: [s.read_player(p, w) for p in seq(v, w)])),
    "ints": ((lambda v, s: list(v)), (lambda v, s, w: [want_int(x, w) for x in seq(v, w)])),
    "token": _names(("action", "upgrade", "grenade")),
    "score": _names(("vp", "kills")),
    "scope": _names(COUNTER_SCOPES),
    "location": _names(LOCATIONS),
    "new_unit": (_unit_data_out, _unit_data_in),
}

# Kind numbers are part of format 1: append new ones, never reorder. A trailing "?" marks a key that may be
# missing (written as None).
SCHEMAS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    ("damage", (("unit", "unit"), ("amount", "int"))),
    ("heal", (("unit", "unit"), ("amount", "int"))),
    ("set_click", (("unit", "unit"), ("click", "int"))),
    ("rotate", (("unit", "unit"), ("steps", "int"))),
    ("token", (("unit", "unit"), ("kind", "token"), ("delta", "int"))),
    ("score", (("player", "player"), ("kind", "score"), ("delta", "int"))),
    ("counter", (("scope", "scope"), ("name", "str"), ("delta", "int"), ("target?", "str"))),
    ("end_round", ()),
    ("end_turn", ()),
    ("set_phase", (("phase", "str"),)),
    ("set_location", (("unit", "unit"), ("location", "location"))),
    ("end_match", (("winners", "players"),)),
    ("reopen", ()),
    ("add_unit", (("unit", "new_unit"),)),
    ("remove_unit", (("unit", "unit"),)),
    ("roll", (("expr", "str"), ("dice", "ints"), ("total", "total"), ("purpose?", "str"))),
    ("timer_add", (("timer", "str"), ("seconds", "int"), ("label?", "str"))),
    ("timer_start", (("timer", "str"),)),
    ("timer_resume", (("timer", "str"),)),
    ("timer_pause", (("timer", "str"),)),
    ("timer_extend", (("timer", "str"), ("seconds", "int"))),
)
NUMBERS = {name: i for i, (name, _) in enumerate(SCHEMAS)}


def _args_out(event: Event, scope: Scope) -> list[Any] | None:
    """The event's arguments in schema order, or None when its data is not of the usual shape."""
    number = NUMBERS.get(event.type)
    if number is None:
        return None
    schema = SCHEMAS[number][1]
    keys = {key.rstrip("?") for key, _ in schema}
    if not set(event.data) <= keys:
        return None
    out = []
    for key, kind in schema:
        name = key.rstrip("?")
        if name not in event.data:
            if not key.endswith("?"):
                return None
            out.append(None)
            continue
        value = event.data[name]
        out.append(total_code(value, event.data["dice"]) if kind == "total" else KINDS[kind][0](value, scope))
    return out


def _args_in(number: int, args: list[Any], scope: Scope, what: str) -> dict[str, Any]:
    data = {}
    for (key, kind), value in zip(SCHEMAS[number][1], args, strict=True):
        if value is None and key.endswith("?"):
            continue
        if kind == "total":
            data[key] = read_total(value, data["dice"], what)
        else:
            data[key.rstrip("?")] = KINDS[kind][1](value, scope, what)
    return data


TICKS = (1, 10, 100, 1000)  # milliseconds per time step: the coarsest that holds every event time is used


class _Clock:
    """Event times as whole steps since the event before (seconds when the app records whole seconds)."""

    def __init__(self, anchor_ms: int, tick: int) -> None:
        self.tick, self.steps = tick, anchor_ms // tick

    @staticmethod
    def tick_for(events: tuple[Event, ...]) -> int:
        exact = [round(e.at * 1000) for e in events if round(e.at * 1000) / 1000 == e.at]
        return max(t for t in TICKS if all(ms % t == 0 for ms in exact))

    def out(self, seconds: float) -> int | float:
        ms = round(seconds * 1000)
        if ms / 1000 != seconds or ms % self.tick or abs(ms) >= MAX_INT:
            return float(seconds)
        step = ms // self.tick - self.steps
        self.steps += step
        return step

    def read(self, value: Any, what: str) -> float:
        if type(value) is int:
            self.steps += want_int(value, what)
            return self.steps * self.tick / 1000
        return want_float(value, what)


def events_out(events: tuple[Event, ...], scope: Scope) -> list[Any]:
    kinds: list[Any] = []
    times: list[Any] = []
    bys: list[Any] = []
    args: list[Any] = []
    tick = _Clock.tick_for(events)
    clock = _Clock(scope.anchor, tick)
    for i, event in enumerate(events):
        at = clock.out(event.at)
        by = scope.player_code(event.by)
        compact = _compact(event, scope, i)
        if compact is not None:
            kinds.append(NUMBERS[event.type])
            args.extend(compact)
        else:
            kinds.append(event.type)
            args.append(event.data)
        times.append(at)
        bys.append(by)
        if event.type == "add_unit" and isinstance(event.data.get("unit"), dict):
            scope.note_unit(event.data["unit"].get("id"))
    return trim([kinds, times, bys, args, TICKS.index(tick)], 4, [0])


def _compact(event: Event, scope: Scope, i: int) -> list[Any] | None:
    """The compact arguments if reading them back gives exactly this event, else None."""
    before = scope.used_refs
    try:
        args = _args_out(event, scope)
        back = None if args is None else _args_in(NUMBERS[event.type], args, scope, f"event {i + 1}")
    except (CompanionError, TypeError, ValueError, AttributeError, KeyError):
        back = None  # data the compact writers can't take (say, a unit that is not a unit)
    if back is None or not same(back, event.data):
        scope.used_refs = before
        return None
    return args


def events_in(arr: Any, scope: Scope, max_events: int) -> list[Event]:
    kinds, times, bys, args, tick = pad(arr, 4, [0], "events")
    kinds, times, bys, args = (seq(c, "events") for c in (kinds, times, bys, args))
    clock = _Clock(scope.anchor, TICKS[want_int(tick, "events", 0, len(TICKS) - 1)])
    if not len(kinds) == len(times) == len(bys) or len(kinds) > max_events:
        raise damaged("events: columns of different lengths")
    events = []
    pos = 0
    for i, (kind, at_raw, by_raw) in enumerate(zip(kinds, times, bys, strict=True)):
        what = f"event {i + 1}"
        at = clock.read(at_raw, what)
        if type(kind) is int:
            if not 0 <= kind < len(SCHEMAS):
                raise damaged(f"{what}: unknown kind {kind}")
            width = len(SCHEMAS[kind][1])
            if pos + width > len(args):
                raise damaged(f"{what}: arguments missing")
            name, data = SCHEMAS[kind][0], _args_in(kind, args[pos:pos + width], scope, what)
            pos += width
        else:
            if pos >= len(args):
                raise damaged(f"{what}: arguments missing")
            name, data = want_str(kind, what), json_value(args[pos], what)
            if type(data) is not dict:
                raise damaged(f"{what}: data must be a table")
            pos += 1
        events.append(Event(name, data, scope.read_by(by_raw, what), at))
        if name == "add_unit" and isinstance(data.get("unit"), dict):
            scope.note_unit(data["unit"].get("id"))
    if pos != len(args):
        raise damaged("events: arguments left over")
    return events

