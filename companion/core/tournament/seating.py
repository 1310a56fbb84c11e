"""Swiss events' seating events, registered on the tournament reducer by tournament.events.

    register {player}             add a player: before round 1 starts, round 1's draw is cleared (draw again);
                                  later, a late entry, who plays from the next round on (or from the round
                                  seated now, while none of its clocks has started: seat it again) and has
                                  lost every round before (Tournament.joined)
    register {players: [...]}     several at once, in that order (one event for a whole sign-up sheet)
    unregister {player}           remove a player before round 1 starts (round 1's draw is cleared too)
    drop {player}                 the player leaves: results kept, paired no more from the next pairing on
    pair {tables, byes}           seat the round being played (no clock started, no result yet)
    swap {players: [A, B]}        a judge swaps two seats (or a seat and a bye) before those clocks start
`next_round {tables, byes}` (in tournament.events) closes the round and seats the next with `seat_round`.
The tables and byes come from tournament.pairing; here they are only checked: every active player seated
exactly once, nobody else.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.state import (
    MAX_NAME,
    MAX_SEATS,
    MAX_TABLES,
    MIN_SEATS,
    Round,
    Table,
    Tournament,
    new_table,
)

MAX_PLAYERS = 2 * MAX_TABLES


def _name(event: Event, raw: object = None) -> str:
    raw = event.data.get("player") if raw is None else raw
    if not isinstance(raw, str) or not raw.strip() or len(raw.strip()) > MAX_NAME:
        raise IllegalAction(f"{event.type}: give a player's name of 1 to {MAX_NAME} characters")
    return raw.strip()


def registered(state: Tournament, name: str) -> str:
    """The registered spelling of a name typed in any case."""
    for p in state.players:
        if p.casefold() == name.strip().casefold():
            return p
    raise IllegalAction(f"{name} is not registered in this event")


def _before_round_one(state: Tournament, what: str) -> None:
    if len(state.rounds) > 1 or any(t.started or t.result is not None for t in state.tables):
        raise IllegalAction(f"{what} only before round 1 starts; after that, drop a player instead")


def _clear(state: Tournament) -> Tournament:
    return replace(state, rounds=(Round(1),))


def _register(state: Tournament, event: Event) -> Tournament:
    if state.cut:
        raise IllegalAction("the top cut has started: nobody can join now")
    batch = event.data.get("players")
    if batch is not None and not isinstance(batch, list):
        raise IllegalAction("register: players must be a list of names")
    names = [_name(event)] if batch is None else [_name(event, raw) for raw in batch]
    if not state.swiss and state.tables:
        raise IllegalAction("this event is seated by hand: add a table instead")
    taken = {p.casefold() for p in state.players}
    for name in names:
        if name.casefold() in taken:
            raise IllegalAction(f"{name} is already registered")
        taken.add(name.casefold())
    if len(taken) > MAX_PLAYERS:
        raise IllegalAction(f"an event has at most {MAX_PLAYERS} players")
    players = (*state.players, *names)
    started = any(t.started or t.result is not None for t in state.tables)
    if len(state.rounds) == 1 and not started:
        return _clear(replace(state, players=players))
    first = state.current.number + started  # a round not yet started is seated again with the newcomers
    return replace(state, players=players, joined={**state.joined, **dict.fromkeys(names, first)})


def _unregister(state: Tournament, event: Event) -> Tournament:
    name = registered(state, _name(event))
    _before_round_one(state, "players can be removed")
    return _clear(replace(state, players=tuple(p for p in state.players if p != name),
                          dropped=tuple(p for p in state.dropped if p != name),
                          joined={p: n for p, n in state.joined.items() if p != name}))


def _drop(state: Tournament, event: Event) -> Tournament:
    name = registered(state, _name(event))
    if name in state.dropped:
        raise IllegalAction(f"{name} has already dropped")
    return replace(state, dropped=(*state.dropped, name))


def seat_round(state: Tournament, event: Event, number: int) -> Round:
    """Round `number` seated as the event's data says; refuses unless every active player is seated once."""
    tables, byes = event.data.get("tables"), event.data.get("byes", [])
    if not isinstance(tables, list) or not all(isinstance(t, list) for t in tables) or not isinstance(byes, list):
        raise IllegalAction(f"{event.type}: tables must be lists of names, byes a list of names")
    if len(tables) > MAX_TABLES:
        raise IllegalAction(f"an event has at most {MAX_TABLES} tables")
    spelling = {p.casefold(): p for p in state.players}  # one lookup table, not a scan per name
    seen: list[str] = []
    for names in (*tables, byes):
        if not all(isinstance(n, str) for n in names):
            raise IllegalAction(f"{event.type}: tables must be lists of names")
        for n in names:
            if n.strip().casefold() not in spelling:
                raise IllegalAction(f"{n} is not registered in this event")
            seen.append(spelling[n.strip().casefold()])
    if any(not MIN_SEATS <= len(t) <= MAX_SEATS for t in tables):
        raise IllegalAction(f"a table seats {MIN_SEATS} to {MAX_SEATS} players")
    if len(set(seen)) != len(seen):
        raise IllegalAction("a player is seated twice")
    dropped = set(state.dropped)
    gone = [p for p in seen if p in dropped]
    if gone:
        raise IllegalAction(f"{gone[0]} has dropped and can't be seated")
    placed = set(seen)
    missing = [p for p in state.active if p not in placed]
    if missing:
        raise IllegalAction(f"{', '.join(missing)} {'has' if len(missing) == 1 else 'have'} no seat")
    canon = [[spelling[n.strip().casefold()] for n in t] for t in tables]
    return Round(number, tuple(new_table(i, tuple(t), state.round_seconds) for i, t in enumerate(canon, 1)),
                 tuple(spelling[n.strip().casefold()] for n in byes))


