"""The attacking player's turn against the Scarab (seed 000): its actions, one object each, with their checks, exact
odds and resolution.

Actions per turn: half the figures of the starting force (halo.reserves.starting_force: on the table, KO'd ones
too, or eliminated and waiting to respawn), rounded up; with the house rule "heroclix-attacker-actions" one per 100
points of that force instead (scarab/play.py `count`). Each action puts an action token on the figure (the pack's
limit is two held); like both base games, a figure takes one action a turn. Shots at the Scarab use the Shell dial's
defense (a figure marked colossal: the Chassis dial's) and damage the Shell dial; at most two aerial figures shoot
at the Scarab a turn (counted with the "acted-turn" counter). Shots at the Main Power Core get +3 when adjacent and
deal 1 damage. Map facts (adjacency, the Scarab kneeling or standing) that the match can't know are asked; where
each figure stands is match state (scarab.positions), and every action that moves a figure sets it.

One attack everywhere: a move (`Moving`) is taken apart (`plan`) into its move part and the plain attack
(`PlainAttack`) it makes, and that attack is checked, given odds and rolled by the plain attack's own code, in the
match as the move leaves it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionOption, Odds, Param, Refusal, Resolution
from companion.rules.advice.dice import Branch
from companion.rules.halo.tokens import GRENADE
from companion.rules.scarab import advice
from companion.rules.scarab.attacker_fields import (
    ADJACENT,
    AERIAL_LIMIT,
    CLOSE_COMBAT,
    CORE_ADJACENT_BONUS,
    CORE_DAMAGE,
    HOUSE_NOTES,
    JUMP_CLIMB,
    JUMP_DAMAGE,
    MOVE_TO,
    NEXT_TO_BASE,
    UNDER_BASE,
    VIA_RAMP,
)
from companion.rules.scarab.attacker_fields import GRENADE as GRENADE_FIELD
from companion.rules.scarab.attacks import Shot, chance_text, fire, hit_chance
from companion.rules.scarab.move_attack import (
    CORE_TARGET,
    MOVED,
    SCARAB_TARGET,
    ends,
    move_refusal,
    moved_refusal,
    penalty,
)
from companion.rules.scarab.play import Play, ScarabAction, Side, count
from companion.rules.scarab.positions import (
    BENEATH,
    BOARDED,
    GROUND,
    INSIDE,
    INTERIOR,
    OUTSIDE_MAP,
    PHRASES,
    POSITIONS,
    RAMP,
    TOP,
    entering_refusal,
    leaving_refusal,
    place,
    ramp_refusal,
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
    NO_ACTIONS,
    SHELL,
    aerial_marked,
    bool_param,
    dial_id,
    dials,
    disabled,
    int_param,
    is_aerial,
    is_colossal,
    option_on,
    pick_target,
    reinforcements,
    stamp,
    standing,
    stat,
    tags,
    target_param,
    tracks_acted,
    unit_choices,
    unit_option,
)

FLYER_LIMIT_OPTION = "flyer-limit-2"
FLAGS = ("grenade", "adjacent", "under_base", "close_combat", "next_to_base")  # the attacks' yes-or-no fields


@dataclass(frozen=True)
class Aim:
    shot: Shot
    hurt: Unit  # the unit (or dial) a hit damages


@dataclass(frozen=True)
class Plan:
    """A legal action taken apart: the move part's events and words (none for a plain attack), and the plain attack
    it makes (None for a move without one) as that attack's action, judged in `after`: the match as the move leaves
    it."""

    unit: Unit
    moves: tuple[Event, ...] = ()
    words: str = ""
    attack: Action | None = None
    kind: PlainAttack | None = None
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


class Moving(AttackerAction):
    """A move that may end in an attack: its own fields, the squares moved, and the plain attack it ends in, judged
    from where the move leaves the figure (scarab/move_attack.py)."""

    lands: str | None = None  # where it places the figure (None: where the player says, or where it is)
    goes_on: tuple[str, ...] = ()  # where it may go on to on that map ("it can continue its move")
    own_fields: tuple[Param, ...] = ()  # what the move part itself asks
    aims: tuple[PlainAttack, ...] = ()  # the plain attacks its form offers, by where it leaves the figure

    def landing(self, action: Action, unit: Unit) -> str:
        """Where the move leaves the figure."""
        to = action.params.get("to")
        if self.goes_on:
            return str(to) if to in self.goes_on else str(self.lands)
        return self.lands or (str(to) if to in POSITIONS else place(unit))

    def ends_refusal(self, action: Action) -> Refusal | None:
        """Where a move that places the figure may go on to: on the map it was placed on."""
        to = action.params.get("to")
        if not self.goes_on or to in ("", None, *self.goes_on):
            return None
        return f"to must be one of {', '.join(self.goes_on)}, not {to!r}", self.id

    def params(self, state: Match, now: Play) -> tuple[Param, ...]:
        """Its own fields, the squares moved, the attack it ends in, and the plain attacks' own fields."""
        reinforcing = [u for u in reinforcements(state) if standing(u)]
        choices = (("", "No attack"), *(a.target_word for a in self.aims if a.target_word),
                   *(unit_choices(reinforcing) if ATTACK in self.aims else ()))
        fields = tuple({p.name: p for aim in self.aims for p in aim.fields}.values())
        return (*self.own_fields, MOVED, Param("target", "Then attack (optional)", "choice", choices, default=""),
                *fields)

    def attack_part(self, action: Action) -> tuple[PlainAttack, Action] | None:
        """The plain attack the move ends in and its action, None for a move without one."""
        target = action.params.get("target")
        if target in (None, ""):
            return None
        kind = next((a for a in (SHOOT, ATTACK_CORE) if a.target_word and a.target_word[0] == target), ATTACK)
        return kind, kind.part(action)

    def rolls(self, action: Action) -> bool:
        return self.attack_part(action) is not None

    def field_refusal(self, state: Match, now: Play, action: Action, unit: Unit) -> Refusal | None:
        """What the move part's own fields break."""
        return self.ends_refusal(action)

    def plan_for(self, state: Match, now: Play, action: Action, unit: Unit, require: bool,
                 extra: tuple[tuple[str, int], ...] = ()) -> Plan | Refusal:
        for name in ("jump_climb", "via_ramp"):
            flag = bool_param(action.params, name)
            if isinstance(flag, tuple):
                return flag
        part = self.attack_part(action)
        why = self.field_refusal(state, now, action, unit) or (moved_refusal(action, unit) if part else None)
        if why:
            return why
        moves, words = self.moves(state, action, unit)
        if part is None:
            return Plan(unit, moves, words)
        kind, attack = part
        after = replay(state, list(moves))  # the attack is the plain one, from where the move leaves the figure
        if not standing(after.unit(unit.id)):
            return f"{unit.name} is KO'd by the {JUMP_DAMAGE} damage of jumping off: it can't go on to attack", \
                self.rule
        judged = kind.plan(after, replace(now, count=count(after, now.defaults)), attack, True,
                           penalty(action.params))
        if not isinstance(judged, Plan):
            assert judged is not None  # a figure is named and required
            return judged
        return Plan(unit, moves, words, attack, kind, after, judged.aim)

    def moves(self, state: Match, action: Action, unit: Unit) -> tuple[tuple[Event, ...], str]:
        """The move part's events (where it lands, the boarding) and its words."""
        by = state.active_player.id
        words = f"{unit.name}: {self.title[:1].lower()}{self.title[1:]}"
        to, events = self.landing(action, unit), []
        if to != place(unit):
            events.append(Event("set_position", {"unit": unit.id, "position": to}, by))
            words += f", now {PHRASES[to]}"
        if to == TOP and place(unit) in OUTSIDE_MAP:
            events += stamp(state, unit, by, BOARDED)
        return tuple(events), words

    def aimed_at(self, state: Match, action: Action) -> str | None:
        part = self.attack_part(action)
        return part[0].aimed_at(state, part[1]) if part else super().aimed_at(state, action)


