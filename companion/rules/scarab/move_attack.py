"""Moves that end in an attack, as one action (seed 000 on 001's base rules).

A figure placed on the Ramp "can continue its move"; one that exits onto the top "can still shoot"; one that moves
off or jumps off "can continue its move"; and under Halo ActionClix's base rules any move may end in an attack.
Each of these actions is a move part and, when it names a `target`, the attack part: exactly one of the plain
attacks (Shoot the Scarab, Attack the Main Power Core, Attack a reinforcement) with the same form fields, judged
by the same checks and rolled by the same resolution from the position the move leaves the figure in (its new
place, and after a jump's damage its new click), within its speed, with -3 attack after more than 4 squares
(Halo ActionClix's base rule; the square it is placed on counts as 1).

`target` is "scarab" (shoot the Scarab), "core" (attack the Main Power Core) or a reinforcement's id; `moved` is
the squares moved in the action.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from companion.core.model import Match, Unit
from companion.rules.action import Action, Param, Refusal
from companion.rules.halo.attack import FREE_MOVE, LONG_MOVE_PENALTY, MAX_MOVE
from companion.rules.scarab.attacker_specs import FIELDS, JUMP_CLIMB, MOVE_TO, VIA_RAMP
from companion.rules.scarab.positions import (
    BENEATH,
    GROUND,
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
from companion.rules.scarab.state import unit_choices

SCARAB_TARGET, CORE_TARGET = "scarab", "core"
ATTACK_BY_TARGET = {SCARAB_TARGET: "shoot-scarab", CORE_TARGET: "attack-core"}  # any other target: "attack"
LANDS = {"enter": RAMP, "exit": TOP, "move-off": GROUND, "jump-off": GROUND}  # where these actions place it
# where it may go on to on the same map ("it can continue its move"); exiting ends its move on top
GOES_ON = {"enter": (RAMP, INTERIOR), "move-off": (GROUND, BENEATH), "jump-off": (GROUND, BENEATH)}
MOVING = ("move", *LANDS)  # the attacker's moves that may end in an attack
# the plain attacks each move's form offers, by where it leaves the figure (a move may end on any map)
AIMS = {"move": ("shoot-scarab", "attack-core", "attack"), "enter": ("attack-core", "attack"), "exit": ("attack",),
        "move-off": ("shoot-scarab", "attack"), "jump-off": ("shoot-scarab", "attack")}


def _ends(name: str) -> Param:
    return Param("to", "Where its move ends", "choice", tuple((p, POSITIONS[p]) for p in GOES_ON[name]),
                 default=GOES_ON[name][0])


OWN_FIELDS = {"move": (MOVE_TO,), "enter": (_ends("enter"),), "exit": (VIA_RAMP,), "move-off": (_ends("move-off"),),
              "jump-off": (JUMP_CLIMB, _ends("jump-off"))}  # what the move part itself asks
MOVED = Param("moved", "Squares moved in this action (the square it is placed on counts as 1)", "int", low=1,
              high=MAX_MOVE, default=1)
_TARGET_WORDS = {"shoot-scarab": (SCARAB_TARGET, "Shoot the Scarab"),
                 "attack-core": (CORE_TARGET, "Attack the Main Power Core")}


def landing(action: Action, unit: Unit) -> str:
    """Where the action's move leaves the figure."""
    to = action.params.get("to")
    if action.name in GOES_ON:
        return str(to) if to in GOES_ON[action.name] else LANDS[action.name]
    return LANDS.get(action.name) or (str(to) if to in POSITIONS else place(unit))


def ends_refusal(action: Action) -> Refusal | None:
    """Where a move that places the figure may go on to: on the map it was placed on."""
    to, allowed = action.params.get("to"), GOES_ON.get(action.name)
    if allowed is None or to in ("", None, *allowed):
        return None
    return f"to must be one of {', '.join(allowed)}, not {to!r}", action.name


def params(name: str, reinforcements: Iterable[Unit]) -> tuple[Param, ...]:
    """The form of a move that may end in an attack: its own fields, the squares moved, the attack it ends in, and
    the plain attacks' own fields for the attacks offered."""
    aims = AIMS[name]
    choices = (("", "No attack"), *(_TARGET_WORDS[a] for a in aims if a in _TARGET_WORDS),
               *(unit_choices(reinforcements) if "attack" in aims else ()))
    fields = tuple({p.name: p for aim in aims for p in FIELDS[aim]}.values())
    return (*OWN_FIELDS.get(name, ()), MOVED, Param("target", "Then attack (optional)", "choice", choices, default=""),
            *fields)


def attack_part(action: Action) -> Action | None:
    """The plain attack a move ends in (its own params only), None for a move without one."""
    target = action.params.get("target")
    if action.name not in MOVING or target in (None, ""):
        return None
    name = ATTACK_BY_TARGET.get(str(target), "attack")
    keep = {p.name for p in FIELDS[name]} | ({"target"} if name == "attack" else set())
    return Action(name, action.unit, {k: v for k, v in action.params.items() if k in keep})


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
    # the action that makes this change of map, by its title (attacker_specs), so the player knows which to pick
    how = {TOP: "use 'Exit the Scarab' (from the Ramp)", RAMP: "use 'Enter the Scarab' (from on top)",
           INTERIOR: "use 'Enter the Scarab' (from on top: placed on the Ramp, it may go on onto the Interior map)",
           }.get(str(to), "use 'Move off (kneeling Scarab)' or 'Jump off (standing Scarab)'")
    if to in INSIDE and here in OUTSIDE_MAP:
        how = "first get on top of the Scarab (a move), then use 'Enter the Scarab'"
    if to in OUTSIDE_MAP and here in INSIDE:
        how = "first use 'Exit the Scarab' (onto the top), then 'Move off' or 'Jump off'"
    return f"{unit.name} is {where(unit)}: to get {PHRASES[str(to)]} it must {how}", "on-top" if here == TOP else \
        "inside"
