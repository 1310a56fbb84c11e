"""A judged event: numbered tables with seated players, rounds, and one deadline-based timer per table.

State is a tree of frozen dataclasses that converts to and from plain JSON; every change is an event
applied by `tournament_events.apply`. Times are UTC epoch seconds, like `core.timers`.

An event is played in one game (`game`, a pack's id; "" in events stored before an event named its game, which
were all of the judge's first game, HeroClix Skirmish: the rules registry names it) and at one build total where
that game's pack sets build totals (`build`, None where it sets none). The judging service checks both against
the pack (session/judging/games.py); this model checks only their shape.

Two kinds of event share the model. A hand-seated event (`players` empty) seats whatever tables the judge
types and plays the same tables again next round. A Swiss event registers its players:
    players     every registered name, in registration order (plain strings; names are unique ignoring case)
    dropped     names that left the event; they keep their results and are paired no more
    table_size  2 (head to head, odd player out gets a bye) or 3-4 (pods of that size, some one smaller)
        Round.byes  who sat out that round with a bye (a win, see tournament.results.BYE_VP)
    joined      late entries: player -> the first round they play; every round before counts as a loss
    tiebreaks   the standings' order the event announces (tournament.tiebreaks.PRESETS)
    placement   Battle Royale: placement points for 1st, 2nd ... (empty: a table has winners and losers only);
                a result then carries each player's place, and a table who went first (tournament.placement)
    cut         the top cut's seeds, best first; Round.cut marks the bracket's rounds (tournament.cut)
Pairings are computed outside the reducer (tournament.pairing) and written into the `pair` / `next_round`
events, so replaying a log never re-draws a seat.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from companion.core.errors import CompanionError, InvalidMatch
from companion.core.json_reader import Reader
from companion.core.match import timers
from companion.core.model import JSON, Timer, _timer
from companion.core.plain import Memo, plain
from companion.core.tournament.placement import check_placement
from companion.core.tournament.tiebreaks import DEFAULT, PRESETS

TOURNAMENT_FORMAT = "tabletop-companion/tournament"
TOURNAMENT_VERSION = 5  # 2: players, dropped, table_size, byes (Swiss events); 3: tiebreaks, joined, placement;
# 4: players' own reports of their table's result (Table.reports); 5: the event's game, a build only where it has one
MAX_BUILD = 99_999
DEFAULT_ROUND_SECONDS = 30 * 60
DEFAULT_MARKS = (600.0, 300.0, 60.0)  # warnings at 10 and 5 minutes left and at the last minute
MIN_SEATS, MAX_SEATS = 2, 4
MAX_TABLES = 500
MAX_ROUND_SECONDS = 4 * 3600
MAX_NAME = 60
ID_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,39}$")


class InvalidTournament(CompanionError):
    """Tournament data that breaks the model's rules (bad file, bad import, bad set-up)."""


@dataclass(frozen=True)
class Extension:
    """Time a judge added to one table, with the reason that is read back at the end of the round."""

    seconds: float
    reason: str
    at: float


@dataclass(frozen=True)
class Result:
    """The end of one table's game: VP per player (seat order) and who won; several winners means a tie."""

    vp: dict[str, int]
    winners: tuple[str, ...]
    how: str  # see tournament_results.HOW
    at: float
    places: dict[str, int] = field(default_factory=dict)  # Battle Royale: each player's place (1, 2, 2, 4)


@dataclass(frozen=True)
class Report:
    """What one player entered for their own table (from their phone): the table's result once every player there
    entered the same; when two differ, the table waits for the judge."""

    player: str
    vp: dict[str, int]
    places: dict[str, int]  # Battle Royale events: each player's place
    last_standing: str  # "" unless one force was left on the table
    at: float

    def same_scores(self, other: Report) -> bool:
        return (self.vp, self.places, self.last_standing) == (other.vp, other.places, other.last_standing)


@dataclass(frozen=True)
class Table:
    number: int
    players: tuple[str, ...]
    timer: Timer
    started: bool = False  # the clock was started this round (a paused clock has started; a waiting one not)
    extensions: tuple[Extension, ...] = ()
    result: Result | None = None
    first: str = ""  # who plays first (a roll-off), when the judge records it
    reports: tuple[Report, ...] = ()  # the players' own reports this round, one per player (the latest), seat order

    @property
    def disputed(self) -> bool:
        """Two players reported different scores and no result stands yet: the judge settles it."""
        return self.result is None and any(not r.same_scores(self.reports[0]) for r in self.reports[1:])


