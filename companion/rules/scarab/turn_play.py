"""The Scarab player's turn (seed 000) as actions, one object each: the Scarab's fixed sequence (`Step`), then its
reinforcements, with holding fire, the interior defenders' actions and the end of the turn.

`match.phase` is the current step's id (an empty or unknown phase is the first step), as the app's Scarab guide
records it. Steps of a "fixed" group open one after the other; the two gun attacks form an "any" group, open in
either order until each has fired once this turn (the "acted-turn" counter on its dial). Resolving a step
records it and moves the phase on, so every step is taken at most once a turn. The Scarab takes no actions:
its steps cost none, and its dials never get tokens. What the turn reads from the match: scarab/turn.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.core.dice.roll import roll
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, ActionOption, Odds, Param, Refusal, Resolution
from companion.rules.advice.dice import Branch
from companion.rules.halo.tokens import GRENADE
from companion.rules.scarab import advice
from companion.rules.scarab.attacker_fields import GRENADE as GRENADE_FIELD
from companion.rules.scarab.attacks import Shot, chance_text, fire, hit_chance
from companion.rules.scarab.move_attack import moved_refusal, penalty
from companion.rules.scarab.play import Play, ScarabAction, Side
from companion.rules.scarab.positions import (
    BENEATH,
    GROUND,
    INTERIOR,
    OUTSIDE_MAP,
    RAMP,
    TOP,
    gun_can_see,
    leaving_refusal,
    place,
    ramp_refusal,
    reinforcements_inside,
    shot_refusal,
    where,
)
from companion.rules.scarab.state import (
    CHASSIS,
    CORE,
    DIAL_NAMES,
    EVENT,
    MAX_MODIFIER,
    MODIFIER,
    SCARAB_PLAYER,
    SHELL,
    acted,
    aerial_marked,
    bool_param,
    dial_id,
    dials,
    disabled,
    int_param,
    pick_target,
    reinforcements,
    stamp,
    standing,
    stat,
    summary,
    swarm_showing,
    target_param,
    tracks_acted,
    unit_option,
)
from companion.rules.scarab.turn import (
    BANDS,
    DISPLACED_TO,
    EVENT_ROLL,
    INTERIOR_ACTIONS,
    LEVEL_COUNTER,
    LEVEL_WORDS,
    LEVELS,
    attackers,
    band_move,
    heroclix_interior_actions,
    heroclix_zero,
    interior_params,
    interior_unit_refusal,
    interior_used,
    level_allowance,
    reinforcement_refusal,
    rolled_move,
    turn_level,
    turret_may_aim,
    woken_refusal,
)

DISPLACED_PREFIX = "displaced-"
INTERIOR_NOTE = ("At least five reinforcements must stay inside; one exits from the Ramp (it may walk onto it in "
                 "this action).")


@dataclass(frozen=True)
class Aim:
    shot: Shot
    target: Unit
    source: Unit  # the dial or figure whose values it uses


def _aim(label: str, source: Unit, target: Unit, rule: str, modifier: int = 0,
         extra: tuple[tuple[str, int], ...] = ()) -> Aim | Refusal:
    attack, damage, defense = stat(source, "attack"), stat(source, "damage"), stat(target, "defense")
    if attack is None or damage is None:
        return f"{source.name} shows no attack and damage values now", rule
    if defense is None:
        return f"{target.name} shows no defense value now", rule
    mods = ((("modifiers", modifier),) if modifier else ()) + extra
    return Aim(Shot(label, attack, defense, damage, mods), target, source)


class TurnAction(ScarabAction):
    """An action of the Scarab player's turn: it costs none of the turn's actions (the Scarab takes none)."""

    on_unit = False
    pick = "choose which reinforcement acts"

    def __init__(self, id: str, title: str, rule: str, text: str | None = None, dice: str | None = None) -> None:
        super().__init__(id, title, rule, dice)
        self.text = text  # the note: how to play it at the table


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
        return _aim(f"{unit.name} {verb} {target.name}", unit, target, self.rule, modifier, extra)


class Step(TurnAction):
    """A step of the Scarab's sequence: open in its turn (`order_refusal`); resolving it moves the phase on."""

    def __init__(self, id: str, title: str, group: str, order: str, rule: str, dial: str | None = None,
                 text: str | None = None, dice: str | None = None) -> None:
        super().__init__(id, title, rule, text, dice)
        self.group, self.order, self.dial = group, order, dial  # "fixed": one after the other; "any": any order

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        return order_refusal(state, self)

    def note(self, state: Match) -> str | None:
        return self.text

    def option(self, state: Match, now: Play) -> ActionOption:
        note = self.note(state)
        why = self.turn_refusal(state, now)
        if why:
            return disabled(self.id, self.title, why, cost=0, note=note, dice=self.dice)
        return ActionOption(self.id, self.title, True, rule=self.rule, cost=0, note=note,
                            params=self.params(state, now), dice=self.dice)

    def advance(self, state: Match) -> list[Event]:
        return [Event("set_phase", {"phase": next_phase(state, self)}, SCARAB_PLAYER)]

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        """A step the players play from the dial: what the dial shows, and the phase moves on."""
        shown = dials(state).get(self.dial or "")
        details = (f"{shown.name} shows: {', '.join(shown.current.markers) or 'no markers'}",) if shown else ()
        return Resolution(tuple(self.advance(state)), self.done(state, shown), (self.rule,),
                          details + ((self.text,) if self.text else ()))

    def done(self, state: Match, shown: Unit | None) -> str:
        return f"{self.title}: done"


