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
from companion.core.model import COUNTER_SCOPES, LOCATIONS, Unit, _unit, to_json
from companion.share.codes.scope import Scope
from companion.share.codes.texts import label_in, label_out, purpose_in, purpose_out, roll_texts, text_in, text_out
from companion.share.codes.times import TICKS, Clock, pack_steps, unpack_steps
from companion.share.layout import read_total, total_code, unit_in, unit_out
from companion.share.values import (
    code,
    damaged,
    json_value,
    pad,
    pick,
    same,
    seq,
    trim,
    want_int,
    want_str,
)

# Argument kinds: how one data value is written and read.
Writer = Callable[[Any, Scope], Any]
Reader = Callable[[Any, Scope, str], Any]


def _names(names: tuple[str, ...]) -> tuple[Writer, Reader]:
    return (lambda v, s: code(v, names)), (lambda v, s, w: pick(v, names, w))


def _pack_names(names: Callable[[Scope], tuple[str, ...]]) -> tuple[Writer, Reader]:
    """Words of the match's pack (its token kinds, turn marks, reserve reasons), each sent as its place there."""
    return (lambda v, s: code(v, names(s))), (lambda v, s, w: pick(v, names(s), w))


def _unit_data_out(data: Any, scope: Scope) -> Any:
    return unit_out(_unit(data, "unit"), scope)


def _unit_data_in(value: Any, scope: Scope, what: str) -> Any:
    return to_json(unit_in(value, scope, what))


UNIT_KEYS = tuple(to_json(Unit("u", "", 0, "", ())))  # a unit's JSON keys in the model's order


def _unit_fields_out(data: Any, scope: Scope) -> Any:
    """A unit as the unit editor writes it (only some of its keys): which keys, then the unit."""
    full = to_json(_unit(data, "unit"))
    if type(data) is not dict or not data.keys() <= full.keys():
        raise ValueError("not a unit")
    return [sum(1 << i for i, key in enumerate(UNIT_KEYS) if key in data), unit_out(_unit(data, "unit"), scope)]


def _unit_fields_in(value: Any, scope: Scope, what: str) -> Any:
    mask, unit = pad(value, 2, [], what)
    mask = want_int(mask, what, 1, (1 << len(UNIT_KEYS)) - 1)
    full = to_json(unit_in(unit, scope, what))
    return {key: full[key] for i, key in enumerate(UNIT_KEYS) if mask >> i & 1}


