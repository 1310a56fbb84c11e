"""The Killer of the Maze (seed 002): the Imperial Action phase's legal actions, their odds and resolution.

The turn: the imperial player's turn holds the Movement then the Activity sub-phase (the match's phases); ending
it passes the turn to the Tyranid player in the Tyranid Action phase (its rules are not in the source), whose end
of turn brings the next Movement sub-phase. Each phase ends with the core's end of turn, so one game turn (the
seed's "turn": the Imperial then the Tyranid Action phase) is two of the match's turns: game turn g is the match's
turns 2g - 1 (imperial) and 2g (Tyranid), and the header, the vents' two game turns and the Beacon's "each turn"
count game turns. The pack sets `action_tokens_carry = false`, so every model has two
fresh action tokens each Imperial Action phase; Break Down Door takes two. Keywords, shots, magazines, equipment
and the Advance limits are read from click markers and unit counters: see maze/items.py.
The match knows no tiles, doors or sight lines: what depends on them comes back as a note. Each action is an
object (maze/actions.py); the turn's duties and its phases: maze/turn.py.
"""

from __future__ import annotations

from companion.core.model import Match
from companion.rules.action import Refusal
from companion.rules.base import System
from companion.rules.maze.actions import ACTIONS
from companion.rules.maze.carry import RULE as CARRY_RULE
from companion.rules.maze.carry import change_refusal
from companion.rules.maze.items import SYSTEM_ID
from companion.rules.maze.kinds import Team, query
from companion.rules.maze.turn import game_turn


class KillerOfTheMaze(System[Team]):
    id = SYSTEM_ID
    name = "The Killer of the Maze"
    keeps_score = False  # its source scores no points (the pack's victory.toml)
    # the helper gives the first player the Imperial Action phase: the new-match screen says so, as the Scarab's does
    seats = "Player 1 plays the imperial team; player 2 the Tyranid player (the Blind Horror)."

    def game_turn(self, turn: int) -> int:
        """The seed's game turn: the Imperial Action phase (the match's odd turns) and the Tyranid Action phase
        after it (the even ones)."""
        return game_turn(turn)

    def check_change(self, before: Match, after: Match) -> Refusal | None:
        """What the game forbids in any change of the match: carry restrictions (see rules.refuse_change)."""
        why = change_refusal(before, after)
        return (why, CARRY_RULE) if why else None

    # the game's actions, each an object (maze/actions.py): the base's door asks them, handing each the team
    actions = {action.id: action for action in ACTIONS}

    def _query(self, state: Match) -> Team:
        return query(state)
