"""The Scarab's guns (seed 000): the main gun and the aerial defense turret, each a step of the sequence that attacks
an attacking figure it can see with its dial's attack and damage, once a turn; and holding fire when a gun has
no target.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Param, Refusal, Resolution
from companion.rules.scarab.play import Play
from companion.rules.scarab.positions import (
    gun_can_see,
    where,
)
from companion.rules.scarab.sequence import Step, TurnAction
from companion.rules.scarab.state import (
    CORE,
    DIAL_NAMES,
    SCARAB_PLAYER,
    aerial_marked,
    dials,
    disabled,
    pick_target,
    stamp,
    standing,
    stat,
    summary,
    target_param,
)
from companion.rules.scarab.turn import (
    attackers,
    turret_may_aim,
)
from companion.rules.scarab.turn_attacks import Aim, Attacking, aim_of


class Gun(Step, Attacking):
    """One of the Scarab's guns: its dial's attack and damage at an attacking figure it can see, once a turn."""

    what = "attacking figure"  # what it shoots at, for "no ... is on the table"
    label = "Main gun"  # the roll's words

    def may_aim(self, unit: Unit) -> bool:
        """Whether the gun may aim at a figure it can see."""
        return True

    def targets(self, state: Match) -> tuple[Unit, ...]:
        """The guns reach every attacking figure on the Destroyed Base map that isn't beneath the Scarab."""
        return tuple(u for u in attackers(state) if gun_can_see(u) and self.may_aim(u))

    def target_refusal(self, state: Match, target_id: object) -> Refusal | None:
        """Why the named unit isn't a target for this gun (its own reason: where it stands, or what it is); None
        when it is, or when no unit by that id is named (pick_target says so)."""
        unit = next((u for u in state.units if u.id == target_id), None)
        if unit is None or unit in self.targets(state):
            return None
        if unit.owner == SCARAB_PLAYER:
            return f"{unit.name} is on the Scarab's side: its guns attack the attacking player's units", "gun-targets"
        if unit.eliminated:
            return f"{unit.name} is KO'd: it is no target any more", "gun-targets"
        if not standing(unit):
            return f"{unit.name} is not on the table", "gun-targets"
        if not gun_can_see(unit):
            return (f"{unit.name} is {where(unit)}: the Scarab's guns have no line of fire to units beneath it, on top "
                    "of it or inside it", "gun-targets")
        return self.kind_refusal(unit)

    def kind_refusal(self, unit: Unit) -> Refusal | None:
        """Why a figure the gun can see is no target for it."""
        return None

    def unmarked(self, refused: Mapping[str, str]) -> str:
        """What a gun with no target adds when the players may have left figures unmarked."""
        return ""

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        """The sequence, then the gun's dial."""
        why = super().turn_refusal(state, now)
        if why:
            return why
        dial = dials(state).get(self.dial or "")
        name = DIAL_NAMES[self.dial or CORE]
        if dial is None:
            return f"enter the Scarab's {name} first: the gun uses its attack and damage", self.rule
        if dial.eliminated or stat(dial, "attack") is None or stat(dial, "damage") is None:
            return f"the {name} shows no attack and damage values now", self.rule
        return None

    def no_target(self, state: Match) -> tuple[Refusal, dict[str, str], tuple[str, ...]]:
        """Why the gun has no target, every attacking figure on the table with its own reason (where it stands, or
        not aerial), and the figures the sentence names: those it could otherwise shoot, or none when there is
        none."""
        refused = {u.id: why[0] for u in attackers(state) if (why := self.target_refusal(state, u.id))}
        mine = {u.id: refused[u.id] for u in attackers(state) if u.id in refused and self.may_aim(u)}
        if not mine:
            return ((f"no {self.what} of the attacking player is on the table{self.unmarked(refused)}: hold fire",
                     self.rule), refused, ())
        text, shown = summary(mine)
        return (f"{text} (hold fire)", "gun-targets"), refused, shown

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        """The named target's own reason, then no target at all, then the attack's values."""
        why = self.target_refusal(state, action.params.get("target"))
        if why or not self.targets(state):
            return why or self.no_target(state)[0]
        aim = self.aim(state, action, require)
        return aim if isinstance(aim, tuple) else None

    def aim(self, state: Match, action: Action, require: bool) -> Aim | Refusal | None:
        why = self.target_refusal(state, action.params.get("target"))
        if why:
            return why
        target = pick_target(state, action.params, self.targets(state), self.rule, require)
        if not isinstance(target, Unit):
            return target
        return aim_of(f"{self.label} at {target.name}", dials(state)[self.dial or ""], target, self.rule)

    def option(self, state: Match, now: Play) -> ActionOption:
        note = self.note(state)
        why = self.turn_refusal(state, now) or (None if self.targets(state) else self.no_target(state)[0])
        if why:
            blocked, refused, shown = self.no_target(state)
            if blocked != why:  # refused for another reason (the turn's order, the dial): no figure's own
                refused, shown = {}, ()
            return disabled(self.id, self.title, why, cost=0, note=note, dice=self.dice, refused=refused, shown=shown)
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=0, note=note,
                            params=(target_param(self.targets(state)),), dice=self.dice)

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        aim = self.aim(state, action, True)
        assert isinstance(aim, Aim)  # `checked`
        return self.attack(state, action, rng, aim, [], self.advance(state))


