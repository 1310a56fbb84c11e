"""The Killer of the Maze's actions (seed 002), one object each. The imperial team's models take the Movement
sub-phase's (Move, Advance) and the Activity sub-phase's (Fire, Break Down Door, Light Vent, Use Equipment, Reload,
Scavenge, Pick Up / Transfer Item), each one or two of the model's two actions; the turn's duties are none of them
(the Beacon roll, reading a Scavenge roll, the forced Sacrificial Blade); the player goes on to the Activity
sub-phase, records Lost parties and ends each Action phase. Each knows the sub-phase it belongs to, its refusals,
its form, its reminder, its odds and its resolution. What they share: maze/kinds.py; the turn's duties and the
one-model-at-a-time order: maze/turn.py; weapons, equipment and scavenging: maze/fire.py, gear.py, scavenge.py.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, Odds, Param, Refusal, Resolution
from companion.rules.maze import forms, gear, parties, scavenge
from companion.rules.maze import turn as duties
from companion.rules.maze.carry import RULE as CARRY_RULE
from companion.rules.maze.carry import carry_refusal
from companion.rules.maze.fire import STUBBER_HITS_FOR_REROLLS, fire, fire_setup, odds_line, stubber_hits
from companion.rules.maze.items import (
    ADVANCED,
    MOVED,
    carried,
    catalogue,
    keywords,
    param_choice,
    set_counter,
    shots_counter,
    shots_left,
    token_event,
)
from companion.rules.maze.kinds import (
    IMPERIAL,
    Costed,
    MazeAction,
    ModelAction,
    Team,
    Unadvanced,
    reminder_lines,
    tracked,
)
from companion.rules.maze.turn import ACTIVITY, TYRANID, game_turn

# --- the player's steps through the turn ---------------------------------------------------------------------------


class StartActivity(MazeAction):
    """Going on to the Activity sub-phase, once the Beacon is rolled for: there is no going back."""

    phase = "movement"

    def ready_refusal(self, state: Match, now: Team) -> Refusal | None:
        return duties.beacon_refusal(state, now.player.id, now.sub == "movement")

    def resolve(self, state: Match, now: Team, action: Action, rng: random.Random) -> Resolution:
        events = (Event("set_phase", {"phase": ACTIVITY}, state.active_player.id),)
        return Resolution(events, "The Activity sub-phase begins", (self.rule,), reminder_lines(self.text))


class EndImperialPhase(StartActivity):
    """Ending the Imperial Action phase: the forced Blade and an unread Scavenge come first too."""

    phase = IMPERIAL

    def ready_refusal(self, state: Match, now: Team) -> Refusal | None:
        return super().ready_refusal(state, now) or duties.blade_refusal(state, now.player.id) or (
            scavenge.unread_refusal(state, now.player.id))

    def resolve(self, state: Match, now: Team, action: Action, rng: random.Random) -> Resolution:
        by = state.active_player.id
        events = (Event("end_turn", {}, by), Event("set_phase", {"phase": TYRANID}, by))
        return Resolution(events, "The Imperial Action phase ends: the Tyranid Action phase begins", (self.rule,),
                          reminder_lines(self.text))


class EndTyranidPhase(MazeAction):
    """Ending the Tyranid Action phase: the game turn ends, and the next begins with the Movement sub-phase."""

    phase = "tyranid"

    def resolve(self, state: Match, now: Team, action: Action, rng: random.Random) -> Resolution:
        turn = game_turn(state.turn)
        summary = f"Turn {turn} ends: turn {turn + 1} begins with the imperial team's Movement sub-phase"
        vents = (f"A vent lit in turn {turn - 1} or earlier is out now; one lit in turn {turn} stays lit through "
                 f"turn {turn + 1}.")
        return Resolution((Event("end_turn", {}, state.active_player.id),), summary, (self.rule,),
                          (*reminder_lines(self.text), vents))


class Lost(MazeAction):
    """The team splits: the players say each model's party; the smallest is Lost and loses morale."""

    def ready_refusal(self, state: Match, now: Team) -> Refusal | None:
        if len(now.models) < 2:
            return "a team of fewer than two models on the board can't split into parties", self.rule
        return None

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return parties.params(now.models)

    def try_params(self, state: Match, unit: Unit | None, params: Mapping[str, Any]) -> None:
        parties.split(state, params)

    def odds(self, state: Match, now: Team, action: Action) -> Odds | None:
        self.checked(state, now, action)
        return parties.odds(state, action.params)

    def resolve(self, state: Match, now: Team, action: Action, rng: random.Random) -> Resolution:
        return tracked(state, parties.resolve(state, action.params, rng))


