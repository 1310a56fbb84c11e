"""The Scarab player's turn (seed 000): the Scarab's fixed sequence, then its reinforcements.

`match.phase` is the current step's id (an empty or unknown phase is the first step), as the app's Scarab guide
records it. Steps of a "fixed" group open one after the other; the two gun attacks form an "any" group, open in
either order until each has fired once this turn (the "acted-turn" counter on its dial). Resolving a step
records it and moves the phase on, so every step is taken at most once a turn. The Scarab takes no actions:
its steps cost none, and its dials never get tokens.
Interior defenders act during the reinforcements step (the seed's last step of the turn); how many other
reinforcements attack is not in this part of the source, so each may attack once a turn with a reminder.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.core.model import Match, Unit
from companion.rules.action import ActionOption, Param
from companion.rules.scarab.attacker_specs import GRENADE, VIA_RAMP
from companion.rules.scarab.move_attack import MOVED
from companion.rules.scarab.positions import (
    BENEATH,
    GROUND,
    INTERIOR,
    INTERIOR_QUORUM,
    OUTSIDE_MAP,
    POSITIONS,
    RAMP,
    TOP,
    attacker_inside,
    gun_can_see,
    inside,
    place,
    reinforcements_inside,
    targets_for,
    where,
)
from companion.rules.scarab.state import (
    CHASSIS,
    CORE,
    DIAL_NAMES,
    EVENT,
    MODIFIER,
    SCARAB_PLAYER,
    SHELL,
    Refusal,
    acted,
    aerial_marked,
    dial_id,
    dials,
    disabled,
    is_aerial,
    is_colossal,
    reinforcements,
    standing,
    stat,
    summary,
    swarm_showing,
    target_param,
    tracks_acted,
    unit_option,
)


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    group: str
    order: str  # "fixed": one after the other; "any": in any order within the group
    rule: str
    dial: str | None = None
    dice: str | None = None


STEPS = (
    Step("roll-event", "Roll a d6 against the Event dial", "movement", "fixed", "move-scarab", EVENT, "d6"),
    Step("move", "Shift or rotate the Scarab", "movement", "fixed", "move-scarab"),
    Step("displaced", "Displaced units take 1 damage each", "movement", "fixed", "displaced-units"),
    Step("event-specials", "Event dial special attacks", "specials", "fixed", "special-attacks", EVENT),
    Step("turn-event", "Turn the Event dial clockwise", "specials", "fixed", "special-attacks", EVENT),
    Step("shell-specials", "Shell dial special attacks", "specials", "fixed", "special-attacks", SHELL),
    Step("main-gun", "Fire the main gun", "attacks", "any", "main-gun", CORE, "2d6"),
    Step("turret", "Fire the aerial defense turret", "attacks", "any", "aerial-turret", CHASSIS, "2d6"),
    Step("reinforcements", "Attack with a reinforcement", "reinforcement-attacks", "fixed", "reinforcements", None,
         "2d6"),
)
STEP_BY_ID = {s.id: s for s in STEPS}
GUNS = ("main-gun", "turret")
EXTRA = ("hold-fire", "interior-action", "end-turn")
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

NOTES = {
    "move": "Solid black lines don't stop it; no part of a base may leave the map.",
    "displaced": "Tick every unit a base now covers: each is moved next to that base and takes 1 damage.",
    "main-gun": "Never at units beneath the Scarab, on top of it or inside it.",
    "turret": "Only at aerial vehicles, colossal figures and (HeroClix) characters with the flying symbols; "
              "never at units beneath, on top or inside.",
    "reinforcements": "This part of the source doesn't say how many reinforcements attack; each may attack once "
                      "here. Interior defenders use 'Interior defender action'.",
    "interior-action": "At least five reinforcements must stay inside; one exits from the Ramp (it may walk onto it "
                       "in this action).",
}


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


def position(state: Match) -> int:
    return next((i for i, s in enumerate(STEPS) if s.id == state.phase), 0)


def open_steps(state: Match) -> tuple[str, ...]:
    """The steps that may be taken now."""
    current = STEPS[position(state)]
    if current.order != "any" or not tracks_acted(state):
        return (current.id,)
    present = dials(state)
    return tuple(s.id for s in STEPS if s.group == current.group
                 and not (s.dial in present and acted(state, present[s.dial])))


def next_phase(state: Match, done: str) -> str:
    step = STEP_BY_ID[done]
    if step.order == "any" and tracks_acted(state):
        rest = [s for s in open_steps(state) if s != done]
        if rest:
            return rest[0]
        after = max(i for i, s in enumerate(STEPS) if s.group == step.group) + 1
    else:
        after = STEPS.index(step) + 1
    return STEPS[min(after, len(STEPS) - 1)].id


def attackers(state: Match) -> tuple[Unit, ...]:
    return tuple(u for u in state.units if u.owner != SCARAB_PLAYER and standing(u))


def gun_targets(state: Match, gun: str) -> tuple[Unit, ...]:
    """The guns reach every attacking figure on the Destroyed Base map that isn't beneath the Scarab."""
    targets = tuple(u for u in attackers(state) if gun_can_see(u))
    return tuple(u for u in targets if turret_may_aim(u)) if gun == "turret" else targets