@dataclass(frozen=True)
class Round:
    number: int
    tables: tuple[Table, ...] = ()
    byes: tuple[str, ...] = ()  # players sitting this round out with a bye (Swiss events)
    cut: bool = False  # a round of the top cut's bracket (tournament.cut), not a Swiss round

    @property
    def seated(self) -> tuple[str, ...]:
        return tuple(p for t in self.tables for p in t.players)


@dataclass(frozen=True)
class Tournament:
    id: str
    name: str
    build: int | None  # the build total in points, where the game's pack sets build totals (Skirmish: 200 or 300)
    round_seconds: float
    marks: tuple[float, ...]  # seconds left at which a warning fires, largest first
    created: float
    rounds: tuple[Round, ...] = (Round(1),)  # the last one is the round being played
    seq: int = 0  # events applied since creation
    players: tuple[str, ...] = ()  # registered players: non-empty makes this a Swiss event
    dropped: tuple[str, ...] = ()
    table_size: int = 2
    tiebreaks: str = DEFAULT
    joined: dict[str, int] = field(default_factory=dict)  # late entries: name -> first round played
    placement: tuple[int, ...] = ()  # Battle Royale placement points, 1st place first
    cut: tuple[str, ...] = ()  # the top cut's seeds, best first (empty: no cut yet)
    game: str = ""  # the pack the event is played with ("": the judge's first game, see above)

    @property
    def swiss(self) -> bool:
        return bool(self.players)

    @property
    def active(self) -> tuple[str, ...]:
        """Registered players who have not dropped, in registration order."""
        gone = {p.casefold() for p in self.dropped}
        return tuple(p for p in self.players if p.casefold() not in gone)

    @property
    def current(self) -> Round:
        return self.rounds[-1]

    @property
    def tables(self) -> tuple[Table, ...]:
        return self.current.tables

    def table(self, number: int) -> Table:
        for t in self.current.tables:
            if t.number == number:
                return t
        raise KeyError(number)


# --- making ------------------------------------------------------------------------------------------


def check_id(tournament_id: str) -> str:
    if not isinstance(tournament_id, str) or not ID_PATTERN.match(tournament_id):
        raise InvalidTournament(f"{tournament_id!r} is not a valid event id (lower-case letters, digits and '-')")
    return tournament_id


def slug(name: str) -> str:
    """A readable start for an event id: 'Friday Skirmish #3' -> 'friday-skirmish-3'."""
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:30].strip("-") or "event"


def check_game(game: str, build: int | None) -> None:
    """The shape of an event's game and build: whether the game has that build total is its pack's to say."""
    if not isinstance(game, str) or game and not ID_PATTERN.match(game):
        raise InvalidTournament(f"{game!r} is not a game's id (lower-case letters, digits and '-')")
    if build is not None and (isinstance(build, bool) or not isinstance(build, int) or not 0 < build <= MAX_BUILD):
        raise InvalidTournament(f"a build total is a whole number of points from 1 to {MAX_BUILD:,}, not {build}")


def check_marks(marks: tuple[float, ...] | list[float], round_seconds: float) -> tuple[float, ...]:
    clean = tuple(sorted({float(m) for m in marks}, reverse=True))
    for m in clean:
        if not 0 < m < round_seconds:
            raise InvalidTournament(f"a warning at {m:g} seconds left must be above zero and within the round")
    return clean


def new_tournament(
    tournament_id: str,
    name: str,
    *,
    game: str = "",
    build: int | None = 300,
    round_seconds: float = DEFAULT_ROUND_SECONDS,
    marks: tuple[float, ...] | list[float] = DEFAULT_MARKS,
    table_size: int = 2,
    tiebreaks: str = DEFAULT,
    placement: tuple[int, ...] = (),
    now: float,
) -> Tournament:
    name = name.strip()
    if not name or len(name) > MAX_NAME:
        raise InvalidTournament(f"the event needs a name of 1 to {MAX_NAME} characters")
    check_game(game, build)
    if not 60 <= round_seconds <= MAX_ROUND_SECONDS:
        raise InvalidTournament("a round lasts between 1 minute and 4 hours")
    if table_size not in range(MIN_SEATS, MAX_SEATS + 1):
        raise InvalidTournament(f"an event's table seats {MIN_SEATS} to {MAX_SEATS} players, not {table_size}")
    if tiebreaks not in PRESETS:
        raise InvalidTournament(f"tiebreak order {tiebreaks!r} is not one of {', '.join(PRESETS)}")
    if placement:
        try:
            placement = check_placement(placement)
        except ValueError as exc:
            raise InvalidTournament(str(exc)) from None
    return Tournament(id=check_id(tournament_id), name=name, game=game, build=build, round_seconds=float(round_seconds),
                      marks=check_marks(marks, round_seconds), created=now, table_size=table_size,
                      tiebreaks=tiebreaks, placement=placement)