def _unplayed(state: Tournament) -> None:
    if any(t.started or t.result is not None for t in state.tables):
        raise IllegalAction("this round's clocks have started: seats can't change now")


def _pair(state: Tournament, event: Event) -> Tournament:
    if not state.swiss:
        raise IllegalAction("register players first: this event is seated by hand")
    if state.current.cut:
        raise IllegalAction("the top cut's bracket is seated by seed, not paired")
    _unplayed(state)
    return replace(state, rounds=(*state.rounds[:-1], seat_round(state, event, state.current.number)))


def _swap(state: Tournament, event: Event) -> Tournament:
    raw = event.data.get("players")
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(p, str) for p in raw):
        raise IllegalAction("swap: name the two players whose seats change")
    a, b = (_seat_of(state, p) for p in raw)
    if a == b:
        raise IllegalAction("those two both have a bye" if a is None else "those two are already at the same table")
    for where in (a, b):
        if where is not None and (where.started or where.result is not None):
            raise IllegalAction(f"table {where.number}'s clock has started: its seats can't change now")
    x, y = (_typed(state, p) for p in raw)
    swapped = {x: y, y: x}
    rnd = state.current
    tables = tuple(replace(t, players=tuple(swapped.get(p, p) for p in t.players)) for t in rnd.tables)
    byes = tuple(swapped.get(p, p) for p in rnd.byes)
    return replace(state, rounds=(*state.rounds[:-1], replace(rnd, tables=tables, byes=byes)))


def _typed(state: Tournament, name: str) -> str:
    for p in (*state.current.seated, *state.current.byes):
        if p.casefold() == name.strip().casefold():
            return p
    raise IllegalAction(f"{name} has no seat and no bye this round")


def _seat_of(state: Tournament, name: str) -> Table | None:
    """The table a player sits at this round; None for a bye."""
    player = _typed(state, name)
    return next((t for t in state.tables if player in t.players), None)


HANDLERS: dict[str, Callable[[Tournament, Event], Tournament]] = {
    "register": _register, "unregister": _unregister, "drop": _drop, "pair": _pair, "swap": _swap,
}

