"""Moves that end in an attack, as one action (seed 000 on 001's base rules): a figure that exits the Scarab onto
its top "can still shoot"; one that moves off or jumps off "can continue its move" and, with an action that moves
and attacks, attack. The attack is judged from where the move leaves the figure, within its speed, with -3 attack
after more than 4 squares (Halo ActionClix's base rule; the square it is placed on counts as 1).

The attacker's exit, move off and jump off take an optional `target`: "scarab" shoots the Scarab, a
reinforcement's id attacks it; `moved` says the squares moved in the action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from companion.core.model import Match, Unit
from companion.rules.base import Action, Param, Refusal
from companion.rules.halo.attack import FREE_MOVE, LONG_MOVE_PENALTY, MAX_MOVE
from companion.rules.scarab.positions import (
    INSIDE,
    INTERIOR,
    OUTSIDE_MAP,
    PHRASES,
    POSITIONS,
    RAMP,
    TOP,
    boarding_refusal,
    place,
    where,
)

SCARAB_TARGET = "scarab"
FOLLOWED = ("exit", "move-off", "jump-off")  # the attacker's moves that may end in an attack
MOVED = Param("moved", "Squares moved in this action (the square it is placed on counts as 1)", "int", low=1,
              high=MAX_MOVE, default=1)


def follow_params(reinforcements: Iterable[Unit]) -> tuple[Param, ...]:
    choices = (("", "No attack"), (SCARAB_TARGET, "Shoot the Scarab"), *((u.id, u.name) for u in reinforcements))
    return MOVED, Param("target", "Then attack (optional)", "choice", choices, default="")


def penalty(params: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """The -3 of a long move before the attack, as a shot modifier."""
    moved = params.get("moved", 0)
    return (((f"moved {moved} squares (more than {FREE_MOVE})", -LONG_MOVE_PENALTY),)
            if isinstance(moved, int) and moved > FREE_MOVE else ())


def follow_up(action: Action, unit: Unit, lands: str) -> tuple[Action, Unit] | Refusal | None:
    """The attack that ends the move (its action and the figure where the move leaves it); None without a target;
    a refusal for a move longer than the figure's speed."""
    target = action.params.get("target")
    if action.name not in FOLLOWED or target in (None, ""):
        return None
    moved = action.params.get("moved", 1)
    speed = unit.current.stats.get("speed")
    limit = speed if isinstance(speed, int) and not isinstance(speed, bool) else MAX_MOVE
    if isinstance(moved, bool) or not isinstance(moved, int) or not 1 <= moved <= limit:
        return f"moved must be a whole number from 1 to {limit} ({unit.name}'s speed), not {moved!r}", action.name
    name = "shoot-scarab" if target == SCARAB_TARGET else "attack"
    params = {k: v for k, v in action.params.items() if k != "target" or name == "attack"}
    return Action(name, unit.id, params), replace(unit, position=lands)


def move_refusal(state: Match, unit: Unit, to: object, flyer_limit: bool) -> Refusal | None:
    """Where a plain move may end: on the same map, or on top of the Scarab from the Destroyed Base map."""
    if to in ("", None) or to == place(unit):
        return None
    if to not in POSITIONS:
        return f"to must be one of {', '.join(POSITIONS)} or empty, not {to!r}", "attacker-actions"
    here = place(unit)
    if to == TOP and here in OUTSIDE_MAP:
        return boarding_refusal(state, unit, flyer_limit)
    if {here, to} <= set(OUTSIDE_MAP) or {here, to} <= set(INSIDE):
        return None
    how = {TOP: "exit from the Ramp", RAMP: "enter from on top", INTERIOR: "enter from on top"}.get(
        str(to), "move off or jump off")
    return f"{unit.name} is {where(unit)}: to get {PHRASES[str(to)]} it must {how}", "on-top" if here == TOP else \
        "inside"
