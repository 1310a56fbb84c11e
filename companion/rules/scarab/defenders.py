"""The Scarab player's own figures on its turn (seed 000): the reinforcements' step, where each on the table may
attack once, and the interior defenders' actions (a move inside, or out onto the top, that may end in an
attack), at the turn's one count of interior actions once the defenders wake. What they read from the match:
scarab/turn.py.
"""

from __future__ import annotations

import random

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Refusal, Resolution
from companion.rules.scarab.attacker_fields import GRENADE as GRENADE_FIELD
from companion.rules.scarab.play import Play
from companion.rules.scarab.positions import (
    BENEATH,
    INTERIOR,
    RAMP,
    TOP,
    leaving_refusal,
    place,
    ramp_refusal,
    reinforcements_inside,
)
from companion.rules.scarab.sequence import Step
from companion.rules.scarab.state import (
    MODIFIER,
    SCARAB_PLAYER,
    disabled,
    reinforcements,
    standing,
    swarm_showing,
    target_param,
    unit_option,
)
from companion.rules.scarab.turn import (
    INTERIOR_ACTIONS,
    LEVEL_COUNTER,
    LEVEL_WORDS,
    LEVELS,
    attackers,
    heroclix_interior_actions,
    heroclix_zero,
    interior_params,
    interior_unit_refusal,
    interior_used,
    level_allowance,
    reinforcement_refusal,
    turn_level,
    woken_refusal,
)
from companion.rules.scarab.turn_attacks import Aim, Figure


class Reinforcements(Step, Figure):
    """The reinforcements' step: each on the table (not inside) may attack once."""

    def unit_refusal(self, state: Match, now: Play, unit: Unit) -> Refusal | None:
        return reinforcement_refusal(state, unit)

    def option(self, state: Match, now: Play) -> ActionOption:
        note = self.note(state)
        why = self.turn_refusal(state, now)
        if why:
            return disabled(self.id, self.title, why, cost=0, note=note, dice=self.dice)
        return unit_option(self.id, self.title, self.rule, [u for u in reinforcements(state) if standing(u)],
                           lambda u: reinforcement_refusal(state, u), cost=0, note=note, dice=self.dice,
                           params=(target_param(attackers(state)), MODIFIER, GRENADE_FIELD),
                           none_reason="you have no reinforcements on the table")

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        aim = self.aim(state, action, True)
        assert isinstance(aim, Aim)  # `checked`
        return self.attack(state, action, rng, aim, [], self.advance(state))


class InteriorAction(Figure):
    """An interior defender's action: a move inside (or out onto the top) that may end in an attack, once the
    defenders wake, at the turn's one count of interior actions."""

    cost, interior = 1, True

    def note(self, state: Match) -> str:
        return f"{self.text}" + (" Swarm shows on the Main Power Core dial: they may act." if swarm_showing(state)
                                 else f" {reinforcements_inside(state)} are inside.")

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        why = self.awake_refusal(state)
        if why is None and not any(standing(u) for u in reinforcements(state)):
            return "you have no reinforcements on the table", self.rule
        return why

    def awake_refusal(self, state: Match) -> Refusal | None:
        """The sequence, the turn's count of interior actions, and whether the defenders are awake."""
        if not self.sequence.at_last(state):
            return (f"interior defenders act in the reinforcements step; {self.sequence.now_text(state)}",
                    "turn-sequence")
        level = turn_level(state)
        if level is not None and interior_used(state) >= level_allowance(state, level):
            return (f"all {level_allowance(state, level)} interior actions of this turn are used at "
                    f"{LEVEL_WORDS[level]}", self.rule)
        if interior_used(state) >= max(*INTERIOR_ACTIONS.values(), heroclix_interior_actions(state)):
            return f"{interior_used(state)} interior actions are used this turn, the most any count allows", self.rule
        return woken_refusal(state, "normal") and woken_refusal(state, "heroclix")

    def own_refusal(self, state: Match, now: Play, action: Action, require: bool) -> Refusal | None:
        """The turn's checks, then the level and the move it asks (before the figure's own)."""
        return (self.turn_refusal(state, now) or self.level_refusal(state, action)
                or self.figure_refusal(state, now, action, require))

    def level_refusal(self, state: Match, action: Action) -> Refusal | None:
        """Why the interior defenders can't take an action now with these params (None when they can)."""
        params = action.params
        level = params.get("level", "normal")
        allowed = {**INTERIOR_ACTIONS, "heroclix": heroclix_interior_actions(state)}
        if level not in allowed:
            return f"level must be one of {', '.join(allowed)}, not {level!r}", self.rule
        why = woken_refusal(state, str(level))
        if why:
            return why
        if level == "heroclix" and not allowed[level]:
            return heroclix_zero(state), self.rule
        first = turn_level(state)
        if first is not None and level != first:
            return (f"this turn's interior actions are made at {LEVEL_WORDS[first]}: the Scarab has one power level, "
                    "so every interior action of the turn uses that count", self.rule)
        if interior_used(state) >= allowed[level]:
            return f"all {allowed[level]} interior actions of this turn are used", self.rule
        to = params.get("to") or ""
        if to not in ("", RAMP, INTERIOR, TOP):
            return f"to must be the Ramp, the interior or top (exit), not {to!r}", self.rule
        if to == TOP and action.unit is not None and action.unit in {u.id for u in state.units}:
            unit = state.unit(action.unit)
            return leaving_refusal(state, unit) or ramp_refusal(unit, params.get("via_ramp", False))
        return None

    def unit_refusal(self, state: Match, now: Play, unit: Unit) -> Refusal | None:
        return interior_unit_refusal(state, unit)

    def option(self, state: Match, now: Play) -> ActionOption:
        note = self.note(state)
        why = self.awake_refusal(state)
        if why:
            return disabled(self.id, self.title, why, note=note)
        # inside, or (for one that exits onto the top: its move ends, it may still shoot) on top or on the ground
        targets = tuple(u for u in attackers(state) if place(u) != BENEATH)
        return unit_option(self.id, self.title, self.rule, [u for u in reinforcements(state) if standing(u)],
                           lambda u: interior_unit_refusal(state, u), note=note,
                           params=interior_params(state, targets), dice=self.dice,
                           none_reason="you have no reinforcements on the table")

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        by, unit = SCARAB_PLAYER, state.unit(action.unit or "")
        events = [Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by),
                  *self.level_events(state, str(action.params.get("level") or "normal"))]
        to = action.params.get("to") or place(unit)
        if to != place(unit):
            events.append(Event("set_position", {"unit": unit.id, "position": to}, by))
        aim = self.aim(state, action, True)
        if not isinstance(aim, Aim):  # an interior action without an attack (a move ...)
            return Resolution(tuple(events), f"{unit.name} takes an interior action", (self.rule,), (self.text,))
        return self.attack(state, action, rng, aim, events, [], stamps=False)

    def level_events(self, state: Match, level: str) -> list[Event]:
        """Record the count the turn's interior actions are made at (when the match keeps it)."""
        if LEVEL_COUNTER not in state.rules.counters.get("match", ()):
            return []
        delta = LEVELS.index(level) + 1 - state.counters.get(LEVEL_COUNTER, 0)
        return [Event("counter", {"scope": "match", "name": LEVEL_COUNTER, "delta": delta}, SCARAB_PLAYER)] \
            if delta else []
