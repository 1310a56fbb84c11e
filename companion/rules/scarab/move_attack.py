"""Moves that end in an attack, as one action (seed 000 on 001's base rules).

A figure placed on the Ramp "can continue its move"; one that exits onto the top "can still shoot"; one that moves
off or jumps off "can continue its move"; and under Halo ActionClix's base rules any move may end in an attack.
Each of these actions is a move part and, when it names a `target`, the attack part: exactly one of the plain
attacks (Shoot the Scarab, Attack the Main Power Core, Attack a reinforcement) with the same form fields, judged
by the same checks and rolled by the same resolution from the position the move leaves the figure in (its new
place, and after a jump's damage its new click), within its speed, with -3 attack after more than 4 squares
(Halo ActionClix's base rule; the square it is placed on counts as 1).

`target` is "scarab" (shoot the Scarab), "core" (attack the Main Power Core) or a reinforcement's id; `moved` is
the squares moved in the action. The actions themselves (each move's landing, its form, the attack it ends in) are
scarab/attacker_moves.py's; here are the rules every move shares.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Refusal
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

SCARAB_TARGET, CORE_TARGET = "scarab", "core"
MOVED = Param("moved", "Squares moved in this action (the square it is placed on counts as 1)", "int", low=1,
              high=MAX_MOVE, default=1)


def ends(goes_on: tuple[str, ...]) -> Param:
    """The field of a move that places the figure: where it goes on to on that map."""
    return Param("to", "Where its move ends", "choice", tuple((p, POSITIONS[p]) for p in goes_on), default=goes_on[0])


def moved_refusal(action: Action, unit: Unit) -> Refusal | None:
    """The squares moved: at least the square it is placed on, at most its speed."""
    moved = action.params.get("moved", 1)
    speed = unit.current.stats.get("speed")
    limit = speed if isinstance(speed, int) and not isinstance(speed, bool) else MAX_MOVE
    if isinstance(moved, bool) or not isinstance(moved, int) or not 1 <= moved <= limit:
        return f"moved must be a whole number from 1 to {limit} ({unit.name}'s speed), not {moved!r}", action.name
    return None


def penalty(params: Mapping[str, Any]) -> tuple[tuple[str, int], ...]:
    """The -3 of a long move before the attack, as a shot modifier."""
    moved = params.get("moved", 0)
    return (((f"moved {moved} squares (more than {FREE_MOVE})", -LONG_MOVE_PENALTY),)
            if isinstance(moved, int) and moved > FREE_MOVE else ())


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
    # the action that makes this change of map, named by its title (scarab/attacker_moves.py) for the player to pick
    how = {TOP: "use 'Exit the Scarab' (from the Ramp)", RAMP: "use 'Enter the Scarab' (from on top)",
           INTERIOR: "use 'Enter the Scarab' (from on top: placed on the Ramp, it may go on onto the Interior map)",
           }.get(str(to), "use 'Move off (kneeling Scarab)' or 'Jump off (standing Scarab)'")
    if to in INSIDE and here in OUTSIDE_MAP:
        how = "first get on top of the Scarab (a move), then use 'Enter the Scarab'"
    if to in OUTSIDE_MAP and here in INSIDE:
        how = "first use 'Exit the Scarab' (onto the top), then 'Move off' or 'Jump off'"
    return f"{unit.name} is {where(unit)}: to get {PHRASES[str(to)]} it must {how}", "on-top" if here == TOP else \
        "inside"
