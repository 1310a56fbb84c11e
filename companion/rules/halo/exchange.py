"""Halo ActionClix swaps and upgrades (seed 001): a reserve unit takes a unit's square and health. Two actions of
one family (`Exchange`): swapping weapons brings in a unit of the same points, an upgrade spends Upgrade tokens for
a unit worth up to 25 points more per token. Neither uses one of the turn's actions.

The unit coming in takes the old one's square (`position`) and, after an upgrade, its action token; the old one
goes to the reserves with its reason, its square cleared, and an action it had noted (see halo.reserves)."""

from __future__ import annotations

import random

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import ACTION, Match, Unit
from companion.core.words import counted
from companion.rules.action import Action, Param, Refusal, Resolution, param_int
from companion.rules.halo.actions import OnTable
from companion.rules.halo.reserves import (
    SWAPPED,
    UPGRADED,
    action_refusal,
    arriving_events,
    barred,
    comes_in,
    had_action,
    leaving_events,
    waiting,
)
from companion.rules.halo.tokens import GRENADE, UPGRADE
from companion.rules.halo.turn import TurnState
from companion.rules.refusals import UnitRefusal

UPGRADE_TOKEN_POINTS = 25


class Exchange(OnTable):
    """A reserve unit (the action's `into`) takes the unit's square and health; tokens follow the rules."""

    reason = SWAPPED  # why the old unit goes to the reserves
    swaps = True  # a swap bars both units from an action this turn

    def __init__(self, id: str, title: str, rule: str, note: str | None = None) -> None:
        super().__init__(id, title, rule, cost=0, note=note)

    def choices(self, now: TurnState) -> tuple[tuple[str, str], ...]:
        """Only units a swap or an upgrade may bring in, cheapest first (an upgrade's default fits every unit
        offered)."""
        return tuple((u.id, f"{u.name} ({u.points} points)") for u in sorted(
            (u for u in now.reserve if comes_in(u)), key=lambda u: u.points))

    def param_refusal(self, state: Match, now: TurnState, action: Action, unit: Unit | None) -> Refusal | None:
        if unit is not None:
            try:
                self.incoming(state, action, unit)
            except IllegalAction as exc:
                return str(exc), exc.rule or self.rule
        return super().param_refusal(state, now, action, unit)

    def incoming(self, state: Match, action: Action, old: Unit) -> tuple[Unit, int]:
        """The reserve unit named by the action's `into` and the Upgrade tokens spent (0 for a swap);
        IllegalAction when it can't come in for `old`."""
        title, rule = self.title, self.rule
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
        return new, self.spent(action, old, new)

    def spent(self, action: Action, old: Unit, new: Unit) -> int:
        """The Upgrade tokens bringing `new` in for `old` spends; IllegalAction when it can't come in."""
        if new.points != old.points:
            raise IllegalAction(f"{self.title}: {new.name} is worth {new.points} points, not {old.points} like "
                                f"{old.name}", self.rule)
        return 0

    def moved_tokens(self, old: Unit, spend: int) -> tuple[dict[str, int], str]:
        """How many tokens of each kind go to the unit coming in, and the line that says what was lost."""
        tokens = old.tokens
        lost = f"{counted(tokens[GRENADE], 'Grenade token')} lost" if tokens[GRENADE] else "no Grenade tokens to lose"
        return {UPGRADE: tokens[UPGRADE]}, lost

    def resolve(self, state: Match, now: TurnState, action: Action, rng: random.Random) -> Resolution:
        old, by = state.unit(action.unit or ""), state.active_player.id
        new, spend = self.incoming(state, action, old)
        tokens = old.tokens
        moves, lost = self.moved_tokens(old, spend)
        events = leaving_events(old, self.reason, by)
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
        events += arriving_events(old, new, self.swaps, by)
        return Resolution(tuple(events), f"{new.name} takes {old.name}'s place", (self.rule,), (
            f"{lost}; the other tokens move to {new.name}.",
            f"{new.name} was set to the same damage taken ({counted(click - new.start, 'click')}); if the health "
            "meters differ, turn its dial on the unit card.", f"{old.name} goes back to your reserves as it is."))


class SwapWeapons(Exchange):
    """A unit that had no action this turn swaps with a reserve unit of the same points; its Grenade tokens are
    lost, and neither unit can be given an action this turn."""

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is not None:
            return why
        if had_action(unit):
            return UnitRefusal(f"{unit.name} was given an action this turn; only a unit without one can swap weapons",
                               "swap-weapons", 1)
        if unit.points not in now.reserve_points:
            barred_by = barred(now.reserve, lambda u: u.points == unit.points)
            return UnitRefusal(f"no unit in your reserves that may come in is worth exactly {unit.points} points "
                               f"like {unit.name}: {barred_by}" if barred_by else
                               f"no unit in your reserves is worth exactly {unit.points} points like {unit.name}",
                               "swap-weapons", 2)
        return None

    def own_params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        return (Param("into", "Reserve unit of the same points", "choice", self.choices(now)),)


class Upgrade(Exchange):
    """A unit spends Upgrade tokens for a reserve unit worth up to 25 points more per token; the unit coming in
    keeps its action token and the other tokens."""

    reason, swaps = UPGRADED, False

    def unit_check(self, now: TurnState, unit: Unit) -> UnitRefusal | None:
        why = super().unit_check(now, unit)
        if why is not None:
            return why
        if not unit.tokens[UPGRADE]:
            return UnitRefusal(f"{unit.name} has no Upgrade tokens", "upgrade-tokens", 1)
        limit = unit.points + UPGRADE_TOKEN_POINTS * unit.tokens[UPGRADE]
        if now.cheapest_reserve is None or now.cheapest_reserve > limit:
            barred_by = barred(now.reserve, lambda u: u.points <= limit)
            held = counted(unit.tokens[UPGRADE], "Upgrade token")
            return UnitRefusal(f"{unit.name} holds {held}, but no unit in your reserves"
                               f"{' that may come in' if barred_by else ''} is worth {limit} points or less "
                               f"({unit.points} + {UPGRADE_TOKEN_POINTS} x {unit.tokens[UPGRADE]})"
                               + (f": {barred_by}" if barred_by else ""), "upgrading", 2)
        return None

    def own_params(self, state: Match, now: TurnState) -> tuple[Param, ...]:
        choices = self.choices(now)
        most = max(u.tokens[UPGRADE] for u in now.table)
        return (Param("into", "Reserve unit to upgrade into", "choice", choices, default=choices[0][0]),
                Param("spend", "Upgrade tokens to spend", "int", low=1, high=most, default=1))

    def spent(self, action: Action, old: Unit, new: Unit) -> int:
        spend = param_int(action.params, "spend", 1, max(1, old.tokens[UPGRADE]), default=1, rule=self.rule)
        limit = old.points + UPGRADE_TOKEN_POINTS * spend
        if new.points > limit:
            reach = f"{counted(spend, 'token')} reach{'es' if spend == 1 else ''} {limit}"
            raise IllegalAction(f"{self.title}: {new.name} is worth {new.points} points; {reach} "
                                f"({old.points} + {UPGRADE_TOKEN_POINTS} x {spend})", self.rule)
        return spend

    def moved_tokens(self, old: Unit, spend: int) -> tuple[dict[str, int], str]:
        tokens = old.tokens
        return ({UPGRADE: tokens[UPGRADE] - spend, GRENADE: tokens[GRENADE], ACTION: tokens.action},
                f"{counted(spend, 'Upgrade token')} spent")
