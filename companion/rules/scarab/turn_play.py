"""Checking, odds and resolution for the Scarab player's turn (the sequence itself is in scarab_turn)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from companion.core.dice.roll import roll
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, Odds, Resolution
from companion.rules.halo.tokens import GRENADE
from companion.rules.scarab.attacks import Shot, chance_text, fire, hit_chance
from companion.rules.scarab.move_attack import moved_refusal, penalty
from companion.rules.scarab.positions import (
    GROUND,
    INTERIOR,
    OUTSIDE_MAP,
    RAMP,
    TOP,
    leaving_refusal,
    place,
    ramp_refusal,
    shot_refusal,
    where,
)
from companion.rules.scarab.state import (
    EVENT,
    MAX_MODIFIER,
    SCARAB_PLAYER,
    Refusal,
    bool_param,
    dial_id,
    dials,
    int_param,
    pick_target,
    stamp,
    standing,
    stat,
)
from companion.rules.scarab.turn import (
    BANDS,
    EVENT_ROLL,
    EXTRA,
    GUNS,
    INTERIOR_ACTIONS,
    LEVEL_COUNTER,
    LEVEL_WORDS,
    LEVELS,
    NOTES,
    STEP_BY_ID,
    STEPS,
    attackers,
    band_move,
    end_turn_option,
    gun_refusal,
    gun_target_refusal,
    gun_targets,
    heroclix_interior_actions,
    heroclix_zero,
    hold_fire_option,
    interior_option,
    interior_unit_refusal,
    interior_used,
    next_phase,
    open_steps,
    order_refusal,
    reinforcement_refusal,
    rolled_move,
    turn_level,
    woken_refusal,
)

DISPLACED_PREFIX = "displaced-"


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


def _gun_aim(state: Match, action: Action, require: bool) -> Aim | Refusal | None:
    step = STEP_BY_ID[action.name]
    why = gun_target_refusal(state, step.id, action.params.get("target"))
    if why:
        return why
    target = pick_target(state, action.params, gun_targets(state, step.id), step.rule, require)
    if not isinstance(target, Unit):
        return target
    gun = "Main gun" if step.id == "main-gun" else "Aerial defense turret"
    return _aim(f"{gun} at {target.name}", dials(state)[step.dial or ""], target, step.rule)


def _unit(state: Match, action: Action, rule: str, require: bool) -> Unit | Refusal | None:
    if action.unit is None:
        return ("choose which reinforcement acts", rule) if require else None
    try:
        return state.unit(action.unit)
    except KeyError:
        return f"there is no unit {action.unit!r} in this match", rule


def _reinforcement_aim(state: Match, action: Action, require: bool, interior: bool) -> Aim | Refusal | None:
    rule = "interior-defence" if interior else "reinforcements"
    unit = _unit(state, action, rule, require)
    if not isinstance(unit, Unit):
        return unit
    why = (interior_unit_refusal if interior else reinforcement_refusal)(state, unit)
    if why:
        return why
    if interior and action.params.get("to") == TOP:  # exiting ends its move on top, and it may still shoot from there
        unit = replace(unit, position=TOP)
    target = pick_target(state, action.params, attackers(state), rule, require and not interior)
    if not isinstance(target, Unit):
        return target
    why = shot_refusal(unit, target)
    if why:
        return why
    modifier = int_param(action.params, "modifier", -MAX_MODIFIER, MAX_MODIFIER)  # like the attacker's attacks
    if isinstance(modifier, tuple):
        return modifier
    grenade = bool_param(action.params, "grenade")  # Throw a Grenade (seed 001 ¶8), as the attacker's figures may
    if isinstance(grenade, tuple):
        return grenade
    if grenade and not unit.tokens[GRENADE]:
        return f"{unit.name} has no Grenade token", "grenades"
    if grenade and place(unit) == TOP:
        return f"{unit.name} is on top of the Scarab: it can't use Throw a Grenade", "attacking-from-top"
    # an interior defender's action is a move that may end in an attack, as the attacker's are (move_attack):
    # the squares moved within its speed, -3 attack after more than 4
    why = moved_refusal(action, unit) if interior else None
    if why:
        return why[0], rule
    extra = penalty(action.params) if interior else ()
    verb = "throws a grenade at" if grenade else "attacks"
    return _aim(f"{unit.name} {verb} {target.name}", unit, target, rule, modifier, extra)


def _displaced(state: Match, params: dict[str, Any]) -> list[Unit] | Refusal:
    ids = params.get("units", [])
    if not isinstance(ids, list):
        return "units must be a list of unit ids", "displaced-units"
    if params.get("displaced_to") not in (None, "", *OUTSIDE_MAP):
        return (f"displaced_to must be {' or '.join(OUTSIDE_MAP)} (next to the base, on the map or beneath the "
                f"Scarab), not {params.get('displaced_to')!r}", "displaced-units")
    ids = ids + [k.removeprefix(DISPLACED_PREFIX) for k, v in params.items() if k.startswith(DISPLACED_PREFIX) and v]
    out: list[Unit] = []
    for uid in dict.fromkeys(str(i) for i in ids):
        try:
            unit = state.unit(uid)
        except KeyError:
            return f"there is no unit {uid!r} in this match", "displaced-units"
        if dial_id(unit) is not None:
            return "the Scarab can't displace itself", "displaced-units"
        if not standing(unit):
            return f"{unit.name} is not on the table", "displaced-units"
        if place(unit) not in OUTSIDE_MAP:
            return f"{unit.name} is {where(unit)}: the Scarab's bases can't cover it", "displaced-units"
        out.append(unit)
    return out


def _interior_refusal(state: Match, params: dict[str, Any], unit_id: str | None) -> Refusal | None:
    """Why the interior defenders can't take an action now with these params (None when they can)."""
    level = params.get("level", "normal")
    allowed = {**INTERIOR_ACTIONS, "heroclix": heroclix_interior_actions(state)}
    if level not in allowed:
        return f"level must be one of {', '.join(allowed)}, not {level!r}", "interior-defence"
    why = woken_refusal(state, str(level))
    if why:
        return why
    if level == "heroclix" and not allowed[level]:
        return heroclix_zero(state), "interior-defence"
    first = turn_level(state)
    if first is not None and level != first:
        return (f"this turn's interior actions are made at {LEVEL_WORDS[first]}: the Scarab has one power level, so "
                "every interior action of the turn uses that count", "interior-defence")
    if interior_used(state) >= allowed[level]:
        return f"all {allowed[level]} interior actions of this turn are used", "interior-defence"
    to = params.get("to") or ""
    if to not in ("", RAMP, INTERIOR, TOP):
        return f"to must be the Ramp, the interior or top (exit), not {to!r}", "interior-defence"
    if to == TOP and unit_id is not None and unit_id in {u.id for u in state.units}:
        unit = state.unit(unit_id)
        return leaving_refusal(state, unit) or ramp_refusal(unit, params.get("via_ramp", False))
    return None