class RollEvent(Step):
    def odds(self, state: Match, now: Play, action: Action) -> Odds | None:
        event_dial = dials(state).get(EVENT)
        moves = {label: band_move(event_dial, label) for _, _, label in BANDS} if event_dial else {}
        if moves and all(moves.values()):  # typed with its band moves: each band's move is known
            return Odds(None, "d6 against the Event dial: " + ", ".join(
                f"{label} {moves[label]}: {(high - low + 1)}/6" for low, high, label in BANDS))
        return Odds(None, "d6 against the Event dial: " + ", ".join(
            f"{label}: {(high - low + 1)}/6" for low, high, label in BANDS) + " (read each band from your Event dial)")

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        result = roll("d6", rng)
        label = next(label for low, high, label in BANDS if low <= result.total <= high)
        events = [Event("roll", result.event_data(EVENT_ROLL), SCARAB_PLAYER), *self.advance(state)]
        event_dial = dials(state).get(EVENT)
        details = (f"{event_dial.name} shows: {', '.join(event_dial.current.markers) or 'no markers'}",) \
            if event_dial else ()
        move = band_move(event_dial, label) if event_dial else None
        if move:  # the dial was typed the pack's way ("3-4:rotate"): its band's icon is known
            return Resolution(tuple(events), f"Rolled {result.total} on d6: band {label}, {move}. "
                              f"{move.capitalize()} the Scarab as the Event dial's icon for that band shows",
                              ("move-scarab",), details)
        return Resolution(tuple(events), f"Rolled {result.total} on d6: band {label}. Shift or rotate the Scarab as "
                          "that band's icon shows (read from your Event dial)", ("move-scarab",), details)


class ShiftRotate(Step):
    def note(self, state: Match) -> str | None:
        rolled = rolled_move(state) if position(state) == STEPS.index(self) else None
        return f"This turn's roll: band {rolled[0]}, {rolled[1]}. {self.text}" if rolled else self.text

    def done(self, state: Match, shown: Unit | None) -> str:
        rolled = rolled_move(state)
        if rolled:
            return f"{rolled[1].capitalize()} the Scarab (band {rolled[0]} of this turn's roll): done"
        return super().done(state, shown)


