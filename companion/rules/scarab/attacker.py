"""The attacking player's turn against the Scarab (seed 000): actions, checks, exact odds and resolution.

Actions per turn: half the figures of the starting force (halo.reserves.starting_force: on the table, KO'd ones
too, or eliminated and waiting to respawn), rounded up; with the house rule "heroclix-attacker-actions" one per 100
points of that force instead. Each action puts an action token on the figure (the pack's limit is two held); like
both base games, a figure takes one action a turn. Shots at the Scarab use the Shell dial's defense (a figure
marked colossal: the Chassis dial's) and damage the Shell dial; at most two aerial figures shoot at the Scarab a
turn (counted with the "acted-turn" counter). Shots at the Main Power Core get +3 when adjacent and deal 1 damage.
Map facts (adjacency, the Scarab kneeling or standing) that the match can't know are asked; where each figure
stands is match state (scarab.positions), and every action that moves a figure sets it.

One attack everywhere: an action is taken apart (`_plan`) into its move part and the plain attack it makes
(scarab.move_attack), and that attack is checked, given odds and rolled by the same code as the plain attack, in
the match as the move leaves it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from companion.core.match.events import Event, replay
from companion.core.model import Match, Player, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionOption, Odds, Param, Resolution
from companion.rules.halo.reserves import starting_force
from companion.rules.halo.tokens import GRENADE
from companion.rules.scarab.attacker_specs import (
    AERIAL_LIMIT,
    ATTACKS,
    CORE_ADJACENT_BONUS,
    CORE_DAMAGE,
    FIELDS,
    HOUSE_NOTES,
    JUMP_DAMAGE,
    NOTES,
    SPEC_BY_ID,
    SPECS,
    Spec,
)
from companion.rules.scarab.attacks import Shot, chance_text, fire, hit_chance
from companion.rules.scarab.move_attack import (
    MOVING,
    attack_part,
    ends_refusal,
    landing,
    move_refusal,
    moved_refusal,
    penalty,
)
from companion.rules.scarab.move_attack import params as move_params
from companion.rules.scarab.positions import (
    BOARDED,
    INSIDE,
    OUTSIDE_MAP,
    PHRASES,
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
    HEROCLIX_ACTIONS,
    MAX_MODIFIER,
    NO_ACTIONS,
    SHELL,
    Refusal,
    acted,
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
    unit_option,
)

FLYER_LIMIT_OPTION = "flyer-limit-2"

@dataclass(frozen=True)
class _Turn:
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


def _turn(state: Match, defaults: dict[str, bool]) -> _Turn:
    player = state.active_player
    count, how = allowance(state, player.id, option_on(state, HEROCLIX_ACTIONS, defaults))
    mine = [u for u in state.units if u.owner == player.id]
    return _Turn(player, count, how, sum(u.tokens.action for u in mine),
                 sum(1 for u in mine if is_aerial(u) and acted(state, u)))


def _defense_dial(state: Match, unit: Unit, grenade: bool = False) -> tuple[str, Unit | None]:
    """The dial whose defense a shot at the Scarab is against: the Shell dial's, a colossal figure's shot the
    Chassis dial's; a grenade's always the Shell dial's (the seed names it for Throw a Grenade)."""
    which = CHASSIS if is_colossal(unit) and not grenade else SHELL
    return which, dials(state).get(which)


def _turn_refusal(state: Match, turn: _Turn, spec: Spec) -> Refusal | None:
    if spec.cost and not turn.allowance:  # none was used: the count itself is 0 (a force under 100 points)
        return f"your count gives you 0 actions a turn: {turn.how}", "attacker-actions"
    if spec.cost and not turn.left:
        return f"all {turn.allowance} actions of this turn are used ({turn.how})", "attacker-actions"
    present = dials(state)
    if spec.id == "shoot-scarab":
        shell = present.get(SHELL)
        if shell is None:
            return "enter the Scarab's Shell dial first", "shooting-the-scarab"
        if shell.eliminated:
            return ("the Shell dial shows its KO click; the source doesn't say what shots at the Scarab do then",
                    "shooting-the-scarab")
    if spec.id == "attack-core" and (present.get(CORE) is None or stat(present[CORE], "defense") is None):
        return "enter the Main Power Core dial first (its defense is needed)", "main-power-core"
    if spec.id == "attack" and not any(standing(u) for u in reinforcements(state)):
        return "no reinforcement of the Scarab player is on the table", "reinforcements"
    return None


