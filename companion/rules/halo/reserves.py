"""Halo ActionClix reserve bookkeeping (seed 001): why each reserve unit is there, and what that allows.

The match keeps it on the unit (`Unit.reserve_reason`, `Unit.turn_marks`), so undo, share codes and backups
carry it:
- A unit eliminated goes to the reserves as "eliminated": its player may respawn it, or instead another reserve
  unit worth the same or fewer points (then it stays behind as "replaced"). Nothing else opens a respawn, so the
  table never holds more units than the starting force. A unit KO'd by damage entered by hand (a card's text, a
  house rule) and put in the reserves by hand, its dial still on KO and no reason given, is eliminated too: it
  opens its respawn and can't come back by a swap or an upgrade.
- A unit swapped out or upgraded out is "swapped" / "upgraded"; a unit never deployed has no reason. Any of them
  can come in by a swap, an upgrade or in an eliminated unit's place.
- One action per unit per turn outlives leaving the table: a unit that had its action and then left is marked
  "acted", a unit that swapped weapons (and the unit swapped in) "swapped"; neither can be given an action again
  this turn, nor come back in to get one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from companion.core.match.events import Event
from companion.core.model import Match, Unit
from companion.rules.action import Refusal
from companion.rules.halo.tokens import ACTED, LOOTED, SWAPPED_MARK

ELIMINATED, REPLACED, SWAPPED, UPGRADED = "eliminated", "replaced", "swapped", "upgraded"  # the pack's [[reserve]]


def had_action(unit: Unit) -> bool:
    """Whether the unit was given its action this turn (it may have left the table since)."""
    return unit.tokens.action > 0 or ACTED in unit.turn_marks


def action_refusal(unit: Unit) -> Refusal | None:
    """Why the unit can't be given an action this turn, wherever it is now."""
    if had_action(unit):
        return f"{unit.name} already had its action this turn (one action per unit)", "actions"
    if SWAPPED_MARK in unit.turn_marks:
        return f"{unit.name} swapped weapons this turn, so it can't also be given an action", "swap-weapons"
    return None


def waiting(unit: Unit) -> bool:
    """Whether this reserve unit was eliminated and its respawn is open: sent there by an attack ("eliminated"), or
    KO'd by damage entered by hand and put there by hand (its dial still on KO, no reason given)."""
    return unit.location == "reserve" and (unit.reserve_reason == ELIMINATED
                                           or (not unit.reserve_reason and unit.eliminated))


def entry_refusal(unit: Unit) -> str | None:
    """Why a swap or an upgrade can't bring this reserve unit in: one waiting to respawn comes back that way, and
    one that had its action or swapped this turn can't come back in to get another (None: it may come in)."""
    if waiting(unit):
        return f"{unit.name} ({unit.points} points) was eliminated and comes back by respawning"
    why = action_refusal(unit)
    return f"{why[0]}, so it can't come back in this turn" if why else None


def comes_in(unit: Unit) -> bool:
    """Whether a swap or an upgrade may bring this reserve unit in (see `entry_refusal`)."""
    return entry_refusal(unit) is None


def barred(reserve: Iterable[Unit], fits: Callable[[Unit], bool]) -> str:
    """The reserve units that `fits` would let in but can't come in, each with its own reason ("" when none):
    the end of a swap's or an upgrade's refusal, so a unit of the right points is never passed over in silence."""
    return "; ".join(why for u in reserve if fits(u) and (why := entry_refusal(u)))