def check(state: Match, action: Action, require: bool) -> Refusal | None:
    """Why the action can't be taken now (None when it can); `require` also demands every param it needs."""
    name = action.name
    step = STEP_BY_ID.get(name)
    if step is not None:
        named = gun_target_refusal(state, name, action.params.get("target")) if name in GUNS else None
        why = order_refusal(state, step) or (gun_refusal(state, step, named) if name in GUNS else None)
        if why or name not in (*GUNS, "reinforcements", "displaced"):
            return why
        if name == "displaced":
            found = _displaced(state, action.params)
            return found if isinstance(found, tuple) else None
        aim = _gun_aim(state, action, require) if name in GUNS else _reinforcement_aim(state, action, require, False)
        return aim if isinstance(aim, tuple) else None
    if name in EXTRA:
        option = {"hold-fire": hold_fire_option, "interior-action": interior_option,
                  "end-turn": end_turn_option}[name](state)
        if not option.enabled and not option.refused:
            return option.reason or "", option.rule or "turn-sequence"
    if name == "hold-fire":
        gun = action.params.get("gun", next(g for g in GUNS if g in open_steps(state)))
        if gun not in GUNS:
            return f"gun must be one of {', '.join(GUNS)}, not {gun!r}", "turn-sequence"
        return order_refusal(state, STEP_BY_ID[str(gun)])
    if name == "interior-action":
        why = _interior_refusal(state, action.params, action.unit)
        if why:
            return why
        aim = _reinforcement_aim(state, action, require, True)
        return aim if isinstance(aim, tuple) else None
    if name == "end-turn":
        return None
    known = ", ".join([s.id for s in STEPS] + list(EXTRA))
    return f"the Scarab's turn has no action {name!r}; its actions are {known}", "turn-sequence"


