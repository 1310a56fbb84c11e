"""What every action of the attacking player's figures shares (seed 000): `AttackerAction`, with the turn's count of
actions, the figure's checks and the action token it gives; `Plan`, a legal action taken apart into its move part
and the plain attack it makes (`Aim`: that attack's numbers and the unit it hurts), whose odds and roll are the
plain attack's own; and ending the attacking player's turn. The plain attacks: scarab/plain_attacks.py; the
moves: scarab/attacker_moves.py; the turn's table of actions: scarab/attacker.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionOption, Odds, Refusal, Resolution
from companion.rules.advice.dice import Branch
from companion.rules.scarab import advice
from companion.rules.scarab.attacks import Shot, chance_text, hit_chance
from companion.rules.scarab.play import Play, ScarabAction
from companion.rules.scarab.state import (
    NO_ACTIONS,
    dial_id,
    disabled,
    standing,
    unit_option,
)


@dataclass(frozen=True)
class Aim:
    shot: Shot
    hurt: Unit  # the unit (or dial) a hit damages


class Shooter(Protocol):
    """The plain attack a plan ends in (scarab/plain_attacks.py): what resolving the plan asks of it."""

    rule: str

    def shoot(self, state: Match, action: Action, aim: Aim, rng: random.Random) -> Resolution:
        """The roll and its effects (after the action token), judged in `state`."""
        ...


@dataclass(frozen=True)
class Plan:
    """A legal action taken apart: the move part's events and words (none for a plain attack), and the plain attack
    it makes (None for a move without one) as that attack's action, judged in `after`: the match as the move leaves
    it."""

    unit: Unit
    moves: tuple[Event, ...] = ()
    words: str = ""
    attack: Action | None = None
    kind: Shooter | None = None
    after: Match | None = None
    aim: Aim | None = None


class AttackerAction(ScarabAction):
    """An action of the attacking player's figures: it uses one of the turn's actions and gives the figure its
    action token. `plan` takes it apart for odds and resolve, after the same checks explain runs."""

    cost = 1

    def __init__(self, id: str, title: str, rule: str, text: str | None = None, dice: str | None = None) -> None:
        super().__init__(id, title, rule, dice)
        self.text = text  # the note: how to play it at the table

    def note(self, state: Match, now: Play) -> str | None:
        return self.text

    def option(self, state: Match, now: Play) -> ActionOption:
        note = self.note(state, now)
        why = self.turn_refusal(state, now)
        if why:
            return disabled(self.id, self.title, why, cost=self.cost, note=note, dice=self.dice)
        mine = [u for u in state.units if u.owner == now.attackers.player.id and standing(u)]
        return unit_option(self.id, self.title, self.rule, mine, lambda u: self.unit_refusal(state, now, u),
                           cost=self.cost, note=note, params=self.params(state, now), dice=self.dice)

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        turn = now.attackers
        if not turn.allowance:  # none was used: the count itself is 0 (a force under 100 points)
            return f"your count gives you 0 actions a turn: {turn.how}", "attacker-actions"
        if not turn.left:
            return f"all {turn.allowance} actions of this turn are used ({turn.how})", "attacker-actions"
        return None

    def unit_refusal(self, state: Match, now: Play, unit: Unit) -> Refusal | None:
        if dial_id(unit) is not None:
            return f"{unit.name}: {NO_ACTIONS}", "general"
        if unit.owner != now.attackers.player.id:
            return f"{unit.name} is not {now.attackers.player.name}'s figure", "attacker-actions"
        if not standing(unit):
            return f"{unit.name} is not on the table", "attacker-actions"
        if unit.tokens.action:
            return f"{unit.name} already had its action this turn", "attacker-actions"
        limit = state.rules.token_limits.get("action")
        if limit is not None and unit.tokens.action_last >= limit:
            return f"{unit.name} already holds {limit} action tokens", "attacker-actions"
        return self.fit_refusal(state, now, unit) or self.place_refusal(state, unit)

    def fit_refusal(self, state: Match, now: Play, unit: Unit) -> Refusal | None:
        """What the figure's own values rule out for this action."""
        return None

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        """What the figure's position rules out for this action."""
        return None

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        plan = None if unit is None else self.plan_for(state, now, action, unit, require)
        return plan if isinstance(plan, tuple) else None

    def plan(self, state: Match, now: Play, action: Action, require: bool,
             extra: tuple[tuple[str, int], ...] = ()) -> Plan | Refusal | None:
        """The action taken apart after its checks (a refusal when one fails; None when no figure is named and
        none is required); `extra` adds shot modifiers (a long move before the attack)."""
        why = self.turn_refusal(state, now)
        if why or (action.unit is None and not require):
            return why
        if action.unit is None:
            return self.pick, self.rule
        try:
            unit = state.unit(action.unit)
        except KeyError:
            return f"there is no unit {action.unit!r} in this match", self.rule
        return self.unit_refusal(state, now, unit) or self.plan_for(state, now, action, unit, require, extra)

    def plan_for(self, state: Match, now: Play, action: Action, unit: Unit, require: bool,
                 extra: tuple[tuple[str, int], ...] = ()) -> Plan | Refusal:
        """The action taken apart for a figure that passed its checks, or what its params break."""
        raise NotImplementedError

    def rolls(self, action: Action) -> bool:
        """Whether the action as given makes an attack roll."""
        return True

    def odds(self, state: Match, now: Play, action: Action) -> Odds | None:
        """The chance the action's attack hits: a plain attack's, or the attack a move ends in."""
        if not self.rolls(action):
            return None
        plan = self.plan(state, now, action, False)
        if isinstance(plan, tuple):
            return Odds(None, plan[0])
        if plan is None:
            return Odds(None, "choose the figure that attacks to see the chance")
        if plan.aim is None:
            return Odds(None, "choose a target to see the chance")
        return Odds(hit_chance(plan.aim.shot), chance_text(plan.aim.shot))

    def outcomes(self, state: Match, now: Play, action: Action) -> tuple[Branch, ...] | None:
        return advice.branches(self.odds(state, now, action)) if self.rolls(action) else None

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        """The action token, the move part's events, then the attack's roll and its effects (`checked` first)."""
        by = state.active_player.id
        plan = self.plan(state, now, action, True)
        assert isinstance(plan, Plan)  # `checked` by the door
        events = [Event("token", {"unit": plan.unit.id, "kind": "action", "delta": 1}, by), *plan.moves]
        notes = (self.text,) if self.text else ()
        if plan.aim is None or plan.attack is None or plan.after is None or plan.kind is None:
            return Resolution(tuple(events), plan.words, (self.rule,), notes)
        shot = plan.kind.shoot(plan.after, plan.attack, plan.aim, rng)
        rules = tuple(dict.fromkeys((self.rule, plan.kind.rule)))
        summary = f"{plan.words}; {shot.summary}" if plan.words else shot.summary
        return Resolution((*events, *shot.events), summary, rules, (*shot.details, *notes), shot.success)


class EndTurn(AttackerAction):
    cost = 0
    on_unit = False

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        return None

    def option(self, state: Match, now: Play) -> ActionOption:
        left = now.attackers.left
        note = f"{counted(left, 'unused action')} will be lost." if left else None
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=0, note=note)

    def rolls(self, action: Action) -> bool:
        return False

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        return Resolution((Event("end_turn", {}, state.active_player.id),), f"{state.active_player.name}'s turn ends",
                          (self.rule,))