def _unit_refusal(state: Match, turn: _Turn, spec: Spec, unit: Unit) -> Refusal | None:
    if dial_id(unit) is not None:
        return f"{unit.name}: {NO_ACTIONS}", "general"
    if unit.owner != turn.player.id:
        return f"{unit.name} is not {turn.player.name}'s figure", "attacker-actions"
    if not standing(unit):
        return f"{unit.name} is not on the table", "attacker-actions"
    if unit.tokens.action:
        return f"{unit.name} already had its action this turn", "attacker-actions"
    limit = state.rules.token_limits.get("action")
    if limit is not None and unit.tokens.action_last >= limit:
        return f"{unit.name} already holds {limit} action tokens", "attacker-actions"
    if spec.id == "shoot-scarab":
        which, dial = _defense_dial(state, unit)
        if dial is None or stat(dial, "defense") is None:
            who = f"{unit.name} is colossal: " if which == CHASSIS else ""
            return f"{who}the {DIAL_NAMES[which]} shows no defense value", "colossal" if who else spec.rule
        if is_aerial(unit) and turn.aerial_shots >= AERIAL_LIMIT:
            return f"{AERIAL_LIMIT} aerial figures already shot at the Scarab this turn", "aerial-limit"
    if spec.dice and stat(unit, "attack") is None:
        return f"{unit.name} shows no attack value now", spec.rule
    return _place_refusal(state, spec, unit)


def _place_refusal(state: Match, spec: Spec, unit: Unit) -> Refusal | None:
    """What the figure's position rules out for this action."""
    here = place(unit)
    if spec.id == "shoot-scarab" and here == TOP:
        return f"{unit.name} is on top of the Scarab: it can't attack the Scarab", "attacking-from-top"
    if spec.id == "shoot-scarab" and here in INSIDE:
        return (f"{unit.name} is {where(unit)}: inside, its target is the Main Power Core (a shot or a grenade), "
                "not the Shell dial or the squares under the bases", "main-power-core")
    if spec.id == "attack-core" and here not in INSIDE:
        return f"{unit.name} is {where(unit)}: only figures on the Scarab Interior map reach the core", spec.rule
    if spec.id == "attack" and not targets_for(unit, (u for u in reinforcements(state) if standing(u))):
        return f"{unit.name} is {where(unit)}: no reinforcement there is a target for it", "attacking-from-top" \
            if here == TOP else "inside"
    if spec.id == "enter":
        return entering_refusal(unit)
    if spec.id == "exit":
        return leaving_refusal(state, unit)
    if spec.id in ("move-off", "jump-off") and here != TOP:
        return f"{unit.name} is {where(unit)}: only a figure on top of the Scarab can get off it", spec.rule
    return None


def _params(state: Match, spec: Spec) -> tuple[Param, ...]:
    standing_ones = [u for u in reinforcements(state) if standing(u)]
    if spec.id == "attack":
        # no default: which reinforcement a figure can shoot depends on where both stand, so the player picks
        return replace(target_param(standing_ones), default=None), *FIELDS["attack"]
    if spec.id in FIELDS:
        return FIELDS[spec.id]
    if spec.id in MOVING:  # a move that may end in an attack
        return move_params(spec.id, standing_ones)
    return ()


def _note(state: Match, turn: _Turn, spec: Spec, defaults: dict[str, bool]) -> str | None:
    note = NOTES.get(spec.id)
    if spec.id == "shoot-scarab" and not (tracks_acted(state) and aerial_marked(state)):
        why = "no figure is marked aerial" if not aerial_marked(state) else "this match doesn't count them"
        note = f"{note} At most {AERIAL_LIMIT} aerial figures a turn: {why}, check it yourself."
    if spec.id in ("move", "enter"):
        extra = [text for option, text in HOUSE_NOTES.items() if option_on(state, option, defaults)]
        note = " ".join([note or "", *extra]).strip() or None
    if spec.id == "end-turn" and turn.left:
        note = f"{counted(turn.left, 'unused action')} will be lost."
    return note