def odds(state: Match, action: Action) -> Odds | None:
    if action.name == "roll-event":
        event_dial = dials(state).get(EVENT)
        moves = {label: band_move(event_dial, label) for _, _, label in BANDS} if event_dial else {}
        if moves and all(moves.values()):  # typed with its band moves: each band's move is known
            return Odds(None, "d6 against the Event dial: " + ", ".join(
                f"{label} {moves[label]}: {(high - low + 1)}/6" for low, high, label in BANDS))
        return Odds(None, "d6 against the Event dial: " + ", ".join(
            f"{label}: {(high - low + 1)}/6" for low, high, label in BANDS) + " (read each band from your Event dial)")
    if action.name not in (*GUNS, "reinforcements", "interior-action"):
        return None
    why = check(state, action, False)
    if why:
        return Odds(None, why[0])
    aim = (_gun_aim(state, action, False) if action.name in GUNS
           else _reinforcement_aim(state, action, False, action.name == "interior-action"))
    if isinstance(aim, Aim):
        return Odds(hit_chance(aim.shot), chance_text(aim.shot))
    return Odds(None, "choose who attacks and a target to see the chance")


def resolve(state: Match, action: Action, rng: random.Random) -> Resolution:
    """Apply a legal action of the Scarab's turn (the caller checked it with `check(..., require=True)`)."""
    by = SCARAB_PLAYER
    name = action.name
    step = STEP_BY_ID.get(name)
    advance = [Event("set_phase", {"phase": next_phase(state, name)}, by)] if step else []
    if name == "roll-event":
        return _roll_event(state, rng, advance)
    if name in GUNS or name in ("reinforcements", "interior-action"):
        return _attack(state, action, rng, advance)
    if name == "displaced":
        hurt = _displaced(state, action.params)
        assert isinstance(hurt, list)
        events = [Event("damage", {"unit": u.id, "amount": 1}, by) for u in hurt]
        to = str(action.params.get("displaced_to") or GROUND)  # checked: GROUND or BENEATH
        events += [Event("set_position", {"unit": u.id, "position": to}, by) for u in hurt if place(u) != to]
        events += advance
        names = ", ".join(u.name for u in hurt)
        return Resolution(tuple(events), f"Displaced, 1 damage each: {names}" if hurt else "No unit was displaced",
                          ("displaced-units",))
    if name == "turn-event":
        event_dial = dials(state).get(EVENT)
        turn = [Event("rotate", {"unit": event_dial.id, "steps": 1}, by)] if event_dial else []
        details = () if event_dial else ("The Event dial isn't entered in the app: turn yours by hand.",)
        return Resolution(tuple(turn + advance), "The Event dial turns one click clockwise", ("special-attacks",),
                          details)
    if name == "hold-fire":
        gun = str(action.params.get("gun", next(g for g in GUNS if g in open_steps(state))))
        dial = dials(state).get(STEP_BY_ID[gun].dial or "")
        events = (stamp(state, dial, by) if dial else []) + [Event("set_phase", {"phase": next_phase(state, gun)}, by)]
        return Resolution(tuple(events), f"{STEP_BY_ID[gun].title}: holds fire this turn", ("turn-sequence",))
    if name == "end-turn":
        return Resolution((Event("end_turn", {}, by),), "The Scarab's turn ends", ("turn-sequence",))
    assert step is not None
    shown = dials(state).get(step.dial or "")
    details = (f"{shown.name} shows: {', '.join(shown.current.markers) or 'no markers'}",) if shown else ()
    summary = f"{step.title}: done"
    rolled = rolled_move(state) if name == "move" else None
    if rolled:
        summary = f"{rolled[1].capitalize()} the Scarab (band {rolled[0]} of this turn's roll): done"
    if shown is not None and name in ("event-specials", "shell-specials"):
        found = specials(shown)
        summary = (f"{step.title}: {', '.join(found)}; resolve each as the dial's card says" if found else
                   f"{step.title}: none showing")
    return Resolution(tuple(advance), summary, (step.rule,), details + tuple(n for n in (NOTES.get(name),) if n))


