"""What every game system offers the app: the actions open to the active player now, why one is not, the
exact odds before a roll, and the events that apply the result.

A system reads the match state only (pure functions, no files): the UI shows `legal_actions(state)` as buttons,
enabled or greyed out with their reason. Picking one gives an `Action` (with the unit and the values the option's
`params` ask for); `odds(state, action)` says the exact chance before rolling, and `resolve(state, action, rng)`
rolls with the injected generator and returns the events to apply as one undoable step, with a summary.
Rule ids are section ids of the system's rules text (`content/<system>/rules.md`), so the app can open them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Protocol

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match

Refusal = tuple[str, str]  # (reason for the player, rules section id)


@dataclass(frozen=True)
class Param:
    """A value an action needs from the player before it resolves (a target, squares moved, dice in a pool).

    kind: "unit" or "choice" (one of `choices`, (value, label) pairs), "int" (from `low` to `high`), "bool".
    """

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 99
    default: Any = None


@dataclass(frozen=True)
class Action:
    """An action a player wants to take, optionally for one unit (`unit` is a unit id), with its params."""

    name: str
    unit: str | None = None
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)


@dataclass(frozen=True)
class ActionOption:
    """One action of the system as it stands now.

    `units` are the unit ids it can be given to now (empty when disabled or when it needs no unit); a disabled
    option says why in `reason`. `rule` is the rules section for the action (or for the refusal); `cost` is how
    many of the turn's actions it uses; `note` is a reminder the app can't check itself (e.g. map positions).
    """

    action: str
    title: str
    enabled: bool
    units: tuple[str, ...] = ()
    reason: str | None = None
    rule: str | None = None
    cost: int = 1
    note: str | None = None
    # unit id -> why that unit can't take it now, the units that came closest to taking it first
    refused: dict[str, str] = field(default_factory=dict)
    shown: tuple[str, ...] = ()  # the units whose reasons `reason` gives; the others' are in `refused`
    params: tuple[Param, ...] = ()  # what the player fills in before it resolves
    dice: str | None = None  # the roll it makes (dice notation), shown on its button


@dataclass(frozen=True)
class Verdict:
    legal: bool
    reason: str
    rule: str | None = None


@dataclass(frozen=True)
class Odds:
    """The exact chance of the action's success before rolling (None when success isn't one number)."""

    chance: Fraction | None
    text: str  # for people: "attack 9 vs defense 16: needs 7+ on 2d6, 7/12 (58.33%)"


@dataclass(frozen=True)
class Resolution:
    """A resolved action: the events to apply as one step, and what happened, dice included."""

    events: tuple[Event, ...]
    summary: str
    rules: tuple[str, ...] = ()
    details: tuple[str, ...] = ()  # further lines: why, effects, reminders the app can't check
    success: bool | None = None  # hit or miss, for rolls that succeed or fail (None: the roll isn't one of those)


def param_int(params: Mapping[str, Any], name: str, low: int, high: int, default: int = 0,
              rule: str | None = None) -> int:
    """A whole-number param (the app's form may send it as text); IllegalAction names it when out of range."""
    value = params.get(name, default)
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise IllegalAction(f"{name.replace('_', ' ')} must be a whole number from {low} to {high}, not {value!r}",
                            rule)
    return value


@dataclass(frozen=True)
class UnitRefusal:
    """Why one unit can't take an action now. `depth` counts the action's checks the unit passed before this one:
    the deepest refusals are of the units that could otherwise act (the one holding the token, the one that
    acted), so they are the ones worth reading first."""

    reason: str
    rule: str
    depth: int = 0


def refusal_summary(refusals: Mapping[str, UnitRefusal]) -> tuple[str, str, dict[str, str], tuple[str, ...]]:
    """(reason, rule, every unit's reason closest first, the units `reason` speaks for) for an option no unit can
    take: `reason` joins the reasons of the units that came closest, each in its own words (no fixed sentence
    stands in for them), and the others stay one tap away in the ordered dict."""
    ordered = sorted(refusals.items(), key=lambda item: -item[1].depth)
    deepest = ordered[0][1].depth
    shown = tuple(uid for uid, r in ordered if r.depth == deepest)
    reason = "; ".join(dict.fromkeys(refusals[uid].reason for uid in shown))
    others = len(ordered) - len(shown)
    if others:
        reason += f" (and {others} other unit{'s' if others > 1 else ''})"
    return reason, refusals[shown[0]].rule, {uid: r.reason for uid, r in ordered}, shown


def check(verdict: Verdict) -> None:
    """Raise the core's IllegalAction for a refused verdict (with its rule)."""
    if not verdict.legal:
        raise IllegalAction(verdict.reason, verdict.rule)


def odds_text(chance: Fraction) -> str:
    return f"{chance.numerator}/{chance.denominator} ({float(chance) * 100:.2f}%)"


class System(Protocol):
    id: str
    name: str

    def legal_actions(self, state: Match) -> list[ActionOption]:
        """Every action of the system, enabled or not, for the active player now."""
        ...

    def explain(self, state: Match, action: Action) -> Verdict:
        """Whether `action` is legal now and why (citing the rule section)."""
        ...

    def odds(self, state: Match, action: Action) -> Odds | None:
        """The exact chance before rolling, for actions that roll (None for the others)."""
        ...

    def resolve(self, state: Match, action: Action, rng: random.Random) -> Resolution:
        """Roll (with `rng`) and judge; the events that apply it. Raises IllegalAction when not legal now."""
        ...
