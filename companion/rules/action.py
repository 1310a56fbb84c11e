"""What an action of a game is: the form it asks for (`Param`), the choice a player makes (`Action`), the option as
listed with its reason when refused (`ActionOption`), the helper's answers (`Verdict`, `Odds`, `Resolution`) and
`ActionKind`, the one type every game's actions share (issue 41: each action knows its refusals, form, odds,
resolution and the advisor's split of its roll). A game's `System` (rules/base.py) lists its actions and asks them.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from companion.core.errors import IllegalAction
from companion.core.match.events import Event
from companion.core.model import Match, Unit

if TYPE_CHECKING:
    from companion.rules.advice.dice import Branch

Refusal = tuple[str, str]  # (reason for the player, rules section id)
Now = TypeVar("Now")  # what a system works out once per query and hands its actions (its turn, round or challenge)


@dataclass(frozen=True)
class Param:
    """A value an action needs from the player before it resolves (a target, squares moved, dice in a pool).

    kind: "unit" or "choice" (one of `choices`, (value, label) pairs), "int" (from `low` to `high`), "bool".
    `rare`: seldom changed from its default (a modifier, a card's switch): a form folds it away until asked for.
    """

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    low: int = 0
    high: int = 99
    default: Any = None
    rare: bool = False
    # asked only when every named earlier field holds its value, and not when one holds a value in `not_when`
    # (a unit's splash mark: only with the card's splash on, never for the target itself)
    only_when: tuple[tuple[str, Any], ...] = ()
    not_when: tuple[tuple[str, Any], ...] = ()

    @property
    def initial(self) -> Any:
        """The value a form starts from: the default, else the first choice, off, or the lowest number."""
        if self.default is not None:
            return self.default
        if self.kind in ("unit", "choice"):
            return self.choices[0][0] if self.choices else ""
        return False if self.kind == "bool" else self.low


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

    def asked(self, values: Mapping[str, Any]) -> tuple[tuple[Param, ...], dict[str, Any]]:
        """The params a form asks now, in order, and the values the action takes: the filled-in value of each
        one asked, the initial value of each one not asked (its condition on an earlier field does not hold), so
        a mark left on a field that went out of the form is not sent. `values` holds a value for every param."""
        shown, taken = [], {}
        for p in self.params:
            ask = all(taken.get(n) == v for n, v in p.only_when) and not any(
                taken.get(n) == v for n, v in p.not_when)
            if ask:
                shown.append(p)
            taken[p.name] = values[p.name] if ask else p.initial
        return tuple(shown), taken


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


def check(verdict: Verdict) -> None:
    """Raise the core's IllegalAction for a refused verdict (with its rule)."""
    if not verdict.legal:
        raise IllegalAction(verdict.reason, verdict.rule)


def odds_text(chance: Fraction) -> str:
    """An exact chance for people: "7/12 (58.33%)"; a sure thing and no chance in words ("1 (100.00%)" read as a
    number of something)."""
    if chance in (0, 1):
        return "always (100%)" if chance else "never (0%)"
    return f"{chance.numerator}/{chance.denominator} ({float(chance) * 100:.2f}%)"


ENDINGS = ("end-turn", "end-round")  # the actions that end a turn or a round, in every game


class ActionKind(Generic[Now]):
    """One action of a game (python-chess's variant idea, one level down: an action is this type's checks plus the
    few it overrides). It knows its id, title, rule and cost, whether a unit takes it, why it is refused (the turn,
    the unit, the params), its form, its exact odds, its resolution and the advisor's outcomes. `now` is what the
    system works out once per query (`System._query`) and hands every action it asks.

    A system lists its actions in `System.actions`; the system's door (`explain`, `legal_actions`, `odds`,
    `resolve`, `outcomes`) finds the action by id and asks it."""

    cost = 1  # how many of the turn's actions it uses
    on_unit = True  # False: the player's action (ending the turn), given to no unit
    noun = "unit"  # what the game calls the pieces that take it ("card", "character")
    pick = "say which unit takes it"  # what resolve says when a unit's action names none

    def __init__(self, id: str, title: str, rule: str, dice: str | None = None) -> None:
        self.id, self.title, self.rule, self.dice = id, title, rule, dice

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.id!r})"

    # --- the checks: the option as listed and explain both run them, so each refused unit's reason is explain's

    def option(self, state: Match, now: Now) -> ActionOption:
        """The action as it stands now: enabled for which units, or why not; its form and notes."""
        raise NotImplementedError(f"{type(self).__name__} lists no option")

    def turn_refusal(self, state: Match, now: Now) -> Refusal | None:
        """Why no unit can take it now (the match, the turn, the phase), None when the turn allows it."""
        return None

    def unit_refusal(self, state: Match, now: Now, unit: Unit) -> Refusal | None:
        """Why `unit` can't take it (explain puts the title before it)."""
        return None

    def params(self, state: Match, now: Now) -> tuple[Param, ...]:
        """Its form: what the player fills in before it resolves."""
        return ()

    def param_refusal(self, state: Match, now: Now, action: Action, unit: Unit | None) -> Refusal | None:
        """What resolve would refuse in the params, worded in full (`unit` None: an action of no unit)."""
        return None

    def legal_verdict(self, state: Match, now: Now, unit: Unit) -> Verdict:
        return Verdict(True, f"{unit.name} can {self.title.lower()}", self.rule)

    def taken_by(self, state: Match, now: Now, action: Action) -> Action:
        """The action as judged: with the unit that takes it when the game says who (a challenge's acting card)."""
        return action

    def explain(self, state: Match, now: Now, action: Action) -> Verdict:
        """Whether `action` is legal now and why (citing the rule section): the turn's checks, then the unit's,
        then the params'."""
        action = self.taken_by(state, now, action)
        why = self.turn_refusal(state, now)
        if why:
            return Verdict(False, f"{self.title}: {why[0]}", why[1])
        if action.unit is None or not self.on_unit:  # the option as listed, for whichever unit
            option = self.option(state, now)
            if not option.enabled:
                return Verdict(False, f"{self.title}: {option.reason}", option.rule)
            why = None if self.on_unit else self.param_refusal(state, now, action, None)
            if why:
                return Verdict(False, *why)
            names = ", ".join(state.unit(u).name for u in option.units)
            return Verdict(True, f"{option.title} is open" + (f" to {names}" if names else ""), option.rule)
        try:
            unit = state.unit(action.unit)
        except KeyError:
            return Verdict(False, f"there is no {self.noun} {action.unit!r} in this match")
        why = self.unit_refusal(state, now, unit)
        if why:
            return Verdict(False, f"{self.title}: {why[0]}", why[1])
        why = self.param_refusal(state, now, action, unit)
        return Verdict(False, *why) if why else self.legal_verdict(state, now, unit)

    def checked(self, state: Match, now: Now, action: Action) -> Action:
        """The action after every check, with the unit that takes it; IllegalAction with the reason when refused."""
        action = self.taken_by(state, now, action)
        check(self.explain(state, now, action))
        if self.on_unit and action.unit is None:
            raise IllegalAction(f"{self.title}: {self.pick}", self.rule)
        return action

    # --- what it does: the door checks nothing before these; each action checks what it must (`checked`)

    def odds(self, state: Match, now: Now, action: Action) -> Odds | None:
        """The exact chance before rolling, for an action that rolls (None for the others)."""
        return None

    def resolve(self, state: Match, now: Now, action: Action, rng: random.Random) -> Resolution:
        """Roll (with `rng`) and judge: the events that apply it. Raises IllegalAction when not legal now."""
        check(self.explain(state, now, action))
        raise IllegalAction(f"{self.title} has no resolution here", self.rule)

    def outcomes(self, state: Match, now: Now, action: Action) -> tuple[Branch, ...] | None:
        """The advisor's split of its roll (advice.dice.split), None when it can't be weighed."""
        return None
