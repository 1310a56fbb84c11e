"""Service: Swiss events for the judge (registration, pairings, drops, seat swaps, tiebreaks, exports).

The CLI and the app call these; they never pair or rank themselves. Every change is still one event on the
stored tournament (`TournamentStore.apply`), and a pairing is computed here, then written into its event,
so the log replays without drawing again. Randomness is injected: `rng(seed)` is seeded for tests and
scripts, and the operating system's randomness otherwise.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.tournament.cut import bracket_lines, stage
from companion.core.tournament.events import replay
from companion.core.tournament.pairing import Pairing, draw, next_pairing
from companion.core.tournament.printout import (
    note,
    order_line,
    pairings_csv,
    pairings_html,
    standings_csv,
    standings_html,
)
from companion.core.tournament.results import standings
from companion.core.tournament.state import DEFAULT_MARKS, DEFAULT_ROUND_SECONDS, Tournament, new_tournament
from companion.core.tournament.tiebreaks import DEFAULT as DEFAULT_ORDER
from companion.core.tournament.tiebreaks import PRESETS, cells, order_for
from companion.store.paths import data_dir
from companion.store.tournaments import TournamentStore

__all__ = ["PRESETS", "TournamentStore", "create_event", "next_pairing", "open_store", "pairings_csv", "pairings_html",
           "past_vp", "rng", "standings", "standings_csv", "standings_html", "standings_table", "tables_json", "write"]


def open_store() -> TournamentStore:
    """The events in this device's data folder."""
    return TournamentStore(data_dir())


def rng(seed: int | None = None) -> random.Random:
    return random.Random(seed) if seed is not None else random.SystemRandom()


def _seating(p: Pairing) -> dict[str, Any]:
    return {"tables": [list(tb) for tb in p.tables], "byes": list(p.byes)}


def write(store: TournamentStore, tid: str, kind: str, data: dict[str, Any], chance: random.Random | None = None,
          *, by: str = "judge", now: float | None = None) -> Tournament:
    """Apply one judge's change. In a Swiss event a bare `next_round` gets its Swiss pairings, adding or
    removing a player draws round 1 again (a drop before round 1 starts removes the player), a drop or a late
    entry before a later round's clocks start re-pairs that round, and a past round's corrected `result` carries
    the VP it replaces (`was`), so the log keeps both. A `cut {size}` seeds the top of the standings."""
    chance = chance or rng()
    at = time.time() if now is None else now
    if kind in ("drop", "next_round", "cut") or kind == "result" and "round" in data:  # the rest need no look first
        kind, data = _prepared(store.load(tid).state, kind, data, chance)
    t = store.apply(tid, Event(kind, data, by=by, at=at)).state
    fresh = not any(tb.started or tb.result is not None for tb in t.tables)
    if t.swiss and fresh and (kind in ("register", "unregister") or kind == "drop" and _seated(t, data)):
        before = replace(t, rounds=t.rounds[:-1]) if len(t.rounds) > 1 else t  # standings before this round
        t = store.apply(tid, Event("pair", _seating(next_pairing(before, chance)), by=by, at=at)).state
    return t


def _prepared(t: Tournament, kind: str, data: dict[str, Any], chance: random.Random) -> tuple[str, dict[str, Any]]:
    """The event a drop, a next round or a correction really is, from the event as it stands."""
    if kind == "drop" and len(t.rounds) == 1 and not any(tb.started or tb.result for tb in t.tables):
        return "unregister", data  # nothing played yet: leaving is the same as never having registered
    if kind == "result" and "was" not in data:
        return kind, {**data, "was": past_vp(t, data.get("round"), data.get("table"))}
    if kind == "next_round" and t.swiss and not t.current.cut and "tables" not in data and all(
            tb.result for tb in t.tables):
        return kind, _seating(next_pairing(t, chance))
    if kind == "cut" and "seeds" not in data:  # the top of the standings, players still in the event
        size = data.get("size")
        if size not in (4, 8):
            raise IllegalAction("a top cut takes the top 4 or 8 players")
        if len(t.active) < size:
            raise IllegalAction(f"a top {size} needs {size} players still in the event; there are {len(t.active)}")
        active = set(t.active)
        return kind, {"seeds": [r.player for r in standings(t) if r.player in active][:size]}
    return kind, data


def past_vp(t: Tournament, number: Any, table: Any) -> dict[str, int] | None:
    """The VP a past round's table has now (None when there is no such table or result: the reducer says why)."""
    for rnd in t.rounds:
        if rnd.number == number:
            found = next((tb for tb in rnd.tables if tb.number == table), None)
            return None if found is None or found.result is None else dict(found.result.vp)
    return None


def _seated(t: Tournament, data: dict[str, Any]) -> bool:
    name = str(data.get("player", "")).strip().casefold()
    return any(p.casefold() == name for p in (*t.current.seated, *t.current.byes))


def create_event(store: TournamentStore, name: str, players: list[str], *, table_size: int = 2, build: int = 300,
                 round_seconds: float = DEFAULT_ROUND_SECONDS, marks: tuple[float, ...] = DEFAULT_MARKS,
                 tiebreaks: str = DEFAULT_ORDER, placement: tuple[int, ...] = (), chance: random.Random | None = None,
                 now: float | None = None) -> Tournament:
    """A Swiss event with its players registered and round 1 drawn at random, stored in one write: replayed in
    memory first (a bad or repeated name refuses it before anything is stored), then saved with its whole log.
    (One stored change per player rewrote the growing file each time: 1,000 players took 15-20 s.)"""
    at = time.time() if now is None else now
    t = new_tournament(store.new_id(name), name, build=build, round_seconds=round_seconds, marks=marks,
                       table_size=table_size, tiebreaks=tiebreaks, placement=placement, now=at)
    events = [Event("register", {"players": list(players)}, by="judge", at=at)] if players else []
    registered = replay(t, events)
    events.append(Event("pair", _seating(draw(registered.active, table_size, chance or rng())), by="judge", at=at))
    t = replay(registered, events[-1:])
    store.put(t, tuple(events))
    return t


def tables_json(t: Tournament) -> dict[str, Any]:
    """The round's seating: {"round", "tables": [{"table", "players"}], "byes": [...]}."""
    return {"round": t.current.number, "tables": [{"table": tb.number, "players": list(tb.players)} for tb in t.tables],
            "byes": list(t.current.byes)}


@dataclass(frozen=True)
class StandingsTable:
    """The standings as every screen shows them: the event's order, its column headers, and per player the rank
    ('=3' when shared), the name with its notes (dropped, byes, rounds missed) and the order's values."""

    order: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, str, tuple[str, ...]], ...]
    stage: str = ""  # "round 3", or the top cut's "semifinal" ...
    bracket: tuple[str, ...] = ()  # the top cut so far, one line a game


def standings_table(t: Tournament) -> StandingsTable:
    chosen = order_for(t.tiebreaks, t.placement)
    return StandingsTable(order_line(t), ("Games", *(c.header for c in chosen.columns)),
                          tuple((f"={r.rank}" if r.tied else str(r.rank), r.player + note(r),
                                 (str(r.played), *cells(chosen, r))) for r in standings(t)),
                          stage(t), tuple(bracket_lines(t)))
