"""The attacking player's three plain attacks against the Scarab's side (seed 000), 2d6 against a defense: shooting
the Scarab (the Shell dial's defense; a colossal figure's: the Chassis dial's), attacking a reinforcement, and
attacking the Main Power Core from the Scarab Interior map (+3 adjacent, 1 damage). A move that ends in an attack
ends in one of these, checked, weighed and rolled by the plain attack's own code (scarab/attacker_moves.py).
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Refusal, Resolution
from companion.rules.halo.tokens import GRENADE
from companion.rules.scarab.attacker_action import Aim, AttackerAction, Plan
from companion.rules.scarab.attacker_fields import (
    ADJACENT,
    AERIAL_LIMIT,
    CLOSE_COMBAT,
    CORE_ADJACENT_BONUS,
    CORE_DAMAGE,
    NEXT_TO_BASE,
    UNDER_BASE,
)
from companion.rules.scarab.attacker_fields import GRENADE as GRENADE_FIELD
from companion.rules.scarab.attacks import Shot, fire
from companion.rules.scarab.move_attack import (
    CORE_TARGET,
    SCARAB_TARGET,
)
from companion.rules.scarab.play import Play
from companion.rules.scarab.positions import (
    INSIDE,
    TOP,
    place,
    shot_refusal,
    targets_for,
    where,
)
from companion.rules.scarab.state import (
    CHASSIS,
    CORE,
    DIAL_NAMES,
    MAX_MODIFIER,
    MODIFIER,
    SHELL,
    aerial_marked,
    bool_param,
    dials,
    int_param,
    is_aerial,
    is_colossal,
    pick_target,
    reinforcements,
    stamp,
    standing,
    stat,
    target_param,
    tracks_acted,
)

FLAGS = ("grenade", "adjacent", "under_base", "close_combat", "next_to_base")  # the attacks' yes-or-no fields


class PlainAttack(AttackerAction):
    """One of the three plain attacks (2d6 against a defense); a move ends in one of them, asking its fields."""

    fields: tuple[Param, ...] = ()
    target_word: tuple[str, str] | None = None  # the move form's choice naming this attack ("scarab", ...)
    part_keeps: frozenset[str] = frozenset()  # besides its fields, the params a move's attack part keeps for it

    def params(self, state: Match, now: Play) -> tuple[Param, ...]:
        return self.fields

    def fit_refusal(self, state: Match, now: Play, unit: Unit) -> Refusal | None:
        return None if stat(unit, "attack") is not None else (f"{unit.name} shows no attack value now", self.rule)

    def plan_for(self, state: Match, now: Play, action: Action, unit: Unit, require: bool,
                 extra: tuple[tuple[str, int], ...] = ()) -> Plan | Refusal:
        aim = self.aim(state, action, unit, require, extra)
        return aim if isinstance(aim, tuple) else Plan(unit, attack=action, kind=self, after=state, aim=aim)

    def aim(self, state: Match, action: Action, unit: Unit, require: bool,
            extra: tuple[tuple[str, int], ...] = ()) -> Aim | Refusal | None:
        """The attack `action` makes from where `unit` stands in `state`, a refusal for bad params, or None when no
        target is named yet; `extra` adds modifiers (a long move before it)."""
        modifier = int_param(action.params, "modifier", -MAX_MODIFIER, MAX_MODIFIER)
        flags = {n: bool_param(action.params, n) for n in FLAGS}
        for value in (modifier, *flags.values()):
            if isinstance(value, tuple):
                return value
        if flags["grenade"] and not unit.tokens[GRENADE]:
            return f"{unit.name} has no Grenade token", "grenades"
        if flags["grenade"] and place(unit) == TOP:
            return f"{unit.name} is on top of the Scarab: it can't use Throw a Grenade", "attacking-from-top"
        return self.aim_from(state, action, unit, {n: bool(v) for n, v in flags.items()},
                             (("modifiers", int(modifier)), *extra), require)

    def aim_from(self, state: Match, action: Action, unit: Unit, flags: dict[str, bool],
                 mods: tuple[tuple[str, int], ...], require: bool) -> Aim | Refusal | None:
        raise NotImplementedError

    def verb(self, flags: dict[str, bool], plain: str = "attacks") -> str:
        return "throws a grenade at" if flags["grenade"] else plain

    def part(self, action: Action) -> Action:
        """This attack as the part of a move `action` that ends in it (its own params only)."""
        keep = {p.name for p in self.fields} | self.part_keeps
        return Action(self.id, action.unit, {k: v for k, v in action.params.items() if k in keep})

    def shoot(self, state: Match, action: Action, aim: Aim, rng: random.Random) -> Resolution:
        """The roll and its effects (after the action token), judged in `state`."""
        by, unit = state.active_player.id, state.unit(action.unit or "")
        result = fire(aim.shot, rng)
        events = [Event("roll", result.roll.event_data(aim.shot.label), by)]
        if action.params.get("grenade"):
            events.append(Event("token", {"unit": unit.id, "kind": "grenade", "delta": -1}, by))
        if result.hit and aim.shot.damage > 0:
            events.append(Event("damage", {"unit": aim.hurt.id, "amount": aim.shot.damage}, by))
        events += self.recorded(state, unit, by)
        effect = f"hit: {aim.shot.damage} damage to {aim.hurt.name}" if result.hit else "miss"
        return Resolution(tuple(events), f"{aim.shot.label}: {result.roll.describe()}, {effect}", (self.rule,),
                          (result.why(),), result.hit)

    def recorded(self, state: Match, unit: Unit, by: str) -> list[Event]:
        """What the attack records on the figure for the turn's limits."""
        return []


