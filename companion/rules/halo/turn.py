"""Halo ActionClix's turn (seed 001) as one query sees it: the active player's units on the table and in the
reserves, the actions given out, the captured spawn points, the opposing units to attack; and the numbers and map
positions the rules turn on. Every action is handed this `TurnState` (halo.actions).

Captured spawn points are read from the player counter `captured-spawn-points` when the pack declares it;
otherwise respawning stays open with a reminder.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.model import Match, Player, Unit
from companion.rules.halo.reserves import LOOTED, comes_in, had_action
from companion.rules.halo.tokens import grenades_kept

ACTIONS_PER_TURN = 3
SPAWN_POINTS = 2  # each player sets out two spawn point counters
CAPTURED_COUNTER = "captured-spawn-points"
# Positions that matter to the rules: a spawn point of the unit's own player, or an opponent's ("": elsewhere)
OWN_SPAWN, ENEMY_SPAWN = "own-spawn", "enemy-spawn"
POSITIONS = {"": "Elsewhere on the map", OWN_SPAWN: "On one of its player's spawn points",
             ENEMY_SPAWN: "On an opponent's spawn point"}


@dataclass(frozen=True)
class TurnState:
    """What the active player has this turn, worked out once per query."""

    player: Player
    table: tuple[Unit, ...]  # own units on the table
    reserve: tuple[Unit, ...]
    reserve_points: frozenset[int]
    cheapest_reserve: int | None
    enemies: tuple[Unit, ...]  # opposing units on the table: the targets of an attack
    used: int
    captured: int | None  # None: the match doesn't track captures
    grenades_kept: bool = True  # the match keeps Grenade tokens

    @property
    def left(self) -> int:
        return max(0, ACTIONS_PER_TURN - self.used)


def actions_used(state: Match, player_id: str) -> int:
    """The actions the player's units were given this turn (a unit that left the table keeps its token)."""
    return sum(u.tokens.action for u in state.units if u.owner == player_id)


def turn_state(state: Match) -> TurnState:
    player = state.active_player
    mine = [u for u in state.units if u.owner == player.id]
    table = tuple(u for u in mine if u.location == "table" and not u.eliminated)
    reserve = tuple(u for u in mine if u.location == "reserve")
    tracked = CAPTURED_COUNTER in state.rules.counters.get("player", ())
    enemies = tuple(u for u in state.units if u.owner != player.id and u.location == "table" and not u.eliminated)
    return TurnState(player=player, table=table, reserve=reserve,
                     reserve_points=frozenset(u.points for u in reserve if comes_in(u)),
                     cheapest_reserve=min((u.points for u in reserve if comes_in(u)), default=None), enemies=enemies,
                     used=actions_used(state, player.id),
                     captured=player.counters.get(CAPTURED_COUNTER, 0) if tracked else None,
                     grenades_kept=grenades_kept(state))


def loot_due(table: tuple[Unit, ...]) -> tuple[Unit, ...]:
    """The units whose loot roll is open and not yet made (seed 001 ¶30): given an action this turn, standing on an
    opponent's spawn point; the roll is the turn's last chance, so ending the turn says who still has one."""
    return tuple(u for u in table if had_action(u) and u.position == ENEMY_SPAWN and LOOTED not in u.turn_marks)
