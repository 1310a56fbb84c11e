"""Service: the judge's events (tournaments). The one door the judge's CLI, the judge's screens and the room use.

The store (store/tournaments.py) only persists; this service applies. Every change is one event run through
the tournament reducer (core.tournament.events) inside the store's lock, so the CLI and a running live view may
write the same event without losing each other's change. A new event with its first tables or players is
checked in memory first (`replay`), so a refused seat stores nothing.

Swiss events get their pairings here: a bare `next_round` is paired, adding or removing a player before round 1
draws round 1 again, a drop or a late entry before a round's clocks start re-pairs it, a past round's corrected
`result` carries the VP it replaces (`was`, so the log keeps both), and a `cut {size}` seeds the top of the
standings into a bracket. A pairing is computed here, then written
into its event, so the log replays without drawing again. Randomness is injected: `rng(seed)` is seeded for
tests and scripts, the operating system's randomness otherwise.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.core.errors import CompanionError, IllegalAction
from companion.core.match.events import Event
from companion.core.tournament import cut
from companion.core.tournament.events import PLAYER, apply, replay
from companion.core.tournament.state import DEFAULT_MARKS, DEFAULT_ROUND_SECONDS, Tournament, new_tournament
from companion.core.tournament.tiebreaks import DEFAULT as DEFAULT_ORDER
from companion.session.judging.games import (
    FIRST_GAME,
    EventGame,
    check_seats,
    checked_build,
    event_games,
    find_game,
    game_id,
    game_label,
)
from companion.store.paths import data_dir
from companion.store.tournaments import StoredTournament, TournamentStore


def rng(seed: int | None = None) -> random.Random:
    return random.Random(seed) if seed is not None else random.SystemRandom()


class Judging:
    """The events under `root` (a data folder), or in memory when `root` is None (tests)."""

    def __init__(self, root: Path | None, *, clock: Callable[[], float] = time.time) -> None:
        self._store = TournamentStore(root, clock=clock)

    @property
    def root(self) -> Path | None:
        return self._store.root

    @classmethod
    def open(cls, root: Path | str | None = None) -> Judging:
        """The events in this device's data folder (or in `root`)."""
        return cls(Path(root) if root else data_dir())

    # --- reading ----------------------------------------------------------------------------------

    def ids(self) -> list[str]:
        return self._store.ids()

    def exists(self, tournament_id: str) -> bool:
        return self._store.exists(tournament_id)

    def latest(self) -> str:
        """The most recently changed event: the one a judge means when they name none (TournamentNotFound)."""
        return self._store.latest()

    def pick(self, tournament_id: str | None) -> str:
        """The event named, or the latest when none is ("" is a bad id, not "the latest")."""
        return self._store.latest() if tournament_id is None else tournament_id

    def load(self, tournament_id: str) -> StoredTournament:
        """The event now, its log, the judge's secret and when it last changed."""
        return self._store.load(tournament_id)

    def state(self, tournament_id: str) -> Tournament:
        return self._store.load(tournament_id).state

    def log(self, tournament_id: str) -> tuple[Event, ...]:
        return self._store.load(tournament_id).log

    def signature(self, tournament_id: str) -> Any:
        """Changes whenever the stored event changes: a cheap check for a screen watching it."""
        return self._store.signature(tournament_id)

    def rotate_token(self, tournament_id: str) -> str:
        """A new judge's secret: whatever was signed with the old one stops working."""
        return self._store.rotate_token(tournament_id)

    def players_key(self, tournament_id: str) -> str:
        """The secret of the players' own codes and cookies (session.judging.player_codes)."""
        return self._store.players_key(tournament_id)

    def spend_code(self, tournament_id: str, player: str, spent: int) -> bool:
        """Count one of `player`'s codes spent, when `spent` is still their count (False: another device won)."""
        return self._store.spend(tournament_id, player, spent)

    # --- games -----------------------------------------------------------------------------------

    def _packs(self) -> dict[str, Any]:
        """The packs this device knows: the built-in ones and the user's (the data folder's packs/)."""
        from companion.core.packs.load import discover

        return discover((self.root / "packs",) if self.root is not None else ())[0]

    @property
    def first_game(self) -> str:
        """The game a new event is of unless the judge picks another: HeroClix Skirmish, as every event was."""
        return FIRST_GAME

    def games(self) -> list[EventGame]:
        """Every game an event can be played in, by name (session/judging/games.py)."""
        return event_games(self._packs())

    def game(self, game: str) -> EventGame:
        """One game by its pack id (InvalidTournament, one sentence, when the app knows none such)."""
        return find_game(self._packs(), game)

    def game_of(self, t: Tournament) -> str:
        """The pack id of the event's game (an event stored before events named theirs: HeroClix Skirmish)."""
        return game_id(t)

    def game_label(self, t: Tournament) -> str:
        """The event's game as texts name it: "HeroClix Skirmish 300", "Halo ActionClix"."""
        return game_label(self._packs(), t)

    # --- making events ----------------------------------------------------------------------------

    def new_event(self, name: str, tables: Sequence[Sequence[str]] = (), *, game: str | None = None,
                  build: int | None = None, round_seconds: float = DEFAULT_ROUND_SECONDS,
                  marks: tuple[float, ...] = DEFAULT_MARKS,
                  tiebreaks: str = DEFAULT_ORDER, placement: tuple[int, ...] = (),
                  now: float | None = None) -> Tournament:
        """A hand-seated event of `game` (a pack id; None: HeroClix Skirmish, the judge's game before events had
        one), with tables 1, 2 ... seated as given; `build`: one of the game's build totals (None: its default, or
        none where the game has none)."""
        at = time.time() if now is None else now
        game = game or FIRST_GAME
        played = self.game(game)
        build = checked_build(played, build, played.sizes[0])
        t = new_tournament(self._store.new_id(name or "event"), name, game=game, build=build,
                           round_seconds=round_seconds,
                           marks=marks, tiebreaks=tiebreaks, placement=placement, now=at)
        seats = [Event("seat", {"table": n, "players": list(players)}, by="judge", at=at)
                 for n, players in enumerate(tables, 1)]
        return self.create(t, seats)

    def new_swiss(self, name: str, players: list[str], *, game: str | None = None, table_size: int = 2,
                  build: int | None = None,
                  round_seconds: float = DEFAULT_ROUND_SECONDS, marks: tuple[float, ...] = DEFAULT_MARKS,
                  tiebreaks: str = DEFAULT_ORDER, placement: tuple[int, ...] = (),
                  chance: random.Random | None = None, now: float | None = None) -> Tournament:
        """A Swiss event with its players registered (one `register {players}` event: one stored change per
        player rewrote the growing file each time, 15-20 s for 1,000) and round 1 drawn at random."""
        from companion.core.tournament.pairing import draw  # pairing loads only when an event is paired

        at = time.time() if now is None else now
        game = game or FIRST_GAME
        build = checked_build(self.game(game), build, table_size)
        t = new_tournament(self._store.new_id(name), name, game=game, build=build, round_seconds=round_seconds,
                           marks=marks,
                           table_size=table_size, tiebreaks=tiebreaks, placement=placement, now=at)
        events = [Event("register", {"players": list(players)}, by="judge", at=at)] if players else []
        registered = replay(t, events)  # refuses a bad or repeated name before anything is stored
        events.append(Event("pair", _seating(draw(registered.active, table_size, chance or rng())), by="judge",
                            at=at))
        return self.create(t, events)

    def create(self, t: Tournament, events: Sequence[Event] = ()) -> Tournament:
        """Store a new event and its first changes (InvalidTournament when its id is taken)."""
        for event in events:
            if event.type == "seat":
                self._check_seat(t, event.data)
        replay(t, list(events))  # every event checked in memory first: a refused one stores nothing
        self._store.create(t)
        for event in events:
            t = self.apply(t.id, event)
        return t

    # --- changing events --------------------------------------------------------------------------

    def apply(self, tournament_id: str, event: Event) -> Tournament:
        """Apply one event and store it; durable when it returns. IllegalAction: nothing changes."""
        if event.type == "seat":  # a table seated by hand: as many players as the event's game plays at
            self._check_seat(self.state(tournament_id), event.data)
        return self._store.append(tournament_id, event, apply).state

    def _check_seat(self, t: Tournament, data: dict[str, Any]) -> None:
        players = data.get("players")
        if isinstance(players, list) and len(players) >= 2:  # fewer: the reducer's own sentence
            packs = self._packs()
            if game_id(t) in packs:  # a game whose pack is gone since: the reducer's 2 to 4 still hold
                try:
                    check_seats(find_game(packs, game_id(t)), len(players))
                except CompanionError as exc:
                    raise IllegalAction(str(exc)) from None

    def report(self, tournament_id: str, player: str, data: dict[str, Any], *, now: float | None = None) -> Tournament:
        """A player's own report of their table's result (the reducer's `report`: it stands as the result once
        every player at the table reported the same scores). IllegalAction: nothing is stored."""
        return self.write(tournament_id, "report", data, by=PLAYER + player, now=now)

    def write(self, tournament_id: str, kind: str, data: dict[str, Any], chance: random.Random | None = None,
              *, by: str = "judge", now: float | None = None) -> Tournament:
        """One judge's change, with the Swiss pairings it calls for (see the module's text)."""
        from companion.core.tournament.pairing import next_pairing

        chance = chance or rng()
        at = time.time() if now is None else now
        if kind in ("drop", "next_round", "cut") or kind == "result" and "round" in data:  # the rest need no look
            kind, data = _prepared(self.state(tournament_id), kind, data, chance)
        t = self.apply(tournament_id, Event(kind, data, by=by, at=at))
        fresh = not any(tb.started or tb.result is not None for tb in t.tables)
        if t.swiss and fresh and (kind in ("register", "unregister") or kind == "drop" and _seated(t, data)):
            before = replace(t, rounds=t.rounds[:-1]) if len(t.rounds) > 1 else t  # standings before this round
            t = self.apply(tournament_id, Event("pair", _seating(next_pairing(before, chance)), by=by, at=at))
        return t


