"""Rolls in the match log: a `roll` event carries its dice (replay and sharing never roll again), and an `undone`
event, written by older versions, keeps a step with dice that their undo removed from the log (undo is now an
event of its own: see core.match.history)."""

from __future__ import annotations

from companion.core.errors import IllegalAction, InvalidMatch
from companion.core.frozen import replace
from companion.core.match.event_base import UNDONE, Event, handler
from companion.core.model import Match, Roll


@handler("roll")
def _roll(state: Match, event: Event) -> Match:
    expr = event.data.get("expr")
    if not isinstance(expr, str) or not expr:
        raise IllegalAction("roll: expr is missing")
    dice = event.data.get("dice")
    total = event.data.get("total")
    if (not isinstance(dice, list) or not all(isinstance(d, int) and not isinstance(d, bool) for d in dice)
            or isinstance(total, bool) or not isinstance(total, int)):
        raise IllegalAction("roll: dice must be a list of whole numbers and total a whole number")
    purpose = event.data.get("purpose", "")
    roll = Roll(expr=expr, dice=tuple(dice), total=total, by=event.by, at=event.at,
                purpose=purpose if isinstance(purpose, str) else "")
    return replace(state, rolls=(*state.rolls, roll))


def rolled(event: Event) -> bool:
    """Whether the step rolled dice (a roll, or a batch with one): taking it back must stay visible."""
    if event.type == "roll":
        return True
    items = event.data.get("events") if event.type == "batch" else None
    return isinstance(items, list) and any(isinstance(i, dict) and i.get("type") == "roll" for i in items)


@handler(UNDONE)
def _undone(state: Match, event: Event) -> Match:
    """A step with dice that undo took back: it changes nothing, but it stays in the log (and travels with every
    export and share code), so everyone sees the dice that were rolled and undone before a roll was made again.

    data: {"step": the undone event as JSON}."""
    try:
        step = Event.from_json(event.data.get("step"))
    except InvalidMatch as exc:
        raise IllegalAction(f"undone: {exc}") from exc
    if not rolled(step):
        raise IllegalAction("undone: only steps that rolled dice are kept as undone")
    return state
