"""The Killer of the Maze: Use Equipment and Light Vent (seed 002; Scavenge is in scavenge.py), resolved and with
their exact odds. What the match can't know (tiles, doors, vents, Injury and Insanity traits) comes back as a
detail for the players. Counters and keywords: see maze/items.py.

Each kind of equipment is an object (`Equipment` and one subclass per behaviour) that checks, uses and weighs
itself; `equipment()` builds them once from the pack's items, whose words stay in the pack (issue 41).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any, NamedTuple

from companion.core.dice.odds import distribution
from companion.core.dice.roll import roll
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Odds, Resolution, odds_text
from companion.rules.maze.carry import RULE as CARRY_RULE
from companion.rules.maze.carry import carry_refusal
from companion.rules.maze.items import (
    SCANNER_ON,
    VENT_WEAPONS,
    Gear,
    Weapon,
    carried,
    catalogue,
    morale,
    param_choice,
    set_counter,
    shots_counter,
    shots_left,
    stat,
    token_event,
)
from companion.rules.maze.turn import blade_stamp, game_turn

RATION_HEALS_ON = 5
BLADE_ARMOUR_BONUS = 2  # the Sacrificial Blade's boon: the bearer's armour save is 2 better until its next phase
ANALYSIS = "skull-analysis"  # unit counter, 1: the Servo Skull's Algorithmic Area Analysis waits for a Scavenge
BLADE_WOUND_ON = 3
SKULL_EFFECTS = (("analysis", "Algorithmic Area Analysis: one extra die on the next Scavenge"),
                 ("warning", "Early Warning Protocol: +2 to the party's saves against the next Spiked Tail Attack"),
                 ("pulse", "Scanning Pulse: two extra tiles after the next Melta Charge on this tile"))
BLADE_BOONS = (("armour", "Armour save improved by 2 until your next Action phase"),
               ("shots", "One weapon recovers D3 shots"),
               ("tiles", "Next tile drawn: draw 3 and choose one"))


def usable_gear() -> tuple[str, ...]:
    """Equipment that is used with an action (the Beacon and the Crest Pendant are always active)."""
    return tuple(g.id for g in catalogue().gear.values() if not g.always_active)


# --- Use Equipment: one object per kind of equipment, chosen by the item, not by comparing its id ---------------


class Used(NamedTuple):
    """What using one item did, beyond the action's token and the item's use: its events, the end of the summary
    ("uses the Medkit" + tail) and the lines for the players."""

    events: list[Event]
    tail: str
    details: list[str]


@dataclass(frozen=True)
class Equipment:
    """A kind of equipment as Use Equipment uses it: its words from the pack (`gear`) and what it does. This base
    is an item whose effect the match can't play: its text, for the players."""

    gear: Gear

    def check(self, unit: Unit, params: Mapping[str, Any]) -> None:
        """IllegalAction when `unit` can't use it now with `params` (carrying it is checked before)."""

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        return Used([], "", [self.gear.effect])

    def odds(self) -> Odds | None:
        """The exact chance of what its roll decides; None for an item that rolls nothing."""
        return None


@dataclass(frozen=True)
class Placed(Equipment):
    """A charge or a mine set on the board: its text, and the game turn it works from (`later`, with {after})."""

    later: str = ""

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        after = game_turn(state.turn) + 1  # "the following turn", "the next imperial Action phase": game turns
        return Used([], "", [self.gear.effect, self.later.format(after=after)])


def _heal(target: Unit, by: str, details: list[str], why: str) -> list[Event]:
    if target.click > target.start:
        return [Event("heal", {"unit": target.id, "amount": 1}, by)]
    details.append(f"{target.name} has no wound to remove ({why}).")
    return []


class Medkit(Equipment):
    """One wound off a model of the team (the user itself by default); its Injury trait is the players' to take."""

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        target = _own_model(state, unit, params.get("target") or unit.id)
        details: list[str] = []
        events = _heal(target, unit.owner, details, "Medkit")
        details.append(f"Also remove one Injury trait from {target.name}; it must be on {unit.name}'s tile.")
        return Used(events, f" on {target.name}", details)


class RationPack(Equipment):
    """+1 morale, then a D6 that heals a wound on 5+."""

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        by, details = unit.owner, []
        events = set_counter(unit, "morale", morale(unit) + 1, by, implicit=True)
        result = roll("1d6", rng)
        events.append(Event("roll", result.event_data(f"{unit.name}: Ration Pack heal roll"), by))
        heals = result.total >= RATION_HEALS_ON
        tail = f": +1 morale; {result.describe()}, " + ("5+: heals 1 wound" if heals else "no healing")
        if heals:
            events += _heal(unit, by, details, "Ration Pack")
        return Used(events, tail, details)

    def odds(self) -> Odds | None:
        p = distribution("1d6").at_least(RATION_HEALS_ON)
        return Odds(p, f"Ration Pack: +1 morale, and heals 1 wound on {RATION_HEALS_ON}+ on a D6: {odds_text(p)}")


