"""What the Scarab helper reads from a match (seed 000), shared by the Scarab's turn and the attacker's turn.

How the match holds the Scarab game (the app's Scarab screens make it so):
- Player p1 plays the Scarab and its reinforcements; the other player attacks.
- The Scarab's four dials are units of p1 with `ref` "scarab:shell", "scarab:chassis", "scarab:main-power-core"
  and "scarab:event" (the Event dial turns round). Every other unit of p1 is a reinforcement.
- Marks the match can't work out for itself are words on a unit: a marker on any click of its dial or a
  ":"-separated part of its `ref`. They are what the figure's card shows, so they belong to the figure, not to
  the click it stands on (its KO click, with no markers, doesn't unmark it; a KO'd figure is no target anyway).
  "aerial" (or "flying") marks an aerial vehicle / a HeroClix character with the flying symbols, "colossal" a
  colossal figure; Swarm shows on the Main Power Core dial when its current click
  has a marker "swarm" (or "...:swarm", e.g. "special:swarm").
- The unit counter "acted-turn" (declared by the pack) keeps the turn number in which a unit last made its
  once-a-turn attack: the Scarab's guns (on their dials), shots at the Scarab, reinforcements' attacks. A
  number rather than a flag, so nothing needs resetting when a turn ends.
- House-rule options (content/scarab/options.toml, all off by default): the system's `options` switch them on
  for every match; a match counter named like an option and declared by the pack (the pack declares
  "heroclix-attacker-actions") switches it on for one match once above 0.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from companion.core.match.events import MAX_STEP, Event
from companion.core.model import HOUSE, Match, Unit
from companion.rules.action import ActionOption, Param, Refusal

SYSTEM_ID = "scarab"
SCARAB_PLAYER = "p1"
DIAL_PREFIX = "scarab:"
SHELL, CHASSIS, CORE, EVENT = "shell", "chassis", "main-power-core", "event"
DIAL_NAMES = {SHELL: "Shell dial", CHASSIS: "Chassis dial", CORE: "Main Power Core dial", EVENT: "Event dial"}
ACTED = "acted-turn"
AERIAL_WORDS = frozenset({"aerial", "flying"})
HEROCLIX_ACTIONS = "heroclix-attacker-actions"
OPTION_DEFAULTS = {HEROCLIX_ACTIONS: False, "flyers-board-from-adjacent": False, "flyer-limit-2": False}
NO_ACTIONS = "the Scarab itself never receives actions or action tokens"
MAX_MODIFIER = 10



def dial_id(unit: Unit) -> str | None:
    """Which of the Scarab's dials the unit is ("shell", ...), None for any other figure."""
    return unit.ref.removeprefix(DIAL_PREFIX) if unit.ref and unit.ref.startswith(DIAL_PREFIX) else None


def dials(state: Match) -> dict[str, Unit]:
    return {d: u for u in state.units if (d := dial_id(u)) is not None}


def tags(unit: Unit) -> frozenset[str]:
    """The figure's marks: `Unit.tags` (its current click and its ref) and the markers of every other click."""
    return unit.tags | {m.rsplit(":", 1)[-1] for click in unit.dial for m in click.markers}


def is_aerial(unit: Unit) -> bool:
    return bool(tags(unit) & AERIAL_WORDS)


def is_colossal(unit: Unit) -> bool:
    return "colossal" in tags(unit)


def aerial_marked(state: Match) -> bool:
    """Whether the players mark aerial units in this match at all (else the helper can only remind them)."""
    return any(is_aerial(u) for u in state.units if dial_id(u) is None)


def swarm_showing(state: Match) -> bool:
    core = dials(state).get(CORE)
    return core is not None and any(m.rsplit(":", 1)[-1] == "swarm" for m in core.current.markers)


def stat(unit: Unit, name: str) -> int | None:
    value = unit.current.stats.get(name)
    return value if isinstance(value, int) else None


def standing(unit: Unit) -> bool:
    return unit.location == "table" and not unit.eliminated


def attacker_ids(state: Match) -> tuple[str, ...]:
    return tuple(p.id for p in state.players if p.id != SCARAB_PLAYER)


def reinforcements(state: Match) -> tuple[Unit, ...]:
    return tuple(u for u in state.units if u.owner == SCARAB_PLAYER and dial_id(u) is None)


def winners(state: Match) -> tuple[str, ...] | None:
    """Who has won now: the attacker once the Main Power Core shows its KO click, the Scarab player once every
    attacking figure on the table is KO'd (units left in the reserves don't keep the attacker in the game: no
    action of this game brings one onto the table); None while the game goes on."""
    core = dials(state).get(CORE)
    if core is not None and core.eliminated:
        return attacker_ids(state)
    table = [u for u in state.units if u.owner != SCARAB_PLAYER and (u.location == "table" or u.eliminated)]
    if table and not any(standing(u) for u in table):
        return (SCARAB_PLAYER,)
    return None


def option_on(state: Match, option: str, defaults: Mapping[str, bool]) -> bool:
    """Whether a house rule is on: as the match switched it (`house_rule`), else its old match counter, else
    the system's default."""
    if HOUSE + option in state.counters:
        return state.counters[HOUSE + option] > 0
    if option in state.rules.counters.get("match", ()) and state.counters.get(option, 0) > 0:
        return True
    return bool(defaults.get(option, OPTION_DEFAULTS.get(option, False)))