def awaiting_respawn(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """The eliminated units whose respawn is still open (each opens one)."""
    return tuple(u for u in units if waiting(u))


def starting_force(state: Match, owner: str, skip: Iterable[Unit] = ()) -> tuple[Unit, ...]:
    """The units that stand for the player's starting force now: those on the table (KO'd ones too) and the
    eliminated ones waiting to respawn. Swaps and upgrades trade one for one, so the count never changes."""
    left_out = {u.id for u in skip}
    return tuple(u for u in state.units if u.owner == owner and u.id not in left_out and
                 (u.location == "table" or waiting(u)))


def respawn_slot(units: Iterable[Unit], unit: Unit, slot_id: object) -> Unit | Refusal:
    """The eliminated unit whose respawn brings `unit` back: `unit` itself when it was eliminated (coming back
    uses its own respawn, whichever is named: one respawn never uses up two), else the one named (`slot_id`),
    else the cheapest eliminated unit worth at least as much."""
    open_ = awaiting_respawn(u for u in units if u.owner == unit.owner)
    if not open_:
        return (f"no unit of yours was eliminated and is waiting to respawn, so {unit.name} can't come in this way "
                "(only swaps and upgrades bring in other reserve units)", "respawning")
    named = None
    if slot_id not in (None, ""):
        named = next((u for u in open_ if u.id == slot_id), None)
        if named is None:
            return f"{slot_id!r} is not one of your eliminated units waiting to respawn", "respawning"
    if unit in open_:
        slot = unit
    elif named is not None:
        slot = named
    else:
        fits = sorted((u for u in open_ if u.points >= unit.points), key=lambda u: u.points)
        if not fits:
            most = max(open_, key=lambda u: u.points)
            return (f"{unit.name} is worth {unit.points} points; a respawn brings back an eliminated unit or a reserve "
                    f"unit worth no more ({most.name}: {most.points})", "respawning")
        slot = fits[0]
    if slot is not unit and unit.points > slot.points:
        return (f"{unit.name} is worth {unit.points} points, more than {slot.name} ({slot.points}) whose respawn it "
                "would take", "respawning")
    return slot


def respawn_events(unit: Unit, slot: Unit, by: str) -> list[Event]:
    """`unit` comes back from the reserves in `slot`'s respawn (slot stays behind as replaced if it isn't `unit`)."""
    events = [Event("set_location", {"unit": unit.id, "location": "table"}, by)]
    if unit.eliminated:  # put in the reserves by hand while KO'd: it comes back at full health
        events.insert(0, Event("set_click", {"unit": unit.id, "click": unit.start}, by))
    if slot.id != unit.id:
        if slot.eliminated:  # KO'd by hand and put in the reserves by hand: at full health there, as eliminated
            events.append(Event("set_click", {"unit": slot.id, "click": slot.start}, by))
        events.append(Event("set_location", {"unit": slot.id, "location": "reserve", "reason": REPLACED}, by))
    if unit.position:  # a reserve unit stands on no square; the respawn places it on one of its spawn points
        events.append(Event("set_position", {"unit": unit.id, "position": ""}, by))
    return events


def leaving_events(old: Unit, reason: str, by: str) -> list[Event]:
    """The old unit off the map into the reserves: its square is cleared, and an action it had stays with it."""
    events = [Event("set_location", {"unit": old.id, "location": "reserve", "reason": reason}, by)]
    if old.position:
        events.append(Event("set_position", {"unit": old.id, "position": ""}, by))
    if old.tokens.action and ACTED not in old.turn_marks:
        events.append(Event("mark", {"unit": old.id, "mark": ACTED}, by))
    return events


def arriving_events(old: Unit, new: Unit, swap: bool, by: str) -> list[Event]:
    """The new unit takes the old one's square and what the old one did this turn."""
    events = []
    if new.position != old.position:
        events.append(Event("set_position", {"unit": new.id, "position": old.position}, by))
    # the loot roll of this turn's action stays made; a swap bars both units from an action this turn, and so
    # does an upgrade of a unit that swapped in (the square's figure swapped weapons this turn)
    marks = [(new, m) for m in (LOOTED, SWAPPED_MARK) if m in old.turn_marks]
    marks += [(new, SWAPPED_MARK), (old, SWAPPED_MARK)] if swap and SWAPPED_MARK not in old.turn_marks else []
    events += [Event("mark", {"unit": who.id, "mark": mark}, by) for who, mark in marks if mark not in who.turn_marks]
    return events