class SacrificialBlade(Equipment):
    """Usable once a quarter of the bearer's morale is lost: -1 morale, a wound gained on 3+, then a boon."""

    def check(self, unit: Unit, params: Mapping[str, Any]) -> None:
        full, now = stat(unit, "morale"), morale(unit)
        if full and 4 * (full - now) < full:
            raise IllegalAction(f"{unit.name} has lost {full - now} of {full} morale points; the Sacrificial Blade "
                                "can be used only once a quarter of them is lost", self.gear.section)
        if params.get("boon") == "shots":
            blade_weapon(unit, params)

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        details: list[str] = []
        events = [*blade_stamp(state, unit), *_blade(unit, params, rng, details)]
        return Used(events, f": -1 morale; {details.pop(0)}", details)

    def odds(self) -> Odds | None:
        p = distribution("1d6").at_least(BLADE_WOUND_ON)
        return Odds(p, f"Sacrificial Blade: -1 morale, gains a wound on {BLADE_WOUND_ON}+ on a D6: {odds_text(p)}")


class CogitatorScanner(Equipment):
    """Switched on or off: its counter reads SCANNER_ON while on (Fire takes 1 off the hit rolls then)."""

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        on = carried(unit, self.gear.id) == SCANNER_ON
        events = set_counter(unit, self.gear.id, 1 if on else SCANNER_ON, unit.owner)
        return Used(events, ": switched off" if on else ": switched on (Sight Distance +1, -1 to its hit rolls)", [])