KINDS: dict[str, tuple[Writer, Reader]] = {
    "int": ((lambda v, s: v), (lambda v, s, w: want_int(v, w))),
    "str": ((lambda v, s: v), (lambda v, s, w: want_str(v, w))),
    "unit": ((lambda v, s: s.unit_code(v)), (lambda v, s, w: s.read_unit(v, w))),
    "player": ((lambda v, s: s.player_code(v)), (lambda v, s, w: s.read_player(v, w))),
    "players": ((lambda v, s: [s.player_code(p) for p in v]),
                (lambda v, s, w: [s.read_player(p, w) for p in seq(v, w)])),
    "ints": ((lambda v, s: list(v)), (lambda v, s, w: [want_int(x, w) for x in seq(v, w)])),
    "token": _pack_names(Scope.token_kinds),
    "score": _names(("vp", "kills")),
    "scope": _names(COUNTER_SCOPES),
    "location": _names(LOCATIONS),
    "reason": _pack_names(lambda s: ("", *s.reasons)),
    "turn_mark": _pack_names(lambda s: s.marks),
    "new_unit": (_unit_data_out, _unit_data_in),
    "unit_fields": (_unit_fields_out, _unit_fields_in),
    "text": ((lambda v, s: text_out(v, s.names())), (lambda v, s, w: text_in(v, s.names(), w))),
    "events": ((lambda v, s: _steps_out(v, s)), (lambda v, s, w: _steps_in(v, s, w))),
    "expr": ((lambda v, s: None if v == s.last_expr else v),
             (lambda v, s, w: want_str(s.last_expr if v is None else v, w))),
    "purpose": ((lambda v, s: purpose_out(v, s.attacker(), s.names(), s.unit_names)),
                (lambda v, s, w: purpose_in(v, s.attacker(), s.names(), s.unit_names, w))),
    # a step named by an undo or redo: how many events back (1: the one just before), a small number
    "back": ((lambda v, s: s.index - v if type(v) is int and 0 <= v < s.index else None),
             (lambda v, s, w: s.index - want_int(v, w, 1, s.index))),
    "label": ((lambda v, s: label_out(v, s.labels(), s.names())),
              (lambda v, s, w: label_in(v, s.labels(), s.names(), w))),
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
    ("roll", (("expr", "str"), ("dice", "ints"), ("total", "total"), ("purpose?", "text"))),
    ("timer_add", (("timer", "str"), ("seconds", "int"), ("label?", "str"))),
    ("timer_start", (("timer", "str"),)),
    ("timer_resume", (("timer", "str"),)),
    ("timer_pause", (("timer", "str"),)),
    ("timer_extend", (("timer", "str"), ("seconds", "int"))),
    # format 2: a step of several events (the rules helper's), its events as columns and its label as a text
    ("batch", (("events", "events"), ("label?", "label"))),
    ("add_unit", (("unit", "unit_fields"),)),  # a unit with only the keys it was given (the unit editor's)
    ("roll", (("expr", "expr"), ("dice", "ints"), ("total", "total"), ("purpose?", "purpose"))),
    # a game's reserve bookkeeping (issue 33): why a unit went to the reserves (a set_location without a reason
    # keeps its older, shorter kind), what it did this turn, and where it stands
    ("set_location", (("unit", "unit"), ("location", "location"), ("reason", "reason"))),
    ("mark", (("unit", "unit"), ("mark", "turn_mark"))),
    ("set_position", (("unit", "unit"), ("position", "str"))),
    # format 3: undo and redo are events of the log, naming the step they take back or bring back
    ("undo", (("step", "back"),)),
    ("redo", (("step", "back"),)),
    # format 4: what both sides can work out travels as nothing (a key starting with "=": see IMPLIED); a
    # value that differs makes the event take the older kind. An attack step: the action token, the roll of
    # the same dice as before whose total is their sum, the damage to the unit it names, the likely label.
    ("token", (("unit", "unit"), ("=kind", "action"), ("=delta", "one"))),
    ("roll", (("=expr", "last_expr"), ("dice", "ints"), ("=total", "sum"), ("purpose?", "purpose"))),
    ("damage", (("=unit", "target"), ("amount", "int"))),
    ("batch", (("events", "events"), ("=label", "likely"))),
    # a player renamed (issue 39): the name it replaces is the one both sides hold for that player
    ("rename_player", (("player", "player"), ("name", "str"), ("=was", "player_name"))),
)
# The value of an implied key, from what writer and reader both hold and the keys read before it.
IMPLIED: dict[str, Callable[[Scope, dict[str, Any]], Any]] = {
    "action": lambda s, d: "action",
    "one": lambda s, d: 1,
    "last_expr": lambda s, d: s.last_expr,
    "sum": lambda s, d: sum(d["dice"]),
    "target": lambda s, d: s.target(),
    "likely": lambda s, d: (s.labels() or [None])[0],
    "player_name": lambda s, d: s.player_name(d["player"]),
}
FORMAT_4_KINDS = 29  # kinds from this number on are written (and read) in format 4 codes only
NUMBERS: dict[str, tuple[int, ...]] = {}  # event type -> its kind numbers, the newest (most compact) first
for _number, (_name, _) in enumerate(SCHEMAS):
    NUMBERS[_name] = (_number, *NUMBERS.get(_name, ()))
