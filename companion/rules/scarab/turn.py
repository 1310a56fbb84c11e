"""What the Scarab player's turn (seed 000) reads from the match: the Event dial's bands and the move it shows,
who the reinforcements may attack and why not, when interior defenders act, and the count their actions are made
at. The turn's actions themselves (the sequence, one object per step): scarab/turn_play.py.

Interior defenders act during the reinforcements step (the seed's last step of the turn); how many other
reinforcements attack is not in this part of the source, so each may attack once a turn with a reminder.
"""

from __future__ import annotations

from companion.core.model import Match, Unit
from companion.rules.action import Param
from companion.rules.scarab.attacker_fields import GRENADE, VIA_RAMP
from companion.rules.scarab.move_attack import MOVED
from companion.rules.scarab.positions import (
    BENEATH,
    GROUND,
    INTERIOR,
    INTERIOR_QUORUM,
    POSITIONS,
    RAMP,
    TOP,
    attacker_inside,
    inside,
    place,
    reinforcements_inside,
    targets_for,
    where,
)
from companion.rules.scarab.state import (
    EVENT,
    MODIFIER,
    SCARAB_PLAYER,
    Refusal,
    acted,
    dial_id,
    dials,
    is_aerial,
    is_colossal,
    reinforcements,
    standing,
    swarm_showing,
    target_param,
)

# d6 bands of the Event dial (tables.toml "event-bands"): what each does is printed on the dial itself
BANDS = ((1, 2, "1-2"), (3, 4, "3-4"), (5, 5, "5"), (6, 6, "6"))
EVENT_ROLL = "Scarab movement roll (Event dial)"  # the roll's purpose in the log
INTERIOR_ACTIONS = {"normal": 3, "heroic": 4}
# Where a displaced unit ends: the fewest squares that put it next to the base that covered it, which may be a
# square outside the Scarab's outline or one inside it (between the bases: beneath); the map is the players', so
# they say which (one answer for the units of one step; a unit that ends elsewhere is set on its unit screen)
DISPLACED_TO = Param("displaced_to", "Displaced units end next to their base", "choice",
                     ((GROUND, "On the map, outside the Scarab's outline"),
                      (BENEATH, "Beneath the Scarab, between its bases")), default=GROUND)


def band_move(event_dial: Unit, label: str) -> str | None:
    """The move the Event dial's current position shows for a d6 band, when it was typed as "<band>:<move>" (the
    pack's `typing`: "1-2:shift 3-4:rotate 5:shift 6:rotate"); None when the dial doesn't say."""
    return next((m.split(":", 1)[1] for m in event_dial.current.markers if m.split(":", 1)[0] == label
                 and m.split(":", 1)[1]), None)


def rolled_move(state: Match) -> tuple[str, str] | None:
    """This turn's band and the move the Event dial shows for it, once rolled (the move step comes right after the
    roll, before the dial turns); None when the dial doesn't say."""
    event_dial = dials(state).get(EVENT)
    roll = next((r for r in reversed(state.rolls) if r.purpose == EVENT_ROLL), None)
    if event_dial is None or roll is None:
        return None
    label = next((label for low, high, label in BANDS if low <= roll.total <= high), None)
    move = band_move(event_dial, label) if label else None
    return (label, move) if label and move else None


def attackers(state: Match) -> tuple[Unit, ...]:
    return tuple(u for u in state.units if u.owner != SCARAB_PLAYER and standing(u))


def turret_may_aim(unit: Unit) -> bool:
    """The turret's targets: aerial vehicles (HeroClix: the flying symbols) and colossal figures, as marked on the
    figure (any click of its dial: see scarab state `tags`); with nobody marked, it has no target."""
    return is_aerial(unit) or is_colossal(unit)


def reinforcement_refusal(state: Match, unit: Unit, interior: bool = False) -> Refusal | None:
    if dial_id(unit) is not None:
        return f"{unit.name}: the Scarab itself never receives actions or action tokens", "general"
    if unit.owner != SCARAB_PLAYER:
        return f"{unit.name} is not one of the Scarab player's reinforcements", "reinforcements"
    if not standing(unit):
        return f"{unit.name} is not on the table", "reinforcements"
    if acted(state, unit) or unit.tokens.action:
        return f"{unit.name} already acted this turn", "reinforcements"
    if not interior and inside(unit):
        return f"{unit.name} is {where(unit)}: it acts as an interior defender", "interior-defence"
    if interior and not inside(unit):
        return f"{unit.name} is {where(unit)}: only reinforcements inside the Scarab defend it", "interior-defence"
    if not interior and not targets_for(unit, attackers(state)):
        return f"{unit.name} is {where(unit)}: no attacking figure there is a target for it", "attacking-from-top" \
            if place(unit) == TOP else "inside"
    return None


