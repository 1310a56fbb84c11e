"""HeroClix Skirmish legal actions (seed 003): the active player's round, its costed and FREE action, the Rule of
the First Round, scoring, and ending rounds and turns.

Each round holds one costed action (a character gets an action token: move, attack, Pulse Wave or any other
costed action) and one FREE action, in either order. Scoring records (damage from other effects, a bystander or
object KO'd) and the player's action total cost nothing. Map positions are unknown to the match: range, line of
fire and adjacency come back as notes. Each action is an object (skirmish/actions.py); see skirmish/rounds.py
for the round bookkeeping and skirmish/combat.py for attacks, victory points and winning. Rule ids are sections of
content/heroclix-skirmish/rules.md.
"""

from __future__ import annotations

from companion.core.model import Match, Unit
from companion.rules.base import System
from companion.rules.skirmish import advice
from companion.rules.skirmish.actions import ACTIONS, Round, query
from companion.rules.skirmish.rounds import SYSTEM_ID, has_round, rounds_for, rounds_left
from companion.rules.skirmish.rounds import stands as keeps_player_in


class HeroClixSkirmish(System[Round]):
    id = SYSTEM_ID
    name = "HeroClix Skirmish"

    def turn_words(self, state: Match) -> tuple[str, str]:
        """Whose round of the shared turn it is, as the players count it (round r of the turn is each player's r-th
        round): "Ann's round 1 of 2", "(bonus)" past the default; once every round is played, the end of turn.
        Said once: the turn's round and the player's round are the same number."""
        player = state.active_player
        if not rounds_left(state):
            return "every round played: end of turn", ""
        if not has_round(state, state.active, state.round):
            return f"{player.name} has no round {state.round}", ""
        bonus = " (bonus)" if state.round > state.rules.rounds_per_turn else ""
        return f"{player.name}'s round {state.round} of {rounds_for(state, player)}{bonus}", ""

    def stands(self, state: Match, unit: Unit) -> bool:
        """A character on the table keeps its player in; a 0-point bystander doesn't."""
        return keeps_player_in(unit)

    # the game's actions, each an object (skirmish/actions.py): the base's door asks them, handing each the round
    actions = {action.id: action for action in ACTIONS}

    def _query(self, state: Match) -> Round:
        return query(state)

    advisor_type = advice.SkirmishAdvisor
