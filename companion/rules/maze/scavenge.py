"""The Killer of the Maze: Scavenge (seed 002), its D66 on the scavenge table, resolved and with its odds.

What a reading of the table does: an item goes into the scavenger's inventory when it may carry it (else it stays
on the tile; weapons carried aren't tracked), and Jagged Metal's armour save is rolled, logged and its wound taken.

The Servo Skull's Algorithmic Area Analysis (`skull-analysis` on its bearer, set when the Skull is used so) gives
the bearer's next Scavenge one extra die, which may stand in for either die of the D66. The player chooses after
seeing the dice, so that Scavenge rolls the three dice, keeps them on the model (`scavenge-dice`, 100 x tens +
10 x units + extra) and applies nothing; *Scavenge: read the roll* (not an action) then applies the reading chosen.
The Scavenge is resolved once read: no model takes another action, and the phase doesn't end, before.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from companion.core.dice.odds import distribution
from companion.core.dice.roll import roll
from companion.core.dice.roll_tables import Row as RollRow
from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.core.words import counted
from companion.rules.action import Odds, Refusal, Resolution, odds_text, param_int
from companion.rules.maze.carry import carry_refusal
from companion.rules.maze.gear import ANALYSIS, BLADE_ARMOUR_BONUS
from companion.rules.maze.items import carried, catalogue, param_bool, param_choice, set_counter, stat, token_event

MAX_SCAVENGES = 2
ARMOUR_BOON = "armour_boon"  # the param: the Sacrificial Blade's armour boon is on now (the match doesn't track it)
DICE = "scavenge-dice"  # unit counter: a Scavenge's three dice with Algorithmic Area Analysis, until read
RULES = ("scavenge", "scavenge-table")


def scavenge_times(params: Mapping[str, Any]) -> int:
    times = param_int(params, "times", 0, MAX_SCAVENGES, 0, "scavenge")
    if times >= MAX_SCAVENGES:
        raise IllegalAction(f"this tile has been scavenged {times} times: a tile can be scavenged at most twice",
                            "scavenge")
    return times


def readings(unit: Unit) -> tuple[int, ...]:
    """The D66 readings open to the model's unread Scavenge: as rolled, the extra die for the tens, or for the
    units (each once); empty when nothing waits to be read."""
    code = carried(unit, DICE)
    return _readings_of(code) if code else ()


def reading_label(value: int) -> str:
    return f"{value}: {catalogue().scavenge.lookup(value).result}"


def unread(state: Match, owner: str) -> tuple[Unit, ...]:
    return tuple(u for u in state.units if u.owner == owner and not u.eliminated and readings(u))


def unread_refusal(state: Match, owner: str) -> Refusal | None:
    """What holds the phase's end: a Scavenge with the extra die not read yet."""
    waiting = unread(state, owner)
    if waiting:
        return (f"first read {waiting[0].name}'s Scavenge (Scavenge: read the roll): the extra die of Algorithmic "
                "Area Analysis waits for a choice", "servo-skull")
    return None


