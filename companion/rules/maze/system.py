"""The Killer of the Maze (seed 002): the Imperial Action phase's legal actions, their odds and resolution.

The turn: the imperial player's turn holds the Movement then the Activity sub-phase (the match's phases); ending
it passes the turn to the Tyranid player in the Tyranid Action phase (its rules are not in the source), whose end
of turn brings the next Movement sub-phase. Each phase ends with the core's end of turn, so one game turn (the
seed's "turn": the Imperial then the Tyranid Action phase) is two of the match's turns: game turn g is the match's
turns 2g - 1 (imperial) and 2g (Tyranid), and the header, the vents' two game turns and the Beacon's "each turn"
count game turns. The pack sets `action_tokens_carry = false`, so every model has two
fresh action tokens each Imperial Action phase; Break Down Door takes two. Keywords, shots, magazines, equipment
and the Advance limits are read from click markers and unit counters: see killer_of_the_maze_items.
The match knows no tiles, doors or sight lines: what depends on them comes back as a note.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Player, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionOption, Odds, Refusal, Resolution, Verdict
from companion.rules.base import System
from companion.rules.maze import forms, gear, parties, scavenge
from companion.rules.maze import turn as duties
from companion.rules.maze.carry import RULE as CARRY_RULE
from companion.rules.maze.carry import carry_refusal, change_refusal
from companion.rules.maze.fire import STUBBER_HITS_FOR_REROLLS, fire, fire_setup, odds_line, stubber_hits
from companion.rules.maze.forms import NOTES
from companion.rules.maze.items import (
    ADVANCED,
    FRAG_GRENADE,
    MOVED,
    SYSTEM_ID,
    carried,
    catalogue,
    keywords,
    param_choice,
    set_counter,
    shots_counter,
    shots_left,
    this_phase,
    token_event,
)
from companion.rules.maze.turn import game_turn
from companion.rules.refusals import UnitRefusal, refusal_summary

ACTIONS_PER_MODEL = 2
MOVEMENT, ACTIVITY, TYRANID = "Imperial Action: Movement", "Imperial Action: Activity", "Tyranid Action"
SUBPHASE = {MOVEMENT: "movement", ACTIVITY: "activity", TYRANID: "tyranid"}



@dataclass(frozen=True)
class _Spec:
    id: str
    title: str
    rule: str
    cost: int  # of the model's two actions
    phase: str  # "movement", "activity", "imperial" (either sub-phase) or "tyranid"
    for_unit: bool = True
    dice: str | None = None


SPECS = (
    _Spec("beacon-roll", "Beacon roll (beginning of the turn)", "beacon", 0, "movement", dice="1d6"),
    _Spec("move", "Move", "move", 1, "movement"),
    _Spec("advance", "Advance", "advance", 1, "movement"),
    _Spec("start-activity", "Go on to the Activity sub-phase", "imperial-action-phase", 0, "movement", False),
    _Spec("fire", "Fire", "fire", 1, "activity", dice="d6 per shot"),
    _Spec("break-down-door", "Break Down Door", "break-down-door", 2, "activity"),
    _Spec("light-vent", "Light Vent", "light-vent", 1, "activity", dice="1d6"),
    _Spec("use-equipment", "Use Equipment", "use-equipment", 1, "activity"),
    _Spec("reload", "Reload", "reload", 1, "activity"),
    _Spec("scavenge", "Scavenge", "scavenge", 1, "activity", dice="d66"),
    _Spec("scavenge-read", "Scavenge: read the roll", "servo-skull", 0, "activity"),
    _Spec("pick-up-transfer", "Pick Up / Transfer Item", "pick-up-transfer", 1, "activity"),
    _Spec("lost", "The team splits: Lost parties", "lost", 0, "imperial", False),
    _Spec("sacrificial-blade", "Sacrificial Blade (automatic)", "sacrificial-blade", 0, "imperial", dice="1d6"),
    _Spec("end-imperial-phase", "End the Imperial Action phase", "imperial-action-phase", 0, "imperial", False),
    _Spec("end-turn", "End the Tyranid Action phase", "removing-tiles", 0, "tyranid", False),
)
SPEC_BY_ID = {s.id: s for s in SPECS}

@dataclass(frozen=True)
class _Now:
    state: Match
    player: Player
    models: tuple[Unit, ...]  # the active player's models on the board
    sub: str  # movement, activity, tyranid, or "" (a phase this game doesn't know)


def _now(state: Match) -> _Now:
    player = state.active_player
    models = tuple(u for u in state.units if u.owner == player.id and u.location == "table" and not u.eliminated)
    return _Now(state, player, models, SUBPHASE.get(state.phase, ""))


def _phase_refusal(now: _Now, spec: _Spec) -> Refusal | None:
    if now.state.status == "finished":
        return "the match is over", "imperial-action-phase"
    if spec.phase == now.sub or (spec.phase == "imperial" and now.sub in ("movement", "activity")):
        if spec.id == "lost" and len(now.models) < 2:
            return "a team of fewer than two models on the board can't split into parties", "lost"
        return _duty_refusal(now, spec)
    if now.sub == "tyranid":
        return "it is the Tyranid Action phase; the imperial team acts in its own phase", "imperial-action-phase"
    if spec.phase == "tyranid":
        return "the Tyranid Action phase comes after the Imperial Action phase", "imperial-action-phase"
    if spec.phase == "movement" and now.sub == "activity":
        return ("the Movement sub-phase is over: the Activity sub-phase comes after it", "imperial-action-phase")
    if spec.phase == "activity" and now.sub == "movement":
        return ("this belongs to the Activity sub-phase: go on to it once every model that wished to move has "
                "moved", "imperial-action-phase")
    return f"the match is in a phase this game doesn't have ({now.state.phase!r})", "imperial-action-phase"


def _duty_refusal(now: _Now, spec: _Spec) -> Refusal | None:
    """What the turn owes before the team goes on: the Beacon roll first; the forced Blade and an unread Scavenge
    (a Servo Skull's extra die) before the phase ends."""
    if spec.id in ("start-activity", "end-imperial-phase"):
        ending = spec.id == "end-imperial-phase"
        return duties.beacon_refusal(now.state, now.player.id, now.sub == "movement") or (
            duties.blade_refusal(now.state, now.player.id) if ending else None) or (
            scavenge.unread_refusal(now.state, now.player.id) if ending else None)
    return None


def _owed_refusal(now: _Now, spec: _Spec, unit: Unit) -> Refusal | None:
    """The Beacon roll and the forced Blade: open only to a model that owes them now."""
    movement = now.sub == "movement"
    if spec.id == "beacon-roll" and unit.id not in {u.id for u in duties.beacon_bearers(now.state, unit.owner,
                                                                                        movement)}:
        return (f"{unit.name} owes no Beacon roll: it carries no Beacon, has rolled this turn, or the turn's "
                "first action has been given", "beacon")
    if spec.id == "scavenge-read" and not scavenge.readings(unit):
        return (f"{unit.name} has no Scavenge roll to read: the extra die comes with a Scavenge after its Servo "
                "Skull's Algorithmic Area Analysis", "servo-skull")
    if spec.cost:  # a Scavenge isn't resolved until its dice are read: that comes before any model's next action
        waiting = scavenge.unread_refusal(now.state, unit.owner)
        if waiting:
            return waiting
    if spec.id == "sacrificial-blade" and unit.id not in {u.id for u in duties.blade_owed(now.state, unit.owner)}:
        return (f"{unit.name} isn't bound to use the Sacrificial Blade now: that comes once three-quarters of its "
                "morale is lost, once each Action phase", "sacrificial-blade")
    if spec.cost:
        return duties.beacon_refusal(now.state, unit.owner, movement) or duties.order_refusal(
            now.state, unit, now.sub == "activity")
    return None


def _unit_refusal(now: _Now, spec: _Spec, unit: Unit) -> Refusal | None:
    name, turn = unit.name, now.state.turn
    if unit.owner != now.player.id:
        return f"{name} is not {now.player.name}'s model", "imperial-action-phase"
    if unit.location != "table" or unit.eliminated:
        return f"{name} is not on the board", "imperial-action-phase"
    owed = _owed_refusal(now, spec, unit)
    if owed:
        return owed
    used = unit.tokens.action
    if spec.cost and used + spec.cost > ACTIONS_PER_MODEL:
        if used >= ACTIONS_PER_MODEL:
            return f"{name} has used both its actions this phase (two per model)", "imperial-action-phase"
        return (f"Break Down Door counts as two actions and {name} has already used {used}", "break-down-door")
    advanced = this_phase(unit, ADVANCED, turn)
    if spec.id in ("move", "fire", "light-vent") and advanced:
        return f"{name} advanced this phase: no Move, Fire or Light Vent after an Advance", "advance"
    if spec.id == "advance":
        if used:
            return f"Advance must be {name}'s first action this phase (and only once)", "advance"
        if carried(unit, "beacon"):
            return f"{name} carries the Beacon, whose bearer can't Advance", "beacon"
    if spec.id == "fire" and not _loaded(unit) and not carried(unit, FRAG_GRENADE):
        return f"every weapon {name} may carry is out of shots and it has no Frag Grenade: Reload first", "reload"
    if spec.id == "light-vent" and not _loaded(unit, gear.VENT_WEAPONS):
        return f"no Flamer or Heavy Flamer {name} may carry has shots left: Reload first", "reload"
    if spec.id == "break-down-door" and "terminator" not in keywords(unit):
        return f"only a Terminator can Break Down Door, and {name} is not one", "break-down-door"
    if spec.id == "use-equipment" and not any(carried(unit, g) for g in gear.usable_gear()):
        return f"{name} carries no equipment that is used with an action", "use-equipment"
    if spec.id == "reload" and not any(carried(unit, a) for a in catalogue().ammo):
        return f"{name} carries no ammunition", "reload"
    return None


def _loaded(unit: Unit, among: tuple[str, ...] | None = None) -> tuple[str, ...]:
    """The weapons (of `among`, default all that take shots) the model may carry that still have shots."""
    cat = catalogue()
    ids = among if among is not None else tuple(w for w, weapon in cat.weapons.items() if weapon.recharge)
    return tuple(w for w in ids if carry_refusal(unit, w) is None and shots_left(unit, cat.weapons[w]) > 0)


def _note(now: _Now, spec: _Spec) -> str | None:
    """The action's reminder; Fire's also says when the team has earned the Heavy Stubber's rerolls (the box for
    them is folded away, and a player who forgets it loses them)."""
    note = NOTES.get(spec.id)
    made = stubber_hits(now.state, now.player.id) if spec.id == "fire" else None
    if made is not None and made >= STUBBER_HITS_FOR_REROLLS:
        note = (f"{note} Hit rolls of 1 may be rerolled this phase: a Heavy Stubber has made {made} hits "
                "(More options).")
    return note


def _option(now: _Now, spec: _Spec) -> ActionOption:
    common: dict[str, Any] = {"cost": spec.cost, "note": _note(now, spec), "dice": spec.dice,
                              "params": forms.params(spec.id, now.models)}
    refusal = _phase_refusal(now, spec)
    if refusal:
        return ActionOption(spec.id, spec.title, False, reason=refusal[0], rule=refusal[1], **common)
    if not spec.for_unit:
        return ActionOption(spec.id, spec.title, True, rule=spec.rule, **common)
    refused = {u.id: why for u in now.models if (why := _unit_refusal(now, spec, u))}
    allowed = tuple(u.id for u in now.models if u.id not in refused)
    reasons = {uid: r for uid, (r, _) in refused.items()}
    if allowed:
        return ActionOption(spec.id, spec.title, True, allowed, rule=spec.rule, refused=reasons, **common)
    if not now.models:
        return ActionOption(spec.id, spec.title, False, reason="you have no models on the board", rule=spec.rule,
                            **common)
    # every model's own reason (the same words once), none cut off: the maze's checks have no order of closeness
    reason, rule, reasons, shown = refusal_summary({uid: UnitRefusal(*why) for uid, why in refused.items()})
    rules = {rule for _, rule in refused.values()}
    return ActionOption(spec.id, spec.title, False, reason=reason, rule=rule if len(rules) == 1 else spec.rule,
                        refused=reasons, shown=shown, **common)


# --- params that need the state ----------------------------------------------------------------------------------


def _reload_weapon(unit: Unit, params: Mapping[str, Any]) -> tuple[str, str]:
    cat = catalogue()
    reloadable = tuple(w.id for w in cat.weapons.values() if w.recharge)
    weapon = cat.weapons[param_choice(params, "weapon", reloadable, reloadable[0], "reload")]
    assert weapon.ammo is not None  # every weapon with a recharge has its ammunition in the pack
    refusal = carry_refusal(unit, weapon.id)
    if refusal:
        raise IllegalAction(refusal, CARRY_RULE)
    if not carried(unit, weapon.ammo):
        raise IllegalAction(f"{unit.name} carries no {cat.name(weapon.ammo)} for the {weapon.name}", "reload")
    return weapon.id, weapon.ammo


def _check_params(state: Match, unit: Unit, spec: _Spec, params: Mapping[str, Any]) -> None:
    checks = {"fire": lambda: fire_setup(state, unit, params), "reload": lambda: _reload_weapon(unit, params),
              "light-vent": lambda: gear.vent_weapon(unit, params),
              "use-equipment": lambda: gear.gear_choice(unit, params),
              "sacrificial-blade": lambda: gear.gear_choice(unit, _blade(params)),
              "scavenge": lambda: scavenge.scavenge_times(params),
              "scavenge-read": lambda: scavenge.reading_choice(unit, params),
              "beacon-roll": lambda: parties.party_of(state, params, unit, "beacon")}
    if spec.id in checks:
        checks[spec.id]()


class KillerOfTheMaze(System):
    id = SYSTEM_ID
    name = "The Killer of the Maze"
    keeps_score = False  # its source scores no points (the pack's victory.toml)
    # the helper gives the first player the Imperial Action phase: the new-match screen says so, as the Scarab's does
    seats = "Player 1 plays the imperial team; player 2 the Tyranid player (the Blind Horror)."

    def game_turn(self, turn: int) -> int:
        """The seed's game turn: the Imperial Action phase (the match's odd turns) and the Tyranid Action phase
        after it (the even ones)."""
        return game_turn(turn)

    def check_change(self, before: Match, after: Match) -> Refusal | None:
        """What the game forbids in any change of the match: carry restrictions (see rules.refuse_change)."""
        why = change_refusal(before, after)
        return (why, CARRY_RULE) if why else None

    def legal_actions(self, state: Match) -> list[ActionOption]:
        now = _now(state)
        return [_option(now, spec) for spec in SPECS]

    # explain is the base's template; these hooks are the maze's checks
    specs = SPEC_BY_ID
    unit_noun = "model"

    def _query(self, state: Match) -> _Now:
        return _now(state)

    def _turn_refusal(self, state: Match, now: _Now, spec: _Spec) -> Refusal | None:
        return _phase_refusal(now, spec)

    def _for_unit(self, spec: _Spec) -> bool:
        return spec.for_unit

    def _option(self, state: Match, now: _Now, spec: _Spec) -> ActionOption:
        return _option(now, spec)

    def _unit_refusal(self, state: Match, now: _Now, spec: _Spec, unit: Unit) -> Refusal | None:
        return _unit_refusal(now, spec, unit)

    def _param_refusal(self, state: Match, now: _Now, spec: _Spec, action: Action,
                       unit: Unit | None) -> Refusal | None:
        try:  # the params as given (defaults for those left out): what resolve will use
            if unit is not None:
                _check_params(state, unit, spec, action.params)
            elif spec.id == "lost":
                parties.split(state, action.params)
        except IllegalAction as exc:
            return f"{spec.title}: {exc}", exc.rule
        return None

    def _legal_verdict(self, state: Match, now: _Now, spec: _Spec, unit: Unit) -> Verdict:
        left = ACTIONS_PER_MODEL - unit.tokens.action - spec.cost
        tail = f"; {left} of its {ACTIONS_PER_MODEL} actions left after it" if spec.cost else " (not an action)"
        return Verdict(True, f"{unit.name} can {spec.title.lower()}{tail}", spec.rule)

    def odds(self, state: Match, action: Action) -> Odds | None:
        unit = _checked(self, state, action)
        if action.name == "lost":
            return parties.odds(state, action.params)
        if unit is None:
            return None
        if action.name == "fire":
            chance, text = odds_line(fire_setup(state, unit, action.params))
            return Odds(chance, text)
        if action.name == "light-vent":
            return gear.vent_odds(unit, action.params)
        if action.name == "use-equipment":
            return gear.equipment_odds(unit, action.params)
        if action.name == "scavenge":
            return scavenge.scavenge_odds(unit, action.params)
        if action.name == "sacrificial-blade":
            return gear.equipment_odds(unit, _blade(action.params))
        if action.name == "beacon-roll":
            return duties.beacon_odds(state, unit, action.params)
        return None

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        unit = _checked(self, state, action)
        spec = SPEC_BY_ID[action.name]
        if spec.id == "lost":
            return _tracked(state, parties.resolve(state, action.params, rng))
        if unit is None:
            return _phase_step(state, spec)
        resolution = _resolve(state, unit, spec, action.params, rng)
        if spec.cost:  # it is this model's turn to act now: the models before it are done for this sub-phase
            order = duties.order_events(state, unit, _now(state).sub == "activity")
            resolution = Resolution((*resolution.events, *order), resolution.summary, resolution.rules,
                                    resolution.details)
        return _tracked(state, resolution)


def _resolve(state: Match, unit: Unit, spec: _Spec, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    by, turn = unit.owner, state.turn
    if spec.id in ("move", "advance"):
        events = [token_event(unit, 1), *set_counter(unit, MOVED, turn, by)]
        if spec.id == "advance":
            events += set_counter(unit, ADVANCED, turn, by)
        tiles = 3 if spec.id == "advance" else 1
        return _done(events, f"{unit.name} {spec.id}s {tiles} tile{'s' if tiles > 1 else ''}", spec,
                     (NOTES[spec.id], "Place new tiles as it moves (Sight Distance, Access Corridors)."))
    if spec.id == "break-down-door":
        return _done([token_event(unit, 2)], f"{unit.name} breaks down the Locked Door (two actions)", spec,
                     ("Remove the Locked Door from its tile.",))
    if spec.id == "reload":
        weapon_id, ammo = _reload_weapon(unit, params)
        weapon = catalogue().weapons[weapon_id]
        full = weapon.full
        events = [token_event(unit, 1), *set_counter(unit, ammo, carried(unit, ammo) - 1, by),
                  *set_counter(unit, shots_counter(weapon), full, by, implicit=True)]
        lost = shots_left(unit, weapon)
        return _done(events, f"{unit.name} reloads its {weapon.name}: {full} shots", spec,
                     (f"One {catalogue().name(ammo)} used; the {counted(lost, 'shot')} left before "
                      f"{'is' if lost == 1 else 'are'} lost, not added.",))
    if spec.id == "pick-up-transfer":
        return _done([token_event(unit, 1)], f"{unit.name} picks up or hands over items", spec,
                     (NOTES["pick-up-transfer"],))
    resolver = {"fire": lambda: fire(state, unit, params, rng),
                "light-vent": lambda: gear.light_vent(state, unit, params, rng),
                "use-equipment": lambda: gear.use_equipment(state, unit, params, rng),
                "sacrificial-blade": lambda: gear.use_equipment(state, unit, _blade(params), rng, forced=True),
                "beacon-roll": lambda: duties.beacon_roll(state, unit, params, rng),
                "scavenge": lambda: scavenge.scavenge(state, unit, params, rng),
                "scavenge-read": lambda: scavenge.read(state, unit, params, rng)}[spec.id]
    return resolver()


def _blade(params: Mapping[str, Any]) -> dict[str, Any]:
    return {**params, "item": "sacrificial-blade"}


def _checked(system: KillerOfTheMaze, state: Match, action: Action) -> Unit | None:
    """The acting model, after the turn, unit and param checks (IllegalAction when refused); None for the
    actions that need no model."""
    spec = SPEC_BY_ID.get(action.name)
    needs_unit = spec is not None and spec.for_unit
    verdict = system.explain(state, action)  # first, so a refusal names the same rule explain gives
    if not verdict.legal:
        raise IllegalAction(verdict.reason, verdict.rule)
    if needs_unit and action.unit is None:
        raise IllegalAction(f"{spec.title}: say which model takes it", spec.rule)
    return state.unit(action.unit) if needs_unit and action.unit else None


def _phase_step(state: Match, spec: _Spec) -> Resolution:
    by = state.active_player.id
    if spec.id == "start-activity":
        events = [Event("set_phase", {"phase": ACTIVITY}, by)]
        summary = "The Activity sub-phase begins"
    elif spec.id == "end-imperial-phase":
        events = [Event("end_turn", {}, by), Event("set_phase", {"phase": TYRANID}, by)]
        summary = "The Imperial Action phase ends: the Tyranid Action phase begins"
    else:
        events = [Event("end_turn", {}, by)]
        summary = (f"Turn {game_turn(state.turn)} ends: turn {game_turn(state.turn) + 1} begins with the imperial "
                   "team's Movement sub-phase")
        details = (NOTES[spec.id], f"A vent lit in turn {game_turn(state.turn) - 1} or earlier is out now; one lit in "
                   f"turn {game_turn(state.turn)} stays lit through turn {game_turn(state.turn) + 1}.")
        return Resolution(tuple(events), summary, (spec.rule,), details)
    return Resolution(tuple(events), summary, (spec.rule,), (NOTES[spec.id],) if spec.id in NOTES else ())


def _done(events: list[Event], summary: str, spec: _Spec, details: tuple[str, ...]) -> Resolution:
    return Resolution(tuple(events), summary, (spec.rule,), details)


def _tracked(state: Match, resolution: Resolution) -> Resolution:
    """Drop counter events this match doesn't declare (made before the pack tracked them), saying so."""
    declared = set(state.rules.counters.get("unit", ()))
    kept = tuple(e for e in resolution.events if e.type != "counter" or e.data["name"] in declared)
    refusal = change_refusal(state, replay(state, list(kept)))
    if refusal:  # the last word on carrying, whichever action put the item there
        raise IllegalAction(refusal, CARRY_RULE)
    if len(kept) == len(resolution.events):
        return resolution
    names = sorted({e.data["name"] for e in resolution.events if e.type == "counter"} - declared)
    note = f"This match doesn't track {', '.join(names)}: keep it by hand."
    return Resolution(kept, resolution.summary, resolution.rules, (*resolution.details, note))