def new_table(number: int, players: tuple[str, ...], round_seconds: float) -> Table:
    return Table(number=number, players=players,
                 timer=timers.new_timer(f"table-{number}", round_seconds, f"Table {number}"))


# --- JSON --------------------------------------------------------------------------------------------


def to_json(tournament: Tournament, memo: Memo | None = None) -> JSON:
    """The event as JSON; with `memo`, parts converted before (the tables no change touched) are reused."""
    return {"format": TOURNAMENT_FORMAT, "version": TOURNAMENT_VERSION, **plain(tournament, memo)}


def from_json(data: Any) -> Tournament:
    """Read a tournament; raise InvalidTournament naming the bad field."""
    try:
        r = Reader(data, "event")
        if r.get("format", str) != TOURNAMENT_FORMAT:
            raise InvalidTournament("this is not an event file of this app")
        if r.get("version", int) > TOURNAMENT_VERSION:
            raise InvalidTournament("this event was saved by a newer version of the app; update the app to open it")
        rounds = r.items("rounds", _round)
        game = r.get("game", str, "")  # before version 5: the judge's first game, the build always given
        build = r.get("build", int) if "game" not in data else r.get("build", (int, type(None)), None)
        t = Tournament(id=check_id(r.get("id", str)), name=r.get("name", str), game=game, build=build,
                       round_seconds=float(r.get("round_seconds", float)),
                       marks=tuple(float(m) for m in _numbers(r.get("marks", list), "event.marks")),
                       created=float(r.get("created", float)), rounds=rounds, seq=r.get("seq", int, 0),
                       players=_names(r.get("players", list, []), "event.players"),
                       dropped=_names(r.get("dropped", list, []), "event.dropped"),
                       table_size=r.get("table_size", int, 2), tiebreaks=r.get("tiebreaks", str, DEFAULT),
                       joined=r.mapping("joined", (int,)),
                       placement=tuple(int(v) for v in _numbers(r.get("placement", list, []), "event.placement")),
                       cut=_names(r.get("cut", list, []), "event.cut"))
    except InvalidMatch as exc:  # the shared reader names the field; say it is about an event
        raise InvalidTournament(str(exc)) from None
    validate(t)
    return t


def _numbers(values: list[Any], path: str) -> list[float]:
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        raise InvalidTournament(f"{path}: expected a list of numbers")
    return values


def _names(values: list[Any], path: str) -> tuple[str, ...]:
    if not all(isinstance(v, str) for v in values):
        raise InvalidTournament(f"{path}: expected a list of names")
    return tuple(values)


def _round(data: Any, path: str) -> Round:
    r = Reader(data, path)
    return Round(number=r.get("number", int), tables=r.items("tables", _table),
                 byes=_names(r.get("byes", list, []), f"{path}.byes"), cut=r.get("cut", bool, False))


def _table(data: Any, path: str) -> Table:
    r = Reader(data, path)
    players = r.get("players", list)
    if not all(isinstance(p, str) for p in players):
        raise InvalidTournament(f"{path}.players: expected a list of names")
    result = r.get("result", (dict, type(None)), None)
    return Table(number=r.get("number", int), players=tuple(players),
                 timer=_timer(r.get("timer", dict), f"{path}.timer"), started=r.get("started", bool, False),
                 extensions=r.items("extensions", _extension),
                 result=None if result is None else _result(result, f"{path}.result"), first=r.get("first", str, ""),
                 reports=r.items("reports", _report, ()))


def _report(data: Any, path: str) -> Report:
    r = Reader(data, path)
    return Report(player=r.get("player", str), vp=r.mapping("vp", (int,)), places=r.mapping("places", (int,)),
                  last_standing=r.get("last_standing", str, ""), at=float(r.get("at", float)))