class Displaced(Step):
    """The units a base now covers: each takes 1 damage and ends next to that base."""

    def params(self, state: Match, now: Play) -> tuple[Param, ...]:
        ticks = tuple(Param(f"{DISPLACED_PREFIX}{u.id}", f"{u.name} was displaced", "bool", default=False)
                      for u in state.units if dial_id(u) is None and standing(u) and place(u) in OUTSIDE_MAP)
        return (*ticks, DISPLACED_TO) if ticks else ()

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        found = self.displaced(state, action.params)
        return found if isinstance(found, tuple) else None

    def displaced(self, state: Match, params: Mapping[str, Any]) -> list[Unit] | Refusal:
        ids = params.get("units", [])
        if not isinstance(ids, list):
            return "units must be a list of unit ids", self.rule
        if params.get("displaced_to") not in (None, "", *OUTSIDE_MAP):
            return (f"displaced_to must be {' or '.join(OUTSIDE_MAP)} (next to the base, on the map or beneath the "
                    f"Scarab), not {params.get('displaced_to')!r}", self.rule)
        ids = ids + [k.removeprefix(DISPLACED_PREFIX) for k, v in params.items()
                     if k.startswith(DISPLACED_PREFIX) and v]
        out: list[Unit] = []
        for uid in dict.fromkeys(str(i) for i in ids):
            try:
                unit = state.unit(uid)
            except KeyError:
                return f"there is no unit {uid!r} in this match", self.rule
            if dial_id(unit) is not None:
                return "the Scarab can't displace itself", self.rule
            if not standing(unit):
                return f"{unit.name} is not on the table", self.rule
            if place(unit) not in OUTSIDE_MAP:
                return f"{unit.name} is {where(unit)}: the Scarab's bases can't cover it", self.rule
            out.append(unit)
        return out

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        by = SCARAB_PLAYER
        hurt = self.displaced(state, action.params)
        assert isinstance(hurt, list)  # `checked`
        events = [Event("damage", {"unit": u.id, "amount": 1}, by) for u in hurt]
        to = str(action.params.get("displaced_to") or GROUND)  # checked: GROUND or BENEATH
        events += [Event("set_position", {"unit": u.id, "position": to}, by) for u in hurt if place(u) != to]
        names = ", ".join(u.name for u in hurt)
        return Resolution(tuple(events + self.advance(state)),
                          f"Displaced, 1 damage each: {names}" if hurt else "No unit was displaced", (self.rule,))


class TurnEvent(Step):
    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        event_dial = dials(state).get(EVENT)
        turn = [Event("rotate", {"unit": event_dial.id, "steps": 1}, SCARAB_PLAYER)] if event_dial else []
        details = () if event_dial else ("The Event dial isn't entered in the app: turn yours by hand.",)
        return Resolution(tuple(turn + self.advance(state)), "The Event dial turns one click clockwise", (self.rule,),
                          details)


class Specials(Step):
    def done(self, state: Match, shown: Unit | None) -> str:
        if shown is None:
            return super().done(state, shown)
        found = specials(shown)
        return (f"{self.title}: {', '.join(found)}; resolve each as the dial's card says" if found else
                f"{self.title}: none showing")


def specials(dial: Unit) -> tuple[str, ...]:
    """The special attacks a dial's current click shows: its markers less the Event dial's band moves ("1-2:shift",
    a bare "shift"/"rotate") and the KO mark; a "special:" prefix is dropped."""
    bands = {label for _, _, label in BANDS}
    return tuple(m.removeprefix("special:") for m in dial.current.markers
                 if m not in ("shift", "rotate", "ko") and m.split(":", 1)[0] not in bands)


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
        return _aim(f"{self.label} at {target.name}", dials(state)[self.dial or ""], target, self.rule)

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


class HoldFire(TurnAction):
    """A gun with no target holds fire: its attack of the turn is spent."""

    def open_guns(self, state: Match) -> list[Gun]:
        return [g for g in GUNS if g.id in open_steps(state)]

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        return None if self.open_guns(state) else (f"hold fire only in the gun step; {now_text(state)}", self.rule)

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
        gun = next((g for g in GUNS if g.id == name), None)
        return gun if gun is not None else (f"gun must be one of {', '.join(g.id for g in GUNS)}, not {name!r}",
                                            self.rule)

    def param_refusal(self, state: Match, now: Play, action: Action, unit: Unit | None,
                      require: bool = False) -> Refusal | None:
        gun = self.gun(state, action)
        return gun if isinstance(gun, tuple) else order_refusal(state, gun)

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        gun = self.gun(state, action)
        assert isinstance(gun, Gun)  # `checked`
        dial = dials(state).get(gun.dial or "")
        events = (stamp(state, dial, SCARAB_PLAYER) if dial else []) + gun.advance(state)
        return Resolution(tuple(events), f"{gun.title}: holds fire this turn", (self.rule,))


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
        if position(state) != len(STEPS) - 1:
            return f"interior defenders act in the reinforcements step; {now_text(state)}", "turn-sequence"
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


