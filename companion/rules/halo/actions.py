"""Halo ActionClix (seed 001) as a rules system: its options and refusals (halo/options.py) behind the base's
template, the odds of an attack, and the events that apply a resolved action: a move, an attack (with its splash
and what an elimination brings), a respawn, a loot roll, a swap or an upgrade, the end of the turn.

The match holds what the rules need: action tokens given this turn (`tokens.action`, limit 1), grenade and
upgrade tokens, points, and where a unit is (table or reserve).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from companion.core.dice.roll import roll
from companion.core.errors import IllegalAction
from companion.core.match.describe import damage_taken, trial
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, ActionOption, Odds, Refusal, Resolution, Verdict, check, param_int
from companion.rules.base import System
from companion.rules.halo import advice, attack
from companion.rules.halo.attack import (
    MOVING_ATTACKS,
    SPLASH_EFFECT,
    SYSTEM_ID,
    AttackResult,
    attack_setup,
    chance_text,
    dial_value,
    hit_chance,
    resolve_attack,
    squares_moved,
)
from companion.rules.halo.composed import attack_part, composed
from companion.rules.halo.exchange import exchange
from companion.rules.halo.options import (
    TurnState,
    actions_used,
    loot_due,
    option,
    param_refusal,
    turn_refusal,
    turn_state,
    unit_refusal,
)
from companion.rules.halo.reserves import LOOTED
from companion.rules.halo.respawn import elimination_events, respawn
from companion.rules.halo.specs import ACTIONS_PER_TURN, ATTACKS, MOVES, POSITIONS, SPEC_BY_ID, SPECS, Spec
from companion.rules.halo.splash import marked, splash
from companion.rules.halo.tokens import action_token_refusal, entering
from companion.rules.halo.victory import RULE as VICTORY_RULE
from companion.rules.halo.victory import victory_events

VERBS = {"grenade": "throws a grenade at", "special": "uses a special ability on"}  # a shot "attacks"


def ordinal(n: int) -> str:
    return {4: "fourth", 5: "fifth", 6: "sixth"}.get(n, f"{n}th")


LOOT_TEXT = ("Read the result on the Loot Roll chart on the back of your spawn point counter (the source lists a "
             "Grenade token, an Upgrade token or healing, but its roll numbers are cut off), then apply it on {unit}'s "
             "card.")


def _ends(unit: Unit, action: Action, by: str) -> list[Event]:
    """The unit's new position after a move: on an opponent's spawn point, or elsewhere. An attack that moved no
    squares leaves it where it stands (a unit shooting from an opponent's spawn point stays on it)."""
    if action.name in MOVING_ATTACKS and not squares_moved(action):
        return []
    ends = str(action.params.get("ends", ""))
    return [] if ends == unit.position else [Event("set_position", {"unit": unit.id, "position": ends}, by)]


class HaloActionClix(System):
    id = SYSTEM_ID
    name = "Halo ActionClix"
    places = POSITIONS
    scoring = "kills"
    desk_attack = attack

    def turn_words(self, state: Match) -> tuple[str, str]:
        used = actions_used(state, state.active_player.id)  # the true count: the invariant keeps it within 3
        return super().turn_words(state)[0], f"Actions {used} of {ACTIONS_PER_TURN}"

    def token_change_refusal(self, state: Match, unit: Unit, kind: str, delta: int) -> str | None:
        """No action for a unit that swapped weapons, or had its action and left the table, this turn."""
        return action_token_refusal(unit, kind, delta)

    def entering(self, state: Match, unit: Unit) -> Unit:
        """A unit deployed holds the Grenade token its card's icon gives."""
        return entering(state, unit)

    def invariant(self) -> Callable[[Match], None]:
        """The base's checks, and the turn's three actions (seed 001 ¶8, ¶42) on every path that applies an
        event (a button, `match event token`, an import): no player's units hold more action tokens than that."""
        base = super().invariant()

        def check(state: Match) -> None:
            base(state)
            for player in state.players:
                used = actions_used(state, player.id)
                if used > ACTIONS_PER_TURN:
                    raise IllegalAction(
                        f"On your turn you have {ACTIONS_PER_TURN} actions to hand out: {player.name} has given out "
                        f"all {ACTIONS_PER_TURN} this turn, so a {ordinal(used)} is refused", "actions")

        return check

    def force(self, state: Match, player_id: str, fallen: frozenset[str],
              started: Mapping[str, Unit] | None = None) -> list[Unit]:
        """The starting force (seed 001 ¶32–33): the units the player deployed when play began, as they were then,
        so an upgrade or a swap made since never changes what the limits measure."""
        if started is None:
            return super().force(state, player_id, fallen)
        return [u for u in started.values() if u.owner == player_id and not u.cyclic]

    def legal_actions(self, state: Match) -> list[ActionOption]:
        turn = turn_state(state)
        return [option(state, turn, spec) for spec in SPECS]

    # explain is the base's template; these hooks are Halo's checks
    specs = SPEC_BY_ID

    def _query(self, state: Match) -> TurnState:
        return turn_state(state)

    def _turn_refusal(self, state: Match, now: TurnState, spec: Spec) -> Refusal | None:
        return turn_refusal(state, now, spec)

    def _for_unit(self, spec: Spec) -> bool:
        return bool(spec.where)

    def _option(self, state: Match, now: TurnState, spec: Spec) -> ActionOption:
        return option(state, now, spec)

    def _unit_refusal(self, state: Match, now: TurnState, spec: Spec, unit: Unit) -> Refusal | None:
        why = unit_refusal(now, spec, unit)
        return (why.reason, why.rule) if why else None

    def _param_refusal(self, state: Match, now: TurnState, spec: Spec, action: Action,
                       unit: Unit | None) -> Refusal | None:
        why = param_refusal(state, spec, action)
        if why or spec.id in ATTACKS:
            return why
        try:  # an action that ends in an attack: the attack's own checks, where it is made (halo.composed)
            part = attack_part(state, action)
        except IllegalAction as exc:
            return str(exc), exc.rule or spec.rule
        if part is None:
            return None
        verdict = self.explain(part.before, part.attack)
        if verdict.legal:
            return None
        return (f"{spec.title}: {verdict.reason.removeprefix(SPEC_BY_ID[part.attack.name].title + ': ')}",
                verdict.rule or "attacking")

    def _legal_verdict(self, state: Match, now: TurnState, spec: Spec, unit: Unit) -> Verdict:
        left = f"; {now.left - spec.cost} of {ACTIONS_PER_TURN} actions left after it" if spec.cost else ""
        return Verdict(True, f"{unit.name} can {spec.title.lower()}{left}", spec.rule)

    def odds(self, state: Match, action: Action) -> Odds | None:
        part = attack_part(state, action)  # the one attack, whichever action ends in it
        if part is not None:
            setup, _, _ = attack_setup(part.before, part.attack)
            return Odds(hit_chance(setup), chance_text(setup))
        if action.name == "loot-roll":
            return Odds(None, "2d6 on the Loot Roll chart; its roll numbers are cut off in the source: read them on "
                              "your spawn point counter")
        return None

    outcomes = staticmethod(advice.outcomes)  # halo/advice.py
    advisor_type = advice.HaloAdvisor

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
            now = turn_state(state)
            nxt = state.players[(state.active + 1) % len(state.players)]
            lost = ([f"{counted(now.left, 'unused action')} lost."] if now.left else []) + [
                f"{u.name}'s loot roll was not made." for u in loot_due(now.table)]
            return Resolution((Event("end_turn", {}, by),), f"{state.active_player.name} ends the turn; {nxt.name} "
                              "is next", ("actions",), tuple(lost))
        unit = state.unit(action.unit or "")
        give = Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by)
        if action.name == "move":
            squares = param_int(action.params, "moved", 0, 10**6) if action.params.get("moved") not in (None, "") else 0
            said = f" {squares} square{'' if squares == 1 else 's'}" if squares else ""
            return Resolution((give, *_ends(unit, action, by)), f"{unit.name} moves{said}", ("moving",), (
                f"Up to {unit.current.stats.get('speed', 'its speed')} squares; never onto your own spawn points; "
                "ending on an opponent's spawn point can earn a loot roll.",))
        if action.name == "respawn":
            part = attack_part(state, action)
            return respawn(state, action) if part is None else composed(
                state, action, part, self._attack(part.before, part.attack, rng))
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
                  Event("roll", result.roll.event_data(f"{attacker.name} {VERBS.get(result.setup.kind, 'attacks')} "
                                                       f"{target.name}"), by)]
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