def _level_events(state: Match, level: str, by: str) -> list[Event]:
    """Record the count the turn's interior actions are made at (when the match keeps it)."""
    if LEVEL_COUNTER not in state.rules.counters.get("match", ()):
        return []
    delta = LEVELS.index(level) + 1 - state.counters.get(LEVEL_COUNTER, 0)
    return [Event("counter", {"scope": "match", "name": LEVEL_COUNTER, "delta": delta}, by)] if delta else []


def _roll_event(state: Match, rng: random.Random, advance: list[Event]) -> Resolution:
    result = roll("d6", rng)
    label = next(label for low, high, label in BANDS if low <= result.total <= high)
    events = [Event("roll", result.event_data(EVENT_ROLL), SCARAB_PLAYER), *advance]
    event_dial = dials(state).get(EVENT)
    details = (f"{event_dial.name} shows: {', '.join(event_dial.current.markers) or 'no markers'}",) if event_dial \
        else ()
    move = band_move(event_dial, label) if event_dial else None
    if move:  # the dial was typed the pack's way ("3-4:rotate"): its band's icon is known
        return Resolution(tuple(events), f"Rolled {result.total} on d6: band {label}, {move}. {move.capitalize()} "
                          "the Scarab as the Event dial's icon for that band shows", ("move-scarab",), details)
    return Resolution(tuple(events), f"Rolled {result.total} on d6: band {label}. Shift or rotate the Scarab as that "
                      "band's icon shows (read from your Event dial)", ("move-scarab",), details)


def specials(dial: Unit) -> tuple[str, ...]:
    """The special attacks a dial's current click shows: its markers less the Event dial's band moves ("1-2:shift",
    a bare "shift"/"rotate") and the KO mark; a "special:" prefix is dropped."""
    bands = {label for _, _, label in BANDS}
    return tuple(m.removeprefix("special:") for m in dial.current.markers
                 if m not in ("shift", "rotate", "ko") and m.split(":", 1)[0] not in bands)


def _attack(state: Match, action: Action, rng: random.Random, advance: list[Event]) -> Resolution:
    by = SCARAB_PLAYER
    interior = action.name == "interior-action"
    aim = (_gun_aim(state, action, True) if action.name in GUNS
           else _reinforcement_aim(state, action, True, interior))
    events: list[Event] = []
    rule = STEP_BY_ID[action.name].rule if action.name in STEP_BY_ID else "interior-defence"
    if interior and action.unit:
        events.append(Event("token", {"unit": action.unit, "kind": "action", "delta": 1}, by))
        events += _level_events(state, str(action.params.get("level") or "normal"), by)
        to = action.params.get("to") or place(state.unit(action.unit))
        if to != place(state.unit(action.unit)):
            events.append(Event("set_position", {"unit": action.unit, "position": to}, by))
    if not isinstance(aim, Aim):  # an interior action without an attack (a move ...)
        return Resolution(tuple(events), f"{state.unit(action.unit or '').name} takes an interior action",
                          (rule,), (NOTES["interior-action"],))
    result = fire(aim.shot, rng)
    events.append(Event("roll", result.roll.event_data(aim.shot.label), by))
    if action.params.get("grenade") is True:
        events.append(Event("token", {"unit": aim.source.id, "kind": GRENADE, "delta": -1}, by))
    if result.hit and aim.shot.damage > 0:
        events.append(Event("damage", {"unit": aim.target.id, "amount": aim.shot.damage}, by))
    if not interior:
        events += stamp(state, aim.source, by)
    effect = f"hit: {aim.shot.damage} damage to {aim.target.name}" if result.hit else "miss"
    details = (result.why(),) + ((NOTES["turret"],) if action.name == "turret" else ())
    return Resolution(tuple(events + advance), f"{aim.shot.label}: {result.roll.describe()}, {effect}", (rule,),
                      details, result.hit)

