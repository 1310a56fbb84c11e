"""Halo ActionClix legal actions (seed 001), their odds, and the events that apply a resolved action.

The match holds what the rules need: action tokens given this turn (`tokens.action`, limit 1), grenade and
upgrade tokens, points, and where a unit is (table or reserve). It does not know map positions, so rules that
depend on squares (line of fire, spawn points under a unit) come back as notes for the players to check.
Captured spawn points are read from the player counter `captured-spawn-points` when the pack declares it;
otherwise respawning stays open with a reminder.
Action ids and rule section ids are those of content/halo-actionclix (turn.toml, rules.md).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.core.dice.roll import roll
from companion.core.errors import IllegalAction
from companion.core.match.describe import damage_taken, trial
from companion.core.match.events import Event
from companion.core.model import Match, Player, Unit
from companion.rules.base import Action, ActionOption, Odds, Param, Refusal, Resolution, System, Verdict, check
from companion.rules.halo import advice, attack
from companion.rules.halo.attack import (
    ATTACK_ROLL,
    SYSTEM_ID,
    AttackError,
    AttackResult,
    attack_params,
    attack_setup,
    chance_text,
    dial_value,
    hit_chance,
    resolve_attack,
)
from companion.rules.halo.exchange import UPGRADE_TOKEN_POINTS, exchange, incoming
from companion.rules.halo.reserves import LOOTED, action_refusal, awaiting_respawn, comes_in, had_action
from companion.rules.halo.respawn import elimination_events, respawn, respawn_params, respawn_refusal
from companion.rules.halo.splash import marked, splash
from companion.rules.refusals import UnitRefusal, refusal_summary

ACTIONS_PER_TURN = 3
SPAWN_POINTS = 2  # each player sets out two spawn point counters
CAPTURED_COUNTER = "captured-spawn-points"
# Positions that matter to the rules: a spawn point of the unit's own player, or an opponent's ("": elsewhere)
OWN_SPAWN, ENEMY_SPAWN = "own-spawn", "enemy-spawn"
POSITIONS = {"": "Elsewhere on the map", OWN_SPAWN: "On one of its player's spawn points",
             ENEMY_SPAWN: "On an opponent's spawn point"}
MOVES = ("move", "move-and-attack", "throw-grenade", "respawn")  # the actions that move a unit: where it ends
ENDS = Param("ends", "Where its move ends", "choice", (("", "Elsewhere"), (ENEMY_SPAWN, POSITIONS[ENEMY_SPAWN])),
             default="")


@dataclass(frozen=True)
class _Spec:
    id: str
    title: str
    rule: str
    cost: int  # actions of the turn it uses
    where: str  # whose units it is for: "table", "reserve" or "" (no unit)


SPECS = (
    _Spec("move", "Move", "moving", 1, "table"),
    _Spec("attack", "Attack", "attacking", 1, "table"),
    _Spec("move-and-attack", "Move and attack", "move-attack-penalty", 1, "table"),
    _Spec("throw-grenade", "Throw a grenade", "grenades", 1, "table"),
    _Spec("respawn", "Respawn", "respawning", 1, "reserve"),
    _Spec("swap-weapons", "Swap weapons", "swap-weapons", 0, "table"),
    _Spec("upgrade", "Upgrade", "upgrading", 0, "table"),
    _Spec("loot-roll", "Loot roll", "loot-roll", 0, "table"),
    _Spec("end-turn", "End turn", "actions", 0, ""),
)
SPEC_BY_ID = {s.id: s for s in SPECS}
ATTACKS = ("attack", "move-and-attack", "throw-grenade")
DICE = {"attack": ATTACK_ROLL, "move-and-attack": ATTACK_ROLL, "throw-grenade": ATTACK_ROLL, "loot-roll": "2d6"}
LOOT_TEXT = ("Read the result on the Loot Roll chart on the back of your spawn point counter (the source lists a "
             "Grenade token, an Upgrade token or healing, but its roll numbers are cut off), then apply it on {unit}'s "
             "card.")

NOTES = {
    "attack": "Needs a clear line of fire to the target.",
    "move-and-attack": "More than 4 squares moved: -3 attack.",
    "throw-grenade": "Uses one Grenade token. More than 4 squares moved first: -3 attack.",
    "respawn": "Place it on one of your spawn points no enemy has captured; this action must move it off. "
               "Bring back the eliminated unit or a reserve unit worth the same or fewer points.",
    "upgrade": "The source doesn't say whether upgrading uses one of your actions; here it doesn't.",
    "loot-roll": "Only if the unit ends your turn on an opponent's spawn point.",
}

@dataclass(frozen=True)
class _Turn:
    """What the active player has this turn, worked out once per query."""

    player: Player
    table: tuple[Unit, ...]  # own units on the table
    reserve: tuple[Unit, ...]
    reserve_points: frozenset[int]
    cheapest_reserve: int | None
    enemies: tuple[Unit, ...]  # opposing units on the table: the targets of an attack
    used: int
    captured: int | None  # None: the match doesn't track captures

    @property
    def left(self) -> int:
        return max(0, ACTIONS_PER_TURN - self.used)


def _turn(state: Match) -> _Turn:
    player = state.active_player
    mine = [u for u in state.units if u.owner == player.id]
    table = tuple(u for u in mine if u.location == "table" and not u.eliminated)
    reserve = tuple(u for u in mine if u.location == "reserve")
    tracked = CAPTURED_COUNTER in state.rules.counters.get("player", ())
    enemies = tuple(u for u in state.units if u.owner != player.id and u.location == "table" and not u.eliminated)
    return _Turn(player=player, table=table, reserve=reserve,
                 reserve_points=frozenset(u.points for u in reserve if comes_in(u)),
                 cheapest_reserve=min((u.points for u in reserve if comes_in(u)), default=None), enemies=enemies,
                 used=sum(u.tokens.action for u in mine),
                 captured=player.counters.get(CAPTURED_COUNTER, 0) if tracked else None)


def _turn_refusal(state: Match, turn: _Turn, spec: _Spec) -> Refusal | None:
    if state.status == "finished":
        return "the match is over", "actions"
    if spec.cost and not turn.left:
        return f"all {ACTIONS_PER_TURN} actions of this turn are used", "actions"
    if spec.id in ATTACKS and not turn.enemies:
        return "no opposing unit is on the table to attack", "attacking"
    if spec.id == "respawn":
        if not turn.reserve:
            return "you have no units in your reserves", "respawning"
        if turn.captured is not None and turn.captured >= SPAWN_POINTS:
            return ("all your spawn points are captured, so no unit can respawn until one is freed "
                    "(actions you can't use are lost)"), "respawning"
        if not awaiting_respawn(turn.reserve):
            return ("no unit of yours was eliminated and is waiting to respawn (the table already holds your "
                    "whole starting force)"), "respawning"
    return None


def _unit_refusal(turn: _Turn, spec: _Spec, unit: Unit) -> UnitRefusal | None:
    """The first check of `spec` the unit fails, with how many it passed (its depth)."""
    name = unit.name
    if unit.owner != turn.player.id:
        return UnitRefusal(f"{name} is not {turn.player.name}'s unit", "actions")
    if spec.where == "reserve":
        if unit.location != "reserve":
            return UnitRefusal(f"{name} is not in your reserves", "respawning")
        why = action_refusal(unit)  # back in the reserves after acting this turn: one action per unit still holds
        if why:
            return UnitRefusal(*why, 1)
        why = respawn_refusal(turn.reserve, unit)
        return UnitRefusal(*why, 2) if why else None
    if unit.location != "table" or unit.eliminated:
        return UnitRefusal(f"{name} is not on the table", "reserves")
    acted = had_action(unit)
    if spec.id == "swap-weapons":
        if acted:
            return UnitRefusal(f"{name} was given an action this turn; only a unit without one can swap weapons",
                               "swap-weapons", 1)
        if unit.points not in turn.reserve_points:
            return UnitRefusal(f"no unit in your reserves is worth exactly {unit.points} points like {name}",
                               "swap-weapons", 2)
        return None
    if spec.id == "upgrade":
        if not unit.tokens.upgrade:
            return UnitRefusal(f"{name} has no Upgrade tokens", "upgrade-tokens", 1)
        limit = unit.points + UPGRADE_TOKEN_POINTS * unit.tokens.upgrade
        if turn.cheapest_reserve is None or turn.cheapest_reserve > limit:
            return UnitRefusal(f"{name} holds {unit.tokens.upgrade} Upgrade token(s), but no unit in your "
                                    f"reserves is worth {limit} points or less ({unit.points} + "
                                    f"{UPGRADE_TOKEN_POINTS} x {unit.tokens.upgrade} tokens)", "upgrading", 2)
        return None
    if spec.id == "loot-roll":
        if not acted:
            return UnitRefusal(f"{name} was not given an action this turn, so it can't make a loot roll",
                                    "loot-roll", 1)
        if LOOTED in unit.turn_marks:
            return UnitRefusal(f"{name} already made its loot roll for this turn's action", "loot-roll", 2)
        return None if unit.position == ENEMY_SPAWN else UnitRefusal(
            f"{name} is not on an opponent's spawn point", "loot-roll", 3)
    why = action_refusal(unit)
    if why:
        return UnitRefusal(*why, 1)
    if spec.id == "throw-grenade" and not unit.tokens.grenade:
        return UnitRefusal(f"{name} has no Grenade token", "grenades", 2)
    return None


def _ends(unit: Unit, action: Action, by: str) -> list[Event]:
    """The unit's new position after a move: on an opponent's spawn point, or elsewhere."""
    ends = str(action.params.get("ends", ""))
    return [] if ends == unit.position else [Event("set_position", {"unit": unit.id, "position": ends}, by)]


def _param_refusal(state: Match, spec: _Spec, action: Action) -> Refusal | None:
    """What resolve would refuse in the action's params: the unit coming in, the target, where a move ends."""
    try:
        if spec.id in ("swap-weapons", "upgrade"):
            incoming(state, action, state.unit(action.unit or ""))
        if spec.id == "respawn" and (why := respawn_refusal(state.units, state.unit(action.unit or ""), action.params)):
            return why
        if spec.id in ATTACKS:
            _, attacker, target = attack_setup(state, action)
            marked(state, attacker, target, action.params)  # the units marked next to the target for a splash
            if target.owner == attacker.owner or target.location != "table" or target.eliminated:
                return f"{spec.title}: {target.name} is not an opposing unit on the table", "attacking"
            dial_value(attacker, "damage")
    except IllegalAction as exc:
        return str(exc), exc.rule or spec.rule
    except AttackError as exc:
        return f"{spec.title}: {exc}", "attacking"
    ends = action.params.get("ends", "")
    if spec.id in MOVES and ends not in ("", ENEMY_SPAWN):
        if ends == OWN_SPAWN:
            return f"{spec.title}: a unit can't end its move on one of your own spawn points", "moving"
        return f"{spec.title}: ends must be empty or {ENEMY_SPAWN}, not {ends!r}", "moving"
    return None