def _args_out(event: Event, scope: Scope, number: int) -> list[Any] | None:
    """The event's arguments in the schema's order, or None when its data is not of the schema's shape."""
    schema = SCHEMAS[number][1]
    keys = {key.strip("?=") for key, _ in schema}
    if not set(event.data) <= keys:
        return None
    out = []
    for key, kind in schema:
        name = key.strip("?=")
        if name not in event.data:
            if not key.endswith("?"):
                return None
            out.append(None)
            continue
        value = event.data[name]
        if key.startswith("="):
            if not same(value, IMPLIED[kind](scope, event.data)):
                return None
            continue
        out.append(total_code(value, event.data["dice"]) if kind == "total" else KINDS[kind][0](value, scope))
    _noted(event.type, event.data, scope)
    return out


def _noted(name: str, data: dict[str, Any], scope: Scope) -> None:
    """What an event adds to the scope for the events after it: a roll's text, a new unit and its name."""
    if name == "roll":
        scope.extra.extend(roll_texts(data["expr"], data["dice"], data.get("purpose", "")))
        scope.last_expr = data["expr"]
    elif name == "add_unit" and isinstance(data.get("unit"), dict):
        scope.note_unit(data["unit"].get("id"), data["unit"].get("name"))


def _width(number: int) -> int:
    """How many arguments a kind's events have in the code (implied keys have none)."""
    return sum(not key.startswith("=") for key, _ in SCHEMAS[number][1])


def _args_in(number: int, args: list[Any], scope: Scope, what: str) -> dict[str, Any]:
    data: dict[str, Any] = {}
    given = iter(args)
    for key, kind in SCHEMAS[number][1]:
        if key.startswith("="):
            data[key[1:]] = IMPLIED[kind](scope, data)
            if data[key[1:]] is None:
                raise damaged(f"{what}: nothing to take {key[1:]} from")
            continue
        value = next(given)
        if value is None and key.endswith("?"):
            continue
        if kind == "total":
            data[key] = read_total(value, data["dice"], what)
        else:
            data[key.rstrip("?")] = KINDS[kind][1](value, scope, what)
    _noted(SCHEMAS[number][0], data, scope)
    return data


def _steps_out(items: Any, scope: Scope) -> list[Any]:
    """A batch's events as [kinds, arguments]; raises (so the batch travels as plain JSON) on an odd shape."""
    if type(items) is not list or not items:
        raise ValueError("not a list of events")
    kinds: list[Any] = []
    args: list[Any] = []
    for item in items:
        if type(item) is not dict or item.keys() != {"type", "data"} or type(item["data"]) is not dict:
            raise ValueError("not an event")
        found = _first_fit(Event(item["type"], item["data"]), scope)
        if found is None:
            kinds.append(item["type"])
            args.append(item["data"])
        else:  # only events of the compact shapes are known well enough to build a label from
            kinds.append(found[0])
            args.extend(found[1])
            scope.step.append((item["type"], item["data"]))
    return [kinds, args]


def _steps_in(value: Any, scope: Scope, what: str) -> list[dict[str, Any]]:
    kinds, args = pad(value, 2, [], what)
    kinds, args = seq(kinds, what), seq(args, what)
    items, pos = [], 0
    for kind in kinds:
        name, data, pos = _read_one(kind, args, pos, scope, what)
        items.append({"type": name, "data": data})
        if type(kind) is int:
            scope.step.append((name, data))
    if not items or pos != len(args):
        raise damaged(f"{what}: events and arguments don't match")
    return items


def _read_one(kind: Any, args: list[Any], pos: int, scope: Scope, what: str) -> tuple[str, dict[str, Any], int]:
    """One event's type and data from the argument column at `pos`, and the position after it."""
    if type(kind) is int:
        if not 0 <= kind < (len(SCHEMAS) if scope.format >= 4 else FORMAT_4_KINDS):
            raise damaged(f"{what}: unknown kind {kind}")
        width = _width(kind)
        if pos + width > len(args):
            raise damaged(f"{what}: arguments missing")
        return SCHEMAS[kind][0], _args_in(kind, args[pos:pos + width], scope, what), pos + width
    if pos >= len(args):
        raise damaged(f"{what}: arguments missing")
    name, data = want_str(kind, what), json_value(args[pos], what)
    if type(data) is not dict:
        raise damaged(f"{what}: data must be a table")
    return name, data, pos + 1