# --- what a model takes: the Movement sub-phase's, the Activity sub-phase's, then the turn's duties -------------


def _movement(kind: MazeAction, state: Match, unit: Unit, verb: str, tiles: int,
              marks: tuple[str, ...]) -> Resolution:
    """A Move or an Advance: one action, the model marked as having moved (and advanced) this phase."""
    events = [token_event(unit, 1)]
    for mark in marks:
        events += set_counter(unit, mark, state.turn, unit.owner)
    return Resolution(tuple(events), f"{unit.name} {verb} {counted(tiles, 'tile')}", (kind.rule,),
                      (*reminder_lines(kind.text), "Place new tiles as it moves (Sight Distance, Access Corridors)."))


class Move(Unadvanced):
    phase = "movement"

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return _movement(self, state, unit, "moves", 1, (MOVED,))


class Advance(Costed):
    """Three tiles in one direction: the model's first action this phase, and its only movement."""

    phase = "movement"

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if unit.tokens.action:
            return f"Advance must be {unit.name}'s first action this phase (and only once)", "advance"
        if carried(unit, "beacon"):
            return f"{unit.name} carries the Beacon, whose bearer can't Advance", "beacon"
        return None

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return _movement(self, state, unit, "advances", 3, (MOVED, ADVANCED))


def _loaded(unit: Unit, among: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The weapons (of `among`, default all that take shots) the model may carry that still have shots."""
    cat = catalogue()
    ids = among if among is not None else tuple(w for w, weapon in cat.weapons.items() if weapon.recharge)
    return tuple(w for w in ids if carry_refusal(unit, w) is None and shots_left(unit, cat.weapons[w]) > 0)


class Fire(Unadvanced):
    phase = "activity"

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        why = super().own_refusal(state, now, unit)
        thrown = [w.id for w in catalogue().weapons.values() if w.in_equipment_slot]
        if why is None and not _loaded(unit) and not any(carried(unit, w) for w in thrown):
            return (f"every weapon {unit.name} may carry is out of shots and it has no Frag Grenade: Reload first",
                    "reload")
        return why

    def note(self, state: Match, now: Team) -> str | None:
        """It also says when the team has earned the Heavy Stubber's rerolls (the box for them is folded away, and a
        player who forgets it loses them)."""
        made = stubber_hits(state, now.player.id)
        if made is not None and made >= STUBBER_HITS_FOR_REROLLS:
            return (f"{self.text} Hit rolls of 1 may be rerolled this phase: a Heavy Stubber has made {made} hits "
                    "(More options).")
        return self.text

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.fire_params()

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        fire_setup(state, unit, params)

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        chance, text = odds_line(fire_setup(state, unit, params))
        return Odds(chance, text)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return fire(state, unit, params, rng)


class BreakDownDoor(Costed):
    phase = "activity"
    cost = 2

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if "terminator" not in keywords(unit):
            return f"only a Terminator can Break Down Door, and {unit.name} is not one", self.rule
        return None

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return Resolution((token_event(unit, 2),), f"{unit.name} breaks down the Locked Door (two actions)",
                          (self.rule,), ("Remove the Locked Door from its tile.",))


class LightVent(Unadvanced):
    phase = "activity"

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        why = super().own_refusal(state, now, unit)
        if why is None and not _loaded(unit, gear.VENT_WEAPONS):
            return f"no Flamer or Heavy Flamer {unit.name} may carry has shots left: Reload first", "reload"
        return why

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.vent_params()

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        gear.vent_weapon(unit, params)

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        return gear.vent_odds(unit, params)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return gear.light_vent(state, unit, params, rng)


class UseEquipment(Costed):
    phase = "activity"

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if not any(carried(unit, g) for g in gear.usable_gear()):
            return f"{unit.name} carries no equipment that is used with an action", self.rule
        return None

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.equipment_params(now.models)

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        gear.gear_choice(unit, params)

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        return gear.equipment_odds(unit, params)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return gear.use_equipment(state, unit, params, rng)


class Reload(Costed):
    phase = "activity"

    def own_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if not any(carried(unit, a) for a in catalogue().ammo):
            return f"{unit.name} carries no ammunition", self.rule
        return None

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.reload_params()

    def weapon(self, unit: Unit, params: Mapping[str, Any]) -> tuple[str, str]:
        """The weapon reloaded and the ammunition it takes; IllegalAction when the model can't reload it."""
        cat = catalogue()
        reloadable = tuple(w.id for w in cat.weapons.values() if w.recharge)
        weapon = cat.weapons[param_choice(params, "weapon", reloadable, reloadable[0], self.rule)]
        assert weapon.ammo is not None  # every weapon with a recharge has its ammunition in the pack
        refusal = carry_refusal(unit, weapon.id)
        if refusal:
            raise IllegalAction(refusal, CARRY_RULE)
        if not carried(unit, weapon.ammo):
            raise IllegalAction(f"{unit.name} carries no {cat.name(weapon.ammo)} for the {weapon.name}", self.rule)
        return weapon.id, weapon.ammo

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        self.weapon(unit, params)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        weapon_id, ammo = self.weapon(unit, params)
        weapon, by = catalogue().weapons[weapon_id], unit.owner
        events = [token_event(unit, 1), *set_counter(unit, ammo, carried(unit, ammo) - 1, by),
                  *set_counter(unit, shots_counter(weapon), weapon.full, by, implicit=True)]
        lost = shots_left(unit, weapon)
        return Resolution(tuple(events), f"{unit.name} reloads its {weapon.name}: {weapon.full} shots", (self.rule,),
                          (f"One {catalogue().name(ammo)} used; the {counted(lost, 'shot')} left before "
                           f"{'is' if lost == 1 else 'are'} lost, not added.",))


