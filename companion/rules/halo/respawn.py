"""Halo ActionClix respawning and elimination (seed 001).

Respawning is one of the turn's three actions, and that action is the respawned unit's own: it is placed on
one of its player's free spawn points and must move off it, and when the action allows moving and attacking it
may attack after the move. The attack is the system's one attack (halo.composed): with a target, the respawn is
its placement followed by a move and attack (or a grenade thrown after the move), the same form, odds, dice and
resolution as those actions from the spawn point. Which reserve unit may come in is in halo.reserves.

Elimination: the unit goes to the reserves at full health with its respawn open, off its square. Its Upgrade
tokens stay on its card (the seed says so); its Grenade tokens are lost, as on a swap (the seed doesn't say;
this is the app's reading, written in docs/rules-coverage.md), and a card with the grenade icon gives it a fresh
one when it respawns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Refusal, Resolution, param_int
from companion.rules.halo.attack import MAX_MOVE
from companion.rules.halo.reserves import ELIMINATED, awaiting_respawn, respawn_events, respawn_slot
from companion.rules.halo.tokens import GRENADE, icon_grenade_due

RULE = "respawning"


def eliminated(target: Unit, by: str) -> list[Event]:
    """The target to the reserves at full health, its respawn open, off its square; its Grenade tokens lost."""
    events = [Event("set_click", {"unit": target.id, "click": target.start}, by),
              Event("set_location", {"unit": target.id, "location": "reserve", "reason": ELIMINATED}, by)]
    if target.position:
        events.append(Event("set_position", {"unit": target.id, "position": ""}, by))
    if target.tokens[GRENADE]:
        events.append(Event("token", {"unit": target.id, "kind": GRENADE, "delta": -target.tokens[GRENADE]}, by))
    return events


def elimination_events(attacker: Unit, target: Unit) -> list[Event]:
    """Kill and Upgrade tokens for the attacker's side, and the target eliminated."""
    return [Event("score", {"player": attacker.owner, "kind": "kills", "delta": 1}, attacker.owner),
            Event("token", {"unit": attacker.id, "kind": "upgrade", "delta": 1}, attacker.owner),
            *eliminated(target, attacker.owner)]


def respawn_params(reserve: Iterable[Unit]) -> tuple[Param, ...]:
    """The respawn's own fields: whose respawn it takes and the squares moved off the spawn point (the attack's
    fields follow, from halo.composed)."""
    slots = tuple((u.id, f"{u.name} ({u.points} points)") for u in awaiting_respawn(reserve))
    return (Param("for", "Whose respawn (an eliminated unit; it or a reserve unit worth no more comes in)", "choice",
                  (("", "The unit itself, or the cheapest that covers it"), *slots), default=""),
            Param("moved", "Squares moved off the spawn point", "int", low=1, high=MAX_MOVE, default=1))


def _speed(unit: Unit) -> int:
    speed = unit.current.stats.get("speed")
    return speed if isinstance(speed, int) and not isinstance(speed, bool) and speed >= 1 else MAX_MOVE


def respawn_refusal(units: Iterable[Unit], unit: Unit, params: Mapping[str, Any] | None = None) -> Refusal | None:
    """Why `unit` can't respawn now (None: it can); with `params`, also the squares its form says it moves (the
    attack after the move is the one attack's to check: halo.composed)."""
    units = tuple(units)
    slot = respawn_slot(units, unit, None if params is None else params.get("for"))
    if params is None:  # the unit's check: explain puts the action's title before it
        return slot if isinstance(slot, tuple) else None
    if isinstance(slot, tuple):  # the params' check: worded in full, as the others are
        return f"Respawn: {slot[0]}", slot[1]
    try:
        param_int(params, "moved", 1, _speed(unit), default=1, rule=RULE)
    except IllegalAction as exc:
        return (f"Respawn: {exc} ({unit.name}'s speed is {_speed(unit)}, and it must move off the spawn point)",
                RULE)
    return None


def placement(state: Match, action: Action) -> tuple[list[Event], list[str]]:
    """The respawn's first steps, before its move: the unit in (in the respawn it takes), a Grenade token from
    its card's icon; and the lines that say so. IllegalAction when it can't come in."""
    unit = state.unit(action.unit or "")
    named = action.params.get("for")
    slot = respawn_slot(state.units, unit, named)
    if isinstance(slot, tuple):
        raise IllegalAction(slot[0], slot[1])
    by = state.active_player.id
    events = respawn_events(unit, slot, by)
    details = ["Placed on one of your spawn points no enemy has captured, then moved off it."]
    if slot.id != unit.id:
        details.append(f"{unit.name} comes in for {slot.name} ({slot.points} points), who stays in the reserves.")
    elif named not in (None, "", unit.id):  # it was eliminated itself: its own respawn, the named one stays open
        details.append(f"{unit.name} was eliminated itself, so it comes back in its own respawn; "
                       f"{state.unit(str(named)).name}'s respawn stays open.")
    if icon_grenade_due(state, unit):
        events.append(Event("token", {"unit": unit.id, "kind": GRENADE, "delta": 1}, by))
        details.append("Its card's grenade icon gives it a Grenade token.")
    return events, details


def respawn(state: Match, action: Action) -> Resolution:
    """A respawn without an attack: the unit in, its action, and its move off the spawn point."""
    unit = state.unit(action.unit or "")
    events, details = placement(state, action)
    by = state.active_player.id
    events.append(Event("token", {"unit": unit.id, "kind": "action", "delta": 1}, by))
    ends = str(action.params.get("ends", ""))
    if ends:
        events.append(Event("set_position", {"unit": unit.id, "position": ends}, by))
    return Resolution(tuple(events), f"{unit.name} respawns and moves off the spawn point", (RULE,), tuple(details))
