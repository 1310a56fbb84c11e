"""Halo ActionClix's double-six splash (seed 001, a card ability): when the unit shoots and the attack roll is two
6s, every enemy unit adjacent to the target also takes 1 damage.

The match doesn't know squares, so the player marks which enemy units stand next to the target (a yes/no per
unit, `adjacent_<id>`, or a list `adjacent`); the splash is then events like any damage: 1 damage on each marked
unit, and for each one it eliminates, the Kill and Upgrade tokens and the unit to the reserves. The text says
exactly what those events do.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from companion.core.errors import IllegalAction
from companion.core.match.events import Event, replay
from companion.core.model import Match, Unit
from companion.rules.action import Param

PREFIX = "adjacent_"
SPLASH_DAMAGE = 1
RULE = "special-ability-colours"


def splash_params(targets: tuple[Unit, ...]) -> tuple[Param, ...]:
    """One yes/no per enemy unit: is it next to the target (it takes the splash on two 6s). Asked only with the
    card's splash switched on (without it no mark does anything), and never for the target itself (`marked`
    refuses that mark): the form follows the target chosen."""
    return tuple(Param(f"{PREFIX}{u.id}", f"{u.name} stands next to the target (splash on two 6s)", "bool",
                       default=False, rare=True, only_when=(("splash", True),), not_when=(("target", u.id),))
                 for u in targets)


def marked(state: Match, attacker: Unit, target: Unit, params: Mapping[str, Any]) -> tuple[Unit, ...]:
    """The units the player marked next to the target; IllegalAction for a mark that can't be one."""
    ids = params.get("adjacent", [])
    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
        raise IllegalAction("adjacent must be a list of unit ids", RULE)
    ids = ids + [k.removeprefix(PREFIX) for k, v in params.items() if k.startswith(PREFIX) and v is True]
    out = []
    for uid in dict.fromkeys(ids):
        try:
            unit = state.unit(uid)
        except KeyError:
            raise IllegalAction(f"there is no unit {uid!r} to mark next to the target", RULE) from None
        if unit.id == target.id:
            raise IllegalAction(f"{unit.name} is the target itself, not a unit next to it", RULE)
        if unit.owner == attacker.owner or unit.location != "table" or unit.eliminated:
            raise IllegalAction(f"{unit.name} is not an enemy unit on the table: the splash hits only enemies", RULE)
        out.append(unit)
    return tuple(out)


def splash(state: Match, events: list[Event], attacker: Unit, units: tuple[Unit, ...],
           eliminate: Callable[[Unit, Unit], list[Event]]) -> tuple[list[Event], str]:
    """The splash's events after the shot's `events`, and the line that says what they do."""
    if not units:
        return events, ("Two 6s with the double-six card ability: no enemy unit was marked next to the target, so "
                        "the splash hits nobody.")
    by = attacker.owner
    after = replay(state, events)
    out = list(events)
    hurt, killed = [], []
    for unit in units:
        now = after.unit(unit.id)
        if now.location != "table" or now.eliminated:  # the shot's own events already took it off
            continue
        step = [Event("damage", {"unit": unit.id, "amount": SPLASH_DAMAGE}, by)]
        trial = replay(after, step)
        if trial.unit(unit.id).eliminated:
            step += eliminate(after.unit(attacker.id), trial.unit(unit.id))
            killed.append(unit.name)
        after = replay(after, step)
        out += step
        hurt.append(unit.name)
    text = f"Two 6s with the double-six card ability: {SPLASH_DAMAGE} damage to {', '.join(hurt) or 'nobody'}"
    if killed:
        text += f"; {', '.join(killed)} eliminated (a Kill token and an Upgrade token each)"
    return out, text + "."