def _defense_dial(state: Match, unit: Unit, grenade: bool = False) -> tuple[str, Unit | None]:
    """The dial whose defense a shot at the Scarab is against: the Shell dial's, a colossal figure's shot the
    Chassis dial's; a grenade's always the Shell dial's (the seed names it for Throw a Grenade)."""
    which = CHASSIS if is_colossal(unit) and not grenade else SHELL
    return which, dials(state).get(which)


class ShootScarab(PlainAttack):
    """A shot at the Scarab, against the Shell dial (a colossal figure's: the Chassis dial), damaging the Shell."""

    fields = (MODIFIER, GRENADE_FIELD, UNDER_BASE, CLOSE_COMBAT, NEXT_TO_BASE)
    target_word = (SCARAB_TARGET, "Shoot the Scarab")

    def note(self, state: Match, now: Play) -> str | None:
        if tracks_acted(state) and aerial_marked(state):
            return self.text
        why = "no figure is marked aerial" if not aerial_marked(state) else "this match doesn't count them"
        return f"{self.text} At most {AERIAL_LIMIT} aerial figures a turn: {why}, check it yourself."

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why:
            return why
        shell = dials(state).get(SHELL)
        if shell is None:
            return "enter the Scarab's Shell dial first", "shooting-the-scarab"
        if shell.eliminated:
            return ("the Shell dial shows its KO click; the source doesn't say what shots at the Scarab do then",
                    "shooting-the-scarab")
        return None

    def fit_refusal(self, state: Match, now: Play, unit: Unit) -> Refusal | None:
        which, dial = _defense_dial(state, unit)
        if dial is None or stat(dial, "defense") is None:
            who = f"{unit.name} is colossal: " if which == CHASSIS else ""
            return f"{who}the {DIAL_NAMES[which]} shows no defense value", "colossal" if who else self.rule
        if is_aerial(unit) and now.attackers.aerial_shots >= AERIAL_LIMIT:
            return f"{AERIAL_LIMIT} aerial figures already shot at the Scarab this turn", "aerial-limit"
        return super().fit_refusal(state, now, unit)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        if place(unit) == TOP:
            return f"{unit.name} is on top of the Scarab: it can't attack the Scarab", "attacking-from-top"
        if place(unit) in INSIDE:
            return (f"{unit.name} is {where(unit)}: inside, its target is the Main Power Core (a shot or a grenade), "
                    "not the Shell dial or the squares under the bases", "main-power-core")
        return None

    def aim_from(self, state: Match, action: Action, unit: Unit, flags: dict[str, bool],
                 mods: tuple[tuple[str, int], ...], require: bool) -> Aim | Refusal | None:
        if flags["grenade"] and not flags["under_base"]:
            return "a grenade whose target square isn't under one of the Scarab's bases leaves the Scarab out", \
                "grenades"
        if flags["close_combat"] and not flags["next_to_base"]:
            return f"{unit.name} attacks only adjacent enemies: it must stand next to one of the bases", \
                "close-combat"
        which, dial = _defense_dial(state, unit, flags["grenade"])
        if dial is None or stat(dial, "defense") is None:  # a colossal figure's grenade: the Shell dial
            return f"the {DIAL_NAMES[which]} shows no defense value", self.rule
        shot = Shot(f"{unit.name} {self.verb(flags, 'shoots')} the Scarab ({DIAL_NAMES[which]} defense)",
                    stat(unit, "attack") or 0, stat(dial, "defense") or 0, stat(unit, "damage") or 0, mods)
        return Aim(shot, dials(state)[SHELL])

    def recorded(self, state: Match, unit: Unit, by: str) -> list[Event]:
        return stamp(state, unit, by)  # its once-a-turn shot: the aerial limit counts it

    def aimed_at(self, state: Match, action: Action) -> str | None:
        shell = dials(state).get(SHELL)
        return shell.id if shell is not None else super().aimed_at(state, action)


