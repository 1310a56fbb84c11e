"""What every action of the Scarab game shares (seed 000): `Play`, what one query works out once and hands each
action (the side playing, whether the fight is decided, the house rules the system switches on, the attacking
player's count of actions), and `ScarabAction`, the checks every action runs before its own and its verdict's
words. The game is two turns, each with its own actions (both have a "move" and an "end-turn"): the Scarab's
sequence (scarab/turn_play.py) and the attacking player's actions (scarab/attacker.py); once the fight is decided,
ending the match (`EndMatch`) is the only action left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Player, Unit
from companion.rules.action import Action, ActionKind, ActionOption, Refusal, Resolution, Verdict
from companion.rules.halo.reserves import starting_force
from companion.rules.scarab.state import (
    HEROCLIX_ACTIONS,
    NO_ACTIONS,
    SCARAB_PLAYER,
    acted,
    dial_id,
    is_aerial,
    option_on,
)


@dataclass(frozen=True)
class Count:
    """The attacking player's actions this turn: how many, how they are counted, how many are used."""

    player: Player
    allowance: int
    how: str  # how the allowance is counted, for people
    used: int
    aerial_shots: int  # aerial figures that shot at the Scarab this turn

    @property
    def left(self) -> int:
        return max(0, self.allowance - self.used)


def allowance(state: Match, player_id: str, heroclix: bool) -> tuple[int, str]:
    # the starting force, not every unit owned: units on the table (KO'd ones too) and eliminated ones waiting to
    # respawn; never-deployed and swapped-out reserve units don't count (issue 33 case 14)
    force = starting_force(state, player_id)
    if heroclix:
        points = sum(u.points for u in force)
        return points // 100, f"one per 100 points of your {points}-point force (house rule)"
    return (len(force) + 1) // 2, f"half of your {len(force)} starting figures, rounded up"


def count(state: Match, defaults: Mapping[str, bool]) -> Count:
    player = state.active_player
    allowed, how = allowance(state, player.id, option_on(state, HEROCLIX_ACTIONS, defaults))
    mine = [u for u in state.units if u.owner == player.id]
    return Count(player, allowed, how, sum(u.tokens.action for u in mine),
                 sum(1 for u in mine if is_aerial(u) and acted(state, u)))


@dataclass(frozen=True)
class Side:
    """One side's turn: its actions in the order the app lists them, and its words for an action it lacks."""

    actions: Mapping[str, ScarabAction]
    unknown: str  # "... {name!r} ... {known}"
    rule: str

    def find(self, name: str) -> ScarabAction | None:
        """The side's action by id, or ending the match (every side's, listed once the fight is decided)."""
        return self.actions.get(name) or ENDS.get(name)

    def unknown_refusal(self, name: str) -> Refusal:
        return self.unknown.format(name=name, known=", ".join(self.actions)), self.rule


@dataclass(frozen=True)
class Play:
    """What one query of the Scarab works out once and hands every action it asks."""

    side: Side  # the side playing now
    won: tuple[str, ...] | None  # who has won now (the match may still be open: then only ending it is left)
    defaults: Mapping[str, bool]  # the house rules the system switches on for every match
    count: Count | None  # the attacking player's actions, on their turn

    @property
    def attackers(self) -> Count:
        """The attacking player's count: their actions are only asked on their turn, where `_query` makes it."""
        assert self.count is not None
        return self.count


def win_text(state: Match, won: tuple[str, ...]) -> str:
    names = " and ".join(state.player(p).name for p in won)
    if won == (SCARAB_PLAYER,):
        return f"every attacking figure is KO'd: {names} wins"
    return f"the Main Power Core shows its all-black click, the Scarab is destroyed: {names} wins"


def table_refusal(state: Match, action: Action) -> Refusal | None:
    """What refuses any action before its own checks: a finished match, a unit not in it, one of the Scarab's own
    dials."""
    if state.status == "finished":
        return "the match is over", "winning"
    if action.unit is not None:
        try:
            unit = state.unit(action.unit)
        except KeyError:
            return f"there is no unit {action.unit!r} in this match", "overview"
        if dial_id(unit) is not None:
            return f"{unit.name}: {NO_ACTIONS}", "general"
    return None