def tracks_acted(state: Match) -> bool:
    return ACTED in state.rules.counters.get("unit", ())


def acted(state: Match, unit: Unit) -> bool:
    """Whether the unit already made its once-a-turn attack this turn (False when the match can't tell)."""
    return unit.counters.get(ACTED) == state.turn


def stamp(state: Match, unit: Unit, by: str, counter: str = ACTED) -> list[Event]:
    """Counter events that record this turn's number on the unit ("acted-turn": it made its once-a-turn attack;
    none when the pack doesn't declare the counter)."""
    if counter not in state.rules.counters.get("unit", ()):
        return []
    delta = state.turn - unit.counters.get(counter, 0)
    events = []
    while delta:
        step = max(-MAX_STEP, min(MAX_STEP, delta))
        events.append(Event("counter", {"scope": "unit", "name": counter, "target": unit.id, "delta": step}, by))
        delta -= step
    return events


def unit_choices(units: Iterable[Unit], stat_name: str = "defense") -> tuple[tuple[str, str], ...]:
    return tuple((u.id, f"{u.name} ({stat_name} {u.current.stats.get(stat_name, '?')})") for u in units)


def target_param(units: Iterable[Unit], label: str = "Target") -> Param:
    choices = unit_choices(units)
    return Param("target", label, "choice", choices, default=choices[0][0] if choices else None)


MODIFIER = Param("modifier", "Other attack modifiers (powers, terrain)", "int", low=-MAX_MODIFIER, high=MAX_MODIFIER,
                 default=0, rare=True)


def int_param(params: Mapping[str, Any], name: str, low: int, high: int, default: int = 0) -> int | Refusal:
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return f"{name} must be a whole number from {low} to {high}, not {value!r}", "overview"
    return value


def bool_param(params: Mapping[str, Any], name: str) -> bool | Refusal:
    value = params.get(name, False)
    if not isinstance(value, bool):
        return f"{name} must be yes or no (true/false), not {value!r}", "overview"
    return value


def unit_option(action: str, title: str, rule: str, candidates: Iterable[Unit],
                refuse: Callable[[Unit], Refusal | None], *, cost: int = 1, note: str | None = None,
                params: tuple[Param, ...] = (), dice: str | None = None, none_reason: str = "") -> ActionOption:
    """An option given to units: enabled for the units `refuse` lets through; otherwise the first reason."""
    allowed: list[str] = []
    refused: dict[str, Refusal] = {}
    for unit in candidates:
        why = refuse(unit)
        if why:
            refused[unit.id] = why
        else:
            allowed.append(unit.id)
    reasons = {uid: reason for uid, (reason, _) in refused.items()}
    if allowed:
        return ActionOption(action, title, True, tuple(allowed), rule=rule, cost=cost, note=note, refused=reasons,
                            params=params, dice=dice)
    if not refused:
        return ActionOption(action, title, False, reason=none_reason or "you have no figure on the table",
                            rule=rule, cost=cost, note=note, params=params, dice=dice)
    rules = {r for _, r in refused.values()}
    text, shown = summary(reasons)
    return ActionOption(action, title, False, reason=text, rule=next(iter(rules)) if len(rules) == 1 else rule,
                        cost=cost, note=note, refused=reasons, shown=shown, params=params, dice=dice)


def disabled(action: str, title: str, why: Refusal, *, cost: int = 1, note: str | None = None,
             dice: str | None = None, refused: Mapping[str, str] | None = None,
             shown: tuple[str, ...] = ()) -> ActionOption:
    """An option nobody can take now; `refused` gives each unit its own reason (e.g. each figure a gun can't aim
    at), `shown` the units whose reasons `why` already gives."""
    return ActionOption(action, title, False, reason=why[0], rule=why[1], cost=cost, note=note, dice=dice,
                        refused=dict(refused or {}), shown=shown)


SHOWN_REASONS = 3  # reasons a refusal's sentence gives; the others are each unit's own, one tap away


def summary(reasons: Mapping[str, str]) -> tuple[str, tuple[str, ...]]:
    """The first few units' reasons as one sentence, and those units' ids (the option's `shown`)."""
    shown = tuple(reasons)[:SHOWN_REASONS]
    more = len(reasons) - len(shown)
    text = "; ".join(reasons[u] for u in shown)
    return text + (f"; and {more} more, each with its own reason" if more > 0 else ""), shown


def pick_target(state: Match, params: Mapping[str, Any], allowed: Iterable[Unit], rule: str,
                require: bool) -> Unit | Refusal | None:
    """The unit named by params["target"] when it is one of `allowed`; a refusal when it isn't (or is missing
    and `require`); None when no target is given and none is required."""
    target = params.get("target")
    if target in (None, ""):
        return ("choose a target first", rule) if require else None
    ok = {u.id: u for u in allowed}
    if target in ok:
        return ok[target]
    try:
        name = state.unit(str(target)).name
    except KeyError:
        return f"there is no unit {target!r} in this match", rule
    return f"{name} can't be the target of this attack now", rule
