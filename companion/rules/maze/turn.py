"""The Killer of the Maze's turn-wide duties (seed 002), checked where the helper gives actions:

- One model at a time: in each sub-phase, "resolve all actions for one model before moving to the next". A
  model's action stamps it with the sub-phase (`step-acted`); every other model that acted in this sub-phase is
  then finished for it (`step-done`) and is refused further actions there.
- The Beacon: at the beginning of each turn, while a model carries it, a D6; on 4+ every model in the bearer's
  party gains a morale point. The roll comes before any model acts that turn (`beacon-turn` marks it made).
- The Sacrificial Blade: once three-quarters of the bearer's morale is lost, it uses the Blade during each
  Action phase (`blade-turn`), without spending one of its two actions; the phase can't end before it has.
A sub-phase's stamp is 2 x turn (+1 for the Activity sub-phase), so nothing needs resetting between turns.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from companion.core.dice.odds import distribution
from companion.core.dice.roll import roll
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Odds, Refusal, Resolution, odds_text
from companion.rules.maze import parties
from companion.rules.maze.carry import blade_forced
from companion.rules.maze.items import carried, morale, set_counter

ACTIONS_PER_MODEL = 2  # each Imperial Action phase (the pack's action tokens don't carry over)
MOVEMENT, ACTIVITY, TYRANID = "Imperial Action: Movement", "Imperial Action: Activity", "Tyranid Action"
SUBPHASE = {MOVEMENT: "movement", ACTIVITY: "activity", TYRANID: "tyranid"}  # the match's phase -> the helper's word
ACTED, DONE, BLADE_TURN, BEACON_TURN = "step-acted", "step-done", "blade-turn", "beacon-turn"
BEACON = "beacon"
BEACON_GAINS_ON = 4


def game_turn(turn: int) -> int:
    """The seed's game turn holding the match's `turn`: each side's Action phase ends with the core's end of turn,
    so game turn g is the match's turns 2g - 1 (the Imperial Action phase) and 2g (the Tyranid Action phase)."""
    return (turn + 1) // 2


def stage(state: Match, activity: bool) -> int:
    return 2 * state.turn + (1 if activity else 0)


def _models(state: Match, owner: str) -> tuple[Unit, ...]:
    return tuple(u for u in state.units if u.owner == owner and u.location == "table" and not u.eliminated)


def order_refusal(state: Match, unit: Unit, activity: bool) -> Refusal | None:
    """Why `unit` can't act now: another model acted after it in this sub-phase."""
    if unit.counters.get(DONE) == stage(state, activity):
        return (f"{unit.name}'s actions in this sub-phase are over: another model has acted since (all of one "
                "model's actions come before the next model's)", "imperial-action-phase")
    return None


def order_events(state: Match, unit: Unit, activity: bool) -> list[Event]:
    """`unit` acts now: it is the model acting, and the models that acted before it in this sub-phase are done."""
    now = stage(state, activity)
    events = set_counter(unit, ACTED, now, unit.owner)
    for other in _models(state, unit.owner):
        if other.id != unit.id and other.counters.get(ACTED) == now and other.counters.get(DONE) != now:
            events += set_counter(other, DONE, now, unit.owner)
    return events


def beacon_bearers(state: Match, owner: str, movement: bool) -> tuple[Unit, ...]:
    """The models that still owe this turn's Beacon roll: still the Movement sub-phase, and the turn's first action
    hasn't been given yet (a Beacon picked up later in the turn is rolled for at the next one)."""
    models = _models(state, owner)
    if not movement or any(u.counters.get(ACTED, 0) >= stage(state, False) for u in models):
        return ()  # the beginning of the turn is past
    return tuple(u for u in models if carried(u, BEACON) and u.counters.get(BEACON_TURN) != state.turn)


def beacon_refusal(state: Match, owner: str, movement: bool) -> Refusal | None:
    owed = beacon_bearers(state, owner, movement)
    if owed:
        return (f"first roll for the Beacon {owed[0].name} carries: it comes at the beginning of the turn",
                "beacon")
    return None


def beacon_roll(state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    by = unit.owner
    party = parties.party_of(state, params, unit, "beacon")
    result = roll("1d6", rng)
    events = [*set_counter(unit, BEACON_TURN, state.turn, by),
              Event("roll", result.event_data(f"{unit.name}: Beacon, beginning of the turn"), by)]
    gains = result.total >= BEACON_GAINS_ON
    if gains:
        for model in party:
            events += set_counter(model, "morale", morale(model) + 1, by, implicit=True)
    who = "every model in its party" if len(party) > 1 else unit.name
    summary = f"Beacon ({unit.name}): {result.describe()}, " + (f"4+: {who} gains 1 morale point" if gains
                                                                 else "no morale gained")
    return Resolution(tuple(events), summary, ("beacon",), (f"{unit.name}'s party: "
                                                            f"{', '.join(u.name for u in party)}.",))


def beacon_odds(state: Match, unit: Unit, params: Mapping[str, Any]) -> Odds:
    party = parties.party_of(state, params, unit, "beacon")
    p = distribution("1d6").at_least(BEACON_GAINS_ON)
    gain = (f"the {counted(len(party), 'model')} of {unit.name}'s party gain 1 morale point each" if len(party) > 1
            else f"{unit.name} gains 1 morale point")
    return Odds(p, f"Beacon: {BEACON_GAINS_ON}+ on a D6, {odds_text(p)}: {gain}")


def blade_owed(state: Match, owner: str) -> tuple[Unit, ...]:
    """Models that must use the Sacrificial Blade this Action phase and haven't yet."""
    return tuple(u for u in _models(state, owner) if blade_forced(u) and u.counters.get(BLADE_TURN) != state.turn)


def blade_refusal(state: Match, owner: str) -> Refusal | None:
    owed = blade_owed(state, owner)
    if owed:
        return (f"{owed[0].name} has lost three-quarters of its morale and must use the Sacrificial Blade this "
                "phase (Sacrificial Blade, automatic) before it ends", "sacrificial-blade")
    return None


def blade_stamp(state: Match, unit: Unit) -> list[Event]:
    return set_counter(unit, BLADE_TURN, state.turn, unit.owner)
