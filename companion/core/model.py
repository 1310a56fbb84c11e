"""The match state: a tree of frozen dataclasses that converts to and from plain JSON.

Nothing here changes a state in place; `events.apply` builds new states with `dataclasses.replace`.
Dicts inside the tree (stats, counters, limits) are treated as immutable by convention.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.dial import validate_dial
from companion.core.errors import InvalidMatch
from companion.core.frozen import CheckedMemo
from companion.core.json_reader import Reader
from companion.core.plain import Memo, plain
from companion.core.unit_checks import changed_in_place, refuse_tokens, tokens_out_of_range

JSON = dict[str, Any]
Stat = int | str

MATCH_FORMAT = "tabletop-companion/match"
MATCH_VERSION = 1
LOCATIONS = ("table", "reserve")
TURN_STYLES = ("player", "shared")
COUNTER_SCOPES = ("match", "player", "unit")
MAX_POSITION = 32  # a position is a short word the system's rules helper reads ("top", "ramp", "enemy-spawn")
# a house-rule option of the match's pack, kept as the match counter "house:<option id>": 1 on, 0 off (absent: the
# pack's default), so undo, export, backups, share codes and the live table carry it like any other counter
HOUSE = "house:"
# A game's words for what a unit holds and did are its pack's (units.toml: [[token]], [[mark]], [[reserve]]); the
# core keeps them as short words, as it keeps counters, and the match's system says which it takes (see
# core.match.reactions). The core's own token kind is the action: ACTION counts the action tokens given this
# turn, ACTION_LAST those still on the unit from an earlier turn (the clear phase moves them, see events._clear).
ACTION, ACTION_LAST = "action", "action_last"


def is_word(value: object) -> bool:
    """A short word a pack names things with ("action", "enemy-spawn"): what a token kind, a turn mark, a reserve
    reason and a position are."""
    return isinstance(value, str) and 0 < len(value) <= MAX_POSITION and value.replace("-", "").replace("_", "")\
        .isalnum()


@dataclass(frozen=True)
class Click:
    """One position of a combat dial: the stats it shows and markers such as "ko" or "special:attack"."""

    stats: dict[str, Stat] = field(default_factory=dict)
    markers: tuple[str, ...] = ()

    @property
    def ko(self) -> bool:
        return "ko" in self.markers


class Tokens(dict[str, int]):
    """Tokens on one unit: kind -> count, in the words of the match's pack (as counters are kept); a kind it holds
    none of reads 0, and two holdings are equal when they hold the same tokens. The kinds it was made with stay,
    zeros too, so a stored match is written back as it was read (a unit entering a match gets a slot for each
    kind its match declares: `token_slots`). Immutable by convention, like every dict of the state."""

    __slots__ = ()

    def __missing__(self, kind: str) -> int:
        return 0

    @property
    def action(self) -> int:
        """Action tokens given this turn."""
        return self[ACTION]

    @property
    def action_last(self) -> int:
        """Action tokens still on the unit from an earlier turn."""
        return self[ACTION_LAST]

    def held(self) -> dict[str, int]:
        """The kinds it holds at least one of (or, broken, fewer than none)."""
        return {k: v for k, v in self.items() if v}

    def counted(self, kind: str, count: int) -> Tokens:
        """These tokens with `count` of `kind`."""
        return Tokens({**self, kind: count})

    def slotted(self, slots: tuple[str, ...]) -> Tokens:
        """These tokens with a slot (0) for each of `slots` they lack, the slots first (itself when none lacks)."""
        if all(k in self for k in slots):
            return self
        return Tokens({**dict.fromkeys(slots, 0), **self})

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, dict):
            return NotImplemented
        return self.held() == {k: v for k, v in other.items() if v}

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Tokens({dict(self)!r})"


@dataclass(frozen=True)
class Unit:
    id: str
    name: str
    points: int
    owner: str
    dial: tuple[Click, ...]
    click: int = 0
    start: int = 0  # the starting (full health) click: healing stops here
    cyclic: bool = False  # a dial that turns round and round (the Scarab's Event dial), never KO'd
    eliminated: bool = False
    location: str = "table"
    tokens: Tokens = field(default_factory=Tokens)
    counters: dict[str, int] = field(default_factory=dict)
    ref: str | None = None  # catalogue id when the unit comes from a rule pack
    position: str = ""  # where the figure stands, in its rules helper's words ("top", "ramp"); "" its default place
    reserve_reason: str = ""  # why it is in the reserves, a word of its pack ([[reserve]]); "" on the table
    turn_marks: tuple[str, ...] = ()  # what it did in its player's current turn, words of its pack ([[mark]])

    @property
    def current(self) -> Click:
        return self.dial[self.click]

    @property
    def tags(self) -> frozenset[str]:
        """Words the players put on a unit for what its card shows ("aerial", "multi-base", an icon): the
        last ":"-part of a marker on its current click, and every ":"-part of its catalogue ref."""
        words = {m.rsplit(":", 1)[-1] for m in self.current.markers}
        return frozenset(words | (set(self.ref.split(":")) if self.ref else set()))

    @property
    def ko_click(self) -> int | None:
        return next((i for i, c in enumerate(self.dial) if c.ko), None)


@dataclass(frozen=True)
class Player:
    id: str
    name: str
    colour: str
    vp: int = 0
    kills: int = 0
    counters: dict[str, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Timer:
    """A countdown kept as a deadline (UTC epoch seconds), so it survives restarts; see core.timers."""

    id: str
    label: str
    duration: float
    running: bool = False
    deadline: float | None = None  # when running
    remaining: float = 0.0  # when not running
    extended: float = 0.0  # seconds added by extensions so far


@dataclass(frozen=True)
class Roll:
    expr: str
    dice: tuple[int, ...]
    total: int
    by: str | None
    at: float
    purpose: str = ""


@dataclass(frozen=True)
class Rules:
    """What a game system declares for its matches (copied from the rule pack when the match is made)."""

    turn_style: str = "player"  # "player": each player's turn is a turn; "shared": one turn, rounds per player
    rounds_per_turn: int = 1
    stats: tuple[str, ...] = ("speed", "attack", "defense", "damage")
    # the token kinds of the game (its pack's [[token]]) and how many of each a unit may hold (None: no limit)
    token_limits: dict[str, int | None] = field(default_factory=dict)
    # HeroClix: action tokens stay until a turn in which the unit gets none (the clear phase);
    # Halo ActionClix: no tokens carry over, each turn every unit may act once
    action_tokens_carry: bool = True
    counters: dict[str, tuple[str, ...]] = field(default_factory=dict)  # scope -> counter names
    phases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Match:
    id: str
    system: str
    pack_version: str
    created: float
    # no dice seed: a seed that travels with the match would let any copy predict its rolls (old files may
    # still carry one; reading ignores it)
    players: tuple[Player, ...]
    units: tuple[Unit, ...] = ()
    rules: Rules = field(default_factory=Rules)
    turn: int = 1
    round: int = 1
    active: int = 0  # index into players
    phase: str = ""
    counters: dict[str, int] = field(default_factory=dict)
    timers: tuple[Timer, ...] = ()
    rolls: tuple[Roll, ...] = ()
    status: str = "active"  # or "finished"
    winners: tuple[str, ...] = ()
    seq: int = 0  # number of events applied since creation

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def timer(self, timer_id: str) -> Timer:
        for t in self.timers:
            if t.id == timer_id:
                return t
        raise KeyError(timer_id)

    @property
    def active_player(self) -> Player:
        return self.players[self.active]


# --- JSON conversion -------------------------------------------------------------------------------


def to_json(match: Match, memo: Memo | None = None) -> JSON:
    """The match as plain JSON types (tuples become lists); `memo` shares parts between states (core.plain)."""
    result: JSON = plain(match, memo)
    return result


def _click(data: Any, path: str) -> Click:
    r = Reader(data, path)
    markers = r.get("markers", list, [])
    if not all(isinstance(m, str) for m in markers):
        raise InvalidMatch(f"{path}.markers: expected a list of strings")
    return Click(stats=r.mapping("stats", (int, str)), markers=tuple(markers))


def token_slots(rules: Rules) -> tuple[str, ...]:
    """The kinds a unit of a match with these rules holds a count of: the action's two, then the pack's other kinds
    (zeros stay written: a stored unit reads and writes back the same)."""
    return (ACTION, ACTION_LAST, *(k for k in rules.token_limits if k != ACTION))


def _unit(data: Any, path: str) -> Unit:
    r = Reader(data, path)
    return Unit(
        id=r.get("id", str),
        name=r.get("name", str),
        points=r.get("points", int),
        owner=r.get("owner", str),
        dial=r.items("dial", _click),
        click=r.get("click", int, 0),
        start=r.get("start", int, 0),
        cyclic=r.get("cyclic", bool, False),
        eliminated=r.get("eliminated", bool, False),
        location=r.get("location", str, "table"),
        tokens=Tokens(r.mapping("tokens", (int,))),
        counters=r.mapping("counters", (int,)),
        ref=r.get("ref", (str, type(None)), None),
        position=r.get("position", str, ""),
        reserve_reason=r.get("reserve_reason", str, ""),
        turn_marks=tuple(r.get("turn_marks", list, [])),
    )


def _player(data: Any, path: str) -> Player:
    r = Reader(data, path)
    return Player(
        id=r.get("id", str),
        name=r.get("name", str),
        colour=r.get("colour", str),
        vp=r.get("vp", int, 0),
        kills=r.get("kills", int, 0),
        counters=r.mapping("counters", (int,)),
    )


def _timer(data: Any, path: str) -> Timer:
    r = Reader(data, path)
    return Timer(
        id=r.get("id", str),
        label=r.get("label", str, ""),
        duration=float(r.get("duration", float)),
        running=r.get("running", bool, False),
        deadline=r.get("deadline", (float, type(None)), None),
        remaining=float(r.get("remaining", float, 0.0)),
        extended=float(r.get("extended", float, 0.0)),
    )


def _roll(data: Any, path: str) -> Roll:
    r = Reader(data, path)
    dice = r.get("dice", list)
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in dice):
        raise InvalidMatch(f"{path}.dice: expected a list of whole numbers")
    return Roll(
        expr=r.get("expr", str),
        dice=tuple(dice),
        total=r.get("total", int),
        by=r.get("by", (str, type(None)), None),
        at=float(r.get("at", float)),
        purpose=r.get("purpose", str, ""),
    )


def _rules(data: Any, path: str) -> Rules:
    r = Reader(data, path)
    counters = r.get("counters", dict, {})
    for scope, names in counters.items():
        if scope not in COUNTER_SCOPES or not isinstance(names, list | tuple):
            raise InvalidMatch(f"{path}.counters.{scope}: expected a list of names for match/player/unit")
    return Rules(
        turn_style=r.get("turn_style", str, "player"),
        rounds_per_turn=r.get("rounds_per_turn", int, 1),
        stats=tuple(r.get("stats", list, ["speed", "attack", "defense", "damage"])),
        token_limits=r.mapping("token_limits", (int, type(None))),
        action_tokens_carry=r.get("action_tokens_carry", bool, True),
        counters={k: tuple(v) for k, v in counters.items()},
        phases=tuple(r.get("phases", list, [])),
    )


def from_json(data: Any) -> Match:
    """Build a match from JSON, checking every field's type and the model's invariants."""
    r = Reader(data, "match")
    match = Match(
        id=r.get("id", str),
        system=r.get("system", str),
        pack_version=r.get("pack_version", str),
        created=float(r.get("created", float)),
        players=r.items("players", _player),
        units=r.items("units", _unit, ()),
        rules=_rules(r.get("rules", dict, {}), "match.rules"),
        turn=r.get("turn", int, 1),
        round=r.get("round", int, 1),
        active=r.get("active", int, 0),
        phase=r.get("phase", str, ""),
        counters=r.mapping("counters", (int,)),
        timers=r.items("timers", _timer, ()),
        rolls=r.items("rolls", _roll, ()),
        status=r.get("status", str, "active"),
        winners=tuple(r.get("winners", list, [])),
        seq=r.get("seq", int, 0),
    )
    slots = token_slots(match.rules)  # a unit holds a count of each of its match's kinds (stored ones always did)
    if any(not u.tokens.keys() >= set(slots) for u in match.units):
        match = replace(match, units=tuple(replace(u, tokens=u.tokens.slotted(slots)) for u in match.units))
    validate(match)
    return match


# --- invariants -------------------------------------------------------------------------------------


# Tuples of units and dials that passed the checks below, by identity: a replay keeps most units as they were,
# often the whole tuple, and every dial, event after event (single units: the last units that passed, below).
_VALID_UNITS: CheckedMemo[tuple[Unit, ...] | tuple[Click, ...]] = CheckedMemo()
# The players, token limits, unit-check context and units of the last state that passed: a replay's states share
# them (most events change one unit or none). One tuple, read and replaced whole: two threads can't mix theirs.
_LAST_PASSED: list[tuple[Any, Any, Any, tuple[Unit, ...]]] = [((), None, None, ())]


def validate(match: Match) -> None:
    """Raise InvalidMatch when the state breaks an invariant; used on load, import and in property tests."""
    players, limits = match.players, match.rules.token_limits
    last_players, last_limits, last_context, last_units = _LAST_PASSED[0]
    known = players is last_players  # this very tuple passed every check on players below
    ids = last_context[0] if known else tuple([p.id for p in players])
    if not known and not 2 <= len(players) <= 4:
        raise InvalidMatch(f"a match has 2 to 4 players, this one has {len(players)}")
    if not known and len(set(ids)) != len(ids):
        raise InvalidMatch("two players share one id")
    if not 0 <= match.active < len(players):
        raise InvalidMatch("the active player is not one of the players")
    if match.turn < 1 or match.round < 1 or match.seq < 0:
        raise InvalidMatch("turn, round and event count must be positive")
    if match.status not in ("active", "finished"):
        raise InvalidMatch(f"unknown match status {match.status!r}")
    if match.rules.turn_style not in TURN_STYLES or match.rules.rounds_per_turn < 1:
        raise InvalidMatch("rules: turn_style must be player or shared, rounds_per_turn at least 1")
    if match.winners and any(w not in ids for w in match.winners):
        raise InvalidMatch("a winner is not one of the players")
    # a unit's checks read only the unit, the player ids and the token limits: a check that reads more of the
    # match must add it to `context`
    context = last_context if known and limits is last_limits else (ids, tuple(limits.items()))
    units = match.units  # below: each unit to check, with the unit whose place it takes in the last that passed
    fresh = changed_in_place(units, last_units) if (same := context == last_context) else None
    checked = fresh is not None or _VALID_UNITS.passed(units, context)
    if fresh is None:  # a unit added, removed or moved, or another match: all but the last units that passed
        whole = () if checked else units
        if len({u.id for u in whole}) != len(whole):  # a tuple of units that passed holds no two with one id
            raise InvalidMatch("two units share one id")
        passed = set(map(id, last_units)) if same else set()  # (held by _LAST_PASSED: no id is reused)
        fresh = [(u, None) for u in whole if id(u) not in passed]
    for p in () if known else players:
        if p.vp < 0 or p.kills < 0:
            raise InvalidMatch(f"{p.name}: points can't be negative")
    for u, was in fresh:
        if (was is None or u.dial is not was.dial or u.cyclic != was.cyclic) and \
                not _VALID_UNITS.passed(u.dial, (u.name, u.cyclic)):  # a turned dial is still the same dial
            validate_dial(u.name, u.dial, u.cyclic)
            _VALID_UNITS.remember(u.dial, (u.name, u.cyclic))
        if u.owner not in ids:
            raise InvalidMatch(f"{u.name}: its owner {u.owner!r} is not a player of this match")
        if not 0 <= u.click < len(u.dial) or not 0 <= u.start < len(u.dial) or u.points < 0:
            raise InvalidMatch(f"{u.name}: click, starting click or points out of range")
        if u.eliminated != u.dial[u.click].ko:  # (its current click, without the property's call)
            raise InvalidMatch(f"{u.name}: eliminated must match the KO click")
        if u.position and (len(u.position) > MAX_POSITION or not u.position.replace("-", "").isalnum()):
            raise InvalidMatch(f"{u.name}: a position is a short word, not {u.position[:40]!r}")
        if u.location not in LOCATIONS:
            raise InvalidMatch(f"{u.name}: location must be one of {', '.join(LOCATIONS)}")
        if u.reserve_reason and (u.location != "reserve" or not is_word(u.reserve_reason)):
            raise InvalidMatch(f"{u.name}: {u.reserve_reason[:40]!r} is no reason to be in the reserves here")
        if (marks := u.turn_marks) and (not all(map(is_word, marks)) or len(set(marks)) != len(marks)):
            raise InvalidMatch(f"{u.name}: turn marks are short words, each once")
        if any(u.tokens.values()) and tokens_out_of_range(u.tokens, limits):  # most units hold none
            refuse_tokens(u, limits)
    if not checked:
        _VALID_UNITS.remember(units, context)
    _LAST_PASSED[0] = (players, limits, context, units)  # every check that reads them passed
    if not match.timers:
        return
    if len({t.id for t in match.timers}) != len(match.timers):
        raise InvalidMatch("two timers share one id")
    for t in match.timers:
        if t.duration <= 0 or t.remaining < 0 or (t.running and t.deadline is None):
            raise InvalidMatch(f"timer {t.label or t.id}: duration, remaining time or deadline out of range")