def _house_notes(state: Match, now: Play, text: str | None) -> str | None:
    """The note of a move that may take a flyer on top or inside, with the house rules on in this match."""
    extra = [note for option, note in HOUSE_NOTES.items() if option_on(state, option, now.defaults)]
    return " ".join([text or "", *extra]).strip() or None


class Move(Moving):
    """Moving (and climbing on top), then an attack if it makes one, or any other action such as a power."""

    own_fields = (MOVE_TO,)
    aims = (SHOOT, ATTACK_CORE, ATTACK)

    def note(self, state: Match, now: Play) -> str | None:
        return _house_notes(state, now, self.text)

    def field_refusal(self, state: Match, now: Play, action: Action, unit: Unit) -> Refusal | None:
        return move_refusal(state, unit, action.params.get("to"),
                            option_on(state, FLYER_LIMIT_OPTION, now.defaults))

    def outcomes(self, state: Match, now: Play, action: Action) -> tuple[Branch, ...] | None:
        unit = next((u for u in state.units if u.id == action.unit), None)
        if unit is not None and self.landing(action, unit) == place(unit):
            return None  # a move that ends where it started: the plain attack itself, weighed as that (listed once)
        return super().outcomes(state, now, action)


class Enter(Moving):
    lands, goes_on, aims = RAMP, (RAMP, INTERIOR), (ATTACK_CORE, ATTACK)
    own_fields = (ends(goes_on),)

    def note(self, state: Match, now: Play) -> str | None:
        return _house_notes(state, now, self.text)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        return entering_refusal(unit)