def turret_may_aim(unit: Unit) -> bool:
    """The turret's targets: aerial vehicles (HeroClix: the flying symbols) and colossal figures, as marked on the
    figure (any click of its dial: see scarab state `tags`); with nobody marked, it has no target."""
    return is_aerial(unit) or is_colossal(unit)


def gun_target_refusal(state: Match, gun: str, target_id: object) -> Refusal | None:
    """Why the named unit isn't a target for this gun (its own reason: where it stands, or what it is); None when
    it is, or when no unit by that id is named (pick_target says so)."""
    unit = next((u for u in state.units if u.id == target_id), None)
    if unit is None or unit in gun_targets(state, gun):
        return None
    if unit.owner == SCARAB_PLAYER:
        return f"{unit.name} is on the Scarab's side: its guns attack the attacking player's units", "gun-targets"
    if unit.eliminated:
        return f"{unit.name} is KO'd: it is no target any more", "gun-targets"
    if not standing(unit):
        return f"{unit.name} is not on the table", "gun-targets"
    if not gun_can_see(unit):
        return (f"{unit.name} is {where(unit)}: the Scarab's guns have no line of fire to units beneath it, on top of "
                "it or inside it", "gun-targets")
    return (f"{unit.name} is neither an aerial vehicle nor a colossal figure: the aerial defense turret attacks only "
            "those", "aerial-turret")


def order_refusal(state: Match, step: Step) -> Refusal | None:
    if step.id in open_steps(state):
        return None
    present = dials(state)
    if step.order == "any" and step.dial in present and acted(state, present[step.dial]):
        return f"{step.title}: already done this turn (each gun makes one attack a turn)", "general"
    when = "done for this turn" if STEPS.index(step) < position(state) else "not yet"
    return f"{when}: the Scarab's turn runs in order, and {now(state)}", "turn-sequence"


def gun_refusal(state: Match, step: Step, named: Refusal | None = None) -> Refusal | None:
    """Why the gun can't fire now: its dial, then the named target's own reason (`named`), then no target."""
    dial = dials(state).get(step.dial or "")
    name = DIAL_NAMES[step.dial or CORE]
    if dial is None:
        return f"enter the Scarab's {name} first: the gun uses its attack and damage", step.rule
    if dial.eliminated or stat(dial, "attack") is None or stat(dial, "damage") is None:
        return f"the {name} shows no attack and damage values now", step.rule
    if named:
        return named
    if not gun_targets(state, step.id):
        return no_target(state, step)[0]
    return None


def no_target(state: Match, step: Step) -> tuple[Refusal, dict[str, str], tuple[str, ...]]:
    """Why a gun has no target, every attacking figure on the table with its own reason (where it stands, or not
    aerial), and the figures the sentence names: those it could otherwise shoot, or none when there is none."""
    refused = {u.id: why[0] for u in attackers(state) if (why := gun_target_refusal(state, step.id, u.id))}
    mine = {u.id: refused[u.id] for u in attackers(state)
            if u.id in refused and (step.id != "turret" or turret_may_aim(u))}
    if not mine:
        what = "aerial vehicle or colossal figure" if step.id == "turret" else "attacking figure"
        unmarked = (" (no figure on the table is marked aerial, flying or colossal: mark them on the unit)"
                    if step.id == "turret" and refused else "")
        return (f"no {what} of the attacking player is on the table{unmarked}: hold fire", step.rule), refused, ()
    text, shown = summary(mine)
    return (f"{text} (hold fire)", "gun-targets"), refused, shown


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


def _interior_params(state: Match, targets: tuple[Unit, ...]) -> tuple[Param, ...]:
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


def options(state: Match) -> list[ActionOption]:
    return [*(_step_option(state, s) for s in STEPS), hold_fire_option(state), interior_option(state),
            end_turn_option(state)]