def won_refusal(state: Match, now: Play) -> Refusal | None:
    """A met win condition leaves only ending the match."""
    return None if now.won is None else (f"{win_text(state, now.won)}; only ending the match is left", "winning")


class ScarabAction(ActionKind[Play]):
    """An action of the Scarab game: the table's checks (`table_refusal`, then the win condition), then its own
    (`own_refusal`: the turn's, the unit's, the params'). `require` is resolve's stricter check: the unit and every
    value resolve needs named (explain lets a form be filled in first). Its verdict names the option's title."""

    cost = 0
    noun = "figure"
    pick = "choose which figure takes the action"

    def refusal(self, state: Match, now: Play, action: Action, require: bool) -> Refusal | None:
        """Why `action` can't be taken now, None when it can."""
        return (table_refusal(state, action) or self.decided_refusal(state, now)
                or self.own_refusal(state, now, action, require))

    def decided_refusal(self, state: Match, now: Play) -> Refusal | None:
        return won_refusal(state, now)

    def own_refusal(self, state: Match, now: Play, action: Action, require: bool) -> Refusal | None:
        """The action's own checks in order: the turn's, then (for a unit's action) the unit's, then the params'."""
        why = self.turn_refusal(state, now)
        if why or not self.on_unit:
            return why or self.param_refusal(state, now, action, None, require)
        return self.figure_refusal(state, now, action, require)

    def figure_refusal(self, state: Match, now: Play, action: Action, require: bool) -> Refusal | None:
        """A unit's action: the unit named (resolve asks for one), then its checks, then the params'."""
        if action.unit is None:
            return (self.pick, self.rule) if require else None
        try:
            unit = state.unit(action.unit)
        except KeyError:
            return f"there is no unit {action.unit!r} in this match", self.rule
        return self.unit_refusal(state, now, unit) or self.param_refusal(state, now, action, unit, require)

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        return None

    def explain(self, state: Match, now: Play, action: Action) -> Verdict:
        why = self.refusal(state, now, action, False)
        if why:
            return Verdict(False, *why)
        option = self.option(state, now)
        if action.unit is None and not option.enabled:  # no figure can take it now
            return Verdict(False, option.reason or "", option.rule)
        if action.unit is not None:
            return Verdict(True, f"{state.unit(action.unit).name} can take '{option.title}'", option.rule)
        names = ", ".join(state.unit(u).name for u in option.units)
        return Verdict(True, f"'{option.title}' is open" + (f" to {names}" if names else ""), option.rule)

    def checked(self, state: Match, now: Play, action: Action) -> Action:
        why = self.refusal(state, now, action, True)
        if why:
            raise IllegalAction(why[0], why[1])
        return action

    def aimed_at(self, state: Match, action: Action) -> str | None:
        """The unit whose damage and KO the advisor counts for this action."""
        return action.params.get("target")


class EndMatch(ScarabAction):
    """Once the Main Power Core shows its KO click, or every attacking figure is KO'd, ending the match is the only
    action left."""

    on_unit = False

    def decided_refusal(self, state: Match, now: Play) -> Refusal | None:
        return None if now.won else ("the game goes on until the Main Power Core shows its all-black click or one "
                                     "side is wiped out", "winning")

    def option(self, state: Match, now: Play) -> ActionOption:
        if state.status == "finished" or now.won is None:
            return ActionOption(self.id, self.title, False, reason="the match is over", rule=self.rule, cost=0)
        text = win_text(state, now.won)
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=0, note=f"{text[:1].upper()}{text[1:]}.")

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        assert now.won is not None  # `checked`: only once the fight is decided
        return Resolution((Event("end_match", {"winners": list(now.won)}, state.active_player.id),),
                          win_text(state, now.won), (self.rule,))


END_MATCH = EndMatch("end-match", "End the match", "winning")
ENDS = {END_MATCH.id: END_MATCH}
