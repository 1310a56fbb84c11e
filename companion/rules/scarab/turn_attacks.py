"""The attacks the Scarab player's side rolls on its turn (seed 000): `Aim`, one attack's numbers, target and source,
`Attacking`, an action of the turn that makes an attack roll (its odds, advisor outcomes and resolution), and
`Figure`, a reinforcement's attack or an interior defender's action (what its form and the figure allow).
The guns are in scarab/guns.py, the reinforcements' and interior defenders' actions in scarab/defenders.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, Odds, Refusal, Resolution
from companion.rules.advice.dice import Branch
from companion.rules.halo.tokens import GRENADE
from companion.rules.scarab import advice
from companion.rules.scarab.attacks import Shot, chance_text, fire, hit_chance
from companion.rules.scarab.move_attack import moved_refusal, penalty
from companion.rules.scarab.play import Play
from companion.rules.scarab.positions import (
    TOP,
    place,
    shot_refusal,
)
from companion.rules.scarab.sequence import TurnAction
from companion.rules.scarab.state import (
    MAX_MODIFIER,
    SCARAB_PLAYER,
    bool_param,
    int_param,
    pick_target,
    stamp,
    stat,
)
from companion.rules.scarab.turn import (
    attackers,
)


@dataclass(frozen=True)
class Aim:
    shot: Shot
    target: Unit
    source: Unit  # the dial or figure whose values it uses


def aim_of(label: str, source: Unit, target: Unit, rule: str, modifier: int = 0,
         extra: tuple[tuple[str, int], ...] = ()) -> Aim | Refusal:
    attack, damage, defense = stat(source, "attack"), stat(source, "damage"), stat(target, "defense")
    if attack is None or damage is None:
        return f"{source.name} shows no attack and damage values now", rule
    if defense is None:
        return f"{target.name} shows no defense value now", rule
    mods = ((("modifiers", modifier),) if modifier else ()) + extra
    return Aim(Shot(label, attack, defense, damage, mods), target, source)


class Attacking(TurnAction):
    """An action of the Scarab's turn that makes an attack roll (a gun, a reinforcement, an interior defender)."""

    noted = False  # whether a resolved attack repeats the note (the turret's targets)

    def aim(self, state: Match, action: Action, require: bool) -> Aim | Refusal | None:
        """The attack as given, a refusal for bad params, or None while who attacks or the target isn't named."""
        raise NotImplementedError

    def odds(self, state: Match, now: Play, action: Action) -> Odds | None:
        why = self.own_refusal(state, now, action, False)
        if why:
            return Odds(None, why[0])
        aim = self.aim(state, action, False)
        if isinstance(aim, Aim):
            return Odds(hit_chance(aim.shot), chance_text(aim.shot))
        return Odds(None, "choose who attacks and a target to see the chance")

    def outcomes(self, state: Match, now: Play, action: Action) -> tuple[Branch, ...] | None:
        return advice.branches(self.odds(state, now, action))

    def attack(self, state: Match, action: Action, rng: random.Random, aim: Aim, before: list[Event],
               after: list[Event], stamps: bool = True) -> Resolution:
        """The roll and its effects, between the events that come `before` it and `after` it."""
        by = SCARAB_PLAYER
        result = fire(aim.shot, rng)
        events = [*before, Event("roll", result.roll.event_data(aim.shot.label), by)]
        if action.params.get("grenade") is True:
            events.append(Event("token", {"unit": aim.source.id, "kind": GRENADE, "delta": -1}, by))
        if result.hit and aim.shot.damage > 0:
            events.append(Event("damage", {"unit": aim.target.id, "amount": aim.shot.damage}, by))
        if stamps:
            events += stamp(state, aim.source, by)
        effect = f"hit: {aim.shot.damage} damage to {aim.target.name}" if result.hit else "miss"
        details = (result.why(),) + ((self.text,) if self.text and self.noted else ())
        return Resolution(tuple(events + after), f"{aim.shot.label}: {result.roll.describe()}, {effect}",
                          (self.rule,), details, result.hit)


class Figure(Attacking):
    """A reinforcement's attack (after the guns) or an interior defender's action: a unit of the Scarab player."""

    on_unit = True
    interior = False

    def aim(self, state: Match, action: Action, require: bool) -> Aim | Refusal | None:
        return None if action.unit is None else self.shot(state, action, state.unit(action.unit), require)

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        aim = None if unit is None else self.shot(state, action, unit, require)
        return aim if isinstance(aim, tuple) else None

    def shot(self, state: Match, action: Action, unit: Unit, require: bool) -> Aim | Refusal | None:
        if self.interior and action.params.get("to") == TOP:  # exiting ends its move on top: it may still shoot
            unit = replace(unit, position=TOP)
        target = pick_target(state, action.params, attackers(state), self.rule, require and not self.interior)
        if not isinstance(target, Unit):
            return target
        why = shot_refusal(unit, target)
        if why:
            return why
        modifier = int_param(action.params, "modifier", -MAX_MODIFIER, MAX_MODIFIER)  # like the attacker's attacks
        if isinstance(modifier, tuple):
            return modifier
        grenade = bool_param(action.params, "grenade")  # Throw a Grenade (seed 001 ¶8), as the attacker's may
        if isinstance(grenade, tuple):
            return grenade
        if grenade and not unit.tokens[GRENADE]:
            return f"{unit.name} has no Grenade token", "grenades"
        if grenade and place(unit) == TOP:
            return f"{unit.name} is on top of the Scarab: it can't use Throw a Grenade", "attacking-from-top"
        # an interior defender's action is a move that may end in an attack, as the attacker's are (move_attack):
        # the squares moved within its speed, -3 attack after more than 4
        why = moved_refusal(action, unit) if self.interior else None
        if why:
            return why[0], self.rule
        extra = penalty(action.params) if self.interior else ()
        verb = "throws a grenade at" if grenade else "attacks"
        return aim_of(f"{unit.name} {verb} {target.name}", unit, target, self.rule, modifier, extra)