def _extension(data: Any, path: str) -> Extension:
    r = Reader(data, path)
    return Extension(seconds=float(r.get("seconds", float)), reason=r.get("reason", str), at=float(r.get("at", float)))


def _result(data: Any, path: str) -> Result:
    r = Reader(data, path)
    winners = r.get("winners", list)
    if not all(isinstance(w, str) for w in winners):
        raise InvalidTournament(f"{path}.winners: expected a list of names")
    return Result(vp=r.mapping("vp", (int,)), winners=tuple(winners), how=r.get("how", str),
                  at=float(r.get("at", float)), places=r.mapping("places", (int,)))


# --- invariants --------------------------------------------------------------------------------------


def validate(t: Tournament) -> None:
    """Raise InvalidTournament when the state breaks a rule the app relies on."""
    check_game(t.game, t.build)
    if not 60 <= t.round_seconds <= MAX_ROUND_SECONDS:
        raise InvalidTournament("event round length is out of range")
    check_marks(t.marks, t.round_seconds)
    if t.table_size not in range(MIN_SEATS, MAX_SEATS + 1):
        raise InvalidTournament(f"event table size {t.table_size} is not {MIN_SEATS} to {MAX_SEATS}")
    if t.tiebreaks not in PRESETS:
        raise InvalidTournament(f"event tiebreak order {t.tiebreaks!r} is not one of {', '.join(PRESETS)}")
    if t.placement:
        try:
            check_placement(t.placement)
        except ValueError as exc:
            raise InvalidTournament(f"event placement points: {exc}") from None
    registered = {p.casefold() for p in t.players}
    if any(p not in t.players or not 2 <= n <= len(t.rounds) + 1 for p, n in t.joined.items()):
        raise InvalidTournament("a late entry must be a registered player joining at a round after the first")
    if len(registered) != len(t.players) or any(not p.strip() or len(p) > MAX_NAME for p in t.players):
        raise InvalidTournament(f"registered players need distinct names of 1 to {MAX_NAME} characters")
    if any(p.casefold() not in registered for p in t.dropped) or len({p.casefold() for p in t.dropped}) != len(
            t.dropped):
        raise InvalidTournament("only registered players can drop, once each")
    if not t.rounds or [r.number for r in t.rounds] != list(range(1, len(t.rounds) + 1)):
        raise InvalidTournament("event rounds must be numbered 1, 2, 3 ...")
    if any(p not in t.players for p in t.cut) or len(set(t.cut)) != len(t.cut):
        raise InvalidTournament("the top cut's seeds must be distinct registered players")
    if any(rnd.cut and (not t.cut or any(len(tb.players) != 2 or set(tb.players) - set(t.cut) for tb in rnd.tables))
           for rnd in t.rounds):
        raise InvalidTournament("a top cut round seats two of the cut's seeds a table")
    for rnd in t.rounds:
        numbers = [tb.number for tb in rnd.tables]
        if len(set(numbers)) != len(numbers) or any(n < 1 for n in numbers) or len(numbers) > MAX_TABLES:
            raise InvalidTournament(f"round {rnd.number}: table numbers must be distinct and from 1")
        seated = [*rnd.seated, *rnd.byes]
        if len({p.casefold() for p in seated}) != len(seated):
            raise InvalidTournament(f"round {rnd.number}: a player is seated at two tables (or seated and given a bye)")
        if t.swiss and any(p.casefold() not in registered for p in seated):
            raise InvalidTournament(f"round {rnd.number}: only registered players can be seated")
        for tb in rnd.tables:
            if not MIN_SEATS <= len(tb.players) <= MAX_SEATS or any(not p.strip() for p in tb.players):
                raise InvalidTournament(f"table {tb.number}: seat {MIN_SEATS} to {MAX_SEATS} named players")
            if tb.result is not None and set(tb.result.vp) != set(tb.players):
                raise InvalidTournament(f"table {tb.number}: the result must give VP for each player at the table")
            if tb.result is not None and tb.result.places and set(tb.result.places) != set(tb.players):
                raise InvalidTournament(f"table {tb.number}: the result must place each player at the table")
            if tb.first and tb.first not in tb.players:
                raise InvalidTournament(f"table {tb.number}: the first player must be seated there")
            reporters = [rep.player for rep in tb.reports]
            if len(set(reporters)) != len(reporters) or any(p not in tb.players for p in reporters):
                raise InvalidTournament(f"table {tb.number}: a report must come from a player seated there, once")
