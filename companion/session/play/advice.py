"""The advisor as the screens, the CLI and scripts see it: the active player's rolling options ranked by what
they are worth, with their exact figures, their working in words and the action each one starts.

A target the player strikes out ("no line of fire", "attacked already") stays out for the rest of that player's
turn: the screen and the CLI pass the struck unit ids back in; `Advice.turn` names the turn they belong to. On the
screen a strike belongs to the match's history as it was when struck (`Strike`): what is struck now is read from
the history (`struck`), so an undo that takes back what the strike followed brings the target back, and a redo
strikes it again.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from companion import rules
from companion.core.errors import CompanionError
from companion.core.match.history import History
from companion.core.model import Match
from companion.rules import advice
from companion.rules.action import Action
from companion.rules.advice import KEYS
from companion.rules.base import System

__all__ = ["KEYS", "KEY_WORDS", "Advice", "AdviceError", "AdvisedMove", "Strike", "advise", "strike", "struck"]
KEY_WORDS = {"points": "expected points", "ko": "chance to KO", "damage": "expected damage"}
Turn = tuple[int, int, int]  # turn, round, active player index


class AdviceError(CompanionError):
    """Advice asked for in a way that can't be given (an unknown ranking key)."""


@dataclass(frozen=True)
class AdvisedMove:
    """One ranked option: the action it starts, its line for a list, its figures as plain data."""

    action: Action
    title: str
    line: str
    target: str | None
    data: dict[str, Any]
    _row: Any
    _system: System
    _state: Match

    def working(self) -> list[str]:
        """The dice, the needed roll, what each class of the roll does and each expectation as its sum."""
        return advice.working(self._system, self._state, self._row)


@dataclass(frozen=True)
class Advice:
    by: str
    moves: tuple[AdvisedMove, ...]
    struck: tuple[str, ...]  # the targets left out, as given
    turn: Turn  # when the turn changes, strikes lapse
    note: str  # "" or why no move is advised (no rolling option now, or none the advisor can weigh)

    def to_json(self) -> dict[str, Any]:
        return {"by": self.by, "struck": list(self.struck), "note": self.note, "moves": [m.data for m in self.moves]}


def advise(state: Match, by: str = "points", struck: Iterable[str] = ()) -> Advice:
    """The advice for the match as it stands."""
    if by not in KEYS:
        raise AdviceError(f"rank by one of {', '.join(KEYS)}, not {by!r}")
    struck = tuple(dict.fromkeys(struck))
    turn = _turn(state)
    if state.system not in rules.available():
        return Advice(by, (), struck, turn, "this game has no rules helper, so there is nothing to weigh")
    system = rules.get(state.system)
    moves = tuple(AdvisedMove(r.action, advice.headline(r), advice.figures_line(r), r.target, advice.to_json(r), r,
                              system, state) for r in advice.rank(system, state, by, struck))
    note = "" if moves else ("the match is over" if state.status == "finished" else
                             f"{state.active_player.name} has no roll the advisor can weigh now")
    return Advice(by, moves, struck, turn, note)


@dataclass(frozen=True)
class Strike:
    """A target struck out, and where in the match's history: the last step in effect then, and the turn."""

    target: str
    step: int  # its log index; below the history's tail (or -1, none yet): a step no undo has taken back
    turn: Turn


def strike(history: History, target: str) -> Strike:
    """`target` struck out at the match as `history` has it now."""
    step = history.active[-1] if history.active else history.base - 1
    return Strike(target, step, _turn(history.state))


def struck(history: History, strikes: Iterable[Strike]) -> tuple[str, ...]:
    """The targets struck out now, in the order struck: those struck in this turn at a step still in effect. The
    steps in effect are a stack in log order, so a strike's step still in effect means everything before it is
    too; a step cut off below the tail is taken as in effect (the tail is cut only when nothing can be redone,
    so only a step undone and then passed by a new step, 64 events back in the same turn, would be misread)."""
    turn, active = _turn(history.state), set(history.active)
    return tuple(dict.fromkeys(s.target for s in strikes
                               if s.turn == turn and (s.step < history.base or s.step in active)))


def _turn(state: Match) -> Turn:
    return state.turn, state.round, state.active