class ServoSkull(Equipment):
    """One of three effects: the Area Analysis waits on the bearer for its next Scavenge; the others are told."""

    def use(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Used:
        effect = param_choice(params, "skull", tuple(k for k, _ in SKULL_EFFECTS), SKULL_EFFECTS[0][0],
                              self.gear.section)
        events = set_counter(unit, ANALYSIS, 1, unit.owner) if effect == "analysis" else []
        return Used(events, f": {dict(SKULL_EFFECTS)[effect]}", [])


# what each item of the pack does when used, by its id (the one place an item's id picks its behaviour); an item
# not named here is told by its text (Equipment)
BEHAVIOURS: dict[str, Callable[[Gear], Equipment]] = {
    "medkit": Medkit,
    "ration-pack": RationPack,
    "sacrificial-blade": SacrificialBlade,
    "cogitator-scanner": CogitatorScanner,
    "servo-skull": ServoSkull,
    "trip-mine": partial(Placed, later="The mine is armed from the beginning of turn {after}."),
    "melta-charge": partial(Placed, later="It detonates when turn {after}'s Imperial Action phase begins."),
}


@lru_cache(maxsize=1)
def equipment() -> dict[str, Equipment]:
    """Every equipment of the pack as the object that uses it, built once (as the catalogue is read once)."""
    return {g.id: BEHAVIOURS.get(g.id, Equipment)(g) for g in catalogue().gear.values()}


def gear_choice(unit: Unit, params: Mapping[str, Any]) -> Equipment:
    """The equipment Use Equipment's `item` names, checked: carried, allowed to its bearer, usable now."""
    usable = usable_gear()
    default = next((g for g in usable if carried(unit, g) > 0), usable[0])
    item = equipment()[param_choice(params, "item", usable, default, "use-equipment")]
    gear = item.gear
    if carried(unit, gear.id) <= 0:
        raise IllegalAction(f"{unit.name} carries no {gear.name}", gear.section)
    refusal = carry_refusal(unit, gear.id)
    if refusal:
        raise IllegalAction(refusal, CARRY_RULE)
    item.check(unit, params)
    return item


def use_equipment(state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random,
                  forced: bool = False) -> Resolution:
    """Use Equipment as an action; `forced`: the Sacrificial Blade used automatically (not one of its actions)."""
    item = gear_choice(unit, params)
    gear, by = item.gear, unit.owner
    events = [] if forced else [token_event(unit, 1)]
    if gear.uses is not None:
        events += set_counter(unit, gear.id, carried(unit, gear.id) - 1, by)
    used = item.use(state, unit, params, rng)
    events += used.events
    details = used.details
    if gear.uses is not None:
        details.append(f"{counted(carried(unit, gear.id) - 1, 'use')} of the {gear.name} left.")
    return Resolution(tuple(events), f"{unit.name} uses the {gear.name}{used.tail}", (gear.section,),
                      tuple(details))


def equipment_odds(unit: Unit, params: Mapping[str, Any]) -> Odds | None:
    return gear_choice(unit, params).odds()


def _own_model(state: Match, user: Unit, unit_id: str) -> Unit:
    try:
        target = state.unit(unit_id)
    except KeyError:
        raise IllegalAction(f"there is no model {unit_id!r} in this match", "medkit") from None
    if target.owner != user.owner or target.location != "table" or target.eliminated:
        raise IllegalAction(f"{target.name} is not one of your models on the board", "medkit")
    return target


def _blade(unit: Unit, params: Mapping[str, Any], rng: random.Random, details: list[str]) -> list[Event]:
    """The Sacrificial Blade: -1 morale, D6 3+ gains a wound, then a boon. details[0] is the roll's line."""
    by = unit.owner
    boon = param_choice(params, "boon", tuple(k for k, _ in BLADE_BOONS), BLADE_BOONS[0][0], "sacrificial-blade")
    events = set_counter(unit, "morale", morale(unit) - 1, by, implicit=True)
    result = roll("1d6", rng)
    events.append(Event("roll", result.event_data(f"{unit.name}: Sacrificial Blade wound roll"), by))
    gains = result.total >= BLADE_WOUND_ON
    details.insert(0, f"{result.describe()}, " + ("3+: gains 1 wound" if gains else "no wound gained"))
    if gains:
        events += _heal(unit, by, details, "the source doesn't say whether a model can go above its Wounds")
    details.append(f"Boon: {dict(BLADE_BOONS)[boon]}.")
    if boon == "shots":
        weapon = blade_weapon(unit, params)
        extra = roll("1d3", rng)
        events.append(Event("roll", extra.event_data(f"{unit.name}: {weapon.name} shots recovered"), by))
        # "recovers" gives back shots spent: a weapon holds no more than its full load (a Reload's extra shots are
        # lost too), so a full weapon, its counter set or not, gets none
        left = shots_left(unit, weapon)
        back = min(extra.total, weapon.full - left)
        if back:
            events += set_counter(unit, shots_counter(weapon), left + back, by, implicit=True)
            details.append(f"{extra.describe()}: {counted(back, 'shot')} back in the {weapon.name} "
                           f"({left + back} of {weapon.full}; a weapon holds no more than its full load).")
        else:
            details.append(f"{extra.describe()}: the {weapon.name} is full: no shot to recover.")
    details.append("A Psychopath may instead deal 1 wound to another model on its tile, which also loses 2 morale.")
    return events


def blade_weapon(unit: Unit, params: Mapping[str, Any]) -> Weapon:
    """The weapon the Blade's shots boon refills: one the bearer may carry (the `weapon` param)."""
    cat = catalogue()
    reloadable = tuple(w.id for w in cat.weapons.values() if w.recharge)
    weapon = cat.weapons[param_choice(params, "weapon", reloadable, reloadable[0], "sacrificial-blade")]
    refusal = carry_refusal(unit, weapon.id)
    if refusal:
        raise IllegalAction(refusal, CARRY_RULE)
    return weapon


# --- Light Vent -----------------------------------------------------------------------------------------------


def vent_weapon(unit: Unit, params: Mapping[str, Any]) -> Weapon:
    cat = catalogue()
    weapon = cat.weapons[param_choice(params, "weapon", VENT_WEAPONS, VENT_WEAPONS[0], "light-vent")]
    refusal = carry_refusal(unit, weapon.id)
    if refusal:
        raise IllegalAction(refusal, CARRY_RULE)
    if shots_left(unit, weapon) == 0:
        raise IllegalAction(f"{unit.name}'s {weapon.name} has no shots left: Reload it first", "reload")
    return weapon


def light_vent(state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    """The vent stays lit for two game turns, counted as the header counts them: the turn it is lit in (whose
    Tyranid Action phase comes next) and the one after, so it goes out when turn g + 1 ends."""
    weapon = vent_weapon(unit, params)
    now = game_turn(state.turn)
    by, left = unit.owner, shots_left(unit, weapon)
    result = roll("1d6", rng)
    spent = min(result.total, left)
    events = [token_event(unit, 1), Event("roll", result.event_data(f"{unit.name}: Light Vent shots"), by)]
    events += set_counter(unit, shots_counter(weapon), left - spent, by, implicit=True)
    details = [f"Lit in turn {now}, for two game turns (turns {now} and {now + 1}, so through both Tyranid Action "
               f"phases): the Blind Horror can't use the vent on its tile to enter or leave the board or for a Spiked "
               f"Tail Attack. It goes out when turn {now + 1} ends."]
    if result.total > left:
        details.insert(0, f"Only {counted(left, 'shot')} {'was' if left == 1 else 'were'} left: the source doesn't "
                          "say whether the vent still lights; the weapon is emptied.")
    summary = (f"{unit.name} lights a vent with its {weapon.name}: {result.describe()}, "
               f"{counted(spent, 'shot')} spent, {left - spent} left")
    return Resolution(tuple(events), summary, ("light-vent",), tuple(details))


def vent_odds(unit: Unit, params: Mapping[str, Any]) -> Odds:
    weapon = vent_weapon(unit, params)
    left = shots_left(unit, weapon)
    p = distribution("1d6").at_most(left)
    return Odds(p, f"Light Vent spends D6 shots (1 to 6, 1/6 each); with {left} left in the {weapon.name}, "
                   f"enough shots {odds_text(p)}")