class Scavenge(Costed):
    phase = "activity"

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.scavenge_params()

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        scavenge.scavenge_times(params)

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        return scavenge.scavenge_odds(unit, params)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return scavenge.scavenge(state, unit, params, rng)


class PickUpTransfer(Costed):
    """The players set both models' counters by hand: the helper spends the action."""

    phase = "activity"

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return Resolution((token_event(unit, 1),), f"{unit.name} picks up or hands over items", (self.rule,),
                          reminder_lines(self.text))


class BeaconRoll(ModelAction):
    """The Beacon's D6 at the beginning of the turn: owed by its bearer before any model acts."""

    phase = "movement"

    def model_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if unit.id not in {u.id for u in duties.beacon_bearers(state, unit.owner, now.sub == "movement")}:
            return (f"{unit.name} owes no Beacon roll: it carries no Beacon, has rolled this turn, or the turn's "
                    "first action has been given", self.rule)
        return None

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return parties.params(now.models)  # the models in the bearer's party gain the point

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        parties.party_of(state, params, unit, self.rule)

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        return duties.beacon_odds(state, unit, params)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return duties.beacon_roll(state, unit, params, rng)


class ScavengeRead(ModelAction):
    """Reading a Scavenge roll made with a Servo Skull's extra die: the reading the player chooses."""

    phase = "activity"

    def model_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if not scavenge.readings(unit):
            return (f"{unit.name} has no Scavenge roll to read: the extra die comes with a Scavenge after its Servo "
                    "Skull's Algorithmic Area Analysis", self.rule)
        return None

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.reading_params(now.models)

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        scavenge.reading_choice(unit, params)

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return scavenge.read(state, unit, params, rng)