def _prepared(t: Tournament, kind: str, data: dict[str, Any], chance: random.Random) -> tuple[str, dict[str, Any]]:
    """The event a drop, a next round, a correction or a cut really is, from the event as it stands."""
    from companion.core.tournament.pairing import next_pairing
    from companion.core.tournament.results import standings

    if kind == "drop" and len(t.rounds) == 1 and not any(tb.started or tb.result for tb in t.tables):
        return "unregister", data  # nothing played yet: leaving is the same as never having registered
    if kind == "result" and "was" not in data:
        return kind, {**data, "was": past_vp(t, data.get("round"), data.get("table"))}
    if kind == "next_round" and t.swiss and not t.current.cut and "tables" not in data and all(
            tb.result for tb in t.tables):
        return kind, _seating(next_pairing(t, chance))
    if kind == "cut" and "seeds" not in data:  # the top of the standings, players still in the event
        size = data.get("size")
        if size not in cut.SIZES:
            raise IllegalAction("a top cut takes the top 4 or 8 players")
        if size not in cut.sizes_for(t):
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


def _seating(p: Any) -> dict[str, Any]:
    return {"tables": [list(tb) for tb in p.tables], "byes": list(p.byes)}


def _seated(t: Tournament, data: dict[str, Any]) -> bool:
    name = str(data.get("player", "")).strip().casefold()
    return any(p.casefold() == name for p in (*t.current.seated, *t.current.byes))
