"""The match state: a tree of frozen dataclasses that converts to and from plain JSON.

Nothing here changes a state in place; `events.apply` builds new states with `dataclasses.replace`.
Dicts inside the tree (stats, counters, limits) are treated as immutable by convention.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from itertools import chain, repeat
from typing import Any

from companion.core.errors import InvalidMatch
from companion.core.json_reader import Reader
from companion.core.plain import Memo, plain

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
MAX_KIND = 32  # a token kind is a short word of its pack, as a position is (MAX_POSITION)


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
#
# Each rule a state keeps is one small function below, named for it and handed only the part of the state it
# reads: the players, the match's own fields, the timers, one unit's dial, or one unit with the player ids and
# the rules. `validate` runs them all. `validate_step` gives the same verdict on a state the reducer made from one
# that passed, running a check again only where the part it is handed is not the very object (or the same
# value) that passed: what a check may read is its signature, so the shortcut needs no list kept beside it.


def players_two_to_four(players: tuple[Player, ...]) -> None:
    if not 2 <= len(players) <= 4:
        raise InvalidMatch(f"a match has 2 to 4 players, this one has {len(players)}")


def player_ids_unique(players: tuple[Player, ...]) -> None:
    if len({p.id for p in players}) != len(players):
        raise InvalidMatch("two players share one id")


def player_points_not_negative(players: tuple[Player, ...]) -> None:
    for p in players:
        if p.vp < 0 or p.kills < 0:
            raise InvalidMatch(f"{p.name}: points can't be negative")


def active_is_a_player(match: Match) -> None:
    if not 0 <= match.active < len(match.players):
        raise InvalidMatch("the active player is not one of the players")


def counts_positive(match: Match) -> None:
    if match.turn < 1 or match.round < 1 or match.seq < 0:
        raise InvalidMatch("turn, round and event count must be positive")


def status_known(match: Match) -> None:
    if match.status not in ("active", "finished"):
        raise InvalidMatch(f"unknown match status {match.status!r}")


def turn_style_known(match: Match) -> None:
    if match.rules.turn_style not in TURN_STYLES or match.rules.rounds_per_turn < 1:
        raise InvalidMatch("rules: turn_style must be player or shared, rounds_per_turn at least 1")


def winners_are_players(match: Match) -> None:
    if match.winners and not {*match.winners} <= {p.id for p in match.players}:
        raise InvalidMatch("a winner is not one of the players")


def unit_ids_unique(match: Match) -> None:
    if len({u.id for u in match.units}) != len(match.units):
        raise InvalidMatch("two units share one id")


def timer_ids_unique(timers: tuple[Timer, ...]) -> None:
    if len({t.id for t in timers}) != len(timers):
        raise InvalidMatch("two timers share one id")


def timers_in_range(timers: tuple[Timer, ...]) -> None:
    for t in timers:
        if t.duration <= 0 or t.remaining < 0 or (t.running and t.deadline is None):
            raise InvalidMatch(f"timer {t.label or t.id}: duration, remaining time or deadline out of range")


def dial_ends_on_its_ko(name: str, dial: tuple[Click, ...], cyclic: bool) -> None:
    """A dial needs at least one click; a non-cyclic dial ends on its only KO click (`name`: the unit's, for the
    refusal)."""
    if not dial:
        raise InvalidMatch(f"{name}: a dial needs at least one click")
    if cyclic:
        if any(c.ko for c in dial):
            raise InvalidMatch(f"{name}: a dial that turns round has no KO click")
        return
    if len(dial) < 2 or not dial[-1].ko or any(c.ko for c in dial[:-1]):
        raise InvalidMatch(f"{name}: the dial must end with exactly one KO click after at least one live click")


def unit_owner_plays(u: Unit, players: frozenset[str], rules: Rules) -> None:
    if u.owner not in players:
        raise InvalidMatch(f"{u.name}: its owner {u.owner!r} is not a player of this match")


def unit_clicks_in_range(u: Unit, players: frozenset[str], rules: Rules) -> None:
    if not 0 <= u.click < len(u.dial) or not 0 <= u.start < len(u.dial) or u.points < 0:
        raise InvalidMatch(f"{u.name}: click, starting click or points out of range")


def unit_eliminated_on_ko(u: Unit, players: frozenset[str], rules: Rules) -> None:
    if u.eliminated != u.current.ko:
        raise InvalidMatch(f"{u.name}: eliminated must match the KO click")


def unit_position_a_word(u: Unit, players: frozenset[str], rules: Rules) -> None:
    if u.position and (len(u.position) > MAX_POSITION or not u.position.replace("-", "").isalnum()):
        raise InvalidMatch(f"{u.name}: a position is a short word, not {u.position[:40]!r}")


def unit_location_known(u: Unit, players: frozenset[str], rules: Rules) -> None:
    if u.location not in LOCATIONS:
        raise InvalidMatch(f"{u.name}: location must be one of {', '.join(LOCATIONS)}")


def unit_reserve_reason_known(u: Unit, players: frozenset[str], rules: Rules) -> None:
    """A short word of its pack, and only while in the reserves (which words the match's system takes:
    core.match.reactions)."""
    if u.reserve_reason and (u.location != "reserve" or not is_word(u.reserve_reason)):
        raise InvalidMatch(f"{u.name}: {u.reserve_reason[:40]!r} is no reason to be in the reserves here")


def unit_turn_marks_known(u: Unit, players: frozenset[str], rules: Rules) -> None:
    """Short words of its pack, each once (which words the match's system takes: core.match.reactions)."""
    marks = u.turn_marks
    if marks and (not all(map(is_word, marks)) or len(set(marks)) != len(marks)):
        raise InvalidMatch(f"{u.name}: turn marks are short words, each once")


def unit_tokens_not_negative(u: Unit, players: frozenset[str], rules: Rules) -> None:
    for kind, count in u.tokens.items():
        if count < 0:
            raise InvalidMatch(f"{u.name}: {kind} tokens out of range")


def unit_tokens_within_limits(u: Unit, players: frozenset[str], rules: Rules) -> None:
    """No more than the pack's limit of a kind (the action: this turn's and earlier ones together), and no kind the
    match's pack doesn't declare, where it declares any (the action's two are always the core's)."""
    tokens, limits = u.tokens, rules.token_limits
    action = limits.get(ACTION)
    if action is not None and tokens[ACTION] + tokens[ACTION_LAST] > action:
        raise InvalidMatch(f"{u.name}: action tokens out of range")
    for kind, count in tokens.items():
        if not count or kind in (ACTION, ACTION_LAST):  # most units hold none but the action's
            continue
        limit = limits.get(kind)
        if limit is None and (limits and kind not in limits or len(kind) > MAX_KIND):
            raise InvalidMatch(f"{u.name}: this game has no {kind[:MAX_KIND]!r} tokens")
        if limit is not None and count > limit:
            raise InvalidMatch(f"{u.name}: more {kind} tokens than the limit of {limit}")


PLAYER_CHECKS: tuple[Callable[[tuple[Player, ...]], None], ...] = (
    players_two_to_four, player_ids_unique, player_points_not_negative)
MATCH_CHECKS: tuple[Callable[[Match], None], ...] = (
    active_is_a_player, counts_positive, status_known, turn_style_known, winners_are_players, unit_ids_unique)
TIMER_CHECKS: tuple[Callable[[tuple[Timer, ...]], None], ...] = (timer_ids_unique, timers_in_range)
# after the unit's dial_ends_on_its_ko (the clicks are checked on a dial that passed)
UNIT_CHECKS: tuple[Callable[[Unit, frozenset[str], Rules], None], ...] = (
    unit_owner_plays, unit_clicks_in_range, unit_eliminated_on_ko, unit_position_a_word, unit_location_known,
    unit_reserve_reason_known, unit_turn_marks_known, unit_tokens_not_negative, unit_tokens_within_limits)


def validate(match: Match) -> None:
    """Raise InvalidMatch when the state breaks an invariant: on load, import, a new match and in tests."""
    _check(match, None)


def validate_step(before: Match, after: Match) -> None:
    """`validate(after)` for a state made from `before`, a state that passed `validate` (the reducer's case: a
    replay applies hundreds of thousands of events, most of which change one unit or none)."""
    _check(after, before)


def _check(match: Match, passed: Match | None) -> None:
    """Every check on `match`, except those handed a part that is (or equals) the same part of `passed`."""
    if passed is None or match.players is not passed.players:
        for check in PLAYER_CHECKS:
            check(match.players)
    for check in MATCH_CHECKS:  # a few comparisons each: not worth a shortcut
        check(match)
    if match.timers and (passed is None or match.timers is not passed.timers):
        for check in TIMER_CHECKS:
            check(match.timers)
    ids, rules = frozenset(p.id for p in match.players), match.rules
    was: tuple[Unit, ...] = ()  # the units that passed with the same player ids and rules, by place
    if passed is not None and (rules is passed.rules or rules == passed.rules) and \
            (match.players is passed.players or ids == {p.id for p in passed.players}):
        was = passed.units
    # old: the unit that passed in its place (None past the end of `was`)
    for unit, old in zip(match.units, chain(was, repeat(None)), strict=False):
        if unit is old:
            continue
        if old is None or unit.dial is not old.dial or unit.cyclic != old.cyclic or unit.name != old.name:
            dial_ends_on_its_ko(unit.name, unit.dial, unit.cyclic)
        for check in UNIT_CHECKS:
            check(unit, ids, rules)