def scavenge(state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    scavenge_times(params)
    by = unit.owner
    result = roll("d66", rng)
    events = [token_event(unit, 1), Event("roll", result.event_data(f"{unit.name} scavenges"), by)]
    if carried(unit, ANALYSIS) and DICE in state.rules.counters.get("unit", ()):
        extra = roll("1d6", rng)
        events.append(Event("roll", extra.event_data(f"{unit.name}: Algorithmic Area Analysis, extra die"), by))
        tens, units = result.dice
        code = 100 * tens + 10 * units + extra.total
        events += [*set_counter(unit, ANALYSIS, 0, by), *set_counter(unit, DICE, code, by)]
        options = _readings_of(code)
        summary = (f"{unit.name} scavenges with Algorithmic Area Analysis: {result.describe()}, extra die "
                   f"{extra.total}: read it as " + " or ".join(str(v) for v in options))
        details = tuple(f"Reading {reading_label(v)}" for v in options) + (
            "Choose one with Scavenge: read the roll (not an action) before any model's next action.",)
        return Resolution(tuple(events), summary, ("servo-skull", *RULES), details)
    summary = f"{unit.name} scavenges: {result.describe()}: "
    found, said, details = _found(state, unit, catalogue().scavenge.lookup(result.total), params, rng)
    return Resolution((*events, *found), summary + said, RULES, details)


def _readings_of(code: int) -> tuple[int, ...]:
    """As rolled, the extra die for the tens, the extra die for the units: each reading once."""
    tens, units, extra = code // 100, code // 10 % 10, code % 10
    return tuple(dict.fromkeys((10 * tens + units, 10 * extra + units, 10 * tens + extra)))


def read(state: Match, unit: Unit, params: Mapping[str, Any], rng: random.Random) -> Resolution:
    """*Scavenge: read the roll*: the reading chosen, applied as a plain Scavenge's would be (not an action)."""
    value = int(reading_choice(unit, params))
    found, said, details = _found(state, unit, catalogue().scavenge.lookup(value), params, rng)
    events = (*set_counter(unit, DICE, 0, unit.owner), *found)
    return Resolution(events, f"{unit.name}'s Scavenge, read as {value}: {said}", RULES, details)


def reading_choice(unit: Unit, params: Mapping[str, Any]) -> str:
    options = tuple(str(v) for v in readings(unit))
    if not options:
        raise IllegalAction(f"{unit.name} has no Scavenge roll to read", "servo-skull")
    return param_choice(params, "reading", options, options[0], "servo-skull")


def _found(state: Match, unit: Unit, row: RollRow, params: Mapping[str, Any],
           rng: random.Random) -> tuple[tuple[Event, ...], str, tuple[str, ...]]:
    """What one reading of the table does: its events, its words for the summary, its details."""
    cat = catalogue()
    by = unit.owner
    events: list[Event] = []
    details: list[str] = []
    item = row.item
    barred = carry_refusal(unit, item) if item else None
    if item and barred:
        details.append(f"Left on the tile: {barred}.")
    elif item and param_bool({"keep": True, **params}, "keep") and item in state.rules.counters.get("unit", ()):
        gear = cat.gear.get(item)
        amount = gear.uses if gear and gear.uses else 1
        events += set_counter(unit, item, carried(unit, item) + amount, by)
        details.append(f"Into {unit.name}'s inventory, if it has room (otherwise leave it on the tile: undo this).")
    elif item and item in cat.weapons:
        details.append(f"A {cat.name(item)}: the helper doesn't track weapons carried; take it if "
                       f"{unit.name} has a free weapon slot and may carry it, or leave it on the tile.")
    elif item:
        details.append("Left on the tile.")
    said = row.result
    for effect in row.effects:
        if effect.get("wounds"):  # Jagged Metal: the armour save is part of this Scavenge, rolled and logged here
            save_events, words = _armour_save(unit, effect["wounds"], param_bool(params, ARMOUR_BOON), rng, details)
            events += save_events
            said += f" {words}" if words else ""
        elif "note" in effect:
            details.append(f"Now: {effect['note']}.")
    if ANALYSIS not in state.rules.counters.get("unit", ()):
        details.append("With a Servo Skull's Algorithmic Area Analysis, roll the extra die by hand.")
    return tuple(events), said, tuple(details)


def _armour_save(unit: Unit, wounds: int, boon: bool, rng: random.Random, details: list[str]) -> tuple[list[Event],
                                                                                                        str]:
    """An armour save against `wounds` (no AP): a D6 of at least the Armour on the model's card, 2 less with the
    Sacrificial Blade's boon; failed, the model takes the wounds. A card without Armour leaves it to the players."""
    armour = stat(unit, "armour")
    if armour <= 0:
        details.append(f"{unit.name} makes an armour save now (no Armour on its card: roll it by hand): failed, it "
                       f"takes {counted(wounds, 'wound')}.")
        return [], ""
    needed = max(1, armour - (BLADE_ARMOUR_BONUS if boon else 0))
    result = roll(f"1d6>={needed}", rng)
    events = [Event("roll", result.event_data(f"{unit.name}: armour save, Jagged Metal"), unit.owner)]
    why = f"Armour {armour}" + (f", {BLADE_ARMOUR_BONUS} better with the Sacrificial Blade's boon" if boon else "")
    if result.total:
        details.append(f"Armour save {result.describe()} ({why}): saved.")
        return events, f"Armour save {needed}+: saved."
    events.append(Event("damage", {"unit": unit.id, "amount": wounds}, unit.owner))
    details.append(f"Armour save {result.describe()} ({why}): failed, {unit.name} takes {counted(wounds, 'wound')}.")
    return events, f"Armour save {needed}+ failed: {unit.name} takes {counted(wounds, 'wound')}."


def scavenge_odds(unit: Unit, params: Mapping[str, Any]) -> Odds:
    scavenge_times(params)
    cat = catalogue()
    weights: dict[str, int] = {"an item": 0, "a hazard": 0, "a Hidden Vent": 0, "nothing": 0}
    for value in cat.scavenge.outcomes():
        row = cat.scavenge.lookup(value)
        kind = ("an item" if row.item else "nothing" if row.result.startswith("Nothing")
                else "a Hidden Vent" if row.result.startswith("Hidden") else "a hazard")
        weights[kind] += 1
    total = sum(weights.values())
    parts = [f"{kind} {odds_text(Fraction(w, total))}" for kind, w in weights.items()]
    jagged = sum(1 for v in cat.scavenge.outcomes() if any(e.get("wounds") for e in cat.scavenge.lookup(v).effects))
    armour = stat(unit, "armour")
    if jagged and armour > 0:
        needed = max(1, armour - (BLADE_ARMOUR_BONUS if param_bool(params, ARMOUR_BOON) else 0))
        hurt = Fraction(jagged, total) * (1 - distribution("1d6").at_least(needed))
        parts.append(f"Jagged Metal and a failed {needed}+ armour save (1 wound) {odds_text(hurt)}")
    text = "Scavenge on a D66: " + "; ".join(parts)
    if carried(unit, ANALYSIS):
        text += " (with the Servo Skull's extra die to choose from, better than these)"
    return Odds(Fraction(weights["an item"], total), text)
