"""Halo ActionClix's actions (seed 001), one object each: a move, the attacks (a shot, a move and a shot, a grenade:
one family), a respawn (which may end in one of those attacks, halo.composed), a loot roll and the end of the turn;
a swap and an upgrade (halo.exchange) build on `OnTable` here. Each knows its refusals (the turn's, the unit's, the
params'), its form, its odds, its resolution and its outcomes for the advisor; `now` is the turn as one query sees
it (halo.turn). The system lists them in the app's order (halo.system).

The match does not know map positions, so rules that depend on squares (line of fire, spawn points under a unit)
come back as notes for the players to check. Action ids and rule section ids are those of content/halo-actionclix
(turn.toml, rules.md).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from companion.core.dice.roll import roll
from companion.core.errors import IllegalAction
from companion.core.match.describe import damage_taken, trial
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import (
    Action,
    ActionKind,
    ActionOption,
    Odds,
    Param,
    Refusal,
    Resolution,
    Verdict,
    check,
    param_int,
)
from companion.rules.advice.dice import Branch
from companion.rules.halo import advice
from companion.rules.halo.attack import (
    ATTACK_ROLL,
    MAX_MOVE,
    SPLASH_EFFECT,
    AttackError,
    AttackResult,
    AttackSetup,
    attack_params,
    attack_setup,
    chance_text,
    dial_value,
    hit_chance,
    resolve_attack,
    squares_moved,
)
from companion.rules.halo.composed import WITH, AttackPart, composed, follow_up_params, may_throw
from companion.rules.halo.reserves import LOOTED, action_refusal, awaiting_respawn, had_action
from companion.rules.halo.respawn import elimination_events, placement, respawn, respawn_params, respawn_refusal
from companion.rules.halo.splash import marked, splash
from companion.rules.halo.tokens import GRENADE
from companion.rules.halo.turn import (
    ACTIONS_PER_TURN,
    ENEMY_SPAWN,
    OWN_SPAWN,
    POSITIONS,
    SPAWN_POINTS,
    TurnState,
    loot_due,
    turn_state,
)
from companion.rules.halo.victory import RULE as VICTORY_RULE
from companion.rules.halo.victory import victory_events
from companion.rules.refusals import UnitRefusal, refusal_summary

ENDS = Param("ends", "Where its move ends", "choice", (("", "Elsewhere"), (ENEMY_SPAWN, POSITIONS[ENEMY_SPAWN])),
             default="")
MOVED = Param("moved", "Squares moved (at most its speed)", "int", low=0, high=MAX_MOVE, default=0, rare=True)
VERBS = {"grenade": "throws a grenade at", "special": "uses a special ability on"}  # a shot "attacks"
LOOT_TEXT = ("Read the result on the Loot Roll chart on the back of your spawn point counter (the source lists a "
             "Grenade token, an Upgrade token or healing, but its roll numbers are cut off), then apply it on {unit}'s "
             "card.")


class HaloAction(ActionKind[TurnState]):
    """What every Halo action shares: the match-over and actions-left refusals, the owner's check, its option
    (each unit's refusal, the closest first, when none can take it), where a move ends, the verdict that counts
    the actions left, and the odds and advisor's classes of the attack it ends in, if any (`strike`). A unit on
    the table takes it unless the action says otherwise (`candidates`)."""

    pick = "choose the unit first"
    moves = False  # the unit moves: the form asks where its move ends, and resolve puts it there

    def __init__(self, id: str, title: str, rule: str, *, cost: int = 1, dice: str | None = None,
                 note: str | None = None) -> None:
        super().__init__(id, title, rule, dice)
        self.cost, self.text = cost, note

    def turn_refusal(self, state: Match, now: TurnState) -> Refusal | None:
        if state.status == "finished":
            return "the match is over", "actions"
        if self.cost and not now.left:
            return f"all {ACTIONS_PER_TURN} actions of this turn are used", "actions"
        return None

    def note(self, state: Match, now: TurnState) -> str | None:
        """The reminder on its button: what the players check themselves."""
        return self.text

    def candidates(self, now: TurnState) -> tuple[Unit, ...]:
        """The units its option weighs: the active player's on the table."""
        return now.table

    def option(self, state: Match, now: TurnState) -> ActionOption:
        note = self.note(state, now)
        refusal = self.turn_refusal(state, now)
        if refusal:
            return ActionOption(self.id, self.title, False, reason=refusal[0], rule=refusal[1], cost=self.cost,
                                note=note)
        if not self.on_unit:
            return ActionOption(self.id, self.title, True, rule=self.rule, cost=self.cost, note=note)
        candidates = self.candidates(now)
        refused = {u.id: why for u in candidates if (why := self.unit_check(now, u))}
        allowed = tuple(u.id for u in candidates if u.id not in refused)
        if allowed:
            return ActionOption(self.id, self.title, True, allowed, rule=self.rule, cost=self.cost, note=note,
                                refused={uid: r.reason for uid, r in refused.items()},
                                params=self.params(state, now), dice=self.dice)
        if not candidates:
            return ActionOption(self.id, self.title, False, reason="you have no units on the table", rule="actions",
                                cost=self.cost, note=note)
        reason, rule, reasons, shown = refusal_summary(refused)
        return ActionOption(self.id, self.title, False, reason=reason, rule=rule, cost=self.cost, note=note,
                            refused=reasons, shown=shown)

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        """The first check the unit fails, with how many it passed (its depth)."""
        if unit.owner != now.player.id:
            return UnitRefusal(f"{unit.name} is not {now.player.name}'s unit", "actions")
        return None

    def unit_refusal(self, state: Match, now: TurnState, unit: Unit) -> Refusal | None:
        why = self.unit_check(now, unit)
        return (why.reason, why.rule) if why else None

    def params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        return self.own_params(state, now) + ((ENDS,) if self.moves else ())

    def own_params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        """The form before where a move ends."""
        return ()

    def param_refusal(self, state: Match, now: TurnState, action: Action, unit: Unit | None) -> Refusal | None:
        """Where a move ends: elsewhere, or on an opponent's spawn point (never one of the player's own)."""
        ends = action.params.get("ends", "")
        if not self.moves or ends in ("", ENEMY_SPAWN):
            return None
        if ends == OWN_SPAWN:
            return f"{self.title}: a unit can't end its move on one of your own spawn points", "moving"
        return f"{self.title}: ends must be empty or {ENEMY_SPAWN}, not {ends!r}", "moving"

    def legal_verdict(self, state: Match, now: TurnState, unit: Unit) -> Verdict:
        left = f"; {now.left - self.cost} of {ACTIONS_PER_TURN} actions left after it" if self.cost else ""
        return Verdict(True, f"{unit.name} can {self.title.lower()}{left}", self.rule)

    def ends_events(self, unit: Unit, action: Action, by: str) -> list[Event]:
        """The unit's new position after its move: on an opponent's spawn point, or elsewhere."""
        ends = str(action.params.get("ends", ""))
        return [] if ends == unit.position else [Event("set_position", {"unit": unit.id, "position": ends}, by)]

    # --- the attack it ends in: its odds and the advisor's classes are that attack's ------------------------

    def strike(self, state: Match, action: Action) -> tuple[Attack, AttackPart] | None:
        """The attack action `action` ends in and where it is made, None when it ends in none. IllegalAction when
        the steps before the attack can't be taken (a respawn no slot allows)."""
        return None

    def aimed(self, state: Match, action: Action) -> AttackSetup | None:
        """The numbers of the attack it ends in (None when it ends in none); AttackError when one can't be read."""
        found = self.strike(state, action)
        if found is None:
            return None
        kind, part = found
        return kind.setup(part.before, part.attack)[0]

    def odds(self, state: Match, now: TurnState, action: Action) -> Odds | None:
        setup = self.aimed(state, action)
        return None if setup is None else Odds(hit_chance(setup), chance_text(setup))

    def outcomes(self, state: Match, now: TurnState, action: Action) -> tuple[Branch, ...] | None:
        setup = self.aimed(state, action)  # below 2 always hits, above 12 only two 6s: 2..13 keep the cache small
        return None if setup is None else advice.attack_branches(max(2, min(setup.needed, 13)))

    def outcome_key(self, state: Match, action: Action, label: str) -> object:
        """The advisor's key of one class of its roll (halo.advice.outcome_key)."""

        def damage() -> int:  # the attacker's damage value where it attacks (a respawn's: once placed)
            found = self.strike(state, action)
            before = found[1].before if found is not None else state
            return dial_value(before.unit(action.unit or ""), "damage")

        return advice.outcome_key(action, label, damage)


class OnTable(HaloAction):
    """An action of a unit on the table."""

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is None and (unit.location != "table" or unit.eliminated):
            return UnitRefusal(f"{unit.name} is not on the table", "reserves")
        return why


class Given(OnTable):
    """An action the unit is given (its one action of the turn): a move or an attack."""

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is None and (used := action_refusal(unit)):
            return UnitRefusal(*used, 1)
        return why


class Move(Given):
    moves = True

    def own_params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        return (MOVED,)  # the squares it moves, checked against the unit's speed when given

    def param_refusal(self, state: Match, now: TurnState, action: Action, unit: Unit | None) -> Refusal | None:
        if unit is not None and action.params.get("moved") not in (None, ""):
            speed = unit.current.stats.get("speed")  # a move is at most the unit's speed in squares (seed 001 ¶9)
            fast = speed if isinstance(speed, int) and not isinstance(speed, bool) else MAX_MOVE
            try:
                param_int(action.params, "moved", 0, fast, rule="moving")
            except IllegalAction as exc:
                said = f" ({unit.name}'s speed is {speed})" if fast == speed else ""
                return f"{self.title}: {exc}{said}", "moving"
        return super().param_refusal(state, now, action, unit)

    def resolve(self, state: Match, now: TurnState, action: Action, rng: random.Random) -> Resolution:
        unit, by = state.unit(action.unit or ""), state.active_player.id
        give = Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by)
        squares = param_int(action.params, "moved", 0, 10**6) if action.params.get("moved") not in (None, "") else 0
        said = f" {squares} square{'' if squares == 1 else 's'}" if squares else ""
        return Resolution((give, *self.ends_events(unit, action, by)), f"{unit.name} moves{said}", ("moving",), (
            f"Up to {unit.current.stats.get('speed', 'its speed')} squares; never onto your own spawn points; "
            "ending on an opponent's spawn point can earn a loot roll.",))