def options(state: Match, defaults: dict[str, bool]) -> list[ActionOption]:
    turn = _turn(state, defaults)
    out = []
    for spec in SPECS:
        note = _note(state, turn, spec, defaults)
        if spec.id == "end-turn":
            out.append(ActionOption(spec.id, spec.title, True, rule=spec.rule, cost=0, note=note))
            continue
        why = _turn_refusal(state, turn, spec)
        if why:
            out.append(disabled(spec.id, spec.title, why, cost=spec.cost, note=note, dice=spec.dice))
            continue
        mine = [u for u in state.units if u.owner == turn.player.id and standing(u)]
        out.append(unit_option(spec.id, spec.title, spec.rule, mine,
                               lambda u, s=spec: _unit_refusal(state, turn, s, u), cost=spec.cost, note=note,
                               params=_params(state, spec), dice=spec.dice))
    return out


@dataclass(frozen=True)
class _Aim:
    shot: Shot
    hurt: Unit  # the unit (or dial) a hit damages


def _aim(state: Match, action: Action, unit: Unit, require: bool,
         extra: tuple[tuple[str, int], ...] = ()) -> _Aim | Refusal | None:
    """The plain attack `action` makes from where `unit` stands in `state`, a refusal for bad params, or None
    when no target is named yet; `extra` adds modifiers (a long move before it)."""
    spec = SPEC_BY_ID[action.name]
    modifier = int_param(action.params, "modifier", -MAX_MODIFIER, MAX_MODIFIER)
    flags = {n: bool_param(action.params, n) for n in ("grenade", "adjacent", "under_base", "close_combat",
                                                        "next_to_base")}
    for value in (modifier, *flags.values()):
        if isinstance(value, tuple):
            return value
    grenade, adjacent = flags["grenade"], flags["adjacent"]
    if grenade and not unit.tokens[GRENADE]:
        return f"{unit.name} has no Grenade token", "grenades"
    if grenade and place(unit) == TOP:
        return f"{unit.name} is on top of the Scarab: it can't use Throw a Grenade", "attacking-from-top"
    if spec.id == "shoot-scarab" and grenade and not flags["under_base"]:
        return "a grenade whose target square isn't under one of the Scarab's bases leaves the Scarab out", "grenades"
    if spec.id == "shoot-scarab" and flags["close_combat"] and not flags["next_to_base"]:
        return f"{unit.name} attacks only adjacent enemies: it must stand next to one of the bases", "close-combat"
    attack, damage = stat(unit, "attack") or 0, stat(unit, "damage") or 0
    mods = (("modifiers", int(modifier)), *extra)
    if spec.id == "shoot-scarab":
        which, dial = _defense_dial(state, unit, grenade)
        if dial is None or stat(dial, "defense") is None:  # a colossal figure's grenade: the Shell dial
            return f"the {DIAL_NAMES[which]} shows no defense value", spec.rule
        verb = "throws a grenade at" if grenade else "shoots"
        return _Aim(Shot(f"{unit.name} {verb} the Scarab ({DIAL_NAMES[which]} defense)", attack,
                         stat(dial, "defense") or 0, damage, mods), dials(state)[SHELL])
    if spec.id == "attack-core":
        core = dials(state)[CORE]
        bonus = (("adjacent to the core", CORE_ADJACENT_BONUS),) if adjacent else ()
        verb = "throws a grenade at" if grenade else "attacks"
        return _Aim(Shot(f"{unit.name} {verb} the Main Power Core", attack, stat(core, "defense") or 0,
                         CORE_DAMAGE, bonus + mods), core)
    standing_ones = [u for u in reinforcements(state) if standing(u)]
    # like a Halo attack, no target given means the first one this figure can shoot from where it stands
    first = next((u.id for u in targets_for(unit, standing_ones)), None)
    target = pick_target(state, {**action.params, "target": action.params.get("target") or first}, standing_ones,
                         spec.rule, require)
    if not isinstance(target, Unit):
        return target
    why = shot_refusal(unit, target)
    if why:
        return why
    defense = stat(target, "defense")
    if defense is None:
        return f"{target.name} shows no defense value now", spec.rule
    verb = "throws a grenade at" if grenade else "attacks"
    return _Aim(Shot(f"{unit.name} {verb} {target.name}", attack, defense, damage, mods), target)


