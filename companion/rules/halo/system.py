"""Halo ActionClix (seed 001) as a rules system: its actions, each an object (halo/actions.py) handed the turn
(halo/turn.py), and the few overrides where the game differs: the header's count of actions, the one action per
unit and three per turn the reducer holds on every path, the Grenade token a card's icon gives, the starting force,
the advisor's reading (`HaloAdvisor`) and the attack calculator at the desk.

The match holds what the rules need: action tokens given this turn (`tokens.action`, limit 1), grenade and
upgrade tokens, points, and where a unit is (table or reserve).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from companion.core.errors import IllegalAction
from companion.core.model import Match, Unit
from companion.rules.action import Action
from companion.rules.advisor import Advisor
from companion.rules.base import System
from companion.rules.halo import advice
from companion.rules.halo.actions import Attack, EndTurn, HaloAction, LootRoll, Move, Respawn
from companion.rules.halo.attack import SYSTEM_ID, Desk
from companion.rules.halo.exchange import SwapWeapons, Upgrade
from companion.rules.halo.tokens import action_token_refusal, entering
from companion.rules.halo.turn import ACTIONS_PER_TURN, POSITIONS, TurnState, actions_used, turn_state

MOVE_AND_ATTACK = Attack("move-and-attack", "Move and attack", "move-attack-penalty",
                         "More than 4 squares moved: -3 attack.", moves=True)
THROW_GRENADE = Attack("throw-grenade", "Throw a grenade", "grenades",
                       "Uses one Grenade token. More than 4 squares moved first: -3 attack. The source's grenade "
                       "rules are cut off: judged like a shot here.", moves=True, grenade=True)

# the game's actions in the order the app lists them
ACTIONS: tuple[HaloAction, ...] = (
    Move("move", "Move", "moving"),
    Attack("attack", "Attack", "attacking", "Needs a clear line of fire to the target.", moves=False),
    MOVE_AND_ATTACK,
    THROW_GRENADE,
    Respawn("respawn", "Respawn", "respawning",
            "Place it on one of your spawn points no enemy has captured; this action must move it off. Bring back the "
            "eliminated unit or a reserve unit worth the same or fewer points. With a target it attacks after the "
            "move (2d6, more than 4 squares: -3 attack).",
            ((MOVE_AND_ATTACK, "Shoot"), (THROW_GRENADE, "Throw a grenade"))),
    SwapWeapons("swap-weapons", "Swap weapons", "swap-weapons"),
    Upgrade("upgrade", "Upgrade", "upgrading",
            "The source doesn't say whether upgrading uses one of your actions; here it doesn't."),
    LootRoll("loot-roll", "Loot roll", "loot-roll", cost=0, dice="2d6",
             note="Only if the unit ends your turn on an opponent's spawn point."),
    EndTurn("end-turn", "End turn", "actions", cost=0),
)
ACTION_BY_ID: Mapping[str, HaloAction] = {action.id: action for action in ACTIONS}


class HaloAdvisor(Advisor):
    """Which classes of two attacks resolve alike is each attack action's (halo/actions.py); a unit that
    eliminates another gains an Upgrade token, a figure of its own (halo/advice.py)."""

    def outcome_key(self, state: Match, action: Action, label: str) -> object:
        return ACTION_BY_ID[action.name].outcome_key(state, action, label)

    def figures(self, before: Match, after: Match, action: Action) -> dict[str, int]:
        return advice.figures(before, after, action)


def ordinal(n: int) -> str:
    return {4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


class HaloActionClix(System[TurnState]):
    id = SYSTEM_ID
    name = "Halo ActionClix"
    places = POSITIONS
    scoring = "kills"
    desk_attack = Desk()

    # the game's actions, each an object (halo/actions.py): the base's door asks them, handing each the turn
    actions = ACTION_BY_ID

    def _query(self, state: Match) -> TurnState:
        return turn_state(state)

    def turn_words(self, state: Match) -> tuple[str, str]:
        used = actions_used(state, state.active_player.id)  # the true count: the invariant keeps it within 3
        return super().turn_words(state)[0], f"Actions {used} of {ACTIONS_PER_TURN}"

    def token_change_refusal(self, state: Match, unit: Unit, kind: str, delta: int) -> str | None:
        """No action for a unit that swapped weapons, or had its action and left the table, this turn."""
        return action_token_refusal(unit, kind, delta)

    def entering(self, state: Match, unit: Unit) -> Unit:
        """A unit deployed holds the Grenade token its card's icon gives."""
        return entering(state, unit)

    def invariant(self) -> Callable[[Match], None]:
        """The base's checks, and the turn's three actions (seed 001 ¶8, ¶42) on every path that applies an
        event (a button, `match event token`, an import): no player's units hold more action tokens than that."""
        base = super().invariant()

        def check(state: Match) -> None:
            base(state)
            for player in state.players:
                used = actions_used(state, player.id)
                if used > ACTIONS_PER_TURN:
                    raise IllegalAction(
                        f"On your turn you have {ACTIONS_PER_TURN} actions to hand out: {player.name} has given out "
                        f"all {ACTIONS_PER_TURN} this turn, so a {ordinal(used)} is refused", "actions")

        return check

    def force(self, state: Match, player_id: str, fallen: frozenset[str],
              started: Mapping[str, Unit] | None = None) -> list[Unit]:
        """The starting force (seed 001 ¶32–33): the units the player deployed when play began, as they were then,
        so an upgrade or a swap made since never changes what the limits measure."""
        if started is None:
            return super().force(state, player_id, fallen)
        return [u for u in started.values() if u.owner == player_id and not u.cyclic]

    advisor_type = HaloAdvisor
