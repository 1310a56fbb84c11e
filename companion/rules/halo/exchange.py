"""Halo ActionClix swaps and upgrades (seed 001): a reserve unit takes a unit's square and health.

The unit coming in takes the old one's square (`position`) and, after an upgrade, its action token; the old one
goes to the reserves with its reason, its square cleared, and an action it had noted (see halo.reserves)."""

from __future__ import annotations

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import ACTION, Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, Resolution, param_int
from companion.rules.halo.reserves import SWAPPED, UPGRADED, action_refusal, arriving_events, leaving_events, waiting
from companion.rules.halo.tokens import GRENADE, UPGRADE

UPGRADE_TOKEN_POINTS = 25
RULES = {"swap-weapons": "swap-weapons", "upgrade": "upgrading"}
TITLES = {"swap-weapons": "Swap weapons", "upgrade": "Upgrade"}


def incoming(state: Match, action: Action, old: Unit) -> tuple[Unit, int]:
    """The reserve unit named by the action's `into` and the Upgrade tokens spent (0 for a swap); IllegalAction
    when it can't come in for `old`."""
    rule, title = RULES[action.name], TITLES[action.name]
    try:
        new = state.unit(str(action.params.get("into", "")))
    except KeyError:
        raise IllegalAction(f"{title}: choose the reserve unit that comes in", rule) from None
    if new.owner != old.owner or new.location != "reserve":
        raise IllegalAction(f"{title}: {new.name} is not in your reserves", rule)
    if waiting(new):  # its respawn is open: it comes back that way, the count stays whole
        raise IllegalAction(f"{title}: {new.name} was eliminated; it comes back by respawning", rule)
    used = action_refusal(new)  # back in, it would get a second action (or one after swapping)
    if used:
        raise IllegalAction(f"{title}: {used[0]}; it can't come back in this turn", used[1])
    if action.name == "swap-weapons":
        if new.points != old.points:
            raise IllegalAction(f"{title}: {new.name} is worth {new.points} points, not {old.points} like "
                                f"{old.name}", rule)
        return new, 0
    spend = param_int(action.params, "spend", 1, max(1, old.tokens[UPGRADE]), default=1, rule=rule)
    limit = old.points + UPGRADE_TOKEN_POINTS * spend
    if new.points > limit:
        reach = f"{counted(spend, 'token')} reach{'es' if spend == 1 else ''} {limit}"
        raise IllegalAction(f"{title}: {new.name} is worth {new.points} points; {reach} "
                            f"({old.points} + {UPGRADE_TOKEN_POINTS} x {spend})", rule)
    return new, spend


def exchange(state: Match, action: Action, old: Unit, by: str) -> Resolution:
    """Swap weapons or upgrade: a reserve unit takes the old one's square and health; tokens follow the rules."""
    new, spend = incoming(state, action, old)
    tokens = old.tokens
    moves: dict[str, int] = {UPGRADE: tokens[UPGRADE]}  # token kind -> how many go to the new unit
    if action.name == "swap-weapons":
        lost = f"{counted(tokens[GRENADE], 'Grenade token')} lost" if tokens[GRENADE] else "no Grenade tokens to lose"
    else:
        moves = {UPGRADE: tokens[UPGRADE] - spend, GRENADE: tokens[GRENADE], ACTION: tokens.action}
        lost = f"{counted(spend, 'Upgrade token')} spent"
    events = leaving_events(old, SWAPPED if action.name == "swap-weapons" else UPGRADED, by)
    click = min(new.start + max(0, old.click - old.start), len(new.dial) - 2)  # same damage taken, never KO
    if click != new.click:
        events.append(Event("set_click", {"unit": new.id, "click": click}, by))
    events.append(Event("set_location", {"unit": new.id, "location": "table"}, by))
    for kind in (UPGRADE, GRENADE, ACTION):
        held = tokens[kind]
        if held:
            events.append(Event("token", {"unit": old.id, "kind": kind, "delta": -held}, by))
        if moves.get(kind):
            events.append(Event("token", {"unit": new.id, "kind": kind, "delta": moves[kind]}, by))
    events += arriving_events(old, new, action.name == "swap-weapons", by)
    return Resolution(tuple(events), f"{new.name} takes {old.name}'s place", (RULES[action.name],), (
        f"{lost}; the other tokens move to {new.name}.",
        f"{new.name} was set to the same damage taken ({counted(click - new.start, 'click')}); if the health "
        "meters differ, turn its dial on the unit card.", f"{old.name} goes back to your reserves as it is."))
