"""Halo ActionClix's tokens and their rules (seed 001), as its pack (content/halo-actionclix/units.toml) names
them: what the core keeps as words, the rules here give meaning.

- A unit whose card shows the grenade icon holds a Grenade token when it is deployed or respawns (a unit that
  holds one already gets no second), where the match keeps Grenade tokens at all.
- A unit that swapped weapons this turn, or had its action and then left the table, can't be given an action
  this turn (see halo.reserves).
"""

from __future__ import annotations

from companion.core.frozen import replace
from companion.core.model import ACTION, Match, Unit

GRENADE, UPGRADE = "grenade", "upgrade"  # token kinds of the pack
GRENADE_ICON = "grenade-icon"  # the card's grenade icon, a tag the players put on the unit (Unit.tags)
ACTED, SWAPPED_MARK, LOOTED = "acted", "swapped", "looted"  # turn marks of the pack


def grenades_kept(state: Match) -> bool:
    """Whether the match keeps Grenade tokens (a house rule or a game may leave them out: limit 0)."""
    return state.rules.token_limits.get(GRENADE, 0) != 0


def icon_grenade_due(state: Match, unit: Unit) -> bool:
    """Whether the unit, coming onto the table, is due the Grenade token its card's icon gives."""
    return GRENADE_ICON in unit.tags and grenades_kept(state) and not unit.tokens[GRENADE]


def entering(state: Match, unit: Unit) -> Unit:
    """A unit added to the match: one deployed onto the table holds the Grenade token its card's icon gives."""
    if unit.location == "table" and icon_grenade_due(state, unit):
        return replace(unit, tokens=unit.tokens.counted(GRENADE, 1))
    return unit


def action_token_refusal(unit: Unit, kind: str, delta: int) -> str | None:
    """Why the unit can't be given an action token: it swapped weapons, or had its action and left the table,
    this turn (one action per unit, whatever the path that gives it)."""
    if kind != ACTION or delta <= 0 or not {ACTED, SWAPPED_MARK} & set(unit.turn_marks):
        return None
    if SWAPPED_MARK in unit.turn_marks:
        return f"{unit.name} swapped weapons this turn, so it can't also be given an action"
    return f"{unit.name} already had its action this turn (one action per unit)"