@dataclass(frozen=True)
class _Plan:
    """A legal action taken apart: the move part's events and words (none for a plain attack), and the attack it
    makes (None for a move without one) as the plain attack's action, judged in `after`: the match as the move
    leaves it."""

    unit: Unit
    moves: tuple[Event, ...] = ()
    words: str = ""
    attack: Action | None = None
    after: Match | None = None
    aim: _Aim | None = None


@dataclass(frozen=True)
class _Judged:
    unit: Unit
    aim: _Aim | None  # the attack's aim (None: not an attack, or no target named yet)


def _judge(state: Match, turn: _Turn, action: Action, require: bool, extra: tuple[tuple[str, int], ...] = ()
           ) -> _Judged | Refusal | None:
    """A plain action's checks for its figure: the turn's, the figure's, and for an attack its aim (None: no
    figure named and none required)."""
    spec = SPEC_BY_ID[action.name]
    why = _turn_refusal(state, turn, spec)
    if why or (action.unit is None and not require):
        return why
    unit = _acting_unit(state, action, spec)
    if not isinstance(unit, Unit):
        return unit
    why = _unit_refusal(state, turn, spec, unit)
    if why:
        return why
    aim = _aim(state, action, unit, require, extra) if spec.id in ATTACKS else None
    return aim if isinstance(aim, tuple) else _Judged(unit, aim)


def _plan(state: Match, action: Action, defaults: dict[str, bool], require: bool) -> _Plan | Refusal | None:
    """The action taken apart (None when it needs no figure, or none is named and none required)."""
    spec = SPEC_BY_ID.get(action.name)
    if spec is None:
        return (f"the attacking player has no action {action.name!r}; the actions are "
                f"{', '.join(SPEC_BY_ID)}", "attacker-actions")
    if spec.id == "end-turn":
        return None
    judged = _judge(state, _turn(state, defaults), action, require)
    if not isinstance(judged, _Judged):
        return judged
    unit = judged.unit
    if spec.id in ATTACKS:
        return _Plan(unit, attack=action, after=state, aim=judged.aim)
    why = _move_params_refusal(state, action, unit, option_on(state, FLYER_LIMIT_OPTION, defaults))
    if why:
        return why
    moves, words = _moves(state, action, unit)
    part = attack_part(action)
    if part is None:
        return _Plan(unit, moves, words)
    after = replay(state, list(moves))  # the attack is the plain one, from where the move leaves the figure
    if not standing(after.unit(unit.id)):
        return f"{unit.name} is KO'd by the {JUMP_DAMAGE} damage of jumping off: it can't go on to attack", spec.rule
    attack = _judge(after, _turn(after, defaults), part, True, penalty(action.params))
    if not isinstance(attack, _Judged):
        return attack
    return _Plan(unit, moves, words, part, after, attack.aim)


def _move_params_refusal(state: Match, action: Action, unit: Unit, flyer_limit: bool) -> Refusal | None:
    for name in ("jump_climb", "via_ramp"):
        flag = bool_param(action.params, name)
        if isinstance(flag, tuple):
            return flag
    if action.name == "exit":
        why = ramp_refusal(unit, action.params.get("via_ramp", False))
        if why:
            return why
    why = ends_refusal(action)
    if why:
        return why
    if action.name == "move":
        why = move_refusal(state, unit, action.params.get("to"), flyer_limit)
        if why:
            return why
    return moved_refusal(action, unit) if attack_part(action) is not None else None


