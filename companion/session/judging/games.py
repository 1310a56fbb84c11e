"""The games an event can be played in: every pack the app knows, with what its pack says an event needs.

An event names its game by pack id (core.tournament.state: events stored before read as HeroClix Skirmish). The
pack, never a list of ids here, says whether the game has build totals to pick from (its force rules' `build_total`
choices: Skirmish 200 or 300) and how many players sit at one of its tables (`min_players`..`max_players`, within
the 2 to 4 an event's tables seat). Screens, the CLI and the room ask these functions; they never compare ids.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion import rules
from companion.core.packs.load import Pack
from companion.core.tournament.placement import DEFAULT_PLACEMENT as BATTLE_ROYALE  # 6/4/2/1, HCUnits' preset
from companion.core.tournament.state import MAX_SEATS, MIN_SEATS, InvalidTournament, Tournament

__all__ = ["BATTLE_ROYALE", "EventGame", "checked_build", "event_games", "find_game", "game_id", "game_label"]

FIRST_GAME = rules.JUDGED_FIRST  # a new event's game unless the judge picks another


@dataclass(frozen=True)
class EventGame:
    id: str
    name: str  # the pack's name, as New match lists it
    builds: tuple[int, ...]  # the build totals to pick from; empty: the game has none
    sizes: tuple[int, ...]  # players at one table (2: head to head; 3-4: pods)

    @property
    def default_build(self) -> int | None:
        """The build an event takes when none is named: the largest (Skirmish events have been 300 by default)."""
        return max(self.builds) if self.builds else None

    @property
    def pods(self) -> tuple[int, ...]:
        """The pod sizes (3 or 4 players a table) the game plays at, where Battle Royale placement makes sense."""
        return tuple(n for n in self.sizes if n > 2)


def event_game(pack: Pack) -> EventGame:
    sizes = tuple(n for n in range(max(pack.min_players, MIN_SEATS), min(pack.max_players, MAX_SEATS) + 1))
    return EventGame(pack.id, pack.name, tuple(sorted(set(pack.build_totals()))), sizes)


def event_games(packs: Mapping[str, Pack]) -> list[EventGame]:
    """Every game an event can be played in, by name."""
    return sorted((event_game(p) for p in packs.values() if p.min_players <= MAX_SEATS), key=lambda g: g.name)


def find_game(packs: Mapping[str, Pack], game: str) -> EventGame:
    if game not in packs:
        known = ", ".join(sorted(packs)) or "none"
        raise InvalidTournament(f"{game!r} is not a game this app knows; pick one of {known}")
    return event_game(packs[game])


def checked_build(game: EventGame, build: int | None, table_size: int) -> int | None:
    """The event's build total for `game` (its default when None), refused in one sentence where the pack says no."""
    if game.builds:
        build = game.default_build if build is None else build
        if build not in game.builds:
            totals = " or ".join(str(b) for b in game.builds)
            raise InvalidTournament(f"{game.name} events are played at {totals} points, not {build}")
    elif build is not None:
        raise InvalidTournament(f"{game.name} has no build total to pick; leave it out")
    check_seats(game, table_size)
    return build


def check_seats(game: EventGame, seats: int) -> None:
    if seats not in game.sizes:
        raise InvalidTournament(f"{game.name} is played {seats_text(game)} a table, not {seats}")


def seats_text(game: EventGame) -> str:
    """"by 2 players", "by 2 to 4 players"."""
    low, high = game.sizes[0], game.sizes[-1]
    return f"by {low} players" if low == high else f"by {low} to {high} players"


def game_id(t: Tournament) -> str:
    """The pack the event is played with (events stored before an event named its game: the judge's first)."""
    return t.game or FIRST_GAME


def game_label(packs: Mapping[str, Pack], t: Tournament) -> str:
    """The event's game as every text names it: "HeroClix Skirmish 300", "Halo ActionClix" (the pack's id when the
    pack is gone, e.g. a user's pack removed since)."""
    pack = packs.get(game_id(t))
    name = pack.name if pack is not None else game_id(t)
    return f"{name} {t.build}" if t.build is not None else name