class Exit(Moving):
    lands, own_fields, aims = TOP, (VIA_RAMP,), (ATTACK,)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        return leaving_refusal(state, unit)

    def field_refusal(self, state: Match, now: Play, action: Action, unit: Unit) -> Refusal | None:
        return ramp_refusal(unit, action.params.get("via_ramp", False)) or super().field_refusal(state, now, action,
                                                                                                   unit)


class GetOff(Moving):
    """Off the top of the Scarab onto the Destroyed Base map: it may go on beneath the Scarab, or attack."""

    lands, goes_on, aims = GROUND, (GROUND, BENEATH), (SHOOT, ATTACK)
    own_fields = (ends(goes_on),)

    def place_refusal(self, state: Match, unit: Unit) -> Refusal | None:
        if place(unit) == TOP:
            return None
        return f"{unit.name} is {where(unit)}: only a figure on top of the Scarab can get off it", self.rule


class JumpOff(GetOff):
    """Jumping off a standing Scarab deals 1 damage, unless the figure has Jump/Climb or flies."""

    own_fields = (JUMP_CLIMB, *GetOff.own_fields)

    def moves(self, state: Match, action: Action, unit: Unit) -> tuple[tuple[Event, ...], str]:
        events, words = super().moves(state, action, unit)
        if action.params.get("jump_climb") or is_aerial(unit) or "jump-climb" in tags(unit):
            return events, words + " (Jump/Climb or flight: no damage)"
        damage = Event("damage", {"unit": unit.id, "amount": JUMP_DAMAGE}, state.active_player.id)
        return (*events, damage), words + f", {JUMP_DAMAGE} damage for jumping off"


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


ACTIONS: tuple[AttackerAction, ...] = (
    Move("move", "Move (then attack) or another action", "attacker-actions",
         "Moving (and climbing on top), then an attack if it makes one, or any other action such as a power. "
         "Say where its move ends."),
    SHOOT,
    ATTACK,
    ATTACK_CORE,
    Enter("enter", "Enter the Scarab", "inside",
          "Placed on one of the 12 Ramp squares (1 square of its move); it may go on and attack the core. "
          "HeroClix: this wakes the interior defenders."),
    Exit("exit", "Exit the Scarab", "exiting",
         "From the Ramp (it may walk onto it in this action): placed anywhere on top; its move ends, it may "
         "still shoot."),
    GetOff("move-off", "Move off (kneeling Scarab)", "moving-off",
           "Only while the Scarab kneels: place it next to the Chassis base (1 square of its move)."),
    JumpOff("jump-off", "Jump off (standing Scarab)", "jumping-off",
            "Only while the Scarab stands: place it next to the area beneath (1 square of its move)."),
    EndTurn("end-turn", "End turn", "attacker-actions"),
)
ATTACKERS = Side({a.id: a for a in ACTIONS}, "the attacking player has no action {name!r}; the actions are {known}",
                 "attacker-actions")