class Attack(Given):
    """An attack: a shot or a grenade (`grenade`), after a move (`moves`: the squares moved count, and the move
    ends somewhere) or not (the unit stays where it stands). The one attack of the game: a respawn that ends in an
    attack makes one of these (halo.composed)."""

    def __init__(self, id: str, title: str, rule: str, note: str, *, moves: bool, grenade: bool = False) -> None:
        super().__init__(id, title, rule, dice=ATTACK_ROLL, note=note)
        self.moves, self.grenade = moves, grenade

    def turn_refusal(self, state: Match, now: TurnState) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why is None and not now.enemies:
            return "no opposing unit is on the table to attack", "attacking"
        return why

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is None and self.grenade and not unit.tokens[GRENADE]:
            return UnitRefusal(f"{unit.name} has no Grenade token", "grenades", 2)
        return why

    def own_params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        return attack_params(now.enemies, moving=self.moves, shooting=not self.grenade)

    def setup(self, state: Match, action: Action) -> tuple[AttackSetup, Unit, Unit]:
        """(set-up, attacker, target) of this attack as `action` makes it (halo.attack.attack_setup)."""
        return attack_setup(state, action, moving=self.moves, grenade=self.grenade)

    def param_refusal(self, state: Match, now: TurnState, action: Action, unit: Unit | None) -> Refusal | None:
        """The target, the numbers, the units marked for a splash, and where a move ends."""
        try:
            _, attacker, target = self.setup(state, action)
            marked(state, attacker, target, action.params)  # the units marked next to the target for a splash
            if target.owner == attacker.owner or target.location != "table" or target.eliminated:
                return f"{self.title}: {target.name} is not an opposing unit on the table", "attacking"
            dial_value(attacker, "damage")
        except IllegalAction as exc:
            return str(exc), exc.rule or self.rule
        except AttackError as exc:
            return f"{self.title}: {exc}", "attacking"
        if (self.moves and action.params.get("ends", "") == ENEMY_SPAWN and unit is not None
                and unit.position != ENEMY_SPAWN and not squares_moved(action.params)):  # read by the set-up above
            return f"{self.title}: it moves no squares, so it can't end on an opponent's spawn point", "moving"
        return super().param_refusal(state, now, action, unit)

    def ends_events(self, unit: Unit, action: Action, by: str) -> list[Event]:
        """An attack that moved no squares leaves the unit where it stands (a unit shooting from an opponent's
        spawn point stays on it)."""
        return super().ends_events(unit, action, by) if squares_moved(action.params) else []

    def strike(self, state: Match, action: Action) -> tuple[Attack, AttackPart] | None:
        return self, AttackPart(state, action)

    def resolve(self, state: Match, now: TurnState, action: Action, rng: random.Random) -> Resolution:
        return self.roll(state, action, rng)

    def roll(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """Roll the attack with `rng` and apply it: the action token, the roll, damage, a splash, an elimination
        and a win (the attack of a respawn too, on the match just after its placement)."""
        setup, attacker, target = self.setup(state, action)
        damage = dial_value(attacker, "damage")  # read before rolling: a dial without it stops here, not after
        result = resolve_attack(setup, rng)
        events = self.attack_events(state, attacker.id, target.id, result, damage)
        if self.moves:
            events += self.ends_events(attacker, action, attacker.owner)
        verb = VERBS.get(setup.kind, "attacks")
        details = [result.why, *(e for e in result.effects if e != SPLASH_EFFECT)]  # the splash's line says it
        if result.double_six and setup.double_six_splash:  # the card's splash, as events on the units marked
            events, line = splash(state, events, attacker, marked(state, attacker, target, action.params),
                                  elimination_events)
            details.append(line)
        rules = list(result.rules)
        if any(e.type == "set_location" and e.data["unit"] == target.id for e in events):
            details.append(f"{target.name} is eliminated: a Kill token for {state.active_player.name}, an Upgrade "
                           f"token for {attacker.name}; {target.name} goes to the reserves at full health.")
            rules.append("elimination")
        won, line = victory_events(state, events, attacker.owner)
        if line:
            events += won
            details.append(line)
            rules.append(VICTORY_RULE)
        taken = next((e.data["amount"] for e in events if e.type == "damage"), 0)
        outcome = (f"hit, {taken} damage" + (", KO" if "elimination" in rules else "")) if result.hit else "miss"
        return Resolution(tuple(events), f"{attacker.name} {verb} {target.name}: {result.roll.describe()}, {outcome}",
                          tuple(rules), tuple(details), result.hit)

    def attack_events(self, state: Match, attacker_id: str, target_id: str, result: AttackResult,
                      damage: int) -> list[Event]:
        """The events that apply a resolved attack: the action token, the logged roll, a thrown grenade's token,
        damage on a hit, and on an elimination the kill token, the attacker's upgrade token and the target back to
        reserves at full health. Raises IllegalAction (via `check`) when the attack isn't legal now."""
        check(self.explain(state, turn_state(state), Action(self.id, attacker_id)))
        attacker, target = state.unit(attacker_id), state.unit(target_id)
        if target.owner == attacker.owner or target.location != "table" or target.eliminated:
            check(Verdict(False, f"{target.name} is not an opposing unit on the table", "attacking"))
        by = attacker.owner
        events = [Event("token", {"unit": attacker_id, "kind": "action", "delta": 1}, by),
                  Event("roll", result.roll.event_data(f"{attacker.name} {VERBS.get(result.setup.kind, 'attacks')} "
                                                       f"{target.name}"), by)]
        if self.grenade:
            events.append(Event("token", {"unit": attacker_id, "kind": GRENADE, "delta": -1}, by))
        if result.hit and damage > 0:
            # what the dial really takes, and whether it is KO'd, from the reducer on a trial copy: damage past
            # the KO click goes nowhere, so the event, the log line and the result all carry the one number
            taken = damage_taken(state, [*events, Event("damage", {"unit": target_id, "amount": damage}, by)],
                                 target_id)
            events.append(Event("damage", {"unit": target_id, "amount": taken}, by))
            if trial(state, events)[-1].unit(target_id).eliminated:
                events += elimination_events(attacker, target)
        return events


class Respawn(HaloAction):
    """Respawning: a reserve unit placed on a spawn point in an eliminated unit's respawn, moved off it, and with a
    target, one of its follow-up attacks after the move (`follow_ups`: each attack with the label its form gives
    it, the first the default)."""

    moves = True

    def __init__(self, id: str, title: str, rule: str, note: str,
                 follow_ups: Sequence[tuple[Attack, str]]) -> None:
        super().__init__(id, title, rule, dice=ATTACK_ROLL, note=note)  # its attack's roll
        self.follow_ups = {attack.id: attack for attack, _ in follow_ups}
        self.ways = tuple((attack.id, label) for attack, label in follow_ups)

    def note(self, state: Match, now: TurnState) -> str | None:
        if now.captured is None:
            return f"{self.text} (Captured spawn points aren't tracked in this match: check the map.)"
        return self.text

    def candidates(self, now: TurnState) -> tuple[Unit, ...]:
        return now.reserve

    def turn_refusal(self, state: Match, now: TurnState) -> Refusal | None:
        why = super().turn_refusal(state, now)
        if why:
            return why
        # a unit KO'd by damage entered by hand lies on the table until its player puts it in the reserves
        down = "".join(f"; {u.name} is KO'd on the table: put it in your reserves (Move to reserve on its unit "
                       "screen) and its respawn opens" for u in state.units
                       if u.owner == now.player.id and u.location == "table" and u.eliminated)
        if not now.reserve:
            return f"you have no units in your reserves{down}", "respawning"
        if now.captured is not None and now.captured >= SPAWN_POINTS:
            return ("all your spawn points are captured, so no unit can respawn until one is freed "
                    "(actions you can't use are lost)"), "respawning"
        if not awaiting_respawn(now.reserve):
            held = sum(1 for u in state.units if u.owner == now.player.id and u.location == "table")
            return (f"no unit of yours was eliminated and is waiting to respawn, and only an eliminated unit opens a "
                    f"respawn (the table holds {held} {'unit' if held == 1 else 'units'} of yours){down}"), "respawning"
        return None

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is not None:
            return why
        if unit.location != "reserve":
            return UnitRefusal(f"{unit.name} is not in your reserves", "respawning")
        why_not = action_refusal(unit)  # back in the reserves after acting this turn: one action per unit holds
        if why_not:
            return UnitRefusal(*why_not, 1)
        why_not = respawn_refusal(now.reserve, unit)
        return UnitRefusal(*why_not, 2) if why_not else None

    def own_params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        """Its own fields, then its attack's: how it attacks only when one of its units could throw a grenade."""
        shot = next(iter(self.follow_ups.values())).own_params(state, now)
        throws = any(may_throw(u, now.grenades_kept) for u in now.reserve)
        return (*respawn_params(now.reserve), *follow_up_params(shot, self.ways if throws else ()))

    def param_refusal(self, state: Match, now: TurnState, action: Action, unit: Unit | None) -> Refusal | None:
        """Whose respawn and the squares moved, where the move ends, then the attack's own checks where it is
        made (on the match just after the placement)."""
        if unit is not None and (why := respawn_refusal(state.units, unit, action.params)):
            return why
        why = super().param_refusal(state, now, action, unit)
        if why:
            return why
        try:
            found = self.strike(state, action)
        except IllegalAction as exc:
            return str(exc), exc.rule or self.rule
        if found is None:
            return None
        kind, part = found
        verdict = kind.explain(part.before, turn_state(part.before), part.attack)
        if verdict.legal:
            return None
        return f"{self.title}: {verdict.reason.removeprefix(kind.title + ': ')}", verdict.rule or "attacking"

    def strike(self, state: Match, action: Action) -> tuple[Attack, AttackPart] | None:
        """With a target: the placement's events, then the follow-up attack its `with` field names."""
        if not action.params.get("target"):
            return None
        how = action.params.get(WITH) or self.ways[0][0]
        kind = self.follow_ups.get(how)
        if kind is None:
            raise IllegalAction(f"{self.title}: how it attacks must be {' or '.join(map(repr, self.follow_ups))}, "
                                f"not {how!r}", self.rule)
        events, details = placement(state, action)
        return kind, AttackPart(replay(state, events), Action(kind.id, action.unit, dict(action.params)),
                                tuple(events), tuple(details))

    def resolve(self, state: Match, now: TurnState, action: Action, rng: random.Random) -> Resolution:
        found = self.strike(state, action)
        if found is None:
            return respawn(state, action)
        kind, part = found
        return composed(state, action, part, kind.roll(part.before, part.attack, rng))


class LootRoll(OnTable):
    """A loot roll (seed 001 ¶30): 2d6 on the Loot Roll chart for a unit that had its action and stands on an
    opponent's spawn point; once per action."""

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is not None:
            return why
        if not had_action(unit):
            return UnitRefusal(f"{unit.name} was not given an action this turn, so it can't make a loot roll",
                               "loot-roll", 1)
        if LOOTED in unit.turn_marks:
            return UnitRefusal(f"{unit.name} already made its loot roll for this turn's action", "loot-roll", 2)
        return None if unit.position == ENEMY_SPAWN else UnitRefusal(
            f"{unit.name} is not on an opponent's spawn point", "loot-roll", 3)

    def odds(self, state: Match, now: TurnState, action: Action) -> Odds | None:
        return Odds(None, "2d6 on the Loot Roll chart; its roll numbers are cut off in the source: read them on "
                          "your spawn point counter")

    def resolve(self, state: Match, now: TurnState, action: Action, rng: random.Random) -> Resolution:
        unit, by = state.unit(action.unit or ""), state.active_player.id
        result = roll("2d6", rng)
        return Resolution((Event("roll", result.event_data(f"loot roll for {unit.name}"), by),
                           Event("mark", {"unit": unit.id, "mark": LOOTED}, by)),
                          f"Loot roll for {unit.name}: {result.describe()}", (self.rule,),
                          (LOOT_TEXT.format(unit=unit.name),))


class EndTurn(HaloAction):
    """Ending the turn: the player's, given to no unit; its note says what is lost."""

    on_unit = False

    def note(self, state: Match, now: TurnState) -> str | None:
        if state.status == "finished":
            return None
        lines = ([f"{counted(now.left, 'unused action')} will be lost."] if now.left else []) + [
            f"{u.name} may still make its loot roll." for u in loot_due(now.table)]
        return " ".join(lines) or None

    def resolve(self, state: Match, now: TurnState, action: Action, rng: random.Random) -> Resolution:
        nxt = state.players[(state.active + 1) % len(state.players)]
        lost = ([f"{counted(now.left, 'unused action')} lost."] if now.left else []) + [
            f"{u.name}'s loot roll was not made." for u in loot_due(now.table)]
        return Resolution((Event("end_turn", {}, state.active_player.id),), f"{state.active_player.name} ends the "
                          f"turn; {nxt.name} is next", (self.rule,), tuple(lost))