def _candidates(turn: _Turn, spec: _Spec) -> tuple[Unit, ...]:
    return {"table": turn.table, "reserve": turn.reserve}.get(spec.where, ())


def _params(turn: _Turn, action: str) -> tuple[Param, ...]:
    ends = (ENDS,) if action in MOVES else ()
    if action in ATTACKS:
        return attack_params(action, turn.enemies) + ends
    if action == "respawn":
        return respawn_params(turn.reserve, turn.enemies) + ends
    if action in MOVES:
        return ends
    # only units a swap or an upgrade may bring in, cheapest first (the upgrade's default fits every unit offered)
    choices = tuple((u.id, f"{u.name} ({u.points} points)") for u in sorted(
        (u for u in turn.reserve if comes_in(u)), key=lambda u: u.points))
    if action == "swap-weapons":
        return (Param("into", "Reserve unit of the same points", "choice", choices),)
    if action == "upgrade":
        most = max(u.tokens.upgrade for u in turn.table)
        return (Param("into", "Reserve unit to upgrade into", "choice", choices, default=choices[0][0]),
                Param("spend", "Upgrade tokens to spend", "int", low=1, high=most, default=1))
    return ()


def _option(state: Match, turn: _Turn, spec: _Spec) -> ActionOption:
    note = NOTES.get(spec.id)
    if spec.id == "respawn" and turn.captured is None:
        note = f"{note} (Captured spawn points aren't tracked in this match: check the map.)"
    if spec.id == "end-turn" and turn.left and state.status != "finished":
        note = f"{turn.left} unused action(s) will be lost."
    refusal = _turn_refusal(state, turn, spec)
    if refusal:
        return ActionOption(spec.id, spec.title, False, reason=refusal[0], rule=refusal[1], cost=spec.cost, note=note)
    if not spec.where:
        return ActionOption(spec.id, spec.title, True, rule=spec.rule, cost=spec.cost, note=note)
    candidates = _candidates(turn, spec)
    refused = {u.id: why for u in candidates if (why := _unit_refusal(turn, spec, u))}
    allowed = tuple(u.id for u in candidates if u.id not in refused)
    if allowed:
        return ActionOption(spec.id, spec.title, True, allowed, rule=spec.rule, cost=spec.cost, note=note,
                            refused={uid: r.reason for uid, r in refused.items()}, params=_params(turn, spec.id),
                            dice=DICE.get(spec.id))
    if not candidates:
        return ActionOption(spec.id, spec.title, False, reason="you have no units on the table", rule="actions",
                            cost=spec.cost, note=note)
    reason, rule, reasons, shown = refusal_summary(refused)
    return ActionOption(spec.id, spec.title, False, reason=reason, rule=rule, cost=spec.cost, note=note,
                        refused=reasons, shown=shown)