def woken_refusal(state: Match, level: str) -> Refusal | None:
    """Interior defenders act once five reinforcements are inside, Swarm shows on the core, or (HeroClix) an
    attacking figure is inside."""
    count = reinforcements_inside(state)
    if count >= INTERIOR_QUORUM or swarm_showing(state) or (level == "heroclix" and attacker_inside(state)):
        return None
    return (f"interior defenders get no actions yet: {count} reinforcements are inside (five are needed) and "
            "Swarm doesn't show on the Main Power Core dial", "interior-defence")


def interior_unit_refusal(state: Match, unit: Unit) -> Refusal | None:
    why = reinforcement_refusal(state, unit, interior=True)
    if why:
        return why[0], "interior-defence" if why[1] == "reinforcements" else why[1]
    limit = state.rules.token_limits.get("action")
    if limit is not None and unit.tokens.action_last >= limit:
        return f"{unit.name} already holds {limit} action tokens", "interior-defence"
    return None


def heroclix_interior_actions(state: Match) -> int:
    """HeroClix: the standard count (one per 100 points of the Scarab player's force) minus 1."""
    points = sum(u.points for u in state.units if u.owner == SCARAB_PLAYER)
    return max(0, points // 100 - 1)


def heroclix_zero(state: Match) -> str:
    """Why the HeroClix count gives the interior defenders no action (none was used: the count itself is 0)."""
    points = sum(u.points for u in state.units if u.owner == SCARAB_PLAYER)
    return (f"the HeroClix count gives the interior defenders 0 actions this turn: the standard count is "
            f"{points // 100} (one per 100 points of the Scarab player's {points}-point force), minus 1")


def interior_used(state: Match) -> int:
    return sum(u.tokens.action for u in reinforcements(state))


# The count the interior defenders' actions are made at ("level" of the interior action): the Scarab has one power
# level, so every interior action of a turn uses the count the turn's first one used (match counter LEVEL_COUNTER:
# the place in LEVELS, plus 1); else 3 normal actions and then a "heroic" one made 4
LEVELS = ("normal", "heroic", "heroclix")
LEVEL_WORDS = {"normal": "the Normal power level", "heroic": "the Heroic power level", "heroclix": "the HeroClix count"}
LEVEL_COUNTER = "interior-level"


def turn_level(state: Match) -> str | None:
    """The count this turn's interior actions were made at (None before the first, or in a match that can't tell)."""
    if not interior_used(state) or LEVEL_COUNTER not in state.rules.counters.get("match", ()):
        return None
    code = state.counters.get(LEVEL_COUNTER, 0)
    return LEVELS[code - 1] if 1 <= code <= len(LEVELS) else None


def level_allowance(state: Match, level: str) -> int:
    return INTERIOR_ACTIONS.get(level, heroclix_interior_actions(state))


def interior_params(state: Match, targets: tuple[Unit, ...]) -> tuple[Param, ...]:
    target = target_param(targets)
    heroclix = heroclix_interior_actions(state)
    return (
        Param("target", "Attack (leave empty for a move or another action)", "choice",
              (("", "No attack"), *target.choices), default=""),
        MODIFIER,
        GRENADE,  # a Halo reinforcement may throw a grenade as its attack, as the attacker's figures may
        Param("level", "Actions for interior defenders", "choice",
              (("normal", "Normal power level: 3 a turn"), ("heroic", "Heroic power level: 4 a turn"),
               ("heroclix", f"HeroClix: standard count minus 1 = {heroclix}")), default=turn_level(state) or "normal"),
        Param("to", "Where its move ends", "choice", (("", "Where it is"), (RAMP, POSITIONS[RAMP]),
                                                      (INTERIOR, POSITIONS[INTERIOR]), (TOP, "Exits: on top")),
              default=""),
        VIA_RAMP,
        MOVED,  # the same squares-moved field as the attacker's move-then-attack: -3 after more than 4
    )


