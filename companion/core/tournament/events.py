"""Changes to a tournament as events: `apply(tournament, event)` is pure and refuses with IllegalAction.

Event types (data):
    seat {table, players}         seat 2-4 players at a table (a new table, or re-seat one not yet started)
    unseat {table}                remove a table that has not started
    start {tables?}               start the named clocks, or every waiting one (start all)
    pause {tables?} / resume {tables?}    one or several tables, or all that can
    extend {table, seconds, reason}       a judge's extension, kept with its reason
    result {table, vp, last_standing?}    the game's result; stops that table's clock
    result {table, places, vp?}   a Battle Royale event's result: each player's place (1, 2, 2, 4); VP optional
    first {table, player}         who plays first at a table (the roll-off's winner)
    report {table, vp | places, last_standing?}   a player's own report of their table's result this round, by
                                  "player:NAME" (the room's signed cookie); the result stands once every player
                                  at the table reported the same scores (Table.disputed: two differ)
    result {round, table, vp, last_standing?, was}    corrects a past round's result; `was` (the VP it
                                  replaces) keeps the old value in the log and refuses a stale correction;
                                  seatings already made stand, standings and the next pairing follow it
    next_round {tables?, byes?}   close the round (every table has a result) and seat the next: as given
                                  (a Swiss pairing), or the same tables again (hand-seated events only)
    tiebreaks {preset}            the standings' order the event announces (tournament.tiebreaks.PRESETS)
    cut {seeds}                   close the Swiss rounds and seat a top 4 or 8 bracket (tournament.cut); then
                                  `next_round` seats the bracket's winners
Swiss events add register / unregister / drop / pair / swap (tournament.seating); a `result` with `round`
corrects a past round.

The shared `Event` record of match events is reused, so logs of both look alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match import timers
from companion.core.match.events import Event
from companion.core.match.reducer import Reducer
from companion.core.tournament.cut import next_cut_round, start_cut
from companion.core.tournament.placement import check_places
from companion.core.tournament.results import decide
from companion.core.tournament.seating import HANDLERS, registered, seat_round
from companion.core.tournament.state import (
    MAX_NAME,
    MAX_SEATS,
    MAX_TABLES,
    MIN_SEATS,
    Extension,
    Report,
    Result,
    Round,
    Table,
    Tournament,
    new_table,
    validate,
)
from companion.core.tournament.tiebreaks import PRESETS

MAX_EXTENSION = 3600
MAX_REASON = 200
MAX_VP = 999
PLAYER = "player:"  # a player's own report is `by` "player:" and their name

REDUCER: Reducer[Tournament, Event] = Reducer(validate)
handler = REDUCER.handler
apply = REDUCER.apply
replay = REDUCER.replay
REDUCER.handlers.update(HANDLERS)
REDUCER.handlers["cut"] = start_cut


# --- reading event data ------------------------------------------------------------------------------


def _number(event: Event, key: str = "table") -> int:
    value = event.data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_TABLES:
        raise IllegalAction(f"{event.type}: give a table number from 1 to {MAX_TABLES}")
    return value


def _table(state: Tournament, number: int) -> Table:
    try:
        return state.table(number)
    except KeyError:
        raise IllegalAction(f"there is no table {number} in round {state.current.number}") from None


def _chosen(state: Tournament, event: Event, fits: Callable[[Table], bool], none_left: str) -> list[Table]:
    """The tables named in `tables` (each must fit), or when none are named every table that fits."""
    raw = event.data.get("tables")
    if raw is None:
        chosen = [t for t in state.tables if fits(t)]
        if not chosen:
            raise IllegalAction(none_left)
        return chosen
    if not isinstance(raw, list) or not raw:
        raise IllegalAction(f"{event.type}: tables must be a list of table numbers")
    chosen = []
    for value in raw:
        table = _table(state, _number(Event(event.type, {"table": value})))
        if not fits(table):
            raise IllegalAction(_why_not(event.type, table))
        if table not in chosen:
            chosen.append(table)
    return chosen


def _why_not(kind: str, table: Table) -> str:
    name = f"table {table.number}"
    if table.result is not None:
        return f"{name} has its result; a new round starts fresh clocks"
    return {
        "start": f"{name}'s clock has already started (use resume for a paused clock)",
        "pause": f"{name}'s clock is not running",
        "resume": f"{name}'s clock is not paused" if table.started else f"{name}'s clock has not started yet",
    }[kind]


def _with_tables(state: Tournament, changed: list[Table]) -> Tournament:
    by_number = {t.number: t for t in changed}
    tables = tuple(by_number.pop(t.number, t) for t in state.tables)
    tables = tuple(sorted((*tables, *by_number.values()), key=lambda t: t.number))
    return replace(state, rounds=(*state.rounds[:-1], replace(state.current, tables=tables)))


# --- seating -----------------------------------------------------------------------------------------


@handler("seat")
def _seat(state: Tournament, event: Event) -> Tournament:
    number = _number(event)
    raw = event.data.get("players")
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise IllegalAction("seat: players must be a list of names")
    players = tuple(p.strip() for p in raw)
    if not MIN_SEATS <= len(players) <= MAX_SEATS:
        raise IllegalAction(f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {len(players)}")
    if any(not p or len(p) > MAX_NAME for p in players):
        raise IllegalAction(f"each player needs a name of 1 to {MAX_NAME} characters")
    if len({p.casefold() for p in players}) != len(players):
        raise IllegalAction("the same name is seated twice at this table")
    if state.swiss:  # a Swiss event seats its registered players only, in their registered spelling
        players = tuple(registered(state, p) for p in players)
    elsewhere = {p.casefold(): t.number for t in state.tables if t.number != number for p in t.players}
    for p in players:
        if p.casefold() in elsewhere:
            raise IllegalAction(f"{p} is already seated at table {elsewhere[p.casefold()]}")
    old = next((t for t in state.tables if t.number == number), None)
    if old is not None and (old.started or old.result is not None):
        raise IllegalAction(f"table {number} is already playing; seat players before its clock starts")
    if old is None and len(state.tables) >= MAX_TABLES:
        raise IllegalAction(f"an event has at most {MAX_TABLES} tables")
    table = new_table(number, players, state.round_seconds)
    if old is not None:  # keep an extension given before the start (late seating)
        table = replace(old, players=players)
    return _with_tables(state, [table])


@handler("unseat")
def _unseat(state: Tournament, event: Event) -> Tournament:
    table = _table(state, _number(event))
    if table.started or table.result is not None:
        raise IllegalAction(f"table {table.number} is already playing; it can't be removed this round")
    tables = tuple(t for t in state.tables if t.number != table.number)
    return replace(state, rounds=(*state.rounds[:-1], replace(state.current, tables=tables)))


# --- clocks ------------------------------------------------------------------------------------------


@handler("start")
def _start(state: Tournament, event: Event) -> Tournament:
    tables = _chosen(state, event, lambda t: not t.started and t.result is None,
                     "there is no table waiting to start" if state.tables else "seat some tables first")
    return _with_tables(state, [replace(t, started=True, timer=timers.start(t.timer, event.at)) for t in tables])


@handler("pause")
def _pause(state: Tournament, event: Event) -> Tournament:
    tables = _chosen(state, event, lambda t: t.timer.running and t.result is None, "no clock is running")
    return _with_tables(state, [replace(t, timer=timers.pause(t.timer, event.at)) for t in tables])


@handler("resume")
def _resume(state: Tournament, event: Event) -> Tournament:
    tables = _chosen(state, event, lambda t: t.started and not t.timer.running and t.result is None,
                     "no clock is paused")
    return _with_tables(state, [replace(t, timer=timers.start(t.timer, event.at)) for t in tables])


@handler("extend")
def _extend(state: Tournament, event: Event) -> Tournament:
    table = _table(state, _number(event))
    seconds = event.data.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, int) or not 1 <= seconds <= MAX_EXTENSION:
        raise IllegalAction(f"an extension is 1 to {MAX_EXTENSION} seconds, in whole seconds")
    reason = event.data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise IllegalAction("say why the time is added (the reason is kept with the result)")
    if len(reason) > MAX_REASON:
        raise IllegalAction(f"keep the reason under {MAX_REASON} characters")
    if table.result is not None:
        raise IllegalAction(f"table {table.number} has its result; there is no clock to extend")
    extension = Extension(seconds=float(seconds), reason=reason.strip(), at=event.at)
    return _with_tables(state, [replace(table, timer=timers.extend(table.timer, float(seconds), event.at),
                                        extensions=(*table.extensions, extension))])


# --- results and rounds ------------------------------------------------------------------------------


@handler("result")
def _result(state: Tournament, event: Event) -> Tournament:
    number = event.data.get("round", state.current.number)
    if number == state.current.number:
        table = _table(state, _number(event))
    elif isinstance(number, bool) or not isinstance(number, int) or not 1 <= number < state.current.number:
        raise IllegalAction(f"result: the round is a number from 1 to {state.current.number}")
    elif state.rounds[number - 1].cut:
        raise IllegalAction("a top-cut game's result can't change once the bracket has moved on")
    else:
        found = [t for t in state.rounds[number - 1].tables if t.number == _number(event)]
        if not found:
            raise IllegalAction(f"there was no table {_number(event)} in round {number}")
        table = found[0]
    result = _decided(state, table, event)
    if number == state.current.number:
        return _with_tables(state, [replace(table, result=result, timer=timers.pause(table.timer, event.at))])
    old = table.result.vp if table.result is not None else None
    if event.data.get("was") != old:
        raise IllegalAction(f"round {number} table {table.number}'s result is no longer what this correction "
                            "replaces: look at it again")
    rnd = state.rounds[number - 1]
    tables = tuple(replace(t, result=result) if t.number == table.number else t for t in rnd.tables)
    return replace(state, rounds=tuple(replace(r, tables=tables) if r is rnd else r for r in state.rounds))


def _decided(state: Tournament, table: Table, event: Event) -> Result:
    raw_places = event.data.get("places")
    if state.placement or raw_places is not None:
        if not state.placement:
            raise IllegalAction("this event has no placement points: give VP (and who was left standing)")
        if not isinstance(raw_places, dict) or not all(isinstance(k, str) for k in raw_places):
            raise IllegalAction("this event scores by placement: give each player's place (1, 2, 2, 4 for a tie)")
        places = check_places(table.players, {_seated_name(table, k): v for k, v in raw_places.items()})
        raw_vp = event.data.get("vp")
        vp = _vp(raw_vp, table) if raw_vp else {p: 0 for p in table.players}
        return Result(vp=vp, winners=tuple(p for p in table.players if places[p] == 1), how="placement",
                      at=event.at, places=places)
    vp = _vp(event.data.get("vp"), table)
    last = event.data.get("last_standing")
    if last is not None and not isinstance(last, str):
        raise IllegalAction("result: last_standing must be a player's name")
    called = event.data.get("time_called") is True or table.started and timers.remaining(table.timer, event.at) <= 0
    return decide(table.players, vp, _seated_name(table, last) if last else None, at=event.at, time_called=called)


def _check_filled_for(state: Tournament, table: Table, event: Event) -> None:
    """A report says what it was filled in for (the room's form does: the round and the table's seats): a late or
    repeated post from a flaky phone, filled in for an earlier round or before the seats changed, is refused rather
    than set this round's result or credit the wrong players. Reports that don't say (older logs) stand as made."""
    made_for = event.data.get("for_round")
    if made_for is not None and made_for != state.current.number:
        raise IllegalAction(f"this report was filled in for round {made_for}, and round {state.current.number} is "
                            "being played now: open your table's page again and report this round's scores")
    seats = event.data.get("seats")
    if seats is not None and tuple(seats) != table.players:
        raise IllegalAction(f"the seats at table {table.number} changed after this report was filled in: open your "
                            "table's page again and report the scores of the players seated there now")


@handler("report")
def _report(state: Tournament, event: Event) -> Tournament:
    """A player's report stands in for their earlier one; when every player at the table has reported the same
    scores, they are the table's result (as the judge's `result` would make it) and its clock stops."""
    who = event.by[len(PLAYER):] if event.by and event.by.startswith(PLAYER) else ""
    table = _table(state, _number(event))
    if not who:
        raise IllegalAction("report: only a player seated at the table reports this way (the judge enters a result)")
    if who not in table.players:
        raise IllegalAction(f"{who} is not seated at table {table.number} this round: report your own table's result")
    if table.result is not None:
        raise IllegalAction(f"table {table.number}'s result is in already; if it is wrong, tell the judge")
    _check_filled_for(state, table, event)
    decided = _decided(state, table, event)
    last = event.data.get("last_standing")
    report = Report(who, decided.vp, decided.places, _seated_name(table, last) if isinstance(last, str) and last
                    else "", event.at)
    reports = tuple(sorted((*(r for r in table.reports if r.player != who), report),
                           key=lambda r: table.players.index(r.player)))
    if len(reports) == len(table.players) and all(r.same_scores(report) for r in reports):
        return _with_tables(state, [replace(table, reports=reports, result=decided,
                                            timer=timers.pause(table.timer, event.at))])
    return _with_tables(state, [replace(table, reports=reports)])


@handler("first")
def _first(state: Tournament, event: Event) -> Tournament:
    table = _table(state, _number(event))
    name = event.data.get("player")
    if not isinstance(name, str):
        raise IllegalAction("first: name the player who plays first")
    return _with_tables(state, [replace(table, first=_seated_name(table, name))])


def _seated_name(table: Table, name: str) -> str:
    for p in table.players:
        if p.casefold() == name.strip().casefold():
            return p
    raise IllegalAction(f"{name} is not seated at table {table.number}")


def _vp(raw: Any, table: Table) -> dict[str, int]:
    if not isinstance(raw, dict):
        raise IllegalAction("result: vp must map each player to their victory points")
    vp: dict[str, int] = {}
    for name, value in raw.items():
        if not isinstance(name, str):
            raise IllegalAction("result: vp must map each player to their victory points")
        player = _seated_name(table, name)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_VP:
            raise IllegalAction(f"{player}'s VP must be a whole number from 0 to {MAX_VP}")
        vp[player] = value
    missing = [p for p in table.players if p not in vp]
    if missing:
        raise IllegalAction(f"enter VP for {', '.join(missing)} too")
    return {p: vp[p] for p in table.players}  # seat order


@handler("tiebreaks")
def _tiebreaks(state: Tournament, event: Event) -> Tournament:
    chosen = event.data.get("preset")
    if chosen not in PRESETS:
        raise IllegalAction(f"tiebreaks: choose one of {', '.join(PRESETS)}")
    return replace(state, tiebreaks=chosen)


@handler("next_round")
def _next_round(state: Tournament, event: Event) -> Tournament:
    if state.current.cut:
        if "tables" in event.data:
            raise IllegalAction("the bracket seats its own next round: the winners meet")
        return next_cut_round(state)
    pending = [t.number for t in state.tables if t.result is None]
    if pending:
        raise IllegalAction(f"enter the results of table{'s' if len(pending) > 1 else ''} "
                            f"{', '.join(map(str, pending))} before the next round")
    if not state.tables:
        raise IllegalAction("seat some tables and play the round first")
    if "tables" in event.data:
        return replace(state, rounds=(*state.rounds, seat_round(state, event, state.current.number + 1)))
    if state.swiss:
        raise IllegalAction("a Swiss event's next round needs its pairings")
    tables = tuple(new_table(t.number, t.players, state.round_seconds) for t in state.tables)
    return replace(state, rounds=(*state.rounds, Round(state.current.number + 1, tables)))