class HaloActionClix(System):
    id = SYSTEM_ID
    name = "Halo ActionClix"
    places = POSITIONS
    scoring = "kills"
    desk_attack = attack

    def turn_words(self, state: Match) -> tuple[str, str]:
        used = sum(u.tokens.action for u in state.units if u.owner == state.active_player.id)
        return super().turn_words(state)[0], f"Actions {min(used, ACTIONS_PER_TURN)} of {ACTIONS_PER_TURN}"

    def legal_actions(self, state: Match) -> list[ActionOption]:
        turn = _turn(state)
        return [_option(state, turn, spec) for spec in SPECS]

    # explain is the base's template; these hooks are Halo's checks
    specs = SPEC_BY_ID

    def _query(self, state: Match) -> _Turn:
        return _turn(state)

    def _turn_refusal(self, state: Match, now: _Turn, spec: _Spec) -> Refusal | None:
        return _turn_refusal(state, now, spec)

    def _for_unit(self, spec: _Spec) -> bool:
        return bool(spec.where)

    def _option(self, state: Match, now: _Turn, spec: _Spec) -> ActionOption:
        return _option(state, now, spec)

    def _unit_refusal(self, state: Match, now: _Turn, spec: _Spec, unit: Unit) -> Refusal | None:
        why = _unit_refusal(now, spec, unit)
        return (why.reason, why.rule) if why else None

    def _param_refusal(self, state: Match, now: _Turn, spec: _Spec, action: Action,
                       unit: Unit | None) -> Refusal | None:
        return _param_refusal(state, spec, action)

    def _legal_verdict(self, state: Match, now: _Turn, spec: _Spec, unit: Unit) -> Verdict:
        left = f"; {now.left - spec.cost} of {ACTIONS_PER_TURN} actions left after it" if spec.cost else ""
        return Verdict(True, f"{unit.name} can {spec.title.lower()}{left}", spec.rule)

    def odds(self, state: Match, action: Action) -> Odds | None:
        if action.name in ATTACKS:
            setup, _, _ = attack_setup(state, action)
            return Odds(hit_chance(setup), chance_text(setup))
        if action.name == "loot-roll":
            return Odds(None, "2d6 on the Loot Roll chart; its roll numbers are cut off in the source: read them on "
                              "your spawn point counter")
        return None

    outcomes, outcome_key = staticmethod(advice.outcomes), staticmethod(advice.outcome_key)  # halo/advice.py
    advice_figures = staticmethod(advice.figures)

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """Roll where the action rolls and return its events (one undoable step); IllegalAction when not legal."""
        check(self.explain(state, action))
        spec = SPEC_BY_ID[action.name]
        if spec.where and action.unit is None:
            raise IllegalAction(f"{spec.title}: choose the unit first", spec.rule)
        by = state.active_player.id
        if action.name in ATTACKS:
            return self._attack(state, action, rng)
        if action.name == "end-turn":
            left = _turn(state).left
            nxt = state.players[(state.active + 1) % len(state.players)]
            return Resolution((Event("end_turn", {}, by),), f"{state.active_player.name} ends the turn; {nxt.name} "
                              "is next", ("actions",), (f"{left} unused action(s) lost.",) if left else ())
        unit = state.unit(action.unit or "")
        give = Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by)
        if action.name == "move":
            return Resolution((give, *_ends(unit, action, by)), f"{unit.name} moves", ("moving",), (
                f"Up to {unit.current.stats.get('speed', 'its speed')} squares; never onto your own spawn points; "
                "ending on an opponent's spawn point can earn a loot roll.",))
        if action.name == "respawn":
            return respawn(self, state, action, rng)
        if action.name == "loot-roll":
            result = roll("2d6", rng)
            return Resolution((Event("roll", result.event_data(f"loot roll for {unit.name}"), by),
                               Event("mark", {"unit": unit.id, "mark": LOOTED}, by)),
                              f"Loot roll for {unit.name}: {result.describe()}", ("loot-roll",),
                              (LOOT_TEXT.format(unit=unit.name),))
        return exchange(state, action, unit, by)

    def _attack(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        setup, attacker, target = attack_setup(state, action)
        damage = dial_value(attacker, "damage")  # read before rolling: a dial without it stops here, not after
        result = resolve_attack(setup, rng)
        events = self.attack_events(state, attacker.id, target.id, result, damage, action.name)
        if action.name in MOVES:
            events += _ends(attacker, action, attacker.owner)
        verb = "throws a grenade at" if action.name == "throw-grenade" else "attacks"
        details = [result.why, *result.effects]
        if result.double_six and setup.double_six_splash:  # the card's splash, as events on the units marked
            events, line = splash(state, events, attacker, marked(state, attacker, target, action.params),
                                  elimination_events)
            details.append(line)
        rules = list(result.rules)
        if any(e.type == "set_location" and e.data["unit"] == target.id for e in events):
            details.append(f"{target.name} is eliminated: a Kill token for {state.active_player.name}, an Upgrade "
                           f"token for {attacker.name}; {target.name} goes to the reserves at full health.")
            rules.append("elimination")
        taken = next((e.data["amount"] for e in events if e.type == "damage"), 0)
        outcome = (f"hit, {taken} damage" + (", KO" if "elimination" in rules else "")) if result.hit else "miss"
        return Resolution(tuple(events), f"{attacker.name} {verb} {target.name}: {result.roll.describe()}, {outcome}",
                          tuple(rules), tuple(details), result.hit)

    def attack_events(self, state: Match, attacker_id: str, target_id: str, result: AttackResult,
                      damage: int, action: str = "attack") -> list[Event]:
        """The events that apply a resolved attack: the action token, the logged roll, damage on a hit, and on
        an elimination the kill token, the attacker's upgrade token and the target back to reserves at full
        health. Raises IllegalAction (via `check`) when the attack isn't legal now."""
        check(self.explain(state, Action(action, attacker_id)))
        attacker, target = state.unit(attacker_id), state.unit(target_id)
        if target.owner == attacker.owner or target.location != "table" or target.eliminated:
            check(Verdict(False, f"{target.name} is not an opposing unit on the table", "attacking"))
        by = attacker.owner
        events = [Event("token", {"unit": attacker_id, "kind": "action", "delta": 1}, by),
                  Event("roll", result.roll.event_data(f"{attacker.name} attacks {target.name}"), by)]
        if action == "throw-grenade":
            events.append(Event("token", {"unit": attacker_id, "kind": "grenade", "delta": -1}, by))
        if result.hit and damage > 0:
            # what the dial really takes, and whether it is KO'd, from the reducer on a trial copy: damage past
            # the KO click goes nowhere, so the event, the log line and the result all carry the one number
            taken = damage_taken(state, [*events, Event("damage", {"unit": target_id, "amount": damage}, by)],
                                 target_id)
            events.append(Event("damage", {"unit": target_id, "amount": taken}, by))
            if trial(state, events)[-1].unit(target_id).eliminated:
                events += elimination_events(attacker, target)
        return events