FAILURES = (CompanionError, TypeError, ValueError, AttributeError, KeyError, IndexError)
def events_out(events: tuple[Event, ...], scope: Scope) -> list[Any]:
    kinds: list[Any] = []
    times: list[Any] = []
    bys: list[Any] = []
    args: list[Any] = []
    tick = Clock.tick_for(events)
    clock = Clock(scope.anchor, tick)
    for i, event in enumerate(events):
        at = clock.out(event.at)
        by = scope.by_code(event.by)
        scope.start_event(event.by)
        compact = _compact(event, scope, i)
        if compact is not None:
            kinds.append(compact[0])
            args.extend(compact[1])
        else:
            kinds.append(event.type)
            args.append(event.data)
        times.append(at)
        bys.append(by)
        if compact is None and event.type == "add_unit":
            _noted(event.type, event.data, scope)
        scope.after_event(event.by, event.type, event.data)
    if scope.packed and times and all(type(t) is int and 0 <= t < 256 for t in times):
        # a byte a time step; format 4: as many bits as the largest needs (a minute's taps: 6 bits, not 8)
        packed = pack_steps(times) if scope.format >= 4 else bytes(times)
        return trim([kinds, packed, bys, args, TICKS.index(tick)], 4, [0])
    return trim([kinds, times, bys, args, TICKS.index(tick)], 4, [0])


def _kinds(name: str, scope: Scope) -> tuple[int, ...]:
    """The kind numbers an event type may be written as in the scope's format, newest first."""
    return tuple(n for n in NUMBERS.get(name, ()) if scope.format >= 4 or n < FORMAT_4_KINDS)


def _first_fit(event: Event, scope: Scope) -> tuple[int, list[Any]] | None:
    """The first kind (newest first) whose writer takes the event, with its arguments."""
    for number in _kinds(event.type, scope):
        mark = scope.mark()
        try:
            args = _args_out(event, scope, number)
        except FAILURES:  # data the compact writers can't take (say, a unit that is not a unit)
            args = None
        if args is not None:
            return number, args
        scope.rewind(mark)
    return None


def _compact(event: Event, scope: Scope, i: int) -> tuple[int, list[Any]] | None:
    """The kind and compact arguments if reading them back gives exactly this event, else None.

    Writing and reading both move the scope on (units, roll texts): it goes back to where it was in between,
    and after a failure."""
    for number in _kinds(event.type, scope):
        mark = scope.mark()
        try:
            args = _args_out(event, scope, number)
            used = scope.used_refs  # the write used the catalogue: the code must name it
            scope.rewind(mark)
            scope.used_refs = used
            back = None if args is None else _args_in(number, args, scope, f"event {i + 1}")
        except FAILURES:
            back = None
        if back is not None and same(back, event.data):
            return number, args
        scope.rewind(mark)
    return None


def events_in(arr: Any, scope: Scope, max_events: int) -> list[Event]:
    kinds, times, bys, args, tick = pad(arr, 4, [0], "events")
    kinds = seq(kinds, "events")
    if type(times) is bytes:
        times = unpack_steps(times, len(kinds)) if scope.format >= 4 else list(times)
    times, bys, args = (seq(c, "events") for c in (times, bys, args))
    clock = Clock(scope.anchor, TICKS[want_int(tick, "events", 0, len(TICKS) - 1)])
    if not len(kinds) == len(times) == len(bys) or len(kinds) > max_events:
        raise damaged("events: columns of different lengths")
    events = []
    pos = 0
    for i, (kind, at_raw, by_raw) in enumerate(zip(kinds, times, bys, strict=True)):
        what = f"event {i + 1}"
        at = clock.read(at_raw, what)
        by = scope.read_event_by(by_raw, what)
        scope.start_event(by)
        name, data, pos = _read_one(kind, args, pos, scope, what)
        events.append(Event(name, data, by, at))
        if type(kind) is not int and name == "add_unit":
            _noted(name, data, scope)
        scope.after_event(by, name, data)
    if pos != len(args):
        raise damaged("events: arguments left over")
    return events