def now(state: Match) -> str:
    return f"the step now is '{STEPS[position(state)].title}'"


def hold_fire_option(state: Match) -> ActionOption:
    title = "Hold fire"
    guns = [g for g in GUNS if g in open_steps(state)]
    if not guns:
        return disabled("hold-fire", title, (f"hold fire only in the gun step; {now(state)}", "turn-sequence"), cost=0)
    which = Param("gun", "The gun with no target", "choice", tuple((g, STEP_BY_ID[g].title) for g in guns),
                  default=guns[0])
    return ActionOption("hold-fire", title, True, rule="turn-sequence", cost=0, params=(which,))


def end_turn_option(state: Match) -> ActionOption:
    title = "End the Scarab's turn"
    if position(state) == len(STEPS) - 1:
        return ActionOption("end-turn", title, True, rule="turn-sequence", cost=0)
    return disabled("end-turn", title, (f"finish the sequence first: {now(state)}, the last is "
                                        f"'{STEPS[-1].title}'", "turn-sequence"), cost=0)


def _step_option(state: Match, step: Step) -> ActionOption:
    note = NOTES.get(step.id)
    rolled = rolled_move(state) if step.id == "move" and position(state) == STEPS.index(step) else None
    if rolled:
        note = f"This turn's roll: band {rolled[0]}, {rolled[1]}. {note}"
    why = order_refusal(state, step) or (gun_refusal(state, step) if step.id in GUNS else None)
    if step.id == "turret" and not aerial_marked(state):
        note = f"{note} No figure is marked aerial or flying in this match: mark them, or the turret holds fire."
    if why:
        blocked, refused, shown = no_target(state, step) if step.id in GUNS else (why, {}, ())
        if blocked != why:  # refused for another reason (the turn's order, the dial): no figure's own
            refused, shown = {}, ()
        return disabled(step.id, step.title, why, cost=0, note=note, dice=step.dice, refused=refused, shown=shown)
    if step.id == "reinforcements":
        targets = attackers(state)
        return unit_option(step.id, step.title, step.rule, [u for u in reinforcements(state) if standing(u)],
                           lambda u: reinforcement_refusal(state, u), cost=0, note=note, dice=step.dice,
                           params=(target_param(targets), MODIFIER, GRENADE),
                           none_reason="you have no reinforcements on the table")
    params: tuple[Param, ...] = ()
    if step.id in GUNS:
        params = (target_param(gun_targets(state, step.id)),)
    elif step.id == "displaced":
        ticks = tuple(Param(f"displaced-{u.id}", f"{u.name} was displaced", "bool", default=False)
                      for u in state.units if dial_id(u) is None and standing(u) and place(u) in OUTSIDE_MAP)
        params = (*ticks, DISPLACED_TO) if ticks else ()
    return ActionOption(step.id, step.title, True, rule=step.rule, cost=0, note=note, params=params, dice=step.dice)


def interior_option(state: Match) -> ActionOption:
    title = "Interior defender action"
    note = NOTES["interior-action"] + (" Swarm shows on the Main Power Core dial: they may act." if
                                       swarm_showing(state) else f" {reinforcements_inside(state)} are inside.")
    if position(state) != len(STEPS) - 1:
        return disabled("interior-action", title, (f"interior defenders act in the reinforcements step; {now(state)}",
                                                   "turn-sequence"), note=note)
    level = turn_level(state)
    if level is not None and interior_used(state) >= level_allowance(state, level):
        return disabled("interior-action", title, (f"all {level_allowance(state, level)} interior actions of this "
                                                   f"turn are used at {LEVEL_WORDS[level]}", "interior-defence"),
                        note=note)
    most = max(*INTERIOR_ACTIONS.values(), heroclix_interior_actions(state))
    if interior_used(state) >= most:
        return disabled("interior-action", title, (f"{interior_used(state)} interior actions are used this turn, "
                                                   "the most any count allows", "interior-defence"), note=note)
    asleep = woken_refusal(state, "normal") and woken_refusal(state, "heroclix")
    if asleep:
        return disabled("interior-action", title, asleep, note=note)
    # inside, or (for one that exits onto the top: its move ends, it may still shoot) on top or on the ground
    targets = tuple(u for u in attackers(state) if place(u) != BENEATH)
    return unit_option("interior-action", title, "interior-defence",
                       [u for u in reinforcements(state) if standing(u)], lambda u: interior_unit_refusal(state, u),
                       note=note, params=_interior_params(state, targets), dice="2d6",
                       none_reason="you have no reinforcements on the table")