class Turret(Gun):
    """The aerial defense turret: only at aerial vehicles and colossal figures (as marked on the figure)."""

    what, label, noted = "aerial vehicle or colossal figure", "Aerial defense turret", True

    def may_aim(self, unit: Unit) -> bool:
        return turret_may_aim(unit)

    def kind_refusal(self, unit: Unit) -> Refusal | None:
        return (f"{unit.name} is neither an aerial vehicle nor a colossal figure: the aerial defense turret attacks "
                "only those", "aerial-turret")

    def unmarked(self, refused: Mapping[str, str]) -> str:
        return (" (no figure on the table is marked aerial, flying or colossal: mark them on the unit)" if refused
                else "")

    def note(self, state: Match) -> str | None:
        if aerial_marked(state):
            return self.text
        return f"{self.text} No figure is marked aerial or flying in this match: mark them, or the turret holds fire."


class HoldFire(TurnAction):
    """A gun with no target holds fire: its attack of the turn is spent."""

    def guns(self) -> tuple[Gun, ...]:
        return tuple(s for s in self.sequence.steps if isinstance(s, Gun))

    def open_guns(self, state: Match) -> list[Gun]:
        return [g for g in self.guns() if g.id in self.sequence.open_steps(state)]

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        if self.open_guns(state):
            return None
        return f"hold fire only in the gun step; {self.sequence.now_text(state)}", self.rule

    def option(self, state: Match, now: Play) -> ActionOption:
        why = self.turn_refusal(state, now)
        if why:
            return disabled(self.id, self.title, why, cost=0)
        guns = self.open_guns(state)
        which = Param("gun", "The gun with no target", "choice", tuple((g.id, g.title) for g in guns),
                      default=guns[0].id)
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=0, params=(which,))

    def gun(self, state: Match, action: Action) -> Gun | Refusal:
        name = action.params.get("gun", self.open_guns(state)[0].id)
        gun = next((g for g in self.guns() if g.id == name), None)
        return gun if gun is not None else (f"gun must be one of {', '.join(g.id for g in self.guns())}, not {name!r}",
                                            self.rule)

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        gun = self.gun(state, action)
        return gun if isinstance(gun, tuple) else self.sequence.order_refusal(state, gun)

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        gun = self.gun(state, action)
        assert isinstance(gun, Gun)  # `checked`
        dial = dials(state).get(gun.dial or "")
        events = (stamp(state, dial, SCARAB_PLAYER) if dial else []) + gun.advance(state)
        return Resolution(tuple(events), f"{gun.title}: holds fire this turn", (self.rule,))