class EndScarabTurn(TurnAction):
    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        if position(state) == len(STEPS) - 1:
            return None
        return f"finish the sequence first: {now_text(state)}, the last is '{STEPS[-1].title}'", self.rule

    def option(self, state: Match, now: Play) -> ActionOption:
        why = self.turn_refusal(state, now)
        return disabled(self.id, self.title, why, cost=0) if why else \
            ActionOption(self.id, self.title, True, rule=self.rule, cost=0)

    def resolve(self, state: Match, now: Play, action: Action, rng: random.Random) -> Resolution:
        return Resolution((Event("end_turn", {}, SCARAB_PLAYER),), "The Scarab's turn ends", (self.rule,))


GUNS = (Gun("main-gun", "Fire the main gun", "attacks", "any", "main-gun", CORE,
            "Never at units beneath the Scarab, on top of it or inside it.", "2d6"),
        Turret("turret", "Fire the aerial defense turret", "attacks", "any", "aerial-turret", CHASSIS,
               "Only at aerial vehicles, colossal figures and (HeroClix) characters with the flying symbols; never "
               "at units beneath, on top or inside.", "2d6"))
STEPS: tuple[Step, ...] = (
    RollEvent("roll-event", "Roll a d6 against the Event dial", "movement", "fixed", "move-scarab", EVENT,
              dice="d6"),
    ShiftRotate("move", "Shift or rotate the Scarab", "movement", "fixed", "move-scarab",
                text="Solid black lines don't stop it; no part of a base may leave the map."),
    Displaced("displaced", "Displaced units take 1 damage each", "movement", "fixed", "displaced-units",
              text="Tick every unit a base now covers: each is moved next to that base and takes 1 damage."),
    Specials("event-specials", "Event dial special attacks", "specials", "fixed", "special-attacks", EVENT),
    TurnEvent("turn-event", "Turn the Event dial clockwise", "specials", "fixed", "special-attacks", EVENT),
    Specials("shell-specials", "Shell dial special attacks", "specials", "fixed", "special-attacks", SHELL),
    *GUNS,
    Reinforcements("reinforcements", "Attack with a reinforcement", "reinforcement-attacks", "fixed",
                   "reinforcements",
                   text="This part of the source doesn't say how many reinforcements attack; each may attack once "
                        "here. Interior defenders use 'Interior defender action'.", dice="2d6"),
)
ACTIONS: tuple[TurnAction, ...] = (
    *STEPS,
    HoldFire("hold-fire", "Hold fire", "turn-sequence"),
    InteriorAction("interior-action", "Interior defender action", "interior-defence", INTERIOR_NOTE, "2d6"),
    EndScarabTurn("end-turn", "End the Scarab's turn", "turn-sequence"),
)
SCARAB_TURN = Side({a.id: a for a in ACTIONS}, "the Scarab's turn has no action {name!r}; its actions are {known}",
                   "turn-sequence")


def position(state: Match) -> int:
    return next((i for i, s in enumerate(STEPS) if s.id == state.phase), 0)


def now_text(state: Match) -> str:
    return f"the step now is '{STEPS[position(state)].title}'"


def open_steps(state: Match) -> tuple[str, ...]:
    """The steps that may be taken now."""
    current = STEPS[position(state)]
    if current.order != "any" or not tracks_acted(state):
        return (current.id,)
    present = dials(state)
    return tuple(s.id for s in STEPS if s.group == current.group
                 and not (s.dial in present and acted(state, present[s.dial])))


def next_phase(state: Match, done: Step) -> str:
    if done.order == "any" and tracks_acted(state):
        rest = [s for s in open_steps(state) if s != done.id]
        if rest:
            return rest[0]
        after = max(i for i, s in enumerate(STEPS) if s.group == done.group) + 1
    else:
        after = STEPS.index(done) + 1
    return STEPS[min(after, len(STEPS) - 1)].id


def order_refusal(state: Match, step: Step) -> Refusal | None:
    if step.id in open_steps(state):
        return None
    present = dials(state)
    if step.order == "any" and step.dial in present and acted(state, present[step.dial]):
        return f"{step.title}: already done this turn (each gun makes one attack a turn)", "general"
    when = "done for this turn" if STEPS.index(step) < position(state) else "not yet"
    return f"{when}: the Scarab's turn runs in order, and {now_text(state)}", "turn-sequence"