class AttackReinforcement(PlainAttack):
    """An attack on one of the Scarab player's reinforcements."""

    fields = (MODIFIER, GRENADE_FIELD)
    part_keeps = frozenset({"target"})

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and not any(standing(u) for u in reinforcements(state)):
            return "no reinforcement of the Scarab player is on the table", "reinforcements"
        return why

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        if targets_for(unit, (u for u in reinforcements(state) if standing(u))):
            return None
        return f"{unit.name} is {where(unit)}: no reinforcement there is a target for it", "attacking-from-top" \
            if place(unit) == TOP else "inside"

    def params(self, state: Match, now: Play) -> tuple[Param, ...]:
        # no default: which reinforcement a figure can shoot depends on where both stand, so the player picks
        return replace(target_param(u for u in reinforcements(state) if standing(u)), default=None), *self.fields

    def aim_from(self, state: Match, action: Action, unit: Unit, flags: dict[str, bool],
                 mods: tuple[tuple[str, int], ...], require: bool) -> Aim | Refusal | None:
        standing_ones = [u for u in reinforcements(state) if standing(u)]
        # like a Halo attack, no target given means the first one this figure can shoot from where it stands
        first = next((u.id for u in targets_for(unit, standing_ones)), None)
        target = pick_target(state, {**action.params, "target": action.params.get("target") or first},
                             standing_ones, self.rule, require)
        if not isinstance(target, Unit):
            return target
        why = shot_refusal(unit, target)
        if why:
            return why
        defense = stat(target, "defense")
        if defense is None:
            return f"{target.name} shows no defense value now", self.rule
        shot = Shot(f"{unit.name} {self.verb(flags)} {target.name}", stat(unit, "attack") or 0, defense,
                    stat(unit, "damage") or 0, mods)
        return Aim(shot, target)


class AttackCore(PlainAttack):
    """An attack on the Main Power Core from the Scarab Interior map: +3 when adjacent, 1 damage."""

    fields = (ADJACENT, MODIFIER, GRENADE_FIELD)
    target_word = (CORE_TARGET, "Attack the Main Power Core")

    def turn_refusal(self, state: Match, now: Play) -> Refusal | None:
        why = super().turn_refusal(state, now)
        core = dials(state).get(CORE)
        if why is None and (core is None or stat(core, "defense") is None):
            return "enter the Main Power Core dial first (its defense is needed)", "main-power-core"
        return why

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        if place(unit) in INSIDE:
            return None
        return f"{unit.name} is {where(unit)}: only figures on the Scarab Interior map reach the core", self.rule

    def aim_from(self, state: Match, action: Action, unit: Unit, flags: dict[str, bool],
                 mods: tuple[tuple[str, int], ...], require: bool) -> Aim | Refusal | None:
        core = dials(state)[CORE]
        bonus = (("adjacent to the core", CORE_ADJACENT_BONUS),) if flags["adjacent"] else ()
        shot = Shot(f"{unit.name} {self.verb(flags)} the Main Power Core", stat(unit, "attack") or 0,
                    stat(core, "defense") or 0, CORE_DAMAGE, bonus + mods)
        return Aim(shot, core)

    def aimed_at(self, state: Match, action: Action) -> str | None:
        core = dials(state).get(CORE)
        return core.id if core is not None else super().aimed_at(state, action)


SHOOT = ShootScarab("shoot-scarab", "Shoot the Scarab", "shooting-the-scarab",
                    "Every figure has line of fire to the Scarab; not from on top of it.", "2d6")
ATTACK = AttackReinforcement("attack", "Attack a reinforcement", "reinforcements",
                             "Reinforcements don't count toward your victory: only destroying the Scarab does.",
                             "2d6")
ATTACK_CORE = AttackCore("attack-core", "Attack the Main Power Core", "main-power-core",
                         "Needs a clear line of fire to the core on the Scarab Interior map.", "2d6")