def _moves(state: Match, action: Action, unit: Unit) -> tuple[tuple[Event, ...], str]:
    """The move part's events (where it lands, the boarding, a jump's damage) and its words."""
    by, spec = state.active_player.id, SPEC_BY_ID[action.name]
    words = f"{unit.name}: {spec.title[:1].lower()}{spec.title[1:]}"
    to, events = landing(action, unit), []
    if to != place(unit):
        events.append(Event("set_position", {"unit": unit.id, "position": to}, by))
        words += f", now {PHRASES[to]}"
    if to == TOP and place(unit) in OUTSIDE_MAP:
        events += stamp(state, unit, by, BOARDED)
    if spec.id == "jump-off":
        if action.params.get("jump_climb") or is_aerial(unit) or "jump-climb" in tags(unit):
            words += " (Jump/Climb or flight: no damage)"
        else:
            events.append(Event("damage", {"unit": unit.id, "amount": JUMP_DAMAGE}, by))
            words += f", {JUMP_DAMAGE} damage for jumping off"
    return tuple(events), words


def check(state: Match, action: Action, defaults: dict[str, bool], require: bool) -> Refusal | None:
    """Why the action can't be taken now (None when it can); `require` also demands the unit and params."""
    plan = _plan(state, action, defaults, require)
    return plan if isinstance(plan, tuple) else None


def odds(state: Match, action: Action, defaults: dict[str, bool]) -> Odds | None:
    """The chance the action's attack hits: a plain attack's, or the attack a move ends in."""
    spec = SPEC_BY_ID.get(action.name)
    if spec is None or (spec.id not in ATTACKS and attack_part(action) is None):
        return None
    plan = _plan(state, action, defaults, False)
    if isinstance(plan, tuple):
        return Odds(None, plan[0])
    if plan is None:
        return Odds(None, "choose the figure that attacks to see the chance")
    if plan.aim is None:
        return Odds(None, "choose a target to see the chance")
    return Odds(hit_chance(plan.aim.shot), chance_text(plan.aim.shot))


def _acting_unit(state: Match, action: Action, spec: Spec) -> Unit | Refusal:
    if action.unit is None:
        return "choose which figure takes the action", spec.rule
    try:
        return state.unit(action.unit)
    except KeyError:
        return f"there is no unit {action.unit!r} in this match", spec.rule


def resolve(state: Match, action: Action, rng: random.Random, defaults: dict[str, bool]) -> Resolution:
    """Apply a legal attacker action (the caller checked it with `check(..., require=True)`): the action token, the
    move part's events, then the attack's roll and its effects."""
    by = state.active_player.id
    spec = SPEC_BY_ID[action.name]
    if spec.id == "end-turn":
        return Resolution((Event("end_turn", {}, by),), f"{state.active_player.name}'s turn ends", (spec.rule,))
    plan = _plan(state, action, defaults, True)
    assert isinstance(plan, _Plan)  # checked by the caller
    events = [Event("token", {"unit": plan.unit.id, "kind": "action", "delta": 1}, by), *plan.moves]
    notes = tuple(n for n in (NOTES.get(spec.id),) if n)
    if plan.aim is None or plan.attack is None or plan.after is None:
        return Resolution(tuple(events), plan.words, (spec.rule,), notes)
    shot = _shoot(plan.after, plan.attack, plan.aim, rng)
    rules = tuple(dict.fromkeys((spec.rule, SPEC_BY_ID[plan.attack.name].rule)))
    summary = f"{plan.words}; {shot.summary}" if plan.words else shot.summary
    return Resolution((*events, *shot.events), summary, rules, (*shot.details, *notes), shot.success)


def _shoot(state: Match, action: Action, aim: _Aim, rng: random.Random) -> Resolution:
    """The plain attack's roll and effects (after its action token), judged in `state`."""
    by, unit = state.active_player.id, state.unit(action.unit or "")
    result = fire(aim.shot, rng)
    events = [Event("roll", result.roll.event_data(aim.shot.label), by)]
    if action.params.get("grenade"):
        events.append(Event("token", {"unit": unit.id, "kind": "grenade", "delta": -1}, by))
    if result.hit and aim.shot.damage > 0:
        events.append(Event("damage", {"unit": aim.hurt.id, "amount": aim.shot.damage}, by))
    if action.name == "shoot-scarab":
        events += stamp(state, unit, by)
    effect = f"hit: {aim.shot.damage} damage to {aim.hurt.name}" if result.hit else "miss"
    return Resolution(tuple(events), f"{aim.shot.label}: {result.roll.describe()}, {effect}",
                      (SPEC_BY_ID[action.name].rule,), (result.why(),), result.hit)
