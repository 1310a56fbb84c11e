"""The match state as compact positional arrays (format 1), and back.

Fields are in a fixed order and trailing fields equal to their defaults are left out. Players, units and
fixed names (locations, token kinds ...) travel as small numbers; a dial travels as one column per stat with
each value stored as its change from the click before (dials wear down a point at a time, so the columns are
full of 0 and -1, which compress well). A pack unit that matches its catalogue entry travels as the entry's
number. Anything that doesn't fit the compact shapes still travels exactly, in a plainer form.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from companion.core.match.creation import PALETTE
from companion.core.model import (
    LOCATIONS,
    TURN_STYLES,
    Click,
    Match,
    Player,
    Roll,
    Rules,
    Timer,
    Tokens,
    Unit,
    token_slots,
)
from companion.share.codes.scope import Scope
from companion.share.values import (
    anchor_of,
    code,
    damaged,
    mapping,
    number_code,
    pad,
    pick,
    read_time,
    same,
    seq,
    seq_of,
    time_code,
    trim,
    want_bool,
    want_float,
    want_int,
    want_str,
)

STATUSES = ("active", "finished")
MAX_CLICKS = 100
MAX_STAT = 10**5  # larger stats travel as they are, not as steps
HEX_ID = re.compile(r"^(?:[0-9a-f]{2})+$")
NO_STATS: tuple[str, ...] = ()


# --- dials ------------------------------------------------------------------------------------------


def _marker_default(i: int, n: int, cyclic: bool) -> tuple[str, ...]:
    return ("ko",) if not cyclic and i == n - 1 else ()


def dial_out(dial: tuple[Click, ...], cyclic: bool, scope: Scope) -> list[Any]:
    n = len(dial)
    live = [c for c in dial if c.stats]
    keys = tuple(live[0].stats) if live else NO_STATS
    if not dial or any(tuple(c.stats) != keys for c in live):
        return [[c.stats, *c.markers] for c in dial]  # stats that differ from click to click
    columns: list[Any] = []
    for key in keys:
        values = [c.stats[key] for c in live]
        if all(type(v) is int and abs(v) <= MAX_STAT for v in values):
            columns.append([values[0], *(b - a for a, b in zip(values, values[1:], strict=False))])
        else:
            columns.append([values])
    if scope.packed and len(live) > 1 and all(type(c[0]) is int and set(c[1:]) <= {0, -1} for c in columns):
        columns = _worn(columns)
    markers = [[i, *c.markers] for i, c in enumerate(dial) if c.markers != _marker_default(i, n, cyclic)]
    blank = [i for i, c in enumerate(dial) if not c.stats]
    default_blank = [] if cyclic else [n - 1]
    return trim([n, None if keys == scope.rules.stats else list(keys), columns, markers,
                 None if blank == default_blank else blank], 1, [None, [], [], None])


def _worn(columns: list[list[int]]) -> list[Any]:
    """Format 2: stats that lose 0 or 1 a click as [first values, one bit a click and stat (1: loses 1)]."""
    steps = [d for column in columns for d in column[1:]]
    return [[c[0] for c in columns], sum(1 << i for i, d in enumerate(steps) if d).to_bytes((len(steps) + 7) // 8,
                                                                                          "little")]


def _unworn(packed: list[Any], stats: int, live: int, what: str) -> list[list[int]]:
    firsts, bits = seq(packed[0], what), packed[1]
    if len(firsts) != stats or len(bits) != (stats * (live - 1) + 7) // 8:
        raise damaged(f"{what}: worn dial of the wrong size")
    number = int.from_bytes(bits, "little")
    columns = []
    for k, first in enumerate(firsts):
        column = [want_int(first, what, -MAX_STAT, MAX_STAT)]
        column += [-(number >> (k * (live - 1) + i) & 1) for i in range(live - 1)]
        columns.append(column)
    return columns


def _markers(values: list[Any], what: str) -> tuple[str, ...]:
    return tuple(want_str(m, what) for m in values)


def dial_in(arr: Any, cyclic: bool, scope: Scope, what: str) -> tuple[Click, ...]:
    items = seq(arr, what)
    if items and type(items[0]) is list:
        clicks = []
        for i, raw in enumerate(items):
            click = seq(raw, f"{what}[{i}]")
            if not click:
                raise damaged(f"{what}[{i}]: empty click")
            stats = mapping(click[0], _stat, f"{what}[{i}]")
            clicks.append(Click(stats, _markers(click[1:], what)))
        return tuple(clicks)
    n_raw, keys_raw, columns, markers_raw, blank_raw = pad(items, 1, [None, [], [], None], what)
    n = want_int(n_raw, what, 1, MAX_CLICKS)
    keys = scope.rules.stats if keys_raw is None else tuple(want_str(k, what) for k in seq(keys_raw, what))
    if blank_raw is None:
        blank = [] if cyclic else [n - 1]
    else:
        blank = [want_int(b, what, 0, n - 1) for b in seq(blank_raw, what)]
    if len(set(blank)) != len(blank) or len(set(keys)) != len(keys):
        raise damaged(f"{what}: repeated click or stat")
    live = n - len(blank)
    columns = seq(columns, what)
    if len(columns) == 2 and type(columns[1]) is bytes and live > 1:
        columns = _unworn(columns, len(keys), live, what)
    if len(columns) != len(keys) or (live and not keys):
        raise damaged(f"{what}: {len(columns)} stat columns for {len(keys)} stats")
    rows: list[dict[str, int | str]] = [{} for _ in range(live)]
    for key, column in zip(keys, columns, strict=True):
        for row, value in zip(rows, _column(column, live, what), strict=True):
            row[key] = value
    stats = iter(rows)
    clicks = [{} if i in blank else next(stats) for i in range(n)]
    marks = [_marker_default(i, n, cyclic) for i in range(n)]
    seen: set[int] = set()
    for entry in seq(markers_raw, what):
        entry = seq(entry, what)
        i = want_int(entry[0] if entry else None, what, 0, n - 1)
        if i in seen:
            raise damaged(f"{what}: markers given twice for click {i + 1}")
        seen.add(i)
        marks[i] = _markers(entry[1:], what)
    return tuple(Click(s, m) for s, m in zip(clicks, marks, strict=True))


def _column(column: Any, live: int, what: str) -> list[int | str]:
    values = seq(column, what)
    if len(values) == 1 and type(values[0]) is list:
        raw = [_stat(v, what) for v in values[0]]
    else:
        raw, total = [], 0
        for step in values:
            total += want_int(step, what, -2 * MAX_STAT, 2 * MAX_STAT)
            raw.append(total)
    if len(raw) != live:
        raise damaged(f"{what}: a stat column has {len(raw)} values for {live} clicks")
    return raw


def _stat(value: Any, what: str) -> int | str:
    return value if type(value) is str else want_int(value, what)


# --- units ------------------------------------------------------------------------------------------


def _points_code(points: int, scope: Scope) -> int | list[int]:
    """Format 4: a unit's points in fives when they are (they nearly always are: 20, 45, 100 ...), a byte
    and a more predictable number; other points as [points]."""
    if scope.format < 4:
        return points
    return points // 5 if points % 5 == 0 and 0 <= points < 5 * 2**32 else [points]


def _read_points(value: Any, scope: Scope, what: str) -> int:
    if scope.format < 4:
        return want_int(value, what)
    if type(value) is list and len(value) == 1:
        return want_int(value[0], what)
    return 5 * want_int(value, what, 0, 2**32 - 1)


def _tokens_out(unit: Unit, scope: Scope) -> Any:
    """A unit's tokens as counts in the order of its match's kinds (`token_slots`: the action's two, then the
    pack's, as format 1 always sent them), zeros at the end left out; tokens of a kind the match doesn't have as a
    table of kind -> count. (A unit of a match holds a count of each of its kinds, zeros too: core.model.)"""
    slots = token_slots(scope.rules)
    if not unit.tokens.keys() <= set(slots):
        return dict(unit.tokens)
    return trim([unit.tokens[k] for k in slots], 0, [0] * len(slots))


def _tokens_in(value: Any, scope: Scope, what: str) -> Tokens:
    if type(value) is dict:
        return Tokens(mapping(value, want_int, what))
    slots = token_slots(scope.rules)
    counts = seq(value, what)
    if len(counts) > len(slots):
        raise damaged(f"{what}: {len(counts)} token counts for the match's {len(slots)} kinds")
    return Tokens(zip(slots, [*(want_int(v, what) for v in counts), *[0] * (len(slots) - len(counts))],
                      strict=True))


def unit_out(unit: Unit, scope: Scope) -> list[Any]:
    number = scope.refs.number(unit)
    if number is not None:
        scope.used_refs = True
        template: Any = number
    else:
        template = trim([scope.name_code(unit.name), _points_code(unit.points, scope),
                         dial_out(unit.dial, unit.cyclic, scope), unit.start, unit.cyclic, unit.ref],
                        3, [0, False, None])
    uid = None if unit.id == scope.next_unit_id() else unit.id
    return trim([uid, scope.player_code(unit.owner), template, unit.click, LOCATIONS.index(unit.location)
                 if unit.location in LOCATIONS else unit.location,
                 _tokens_out(unit, scope), unit.counters,
                 unit.position, unit.reserve_reason, list(unit.turn_marks)],
                3, [0, 0, [], {}, "", "", []])


def unit_in(arr: Any, scope: Scope, what: str) -> Unit:
    uid, owner, template, click, location, tokens, counters, position, reason, marks = pad(
        arr, 3, [0, 0, [], {}, "", "", []], what)
    if type(template) is int:
        if not 0 <= template < len(scope.refs.refs):
            raise damaged(f"{what}: unknown catalogue unit {template}")
        t = scope.refs.template(template)
        name, points, dial, start, cyclic = t.name, t.points, t.dial, t.start, t.cyclic
        ref = scope.refs.refs[template]
    else:
        name, points, dial_raw, start, cyclic, ref = pad(template, 3, [0, False, None], what)
        cyclic = want_bool(cyclic, what)
        dial = dial_in(dial_raw, cyclic, scope, f"{what}.dial")
        name, points, start = scope.read_name(name, what), _read_points(points, scope, what), want_int(start, what)
        ref = None if ref is None else want_str(ref, what)
    click = want_int(click, what)
    return Unit(id=scope.next_unit_id() if uid is None else want_str(uid, what), name=name, points=points,
                owner=scope.read_player(owner, what), dial=dial,
                click=click, start=start, cyclic=cyclic, eliminated=0 <= click < len(dial) and dial[click].ko,
                location=pick(location, LOCATIONS, what), tokens=_tokens_in(tokens, scope, what),
                counters=mapping(counters, want_int, what), ref=ref, position=want_str(position, what),
                reserve_reason=want_str(reason, what), turn_marks=tuple(want_str(m, what) for m in seq(marks, what)))


# --- players, rules, timers, rolls ------------------------------------------------------------------


def _default_colour(i: int) -> str | None:
    return PALETTE[i][1] if i < len(PALETTE) else None


def player_out(p: Player, i: int, scope: Scope) -> list[Any]:
    palette = [hex_ for _, hex_ in PALETTE]
    colour = None if p.colour == _default_colour(i) else code(p.colour, palette)
    return trim([scope.name_code(p.name), p.vp, p.kills, p.counters, colour, None if p.id == f"p{i + 1}" else p.id],
                1, [0, 0, {}, None, None])


def player_in(arr: Any, i: int, scope: Scope, what: str) -> Player:
    name, vp, kills, counters, colour, pid = pad(arr, 1, [0, 0, {}, None, None], what)
    if colour is None:
        colour = _default_colour(i)
        if colour is None:
            raise damaged(f"{what}: no colour")
    return Player(id=f"p{i + 1}" if pid is None else want_str(pid, what), name=scope.read_name(name, what),
                  colour=pick(colour, [h for _, h in PALETTE], what), vp=want_int(vp, what),
                  kills=want_int(kills, what), counters=mapping(counters, want_int, what))


RULES_DEFAULTS: list[Any] = [0, 1, None, {}, {}, [], True]


def rules_out(r: Rules) -> list[Any]:
    stats = None if r.stats == Rules().stats else list(r.stats)
    counters = {k: list(v) for k, v in r.counters.items()}
    return trim([code(r.turn_style, TURN_STYLES), r.rounds_per_turn, stats, r.token_limits, counters, list(r.phases),
                 r.action_tokens_carry], 0, RULES_DEFAULTS)


def _limit(value: Any, what: str) -> int | None:
    return None if value is None else want_int(value, what)


def rules_in(arr: Any, what: str) -> Rules:
    style, rounds, stats, limits, counters, phases, carry = pad(arr, 0, RULES_DEFAULTS, what)
    names = lambda v, w: tuple(want_str(x, w) for x in seq(v, w))  # noqa: E731
    return Rules(turn_style=pick(style, TURN_STYLES, what), rounds_per_turn=want_int(rounds, what),
                 stats=Rules().stats if stats is None else names(stats, what),
                 token_limits=mapping(limits, _limit, what), counters=mapping(counters, names, what),
                 phases=names(phases, what), action_tokens_carry=want_bool(carry, what))


def timer_out(t: Timer, scope: Scope) -> list[Any]:
    remaining = None if t.remaining == t.duration else number_code(t.remaining)
    deadline = None if t.deadline is None else time_code(t.deadline, scope.anchor)
    return trim([t.id, number_code(t.duration), t.label, remaining, t.running, deadline,
                 number_code(t.extended)], 2, ["", None, False, None, 0])


def timer_in(arr: Any, scope: Scope, what: str) -> Timer:
    tid, duration, label, remaining, running, deadline, extended = pad(arr, 2, ["", None, False, None, 0], what)
    duration = want_float(duration, what)
    return Timer(id=want_str(tid, what), label=want_str(label, what), duration=duration,
                 running=want_bool(running, what),
                 deadline=None if deadline is None else read_time(deadline, scope.anchor, what),
                 remaining=duration if remaining is None else want_float(remaining, what),
                 extended=want_float(extended, what))


def total_code(total: int, dice: Any) -> int | None:
    """A roll's total is left out when it is the sum of its dice (it usually is)."""
    return None if type(total) is int and total == sum(dice) else total


def read_total(value: Any, dice: list[int], what: str) -> int:
    return sum(dice) if value is None else want_int(value, what)


def roll_out(r: Roll, scope: Scope) -> list[Any]:
    return trim([r.expr, list(r.dice), total_code(r.total, r.dice), scope.player_code(r.by),
                 time_code(r.at, scope.anchor), r.purpose],
                5, [""])


def roll_in(arr: Any, scope: Scope, what: str) -> Roll:
    expr, dice, total, by, at, purpose = pad(arr, 5, [""], what)
    faces = [want_int(d, what) for d in seq(dice, what)]
    return Roll(expr=want_str(expr, what), dice=tuple(faces), total=read_total(total, faces, what),
                by=scope.read_by(by, what), at=read_time(at, scope.anchor, what),
                purpose=want_str(purpose, what))


# --- the match --------------------------------------------------------------------------------------

MATCH_DEFAULTS: list[Any] = [[], 1, 1, 0, "", {}, [], [], 0, [], 0]


def match_out(m: Match, scope: Scope, pack_rules: Rules | None) -> list[Any]:
    """The match minus its system and pack version, which the code's header carries."""
    created = time_code(m.created, 0)
    scope.anchor = anchor_of(m.created)
    scope.rules, scope.players = m.rules, tuple(p.id for p in m.players)
    scope.player_names = tuple(p.name for p in m.players)
    scope.expected_by = scope.players[0] if scope.players else None
    # Players before units, as `match_in` reads them: a name sent as nothing is the next of the names in front
    # (format 4), so the order names are written in is part of the format (units first gave a player a unit's
    # name when a unit was named like the first player)
    players = [player_out(p, i, scope) for i, p in enumerate(m.players)]
    units = []
    for u in m.units:
        units.append(unit_out(u, scope))
        scope.note_unit(u.id, u.name)
    return trim([
        bytes.fromhex(m.id) if HEX_ID.match(m.id) else m.id, created, None,  # was the dice seed: never sent
        players,
        None if pack_rules is not None and same(rules_out(m.rules), rules_out(pack_rules)) else rules_out(m.rules),
        units, m.turn, m.round, m.active, code(m.phase, m.rules.phases),
        m.counters, [timer_out(t, scope) for t in m.timers], [roll_out(r, scope) for r in m.rolls],
        code(m.status, STATUSES), [scope.player_code(w) for w in m.winners], m.seq,
    ], 5, MATCH_DEFAULTS)


def match_in(arr: Any, system: str, pack_version: str, scope: Scope, pack_rules: Callable[[], Rules]) -> Match:
    """Read a match; `pack_rules` gives the pack's rules when the code left them out (or raises MissingPack)."""
    (mid, created, _old_seed, players, rules, units, turn, round_, active, phase, counters, timers, rolls, status,
     winners, seq_) = pad(arr, 5, MATCH_DEFAULTS, "match")
    created = read_time(created, 0, "match.created")
    scope.anchor = anchor_of(created)
    people = tuple(player_in(p, i, scope, f"match.players[{i}]")
                   for i, p in enumerate(seq(players, "match.players")))
    scope.rules = pack_rules() if rules is None else rules_in(rules, "match.rules")
    scope.players = tuple(p.id for p in people)
    scope.player_names = tuple(p.name for p in people)
    scope.expected_by = scope.players[0] if scope.players else None
    unit_list = []
    for i, raw in enumerate(seq(units, "match.units")):
        unit_list.append(unit_in(raw, scope, f"match.units[{i}]"))
        scope.note_unit(unit_list[-1].id, unit_list[-1].name)
    return Match(
        id=mid.hex() if type(mid) is bytes else want_str(mid, "match.id"), system=system, pack_version=pack_version,
        created=created, players=people, units=tuple(unit_list),
        rules=scope.rules, turn=want_int(turn, "match.turn"), round=want_int(round_, "match.round"),
        active=want_int(active, "match.active"), phase=pick(phase, scope.rules.phases, "match.phase"),
        counters=mapping(counters, want_int, "match.counters"),
        timers=tuple(seq_of(timers, lambda v, w: timer_in(v, scope, w), "match.timers")),
        rolls=tuple(seq_of(rolls, lambda v, w: roll_in(v, scope, w), "match.rolls")),
        status=pick(status, STATUSES, "match.status"),
        winners=tuple(scope.read_player(w, "match.winners") for w in seq(winners, "match.winners")),
        seq=want_int(seq_, "match.seq"))