def _blade(params: Mapping[str, Any]) -> dict[str, Any]:
    """The forced Blade is Use Equipment with the Sacrificial Blade, not one of the model's actions."""
    return {**params, "item": "sacrificial-blade"}


class SacrificialBlade(ModelAction):
    """Forced once three-quarters of the bearer's morale is lost, once each Action phase."""

    def model_refusal(self, state: Match, now: Team, unit: Unit) -> Refusal | None:
        if unit.id not in {u.id for u in duties.blade_owed(state, unit.owner)}:
            return (f"{unit.name} isn't bound to use the Sacrificial Blade now: that comes once three-quarters of "
                    "its morale is lost, once each Action phase", self.rule)
        return None

    def params(self, state: Match, now: Team) -> tuple[Param, ...]:
        return forms.blade_params()

    def check_params(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> None:
        gear.gear_choice(unit, _blade(params))

    def chance(self, state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds | None:
        return gear.equipment_odds(unit, _blade(params))

    def effect(self, state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
        return gear.use_equipment(state, unit, _blade(params), rng, forced=True)


ACTIONS: tuple[MazeAction, ...] = (
    BeaconRoll("beacon-roll", "Beacon roll (beginning of the turn)", "beacon",
               "At the beginning of each turn, before any model acts. Not an action.", "1d6"),
    Move("move", "Move", "move",
         "1 tile in an open direction. Finish one model's movement before the next model's."),
    Advance("advance", "Advance", "advance",
            "3 tiles in one direction (turn only where a locked door or a closed tile blocks it)."),
    StartActivity("start-activity", "Go on to the Activity sub-phase", "imperial-action-phase",
                  "Only once every model that wished to move has moved: there is no going back. Then finish one "
                  "model's activities before the next model's."),
    Fire("fire", "Fire", "fire", "The Blind Horror must be visible and within range (tiles).", "d6 per shot"),
    BreakDownDoor("break-down-door", "Break Down Door", "break-down-door",
                  "The Terminator must be on a tile with a Locked Door: remove the door."),
    LightVent("light-vent", "Light Vent", "light-vent",
              "Lights one vent opening on the model's tile for two game turns.", "1d6"),
    UseEquipment("use-equipment", "Use Equipment", "use-equipment"),
    Reload("reload", "Reload", "reload"),
    Scavenge("scavenge", "Scavenge", "scavenge", dice="d66"),
    ScavengeRead("scavenge-read", "Scavenge: read the roll", "servo-skull",
                 "The Servo Skull's extra die may stand in for either die of the D66: choose the reading. Not an "
                 "action; it comes before any model's next action."),
    PickUpTransfer("pick-up-transfer", "Pick Up / Transfer Item", "pick-up-transfer",
                   "Set the counters of both models by hand: items must fit the inventory and its keywords. A "
                   "Demolition Expert may spend this action to pick up an active Trip Mine on its tile."),
    Lost("lost", "The team splits: Lost parties", "lost",
         "A cave-in, or groups beyond each other's Sight Distance: put each model in the party it is in now. The "
         "helper finds the smallest party (ties: all of them) and takes its models' morale. Not an action."),
    SacrificialBlade("sacrificial-blade", "Sacrificial Blade (automatic)", "sacrificial-blade",
                     "Forced once three-quarters of the bearer's morale is lost: once each Action phase, not one of "
                     "its two actions; it can't drop the Blade.", "1d6"),
    EndImperialPhase("end-imperial-phase", "End the Imperial Action phase", "imperial-action-phase",
                     "The Tyranid player takes the Tyranid Action phase."),
    EndTyranidPhase("end-turn", "End the Tyranid Action phase", "removing-tiles",
                    "The Tyranid Action phase's rules are not in the source. At the end of the turn, remove the "
                    "tiles no imperial model could see after moving 3 tiles toward them."),
)
