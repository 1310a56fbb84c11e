"""Where a figure stands in a Scarab game (seed 000), and what that allows.

A unit's `position` is one of POSITIONS ("" reads as "ground"): on the Destroyed Base map, beneath the Scarab
(inside the outline of its four bases), on top of it, or inside it (the Ramp's 12 squares or elsewhere on the
Scarab Interior map). The Scarab's own dials have no position: they are the Scarab. Actions that move a figure
set its position (move, enter, exit, move off, jump off, displaced units); players can set it by hand
(the `set_position` event).

Card symbols the source names but prints illegibly are words on the unit (scarab state `tags`: on any click of
its dial, or its ref): "no-top" can't move on top of the Scarab, "no-inside" can't go inside; "aerial"/"flying"
marks flyers; "jump-climb" marks Jump/Climb.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.core.model import Match, Unit
from companion.rules.action import Refusal
from companion.rules.scarab.state import SCARAB_PLAYER, dial_id, is_aerial, reinforcements, standing, tags

GROUND, BENEATH, TOP, RAMP, INTERIOR = "ground", "beneath", "top", "ramp", "interior"
POSITIONS = {
    GROUND: "On the Destroyed Base map",
    BENEATH: "Beneath the Scarab",
    TOP: "On top of the Scarab",
    RAMP: "Inside: on the Ramp",
    INTERIOR: "Inside: the Interior map",
}
INSIDE = (RAMP, INTERIOR)
OUTSIDE_MAP = (GROUND, BENEATH)  # the Destroyed Base map
INTERIOR_QUORUM = 5  # reinforcements that must stay inside, and that wake the interior defenders
FLYER_LIMIT = 2  # house rule: flyers that may move on top a turn
BOARDED = "boarded-turn"  # unit counter: the turn in which the figure last moved on top


def place(unit: Unit) -> str:
    """The figure's position ("ground" when nobody has said otherwise)."""
    return unit.position if unit.position in POSITIONS else GROUND


PHRASES = {GROUND: "on the Destroyed Base map", BENEATH: "beneath the Scarab", TOP: "on top of the Scarab",
           RAMP: "on the Ramp inside the Scarab", INTERIOR: "on the Scarab Interior map"}


def where(unit: Unit) -> str:
    return PHRASES[place(unit)] if dial_id(unit) is None else "the Scarab itself"


def inside(unit: Unit) -> bool:
    return place(unit) in INSIDE


def reinforcements_inside(state: Match) -> int:
    return sum(1 for u in reinforcements(state) if standing(u) and inside(u))


def attacker_inside(state: Match) -> bool:
    return any(inside(u) for u in state.units if u.owner != SCARAB_PLAYER and standing(u))


def gun_can_see(unit: Unit) -> bool:
    """The Scarab's guns reach every unit except those beneath it, on top of it or inside it."""
    return place(unit) == GROUND


def shot_refusal(shooter: Unit, target: Unit) -> Refusal | None:
    """Whether `shooter` may shoot `target` by where both stand (line of fire on one map is the players')."""
    here, there = place(shooter), place(target)
    if here == TOP:
        if there in INSIDE:
            return f"{shooter.name} is on top of the Scarab: it can't shoot figures inside it", "attacking-from-top"
        if there == BENEATH:
            return (f"{shooter.name} is on top of the Scarab: it can't shoot units beneath it",
                    "attacking-from-top")
        return None
    if (here in INSIDE) != (there in INSIDE):
        return (f"{shooter.name} is {where(shooter)} and {target.name} {where(target)}: the Scarab Interior map "
                "is a map of its own", "inside")
    return None


def targets_for(shooter: Unit, units: Iterable[Unit]) -> tuple[Unit, ...]:
    return tuple(u for u in units if shot_refusal(shooter, u) is None)


def flyers_boarded(state: Match, owner: str) -> int:
    """Flying figures of `owner` that moved on top of the Scarab this turn (house rule flyer-limit-2)."""
    return sum(1 for u in state.units if u.owner == owner and is_aerial(u) and u.counters.get(BOARDED) == state.turn)


def boarding_refusal(state: Match, unit: Unit, flyer_limit: bool) -> Refusal | None:
    if "no-top" in tags(unit):
        return f"{unit.name}'s card shows a symbol that can't move on top of the Scarab", "colossal"
    if flyer_limit and is_aerial(unit) and flyers_boarded(state, unit.owner) >= FLYER_LIMIT:
        return f"{FLYER_LIMIT} flying figures already moved on top of the Scarab this turn", "flyer-limit"
    return None


def entering_refusal(unit: Unit) -> Refusal | None:
    if place(unit) != TOP:
        return f"{unit.name} is {where(unit)}: only figures on top of the Scarab can enter it", "inside"
    if "no-inside" in tags(unit):
        return f"{unit.name}'s card shows a symbol that can't move into the Scarab", "colossal"
    return None


def leaving_refusal(state: Match, unit: Unit) -> Refusal | None:
    """Exiting the interior: a figure inside (it exits from the Ramp: see `ramp_refusal`); five reinforcements
    must stay inside."""
    if place(unit) not in INSIDE:
        return f"{unit.name} is {where(unit)}: only a figure on the Ramp inside the Scarab can exit it", "exiting"
    if unit.owner == SCARAB_PLAYER and reinforcements_inside(state) <= INTERIOR_QUORUM:
        return (f"at least {INTERIOR_QUORUM} reinforcements must stay on the Scarab Interior map "
                f"({reinforcements_inside(state)} are inside)", "interior-defence")
    return None


def ramp_refusal(unit: Unit, via_ramp: object) -> Refusal | None:
    """A figure exits from the Ramp: one elsewhere on the Interior map may walk onto it in the same action and exit,
    if it still has movement left there (the seed: "on the Ramp and can still move during that action"); the map
    is the players', so the app asks."""
    if place(unit) == INTERIOR and via_ramp is not True:
        return (f"{unit.name} is on the Scarab Interior map: it exits from the Ramp, so it must reach the Ramp in this "
                "action with movement left", "exiting")
    return None


def change_refusal(before: Match, after: Match) -> Refusal | None:
    """What no change of a Scarab match may do, whatever made it (an action, a hand-set position on the unit
    screen, `companion match event`): give one of the Scarab's dials a position (a dial is the Scarab itself), put a
    figure where its card's symbol forbids (on top: "no-top"; inside: "no-inside"), or take a standing
    reinforcement out of the interior when that leaves fewer than five inside (a KO isn't leaving)."""
    was = {u.id: u for u in before.units}
    for unit in after.units:
        old = was.get(unit.id)
        if old is None or (old.position == unit.position and old.location == unit.location):
            continue
        if dial_id(unit) is not None and unit.position and unit.position != old.position:
            return (f"{unit.name} is part of the Scarab itself: it has no position of its own (leave it empty)",
                    "general")
        if place(unit) != place(old) and place(unit) == TOP and "no-top" in tags(unit):
            return f"{unit.name}'s card shows a symbol that can't move on top of the Scarab", "colossal"
        if place(unit) != place(old) and inside(unit) and not inside(old) and "no-inside" in tags(unit):
            return f"{unit.name}'s card shows a symbol that can't move into the Scarab", "colossal"
    left = [u for u in reinforcements(after) if standing(u) and not inside(u)
            and (old := was.get(u.id)) is not None and standing(old) and inside(old)]
    count = reinforcements_inside(after)
    if left and count < INTERIOR_QUORUM:
        return (f"{left[0].name} can't leave the Scarab Interior map: at least {INTERIOR_QUORUM} reinforcements must "
                f"stay inside, and {count} would be left", "interior-defence")
    return None
